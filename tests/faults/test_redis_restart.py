"""Redis stopped and restarted under a running bot: clear "temporarily unavailable" answers while
it is down, service resumes by itself once it is back (redis-py reconnects; no bot restart).

A private `redis-server` on a free port (never the shared one on 6379), with persistence only
through an explicit SAVE before the kill, so the restarted server has the same data, as a
persistent production Redis would. The Slack adapter runs in HTTP mode against the Slack
stand-in (tests/bot/adapters/slack_harness.py); commands and follow-ups go through its endpoint.
"""

from __future__ import annotations

import asyncio
import subprocess
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import redis

from bot.services.importer import import_file, sample_path
from bot.store import open_store
from handlers.app import UNAVAILABLE
from handlers.models import ThreadKey
from handlers.ports import Store
from standins.slack_server import TEST_RATE, SlackStandIn
from tests.bot.adapters.slack_harness import CHANNEL, REPO, Bot, start_bot, stop_bot, thread_message
from tests.bot.runner import free_port

REDIS_SERVER = "/usr/bin/redis-server"


class RedisServer:
    """One private redis-server process on 127.0.0.1:`port`, data file under `folder`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.folder), "--dbfilename", "dump.rdb"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        client = redis.Redis(port=self.port, socket_connect_timeout=0.2)
        for _ in range(100):
            try:
                client.ping()
                return
            except redis.ConnectionError:
                time.sleep(0.05)
        raise AssertionError(f"redis-server did not start on port {self.port}")

    def kill(self) -> None:
        """Keep the data (SAVE), then SIGKILL: the server is gone without a goodbye."""
        redis.Redis(port=self.port).save()
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture
async def slack() -> AsyncIterator[SlackStandIn]:
    server = SlackStandIn(**TEST_RATE)
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def bot(redis_server: RedisServer, slack: SlackStandIn) -> AsyncIterator[Bot]:
    store: Store = open_store(redis_server.url, redis_prefix="prbot-fault:")
    await import_file(store, sample_path(), REPO)
    running = await start_bot(store, slack)
    yield running
    await stop_bot(running)
    await store.close()


async def command_answer(bot: Bot, text: str) -> dict:
    """Send a slash command; the answer posted (to the channel or the response_url)."""
    before = len(bot.slack.calls)
    status, _ = await bot.command(text)
    assert status == 200
    calls = await bot.slack.wait_for(
        lambda calls: any(c.method in ("chat.postMessage", "response_url") for c in calls[before:])
    )
    await bot.adapter.idle()
    return next(c for c in calls[before:] if c.method in ("chat.postMessage", "response_url")).__dict__


async def test_slash_command_while_redis_is_down_gets_a_clear_unavailable_reply(
    bot: Bot, redis_server: RedisServer
) -> None:
    """With Redis gone, the asker alone is told the store is temporarily unavailable."""
    redis_server.kill()
    answer = await command_answer(bot, "rocm last week")
    assert answer["method"] == "response_url" and answer["args"]["response_type"] == "ephemeral"
    assert UNAVAILABLE.title in answer["args"]["text"]


async def test_slash_commands_resume_once_redis_is_back_without_a_bot_restart(
    bot: Bot, redis_server: RedisServer
) -> None:
    """After Redis restarts on the same port, the same running bot answers normally again."""
    redis_server.kill()
    await command_answer(bot, "rocm last week")
    redis_server.start()
    answer = await command_answer(bot, "rocm last week")
    assert answer["method"] == "chat.postMessage" and "PR#" in str(answer["args"]["blocks"])


async def test_follow_up_while_redis_is_down_is_told_so_and_works_once_it_is_back(
    bot: Bot, redis_server: RedisServer
) -> None:
    """A thread reply during the outage gets the unavailable notice; after it, a real answer."""
    parent = await command_answer(bot, "rocm last week")
    thread_ts = parent["result"]["ts"]
    redis_server.kill()
    before = len(bot.slack.calls)
    await bot.event(thread_message(thread_ts, "only the merged ones"))
    calls = await bot.slack.wait_for(
        lambda calls: any(c.method == "chat.postEphemeral" for c in calls[before:])
    )
    notice = next(c for c in calls[before:] if c.method == "chat.postEphemeral")
    assert UNAVAILABLE.title in notice.args["text"] and notice.args["thread_ts"] == thread_ts
    redis_server.start()
    before = len(bot.slack.calls)
    await bot.event(thread_message(thread_ts, "only the merged ones"))
    calls = await bot.slack.wait_for(
        lambda calls: any(c.method == "chat.postMessage" and c.args.get("thread_ts") for c in calls[before:])
    )
    await bot.adapter.idle()
    assert await bot.handlers.store.get_thread(ThreadKey("slack", CHANNEL, thread_ts)) is not None


async def test_facade_answers_unavailable_then_recovers(bot: Bot, redis_server: RedisServer) -> None:
    """The facade itself: `command` and `followup` say unavailable while down, answer after."""
    key = ThreadKey("slack", CHANNEL, "1700000000.000100")
    reply = await bot.handlers.command(REPO, "rocm last week")
    await bot.handlers.remember(key, reply.seed)
    redis_server.kill()
    assert await bot.handlers.command(REPO, "rocm last week") == UNAVAILABLE
    assert await bot.handlers.followup(key, "more") == UNAVAILABLE
    redis_server.start()
    await asyncio.sleep(0)
    assert (await bot.handlers.command(REPO, "rocm last week")).kind == "list"
    assert (await bot.handlers.followup(key, "more")).kind != "error"
