"""The offline weekly digest of one real vLLM week (shared data plus a few PRs of our own)."""

from __future__ import annotations

import asyncio
import json
import re
from datetime import UTC, date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.adapters.markdown_render import render_digest_markdown
from bot.store import open_store
from handlers.app import BotHandlers
from handlers.digest import (
    DigestWindowError,
    build_digest,
    digest_from_dict,
    digest_json,
    digest_seed,
    digest_to_dict,
    last_full_week,
    window_for_dates,
    window_key,
)
from handlers.digest_facts import clean_title, spans
from handlers.models import Code, Digest, DigestCounts, DigestTopic, PRRef, TableRow, Text
from handlers.ports import Store
from tests.handlers import digest_data as data

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
GOLDEN = FIXTURES / "digest-vllm-2026-02-23.md"
# A digest of this week as the stores held it before handlers/codec.py wrote digests (format 2,
# trimmed to two areas, with a table row and a note so every kind of stored value is in it).
STORED_FORMAT_2 = FIXTURES / "stored-digest-format2.json"


async def _build(store_url: str, **overrides: object) -> Digest:
    store = open_store(store_url)
    try:
        settings = data.settings(**overrides)
        return await build_digest(
            settings, data.window(), store=store, classifications=data.classification_service(store, settings)
        )
    finally:
        await store.close()


@pytest.fixture(scope="module")
def week(tmp_path_factory: pytest.TempPathFactory, shared_data: Path) -> data.Week:
    url = f"sqlite:///{tmp_path_factory.mktemp('digest') / 'week.db'}"
    return data.load_week_sync(url, shared_data)


@pytest.fixture(scope="module")
def digest(week: data.Week) -> Digest:
    return asyncio.run(_build(week.store_url))


def _facade(store: Store) -> BotHandlers:
    settings = data.settings()
    classifications = {data.REPO: data.classification_service(store, settings)}
    return BotHandlers(store=store, repos=[settings], classifications=classifications, clock=data.fixed_now)


def _in_window(week: data.Week) -> list:
    w = data.window()
    return [pr for pr in week.prs if w.contains(pr.created_at) or w.contains(pr.merged_at)]


def _prose_numbers(digest: Digest) -> set[int]:
    return {n for s in digest.sections for p in s.points for n in p.cited} | {
        r.number for row in digest.table for r in row.key_prs
    }


def test_title_names_the_repo_and_the_window_dates(digest: Digest) -> None:
    """The title reads "PR digest for OWNER/NAME · START – END"."""
    assert digest.title == "PR digest for vllm-project/vllm · Feb 23 – Mar 1, 2026"


def test_takeaways_state_the_total_and_number_the_busiest_topics_with_their_totals(digest: Digest) -> None:
    """Key takeaways give the PR total and (1) (2) (3) for the busiest area topics, each its total."""
    text = "".join(s.text for s in digest.takeaways if isinstance(s, Text))
    assert f"{digest.counts.total} PRs were opened or merged" in text
    taxonomy = data.settings().taxonomy
    named = [t for t in digest.topics if (taxonomy.topic(t.key) and taxonomy.topic(t.key).section)]
    for i, topic in enumerate(named[:3], 1):
        assert f"({i}) {topic.name} ({topic.total} PRs)" in text


def test_sections_come_most_active_first_with_other_changes_last(digest: Digest) -> None:
    """Areas are ordered by PR count; the catch-all area closes the digest."""
    named = [s for s in digest.sections if s.title != "Other changes"]
    assert [s.pr_count for s in named] == sorted((s.pr_count for s in named), reverse=True)
    assert digest.sections[-1].title == "Other changes"


def test_footer_counts_equal_counts_computed_independently(week: data.Week, digest: Digest) -> None:
    """Opened, merged, closed, open, authors, first-timers and bots match a recount of the data."""
    w = data.window()
    scope = _in_window(week)
    humans = {pr.author for pr in scope if not pr.is_bot}
    earliest: dict[str, datetime] = {}
    for pr in week.prs:
        earliest[pr.author] = min(earliest.get(pr.author, pr.created_at), pr.created_at)
    c = digest.counts
    assert c.total == len(scope)
    assert c.opened == sum(1 for pr in scope if w.contains(pr.created_at))
    assert c.merged == sum(1 for pr in scope if pr.merged_at and pr.merged_at < w.until)
    assert c.closed_unmerged == 1  # 90004
    assert c.still_open == c.total - c.merged - c.closed_unmerged
    assert c.authors == len(humans)
    assert c.first_time_authors == sum(1 for a in humans if earliest[a] >= w.since)
    assert c.bot_prs == 2


