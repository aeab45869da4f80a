"""Posting under Slack's per-channel rate limit: paced per channel, outside the answer slots."""

from __future__ import annotations

import asyncio
import json
import time
from datetime import UTC, datetime, timedelta

from handlers.models import PullRequest, ThreadKey
from tests.bot.adapters.slack_harness import CHANNEL, REPO, Bot, thread_message


async def test_retry_after_in_two_channels_does_not_stall_a_third(bot: Bot) -> None:
    """Two channels told to wait 3 s do not hold up an answer in a third channel."""
    bot.slack.ratelimit_once("chat.postMessage", 3, channel="C_BUSY1")
    bot.slack.ratelimit_once("chat.postMessage", 3, channel="C_BUSY2")
    await bot.command("rocm", channel="C_BUSY1")
    await bot.command("rocm", channel="C_BUSY2")
    await bot.slack.wait_for(lambda calls: sum(c.status == 429 for c in calls) == 2)
    started = time.monotonic()
    await bot.command("rocm", channel="C_FREE")
    await bot.slack.wait_for(
        lambda calls: any(
            c.method == "chat.postMessage" and c.ok and c.args["channel"] == "C_FREE" for c in calls
        )
    )
    assert time.monotonic() - started < 1.5
    await bot.adapter.idle(timeout=10)
    posted = {c.args["channel"] for c in bot.slack.of("chat.postMessage")}
    assert posted == {"C_BUSY1", "C_BUSY2", "C_FREE"}


async def test_a_burst_in_one_channel_arrives_complete_without_errors(bot: Bot) -> None:
    """80 commands at once in one channel: every answer is posted, none refused by the limit."""
    statuses = await asyncio.gather(*(bot.command(f"rocm past {n % 14 + 1} days") for n in range(80)))
    assert all(status == 200 for status, _ in statuses)

    def answers() -> int:
        return len(bot.slack.of("chat.postMessage")) + len(bot.slack.of("response_url"))

    await bot.slack.wait_for(lambda calls: answers() >= 80, timeout=30)
    await bot.adapter.idle(timeout=10)
    assert answers() == 80
    assert bot.slack.ratelimited == 0
    assert not [c for c in bot.slack.calls if not c.ok]


async def test_more_shows_the_same_page_again_when_its_reply_was_refused(bot: Bot) -> None:
    """A `more` whose reply Slack refused does not advance the page: the next `more` shows it."""
    before = len(bot.slack.of("chat.postMessage"))
    await bot.command("past 14 days")
    await bot.slack.wait_for(lambda calls: len(bot.slack.of("chat.postMessage")) > before)
    parent = bot.slack.of("chat.postMessage")[-1]
    bot.slack.not_in_channel.add(CHANNEL)
    await bot.event(thread_message(parent.result["ts"], "more"))
    await bot.slack.wait_for(lambda calls: any(not c.ok and c.method == "chat.postMessage" for c in calls))
    await bot.adapter.idle(timeout=10)
    refused = [c for c in bot.slack.of("chat.postMessage", ok_only=False) if not c.ok][-1]
    bot.slack.not_in_channel.discard(CHANNEL)
    await bot.event(thread_message(parent.result["ts"], "more"))
    await bot.slack.wait_for(lambda calls: len(bot.slack.of("chat.postMessage")) > before + 1)
    shown = bot.slack.of("chat.postMessage")[-1]
    assert shown.args["blocks"] == refused.args["blocks"]


async def test_only_the_merged_ones_in_a_thread_keeps_the_threads_window(bot: Bot) -> None:
    """`only the merged ones` under a week's answer lists only PRs merged in that week, as the slash command does."""
    opened = datetime(2026, 2, 20, 12, tzinfo=UTC)
    late = PullRequest(
        repo=REPO, number=99100, title="[ROCm] opened in the week, merged after it", author="ann",
        state="closed", created_at=opened, updated_at=opened + timedelta(days=5),
        merged_at=opened + timedelta(days=5), closed_at=opened + timedelta(days=5), url="",
    )  # fmt: skip
    await bot.handlers.store.upsert_prs([late])
    window = "rocm 2026-02-16..2026-02-22"
    before = len(bot.slack.of("chat.postMessage"))
    await bot.command(window)
    await bot.slack.wait_for(lambda calls: len(bot.slack.of("chat.postMessage")) > before)
    parent = bot.slack.of("chat.postMessage")[-1]
    await bot.adapter.idle(timeout=10)  # the answer's thread is remembered once it was posted
    thread = ThreadKey("slack", CHANNEL, parent.result["ts"])
    context = await bot.handlers.store.get_thread(thread)
    assert context is not None and 99100 in context.pr_numbers  # opened in the week: in the thread
    await bot.event(thread_message(parent.result["ts"], "only the merged ones"))
    await bot.slack.wait_for(lambda calls: len(bot.slack.of("chat.postMessage")) > before + 1)
    narrowed = json.dumps(bot.slack.of("chat.postMessage")[-1].args["blocks"])
    expected = await bot.handlers.command(REPO, f"{window} merged")
    assert f"to these {expected.total}." in narrowed
