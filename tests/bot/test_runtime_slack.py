"""Several `python -m bot run` processes sharing the real Redis post each digest once per channel.

A stand-in for Slack's Web API (a real aiohttp server on 127.0.0.1 answering `auth.test` and
`chat.postMessage`) records every post. It can delay its answer; a post whose client went away
during the delay is dropped, as when Slack never got to process it. The other case, Slack
processing a post whose sender then dies before recording it, is the one documented duplicate.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import signal
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import redis.asyncio as aioredis
from aiohttp import web

from tests.bot.runner import BotProcess, clean_env, free_port

TOKEN = "xoxb-standin-token"
CHANNELS = ("C0DIGEST1", "C0DIGEST2")


class SlackStandIn:
    """auth.test and chat.postMessage; `delays` holds per-post answer delays, used in order."""

    def __init__(self) -> None:
        self.arrivals: list[str] = []  # channel of every top-level post received
        self.posts: list[str] = []  # channel of every top-level post processed
        self.delays: list[float] = []
        self._ts = itertools.count(1)
        self._runner: web.AppRunner | None = None
        self.port = 0

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/api/{method}", self._api)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/"

    async def _api(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        if request.headers.get("Authorization") != f"Bearer {TOKEN}":
            return web.json_response({"ok": False, "error": "invalid_auth"})
        if request.content_type == "application/json":
            args = await request.json()
        else:
            args = dict(await request.post())
        if method == "auth.test":
            return web.json_response(
                {"ok": True, "user": "prbot", "user_id": "UBOT", "bot_id": "BBOT", "team_id": "T1"}
            )
        if method != "chat.postMessage":
            return web.json_response({"ok": True})
        channel = str(args.get("channel"))
        top_level = not args.get("thread_ts")
        if top_level:
            self.arrivals.append(channel)
            if self.delays:
                await asyncio.sleep(self.delays.pop(0))
                if request.transport is None or request.transport.is_closing():
                    return web.json_response({"ok": False, "error": "client_gone"})  # never processed
            self.posts.append(channel)
        ts = f"{1700000000 + next(self._ts)}.000100"
        return web.json_response({"ok": True, "channel": channel, "ts": ts, "message": {"ts": ts}})

    async def wait_posts(self, count: int, timeout: float = 15) -> None:
        for _ in range(int(timeout * 10)):
            if len(self.posts) >= count:
                return
            await asyncio.sleep(0.1)
        raise AssertionError(f"expected {count} posts, the stand-in processed {self.posts}")

    async def wait_arrivals(self, count: int, timeout: float = 15) -> None:
        for _ in range(int(timeout * 10)):
            if len(self.arrivals) >= count:
                return
            await asyncio.sleep(0.1)
        raise AssertionError(f"expected {count} post requests, the stand-in saw {self.arrivals}")


@pytest.fixture
async def slack() -> AsyncIterator[SlackStandIn]:
    server = SlackStandIn()
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
        await slack.wait_posts(len(CHANNELS))
        for bot in bots:
            await bot.wait_log("next weekly digest")
        await asyncio.sleep(1.0)  # both have had time to try
        assert sorted(slack.posts) == sorted(CHANNELS)
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
        await slack.wait_posts(len(CHANNELS), timeout=20)
        await asyncio.sleep(1.0)
        assert sorted(slack.posts) == sorted(CHANNELS)
        posted = [r["posted_at"] for r in await receipts(redis_url, redis_prefix)]
        assert all(at >= due.strftime("%Y-%m-%dT%H:%M:%SZ") for at in posted)  # by the scheduled run
    finally:
        for bot in bots:
            bot.kill()


async def test_a_process_killed_mid_post_is_recovered_once_on_restart(
    tmp_path: Path, slack: SlackStandIn, redis_url: str, redis_prefix: str
) -> None:
    """SIGKILL while Slack delays the first post; after the claim expires a restart posts each channel once."""
    slack.delays = [5.0]
    config, port = write_config(tmp_path, slack, redis_prefix, schedule="* * * * *", grace_hours=1, ttl=3)
    first = start(tmp_path, "first", config, redis_url)
    try:
        await slack.wait_arrivals(1)
        first.signal(signal.SIGKILL)
        await first.wait_exit()
    finally:
        first.kill()
    await asyncio.sleep(3.5)  # the dead process's claim lapses
    second = start(tmp_path, "second", config, redis_url)
    try:
        await slack.wait_posts(len(CHANNELS))
        await asyncio.sleep(0.5)
        assert sorted(slack.posts) == sorted(CHANNELS)
        assert len(slack.arrivals) == len(CHANNELS) + 1  # the killed request reached Slack, unprocessed
        assert len(await receipts(redis_url, redis_prefix)) == len(CHANNELS)
    finally:
        second.kill()


async def test_sigterm_during_a_post_lets_it_finish_and_exits_zero(
    tmp_path: Path, slack: SlackStandIn, redis_url: str, redis_prefix: str
) -> None:
    """SIGTERM while Slack delays a post: the post completes and is recorded, the exit status is 0."""
    slack.delays = [1.5]
    config, _ = write_config(tmp_path, slack, redis_prefix, schedule="* * * * *", grace_hours=1, ttl=10)
    bot = start(tmp_path, "bot", config, redis_url)
    try:
        await slack.wait_arrivals(1)
        bot.signal(signal.SIGTERM)
        assert await bot.wait_exit() == 0
        assert slack.posts == [CHANNELS[0]]  # finished; the second channel was not started
        assert [r["channel"] for r in await receipts(redis_url, redis_prefix)] == [CHANNELS[0]]
    finally:
        bot.kill()