def test_every_cited_pr_is_in_the_window(week: data.Week, digest: Digest) -> None:
    """No point or table row cites a PR outside the window's scope, except the PR that a cited
    revert names as the one it reverts (linked beside it: "(reverts PR#M)")."""
    scope = {pr.number for pr in _in_window(week)}
    named = {int(n) for pr in _in_window(week) for n in re.findall(r"#(\d{3,9})", pr.title)}
    assert set(digest.cited) <= scope | named
    assert digest.cited and scope & set(digest.cited)


def test_bot_prs_are_counted_but_never_described(digest: Digest) -> None:
    """dependabot and pre-commit-ci PRs are in the counts only."""
    assert digest.counts.bot_prs == 2
    assert not {90005, 90006} & _prose_numbers(digest)
    bots = next(s for s in digest.more if s.key == "bots")
    assert set(bots.prs) == {90005, 90006}


def test_bots_are_described_when_the_repo_includes_them(week: data.Week) -> None:
    """include_bots puts bot PRs back into the areas."""
    digest = asyncio.run(_build(week.store_url, include_bots=True))
    areas = {s.key: set(s.prs) for s in (*digest.sections, *digest.more)}
    assert sum(len(prs) for prs in areas.values()) == digest.counts.total


def test_the_proper_is_short_and_every_other_pr_is_listed_in_the_continuation(
    week: data.Week, digest: Digest
) -> None:
    """At most 40 PRs are cited in the points; every other in-scope PR is in "All PRs by area"."""
    cited = {n for sec in digest.sections for p in sec.points for n in p.cited}
    assert 20 <= len(cited) <= 40
    listed = {n for sec in digest.more for p in sec.points for n in p.cited}
    assert cited | listed >= {pr.number for pr in _in_window(week)}
    assert not cited & listed


def test_related_prs_are_grouped_into_one_point(digest: Digest) -> None:
    """A point groups related PRs as sub-bullets under one lead (as the examples group work)."""
    assert any(len(p.children) >= 2 for s in digest.sections for p in s.points)


def test_json_facts_hold_window_counts_topics_sections_and_mentions(digest: Digest) -> None:
    """`digest --format json`: inclusive window, counts, topic totals, area PRs, mentioned PRs."""
    facts = digest_json(digest, UTC)
    assert facts["window"] == {"since": "2026-02-23", "until": "2026-03-01", "label": "Feb 23 – Mar 1, 2026"}
    assert facts["counts"]["total"] == digest.counts.total
    rocm = facts["topics"]["rocm"]
    assert rocm["total"] >= rocm["merged"] and rocm["name"] == "ROCm"
    assert sum(len(s["prs"]) for s in facts["sections"]) == digest.counts.total
    assert set(facts["mentioned"]) == set(digest.cited)


def test_prs_not_merged_show_their_state(digest: Digest) -> None:
    """A PR still open at the window's end says "(open)" next to its title."""
    markdown = render_digest_markdown(digest)
    assert "(open) [PR#" in markdown


def test_no_point_leads_a_title_with_its_tag_prefix(digest: Digest) -> None:
    """`[Bugfix]`-style prefixes are stripped from titles in the prose."""
    for section in digest.sections:
        for point in section.points:
            for run in (point.body, *point.children):
                if not run:
                    continue
                first = run[0]
                assert not (isinstance(first, Text) and re.match(r"\s*\[", first.text))


def test_highlights_are_the_heaviest_cited_prs_and_the_markdown_leaves_them_to_the_points(
    digest: Digest,
) -> None:
    """The highlights cite PRs of the digest's points, and the PR with a measured gain has a point
    of its own that keeps the gain;
    the takeaways are the examples' one sentence of totals, and the Markdown, where the points
    follow right below, does not repeat the highlights."""
    refs = [s.number for s in digest.highlights if isinstance(s, PRRef)]
    assert len(refs) == 3 and set(refs) <= {n for s in digest.sections for p in s.points for n in p.cited}
    # "[ROCm] Add AITER fused MoE kernel, 2.1x faster decode": a point of its own, its gain kept
    markdown = render_digest_markdown(digest, full=False)
    assert any("2.1x faster decode" in line and "pull/90002" in line for line in markdown.splitlines())
    assert not [s for s in digest.takeaways if isinstance(s, PRRef)]
    takeaways = render_digest_markdown(digest, full=False).split("\n### ")[0]
    assert "Highlights" not in takeaways and "pull/90002" not in takeaways


def test_offline_markdown_matches_the_golden_file(digest: Digest) -> None:
    """The rendered offline digest is stable (PRBOT_REGEN_GOLDEN=1 rewrites the golden file)."""
    import os

    markdown = render_digest_markdown(digest)
    if os.environ.get("PRBOT_REGEN_GOLDEN"):
        GOLDEN.write_text(markdown, encoding="utf-8")
    assert markdown == GOLDEN.read_text(encoding="utf-8")


