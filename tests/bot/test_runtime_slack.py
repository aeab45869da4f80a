"""Several `python -m bot run` processes sharing the real Redis post each digest once per channel.

They post to the shared Slack stand-in (standins/slack_server.py), which is as strict as
Slack: a post whose answer is delayed (`post_delays`) still completes when its sender dies
meanwhile, so the restarted bot must find it (message metadata, `conversations.history`) rather
than post the digest again.
"""

from __future__ import annotations

import asyncio
import json
import signal
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import redis.asyncio as aioredis

from standins.slack_server import TEST_PACING, TEST_RATE, SlackStandIn
from tests.bot.runner import BotProcess, clean_env, free_port

TOKEN = "xoxb-standin-token"
CHANNELS = ("C0DIGEST1", "C0DIGEST2")


def top_level_posts(slack: SlackStandIn) -> list[str]:
    """The channel of every top-level message in the stand-in's history (one per digest)."""
    return [channel for channel in slack.history for _ in slack.top_level(channel)]


async def wait_posts(slack: SlackStandIn, count: int, timeout: float = 15) -> None:
    for _ in range(int(timeout * 10)):
        if len(top_level_posts(slack)) >= count:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"expected {count} posts, the stand-in has {top_level_posts(slack)}")


async def wait_arrivals(slack: SlackStandIn, count: int, timeout: float = 15) -> None:
    for _ in range(int(timeout * 10)):
        if len(slack.arrivals) >= count:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"expected {count} post requests, the stand-in saw {slack.arrivals}")


@pytest.fixture
async def slack() -> AsyncIterator[SlackStandIn]:
    server = SlackStandIn(token=TOKEN, **TEST_RATE)
    await server.start()
    yield server
    await server.stop()


def write_config(
    tmp: Path, slack: SlackStandIn, prefix: str, *, schedule: str, grace_hours: float, ttl: float = 4
) -> tuple[Path, int]:
    port = free_port()
    config = tmp / f"config-{port}.toml"
    config.write_text(
        f"""
[store]
redis_prefix = "{prefix}"

[health]
host = "127.0.0.1"
port = {port}

[slack]
mode = "http"
host = "127.0.0.1"
port = 0
api_base_url = "{slack.api_url}"
channel_posts_per_second = {TEST_PACING["channel_posts_per_second"]}
channel_burst = {TEST_PACING["channel_burst"]}

[run]
claim_ttl_seconds = {ttl}
post_timeout_seconds = {ttl / 2}
shutdown_seconds = 10

[[repos]]
name = "vllm-project/vllm"

[repos.digest]
schedule = "{schedule}"
grace_hours = {grace_hours}
refresh_minutes = 60
slack_channels = {json.dumps(list(CHANNELS))}
"""
    )
    return config, port


def env(tmp: Path, redis_url: str) -> dict[str, str]:
    return clean_env(tmp, REDIS_URL=redis_url, SLACK_BOT_TOKEN=TOKEN, SLACK_SIGNING_SECRET="standin-signing")


async def receipts(redis_url: str, prefix: str) -> list[dict]:
    client = aioredis.Redis.from_url(redis_url)
    try:
        values = await client.hvals(f"{prefix}receipt")
    finally:
        await client.aclose()
    return [json.loads(v) for v in values]


def start(tmp: Path, name: str, config: Path, redis_url: str) -> BotProcess:
    return BotProcess(config, env(tmp, redis_url), tmp / f"{name}.log")


async def test_two_processes_catching_up_at_once_post_each_channel_once(
    tmp_path: Path, slack: SlackStandIn, redis_url: str, redis_prefix: str
) -> None:
    """Both start with a missed run to catch up; each channel gets the digest exactly once."""
    bots = []
    try:
        for name in ("a", "b"):
            config, _ = write_config(tmp_path, slack, redis_prefix, schedule="* * * * *", grace_hours=1)
            bots.append(start(tmp_path, name, config, redis_url))
        await wait_posts(slack, len(CHANNELS))
        for bot in bots:
            await bot.wait_log("next weekly digest")
        await asyncio.sleep(1.0)  # both have had time to try
        assert sorted(top_level_posts(slack)) == sorted(CHANNELS)
        assert len(await receipts(redis_url, redis_prefix)) == len(CHANNELS)
    finally:
        for bot in bots:
            bot.kill()


async def test_two_processes_firing_at_the_same_second_post_each_channel_once(
    tmp_path: Path, slack: SlackStandIn, redis_url: str, redis_prefix: str
) -> None:
    """A cron due a few seconds after both start fires in both; each channel still gets one post."""
    due = (datetime.now(UTC) + timedelta(seconds=8)).replace(microsecond=0)
    # grace 18 s: the previous minute's run is too old to catch up at start, the new one is not.
    schedule = f"{due.second} * * * * *"
    bots = []
    try:
        for name in ("a", "b"):
            config, _ = write_config(tmp_path, slack, redis_prefix, schedule=schedule, grace_hours=0.005)
            bots.append(start(tmp_path, name, config, redis_url))
        await wait_posts(slack, len(CHANNELS), timeout=20)
        await asyncio.sleep(1.0)
        assert sorted(top_level_posts(slack)) == sorted(CHANNELS)
        posted = [r["posted_at"] for r in await receipts(redis_url, redis_prefix)]
        assert all(at >= due.strftime("%Y-%m-%dT%H:%M:%SZ") for at in posted)  # by the scheduled run
    finally:
        for bot in bots:
            bot.kill()


async def test_a_process_killed_mid_post_is_recovered_once_on_restart(
    tmp_path: Path, slack: SlackStandIn, redis_url: str, redis_prefix: str
) -> None:
    """SIGKILL while Slack delays the first post: Slack completes it anyway; after the claim
    expires the restarted bot finds it by its metadata and posts only the other channel."""
    slack.post_delays = [2.0]  # completes before the claim (3 s) lapses
    config, port = write_config(tmp_path, slack, redis_prefix, schedule="* * * * *", grace_hours=1, ttl=3)
    first = start(tmp_path, "first", config, redis_url)
    try:
        await wait_arrivals(slack, 1)
        first.signal(signal.SIGKILL)
        await first.wait_exit()
    finally:
        first.kill()
    await asyncio.sleep(3.5)  # the dead process's claim lapses
    second = start(tmp_path, "second", config, redis_url)
    try:
        await wait_posts(slack, len(CHANNELS))
        await asyncio.sleep(0.5)
        assert sorted(top_level_posts(slack)) == sorted(CHANNELS)
        assert sorted(slack.arrivals) == sorted(CHANNELS)  # the killed post was never sent again
        assert len(await receipts(redis_url, redis_prefix)) == len(CHANNELS)
    finally:
        second.kill()


async def test_sigterm_during_a_post_lets_it_finish_and_exits_zero(
    tmp_path: Path, slack: SlackStandIn, redis_url: str, redis_prefix: str
) -> None:
    """SIGTERM while Slack delays a post: the post completes and is recorded, the exit status is 0."""
    slack.post_delays = [1.5]
    config, _ = write_config(tmp_path, slack, redis_prefix, schedule="* * * * *", grace_hours=1, ttl=10)
    bot = start(tmp_path, "bot", config, redis_url)
    try:
        await wait_arrivals(slack, 1)
        bot.signal(signal.SIGTERM)
        assert await bot.wait_exit() == 0
        assert top_level_posts(slack) == [CHANNELS[0]]  # finished; the second channel was not started
        assert [r["channel"] for r in await receipts(redis_url, redis_prefix)] == [CHANNELS[0]]
    finally:
        bot.kill()
