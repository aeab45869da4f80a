"""`python -m bot digest --post` end to end: the real CLI in a subprocess posting to the Slack
(and Discord) stand-ins through the exactly-once guard, over an SQLite store seeded with the sample."""

from __future__ import annotations

import asyncio
import json
import subprocess
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.scheduler import weekly_window
from bot.services.importer import import_file, sample_path
from bot.services.posting import Channel, post_key
from bot.store import open_store
from standins.discord_server import TEST_BUCKET, DiscordStandIn
from standins.slack_server import APP_TOKEN, TEST_RATE, TOKEN, SlackStandIn
from tests.cli_helpers import assert_clean_error, run_cli

REPO = "vllm-project/vllm"
WEEK = ("--week-ending", "2026-03-01")  # the sample's last full week
SLACK_ENV = {"SLACK_BOT_TOKEN": TOKEN, "SLACK_SIGNING_SECRET": "standin-signing-secret"}


@pytest.fixture
async def slack() -> AsyncIterator[SlackStandIn]:
    server = SlackStandIn(**TEST_RATE)
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def store_path(tmp_path: Path) -> Path:
    path = tmp_path / "store.db"
    store = open_store(f"sqlite:///{path}")
    try:
        await import_file(store, sample_path(), REPO)
    finally:
        await store.close()
    return path


def write_config(
    tmp: Path,
    store_path: Path,
    *,
    slack: SlackStandIn | None = None,
    slack_mode: str = "http",
    slack_channels: tuple[str, ...] = (),
    discord: DiscordStandIn | None = None,
    discord_channels: tuple[int, ...] = (),
) -> Path:
    text = f'[store]\nurl = "sqlite:///{store_path}"\n'
    if slack is not None:
        text += (
            f'\n[slack]\nmode = "{slack_mode}"\nport = 0\napi_base_url = "{slack.api_url}"\n'
            "channel_posts_per_second = 40.0\nchannel_burst = 8\n"
        )
    if discord is not None:
        text += f'\n[discord]\napi_base_url = "{discord.api_base_url}"\n'
    text += f"""
[[repos]]
name = "{REPO}"

[repos.digest]
slack_channels = {json.dumps(list(slack_channels))}
discord_channels = {json.dumps(list(discord_channels))}
"""
    config = tmp / "config.toml"
    config.write_text(text, encoding="utf-8")
    return config