def test_a_window_without_prs_says_so(tmp_path: Path) -> None:
    """An empty week gives a digest stating that nothing was opened or merged."""
    digest = asyncio.run(_build(f"sqlite:///{tmp_path / 'empty.db'}"))
    assert digest.sections == () and digest.counts.total == 0
    assert digest.takeaways == (Text("No PRs were opened or merged in this window."),)


def test_merged_scope_leaves_out_prs_only_opened_in_the_window(week: data.Week) -> None:
    """digest_scope = "merged" counts only PRs merged in the window."""
    digest = asyncio.run(_build(week.store_url, digest_scope="merged"))
    assert digest.counts.total == digest.counts.merged


# -- windows ---------------------------------------------------------------------------------------------


def test_default_window_is_the_last_full_monday_week_in_the_repo_timezone() -> None:
    """On Wednesday 4 March the default is Monday 23 Feb – Sunday 1 March, local midnight to midnight."""
    tz = ZoneInfo("America/Los_Angeles")
    w = last_full_week(datetime(2026, 3, 4, 12, tzinfo=UTC), tz, "monday")
    assert w.label == "Feb 23 – Mar 1, 2026"
    assert w.since == datetime(2026, 2, 23, 8, tzinfo=UTC)
    assert w.until == datetime(2026, 3, 2, 8, tzinfo=UTC)


def test_sunday_weeks_start_on_sunday() -> None:
    """week_start = sunday gives Sunday – Saturday."""
    w = last_full_week(datetime(2026, 3, 4, 12, tzinfo=UTC), ZoneInfo("UTC"), "sunday")
    assert w.label == "Feb 22 – Feb 28, 2026"


def test_a_window_ending_before_it_starts_is_refused() -> None:
    """--since after --until is one clear error."""
    with pytest.raises(DigestWindowError, match="ends .* before it starts"):
        window_for_dates(date(2026, 3, 1), date(2026, 2, 1), ZoneInfo("UTC"))


# -- storage, threads, text helpers ----------------------------------------------------------------------


def test_a_digest_survives_the_round_trip_through_its_dict(digest: Digest) -> None:
    """digest_from_dict(digest_to_dict(d)) == d, and the dict lists the cited PRs."""
    stored = digest_to_dict(digest)
    assert digest_from_dict(stored) == digest
    assert stored["cited"] == list(digest.cited)


def test_a_digest_stored_in_the_earlier_format_loads_and_is_written_back_byte_for_byte() -> None:
    """A digest as SQLite/Redis held it before highlights had a field of their own decodes with its
    spans, areas, table and counts, and encodes to the very same text plus that one empty key."""
    text = STORED_FORMAT_2.read_text(encoding="utf-8").rstrip("\n")
    digest = digest_from_dict(json.loads(text))
    assert (digest.mode, digest.scope, digest.window.label) == (
        "llm",
        "opened_or_merged",
        "Feb 23 – Mar 1, 2026",
    )
    assert digest.takeaways[4] == PRRef(90002, "https://github.com/vllm-project/vllm/pull/90002")
    cpu, cuda = digest.sections[0].points[:2]
    assert cpu.children[0][2] == PRRef(35081, "https://github.com/vllm-project/vllm/pull/35081")
    assert cuda.body[:2] == (Text("Add CUDA torch fallbacks for "), Code("fp8_mqa_logits"))
    assert (digest.sections[0].key, len(digest.sections[0].prs), digest.more[0].key) == (
        "hardware",
        63,
        "hardware",
    )
    assert digest.table[0] == TableRow(
        "Kernels", (PRRef(35211, "https://github.com/vllm-project/vllm/pull/35211"),), "Faster MoE on Hopper"
    )
    assert digest.topics[0] == DigestTopic("bugfix", "Bug fixes", 138, 83, 89, 0)
    assert digest.counts == DigestCounts(405, 260, 239, 1, 165, 207, 63, 2)
    assert digest.highlights == ()
    assert json.dumps(digest_to_dict(digest), ensure_ascii=False) == text.replace(
        ', "cited": ', ', "highlights": [], "cited": '
    )


def test_a_digest_stored_in_the_first_format_loads_with_the_later_fields_empty() -> None:
    """Format 1 had no topics, continuation, scope or area keys: such a digest still loads."""
    data = json.loads(STORED_FORMAT_2.read_text(encoding="utf-8"))
    for key in ("more", "topics", "scope"):
        del data[key]
    for section in data["sections"]:
        for key in ("key", "headline", "prs"):
            del section[key]
    data["format"] = 1
    digest = digest_from_dict(data)
    assert (digest.more, digest.topics, digest.scope) == ((), (), "opened_or_merged")
    assert [(s.title, s.key, s.prs, s.pr_count) for s in digest.sections] == [
        ("Hardware backends", "", (), 63),
        ("Models & multimodal", "", (), 56),
    ]
    assert digest.cited == tuple(data["cited"])


