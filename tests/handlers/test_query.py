"""Slash-command answers over the shared vLLM data, in both store backends (SQLite, Redis).

The store holds the PRs merged Feb 5–14, 2026 (the hand-labelled week Feb 6–12 among them) plus
a few open, draft and closed PRs of our own, since the shared file has only merged ones.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.services.classify import ClassificationService
from bot.services.heuristic import HeuristicClassifier
from bot.services.importer import import_file
from bot.services.pr_record import pull_request_from_record
from bot.services.prompt_files import load_prompt
from bot.services.taxonomy import load_taxonomy
from handlers.app import RepoSettings
from handlers.digest_rank import weight as significance
from handlers.digest_signals import quantified_claims, read_one
from handlers.errors import LLMError
from handlers.models import Classification, PRRef, Reply, Text
from handlers.parse import parse_query
from handlers.ports import LLMResult, Store
from handlers.query import QueryHandler, content_ok, word_in
from handlers.terms import TermIndex
from tests.conftest import FIXTURES

REPO = "vllm-project/vllm"
TAX = load_taxonomy("vllm")
HEURISTIC = HeuristicClassifier(TAX)
SETTINGS = RepoSettings(
    name=REPO, command="vllm", tz=UTC, tz_name="UTC", week_start="monday", taxonomy=TAX, max_items=10
)
NOW = datetime(2026, 2, 16, 9, tzinfo=UTC)  # Monday after the labelled week
LABELLED_WEEK = "2026-02-06..2026-02-12"


def _gh(number: int, title: str, *, created: str, merged: str | None = None, closed: str | None = None,
        draft: bool = False, author: str = "tester", labels: Sequence[str] = ()) -> dict[str, Any]:  # fmt: skip
    return {
        "number": number,
        "title": title,
        "user": {"login": author},
        "state": "closed" if (merged or closed) else "open",
        "draft": draft,
        "labels": [{"name": name} for name in labels],
        "created_at": created,
        "updated_at": merged or closed or created,
        "merged_at": merged,
        "closed_at": closed or merged,
        "html_url": f"https://github.com/{REPO}/pull/{number}",
    }


# Our own records: numbers above the shared file's, in the labelled week unless said otherwise.
OWN = [
    _gh(90001, "[ROCm] Add open AITER decode path", created="2026-02-09T10:00:00Z", author="amd-dev"),
    _gh(
        90002, "[ROCm] Draft: MI355X fp8 tuning", created="2026-02-10T10:00:00Z", draft=True, author="amd-dev"
    ),
    _gh(
        90003,
        "[ROCm] Abandoned hipBLASLt experiment",
        created="2026-02-03T10:00:00Z",
        closed="2026-02-11T12:00:00Z",
        author="amd-dev",
    ),  # fmt: skip
    _gh(
        90004,
        "[ROCm] Edge of window, first second",
        created="2026-02-01T00:00:00Z",
        merged="2026-02-06T00:00:00Z",
    ),  # fmt: skip
    _gh(
        90005,
        "[ROCm] Edge of window, last second",
        created="2026-02-01T00:00:00Z",
        merged="2026-02-12T23:59:59Z",
    ),  # fmt: skip
    _gh(90006, "[ROCm] Just after the window", created="2026-02-01T00:00:00Z", merged="2026-02-13T00:00:00Z"),
    _gh(
        90007,
        "@everyone <!channel> mamba hybrid cache fix",
        created="2026-02-10T08:00:00Z",
        merged="2026-02-11T08:00:00Z",
        labels=["ready"],
    ),  # fmt: skip
]


@pytest.fixture(scope="module")
def slice_file(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """PRs merged Feb 5–14, 2026 from the shared file, plus our own open/draft/closed ones."""
    path = tmp_path_factory.mktemp("query") / "slice.jsonl"
    with (shared_data / "merged-pulls.jsonl").open() as src, path.open("w") as out:
        for line in src:
            if '"merged_at": "2026-02-0' in line or '"merged_at": "2026-02-1' in line:
                record = json.loads(line)
                if "2026-02-05" <= record["merged_at"][:10] <= "2026-02-14":
                    out.write(line)
        for record in OWN:
            out.write(json.dumps(record) + "\n")
    return path


@pytest.fixture(scope="module")
def labels(shared_data: Path) -> dict[int, set[str]]:
    with (shared_data / "labelled-2026-02-13.jsonl").open() as fh:
        return {d["number"]: set(d["topics"]) for d in map(json.loads, fh)}


@pytest.fixture
async def loaded(store: Store, slice_file: Path) -> Store:
    report = await import_file(store, slice_file, REPO)
    assert not report.bad
    return store


def handler(store: Store, llm: Any = None) -> QueryHandler:
    service = ClassificationService(store, HEURISTIC, HEURISTIC)
    return QueryHandler(
        store=store, classifications={REPO: service}, llm=llm, synthesis_prompt=load_prompt("query_synthesis")
    )


async def ask(store: Store, text: str, *, llm: Any = None, settings: RepoSettings = SETTINGS) -> Reply:
    return await handler(store, llm).answer(settings, text, now=NOW)


def numbers(reply: Reply) -> list[int]:
    """Every matching PR in answer order (the thread seed), or the items shown."""
    return list(reply.seed.pr_numbers) if reply.seed else [i.number for i in reply.items]


async def topics_of(store: Store, nums: Sequence[int]) -> dict[int, tuple[str, ...]]:
    prs = await store.get_prs(REPO, nums)
    return {n: HEURISTIC.topics_for(pr) for n, pr in prs.items()}


# -- topics over the labelled week ------------------------------------------------------------------
async def test_rocm_returns_exactly_the_classified_rocm_prs_of_the_week(loaded: Store) -> None:
    """`rocm merged <week>` returns every PR merged that week that the classifier tags rocm, and no other."""
    reply = await ask(loaded, f"rocm merged {LABELLED_WEEK}")
    week = await loaded.prs_in_window(
        REPO, datetime(2026, 2, 6, tzinfo=UTC), datetime(2026, 2, 13, tzinfo=UTC), by=("merged",)
    )
    expected = {pr.number for pr in week if "rocm" in HEURISTIC.topics_for(pr)}
    assert set(numbers(reply)) == expected
    assert reply.total == len(expected) > 20


async def test_rocm_answer_agrees_with_the_hand_labels(loaded: Store, labels: dict[int, set[str]]) -> None:
    """Labelled [ROCm]/[AMD]-tagged PRs all appear, and at least 90% of the answer is labelled rocm."""
    got = set(numbers(await ask(loaded, f"rocm merged {LABELLED_WEEK}"))) - {90004, 90005}
    tagged = {n for n, t in labels.items() if "rocm" in t}
    prs = await loaded.get_prs(REPO, tagged)
    must = {n for n, pr in prs.items() if "[rocm]" in pr.title.lower() or "[amd]" in pr.title.lower()}
    assert must and must <= got
    assert len(got & tagged) / len(got) >= 0.9


async def test_every_returned_pr_has_all_asked_topics(loaded: Store) -> None:
    """`rocm bugfix` returns only PRs with both topics."""
    reply = await ask(loaded, f"rocm bugfix {LABELLED_WEEK}")
    found = await topics_of(loaded, numbers(reply))
    assert found and all({"rocm", "bugfix"} <= set(t) for t in found.values())


async def test_a_minus_topic_is_left_out(loaded: Store) -> None:
    """`rocm -ci` has no CI & build PR, and fewer PRs than `rocm`."""
    without = await ask(loaded, f"rocm -ci {LABELLED_WEEK}")
    found = await topics_of(loaded, numbers(without))
    assert all("ci-build" not in t for t in found.values())
    assert without.total < (await ask(loaded, f"rocm {LABELLED_WEEK}")).total


async def test_or_between_topics_returns_either(loaded: Store) -> None:
    """`rocm or xpu` is the union of both answers."""
    either = set(numbers(await ask(loaded, f"rocm or xpu {LABELLED_WEEK}")))
    rocm = set(numbers(await ask(loaded, f"rocm {LABELLED_WEEK}")))
    xpu = set(numbers(await ask(loaded, f"xpu {LABELLED_WEEK}")))
    assert xpu and either == rocm | xpu


async def test_two_platforms_asked_together_are_either_however_they_are_joined(loaded: Store) -> None:
    """A PR is about one platform, so "rocm/xpu", "rocm and xpu", "rocm, xpu" and "rocm xpu" ask for
    both platforms' PRs (they answered 0 PRs, as ROCm AND XPU), and say so in the answer's line."""
    rocm = set(numbers(await ask(loaded, f"rocm {LABELLED_WEEK}")))
    xpu = set(numbers(await ask(loaded, f"xpu {LABELLED_WEEK}")))
    for joined in ("rocm/xpu", "rocm / xpu", "rocm and xpu", "rocm, xpu", "rocm xpu"):
        reply = await ask(loaded, f"{joined} {LABELLED_WEEK}")
        assert set(numbers(reply)) == rocm | xpu, joined
        assert reply.understood.startswith("ROCm or Intel XPU"), (joined, reply.understood)


# -- windows and states -----------------------------------------------------------------------------
async def test_window_edges_are_inclusive_days(loaded: Store) -> None:
    """PRs merged at the first and last second of the range are in it; one a second later is not."""
    got = set(numbers(await ask(loaded, f"rocm merged {LABELLED_WEEK}")))
    assert {90004, 90005} <= got and 90006 not in got


async def test_merged_excludes_open_draft_and_closed_prs(loaded: Store) -> None:
    """`merged` answers only merged PRs, even when open ones were opened in the window."""
    reply = await ask(loaded, f"rocm merged {LABELLED_WEEK}")
    assert {i.status for i in reply.items} == {"merged"}
    assert not {90001, 90002, 90003} & set(numbers(reply))


async def test_open_returns_prs_opened_in_the_window_and_still_open(loaded: Store) -> None:
    """`open` lists the open PR and the draft (drafts are open), nothing merged or closed."""
    reply = await ask(loaded, f"rocm open {LABELLED_WEEK}")
    assert numbers(reply) == [90001, 90002] or set(numbers(reply)) == {90001, 90002}


async def test_draft_returns_only_drafts(loaded: Store) -> None:
    """`draft` lists only draft PRs."""
    assert numbers(await ask(loaded, f"draft {LABELLED_WEEK}")) == [90002]


async def test_no_drafts_and_not_merged_leave_those_states_out_of_the_answer(loaded: Store) -> None:
    """`no drafts` is the answer without its drafts (the open one and the merged ones stay);
    `not merged` is the answer without its merged PRs (the open one and the draft)."""
    everything = set(numbers(await ask(loaded, f"rocm {LABELLED_WEEK}")))
    no_drafts = await ask(loaded, f"rocm no drafts {LABELLED_WEEK}")
    assert set(numbers(no_drafts)) == everything - {90002}
    assert "not draft" in no_drafts.understood
    not_merged = await ask(loaded, f"not merged {LABELLED_WEEK}")
    assert {90001, 90002} <= set(numbers(not_merged))
    assert "merged" not in {item.status for item in not_merged.items}


async def test_closed_means_closed_without_merging_in_the_window(loaded: Store) -> None:
    """`closed` lists the PR closed unmerged in the window (opened before it)."""
    assert numbers(await ask(loaded, f"closed {LABELLED_WEEK}")) == [90003]


async def test_default_shows_opened_or_merged_with_each_state(loaded: Store) -> None:
    """Without a state, open, draft and merged PRs all appear, each with its own state."""
    reply = await ask(loaded, f"rocm {LABELLED_WEEK}")
    states = {n: s for n, s in ((i.number, i.status) for i in reply.items)}
    every = set(numbers(reply))
    assert {90001, 90002} <= every and 90003 not in every
    assert set(states.values()) >= {"merged"}


async def test_mixed_states_are_grouped_by_state(loaded: Store) -> None:
    """A long mixed answer is grouped under state headings, merged first."""
    long = await ask(
        loaded, f"rocm {LABELLED_WEEK}", settings=RepoSettings(**{**SETTINGS.__dict__, "max_items": 40})
    )
    titles = [g.title for g in long.groups]
    assert titles[0] == "Merged" and "Open" in titles and "Draft" in titles


async def test_understood_line_states_the_reading_with_exact_dates(loaded: Store) -> None:
    """The reply says how it read the question, with the inclusive dates and the count."""
    reply = await ask(loaded, f"ROCm merged {LABELLED_WEEK}")
    assert reply.understood == f"ROCm · merged Feb 6 – Feb 12, 2026 (UTC) · {reply.total} PRs"


async def test_default_window_is_said_when_no_time_given(loaded: Store) -> None:
    """Without time words the answer covers the last 7 days and says so."""
    reply = await ask(loaded, "rocm")
    assert "Feb 10 – Feb 16, 2026 (UTC)" in reply.understood
    assert any("No time given" in n for n in reply.notes)


# -- ranking, limits, follow-up seed --------------------------------------------------------------------
async def test_answer_is_ranked_as_the_digest_ranks_then_merged_then_recency(loaded: Store) -> None:
    """An answer lists first what the weekly digest would single out (the same weight: signals,
    impact and the learned nudge); at equal weight merged ones precede open ones, newest first."""
    reply = await ask(loaded, f"rocm {LABELLED_WEEK}")
    prs = await loaded.get_prs(REPO, numbers(reply))
    service = ClassificationService(loaded, HEURISTIC, HEURISTIC)
    classes = await service.for_prs(REPO, list(prs.values()))

    def weight_of(n: int) -> float:
        cls = classes[n]
        signals = read_one(prs[n], cls.topics, TAX)
        return significance(prs[n].title, signals, cls.topics, cls.impact, merged=prs[n].status == "merged")

    keys = [
        (-weight_of(n), prs[n].status != "merged", -(prs[n].merged_at or prs[n].created_at).timestamp())
        for n in numbers(reply)[reply.seed.shown if reply.seed else 0 :]
    ]
    assert keys == sorted(keys)
    # what a reader notices: the first page is not CI and test chores while real work waits behind
    first = numbers(reply)[: len(reply.items)]
    chores = [n for n in first if read_one(prs[n], classes[n].topics, TAX).maintenance]
    later = [
        n for n in numbers(reply)[len(first) :] if not read_one(prs[n], classes[n].topics, TAX).maintenance
    ]
    assert not (chores and later), ([prs[n].title for n in chores], [prs[n].title for n in later[:3]])


async def test_long_answers_show_max_items_and_say_how_many_more(loaded: Store) -> None:
    """At most max_items are shown; `overflow` counts the rest and a note offers `more`."""
    reply = await ask(loaded, f"bugfix {LABELLED_WEEK}")
    assert len(reply.items) == 10 and reply.overflow == reply.total - 10 > 0
    assert any("`more`" in n for n in reply.notes)


async def test_thread_seed_holds_every_match_with_shown_ones_first(loaded: Store) -> None:
    """The seed lists all matching PRs in answer order, starting with the ones displayed."""
    reply = await ask(loaded, f"bugfix {LABELLED_WEEK}")
    assert reply.seed is not None
    assert len(reply.seed.pr_numbers) == reply.total and reply.seed.shown == 10
    assert list(reply.seed.pr_numbers[:10]) == [i.number for i in reply.items]
    assert (reply.seed.since, reply.seed.until) == (
        datetime(2026, 2, 6, tzinfo=UTC),
        datetime(2026, 2, 13, tzinfo=UTC),
    )


# -- people, text, PRs ----------------------------------------------------------------------------------
async def test_author_filter_returns_only_their_prs(loaded: Store) -> None:
    """`@amd-dev` answers only that author's PRs (opened in the window, whatever their state)."""
    reply = await ask(loaded, "@AMD-dev 2026-02-01..2026-02-14")
    assert set(numbers(reply)) == {90001, 90002, 90003} and {i.author for i in reply.items} == {"amd-dev"}


