"""The patterns' literal pre-check: a gated search answers exactly as the regex does, only faster."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.services.heuristic import search_text
from bot.services.regex_gate import GatedPattern, necessary_literals
from bot.services.taxonomy import load_taxonomy

FLAGS = re.IGNORECASE | re.MULTILINE


@pytest.mark.parametrize(
    ("pattern", "gate"),
    [
        (r"\bpeak memory\b", {"peak memory"}),
        (r"\b(?:reduce|lower|cut)s?\s+memory\b", {"memory"}),  # the longest shortest string wins
        (r"\b(?:unnecessary|redundant)\s+copies\b", {"unnecessary", "redundant"}),
        (r"\b(?:rocm|hip|amd)\b", {"rocm", "hip", "amd"}),  # an alternation's union
        (r"\b(?:fuse|fused|fusing)\b", {"fus"}),  # (the parser factors out a common prefix)
        (r"colou?r", {"colo"}),  # an optional letter ends the run
        (r"[sS]hared [eE]xperts?", {"shared expert"}),  # a small class is spelled out
        (r"(?<!non-)\brocm\b(?! ci)", {"rocm"}),  # lookarounds require nothing
        (r"(?-i:Arc)\b", {"arc"}),  # case-sensitive parts are checked lower-cased (a superset)
        (r"(?:ab)+c", {"ab"}),  # a repeat taken at least once
        (r"(?:memory)?\s*savings?", {"saving"}),  # an optional group requires nothing
    ],
)
def test_the_gate_is_what_every_match_must_contain(pattern: str, gate: set[str]) -> None:
    assert necessary_literals(pattern, FLAGS) == gate


@pytest.mark.parametrize(
    "pattern",
    [
        r"(?<![a-z0-9])w(\d+|n)a(\d+|fp\d+)",  # single letters rule nothing out
        r"\b(?:rocm|\d+x)\b",  # one alternative has no literal: the branch requires nothing
        r"[a-z]+\.\d+",  # only classes
        r"(?=kv)\w+",  # a lookahead's literals are not part of the match's own text
    ],
)
def test_patterns_without_a_safe_gate_always_run(pattern: str) -> None:
    assert necessary_literals(pattern, FLAGS) is None
    assert GatedPattern(pattern, FLAGS).gate is None


def test_text_outside_ascii_is_left_to_the_regex() -> None:
    """Under IGNORECASE the Kelvin sign matches "k" and the long s matches "s": a lower-cased
    substring test would miss them, so any text outside ASCII runs the regex itself."""
    gated = GatedPattern(r"\bkv cache\b", FLAGS)
    assert gated.gate == {"kv cache"}
    text = "Fix \u212av cache"  # KELVIN SIGN
    assert gated.regex.search(text)
    assert gated.search(text, text.lower())
    long_s = GatedPattern(r"\bspec decode\b", FLAGS)
    text = "\u017fpec decode for Qwen3"  # LATIN SMALL LETTER LONG S
    assert long_s.search(text, text.lower()) == bool(long_s.regex.search(text))


def test_every_evidence_pattern_answers_as_its_regex_on_the_real_titles(shared_data: Path) -> None:
    """Over the 12k real titles (as the classifier reads them, identifiers split) and some
    written to sit next to the literals, every taxonomy pattern, gated, finds what its regex finds."""
    titles = [
        json.loads(line)["title"]
        for line in (shared_data / "merged-pulls.jsonl").read_text().splitlines()
        if line.strip()
    ]
    titles += [
        "ARC offload for XPU Arc B580",
        "[Model] Add FooForCausalLM",
        "Reduce peak\nmemory of the sampler",
        "SM_100a and sm120f kernels",
        "pin torch==2.9.1",
        "RAISE 400 instead of 500",
    ]
    texts = [search_text(title) for title in titles]
    lowered = [text.lower() for text in texts]
    patterns = [
        GatedPattern(source, FLAGS)
        for name in ("vllm", "generic")
        for topic in load_taxonomy(name).topics
        for source in (*topic.evidence.get("patterns", ()), *topic.evidence.get("firm_patterns", ()))
    ]
    gated = [p for p in patterns if p.gate is not None]
    assert len(gated) >= len(patterns) * 3 // 4, "most evidence patterns should have a gate"
    for pattern in gated:
        found = [i for i, text in enumerate(texts) if pattern.regex.search(text)]
        assert [i for i, text in enumerate(texts) if pattern.search(text, lowered[i])] == found, (
            pattern.pattern
        )
