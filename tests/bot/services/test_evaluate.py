"""Scoring a classifier against a label file: alias resolution, bad lines, metrics."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.services.evaluate import LabelFileError, evaluate, load_label_file
from bot.services.taxonomy import load_taxonomy

REPO = "vllm-project/vllm"


@pytest.fixture(scope="module")
def taxonomy():
    return load_taxonomy("vllm")


def write(tmp_path: Path, *rows: object) -> Path:
    path = tmp_path / "labels.jsonl"
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in rows) + "\n")
    return path


def test_label_words_resolve_through_aliases(tmp_path, taxonomy):
    """ "amd" and "spec decode" in a label file mean rocm and spec-decode."""
    path = write(tmp_path, {"number": 1, "title": "x", "topics": ["amd", "Spec Decode", "NVIDIA"]})
    item = load_label_file(path, taxonomy, REPO).items[0]
    assert item.topics == {"rocm", "spec-decode", "nvidia"}


def test_unknown_label_words_are_collected_with_lines(tmp_path, taxonomy):
    """Words the taxonomy does not know are reported with their line numbers."""
    path = write(
        tmp_path,
        {"number": 1, "title": "x", "topics": ["rocm"]},
        {"number": 2, "title": "y", "topics": ["bogus"]},
    )
    assert load_label_file(path, taxonomy, REPO).unknown == {"bogus": [2]}


def test_malformed_line_is_named(tmp_path, taxonomy):
    """A line that is not a labelled PR is reported with file and line number."""
    path = write(tmp_path, {"number": 1, "title": "x", "topics": []}, '{"number": "two"}')
    with pytest.raises(LabelFileError, match=r"labels.jsonl, line 2: 'number'"):
        load_label_file(path, taxonomy, REPO)


def test_scores_count_hits_misses_and_extras(tmp_path, taxonomy):
    """Precision, recall and macro F1 follow from the predictions; unused topics don't count."""
    path = write(
        tmp_path,
        {"number": 1, "title": "a", "topics": ["rocm"]},
        {"number": 2, "title": "b", "topics": ["rocm", "bugfix"]},
    )
    items = load_label_file(path, taxonomy, REPO).items
    result = evaluate(taxonomy, items, [["rocm"], ["bugfix", "docs"]])
    rocm = next(s for s in result.scores if s.topic == "rocm")
    assert (rocm.precision, rocm.recall) == (1.0, 0.5)
    assert {s.topic for s in result.scored} == {"rocm", "bugfix", "docs"}
    assert result.macro_f1 == pytest.approx((2 / 3 + 1 + 0) / 3)
