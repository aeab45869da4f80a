"""The offline writer's grouping and the digest proper's length on real weeks of the 12k history."""

from __future__ import annotations

import json
import random
import re
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from bot.adapters.markdown_render import render_digest_markdown
from bot.services.heuristic import HeuristicClassifier
from bot.services.pr_record import pull_request_from_record
from handlers.digest import window_for_dates, write_offline
from handlers.digest_facts import AreaFacts, compute_facts
from handlers.digest_offline import _group_area, clean_title
from handlers.models import PullRequest
from tests.handlers import digest_data as data

T0 = datetime(2026, 2, 24, tzinfo=UTC)


def _pr(number: int, title: str) -> PullRequest:
    url = f"https://github.com/{data.REPO}/pull/{number}"
    return PullRequest(
        data.REPO, number, title, "a", "closed", T0, T0, url, merged_at=T0 + timedelta(hours=1)
    )


def _facts(prs: list[PullRequest]):  # type: ignore[no-untyped-def]
    taxonomy = data.settings().taxonomy
    classifier = HeuristicClassifier(taxonomy)
    classes = {pr.number: classifier.classify_one(pr) for pr in prs}
    window = window_for_dates(date(2026, 2, 23), date(2026, 3, 1), UTC)
    return compute_facts(data.REPO, window, prs, classes, {}, taxonomy), taxonomy


def test_a_tagged_topic_keeps_its_best_rank_whatever_the_pr_order() -> None:
    """Regression: the rank of `topic:rocm` was overwritten by the last PR's classification rank, so
    `[ROCm]`-tagged PRs left the ROCm point when a PR classified ROCm only by a keyword came last."""
    tagged = [
        _pr(1, "[ROCm] Enable AITER MLA fusion"),
        _pr(2, "[ROCm] Fix GEMM tuning on MI325"),
        _pr(3, "[ROCm] Add AITER fused MoE"),
        _pr(4, "[AMD] Derive device capability from GCN arch"),
    ]
    keyword_only = _pr(5, "[CI] Run the hipblaslt tests nightly")  # ROCm by keyword, not by tag
    others = [_pr(6, "[XPU] Add int4 GEMM"), _pr(7, "[CPU] Enable AMX kernels"), _pr(8, "[TPU] Fix pallas")]
    for order in (others + tagged + [keyword_only], [keyword_only] + tagged + others):
        facts, taxonomy = _facts(order)
        area = AreaFacts("hardware", "Hardware backends", 3, tuple(order))
        groups = _group_area(facts, taxonomy, area)
        rocm = next(g for g in groups if g.lead == "ROCm")
        assert {1, 2, 3, 4} <= {pr.number for pr in rocm.prs}, [g.lead for g in groups]


def _points(prs: list[PullRequest]) -> list[str]:
    """The digest proper's points as `lead: text` lines."""
    facts, taxonomy = _facts(prs)
    digest = write_offline(facts, taxonomy, "opened_or_merged")
    lines = []
    for section in digest.sections:
        for point in section.points:
            for body in (point.body, *point.children):
                if body:
                    lines.append(f"{point.lead}: " + "".join(getattr(s, "text", "") for s in body))
    return lines


def test_a_point_keeps_the_subject_a_cut_tag_named() -> None:
    """`[Model][MiniMax-M3] Add pipeline parallelism support` under a distributed lead read "Add
    pipeline parallelism support": the tag naming the model stays; a tag the title or the lead
    already names (`[DSv4] ... for DeepSeek V4`), a series `[2/N]` or a version `[V1]` does not."""
    lines = _points(
        [
            _pr(1, "[Model][MiniMax-M3] Add pipeline parallelism support"),
            _pr(2, "[DSv4] Pack KV caches into contiguous per-block allocations for DeepSeek V4"),
            _pr(3, "[2/N][V1] Add the async scheduler for pipeline parallelism"),
        ]
    )
    text = "\n".join(lines)
    assert "MiniMax-M3: Add pipeline parallelism support" in text, text
    assert "DSv4:" not in text and "2/N:" not in text and "V1:" not in text, text


def test_a_lone_point_is_led_by_a_whole_name_not_part_of_one() -> None:
    """`MiniMaxText01` once led its point as "MaxText01", and INT4 next to INT8 as "INT"."""
    lines = _points(
        [
            _pr(1, "[Model] Remove MiniMaxText01, MiniMaxVL01, MiniMaxForCausalLM"),
            _pr(2, "[Feature] Triton INT4 per-token-head KV cache quantization"),
            _pr(3, "[Kernel] Add INT8 W8A8 GEMM for Hopper with 1.3x throughput"),
        ]
    )
    leads = {line.split(":", 1)[0] for line in lines}
    assert not any(lead in ("MaxText01", "INT", "FP") for lead in leads), lines


