"""One follow-up's view of its thread (handlers/followup_thread.py): the thread's PRs, the query
it is about (narrowing words included), its `understood` line, and states within a thread."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from handlers.app import BotHandlers
from handlers.followup_thread import FILTER_SEP, state_ok
from handlers.models import PullRequest, ThreadKey
from handlers.ports import Store
from tests.handlers.followup_data import OWN_NUMBERS, app_with_thread, thread_at

KEY = ThreadKey("slack", "C1", "1700000000.0002")


@pytest.fixture
async def app(store: Store) -> BotHandlers:
    return await app_with_thread(store, KEY)


async def test_the_threads_prs_come_in_the_threads_order_without_unknown_numbers(app: BotHandlers) -> None:
    """A number the store does not have (deleted, never ingested) is left out; the order is kept."""
    thread = await thread_at(app, KEY)
    numbers = (OWN_NUMBERS[2], 99_999_999, OWN_NUMBERS[0])
    thread.context = replace(thread.context, pr_numbers=numbers)
    assert [m.pr.number for m in await thread.matches()] == [OWN_NUMBERS[2], OWN_NUMBERS[0]]


async def test_the_base_query_keeps_the_narrowing_words_and_the_threads_window(app: BotHandlers) -> None:
    """`rocm last week` narrowed to merged ones is ROCm + merged over the thread's own window."""
    thread = await thread_at(app, KEY)
    thread.context = replace(thread.context, query_text=f"rocm last week{FILTER_SEP}merged")
    query = thread.base_query()
    assert query.states == ("merged",) and ("rocm",) in query.any_of
    assert (query.since, query.until) == (thread.context.since, thread.context.until)


async def test_about_names_the_subject_window_and_size(app: BotHandlers) -> None:
    """The `understood` line of a thread answer: `This thread: ROCm · <window> · N PRs`."""
    thread = await thread_at(app, KEY)
    line = thread.about()
    assert line.startswith("This thread: ROCm · ") and line.endswith(
        f" · {len(thread.context.pr_numbers)} PRs"
    )
    assert "Mar 1, 2026" in line


async def test_capabilities_say_when_other_questions_need_the_model(app: BotHandlers) -> None:
    """Offline, the capabilities answer says the AI model is not used; with a model it does not."""
    thread = await thread_at(app, KEY)
    assert any("AI model" in n for n in thread.capabilities().notes)
    thread.llm_ready = True
    assert not any("AI model" in n for n in thread.capabilities().notes)


def test_open_means_open_now_and_merged_means_merged_in_the_window() -> None:
    """Within a thread `open` is the state now (drafts included); `merged` must fall in the window."""
    since = datetime(2026, 2, 23, tzinfo=UTC)
    until = since + timedelta(days=7)
    base = PullRequest("o/r", 1, "t", "a", "open", since, since, "")
    draft = replace(base, draft=True)
    merged_in = replace(base, state="closed", merged_at=since + timedelta(days=1))
    merged_after = replace(base, state="closed", merged_at=until + timedelta(days=1))
    assert state_ok(base, ("open",), since, until) and state_ok(draft, ("open",), since, until)
    assert not state_ok(draft, ("merged",), since, until)
    assert state_ok(merged_in, ("merged",), since, until) and not state_ok(
        merged_after, ("merged",), since, until
    )
    assert state_ok(merged_after, (), since, until)  # no state asked: every PR