async def test_free_text_searches_titles_and_says_so(loaded: Store) -> None:
    """A word that is no topic is searched in titles, and the reply says so."""
    reply = await ask(loaded, f"hybrid {LABELLED_WEEK}")
    assert reply.items and all("hybrid" in i.title.lower() for i in reply.items)
    assert "matching 'hybrid' in titles" in reply.understood


async def test_pr_number_gives_a_detail_card(loaded: Store) -> None:
    """`#90007` gives that PR's title, state, author, dates, topics, labels and link."""
    reply = await ask(loaded, "#90007")
    d = reply.detail
    assert reply.kind == "detail" and d is not None
    assert (d.number, d.status, d.author, d.labels) == (90007, "merged", "tester", ("ready",))
    assert d.merged_at == datetime(2026, 2, 11, 8, tzinfo=UTC) and "Bug fixes" in d.topics
    assert d.url == f"https://github.com/{REPO}/pull/90007"


async def test_detail_card_lists_changed_areas_when_files_are_known(loaded: Store) -> None:
    """With changed files stored, the card names their top-level directories, busiest first."""
    pr = await loaded.get_pr(REPO, 90001)
    assert pr is not None
    await loaded.upsert_prs([pr.with_files(("vllm/a.py", "vllm/b.py", "csrc/rocm/x.cu", "setup.py"))])
    reply = await ask(loaded, "https://github.com/vllm-project/vllm/pull/90001")
    assert reply.detail is not None and reply.detail.areas == ("vllm/", "(top level)", "csrc/")


async def test_unknown_pr_number_gets_a_friendly_reply(loaded: Store) -> None:
    """A PR the bot never stored is answered with "not in the bot's data", privately."""
    reply = await ask(loaded, "PR#99999999")
    assert reply.kind == "empty" and "not in the bot's data" in reply.title and reply.ephemeral


async def test_a_pr_link_of_another_repo_is_refused_politely(loaded: Store) -> None:
    """A link to another repository's PR says which repo this command follows."""
    reply = await ask(loaded, "https://github.com/foo/bar/pull/1")
    assert reply.kind == "empty" and "foo/bar" in reply.title


# -- empty answers, typos, help ----------------------------------------------------------------------
async def test_empty_answer_suggests_a_wider_window_that_has_results(loaded: Store) -> None:
    """Nothing in a quiet window: the reply says so and offers a window that has matches."""
    reply = await ask(loaded, "rocm 2026-02-25..2026-02-26")
    assert reply.kind == "empty"
    assert "/vllm rocm past 30 days" in reply.suggestions


async def test_an_understood_question_with_no_answer_is_posted_with_a_thread(loaded: Store) -> None:
    """ "None" is a real answer to a question read in full: posted like any answer, its thread
    follows the question (so `what about last month` can come next); a question with words the
    bot could not place stays with the asker and opens no thread."""
    reply = await ask(loaded, "rocm 2026-02-25..2026-02-26")
    assert not reply.ephemeral and reply.seed is not None and reply.seed.pr_numbers == ()
    assert reply.seed.query_text == "rocm 2026-02-25..2026-02-26"
    unplaced = await ask(loaded, "qwertyuiop 2026-02-25..2026-02-26")
    assert unplaced.kind == "empty" and unplaced.ephemeral and unplaced.seed is None


async def test_empty_answer_with_a_state_says_what_else_matched(loaded: Store) -> None:
    """No closed xpu PRs: the reply counts the xpu PRs merged or opened instead."""
    reply = await ask(loaded, f"xpu closed {LABELLED_WEEK}")
    assert reply.kind == "empty"
    assert any("merged or opened in that window" in n for n in reply.notes)
    assert f"/vllm xpu {LABELLED_WEEK.replace('..', ' .. ')}" in reply.suggestions


async def test_an_empty_answer_of_several_filters_says_what_each_left_out_finds(loaded: Store) -> None:
    """No XPU DeepSeek PR that week: the reply says how many each filter alone would keep, the
    counts the one-filter questions give, so the asker sees which filter to drop."""
    reply = await ask(loaded, f"xpu deepseek {LABELLED_WEEK}")
    assert reply.kind == "empty", reply.title
    xpu = (await ask(loaded, f"xpu {LABELLED_WEEK}")).total
    deepseek = (await ask(loaded, f"deepseek {LABELLED_WEEK}")).total
    note = next(n for n in reply.notes if n.startswith("Without "))
    assert f"without intel xpu: {deepseek} prs" in note.lower(), note
    assert f"without deepseek: {xpu} prs" in note.lower(), note


async def test_a_typo_no_pr_ever_used_is_answered_as_the_word_it_resembles(loaded: Store) -> None:
    """`rcom` appears in no PR, so `rcom last week` is answered as `rocm last week`, says so, and
    its thread follows the corrected question."""
    reply = await ask(loaded, f"rcom {LABELLED_WEEK}")
    assert numbers(reply) == numbers(await ask(loaded, f"rocm {LABELLED_WEEK}")) and numbers(reply)
    assert any("'rcom' → rocm" in n for n in reply.notes)
    assert reply.seed is not None and reply.seed.query_text.startswith("rocm ")


async def test_a_word_prs_use_is_searched_as_typed_with_a_suggestion(loaded: Store) -> None:
    """`neox` looks like `neon` but PRs say it: it is searched, and the look-alike is offered. (A
    word of the dictionary is never a look-alike: `fusion` is no "vision".)"""
    reply = await ask(loaded, f"neox {LABELLED_WEEK}")
    pulls = await loaded.get_prs(REPO, numbers(reply))
    assert pulls and all("neox" in pr.title.lower() for pr in pulls.values())
    assert any("did you mean neon?" in n for n in reply.notes)
    fusion = await ask(loaded, f"fusion {LABELLED_WEEK}")
    assert numbers(fusion) and not any("did you mean" in n for n in fusion.notes), fusion.notes