async def post(
    config: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`python -m bot --config CONFIG digest --post ARGS` (the stand-ins keep serving meanwhile)."""
    command = ("--config", str(config), "digest", "--post", *args)
    return await asyncio.to_thread(
        run_cli, *command, env=SLACK_ENV if env is None else env, cwd=config.parent
    )


def top_level_posts(slack: SlackStandIn) -> list[str]:
    """The channels of every digest's first message (continuations go into its thread)."""
    return [c.args["channel"] for c in slack.of("chat.postMessage") if not c.args.get("thread_ts")]


async def test_second_identical_post_says_already_posted_and_posts_nothing(
    tmp_path: Path, slack: SlackStandIn, store_path: Path
) -> None:
    """The first run posts once to each channel; an identical second run posts nothing."""
    config = write_config(tmp_path, store_path, slack=slack, slack_channels=("C0DIGEST1", "C0DIGEST2"))
    first = await post(config, *WEEK)
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert [line.split(": posted (message ")[0] for line in lines] == ["slack:C0DIGEST1", "slack:C0DIGEST2"]
    assert sorted(top_level_posts(slack)) == ["C0DIGEST1", "C0DIGEST2"]

    second = await post(config, *WEEK)
    assert second.returncode == 0, second.stderr
    assert second.stdout.splitlines() == [
        "slack:C0DIGEST1: already posted",
        "slack:C0DIGEST2: already posted",
    ]
    assert sorted(top_level_posts(slack)) == ["C0DIGEST1", "C0DIGEST2"]


async def test_posted_digest_is_the_one_for_the_chosen_window(
    tmp_path: Path, slack: SlackStandIn, store_path: Path
) -> None:
    """--since/--until picks the window: its title is in the message, and a new window posts anew."""
    config = write_config(tmp_path, store_path, slack=slack, slack_channels=("C0DIGEST1",))
    assert (await post(config, *WEEK)).returncode == 0
    other = await post(config, "--since", "2026-02-16", "--until", "2026-02-22")
    assert other.returncode == 0, other.stderr
    assert other.stdout.startswith("slack:C0DIGEST1: posted")
    texts = [c.args["text"] for c in slack.of("chat.postMessage") if not c.args.get("thread_ts")]
    assert "Feb 23 – Mar 1, 2026" in texts[0] and "Feb 16 – Feb 22, 2026" in texts[1]
    assert "Feb 16 – Feb 22, 2026" in other.stderr  # the summary line names the window


async def test_a_channel_the_bot_is_not_in_fails_clearly_and_the_other_is_posted(
    tmp_path: Path, slack: SlackStandIn, store_path: Path
) -> None:
    """`not_in_channel` on one channel: that line says failed with Slack's reason, the other posts, exit 1."""
    slack.not_in_channel.add("C0PRIVATE")
    config = write_config(tmp_path, store_path, slack=slack, slack_channels=("C0PRIVATE", "C0DIGEST1"))
    result = await post(config, *WEEK)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    failed, posted = result.stdout.splitlines()
    assert failed.startswith("slack:C0PRIVATE: failed: ")
    assert "not_in_channel" in failed and "/invite @prbot" in failed
    assert posted.startswith("slack:C0DIGEST1: posted (message ")
    assert top_level_posts(slack) == ["C0DIGEST1"]


async def test_no_digest_channel_configured_is_a_clear_error(
    tmp_path: Path, slack: SlackStandIn, store_path: Path
) -> None:
    """A repo without slack_channels/discord_channels: one error line naming the settings, exit 1."""
    config = write_config(tmp_path, store_path, slack=slack)
    result = await post(config, *WEEK)
    assert_clean_error(result, "no digest channels configured", "slack_channels")
    assert result.returncode == 1 and not slack.calls


async def test_no_chat_platform_configured_is_a_clear_error(
    tmp_path: Path, slack: SlackStandIn, store_path: Path
) -> None:
    """Channels but no platform secrets: one error line naming the variables to set, exit 1."""
    config = write_config(tmp_path, store_path, slack=slack, slack_channels=("C0DIGEST1",))
    result = await post(config, *WEEK, env={})
    assert_clean_error(result, "no chat platform is configured", "SLACK_BOT_TOKEN", "DISCORD_TOKEN")
    assert result.returncode == 1 and not slack.calls


async def test_a_channel_whose_platform_is_not_configured_fails_and_names_the_secret(
    tmp_path: Path, slack: SlackStandIn, store_path: Path
) -> None:
    """A Discord channel without DISCORD_TOKEN fails with the variable to set; the Slack one posts."""
    config = write_config(
        tmp_path,
        store_path,
        slack=slack,
        slack_channels=("C0DIGEST1",),
        discord_channels=(1200000000000000001,),
    )
    result = await post(config, *WEEK)
    assert result.returncode == 1
    assert result.stdout.splitlines()[1] == (
        "discord:1200000000000000001: failed: discord is not configured (set DISCORD_TOKEN)"
    )
    assert top_level_posts(slack) == ["C0DIGEST1"]


async def test_posting_uses_the_web_apis_only_and_leaves_a_running_bots_connections_alone(
    tmp_path: Path, slack: SlackStandIn, store_path: Path
) -> None:
    """Socket Mode Slack and Discord: both channels posted without opening a socket or a gateway session."""
    discord = DiscordStandIn(**TEST_BUCKET)
    await discord.start()
    try:
        config = write_config(
            tmp_path,
            store_path,
            slack=slack,
            slack_mode="socket",
            slack_channels=("C0DIGEST1",),
            discord=discord,
            discord_channels=(discord.channel_id,),
        )
        env = {"SLACK_BOT_TOKEN": TOKEN, "SLACK_APP_TOKEN": APP_TOKEN, "DISCORD_TOKEN": discord.token}
        result = await post(config, *WEEK, env=env)
        assert result.returncode == 0, result.stderr
        lines = result.stdout.splitlines()
        assert lines[0].startswith("slack:C0DIGEST1: posted") and lines[1].startswith(
            f"discord:{discord.channel_id}: posted"
        )
        assert top_level_posts(slack) == ["C0DIGEST1"]
        assert discord.sent(
            lambda r: r.method == "POST" and r.path == f"/channels/{discord.channel_id}/messages"
        )
        assert not slack.of("apps.connections.open", ok_only=False) and not slack.sockets
        assert not discord.identifies  # no gateway session, so no events stolen from a running bot
        assert not discord.sent(lambda r: r.method == "PUT")  # and no slash-command re-sync
        assert "voice will NOT be supported" not in result.stderr
    finally:
        await discord.close()


async def test_a_week_the_scheduler_already_posted_is_not_posted_again(
    tmp_path: Path, slack: SlackStandIn, store_path: Path
) -> None:
    """The scheduler's receipt for the week (Monday 09:00 run) makes --post say "already posted"."""
    fire = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # the default schedule's run after that week
    key = post_key(REPO, weekly_window(fire, UTC), Channel("slack", "C0DIGEST1"))
    store = open_store(f"sqlite:///{store_path}")
    try:
        await store.put_receipt(key, {"message_id": "1700000000.000100", "by": "scheduler"})
    finally:
        await store.close()
    config = write_config(tmp_path, store_path, slack=slack, slack_channels=("C0DIGEST1",))
    result = await post(config, *WEEK)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "slack:C0DIGEST1: already posted\n"
    assert not top_level_posts(slack)


async def test_a_post_slack_completed_but_never_recorded_is_not_repeated(
    tmp_path: Path, slack: SlackStandIn, store_path: Path
) -> None:
    """Receipt lost after Slack took the digest (a kill at the worst moment), and two thread parts
    never sent: the rerun finds the digest by its metadata, posts only the missing parts."""
    config = write_config(tmp_path, store_path, slack=slack, slack_channels=("C0DIGEST1",))
    first = await post(config, *WEEK)
    assert first.returncode == 0, first.stdout + first.stderr
    history = slack.history["C0DIGEST1"]
    parts = len(history)
    assert parts >= 3, "the digest needs a thread for this test"
    del history[-2:]  # the last two thread replies never reached Slack
    store = open_store(f"sqlite:///{store_path}")
    try:  # as after a kill between Slack's answer and the receipt, once the claim expired
        await store._write_call(lambda: store._wdb.execute("DELETE FROM receipts"))  # type: ignore[attr-defined]
        await store._write_call(lambda: store._wdb.execute("DELETE FROM claims"))  # type: ignore[attr-defined]
    finally:
        await store.close()
    again = await post(config, *WEEK)
    assert again.returncode == 0, again.stderr
    assert top_level_posts(slack) == ["C0DIGEST1"]  # no second parent message
    assert len(slack.history["C0DIGEST1"]) == parts
    keys = {json.dumps(m["metadata"]["event_payload"], sort_keys=True) for m in slack.history["C0DIGEST1"]}
    assert len(keys) == parts  # every part exactly once


async def test_a_refused_channel_fails_again_on_rerun_instead_of_claimed_elsewhere(
    tmp_path: Path, slack: SlackStandIn, store_path: Path
) -> None:
    """After Slack refused a channel for sure, a rerun tries again and names the reason (exit 1),
    rather than 'another process is posting it' for the claim's lifetime."""
    slack.not_in_channel.add("C0PRIVATE")
    config = write_config(tmp_path, store_path, slack=slack, slack_channels=("C0PRIVATE",))
    assert (await post(config, *WEEK)).returncode == 1
    again = await post(config, *WEEK)
    assert again.returncode == 1
    assert "not_in_channel" in again.stdout and "another process" not in again.stdout + again.stderr
