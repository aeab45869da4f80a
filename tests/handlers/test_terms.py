"""Named terms: spellings folded the way people write them, matched in questions and PRs."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.services.taxonomy import load_taxonomy
from handlers.models import PullRequest, Term
from handlers.terms import TermIndex, fold

T0 = datetime(2026, 2, 1, tzinfo=UTC)
TERMS = (
    Term("qwen3.5", "Qwen3.5", "model", ("qwen3_5",), ("qwen",)),
    Term("qwen3", "Qwen3", "model", (), ("qwen",)),
    Term("mi300x", "MI300X", "hardware", ("mi300*", "gfx942"), ("rocm",)),
    Term("h20", "H20", "hardware", (), ("nvidia",)),
    Term("cuda-graphs", "CUDA graphs", "feature", ("cuda graph", "cudagraph*")),
    Term("flashinfer", "FlashInfer", "kernel", ("flash-infer",), ("attention",), ("**/flashinfer*",)),
)
INDEX = TermIndex(TERMS)


def pr(title: str, **kw: object) -> PullRequest:
    return PullRequest("o/r", 1, title, "a", "open", T0, T0, "u", **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "words, key",
    [
        ("qwen3.5", "qwen3.5"),
        ("Qwen 3.5", "qwen3.5"),
        ("qwen-3.5", "qwen3.5"),
        ("QWEN3_5", "qwen3.5"),
        ("qwen3", "qwen3"),
        ("mi300", "mi300x"),
        ("mi300a", "mi300x"),
        ("gfx942", "mi300x"),
        ("flash infer", "flashinfer"),
        ("cuda graphs", "cuda-graphs"),
        ("cudagraphs", "cuda-graphs"),
    ],
)
def test_question_spellings_fold_to_one_term(words, key):
    """Case, separators and plurals do not change which term a question names."""
    assert INDEX.lookup(words.lower().split(), 0) == (key, len(words.split()))


def test_unknown_words_name_no_term():
    """Words that are no spelling of a term are left for the other readers."""
    assert INDEX.lookup(["rocm"], 0) == (None, 0)
    assert INDEX.lookup(["mi3000000"], 0) == (None, 0)


@pytest.mark.parametrize(
    "title, named",
    [
        ("[ROCm] Fix crash on MI300X", {"mi300x"}),
        ("[ROCm] tune gfx942 GEMMs", {"mi300x"}),
        ("Qwen3.5 MoE support", {"qwen3.5"}),
        ("[Bugfix] Qwen3 reasoning parser", {"qwen3"}),
        ("Tune H20 configs", {"h20"}),
        ("Tune H200 configs", set()),
        ("Enable CUDA graphs for pooling", {"cuda-graphs"}),
        ("[Perf] full cudagraph capture", {"cuda-graphs"}),
        ("[Kernel] FlashInfer sampler", {"flashinfer"}),
    ],
)
def test_titles_name_terms_on_word_boundaries(title, named):
    """A title names a term only as a whole name (H20 is not H200; Qwen3 is not Qwen3.5)."""
    assert INDEX.in_text(title) == named


def test_labels_paths_and_body_name_terms_too():
    """Changed paths (glob or spelling), labels and the body count as naming a term."""
    assert INDEX.named(pr("Refactor backends", files=("vllm/v1/attention/backends/flashinfer.py",))) == {
        "flashinfer"
    }
    assert INDEX.named(pr("Tune GEMMs", labels=("gfx942",))) == {"mi300x"}
    assert INDEX.named(pr("Fix accuracy", body="Tested on MI300X and H20.")) == {"mi300x", "h20"}


def test_a_term_bodies_use_for_other_things_is_named_by_titles_only():
    """`-tp 8` in a bug's reproduction command is no tensor-parallel work: a term marked
    `body = false` is named by the title, labels and paths, never by the body."""
    tp = Term("tensor-parallel", "Tensor parallelism", "feature", ("tp",), ("distributed",), body=False)
    index = TermIndex((*TERMS, tp))
    repro = pr("Fix accuracy on MI300X", body="vllm serve model -tp 8 on H20")
    assert index.named(repro) == {"mi300x", "h20"}
    assert not index.names(repro, "tensor-parallel") and index.names(repro, "h20")
    titled = pr("[Bugfix] Fix TP sharding of the LM head")
    assert index.named(titled) == {"tensor-parallel"} and index.names(titled, "tensor-parallel")


def test_fold_joins_separated_spellings():
    """fold() is the separator-free form shared by every spelling of a name."""
    assert fold("Qwen 3.5") == fold("qwen3_5") == fold("Qwen3.5") == "qwen35"


def test_one_term_is_found_as_the_whole_reading_finds_it(shared_data: Path) -> None:
    """`names(pr, key)` (one term, a substring gate before its pattern) agrees with `named` (every
    term at once) on every 7th real title x every term of the vLLM taxonomy, labels and body too."""
    taxonomy = load_taxonomy("vllm", "vllm-project/vllm")
    index = TermIndex(taxonomy.terms)
    with (shared_data / "merged-pulls.jsonl").open() as fh:
        records = [json.loads(line) for k, line in enumerate(fh) if k % 7 == 0]
    checked = 0
    for record in records:
        item = pr(record["title"], labels=tuple(record.get("labels") or ()), body=record.get("body"))
        named = index.named(item)
        for key in index.terms:
            assert index.names(item, key) == (key in named), (record["title"], key)
        checked += len(named)
    assert checked > 500  # the titles name many terms: the check is not vacuous
