"""Strangers at the Slack HTTP endpoint: the signature is checked before any byte is parsed."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from urllib.parse import urlencode

import pytest

from bot.config import FollowupConfig
from bot.services.importer import import_file
from handlers.ports import Store
from standins.slack_server import SlackStandIn
from tests.bot.adapters.slack_harness import REPO, Bot, fixture, seeded, sign, start_bot, stop_bot

GARBLED = [
    ("application/json", "{bad"),
    ("application/x-www-form-urlencoded", "payload=%7Bbad"),
    ("application/json", "[1, 2]"),
    ("application/x-www-form-urlencoded", "payload=%FF%FE"),
]


async def _send(bot: Bot, content_type: str, body: str, headers: dict[str, str]) -> tuple[int, str]:
    all_headers = {"Content-Type": content_type, **headers}
    async with bot.http.post(bot.url, data=body.encode(), headers=all_headers) as response:
        return response.status, await response.text()


@pytest.mark.parametrize(("content_type", "body"), GARBLED)
async def test_unsigned_garbled_body_is_401_without_traceback(
    bot: Bot, content_type: str, body: str, caplog: pytest.LogCaptureFixture
) -> None:
    """An unsigned request with a body no parser accepts gets 401, and the log holds no traceback."""
    with caplog.at_level(logging.DEBUG):
        status, _ = await _send(bot, content_type, body, {})
    assert status == 401
    assert not [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]
    assert not bot.slack.of("chat.postMessage")


@pytest.mark.parametrize(("content_type", "body"), GARBLED)
async def test_signed_garbled_body_is_400_without_traceback(
    bot: Bot, content_type: str, body: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A correctly signed body that is not what Slack sends gets 400, not a 500 and a traceback."""
    with caplog.at_level(logging.DEBUG):
        status, _ = await _send(bot, content_type, body, sign(body))
    assert status == 400
    assert not [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]


async def test_rejections_are_counted_and_logged_at_most_once_a_minute(
    bot: Bot, caplog: pytest.LogCaptureFixture
) -> None:
    """50 forged requests: 50 in the rejection counter, one warning line in the log."""
    with caplog.at_level(logging.WARNING, logger="bot.adapters.slack_adapter"):
        for _ in range(50):
            status, _ = await _send(bot, "application/json", "{bad", {"X-Slack-Signature": "v0=00"})
            assert status == 401
    lines = [r for r in caplog.records if "rejected" in r.getMessage()]
    assert len(lines) == 1
    rendered = bot.adapter.metrics.render()
    assert 'prbot_rejected_requests_total{platform="slack",reason="bad or missing signature"} 50' in rendered


async def test_a_records_html_url_never_becomes_a_link(bot: Bot, tmp_path: Path) -> None:
    """An imported record whose html_url points elsewhere is linked at github.com/<repo>/pull/<n>."""
    record = {
        "number": 999002,
        "title": "[ROCm] innocent looking fix",
        "state": "closed",
        "created_at": "2026-03-01T10:00:00Z",
        "merged_at": "2026-03-01T11:00:00Z",
        "html_url": "https://evil.example/x",
        "user": {"login": "mallory"},
    }
    source = tmp_path / "evil.jsonl"
    source.write_text(json.dumps(record) + "\n")
    await import_file(bot.handlers.store, source, REPO)
    await bot.command("#999002")
    await bot.slack.wait_for(lambda calls: bool(bot.slack.of("chat.postMessage")))
    payload = json.dumps(bot.slack.of("chat.postMessage")[-1].args)
    assert "evil.example" not in payload
    assert f"<https://github.com/{REPO}/pull/999002|PR#999002>" in payload


async def test_a_replayed_slash_command_is_answered_once(bot: Bot) -> None:
    """The same signed request sent again within Slack's 5 minutes (same trigger_id) gets no second answer."""
    body = urlencode(
        {
            **fixture("slash_command.json"),
            "text": "rocm",
            "trigger_id": "replay.1",
            "response_url": bot.slack.response_url("r"),
        }
    )
    for _ in range(3):
        status, _ = await bot.post(body, "application/x-www-form-urlencoded")
        assert status == 200
    await bot.slack.wait_for(lambda calls: bool(bot.slack.of("chat.postMessage")))
    await bot.adapter.idle(timeout=10)
    assert len(bot.slack.of("chat.postMessage")) == 1


async def test_one_person_flooding_commands_is_told_to_slow_down(store: Store, slack: SlackStandIn) -> None:
    """30 commands in a second from one person: 5 public answers, the rest a private "slow down"."""
    limited = await start_bot(
        await seeded(store), slack, followup=FollowupConfig(per_user_per_minute=5, per_channel_per_minute=0)
    )
    try:
        await asyncio.gather(*(limited.command("rocm") for _ in range(30)))
        await limited.slack.wait_for(lambda calls: len(calls) >= 31, timeout=20)
        await limited.adapter.idle(timeout=10)
        assert len(slack.of("chat.postMessage")) == 5
        private = [c for c in slack.of("response_url") if c.args.get("response_type") == "ephemeral"]
        assert len(private) == 25 and "faster than 5 a minute" in private[0].args["text"]
    finally:
        await stop_bot(limited)


async def test_one_channel_flooded_by_many_people_is_limited(store: Store, slack: SlackStandIn) -> None:
    """40 commands from 40 people in one channel: the channel's limit (10) holds."""
    limited = await start_bot(
        await seeded(store), slack, followup=FollowupConfig(per_user_per_minute=5, per_channel_per_minute=10)
    )
    try:
        bodies = [
            urlencode(
                {
                    **fixture("slash_command.json"),
                    "text": "rocm",
                    "user_id": f"U{n:05d}",
                    "trigger_id": f"t.{n}",
                    "response_url": slack.response_url(f"h{n}"),
                }
            )
            for n in range(40)
        ]
        await asyncio.gather(*(limited.post(b, "application/x-www-form-urlencoded") for b in bodies))
        await slack.wait_for(lambda calls: len(calls) >= 41, timeout=20)
        await limited.adapter.idle(timeout=10)
        assert len(slack.of("chat.postMessage")) == 10
    finally:
        await stop_bot(limited)