async def test_rocm_vs_xpu_lists_both_and_counts_each(loaded: Store) -> None:
    """`rocm vs xpu` is `rocm or xpu`, and the reply says how many of them each has: the counts
    the single-topic answers give."""
    versus = await ask(loaded, f"rocm vs xpu {LABELLED_WEEK}")
    assert numbers(versus) == numbers(await ask(loaded, f"rocm or xpu {LABELLED_WEEK}"))
    rocm = len(numbers(await ask(loaded, f"rocm {LABELLED_WEEK}")))
    xpu = len(numbers(await ask(loaded, f"xpu {LABELLED_WEEK}")))
    assert rocm and xpu
    # the comparison is the answer's first line, larger first
    counts = sorted([(rocm, "ROCm"), (xpu, "Intel XPU")], reverse=True)
    said = " · ".join(f"{name} {n}" for n, name in counts)
    assert versus.understood.endswith(f"PRs: {said}"), versus.understood


async def test_several_counts_in_one_question_count_each_among_the_first(loaded: Store) -> None:
    """ "how many merged, and how many of them were bug fixes?" asks two counts: the answer is every
    merged PR, with each later thing's count among them (the count its own question gives), not the
    PRs that are all of them at once; a list that narrows ("..., rocm only") stays one count."""
    merged = numbers(await ask(loaded, f"merged {LABELLED_WEEK}"))
    for text, counted in (
        (f"how many got merged {LABELLED_WEEK}, and how many of them were bug fixes?", ["bug fixes"]),
        (f"total merged {LABELLED_WEEK}: rocm, xpu and cpu?", ["rocm", "xpu", "cpu"]),
        (f"need two numbers: how many prs merged {LABELLED_WEEK} + how many reverts", ["reverts"]),
    ):
        reply = await ask(loaded, text)
        assert sorted(numbers(reply)) == sorted(merged), text
        said = [
            f"{name} {len(numbers(await ask(loaded, f'{word} merged {LABELLED_WEEK}')))}"
            for word, name in ((w, {"bug fixes": "Bug fixes", "rocm": "ROCm", "xpu": "Intel XPU",
                                    "cpu": "CPU", "reverts": "Reverts"}[w]) for w in counted)
        ]  # fmt: skip
        assert reply.understood.endswith("of them " + " · ".join(said)), (text, reply.understood)
    one = await ask(loaded, f"how many merged {LABELLED_WEEK}, rocm only")
    assert numbers(one) == numbers(await ask(loaded, f"rocm merged {LABELLED_WEEK}"))
    assert "of them" not in one.understood


async def test_this_week_vs_last_week_counts_both_ranges(loaded: Store) -> None:
    """`rocm 2026-02-09..2026-02-12 vs 2026-02-05..2026-02-08`: both ranges' counts lead, each what
    the single-range question answers, each range's first PRs under its own heading, and the
    thread follows the first range."""
    first, second = "2026-02-09..2026-02-12", "2026-02-05..2026-02-08"
    reply = await ask(loaded, f"rocm {first} vs {second}")
    here = numbers(await ask(loaded, f"rocm {first}"))
    there = numbers(await ask(loaded, f"rocm {second}"))
    assert here and there
    said = reply.understood.split("; ")
    assert f"{len(here)} PR" in said[0] and f"{len(there)} PR" in said[1], reply.understood
    mine, theirs = ({item.number for item in group.items} for group in reply.groups)
    assert mine <= set(here) and theirs <= set(there) and mine and theirs, reply.groups
    assert reply.seed is not None and set(reply.seed.pr_numbers) == set(here)


async def test_a_plural_free_word_finds_the_singular_too(loaded: Store) -> None:
    """`kernels` finds the PRs that say "kernel" (it found only "kernels" before), `weights` "weight"."""
    for plural, singular in (("kernels", "kernel"), ("weights", "weight")):
        many = numbers(await ask(loaded, f"{plural} {LABELLED_WEEK}"))
        assert many and many == numbers(await ask(loaded, f"{singular} {LABELLED_WEEK}")), plural


async def test_a_login_typed_without_at_names_the_author(loaded: Store) -> None:
    """ "what has alice merged": a word no PR says that is an author's login reads as @alice."""
    week = await ask(loaded, f"merged {LABELLED_WEEK}")
    pulls = (await loaded.get_prs(REPO, numbers(week))).values()
    titles = " ".join(pr.title.lower() for pr in pulls)
    login = next(pr.author.lower() for pr in pulls if pr.author.lower() not in titles and pr.author.isalpha())
    reply = await ask(loaded, f"what has {login} merged {LABELLED_WEEK}")
    assert numbers(reply) == numbers(await ask(loaded, f"@{login} merged {LABELLED_WEEK}")) and numbers(reply)
    assert any(f"'{login}' → @{login}" in n for n in reply.notes)
    other = next(pr.author.lower() for pr in pulls if pr.author.lower() not in (login, *titles.split()))
    both = await ask(loaded, f"prs by @{login} or {other} {LABELLED_WEEK}")
    mine = set(numbers(await ask(loaded, f"@{login} {LABELLED_WEEK}")))
    theirs = set(numbers(await ask(loaded, f"@{other} {LABELLED_WEEK}")))
    assert set(numbers(both)) == mine | theirs and theirs


def _when(pr: Any) -> datetime:
    return pr.merged_at or pr.closed_at or pr.created_at


async def test_the_3_most_recent_are_the_newest_three_of_the_answer(loaded: Store) -> None:
    """ "3 most recent rocm prs": the three that merged (or were opened) last among what `rocm`
    answers, newest first, and a note saying how many there were in all."""
    everything = numbers(await ask(loaded, f"rocm {LABELLED_WEEK}"))
    pulls = await loaded.get_prs(REPO, everything)
    newest = sorted(everything, key=lambda n: (_when(pulls[n]), n), reverse=True)[:3]
    reply = await ask(loaded, f"3 most recent rocm prs {LABELLED_WEEK}")
    assert numbers(reply) == newest
    assert any(f"Showing the 3 newest of {len(everything)} PRs" in n for n in reply.notes), reply.notes
    oldest = await ask(loaded, f"oldest rocm prs {LABELLED_WEEK}")
    assert sorted(numbers(oldest)) == sorted(everything)
    times = [(_when(pulls[n]), n) for n in numbers(oldest)]
    assert times == sorted(times)


async def test_a_count_cuts_the_list_not_the_totals_the_reply_states(loaded: Store) -> None:
    """ "top 2 fp8 prs": two are listed; the term line still says how many PRs name FP8."""
    every = numbers(await ask(loaded, f"fp8 {LABELLED_WEEK}"))
    reply = await ask(loaded, f"top 2 fp8 prs {LABELLED_WEEK}")
    assert len(every) > 2 and numbers(reply) == every[:2]
    assert any(f"{len(every)} PRs name FP8" in n for n in reply.notes), reply.notes
    assert any(f"Showing the first 2 of {len(every)} PRs" in n for n in reply.notes)


async def test_especially_puts_those_first_without_dropping_the_rest(loaded: Store) -> None:
    """ "merged quantization prs, esp fp8": every merged quantization PR, those naming FP8 first
    (within each state, when an answer is grouped by state), and a note with their count."""
    rocm = numbers(await ask(loaded, f"merged quantization {LABELLED_WEEK}"))
    fp8 = set(numbers(await ask(loaded, f"merged quantization fp8 {LABELLED_WEEK}")))
    reply = await ask(loaded, f"merged quantization prs, esp fp8 {LABELLED_WEEK}")
    got = numbers(reply)
    assert sorted(got) == sorted(rocm) and 0 < len(fp8) < len(rocm)
    assert set(got[: len(fp8)]) == fp8
    assert any(n.startswith(f"FP8: {len(fp8)} PR") for n in reply.notes), reply.notes


async def test_who_asks_for_the_people_behind_the_answer(loaded: Store) -> None:
    """ "who's been doing the rocm work": the authors of what `rocm` answers, busiest first."""
    everything = numbers(await ask(loaded, f"rocm {LABELLED_WEEK}"))
    pulls = (await loaded.get_prs(REPO, everything)).values()
    reply = await ask(loaded, f"who's been doing the rocm work {LABELLED_WEEK}")
    authors = {pr.author for pr in pulls}
    assert reply.title.startswith(f"{len(authors)} people on ROCm: {len(everything)} PRs")
    shown = [g.title.split(" · ")[0].lstrip("@") for g in reply.groups]
    counts = [sum(1 for pr in pulls if pr.author == a) for a in shown]
    assert set(shown) <= authors and counts == sorted(counts, reverse=True)


async def test_a_word_cut_short_of_a_topic_is_read_as_that_topic(loaded: Store) -> None:
    """ "blackwel" is found only inside "Blackwell": with other words beside it ("bugfixes on
    blackwel") it is read as the topic, as "blackwell" is, and the reply says so."""
    reply = await ask(loaded, f"bugfixes on blackwel {LABELLED_WEEK}")
    assert numbers(reply) == numbers(await ask(loaded, f"bugfixes on blackwell {LABELLED_WEEK}"))
    assert numbers(reply) and any("'blackwel' → blackwell" in n for n in reply.notes)


async def test_the_start_of_a_long_login_names_its_author(loaded: Store) -> None:
    """People write the first part of a long login ("woosuk" for WoosukKwon): a word of five
    letters or more that no PR mentions and that starts exactly one author's login names them."""
    week = await ask(loaded, f"merged {LABELLED_WEEK}")
    pulls = (await loaded.get_prs(REPO, numbers(week))).values()
    titles = " ".join(pr.title.lower() for pr in pulls)
    logins = sorted({pr.author.lower() for pr in pulls})
    login = next(
        lo for lo in logins
        if len(lo) >= 9 and lo.isalpha() and lo[:6] not in titles
        and sum(1 for other in logins if other.startswith(lo[:6])) == 1
    )  # fmt: skip
    reply = await ask(loaded, f"what did {login[:6]} merge {LABELLED_WEEK}")
    assert numbers(reply) == numbers(await ask(loaded, f"@{login} merged {LABELLED_WEEK}")) and numbers(reply)
    assert any(f"'{login[:6]}' → @{login}" in n for n in reply.notes)


async def test_a_person_s_name_names_their_login(loaded: Store) -> None:
    """ "prs from nick hill" is @njhill's PRs (initials then surname), "michael goin" @mgoin's,
    "woosuk kwon" @WoosukKwon's (the name run together); two ordinary words are nobody."""
    for name, login in (("nick hill", "njhill"), ("michael goin", "mgoin"), ("woosuk kwon", "woosukkwon")):
        reply = await ask(loaded, f"prs from {name} {LABELLED_WEEK}")
        prs = await loaded.get_prs(REPO, numbers(reply))
        assert prs and {p.author.lower() for p in prs.values()} == {login}, (name, reply.notes)
        assert any(f"'{name}' → @{login}" in n for n in reply.notes), reply.notes
    reply = await ask(loaded, f"rocm kernel fixes {LABELLED_WEEK}")
    assert not any("→ @" in n for n in reply.notes), reply.notes


async def test_by_a_name_or_the_start_of_a_login_is_read_as_that_author(loaded: Store) -> None:
    """ "by woosuk" and "by nick hill" name their authors as "woosuk" and "nick hill" alone do; a
    login nobody has stays as typed (and finds nothing)."""
    for text, login in (("by woosuk", "woosukkwon"), ("by nick hill", "njhill")):
        reply = await ask(loaded, f"prs {text} {LABELLED_WEEK}")
        prs = await loaded.get_prs(REPO, numbers(reply))
        assert prs and {p.author.lower() for p in prs.values()} == {login}, (text, reply.notes)
    reply = await ask(loaded, f"prs by nobody123 {LABELLED_WEEK}")
    assert reply.kind == "empty" and "@nobody123" in reply.understood


