"""Cheap pre-checks for hand-written regexes: the literal strings one of which every match holds.

The taxonomy's evidence patterns are case-insensitive regexes, and Python's engine has no literal
pre-filter for a pattern that opens with a word boundary or a lookaround, so each search walks the
whole title: over half of the offline classifier's time. Most titles hold none of a pattern's
words, and a substring test on the lower-cased title rules them out for a fraction of the cost.

`necessary_literals` reads the pattern's parse tree (the standard library's own parser) and returns
a set of lower-case strings such that any match contains one of them, or None when it finds no
such set (then the pattern always runs). It is conservative by construction: optional parts,
character classes of more than a few letters and lookarounds add no requirement. `GatedPattern`
runs the regex only when the text holds one of them, so a gated search answers exactly as the
regex does; `tests/bot/services/test_regex_gate.py` checks that on the real titles for every
pattern of the taxonomy.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

try:  # the standard library's regex parser; private, so any change there only turns gating off
    _P: Any = importlib.import_module("re._parser")
    _C: Any = importlib.import_module("re._constants")
except ImportError:  # pragma: no cover - a Python without them runs every pattern
    _P = _C = None

_MAX_CLASS = 4  # a character class of up to this many letters ("[sS]", "[d]") is spelled out
_MAX_STRINGS = 64  # no gate with more alternatives than this: the regex is as cheap then
_MIN_LENGTH = 2  # a gate of single letters rules nothing out


def necessary_literals(pattern: str, flags: int = 0) -> frozenset[str] | None:
    """Lower-case strings one of which every match of `pattern` contains, or None."""
    if _P is None:
        return None
    try:
        parsed = _P.parse(pattern, flags)
    except Exception:  # noqa: BLE001 - an unparseable pattern is no gate; compiling it reports why
        return None
    gate = _sequence(list(parsed.data))
    if not gate or min(map(len, gate)) < _MIN_LENGTH or len(gate) > _MAX_STRINGS:
        return None
    if any(not s.isascii() for s in gate):
        return None  # case folding outside ASCII is the regex engine's business
    return frozenset(gate)


def _char(item: tuple[Any, Any]) -> set[str] | None:
    """The characters one item matches, when it is a literal or a small class of literals."""
    op, av = item
    if op is _C.LITERAL:
        return {chr(av).lower()}
    if op is _C.IN and all(sub_op is _C.LITERAL for sub_op, _ in av) and len(av) <= _MAX_CLASS:
        return {chr(c).lower() for _, c in av}
    return None


def _best(candidates: list[set[str] | None]) -> set[str] | None:
    """The most selective requirement: the longest shortest string, then the fewest strings."""
    found = [c for c in candidates if c and c != {""}]
    return max(found, key=lambda s: (min(map(len, s)), -len(s))) if found else None


def _sequence(items: list[tuple[Any, Any]]) -> set[str] | None:
    """The best requirement of a sequence: a run of literals, or one item's own requirement."""
    candidates: list[set[str] | None] = []
    run: set[str] = {""}
    for item in items:
        chars = _char(item)
        if chars is None:
            candidates += [run, _item(item)]
            run = {""}
            continue
        run = {prefix + c for prefix in run for c in chars}
        if len(run) > _MAX_STRINGS:
            run = {""}  # too many spellings to list: start again after this item
    return _best([*candidates, run])


def _item(item: tuple[Any, Any]) -> set[str] | None:
    op, av = item
    if op is _C.SUBPATTERN:
        return _sequence(list(av[-1]))
    if op is _C.ATOMIC_GROUP:
        return _sequence(list(av))
    if op is _C.BRANCH:
        union: set[str] = set()
        for alternative in av[1]:
            required = _sequence(list(alternative))
            if not required:
                return None  # one alternative without a requirement: the branch has none
            union |= required
        return union
    if op in (_C.MAX_REPEAT, _C.MIN_REPEAT, _C.POSSESSIVE_REPEAT):
        low, _high, body = av
        return _sequence(list(body)) if low >= 1 else None
    return None  # lookarounds, anchors, classes, back-references: no requirement


class GatedPattern:
    """A compiled regex that first checks its necessary literals on the lower-cased text."""

    __slots__ = ("regex", "gate")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.regex = re.compile(pattern, flags)
        self.gate = necessary_literals(pattern, flags)

    def search(self, text: str, lowered: str) -> bool:
        """Whether the regex matches `text`; `lowered` must be `text.lower()`."""
        if self.gate is not None and lowered.isascii() and not any(s in lowered for s in self.gate):
            return False
        return self.regex.search(text) is not None
