"""Slack behaviours as a real workspace shows them: thread_broadcast replies, mentions in other
people's threads, response_url limits, the app manifest's DM tab and scopes."""

from __future__ import annotations

import asyncio
from pathlib import Path
from urllib.parse import urlencode

import yaml

from standins.slack_server import BOT_USER_ID, TEST_RATE, SlackStandIn
from tests.bot.adapters.slack_harness import Bot, fixture, thread_message
from tests.bot.adapters.test_slack_adapter import answered, posts, settle
from tests.cli_helpers import run_cli_async

MANIFEST = Path(__file__).resolve().parents[3] / "slack-manifest.yml"


async def test_also_send_to_channel_reply_is_answered(bot: Bot) -> None:
    """A thread_broadcast reply (which carries `root`, not `parent_user_id`) in the bot's thread is answered."""
    parent = await answered(bot, "rocm")
    thread_ts = parent.result["ts"]
    payload = thread_message(
        thread_ts,
        "more",
        subtype="thread_broadcast",
        root={"user": BOT_USER_ID, "ts": thread_ts, "thread_ts": thread_ts},
    )
    payload["event"].pop("parent_user_id", None)
    await bot.event(payload)
    await bot.slack.wait_for(lambda calls: any(c.args.get("thread_ts") == thread_ts for c in posts(bot)))


async def test_mention_in_someone_elses_thread_is_ignored(bot: Bot) -> None:
    """An @mention in a thread the bot did not start gets no answer at all, public or private."""
    mention = fixture("event_app_mention.json")
    mention["event"].update(thread_ts="1699999999.000100", parent_user_id="UOTHER0001")
    await bot.event(mention)
    bare = fixture("event_app_mention.json")  # the same without parent_user_id: the store decides
    bare["event"].update(thread_ts="1699999998.000100", ts="1700000300.000100", event_ts="1700000300.000100")
    bare["event_id"] = "Ev0BARE01"
    await bot.event(bare)
    await settle(bot)
    quoted = [
        c for c in bot.slack.calls if c.args.get("thread_ts") in ("1699999999.000100", "1699999998.000100")
    ]
    assert quoted == []
    assert not bot.slack.of("chat.postEphemeral")


async def test_an_used_up_response_url_falls_back_to_an_ephemeral_message(bot: Bot) -> None:
    """Slack's response_url takes 5 answers; the 6th private answer arrives by chat.postEphemeral."""
    hook = bot.slack.response_url("once")
    for n in range(6):
        body = urlencode(
            {**fixture("slash_command.json"), "text": "help", "trigger_id": f"h.{n}", "response_url": hook}
        )
        await bot.post(body, "application/x-www-form-urlencoded")
        await asyncio.sleep(0.05)
    await bot.slack.wait_for(lambda calls: bool(bot.slack.of("chat.postEphemeral")))
    assert len(bot.slack.of("response_url")) == 5
    assert len(bot.slack.of("chat.postEphemeral")) == 1


def test_manifest_lets_people_message_the_bot_and_asks_only_for_used_scopes() -> None:
    """The Messages tab is on (DMs work) and no scope the code never uses is requested."""
    manifest = yaml.safe_load(MANIFEST.read_text())
    home = manifest["features"]["app_home"]
    assert home["messages_tab_enabled"] is True and home["messages_tab_read_only_enabled"] is False
    scopes = set(manifest["oauth_config"]["scopes"]["bot"])
    assert not scopes & {"channels:read", "groups:read"}
    assert {"commands", "chat:write", "app_mentions:read", "im:history"} <= scopes


async def test_answer_time_is_measured_from_arrival_to_delivery(bot: Bot) -> None:
    """prbot_answer_seconds counts each answered command, queueing and posting included."""
    await answered(bot, "rocm")
    await bot.adapter.idle(timeout=10)
    assert bot.adapter.metrics.value("prbot_answer_seconds", {"platform": "slack"}) == 1


async def test_a_refused_token_at_start_leaves_no_unclosed_session(tmp_path: Path) -> None:
    """`run` with a token Slack refuses exits with one error line and no 'Unclosed client session'."""
    slack = SlackStandIn(**TEST_RATE)
    await slack.start()
    try:
        config = tmp_path / "config.toml"
        config.write_text(
            f'[store]\nurl = "sqlite:///{tmp_path / "s.db"}"\n[health]\nport = 0\n'
            f'[slack]\nmode = "http"\nport = 0\napi_base_url = "{slack.api_url}"\n'
        )
        env = {"SLACK_BOT_TOKEN": "xoxb-wrong", "SLACK_SIGNING_SECRET": "s3cret"}
        status, _, err = await run_cli_async("--config", str(config), "run", env=env, timeout=60)
    finally:
        await slack.stop()
    assert status != 0
    assert "invalid_auth" in err and "Traceback" not in err
    assert "Unclosed client session" not in err