async def test_a_word_no_pr_ever_used_says_what_the_bot_answers(loaded: Store) -> None:
    """ "whats the weather": no PR ever said it, so the reply says what the bot answers about."""
    reply = await ask(loaded, f"whats the weather {LABELLED_WEEK}")
    assert reply.kind == "empty"
    assert any("has ever mentioned 'weather'" in n for n in reply.notes), reply.notes


async def test_regressions_are_the_fixes_of_a_regression_not_every_bug_fix(loaded: Store) -> None:
    """ "any regressions fixed" lists the PRs that fix a regression (two that week, one of them
    the revert of a slow decode path), not the week's dozens of bug fixes."""
    reply = await ask(loaded, f"any regressions fixed {LABELLED_WEEK}")
    prs = await loaded.get_prs(REPO, numbers(reply))
    assert sorted(prs) == [33749, 33771], {n: p.title for n, p in prs.items()}
    assert reply.understood.startswith("Regression fixes"), reply.understood
    assert len(numbers(await ask(loaded, f"bug fixes {LABELLED_WEEK}"))) > 20


async def test_dependency_bumps_are_the_prs_that_move_a_version(loaded: Store) -> None:
    """ "any dependency bumps" lists the week's bumps, upgrades and pins (nine that week), not a
    search for the words "dependency bumps"."""
    reply = await ask(loaded, f"any dependency bumps {LABELLED_WEEK}?")
    prs = await loaded.get_prs(REPO, numbers(reply))
    want = [30525, 33935, 33984, 33994, 34038, 34048, 34233, 34273, 34447]
    assert sorted(prs) == want, {n: p.title for n, p in prs.items()}
    assert reply.understood.startswith("Dependency updates"), reply.understood


async def test_a_request_to_act_on_github_is_answered_with_what_the_bot_knows(loaded: Store) -> None:
    """ "can you merge #N": the bot only reads; it says so and shows the PR."""
    number = numbers(await ask(loaded, f"rocm {LABELLED_WEEK}"))[0]
    reply = await ask(loaded, f"can you merge #{number}")
    assert reply.kind == "detail" and reply.detail is not None and reply.detail.number == number
    assert any("can't act on GitHub" in n for n in reply.notes)


async def test_help_lists_real_topics_and_examples(loaded: Store) -> None:
    """`help` (and an empty command) is private usage built from the repo's taxonomy."""
    for text in ("help", ""):
        reply = await ask(loaded, text)
        assert reply.kind == "help" and reply.ephemeral
        assert "/vllm rocm last week" in reply.suggestions
        assert any("spec-decode" in n for n in reply.notes)


# -- synthesis -------------------------------------------------------------------------------------------
class FakeLLM:
    """A stand-in for the LLM port that returns a fixed paragraph or fails."""

    model = "fake"

    def __init__(self, text: str = "", fail: bool = False) -> None:
        self.text, self.fail, self.calls = text, fail, []

    async def complete(self, system: str, user: str, **kw: Any) -> LLMResult:
        self.calls.append((system, user))
        if self.fail:
            raise LLMError("model overloaded")
        return LLMResult(self.text)


async def test_synthesis_cites_only_prs_in_the_result(loaded: Store) -> None:
    """The paragraph keeps citations of listed PRs and drops any other number."""
    llm = FakeLLM("AITER work dominates, see #90001 and #12345, plus `rocm_aiter_fa` fixes.")
    reply = await ask(loaded, f"rocm {LABELLED_WEEK}", llm=llm)
    refs = [s.number for s in reply.synthesis if isinstance(s, PRRef)]
    assert refs == [90001]
    assert "12345" not in "".join(s.text for s in reply.synthesis if isinstance(s, Text))
    assert any("outside this answer" in n for n in reply.notes)


async def test_synthesis_links_come_from_the_store_not_the_model(loaded: Store) -> None:
    """The paragraph drops every link the model wrote and reads `(PR #n)` and PR URLs as citations."""
    llm = FakeLLM(
        "See [AITER](https://evil.example/x) in (PR #90001), https://github.com/o/r/pull/12345 "
        "and http://phish.example."
    )
    reply = await ask(loaded, f"rocm {LABELLED_WEEK}", llm=llm)
    refs = [s for s in reply.synthesis if isinstance(s, PRRef)]
    text = "".join(s.text for s in reply.synthesis if isinstance(s, Text))
    assert [r.number for r in refs] == [90001] and refs[0].url.startswith("https://github.com/")
    assert "example" not in text and "AITER" in text and "12345" not in text
    assert any("outside this answer" in n for n in reply.notes)


async def test_synthesis_prompt_frames_titles_as_data(loaded: Store) -> None:
    """The model is told the PR list is data; the titles go in the user message only."""
    llm = FakeLLM("Mostly AITER work, e.g. #90001.")
    reply = await ask(loaded, f"rocm {LABELLED_WEEK}", llm=llm)
    system, user = llm.calls[0]
    title = reply.items[0].title
    assert "DATA" in system and title not in system and json.dumps(title)[1:-1] in user


async def test_failed_synthesis_leaves_the_list_with_a_note(loaded: Store) -> None:
    """When the model fails the list still comes, without a paragraph, with a note."""
    reply = await ask(loaded, f"rocm {LABELLED_WEEK}", llm=FakeLLM(fail=True))
    assert reply.kind == "list" and reply.items and not reply.synthesis
    assert any("summary paragraph is unavailable" in n for n in reply.notes)


async def test_without_llm_the_list_is_the_whole_answer(loaded: Store) -> None:
    """No LLM configured: no synthesis and no note about one."""
    reply = await ask(loaded, f"rocm {LABELLED_WEEK}")
    assert not reply.synthesis and not any("summary" in n for n in reply.notes)


async def test_untrusted_titles_pass_through_unescaped_for_renderers(loaded: Store) -> None:
    """Handlers keep titles verbatim (renderers escape them), and never read them as commands."""
    reply = await ask(loaded, "#90007")
    assert reply.detail is not None and reply.detail.title.startswith("@everyone <!channel>")


def test_pr_fixture_records_are_valid() -> None:
    """Our own records parse as GitHub pull requests."""
    assert all(pull_request_from_record(REPO, r).number > 90000 for r in OWN)


async def test_a_repeated_question_sees_a_pr_that_arrived_in_between(loaded: Store) -> None:
    """Answers are reused only while the data is unchanged: a new matching PR shows up at once."""
    asking = handler(loaded)
    first = await asking.answer(SETTINGS, "rocm last week", now=NOW)
    again = await asking.answer(SETTINGS, "rocm last week", now=NOW)
    assert again == first
    fresh = pull_request_from_record(
        REPO, _gh(90099, "[ROCm] Brand-new AITER kernel", created="2026-02-12T10:00:00Z")
    )
    await loaded.upsert_prs([fresh])
    after = await asking.answer(SETTINGS, "rocm last week", now=NOW)
    assert after.total == first.total + 1 and 90099 in (after.seed.pr_numbers if after.seed else ())


async def test_answers_are_the_same_with_a_tiny_reply_cache_or_none(loaded: Store) -> None:
    """The reply cache only saves work: with room for one answer (questions evicting each other)
    or with none at all, every question gets the answer a fresh handler gives."""
    service = ClassificationService(loaded, HEURISTIC, HEURISTIC)
    tiny = QueryHandler(store=loaded, classifications={REPO: service}, reply_cache_size=1)
    none = QueryHandler(store=loaded, classifications={REPO: service}, reply_cache_size=0)
    questions = ["rocm last week", "bugfix last week", "rocm last week", "bugfix last week"]
    expected = {q: await ask(loaded, q) for q in set(questions)}
    for q in questions:
        assert await tiny.answer(SETTINGS, q, now=NOW) == expected[q]
        assert await none.answer(SETTINGS, q, now=NOW) == expected[q]


# -- our own hand-labelled weeks (tests/fixtures), not only the shared one -----------------------------
OWN_WEEKS = ("labelled-2025-11-21.jsonl", "labelled-2026-04-24.jsonl")


@pytest.mark.parametrize("week", OWN_WEEKS)
@pytest.mark.parametrize("topic", ["rocm", "nvidia", "quantization", "spec-decode", "bugfix"])
async def test_answers_agree_with_our_own_labelled_weeks(
    store: Store, shared_data: Path, week: str, topic: str
) -> None:
    """`<topic> merged <first>..<last>` over a week labelled by hand finds >= 90% of its PRs, >= 85% precise."""
    labels = {
        row["number"]: set(row["topics"])
        for row in map(json.loads, (FIXTURES / week).read_text().splitlines())
    }
    records = [
        pull_request_from_record(REPO, obj)
        for obj in map(json.loads, (shared_data / "merged-pulls.jsonl").read_text().splitlines())
        if obj["number"] in labels
    ]
    await store.upsert_prs(records)
    first = min(pr.merged_at for pr in records if pr.merged_at).date()
    last = max(pr.merged_at for pr in records if pr.merged_at).date()
    reply = await handler(store).answer(SETTINGS, f"{topic} merged {first}..{last}", now=NOW)
    found = set(reply.seed.pr_numbers if reply.seed else ())
    wanted = {n for n, topics in labels.items() if topic in topics}
    assert wanted, f"{week} has no {topic} PR"
    assert len(found & wanted) >= 0.9 * len(wanted), sorted(wanted - found)
    assert len(found & wanted) >= 0.85 * len(found), sorted(found - wanted)


async def test_open_prs_without_a_time_are_every_pr_still_open(loaded: Store) -> None:
    """ "open rocm prs" with no time lists every ROCm PR still open, whenever it was opened (one
    opened nine days ago among them), and says so instead of "the last 7 days"."""
    reply = await ask(loaded, "open rocm prs")
    assert 90001 in numbers(reply), reply.understood
    assert "any time up to" in reply.understood
    assert any("every PR still open" in n for n in reply.notes)
    assert not any("No time given: showing the last" in n for n in reply.notes)


async def test_ever_asks_over_the_whole_history(loaded: Store) -> None:
    """ "did the aiter import regression fix ever get merged": any time, not the last 7 days."""
    reply = await ask(loaded, "did the aiter import regression fix ever get merged")
    assert 33749 in numbers(reply), (reply.understood, reply.notes)


async def test_two_people_asked_together_are_each_counted(loaded: Store) -> None:
    """ "njhill vs mgoin": the PRs of either, and how many each has."""
    reply = await ask(loaded, f"njhill vs mgoin {LABELLED_WEEK}")
    prs = await loaded.get_prs(REPO, numbers(reply))
    mine = sum(1 for p in prs.values() if p.author.lower() == "njhill")
    assert f"@njhill {mine}" in reply.understood.split(": ", 1)[1], reply.understood


