"""Paging a thread's list (handlers/followup_paging.py): `more`, and a place on the page shown."""

from __future__ import annotations

from dataclasses import replace

import pytest

from handlers.app import BotHandlers
from handlers.followup_paging import at_position, more, no_such_position, shown_page
from handlers.models import ThreadKey
from handlers.ports import Store
from tests.handlers.followup_data import app_with_thread, thread_at

KEY = ThreadKey("discord", "C1", "paging")


@pytest.fixture
async def app(store: Store) -> BotHandlers:
    app = await app_with_thread(store, KEY)
    context = await app.store.get_thread(KEY)
    assert context is not None and len(context.pr_numbers) > 20  # rocm last week: three pages of 10
    return app


async def test_more_shows_the_next_page_and_the_thread_remembers_it(app: BotHandlers) -> None:
    """After the first 10, `more` shows the thread's PRs 11–20 and moves `shown` on."""
    thread = await thread_at(app, KEY)
    numbers = thread.context.pr_numbers
    reply = await more(thread)
    assert reply.title == f"PRs 11–20 of {len(numbers)}"
    assert {i.number for i in reply.items} == set(numbers[10:20])  # shown grouped by state
    assert thread.context.shown == 20 and reply.overflow == len(numbers) - 20


async def test_more_past_the_end_says_everything_was_shown(app: BotHandlers) -> None:
    """Once every PR was shown, `more` says so and changes nothing."""
    thread = await thread_at(app, KEY)
    total = len(thread.context.pr_numbers)
    thread.context = replace(thread.context, shown=total)
    reply = await more(thread)
    assert reply.kind == "empty" and f"this thread's {total} PRs have been shown" in reply.title
    assert thread.context.shown == total


async def test_a_place_on_the_page_shown_last_is_that_pr(app: BotHandlers) -> None:
    """With PRs 11–20 shown last (by `more`), `the 2nd one` is the 12th PR and `the last one` the
    20th."""
    thread = await thread_at(app, KEY)
    numbers = thread.context.pr_numbers
    await more(thread)
    assert shown_page(thread) == numbers[10:20]
    assert at_position(thread, 2) == numbers[11] and at_position(thread, -1) == numbers[19]
    assert at_position(thread, 11) is None


async def test_a_place_past_the_page_is_explained(app: BotHandlers) -> None:
    """`the 15th one` on a page of 10 says how many the last list showed."""
    thread = await thread_at(app, KEY)
    reply = no_such_position(thread, 15)
    assert (
        reply.kind == "empty" and reply.title == "The last list here showed 10 PRs, so there is no number 15"
    )


async def test_top_3_and_show_all_list_the_head_of_the_thread_in_its_order(app: BotHandlers) -> None:
    """`top 3` lists the thread's first three PRs and `more` goes on from there; `show all` lists
    them all at once (they were "I can't answer that offline")."""
    numbers = (await thread_at(app, KEY)).context.pr_numbers
    top = await app.followup(KEY, "top 3")
    assert [i.number for i in top.items] == list(numbers[:3]) and top.overflow == len(numbers) - 3
    after = await app.followup(KEY, "more")
    assert [i.number for i in after.items] and {i.number for i in after.items} == set(numbers[3:13])
    everything = await app.followup(KEY, "show all")
    assert [i.number for i in everything.items] == list(numbers) and everything.overflow == 0


async def test_oldest_first_orders_the_thread_by_time_and_later_places_follow_it(app: BotHandlers) -> None:
    """`oldest first` lists the thread by when each PR merged (or opened); `the 2nd one` then means
    the second oldest; `sort by newest` is an order, not PRs by a person called "newest"."""
    numbers = (await thread_at(app, KEY)).context.pr_numbers
    prs = await app.store.get_prs("vllm-project/vllm", numbers)
    by_time = sorted(numbers, key=lambda n: (prs[n].merged_at or prs[n].created_at, n))
    oldest = await app.followup(KEY, "oldest first")
    assert [i.number for i in oldest.items] == by_time[:10]
    second = await app.followup(KEY, "the 2nd one")
    assert second.detail is not None and second.detail.number == by_time[1]
    newest = await app.followup(KEY, "sort by newest")
    assert [i.number for i in newest.items] == list(reversed(by_time))[:10]
