"""Another process holding the SQLite write lock never delays a Slack acknowledgement.

The bot runs on a SQLite file (WAL) while a second process takes `BEGIN IMMEDIATE` and sleeps.
Store work runs off the event loop, so acks stay fast; a write that cannot get the lock in time
answers "busy, try again" instead of freezing the process.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
import urllib.request
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest

from bot.config import FollowupConfig
from bot.store import open_store
from bot.store.sqlite import WRITE_WAIT_SECONDS
from standins.slack_server import TEST_RATE, SlackStandIn
from tests.bot.adapters.slack_harness import Bot, fixture, seeded, sign, start_bot, stop_bot

HOLD = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
db.execute("INSERT OR REPLACE INTO counters VALUES ('lock-holder', 1, 0)")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
db.execute("COMMIT")
"""


@pytest.fixture
async def sqlite_bot(tmp_path: Path) -> AsyncIterator[Bot]:
    slack = SlackStandIn(**TEST_RATE)
    await slack.start()
    store = open_store(f"sqlite:///{tmp_path / 'store.db'}")
    # Limits on (high): counting a request is a store write, as in production.
    limits = FollowupConfig(per_user_per_minute=1000, per_channel_per_minute=1000)
    running = await start_bot(await seeded(store), slack, followup=limits)
    yield running
    await stop_bot(running)
    await store.close()
    await slack.stop()


def hold_lock(path: str, seconds: float) -> subprocess.Popen[str]:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, path, str(seconds)], stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
    return holder


@pytest.fixture
def lock_path(sqlite_bot: Bot) -> Iterator[str]:
    yield str(sqlite_bot.handlers.store.path)  # type: ignore[attr-defined]


def send_commands(url: str, count: int, gap: float) -> list[float]:
    """Signed slash commands from another thread (the bot's loop must not be the one timing them)."""
    latencies = []
    for n in range(count):
        body = urlencode({**fixture("slash_command.json"), "text": "rocm", "trigger_id": f"lock.{n}"})
        request = urllib.request.Request(
            url,
            data=body.encode(),
            headers={"Content-Type": "application/x-www-form-urlencoded", **sign(body)},
        )
        started = time.monotonic()
        with urllib.request.urlopen(request, timeout=30) as response:
            assert response.status == 200
        latencies.append(time.monotonic() - started)
        time.sleep(gap)
    return latencies


async def test_acks_stay_fast_while_another_process_holds_the_write_lock(
    sqlite_bot: Bot, lock_path: str
) -> None:
    """Slash commands sent while another process holds the write lock for 4 s are each acked within 0.5 s."""
    holder = hold_lock(lock_path, 4)
    try:
        latencies = await asyncio.to_thread(send_commands, sqlite_bot.url, 30, 0.1)
    finally:
        holder.wait(timeout=10)
    assert max(latencies) < 0.5, f"slowest ack {max(latencies):.2f} s"
    await sqlite_bot.adapter.idle(timeout=20)
    assert len(sqlite_bot.slack.of("chat.postMessage")) == 30


async def test_a_store_locked_longer_than_the_write_wait_answers_busy_try_again(
    sqlite_bot: Bot, lock_path: str
) -> None:
    """Lock held past the store's write waits: the asker is told privately to try again; nothing hangs."""
    holder = hold_lock(lock_path, 60)
    try:
        status, _ = await sqlite_bot.command("rocm")
        assert status == 200
        # Two writes wait WRITE_WAIT_SECONDS each: the replay check (answered anyway), then the
        # per-person count, whose failure is the answer.
        calls = await sqlite_bot.slack.wait_for(
            lambda calls: any(c.method == "response_url" for c in calls), timeout=2 * WRITE_WAIT_SECONDS + 5
        )
    finally:
        holder.terminate()
        holder.wait(timeout=20)
    answer = next(c for c in calls if c.method == "response_url")
    assert answer.args["response_type"] == "ephemeral"
    assert (
        "temporarily unavailable" in answer.args["text"]
        and "try again" in json.dumps(answer.args["blocks"]).lower()
    )
    assert not sqlite_bot.slack.of("chat.postMessage")