def test_a_gain_the_title_states_is_quoted_once_and_whole() -> None:
    """Regression: a title cut right after its claim lost the claim's last word ("5% E2E
    throughput…") and the point then added it again (", with a reported 5% E2E throughput gain")."""
    title = (
        "[Perf] Fix moe `reduce_scatter` perf regression by removing additional comm, "
        "5% E2E throughput gain back."
    )
    (line,) = _points([_pr(1, title)])
    assert line.count("5% E2E throughput") == 1 and "throughput gain" in line, line
    assert "with a reported" not in line, line


def _weeks(shared_data: Path, count: int | None) -> list[tuple[date, list[PullRequest]]]:
    """`count` different Monday weeks of the merged history, picked reproducibly (all when None)."""
    by_week: dict[date, list[PullRequest]] = {}
    with (shared_data / "merged-pulls.jsonl").open() as fh:
        for line in fh:
            pr = pull_request_from_record(data.REPO, json.loads(line))
            day = pr.merged_at.date()  # type: ignore[union-attr]
            by_week.setdefault(day - timedelta(days=day.weekday()), []).append(pr)
    full = sorted(w for w, prs in by_week.items() if len(prs) >= 150)
    chosen = full if count is None else random.Random(16).sample(full, count)
    return [(w, by_week[w]) for w in chosen]


@pytest.fixture(scope="module")
def five_weeks(shared_data: Path) -> list[tuple[date, list[PullRequest]]]:
    return _weeks(shared_data, 5)


def test_every_week_of_the_history_fills_the_budget_without_passing_it(shared_data: Path) -> None:
    """The digest proper's Markdown length is estimated while its points are chosen, so it is
    checked on every full week of the 12k history: never over 6,000 characters or 40 cited PRs,
    and the room is used (an estimate that drifted high would cite fewer PRs than fit)."""
    weeks = _weeks(shared_data, None)
    assert len(weeks) >= 50
    taxonomy = data.settings().taxonomy
    classifier = HeuristicClassifier(taxonomy)
    for monday, prs in weeks:
        classes = {pr.number: classifier.classify_one(pr) for pr in prs}
        window = window_for_dates(monday, monday + timedelta(days=6), UTC)
        facts = compute_facts(data.REPO, window, prs, classes, {}, taxonomy, scope="merged")
        digest = write_offline(facts, taxonomy, "merged")
        size = len(render_digest_markdown(digest, full=False))
        cited = {n for s in digest.sections for p in s.points for n in p.cited}
        assert 5600 <= size <= 6000 and 32 <= len(cited) <= 40, (monday, size, len(cited))


def test_a_point_does_not_say_its_title_twice(shared_data: Path) -> None:
    """In the week of Mar 23 2026 `[Feat][Spec Decode] DFlash` was led by the thing it names:
    "**DFlash**: DFlash". A lead that is the whole title again says what kind of work it is."""
    (prs,) = [prs for monday, prs in _weeks(shared_data, None) if monday == date(2026, 3, 23)]
    taxonomy = data.settings().taxonomy
    classifier = HeuristicClassifier(taxonomy)
    classes = {pr.number: classifier.classify_one(pr) for pr in prs}
    window = window_for_dates(date(2026, 3, 23), date(2026, 3, 29), UTC)
    digest = write_offline(
        compute_facts(data.REPO, window, prs, classes, {}, taxonomy, scope="merged"), taxonomy, "merged"
    )
    titles = {pr.number: pr.title for pr in prs}
    lone = [(p.lead, titles[p.cited[0]]) for s in digest.sections for p in s.points if p.body]
    assert any(title.endswith("] DFlash") for _, title in lone), "the week no longer cites #36847"
    assert all(
        re.sub(r"\W+", "", lead).lower() != re.sub(r"\W+", "", clean_title(title)).lower()
        for lead, title in lone
    ), [lead for lead, title in lone if lead.lower() in title.lower()]


def test_the_digest_proper_stays_under_6000_characters_on_five_real_weeks(five_weeks) -> None:  # type: ignore[no-untyped-def]
    """On five different weeks of the 12k history the Markdown digest proper is at most 6,000
    characters with 20–40 cited PRs, and every other PR of the week is in the continuation."""
    assert len({w for w, _ in five_weeks}) == 5
    for monday, prs in five_weeks:
        taxonomy = data.settings().taxonomy
        classifier = HeuristicClassifier(taxonomy)
        classes = {pr.number: classifier.classify_one(pr) for pr in prs}
        window = window_for_dates(monday, monday + timedelta(days=6), UTC)
        facts = compute_facts(data.REPO, window, prs, classes, {}, taxonomy)
        digest = write_offline(facts, taxonomy, "opened_or_merged")
        proper = render_digest_markdown(digest, full=False)
        assert len(proper) <= 6000, (monday, len(proper))
        cited = {n for s in digest.sections for p in s.points for n in p.cited}
        assert 20 <= len(cited) <= 40, (monday, len(cited))
        listed = {n for s in digest.more for p in s.points for n in p.cited}
        assert cited | listed >= {pr.number for pr in facts.prs}, monday