def test_a_digest_seed_carries_every_in_scope_pr_cited_ones_first(week: data.Week, digest: Digest) -> None:
    """The thread seed lists the cited PRs first, then every other in-scope PR, so `more` and
    topic narrowing in the thread reach PRs the digest proper left out."""
    seed = digest_seed(digest)
    assert (seed.kind, seed.since, seed.until) == ("digest", digest.window.since, digest.window.until)
    scope = {pr.number for pr in _in_window(week)}
    cited = tuple(n for n in digest.cited if n in scope)  # not a reverted PR linked from outside it
    assert seed.pr_numbers[: len(cited)] == cited
    assert set(seed.pr_numbers) == scope
    assert seed.shown == len(cited)


async def test_the_facade_builds_and_stores_the_digest_by_repo_and_window(
    store: Store, shared_data: Path
) -> None:
    """BotHandlers.digest stores the digest so thread follow-ups can find it later."""
    await store.upsert_prs(data.added_prs())
    app = _facade(store)
    digest = await app.digest(data.REPO)
    stored = await store.get_digest(data.REPO, window_key(data.window()))
    assert stored is not None and digest_from_dict(stored) == digest


def test_identifiers_in_titles_become_code_spans() -> None:
    """snake_case, CamelCase, dotted paths and backticked text are code; product names are not."""
    assert spans("Fix `foo bar` in ModelState and use_fast for torch.cuda.empty_cache on FlashInfer") == (
        Text("Fix "),
        Code("foo bar"),
        Text(" in "),
        Code("ModelState"),
        Text(" and "),
        Code("use_fast"),
        Text(" for "),
        Code("torch.cuda.empty_cache"),
        Text(" on FlashInfer"),
    )


def test_clean_title_strips_tags_kinds_and_trailing_refs() -> None:
    """`[ROCm][Bugfix] fix: x (#123)` reads as "X"."""
    assert clean_title("[ROCm][Bugfix] fix: wrong dtype (#123)") == "Wrong dtype"
    assert clean_title("[Model Runner V2] Add model states [1/N]") == "Add model states [1/N]"


def test_pr_refs_carry_the_stored_url(digest: Digest) -> None:
    """Every citation links the URL stored for that PR."""
    refs = [s for sec in digest.sections for p in sec.points for s in p.body if isinstance(s, PRRef)]
    assert refs and all(r.url == f"https://github.com/vllm-project/vllm/pull/{r.number}" for r in refs)


def test_a_window_across_new_year_names_both_years() -> None:
    """Dec 29, 2025 – Jan 4, 2026: the label names each year when the window spans two."""
    from handlers.digest import week_ending

    assert week_ending(date(2026, 1, 4), UTC).label == "Dec 29, 2025 – Jan 4, 2026"


@pytest.mark.parametrize(("message", "topic"), [("rocm", "rocm"), ("list all the ci prs", "ci-build")])
async def test_narrowing_a_digest_thread_by_topic_reaches_the_topics_total(
    week: data.Week, message: str, topic: str
) -> None:
    """`rocm` in a digest's thread finds every ROCm PR of the window, cited or not: the topic's
    total. So does "list all the ci prs", which listed every CI PR of the history: "all" asks for
    the whole history only as a command; in the thread it is all of the digest's."""
    from handlers.models import ThreadKey

    store = open_store(week.store_url)
    try:
        app = _facade(store)
        digest = await app.digest(data.REPO)
        key = ThreadKey("slack", "C1", "1700000000.000100")
        await app.remember(key, digest_seed(digest))
        reply = await app.followup(key, message)
        total = next(t for t in digest.topics if t.key == topic).total
        assert reply.total == total, (reply.title, reply.understood)
    finally:
        await store.close()


def test_a_linked_pr_outside_the_window_stays_out_of_the_thread_seed(digest: Digest) -> None:
    """A point linking the PR it reverts (merged months ago) names it, but the thread's PRs, and so
    every follow-up count, hold only the window's PRs."""
    from dataclasses import replace

    from handlers.models import DigestPoint

    old = PRRef(1, "https://github.com/vllm-project/vllm/pull/1")
    first = digest.sections[0]
    point = DigestPoint("Revert", (Text("Revert x "), PRRef(first.prs[0], "u"), Text(" (reverts "), old))
    linked = replace(digest, sections=(replace(first, points=(point, *first.points)), *digest.sections[1:]))
    seed = digest_seed(linked)
    assert 1 in linked.cited and 1 not in seed.pr_numbers
    assert len(seed.pr_numbers) == digest.counts.total
