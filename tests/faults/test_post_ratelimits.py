"""Rate-limited digest posts: Slack `ratelimited` (429 + Retry-After) and Discord 429 are waited
out and retried by the client libraries; the digest lands exactly once, with one receipt.

Posts go through DigestPoster (claim -> post -> receipt) to the real adapters, driven against the
Slack and Discord stand-ins.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.metrics import Metrics
from bot.services.posting import Channel, DigestPoster, post_key
from bot.store import open_store
from handlers.models import Window
from standins.discord_server import TEST_BUCKET, DiscordStandIn
from standins.slack_server import TEST_RATE, SlackStandIn
from tests.bot.adapters.slack_harness import REPO, Bot, seeded, start_bot, stop_bot
from tests.bot.adapters.test_discord_adapter import connected_world
from tests.bot.digests import sample_digest

WINDOW = Window(datetime(2026, 2, 23, tzinfo=UTC), datetime(2026, 3, 2, tzinfo=UTC), "Feb 23 – Mar 1, 2026")


@pytest.fixture
async def slack_bot(tmp_path: Path) -> AsyncIterator[Bot]:
    slack = SlackStandIn(**TEST_RATE)
    await slack.start()
    store = open_store(f"sqlite:///{tmp_path / 'store.db'}")
    running = await start_bot(await seeded(store), slack)
    yield running
    await stop_bot(running)
    await store.close()
    await slack.stop()


async def test_slack_ratelimited_digest_post_is_retried_and_lands_once(slack_bot: Bot) -> None:
    """One `ratelimited` answer: the post is retried after Retry-After; one message, one receipt."""
    slack_bot.slack.ratelimit_once("chat.postMessage", retry_after=1)
    poster = DigestPoster(slack_bot.handlers.store, {"slack": slack_bot.adapter}, Metrics())
    channel = Channel("slack", "C0DIGEST")
    outcome = await poster.post_one(REPO, sample_digest(REPO, WINDOW), channel)
    attempts = slack_bot.slack.of("chat.postMessage", ok_only=False)
    assert outcome.status == "posted"
    assert [c.status for c in attempts] == [429, 200]
    assert await slack_bot.handlers.store.get_receipt(post_key(REPO, WINDOW, channel)) is not None


async def test_discord_429_digest_post_is_retried_and_lands_once(tmp_path: Path) -> None:
    """One 429 with retry_after: discord.py waits and retries; one message lands, one receipt."""
    async with connected_world(tmp_path, DiscordStandIn(**TEST_BUCKET)) as world:
        s = world.standin
        path = f"/channels/{s.channel_id}/messages"
        s.ratelimit_once("POST", path, retry_after=0.3)
        poster = DigestPoster(world.store, {"discord": world.adapter}, Metrics())
        channel = Channel("discord", s.channel_id)
        outcome = await poster.post_one(REPO, sample_digest(REPO, WINDOW), channel)
        assert outcome.status == "posted"
        assert len([r for r in s.requests if r.method == "POST" and r.path == path]) == 2  # 429, then 200
        landed = [m for m in s.messages.values() if int(m["channel_id"]) == s.channel_id]
        assert len(landed) == 1 and str(landed[0]["id"]) == outcome.message_id
        assert await world.store.get_receipt(post_key(REPO, WINDOW, channel)) is not None