async def test_a_wider_window_suggestion_drops_the_words_leading_into_the_time(loaded: Store) -> None:
    """The "past 30 days" suggestion reads as a question: "in the" of "in the last 2 days" goes too."""
    reply = await ask(loaded, "gb200 stuff in the last 2 days, no docs")
    assert reply.kind == "empty"
    assert all(" in the " not in s for s in reply.suggestions), reply.suggestions


async def test_per_topic_counts_are_the_counts_each_topic_answer_gives(loaded: Store) -> None:
    """ "how many merged per topic" lists each topic with the count `/vllm <topic>` gives over the
    same window, largest first; "by topic" names no author."""
    reply = await ask(loaded, f"how many merged per topic {LABELLED_WEEK}")
    assert reply.title.endswith(f"by topic: {reply.total} PRs"), reply.title
    counts = [int(g.title.split(" · ")[1].split()[0]) for g in reply.groups]
    assert counts == sorted(counts, reverse=True) and len(counts) > 5
    rocm = next(g for g in reply.groups if g.title.startswith("ROCm · "))
    alone = await ask(loaded, f"rocm merged {LABELLED_WEEK}")
    assert rocm.title == f"ROCm · {alone.total} PRs"
    assert not (await ask(loaded, f"merged by topic {LABELLED_WEEK}")).understood.count("@")


async def test_a_name_is_no_typo_and_a_two_letter_surname_still_names_someone(loaded: Store) -> None:
    """ "robert shaw" is @robertgshaw2-redhat, not a typo of RoBERTa; "simon mo" is @simon-mo,
    though "mo" alone is too short to search (and is a month's abbreviation)."""
    for name, login in (("robert shaw", "robertgshaw2-redhat"), ("simon mo", "simon-mo")):
        reply = await ask(loaded, f"anything from {name} 2026-02-05..2026-02-14")
        prs = await loaded.get_prs(REPO, numbers(reply))
        assert prs and {p.author.lower() for p in prs.values()} == {login}, (name, reply.notes)


async def test_at_most_n_and_so_far_are_read(loaded: Store) -> None:
    """ "oldest first, 3 max" shows three, oldest first; "so far" is part of the time, not a
    word to search for."""
    reply = await ask(loaded, f"merged prs oldest first, 3 max {LABELLED_WEEK}")
    everything = await ask(loaded, f"merged prs oldest first {LABELLED_WEEK}")
    assert numbers(reply) == numbers(everything)[:3]
    so_far = await ask(loaded, f"rocm {LABELLED_WEEK} so far")
    assert numbers(so_far) == numbers(await ask(loaded, f"rocm {LABELLED_WEEK}")) and numbers(so_far)
    assert not any("far" in n for n in so_far.notes), so_far.notes


async def test_a_possessive_without_its_apostrophe_still_names_the_person(loaded: Store) -> None:
    """ "show me nick hills prs" is @njhill's, as "nick hill's" is."""
    reply = await ask(loaded, f"show me nick hills prs {LABELLED_WEEK}")
    prs = await loaded.get_prs(REPO, numbers(reply))
    assert prs and {p.author.lower() for p in prs.values()} == {"njhill"}, reply.notes


async def test_an_english_word_is_not_read_as_the_start_of_a_login(loaded: Store) -> None:
    """With @floatingvertex and @woosukkwon among the authors, "any lora drafts floating
    around?" names nobody (a word ending like English is not taken for the start of a login),
    while "woosuk" still names @woosukkwon."""
    await loaded.upsert_prs(
        [
            pull_request_from_record(
                REPO,
                _gh(
                    99001,
                    "[LoRA] Draft adapter cache",
                    created="2026-02-10T10:00:00Z",
                    author="floatingvertex",
                ),
            )
        ]
    )
    reply = await ask(loaded, f"any lora prs floating around {LABELLED_WEEK}")
    assert not any("→ @" in n for n in reply.notes), reply.notes
    named = await ask(loaded, f"what did woosuk merge {LABELLED_WEEK}")
    assert any("'woosuk' → @woosukkwon" in n for n in named.notes), named.notes


async def test_a_typo_inside_a_two_word_topic_is_read_as_that_topic(loaded: Store) -> None:
    """`spec decde` (no PR ever said "decde") is answered as speculative decoding, and says so."""
    reply = await ask(loaded, f"spec decde {LABELLED_WEEK}")
    assert numbers(reply) == numbers(await ask(loaded, f"spec decode {LABELLED_WEEK}")) and numbers(reply)
    assert any("'decde' → decode" in n for n in reply.notes), reply.notes


async def test_top_n_authors_names_n_people_over_every_pr(loaded: Store) -> None:
    """ "top 3 authors for rocm" ranks people over all the ROCm PRs of the window and names three
    (the limit counts people, not the PRs they are counted over)."""
    ranked = await ask(loaded, f"top 3 authors for rocm {LABELLED_WEEK}")
    everyone = await ask(loaded, f"rocm {LABELLED_WEEK}")
    assert len(ranked.groups) == 3 and ranked.total == everyone.total, (len(ranked.groups), ranked.total)


def test_a_compound_word_finds_its_other_spellings() -> None:
    """ "allreduce" finds "all-reduce" and the other way round; short words and words with digits
    match as typed (a space inside a short word would find unrelated words)."""
    assert word_in("allreduce", "enable flashinfer all-reduce by default")
    assert word_in("all-reduce", "custom allreduce for rocm")
    assert word_in("prefill", "chunked pre-fill")
    assert not word_in("token", "to kenya")
    assert not word_in("h100", "h 100")


async def test_whats_the_latest_reaches_back_for_the_newest_when_the_last_days_have_none(
    loaded: Store,
) -> None:
    """ "whats the latest on <subject>" with none of it in the last 7 days answers with its
    newest PRs of any time, newest first, saying so (it answered "No matching PRs"); the same
    subject with a time named is still an empty answer (sentences written for this test)."""
    latest = await ask(loaded, "whats the latest on nixl")
    week = await ask(loaded, "nixl prs")
    assert week.kind == "empty", week.title  # the slice's NIXL work is older than a week
    assert latest.kind == "list" and latest.items, latest.title
    assert any(n.startswith("None in ") and "newest" in n for n in latest.notes), latest.notes
    times = [item.when for item in latest.items if item.when is not None]
    assert len(times) == len(latest.items) and times == sorted(times, reverse=True)
    # the term's count is of the time answered: not "0 PRs name NIXL" above NIXL's newest PRs
    everything = await ask(loaded, "nixl all time")
    reading = next(n for n in latest.notes if n.startswith("nixl → "))
    assert reading.startswith(f"nixl → {everything.total} PRs name NIXL"), reading


async def test_a_first_name_names_the_one_login_it_starts_though_a_title_mentions_it(loaded: Store) -> None:
    """ "how many did katerina have" names @KaterinaPetrovAMD, the one login "katerina" starts,
    though one title thanks her by name (it named nobody: only a word no PR mentions could name
    a login); a first name more titles say than the person wrote stays a search (records written
    for this test)."""
    own = [
        _gh(
            90101 + k,
            f"[ROCm] Tune skinny GEMM case {k}",
            created="2026-02-11T10:00:00Z",
            author="KaterinaPetrovAMD",
        )
        for k in range(3)
    ]
    own.append(_gh(90110, "[Doc] Credit katerina for the tuning guide", created="2026-02-11T11:00:00Z"))
    await loaded.upsert_prs(pull_request_from_record(REPO, record) for record in own)
    counted = await ask(loaded, "how many did katerina have this month")
    assert counted.total == 3 and "@katerinapetrovamd" in counted.title.lower(), counted.title
    for k in range(4):  # now more titles say "katerina" than she wrote: the word is a search
        record = _gh(90120 + k, f"Katerina sampler tweak {k}", created="2026-02-11T12:00:00Z")
        await loaded.upsert_prs([pull_request_from_record(REPO, record)])
    searched = await ask(loaded, "how many did katerina have this month")
    assert "@katerinapetrovamd" not in searched.title.lower(), searched.title


async def test_a_first_name_two_logins_start_is_the_one_who_wrote_nearly_all(loaded: Store) -> None:
    """Of two logins "quillon" starts, the one with ten times the other's PRs is the person meant
    (it named nobody once a second login started the same); with similar counts it names nobody
    (written for this test)."""

    async def add(author: str, first: int, count: int) -> None:
        records = [
            _gh(first + k, f"[Misc] Tidy log line {k}", created="2026-02-10T10:00:00Z", author=author)
            for k in range(count)
        ]
        await loaded.upsert_prs([pull_request_from_record(REPO, r) for r in records])

    await add("quillonbright", 99100, 12)
    await add("quillonfan", 99200, 1)
    named = await ask(loaded, f"what did quillon merge {LABELLED_WEEK}")
    assert any("'quillon' → @quillonbright" in n for n in named.notes), named.notes
    await add("quillonfan", 99300, 10)
    nobody = await ask(loaded, f"what did quillon merge {LABELLED_WEEK}")
    assert not any("'quillon' → @" in n for n in nobody.notes), nobody.notes


def test_a_gpu_named_is_its_vendor_s_work_whatever_its_classification() -> None:
    """ "gb200 prs, nvidia only": a PR naming GB200 that the classifier filed under MoE alone is
    still NVIDIA work (the vendor required the label and lost it), while "flashinfer attention"
    does not take every FlashInfer PR for attention work (a library is not all of one topic)
    (sentences and title written for this test)."""
    taxonomy = load_taxonomy("vllm", REPO)
    terms = TermIndex(taxonomy.terms)
    record = {"number": 1, "title": "Tune fused MoE configs for GB200", "user": {"login": "someone"},
              "state": "closed", "created_at": "2026-02-02T00:00:00Z", "updated_at": "2026-02-03T00:00:00Z",
              "merged_at": "2026-02-03T00:00:00Z", "closed_at": "2026-02-03T00:00:00Z"}  # fmt: skip
    pr = pull_request_from_record(REPO, record)
    moe_only = Classification(REPO, 1, "h", "heuristic", ("moe",))
    assert content_ok(parse_query("gb200 prs, nvidia only", taxonomy, now=NOW), pr, moe_only, terms)
    record = {**record, "title": "[Kernel] Add FlashInfer fused MoE autotuning"}
    pr = pull_request_from_record(REPO, record)
    assert not content_ok(parse_query("flashinfer attention prs", taxonomy, now=NOW), pr, moe_only, terms)


