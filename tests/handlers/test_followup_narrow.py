"""Narrowing a thread's list (handlers/followup_narrow.py): the filter replaces the list and is
remembered; counts and `who` filter without changing it; filter words read back the same."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.services.taxonomy import load_taxonomy
from handlers.app import BotHandlers
from handlers.followup_intent import Intent, classify
from handlers.followup_narrow import NOTHING, count, filter_words, narrow, who
from handlers.followup_thread import FILTER_SEP, Thread
from handlers.models import ThreadKey
from handlers.parse import Query, parse_query
from handlers.ports import Store
from tests.handlers.followup_data import OWN_NUMBERS, app_with_thread, start_thread, thread_at

KEY = ThreadKey("slack", "C1", "narrow")


@pytest.fixture
async def app(store: Store) -> BotHandlers:
    return await app_with_thread(store, KEY)


def intent(thread: Thread, text: str) -> Intent:
    return classify(text, thread.parse(text))


async def test_narrowing_replaces_the_list_and_remembers_the_filter(app: BotHandlers) -> None:
    """`only the merged ones` keeps the merged PRs, restarts paging and adds `merged` to the thread."""
    thread = await thread_at(app, KEY)
    before = thread.context.pr_numbers
    reply = await narrow(thread, intent(thread, "only the merged ones"))
    kept = await thread.load(thread.context.pr_numbers)
    assert reply.title.endswith("(in this thread)") and set(thread.context.pr_numbers) < set(before)
    assert kept and all(m.pr.status == "merged" for m in kept)
    assert not set(OWN_NUMBERS) & set(thread.context.pr_numbers)  # our open, draft and closed ones
    assert thread.context.query_text.endswith(f"{FILTER_SEP}merged")


async def test_a_filter_that_keeps_nothing_leaves_the_list_unchanged(app: BotHandlers) -> None:
    """`only by nobody-at-all` answers that none match, and the thread keeps its list."""
    thread = await thread_at(app, KEY)
    before = thread.context
    reply = await narrow(thread, intent(thread, "only by nobody-at-all"))
    assert reply.kind == "empty" and "The thread's list is unchanged." in reply.notes
    assert thread.context == before


async def test_counts_break_the_thread_down_by_state_without_changing_it(app: BotHandlers) -> None:
    """`how many are open?` counts within the thread; the list stays as it was."""
    thread = await thread_at(app, KEY)
    before = thread.context
    reply = await count(thread, intent(thread, "how many are open?"))
    total = len(before.pr_numbers)
    assert reply.title == f"2 of this thread's {total} PRs are open"  # ours: one open, one draft
    assert reply.notes == ("By state: 1 open · 1 draft.",)
    assert thread.context == before


async def test_who_ranks_the_authors_of_the_prs_that_mention_it(app: BotHandlers) -> None:
    """`who is working on aiter?` lists the authors whose PRs in the thread mention AITER."""
    thread = await thread_at(app, KEY)
    reply = await who(thread, intent(thread, "who is working on aiter?"))
    assert reply.kind == "list" and reply.groups
    assert any(g.title.startswith("@amd-dev · ") for g in reply.groups)  # our AITER MLA decode path
    assert all("aiter" in i.title.lower() for g in reply.groups for i in g.items)


def test_filter_words_read_back_as_the_same_filter() -> None:
    """A narrowing written as command words parses back to the same topics, states and authors."""
    tax = load_taxonomy("vllm")
    now = datetime(2026, 3, 2, 9, tzinfo=UTC)

    def parse(text: str) -> Query:
        return parse_query(text, tax, tz=UTC, tz_name="UTC", week_start="monday", now=now, default_days=7)

    query = parse("rocm or xpu -ci merged by tjtanaa")
    again = parse(filter_words(query, NOTHING))
    assert (again.any_of, again.exclude, again.states, again.authors) == (
        query.any_of,
        query.exclude,
        query.states,
        query.authors,
    )


async def test_the_x_one_points_into_the_list_and_none_leaves_it(app: BotHandlers) -> None:
    """ "link me the gaudi one" under ROCm PRs with no Gaudi one among them: none of these match, the
    thread keeps its list (it moved to Gaudi PRs of the week, matching 'link')."""
    before = (await thread_at(app, KEY)).context
    for text in ("link me the gaudi one", "the gaudi one?"):
        reply = await app.followup(KEY, text)
        assert reply.kind == "empty" and reply.title.startswith("None of this thread's"), (text, reply.title)
        assert (await thread_at(app, KEY)).context.pr_numbers == before.pr_numbers, text


async def test_a_symptom_gives_way_to_the_subject_it_was_asked_of(app: BotHandlers, store: Store) -> None:
    """Under last week's ROCm PRs, "any ci hang fixes in here? our nightly got stuck" asks for the
    CI fixes (none of which says "hang": the asker may not know how a fix was titled), the symptom
    said to be set aside; "only the hang fixes" asks for nothing else, and none is the answer.
    Written for this test."""
    before = (await thread_at(app, KEY)).context.pr_numbers
    reply = await app.followup(KEY, "any ci hang fixes in here? our nightly got stuck")
    shown = (await thread_at(app, KEY)).context.pr_numbers
    pulls = (await store.get_prs("vllm-project/vllm", shown)).values()
    assert shown and set(shown) < set(before), reply.title
    assert all("hang" not in pr.title.lower() for pr in pulls) and 35052 in shown, [p.title for p in pulls]
    assert any("ignored: 'hang'" in n for n in reply.notes), reply.notes
    await app.followup(KEY, "back to all of them")
    reply = await app.followup(KEY, "only the hang fixes")
    assert reply.kind == "empty", reply.title


async def test_a_count_of_the_merged_says_how_many_merged_after_the_window(
    app: BotHandlers, store: Store
) -> None:
    """ "how many merged" under a week's ROCm PRs counted those merged that week and said nothing
    of the rest, which read as still open though most merged the week after: the count says how
    many of the week's PRs merged after it. Written for this test."""
    await start_thread(app, KEY, "rocm 2026-02-16..2026-02-22")
    thread = await thread_at(app, KEY)
    pulls = (await store.get_prs("vllm-project/vllm", thread.context.pr_numbers)).values()
    after = [pr for pr in pulls if pr.merged_at and pr.merged_at >= thread.context.until]
    assert after, "the sample should have PRs of that week merged after it"
    reply = await app.followup(KEY, "how many merged")
    assert f"{len(after)} more PRs were opened in" in " ".join(reply.notes), reply.notes


async def test_a_count_asked_with_a_narrowing_shows_that_many(app: BotHandlers) -> None:
    """ "what's the single most important one for MI300X folks?" under the week's ROCm PRs listed
    every match: a narrowing that asks for a number of them (one, "the 2 newest") shows that many,
    in the order asked, and says how many matched. Written for this test."""
    reply = await app.followup(KEY, "the 2 newest ci ones")
    thread = await thread_at(app, KEY)
    assert len(thread.context.pr_numbers) == 2, thread.context.pr_numbers
    assert any(n.startswith("Showing the newest 2 of ") for n in reply.notes), reply.notes
    await app.followup(KEY, "back to all of them")
    await app.followup(KEY, "what's the single most important one for mi300x folks?")
    assert len((await thread_at(app, KEY)).context.pr_numbers) == 1