EXPERT = Path(__file__).resolve().parents[1] / "fixtures" / "expert-picks"


def test_the_digest_proper_names_what_an_expert_singled_out(shared_data: Path) -> None:
    """Expert digests of fifty-three weeks (written blind, in the examples' format, ~40 picks each;
    tests/fixtures/expert-picks): the offline digest proper names more than half of their picks:
    60.1 % (1,310 of 2,179) with the learned nudge of handlers/digest_rank.py, trained on all of
    these weeks, and points chosen by weight alone (no area sure of a point). That in-sample
    figure is a regression guard, not the quality: the honest figures are leave-one-week-out
    and the weeks scored before they were trained on (37-67 % per week, docs/digest.md records
    each); the hand weights alone fall under this guard. Every pick is reachable (digest proper or
    "All PRs by area")."""
    weeks = [json.loads(p.read_text()) for p in sorted(EXPERT.glob("picks-*.json"))]
    assert len(weeks) == 53
    ends = {date.fromisoformat(w["week_ending"]): w for w in weeks}
    by_week: dict[date, list[PullRequest]] = {end: [] for end in ends}
    with (shared_data / "merged-pulls.jsonl").open() as fh:
        for line in fh:
            pr = pull_request_from_record(data.REPO, json.loads(line))
            day = pr.merged_at.date()  # type: ignore[union-attr]
            for end in ends:
                if end - timedelta(days=7) <= day < end:
                    by_week[end].append(pr)
    taxonomy = data.settings().taxonomy
    classifier = HeuristicClassifier(taxonomy)
    picked = named = reachable = 0
    for end, prs in by_week.items():
        classes = {pr.number: classifier.classify_one(pr) for pr in prs}
        window = window_for_dates(end - timedelta(days=7), end - timedelta(days=1), UTC)
        facts = compute_facts(data.REPO, window, prs, classes, {}, taxonomy, scope="merged")
        digest = write_offline(facts, taxonomy, "merged")
        cited = {n for s in digest.sections for p in s.points for n in p.cited}
        listed = {n for s in digest.more for p in s.points for n in p.cited}
        picks = set(ends[end]["picks"])
        picked += len(picks)
        named += len(picks & cited)
        reachable += len(picks & (cited | listed))
    assert picked >= 1400
    assert named / picked >= 0.59, (named, picked)
    assert reachable == picked


def test_leads_name_things_as_written_and_say_a_signal_once() -> None:
    """Titles written for this test. Removed architectures are one point, not one point per class
    led by the class it removes ("**BarForCausalLM**: Remove `BarForCausalLM`"); the repository's
    own name leads nothing ("**VLLM**"); `torch.compile` and `gpt-oss` keep their spelling; a
    family's version letter stays the version's ("Deepseekv"); a point led by "Breaking change"
    does not say "(breaking change)" again."""
    lines = _points(
        [
            _pr(1, "[Model] Remove `BarForCausalLM` (deprecated since v0.12)"),
            _pr(2, "[Model] Remove `QuxForConditionalGeneration`"),
            _pr(3, "[Model] Remove `ZedForCausalLM` and `ZedModel`"),
            _pr(4, "Stop exporting `HF_HOME` inside vLLM workers, add a `--hf-home` flag"),
            _pr(5, "[torch.compile] Add a cache for piecewise graphs, 20% faster cold start"),
            _pr(6, "[torch.compile] Fix recompiles on dynamic shapes"),
            _pr(7, "[gpt-oss] Add harmony tool calling, 2x faster streaming"),
            _pr(8, "[gpt-oss] Fix a crash in the reasoning parser"),
            _pr(9, "[Perf] Speed up DeepseekV2 MLA prefill by 15%"),
            _pr(10, "[Perf] Fuse the DeepseekV3 router, 1.2x decode throughput"),
        ]
    )
    leads = [line.split(":", 1)[0] for line in lines]
    removals = [line for line in lines if "Remove" in line and "For" in line]
    assert len(removals) == 3 and {line.split(":", 1)[0] for line in removals} == {"Model architectures"}, (
        lines
    )
    assert not any(lead.lower() == "vllm" for lead in leads), leads
    assert "torch.compile" in leads and "gpt-oss" in leads, leads
    assert "Torch.compile" not in leads and "Gpt-oss" not in leads and "Deepseekv" not in leads, leads
    assert not any(line.startswith("Breaking change:") and "(breaking change)" in line for line in lines), (
        lines
    )
    assert any(line.startswith("Breaking change:") for line in lines), lines