async def test_how_long_prs_take_to_merge_is_answered_from_their_times(loaded: Store) -> None:
    """ "how long do rocm prs take to merge" listed the merged ROCm PRs and "median time to
    merge" was refused as a question about review times: every PR has its opening and merging
    times, so the answer groups the merged PRs by how long each was open (slowest first), says
    the median, and that review times are not known; "quickest" puts the fastest first. The
    groups hold what their labels say (checked against the stored times)."""
    reply = await ask(loaded, "how quickly do rocm prs get merged? past 30 days")
    assert reply.title.startswith("Time to merge: ROCm"), reply.title
    assert any(n.startswith("Opened to merged: median ") for n in reply.notes), reply.notes
    assert any("Review times are not in my data" in n for n in reply.notes), reply.notes
    labels = [g.title.split(" · ")[0] for g in reply.groups]
    order = ["Over 4 weeks", "1-4 weeks", "3-7 days", "1-3 days", "Within a day"]
    assert labels and labels == [b for b in order if b in labels], labels
    bounds = {"Within a day": (0, 1), "1-3 days": (1, 3), "3-7 days": (3, 7), "1-4 weeks": (7, 28)}
    prs = await loaded.get_prs(REPO, [i.number for g in reply.groups for i in g.items])
    for group in reply.groups:
        low, high = bounds.get(group.title.split(" · ")[0], (28, 10**6))
        for item in group.items:
            pr = prs[item.number]
            assert pr.merged_at is not None
            days = (pr.merged_at - pr.created_at).total_seconds() / 86400
            assert low <= days < high, (group.title, item.number, days)
    fast = await ask(loaded, "which merged rocm prs were quickest to merge past 30 days")
    assert fast.groups and fast.groups[0].title.startswith(labels[-1]), (fast.groups[0].title, labels)
    assert any(n.startswith("Fastest: #") for n in fast.notes), fast.notes


async def test_a_breakdown_by_connector_and_by_library_names_libraries(loaded: Store) -> None:
    """ "kv connector prs by connector" split by topic (KV connector 15, Bug fixes 5, ...): the
    connectors the PRs name (NIXL, Mooncake, ...), with a note counting the PRs that name none; a
    library is counted by its own kind ("by library" had left out PyTorch and Transformers, whose
    kind is no kind of alternatives)."""
    reply = await ask(loaded, "kv connector prs by connector past 30 days")
    names = [group.title.split(" · ")[0] for group in reply.groups]
    assert "NIXL" in names and "KV connector & disaggregation" not in names, names
    assert any("name no connector" in n for n in reply.notes), reply.notes
    taxonomy = load_taxonomy("vllm")
    libraries = {t.name for t in taxonomy.terms if t.kind in ("library", "kernel")}
    assert set(names) <= libraries, set(names) - libraries


async def test_a_suggested_command_keeps_only_the_words_that_change_its_reading(loaded: Store) -> None:
    """An empty answer's "try" is a command a user would type: the words of the question's frame
    ("what's new with", "any", "the ... prs", "'s been working on") go, and the suggestion, asked, reads the same topics
    as the question and finds PRs."""
    for question, expected in (
        ("what's new with rocm 2026-02-25..2026-02-26", "/vllm rocm past 30 days"),
        ("any rocm fixes 2026-02-25..2026-02-26?", "/vllm rocm fixes past 30 days"),
        ("show me the merged rocm prs 2026-02-25..2026-02-26", "/vllm merged rocm past 30 days"),
        # ("been" was needed only while "working on" read as open work: it goes once that does)
        ("who's been working on rocm 2026-02-25..2026-02-26", "/vllm who rocm past 30 days"),
    ):
        reply = await ask(loaded, question)
        assert reply.kind == "empty" and expected in reply.suggestions, (question, reply.suggestions)
    asked = await ask(loaded, "anything about the rocm stuff or the tpu work 2026-02-25..2026-02-26")
    suggestion = asked.suggestions[0]
    assert suggestion.endswith(" past 30 days") and not {"anything", "about", "the"} & set(suggestion.split())
    again = await ask(loaded, suggestion.removeprefix("/vllm "))
    assert again.kind == "list" and again.understood.split(" · ")[0] == asked.understood.split(" · ")[0]


async def test_an_empty_answer_with_no_match_in_30_days_points_to_the_latest_one(loaded: Store) -> None:
    """Nothing in the window or the 30 days before it, but older PRs match: the reply names the
    newest of them and how many there are over all time, and suggests asking for the latest ones
    (not `help`)."""
    reply = await ask(loaded, "any rocm prs 2026-01-01..2026-01-02")
    assert reply.kind == "empty"
    everything = await ask(loaded, "rocm all time")
    newest = max(
        (await loaded.get_prs(REPO, numbers(everything))).values(),
        key=lambda p: (p.merged_at or p.created_at, p.number),
    )
    note = next(n for n in reply.notes if f"#{newest.number}" in n)
    assert f"{everything.total} " in note, note
    assert reply.suggestions == ("/vllm rocm all time newest first",)
    listed = await ask(loaded, reply.suggestions[0].removeprefix("/vllm "))
    assert numbers(listed)[0] == newest.number and listed.total == everything.total


async def test_a_question_that_never_matched_suggests_leaving_out_what_stood_in_the_way(
    loaded: Store,
) -> None:
    """Two filters that no PR ever met together ("tpu lora"): the reply suggests the question
    without the one that stood in the way most narrowly (it suggested `/vllm help`); asked, the
    suggestion finds as many PRs as the "Without ..." note says."""
    reply = await ask(loaded, "tpu lora 2026-02-05..2026-02-14")
    assert reply.kind == "empty" and reply.suggestions != ("/vllm help",), (reply.suggestions, reply.notes)
    note = next(n for n in reply.notes if n.startswith("Without "))
    nearest = int(note.split(": ")[1].split()[0])  # "Without TPU: 3 PRs · ...": the first is nearest
    again = await ask(loaded, reply.suggestions[0].removeprefix("/vllm "))
    assert again.kind == "list" and again.total == nearest, (reply.suggestions, again.title, note)


async def test_a_question_of_several_filters_with_nothing_near_suggests_the_nearest_wider_one(
    loaded: Store,
) -> None:
    """A quiet day, and two filters no PR ever met together ("did anyone fix the deepseek crash
    on tpu"): leaving either out finds nothing that day either, so the reply looks wider for the
    question without one of them (it suggested `/vllm help`); asked, the suggestion finds as
    many PRs as its note says."""
    reply = await ask(loaded, "tpu lora 2026-02-15..2026-02-15")
    assert reply.kind == "empty" and reply.suggestions != ("/vllm help",), (reply.suggestions, reply.notes)
    note = next(n for n in reply.notes if n.startswith("Without "))
    said = int(note.split(": ")[1].split()[0])
    assert "past 30 days" in reply.suggestions[0] and "over the 30 days" in note, (reply.suggestions, note)
    asked = reply.suggestions[0].removeprefix("/vllm ").replace("past 30 days", "2026-01-17..2026-02-15")
    again = await ask(loaded, asked)
    assert again.kind == "list" and again.total == said, (reply.suggestions, again.title, note)


async def test_a_term_no_pr_ever_named_suggests_its_topic(loaded: Store) -> None:
    """ "risc-v prs": no PR in the store ever named RISC-V, so nothing wider helps; the reply
    suggests the CPU question its note points to (it suggested `/vllm help`), which lists PRs."""
    reply = await ask(loaded, f"risc-v prs {LABELLED_WEEK}")
    assert reply.kind == "empty" and reply.suggestions[0].startswith("/vllm cpu "), reply.suggestions
    cpu = await ask(loaded, reply.suggestions[0].removeprefix("/vllm "))
    assert cpu.kind == "list" and cpu.understood.startswith("CPU ·"), cpu.understood


async def test_an_empty_window_without_filters_names_the_newest_pr(loaded: Store) -> None:
    """ "merged today" on a day nothing merged: the reply names the newest merge before it and
    suggests a window that holds it (it suggested `/vllm help`)."""
    reply = await ask(loaded, "merged 2026-02-15..2026-02-15")
    assert reply.kind == "empty" and reply.suggestions != ("/vllm help",), reply.suggestions
    before = await ask(loaded, "merged 2026-02-01..2026-02-15 newest first")
    newest = numbers(before)[0]
    assert any(f"#{newest}," in n for n in reply.notes), (newest, reply.notes)
    suggested = await ask(loaded, reply.suggestions[0].removeprefix("/vllm "))
    assert suggested.kind == "list" and newest in numbers(suggested), (reply.suggestions, suggested.title)


def test_a_version_matches_that_version_and_its_patches_only() -> None:
    """ "2.9" finds 2.9, v2.9 and 2.9.1, not 2.90, 12.9 or 0.2.9; "v5" finds v5, 5.0 and 5.x, not
    a count of five."""
    assert all(word_in("2.9", t) for t in ("pytorch 2.9.0 release", "torch v2.9", "torch >= 2.9"))
    assert not any(word_in("2.9", t) for t in ("torch 2.90", "cuda 12.9", "flashinfer 0.2.9"))
    assert all(
        word_in("v5", t) for t in ("transformers v5", "transformers 5.0 config", "in transformers 5.x")
    )
    assert not word_in("v5", "add 5 models")
    assert word_in("v2", "enable vllm_deepep_v2 kernels") and word_in("2.9", "torch_2.9 wheel")


async def test_a_dependencys_version_lists_the_prs_naming_it(loaded: Store) -> None:
    """ "transformers 5" over the week lists the PRs naming Transformers v5 (or 5.0), each of them;
    "torch 2.9" in days where none names it is an empty answer that looks wider (it listed
    every PyTorch PR, the version set aside)."""
    five = await ask(loaded, "transformers 5 2026-02-05..2026-02-14")
    prs = await loaded.get_prs(REPO, numbers(five))
    assert {33976, 33977, 34262} <= set(prs), sorted(prs)
    assert all(re.search(r"\bv5\b|\b5\.0\b", pr.title, re.I) for pr in prs.values()), [
        p.title for p in prs.values()
    ]
    none = await ask(loaded, "torch 2.9 2026-02-12..2026-02-14")
    assert none.kind == "empty" and any("2.9" in s for s in none.suggestions), (none.title, none.suggestions)
    assert not none.ephemeral and none.seed is not None  # read in full: "none" opens a thread
    other = await ask(loaded, f"deepseek 7.7 {LABELLED_WEEK}")  # no library before it: set aside
    assert other.kind == "list" and other.total == (await ask(loaded, f"deepseek {LABELLED_WEEK}")).total


async def test_states_set_side_by_side_are_each_counted(loaded: Store) -> None:
    """ "how many rocm prs were merged vs opened" over a week: the answer leads with how many
    merged and how many were opened in it (it listed them with one total); the counts are the
    ones each state asked alone gives."""
    reply = await ask(loaded, f"how many rocm prs were merged vs opened {LABELLED_WEEK}")
    merged = (await ask(loaded, f"rocm merged {LABELLED_WEEK}")).total
    opened = (await ask(loaded, f"rocm opened {LABELLED_WEEK}")).total
    assert f"{merged} merged" in reply.understood and f"{opened} opened" in reply.understood, reply.understood
    plain = await ask(loaded, f"rocm {LABELLED_WEEK}")
    assert " merged" not in plain.understood.split(" · ")[-1], plain.understood  # only when asked


