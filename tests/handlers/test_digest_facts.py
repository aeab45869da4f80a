"""What a digest computes before any prose (handlers/digest_facts.py): state at the window's end,
scope, counts, topic totals, areas, and the title and code-span helpers."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from handlers.digest_facts import (
    OTHER_NAME,
    clean_title,
    compute_facts,
    in_scope,
    spans,
    status_at,
    title_tags,
)
from handlers.models import Classification, Code, PullRequest, Section, Taxonomy, Text, Topic, Window

SINCE = datetime(2026, 2, 23, tzinfo=UTC)
WINDOW = Window(SINCE, SINCE + timedelta(days=7), "Feb 23 – Mar 1, 2026")
TAX = Taxonomy(
    name="t",
    version="1",
    topics=(
        Topic("rocm", "ROCm", section="hw"),
        Topic("ci", "CI & build", section="infra"),
        Topic("docs", "Documentation"),
    ),
    sections=(Section("hw", "Hardware backends", 1), Section("infra", "Infrastructure", 2)),
)


def pr(number: int, **fields: Any) -> PullRequest:
    values: dict[str, Any] = {
        "repo": "o/r",
        "number": number,
        "title": f"PR {number}",
        "author": "dev",
        "state": "open",
        "created_at": SINCE + timedelta(days=1),
        "updated_at": SINCE + timedelta(days=1),
        "url": "",
    }
    return PullRequest(**(values | fields))


def cls(number: int, *topics: str, impact: float = 0.5) -> Classification:
    return Classification("o/r", number, "h", "test", topics, impact=impact)


def test_the_state_is_read_at_the_windows_end() -> None:
    """A PR merged after the window is still open in it; one closed unmerged inside it is closed."""
    later = pr(
        1,
        state="closed",
        merged_at=WINDOW.until + timedelta(days=1),
        closed_at=WINDOW.until + timedelta(days=1),
    )
    closed = pr(2, state="closed", closed_at=SINCE + timedelta(days=2))
    assert status_at(later, WINDOW.until) == "open"
    assert status_at(closed, WINDOW.until) == "closed"
    assert status_at(pr(3, draft=True), WINDOW.until) == "draft"


def test_scope_picks_opened_merged_or_both() -> None:
    """An old PR merged in the window is in the merged scopes only; a new open one in the opened ones."""
    merged_old = pr(
        1, created_at=SINCE - timedelta(days=30), state="closed", merged_at=SINCE + timedelta(days=1)
    )
    opened = pr(2)
    assert in_scope(merged_old, WINDOW, "merged") and not in_scope(merged_old, WINDOW, "opened")
    assert in_scope(opened, WINDOW, "opened") and not in_scope(opened, WINDOW, "merged")
    assert in_scope(merged_old, WINDOW, "opened_or_merged") and in_scope(opened, WINDOW, "opened_or_merged")


def test_counts_topic_totals_and_areas_come_from_the_same_prs() -> None:
    """Every number is computed: totals by state, authors, bots left out of the prose, one area per
    PR (the most specific topic's section), topics largest first, unsectioned PRs under 'Other'."""
    prs = [
        pr(1, state="closed", merged_at=SINCE + timedelta(days=2), author="a"),
        pr(2, author="b"),
        pr(3, author="dependabot[bot]", author_type="Bot"),
        pr(4, author="a"),
        pr(5, created_at=SINCE - timedelta(days=60)),  # out of scope
    ]
    classes = {
        1: cls(1, "rocm", "ci"),
        2: cls(2, "ci"),
        3: cls(3, "ci"),
        4: cls(4, "docs"),
        5: cls(5, "rocm"),
    }
    facts = compute_facts("o/r", WINDOW, prs, classes, {"a": SINCE - timedelta(days=90), "b": SINCE}, TAX)
    assert [p.number for p in facts.prs] == [1, 2, 3, 4] and [p.number for p in facts.prose] == [1, 2, 4]
    counts = facts.counts
    assert (counts.total, counts.merged, counts.still_open, counts.bot_prs) == (4, 1, 3, 1)
    assert (counts.authors, counts.first_time_authors) == (2, 1)
    assert [(t.key, t.total) for t in facts.topics] == [("ci", 3), ("rocm", 1), ("docs", 1)]
    areas = {a.name: [p.number for p in a.prs] for a in facts.areas}
    assert areas == {"Hardware backends": [1], "Infrastructure": [2], OTHER_NAME: [4]}


def test_titles_lose_their_tags_kinds_and_trailing_references() -> None:
    """`[ROCm][Bugfix] fix: gate fp4 ops (#123)` reads as prose; its tags are kept apart."""
    title = "[ROCm][Bugfix] fix: gate fp4 ops on gfx950 (#123)"
    assert title_tags(title) == ("ROCm", "Bugfix")
    assert clean_title(title) == "Gate fp4 ops on gfx950"
    assert clean_title("[CI]") == "[CI]"  # nothing but tags: the title as it was


def test_a_title_wrapped_whole_in_backticks_or_quotes_reads_as_its_words() -> None:
    """A real title (#51265, Aug 2026) is `` `[Model][Quantization] Add Ling-3.0-flash-fp8 support` ``:
    the digest printed it as one code span, tags and all. One pair around the whole title is
    wrapping, not code; backticks inside it mean code and stay."""
    wrapped = "`[Model][Quantization] Add Ling-3.0-flash-fp8 support`"
    assert title_tags(wrapped) == ("Model", "Quantization")
    assert clean_title(wrapped) == "Add Ling-3.0-flash-fp8 support"
    assert clean_title("'[CI] Fix the flaky ngram test'") == "Fix the flaky ngram test"
    assert clean_title('"[Docs] Add a FAQ"') == "Add a FAQ"
    code = "`use_aot_compile` should respect `VLLM_DISABLE_COMPILE_CACHE`"
    assert clean_title(code) == code
    assert clean_title("`x`") == "`x`"


def test_code_symbols_become_code_spans_and_product_names_stay_words() -> None:
    """Backticked runs and snake_case/CamelCase symbols are Code; `FlashInfer` is a product name."""
    out = spans("Fuse `rope` into GPUModelRunner via apply_rotary with FlashInfer")
    assert Code("rope") in out and Code("GPUModelRunner") in out and Code("apply_rotary") in out
    assert not any(isinstance(s, Code) and s.text == "FlashInfer" for s in out)
    assert spans("plain words only") == (Text("plain words only"),)


def test_versioned_model_names_stay_words_and_whole_symbols_stay_whole() -> None:
    """`ColQwen3.5` is a model's name (it was rendered as `ColQwen3`.5); `MiniMaxVL01` is one symbol."""
    assert spans("ColQwen3.5: fix retrieval correctness") == (Text("ColQwen3.5: fix retrieval correctness"),)
    assert Code("MiniMaxVL01") in spans("Remove MiniMaxText01, MiniMaxVL01")
