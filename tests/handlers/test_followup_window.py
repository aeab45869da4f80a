"""Moving a thread (handlers/followup_window.py): to the week before, to another subject, and
comparing windows, which leaves the thread where it was."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from handlers.app import BotHandlers
from handlers.followup_intent import classify
from handlers.followup_window import compare, shift, switch, window_of
from handlers.models import ThreadKey
from handlers.ports import Store
from tests.handlers.followup_data import OWN_NUMBERS, app_with_thread, start_thread, thread_at

KEY = ThreadKey("slack", "C1", "window")
WEEK = timedelta(days=7)


@pytest.fixture
async def app(store: Store) -> BotHandlers:
    return await app_with_thread(store, KEY)


async def test_the_week_before_is_the_span_just_before_the_threads(app: BotHandlers) -> None:
    """`same for the week before` under a week-long thread is the 7 days before it."""
    thread = await thread_at(app, KEY)
    since = thread.context.since
    text = "same for the week before"
    assert window_of(thread, classify(text, thread.parse(text))) == (since - WEEK, since)


async def test_a_shift_moves_the_thread_to_that_window_and_its_prs(app: BotHandlers) -> None:
    """The thread now follows the week before: its window and PRs are that week's ROCm PRs."""
    thread = await thread_at(app, KEY)
    since = thread.context.since
    reply = await shift(thread, (since - WEEK, since))
    assert reply.kind == "list" and any(n.startswith("This thread now follows ") for n in reply.notes)
    assert (thread.context.since, thread.context.until) == (since - WEEK, since)
    assert thread.context.pr_numbers and not set(OWN_NUMBERS) & set(thread.context.pr_numbers)


async def test_a_comparison_counts_both_windows_and_leaves_the_thread(app: BotHandlers) -> None:
    """`compare with the week before` gives the counts side by side; the thread stays on its week."""
    thread = await thread_at(app, KEY)
    before = thread.context
    reply = await compare(thread, (before.since - WEEK, before.since))
    assert reply.notes[0].startswith(f"PRs: {len(before.pr_numbers)} vs ")
    assert [n.split(":")[0] for n in reply.notes] == [
        "PRs",
        "merged",
        "opened",
        "still open",
        "closed unmerged",
        "authors",
    ]
    assert thread.context == before


async def test_a_switch_follows_another_subject_over_the_same_window(app: BotHandlers) -> None:
    """`what about xpu?` moves the thread to the XPU PRs of the same week."""
    thread = await thread_at(app, KEY)
    before = thread.context
    text = "what about xpu?"
    reply = await switch(thread, classify(text, thread.parse(text)))
    assert reply.kind == "list" and reply.title.startswith("Intel XPU")
    assert (thread.context.since, thread.context.until) == (before.since, before.until)
    assert thread.context.pr_numbers != before.pr_numbers


async def test_a_thread_about_specific_prs_has_no_window_to_move(app: BotHandlers) -> None:
    """Under `/vllm #N`, the week before does not apply: the answer says what can be asked."""
    thread = await thread_at(app, KEY)
    thread.context = replace(thread.context, query_text=f"#{OWN_NUMBERS[0]}", pr_numbers=(OWN_NUMBERS[0],))
    since = thread.context.since
    reply = await shift(thread, (since - WEEK, since))
    assert reply.kind == "help" and "specific PRs" in reply.title


async def test_a_searched_word_of_a_narrowing_stays_when_the_thread_moves(app: BotHandlers) -> None:
    """`only the kernel ones`, then `and the week before?`: still the ROCm PRs about kernels, a
    week earlier (the word was searched when narrowing; read back it had become frame)."""
    narrowed = await app.followup(KEY, "only the kernel ones")
    assert "matching 'kernel'" in narrowed.title
    thread = await thread_at(app, KEY)
    since = thread.context.since
    moved = await app.followup(KEY, "and the week before?")
    assert "matching 'kernel'" in moved.title and "ROCm" in moved.title
    after = await thread_at(app, KEY)
    assert (after.context.since, after.context.until) == (since - WEEK, since)
    prs = await app.store.get_prs(after.settings.name, after.context.pr_numbers)
    assert all("kernel" in pr.title.lower() for pr in prs.values())


async def test_older_or_newer_than_a_day_keeps_that_part_of_the_thread(app: BotHandlers) -> None:
    """`older than <day>` under a thread is its PRs before that day, `only the ones newer than
    <day>` those after it (the reply was "I can't answer that offline")."""
    thread = await thread_at(app, KEY)
    since, until = thread.context.since, thread.context.until
    middle = since + (until - since) / 2
    day = f"{middle:%b} {middle.day}".lower()
    older = await app.followup(KEY, f"older than {day}")
    assert older.kind == "list", older.title
    moved = (await thread_at(app, KEY)).context
    assert moved.since == since and since < moved.until <= middle, (moved.since, moved.until, middle)
    await app.followup(KEY, "go back")
    newer = await app.followup(KEY, f"only the ones newer than {day}")
    assert newer.kind == "list", newer.title
    moved = (await thread_at(app, KEY)).context
    assert moved.until == until and middle < moved.since < until, (moved.since, middle, until)


async def test_the_words_a_thread_searched_in_titles_stay_when_it_moves(store: Store) -> None:
    """`prs with "aiter" in the title`, then "which of these merged last week": that week's
    merged PRs whose titles say it (the quoted words were dropped and the thread listed every PR
    merged that week). Written for this test."""
    app = await app_with_thread(store, KEY)
    first = await start_thread(app, KEY, 'prs with "aiter" in the title')
    assert first and 90001 in first, first
    reply = await app.followup(KEY, "which of these merged last week")
    thread = await thread_at(app, KEY)
    pulls = (await store.get_prs("vllm-project/vllm", thread.context.pr_numbers)).values()
    assert pulls and all("aiter" in pr.title.lower() and pr.merged_at for pr in pulls), reply.title
    assert 35334 in thread.context.pr_numbers and 33443 not in thread.context.pr_numbers