async def test_a_breakdown_by_format_counts_the_formats_the_prs_name(loaded: Store) -> None:
    """ "quantization by format" over a week: one group per quantization format the PRs name
    (FP8, NVFP4, ...), each counting exactly the Quantization PRs that name it."""
    reply = await ask(loaded, f"quantization by format {LABELLED_WEEK}")
    assert reply.groups and "by format" in reply.title, (reply.title, reply.notes)
    kinds = {t.name: t.key for t in TAX.terms if t.kind == "quant"}
    for group in reply.groups:
        name, count = group.title.rsplit(" · ", 1)
        assert name in kinds, group.title
        alone = await ask(loaded, f"quantization {kinds[name]} {LABELLED_WEEK}")
        assert count == f"{alone.total} PRs" or count == "1 PR" and alone.total == 1, (
            group.title,
            alone.total,
        )


async def test_both_of_two_named_things_lists_the_prs_naming_each(loaded: Store) -> None:
    """ "prs that touched both fp8 and nvfp4": only PRs naming both formats (two formats alone
    read as either, which lists many more)."""
    both = await ask(loaded, f"prs that touched both fp8 and nvfp4 {LABELLED_WEEK}")
    either = await ask(loaded, f"fp8 and nvfp4 {LABELLED_WEEK}")
    prs = await loaded.get_prs(REPO, numbers(both))
    assert both.kind == "list" and prs, both.title
    assert all("fp8" in p.title.lower() and "nvfp4" in p.title.lower() for p in prs.values()), [
        p.title for p in prs.values()
    ]
    assert both.total < either.total, (both.total, either.total)


async def test_top_n_areas_is_n_areas_over_every_pr(loaded: Store) -> None:
    """ "top 3 areas" over a week: the three largest topics, each counted over every PR of the week
    (it counted the topics of the three most significant PRs); "top 2 formats for quantization"
    alike for a kind of named thing."""
    three = await ask(loaded, f"top 3 areas {LABELLED_WEEK}")
    every = await ask(loaded, f"per topic {LABELLED_WEEK}")
    assert len(three.groups) == 3 and three.total == every.total, (
        len(three.groups),
        three.total,
        every.total,
    )
    assert [g.title for g in three.groups] == [g.title for g in every.groups[:3]], three.groups
    two = await ask(loaded, f"top 2 formats for quantization {LABELLED_WEEK}")
    formats = await ask(loaded, f"quantization by format {LABELLED_WEEK}")
    assert [g.title for g in two.groups] == [g.title for g in formats.groups[:2]], (two.title, two.groups)


async def test_a_share_is_said_against_every_pr_of_the_window(loaded: Store) -> None:
    """ "what fraction of prs were bug fixes", "what % of merged prs are rocm": the answer leads
    with the count against every PR of the window in the same states, and the percentage (it
    listed the bug fixes alone)."""
    share = await ask(loaded, f"what fraction of prs were bug fixes {LABELLED_WEEK}")
    fixes = (await ask(loaded, f"bug fixes {LABELLED_WEEK}")).total
    every = (await ask(loaded, f"all prs {LABELLED_WEEK}")).total
    assert f"{fixes} of {every} PRs ({round(100 * fixes / every)} %)" in share.understood, share.understood
    merged = await ask(loaded, f"what percentage of merged prs are rocm {LABELLED_WEEK}")
    rocm = (await ask(loaded, f"rocm merged {LABELLED_WEEK}")).total
    all_merged = (await ask(loaded, f"merged {LABELLED_WEEK}")).total
    assert f"{rocm} of {all_merged} PRs" in merged.understood, merged.understood


async def test_which_area_grew_the_most_ranks_topics_by_their_change(loaded: Store) -> None:
    """ "which area grew the most <range> vs <range>": the topics ranked by how many more PRs they
    had than in the other range, each saying both counts (it searched "grew" and found nothing);
    each count is the one the per-topic answer of that range gives."""
    now, then = "2026-02-10..2026-02-14", "2026-02-05..2026-02-09"
    grew = await ask(loaded, f"which area grew the most {now} vs {then}")
    assert grew.kind == "list" and grew.groups, (grew.title, grew.notes)

    names = {t.key: t.name for t in TAX.topics}

    async def counts(window: str) -> Counter[str]:
        topics = await topics_of(loaded, numbers(await ask(loaded, f"all prs {window}")))
        return Counter(names[k] for keys in topics.values() for k in keys)

    a, b = await counts(now), await counts(then)
    top = grew.groups[0].title
    name = top.rsplit(" · ", 1)[0]
    best = max(a.get(n, 0) - b.get(n, 0) for n in set(a) | set(b))
    assert a.get(name, 0) - b.get(name, 0) == best, (top, best)
    assert f"{b.get(name, 0)} before" in top, top
    fell = await ask(loaded, f"which area dropped the most {now} vs {then}")  # ("dropped" not searched)
    low = fell.groups[0].title.rsplit(" · ", 1)[0]
    assert a.get(low, 0) - b.get(low, 0) == min(a.get(n, 0) - b.get(n, 0) for n in set(a) | set(b)), (
        fell.groups[0]
    )


async def test_the_busiest_day_is_named(loaded: Store) -> None:
    """ "busiest day" over a window: the days in time order, and a note naming the day with the
    most PRs ("quietest" the fewest)."""
    reply = await ask(loaded, "busiest day 2026-02-09..2026-02-13")
    days = {g.title.split(" · ")[0]: int(g.title.split(" · ")[1].split()[0]) for g in reply.groups}
    top = max(days, key=lambda d: days[d])
    assert any(n.startswith(f"Busiest: {top}, {days[top]} PRs") for n in reply.notes), (reply.notes, days)
    quiet = await ask(loaded, "quietest day 2026-02-09..2026-02-13")
    low = min(days, key=lambda d: days[d])
    assert any(n.startswith(f"Quietest: {low}") for n in quiet.notes), quiet.notes


async def test_the_people_nouns_misspelt_are_read(loaded: Store) -> None:
    """ "who is top contributer" and "main maintaners of rocm" are the people nouns misspelt (they
    were searched as words no PR uses: 0 PRs), corrected as topic words are; "who maintains" is
    the verb, left as it is."""
    for text, word in (
        ("who is top contributer 2026-02-09..2026-02-13", "contributor"),
        ("who are the main maintaners of rocm 2026-02-09..2026-02-13", "maintainers"),
    ):
        reply = await ask(loaded, text)
        assert " people on " in reply.title and any(f"→ {word}" in n for n in reply.notes), (
            reply.title,
            reply.notes,
        )
    verb = await ask(loaded, "who maintains rocm 2026-02-09..2026-02-13")  # the verb is no misspelt noun
    assert not any("→ maintainers" in n for n in verb.notes), verb.notes


async def test_a_breakdown_by_period_stays_inside_its_window(loaded: Store) -> None:
    """ "by day" over Feb 2 - Feb 8: a PR opened inside and merged after counts on the day it was
    opened (days after the window came out of them), and the days' counts add up to the total.
    "how active was rocm in february?" and "the trend for rocm over the last 2 weeks" are the same
    breakdown (they listed PRs)."""
    reply = await ask(loaded, "all prs 2026-02-02..2026-02-08 by day")
    days = {g.title.split(" · ")[0]: int(g.title.split(" · ")[1].split()[0]) for g in reply.groups}
    assert set(days) == {f"{d:%a} Feb {d.day}" for d in (date(2026, 2, n) for n in range(2, 9))}, days
    assert sum(days.values()) == reply.total, (days, reply.total)
    for text in ("how active was rocm in february?", "what's the trend for rocm over the last 2 weeks"):
        shaped = await ask(loaded, text)
        assert shaped.groups and all(g.title.startswith("Week of") for g in shaped.groups), (
            text,
            shaped.title,
        )


async def test_measured_gains_are_the_prs_that_quote_one(loaded: Store) -> None:
    """ "quantified speedups" over a week lists exactly the PRs whose title (or body) quotes a
    measured gain, as the digest quotes them ("2.9% E2E throughput improvement")."""
    reply = await ask(loaded, f"any quantified gains {LABELLED_WEEK}")
    everything = await ask(loaded, f"all prs {LABELLED_WEEK}")
    prs = await loaded.get_prs(REPO, numbers(everything))
    quoting = {n for n, pr in prs.items() if quantified_claims(pr.title) or quantified_claims(pr.body or "")}
    assert 33368 in quoting and set(numbers(reply)) == quoting, (numbers(reply), quoting)


async def test_nothing_open_points_to_what_was_merged_lately(loaded: Store) -> None:
    """ "open prs for intel gpu" with none open: the reply says how many of them merged in the last
    30 days and suggests asking for those (it suggested `/vllm help`); the suggestion, asked,
    lists exactly that many."""
    empty = []
    for topic in SETTINGS.taxonomy.topics:
        reply = await ask(loaded, f"open {topic.key} prs")
        if reply.kind == "empty" and (await ask(loaded, f"{topic.key} merged past 30 days")).total:
            empty.append((topic.key, reply))
    assert empty, "the slice has a topic with merged PRs and none open"
    for key, reply in empty:
        assert reply.suggestions[0] == f"/vllm {key} merged past 30 days", reply.suggestions
        merged = await ask(loaded, reply.suggestions[0].removeprefix("/vllm "))
        assert any(f"{merged.total} " in n and "30 days" in n for n in reply.notes), reply.notes
    # none in 30 days either: the newest merged one of all time is named and asked for
    old = _gh(
        90777, "[Model] Support Zorblax-7", created="2025-09-01T10:00:00Z", merged="2025-09-02T10:00:00Z"
    )
    await loaded.upsert_prs([pull_request_from_record(REPO, old)])
    reply = await ask(loaded, "anything still open for zorblax")
    assert reply.suggestions == ("/vllm zorblax merged all time newest first",), reply.suggestions
    assert any("#90777" in n and "Sep 2, 2025" in n for n in reply.notes), reply.notes
    # drafts alike: "any drafts for zorblax" (none is a draft now) points to what merged
    drafts = await ask(loaded, "any drafts for zorblax")
    assert drafts.suggestions == ("/vllm zorblax merged all time newest first",), drafts.suggestions
    assert any(n.startswith("None is a draft now") for n in drafts.notes), drafts.notes


async def test_a_word_that_names_the_asked_thing_s_topic_is_read_not_ignored(loaded: Store) -> None:
    """ "nixl connector": NIXL is a KV connector, so "connector" says the topic again; the answer
    is NIXL's PRs and no note calls the word ignored (it was read). A word that is no part of the
    asked thing's topic is still noted."""
    for question in (
        "nixl connector 2026-02-05..2026-02-14",
        "any lmcache connector fixes 2026-02-05..2026-02-14",
    ):
        reply = await ask(loaded, question)
        assert not any(n.startswith("ignored") for n in reply.notes), (question, reply.notes)
        alone = await ask(loaded, question.replace(" connector", ""))
        assert numbers(reply) == numbers(alone), question
    kept = await ask(loaded, "nixl backend 2026-02-05..2026-02-14")
    assert "ignored: backend" in kept.notes


async def test_a_word_that_is_another_word_plus_an_ending_is_no_typo_of_it(loaded: Store) -> None:
    """ "encoder decoder" found the PRs that say "encoder-decoder" and still asked "did you mean
    decode?": a word that is a known word with an English ending ("decoder", "decodes") is a word
    of its own, not a misspelling, so no "did you mean" (written for this test)."""
    reply = await ask(loaded, "encoder decoder 2026-02-05..2026-02-14")
    assert 33900 in numbers(reply), reply.title
    assert not any("did you mean" in n for n in reply.notes), reply.notes


