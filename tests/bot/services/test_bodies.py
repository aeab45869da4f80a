"""clean_body on real vLLM PR bodies (shared/data/vllm/pr-bodies-sample.jsonl) and hostile input."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bot.services.bodies import clean_body, clean_text


@pytest.fixture(scope="module")
def samples(shared_data: Path) -> dict[int, dict[str, Any]]:
    rows = [json.loads(line) for line in (shared_data / "pr-bodies-sample.jsonl").read_text().splitlines()]
    return {row["number"]: row for row in rows}


def test_no_checklist_survives_in_any_sample(samples: dict[int, dict[str, Any]]) -> None:
    """No checkbox, template checklist or <details> tag is left in any real body."""
    for row in samples.values():
        cleaned = clean_body(row["body"])
        assert not re.search(r"^\s*[-*]\s+\[[ xX]\]", cleaned, re.MULTILINE), row["number"]
        assert "Essential Elements" not in cleaned and "<details>" not in cleaned, row["number"]


def test_template_only_body_becomes_empty(samples: dict[int, dict[str, Any]]) -> None:
    """A body that is nothing but the untouched PR template cleans to ""."""
    assert clean_body(samples[35827]["body"]) == ""


def test_authors_own_checklist_items_are_kept_as_bullets(samples: dict[int, dict[str, Any]]) -> None:
    """A test plan written as checkboxes keeps its content, without the boxes."""
    cleaned = clean_body(samples[35064]["body"])
    assert "- Verify `amd/Kimi-K2.5-MXFP4` runs with TP=8" in cleaned
    assert "AITER MLA" in cleaned


def test_empty_template_sections_are_dropped(samples: dict[int, dict[str, Any]]) -> None:
    """Headings with nothing under them ("## Test Result") disappear; filled ones stay."""
    cleaned = clean_body(samples[33659]["body"])
    assert "## Purpose" in cleaned and "## Test Plan\nci, add a new moe model test" in cleaned
    assert "## Test Result" not in cleaned


def test_long_code_blocks_are_cut_with_a_count(samples: dict[int, dict[str, Any]]) -> None:
    """A pasted benchmark log keeps its first lines and says how many were cut."""
    cleaned = clean_body(samples[33680]["body"])
    assert "Serving Benchmark Result" in cleaned
    assert "[… 20 lines cut]" in cleaned
    assert "P99 ITL" not in cleaned


def test_long_tables_are_cut_with_a_count() -> None:
    """A 50-row table keeps the header and a few rows."""
    table = "| a | b |\n|---|---|\n" + "".join(f"| {i} | {i * 2} |\n" for i in range(50))
    cleaned = clean_body("Results:\n" + table)
    assert cleaned.startswith("Results:\n| a | b |\n|---|---|\n| 0 | 0 |")
    assert "[… 46 rows cut]" in cleaned and "| 49 |" not in cleaned


def test_raw_template_comments_and_tail_are_removed() -> None:
    """HTML comments, "PLEASE FILL IN", and everything after "BEFORE SUBMITTING" go."""
    body = (
        "<!-- markdownlint-disable -->\nPLEASE FILL IN THE PR DESCRIPTION HERE ENSURING ALL CHECKLIST ITEMS\n\n"
        "## Purpose\nAdd FP8 MoE kernels.\n<!-- hidden note -->\n\n"
        "**BEFORE SUBMITTING, PLEASE READ <https://docs.vllm.ai/en/latest/contributing>** (anything below)\n"
        "trailing junk"
    )
    assert clean_body(body) == "## Purpose\nAdd FP8 MoE kernels."


def test_blank_lines_are_collapsed() -> None:
    """Runs of blank lines become one."""
    assert clean_body("one\n\n\n\n\ntwo\r\n\r\n\r\nthree") == "one\n\ntwo\n\nthree"


def test_a_megabyte_body_is_capped() -> None:
    """A 1 MB body comes back within the limit, ending with an ellipsis."""
    cleaned = clean_body("word " * 200_000, limit=1500)
    assert len(cleaned) <= 1500 and cleaned.endswith("…")


def test_binary_garbage_and_controls_do_not_crash() -> None:
    """Control characters, lone surrogates and bidi overrides are stripped, not fatal."""
    garbage = bytes(range(256)).decode("latin-1") + "\ud800 \u202e evil \u200b text \x1b[31m"
    cleaned = clean_body(garbage)
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\u202e\u200b]", cleaned)
    assert "evil" in cleaned and "text" in cleaned
    cleaned.encode("utf-8")  # must be encodable for the API request


def test_none_and_empty_bodies_are_empty() -> None:
    """No body means an empty string."""
    assert clean_body(None) == "" and clean_body("") == "" and clean_body("   \n\n ") == ""


def test_clean_text_makes_one_capped_line() -> None:
    """Titles lose newlines and controls and are capped."""
    assert clean_text("a\nb\x00\tc  d") == "a b c d"
    assert len(clean_text("x" * 1000, limit=50)) == 50


def test_samples_shrink_overall(samples: dict[int, dict[str, Any]]) -> None:
    """Cleaning never grows a body (beyond closing a cut-off code fence) and respects the cap."""
    for row in samples.values():
        body = row["body"] or ""
        cleaned = clean_body(body, limit=1500)
        assert len(cleaned) <= min(len(body) + len("\n```"), 1500), row["number"]