async def _import_own(store: Store, tmp_path: Path, records: Sequence[dict[str, Any]]) -> None:
    """A store holding only `records` (GitHub's shape), imported as `import` does."""
    path = tmp_path / "own.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    assert not (await import_file(store, path, REPO)).bad


async def test_quoted_title_words_find_those_titles_and_a_pasted_title_its_own_pr(
    store: Store, tmp_path: Path
) -> None:
    """`prs with "sampler" in the title` lists the titles that say it, of any time (the Sampling
    term also lists a top-k kernel that never says "sampler"); a pasted title finds the PR of that
    very title, not the revert that quotes it; a named time still bounds the search. Records of our
    own, written for this test."""
    records = [
        _gh(95001, "[Kernel] Gemma-4 FA4 FP8 Kernel", created="2025-11-01T10:00:00Z",
            merged="2025-11-13T10:00:00Z", author="kernel-dev"),
        _gh(95002, 'Revert "[Kernel] Gemma-4 FA4 FP8 Kernel"', created="2025-11-25T10:00:00Z",
            merged="2025-11-26T10:00:00Z", author="reverter"),
        _gh(95003, "[Sampler] Make the sampler skip unused logprobs", created="2026-02-09T10:00:00Z",
            merged="2026-02-12T10:00:00Z"),
        _gh(95004, "[Kernel] Faster top-k and top-p sampling", created="2026-02-09T10:00:00Z",
            merged="2026-02-11T10:00:00Z"),
        _gh(95005, "[Bugfix] Fix sampler crash with n>1", created="2025-12-01T10:00:00Z",
            merged="2025-12-02T10:00:00Z"),
    ]  # fmt: skip
    await _import_own(store, tmp_path, records)
    assert sorted(numbers(await ask(store, 'prs with "sampler" in the title'))) == [95003, 95005]
    assert numbers(await ask(store, "merged prs titled 'sampler' last week")) == [95003]
    empty = await ask(
        store, "prs titled 'sampler' in january"
    )  # none then: where there are, asked the same way
    suggested = next(s for s in empty.suggestions if "titled" in s)
    assert sorted(numbers(await ask(store, suggested.removeprefix("/vllm ")))) == [95003, 95005], suggested
    reply = await ask(store, 'who wrote "[Kernel] Gemma-4 FA4 FP8 Kernel"')
    assert numbers(reply) == [95001] and reply.title.startswith("1 person"), reply.title
    assert not any("ignored" in n for n in reply.notes), reply.notes


async def test_a_symptom_narrows_the_fixes_and_gives_way_to_a_subject(store: Store, tmp_path: Path) -> None:
    """ "fixes for illegal memory access" listed every bug fix of the week ("ignored: 'illegal',
    'memory', 'access'"): a symptom is what the fixes are about, so with nothing else asked the
    answer is the fixes that name it - none this week, one over all time; several symptoms are
    alternatives. Asked of a subject ("rocm crash fixes"), the subject's fixes stand when none
    says the symptom (the asker may not know how the fix was titled), the symptom set aside.
    Records of our own, written for this test."""
    records = [
        _gh(96001, "[Bugfix] Fix illegal memory access in MLA decode", created="2025-12-01T10:00:00Z",
            merged="2025-12-03T10:00:00Z"),
        _gh(96002, "[Bugfix][ROCm] Fix MoE weight loading for gfx942", created="2026-02-10T10:00:00Z",
            merged="2026-02-12T10:00:00Z"),
        _gh(96003, "[Bugfix] Fix hang in NCCL init with many ranks", created="2026-02-10T10:00:00Z",
            merged="2026-02-13T10:00:00Z"),
        _gh(96004, "[Bugfix] Avoid OOM when profiling long prompts", created="2026-02-10T10:00:00Z",
            merged="2026-02-13T11:00:00Z"),
    ]  # fmt: skip
    await _import_own(store, tmp_path, records)
    reply = await ask(store, "fixes for illegal memory access")
    assert numbers(reply) == [] and any("1 PR matches over all time" in n for n in reply.notes), reply.notes
    assert sorted(numbers(await ask(store, "any deadlock / out of memory fixes?"))) == [96003, 96004]
    reply = await ask(store, "rocm crash fixes")
    assert numbers(reply) == [96002] and any("ignored: 'crash'" in n for n in reply.notes), reply.notes
    assert len(numbers(await ask(store, "critical bug fixes"))) == 3


async def test_the_one_pr_named_by_what_it_did_is_found_whenever_it_merged(loaded: Store) -> None:
    """ "tell me about the X pr" names one PR the asker knows of: asked over any time, as "who
    wrote the X pr" was (it searched the last days and found nothing). Written for this test."""
    reply = await ask(loaded, "tell me about the grouped topk flashinfer pr")
    assert 33858 in numbers(reply), (reply.title, reply.notes)


async def test_a_gpu_no_pr_names_is_answered_by_its_family(store: Store, tmp_path: Path) -> None:
    """ "perf work for h200 this week" found nothing because no title says H200, though Hopper's
    (SM90) work is the H200's too: a part no PR names is asked as its family, said so; a part a PR
    does name, or one asked for "specifically", is answered precisely. Records of our own, written
    for this test."""
    records = [
        _gh(97001, "[Perf][Kernel] Faster FA3 decode on SM90", created="2026-02-10T10:00:00Z",
            merged="2026-02-11T10:00:00Z"),
        _gh(97002, "[Perf] Tune fused MoE configs for H100", created="2026-02-10T10:00:00Z",
            merged="2026-02-12T10:00:00Z"),
        _gh(97003, "[Perf] Speed up RMSNorm on MI300X", created="2026-02-10T10:00:00Z",
            merged="2026-02-12T11:00:00Z"),
    ]  # fmt: skip
    await _import_own(store, tmp_path, records)
    reply = await ask(store, "perf work for h200 last week")
    assert numbers(reply) == [97001], (reply.title, numbers(reply))
    assert any("'h200' → Hopper (SM90), its family" in n for n in reply.notes), reply.notes
    assert numbers(await ask(store, "h100 perf last week")) == [97002]
    assert numbers(await ask(store, "perf work for the h200 specifically, last week")) == []
    reply = await ask(store, "mi325x perf last week")
    assert numbers(reply) == [97003] and any("MI300X, its family" in n for n in reply.notes), reply.notes


async def test_accuracy_issues_are_fixes_of_wrong_outputs(store: Store, tmp_path: Path) -> None:
    """ "which prs fixed accuracy issues" listed a PR about issue labelling: wrong outputs are a
    symptom, named in a question by its words (gibberish, wrong outputs, accuracy), and the reading
    note quotes the word typed. Records of our own, written for this test."""
    records = [
        _gh(97101, "[Bugfix] Fix gibberish output with FP8 KV cache", created="2026-02-10T10:00:00Z",
            merged="2026-02-11T10:00:00Z"),
        _gh(97102, "[CI] Fix and extend PR/issue auto-labeling", created="2026-02-10T10:00:00Z",
            merged="2026-02-12T10:00:00Z"),
        _gh(97103, "[Bugfix] Fix accuracy drop of Qwen3 MoE with FP8", created="2026-02-10T10:00:00Z",
            merged="2026-02-12T11:00:00Z"),
    ]  # fmt: skip
    await _import_own(store, tmp_path, records)
    assert sorted(numbers(await ask(store, "which prs fixed accuracy issues last week"))) == [97101, 97103]
    reply = await ask(store, "any wrong outputs fixed last week?")
    assert sorted(numbers(reply)) == [97101, 97103], numbers(reply)
    assert any(n.startswith("wrong outputs → ") for n in reply.notes), reply.notes


async def test_removals_and_changed_defaults_are_the_two_halves_of_breaking(
    store: Store, tmp_path: Path
) -> None:
    """ "what got removed last week" listed every breaking change, a new default among them, and
    "any default changes" the removals: a question naming one half asks for that half; "breaking"
    or both halves keep them together. Records of our own, written for this test."""
    records = [
        _gh(97201, "[Misc] Remove the deprecated --foo-mode flag", created="2026-02-10T10:00:00Z",
            merged="2026-02-11T10:00:00Z"),
        _gh(97202, "[Core] Enable chunked prefill by default for pooling models",
            created="2026-02-10T10:00:00Z", merged="2026-02-12T10:00:00Z"),
    ]  # fmt: skip
    await _import_own(store, tmp_path, records)
    removed = await ask(store, "anything removed or deprecated last week?")
    assert numbers(removed) == [97201] and "Removals and deprecations" in removed.understood, (
        removed.understood
    )
    defaults = await ask(store, "did any defaults change last week")
    assert numbers(defaults) == [97202] and "Changed defaults" in defaults.understood, defaults.understood
    assert sorted(numbers(await ask(store, "breaking changes last week"))) == [97201, 97202]
    assert sorted(numbers(await ask(store, "removals and new defaults last week"))) == [97201, 97202]


async def test_leaving_out_bots_leaves_out_every_bot_account(store: Store, tmp_path: Path) -> None:
    """ "top contributors this month excluding bots" searched titles for "bots" (and "prs not by
    bots" left out a login "bots"): bots are the accounts GitHub marks as apps (`app/dependabot`,
    `renovate[bot]`); a person whose login merely holds "bot" stays. Records of our own, written
    for this test."""
    records = [
        _gh(97301, "Bump actions/checkout from 4 to 5", created="2026-02-10T10:00:00Z",
            merged="2026-02-11T10:00:00Z", author="app/dependabot"),
        _gh(97302, "Update dependency ruff to v0.9", created="2026-02-10T10:00:00Z",
            merged="2026-02-11T11:00:00Z", author="renovate[bot]"),
        _gh(97303, "[CI] Bump the flashinfer pin", created="2026-02-10T10:00:00Z",
            merged="2026-02-12T10:00:00Z", author="dbotwinick"),
    ]  # fmt: skip
    await _import_own(store, tmp_path, records)
    for text in ("prs last week excluding bots", "prs not by bots last week", "last week's prs, no bots"):
        reply = await ask(store, text)
        assert numbers(reply) == [97303] and "not by bots" in reply.understood, (text, reply.understood)
    assert len(numbers(await ask(store, "prs last week"))) == 3


async def test_windows_of_different_lengths_side_by_side_say_their_pace(loaded: Store) -> None:
    """ "rocm this month vs last month" in mid-February set 16 days beside January's 31 with no
    word of it, so half a month read as a drop: windows of different lengths say how long each is
    and how many PRs a day each had; windows of one length say nothing more."""
    uneven = await ask(loaded, "rocm this month vs last month")
    assert any(n.startswith("The windows differ in length (16 vs 31 days)") for n in uneven.notes), (
        uneven.notes
    )
    even = await ask(loaded, "rocm last week vs the week before")
    assert not any("differ in length" in n for n in even.notes), even.notes
