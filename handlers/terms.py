"""Named terms: the narrow things people name (MI300X, NVFP4, FlashInfer, Qwen3.5, CUDA graphs).

A topic is broad and classified (ROCm, Quantization); a term is a name, and a PR answers to it
when it *names* it: in its title, labels, changed paths or body. Terms live in the repo's
taxonomy file (`[[terms]]`), each with its spellings and the topics it implies.

Spellings are folded so that the ways people write a name meet: case, and separators between
letter and digit runs, do not matter (`qwen3.5` = `Qwen3_5` = `Qwen 3.5` = `qwen-3.5`,
`flash-infer` = `FlashInfer`). A spelling ending in `*` is a prefix (`mi300*` names MI300X and
MI300A). A spelling that ends in a digit does not match a longer number or version (`h20` is
not `h200`, `qwen3` is not `qwen3.5`); one that ends in a letter also matches its plural.

The same `TermIndex` reads questions (`lookup`) and PRs (`named`), so the bot answers a word
the way the classifier counts it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from fnmatch import fnmatchcase
from typing import TypeVar

from handlers.models import PullRequest, Taxonomy, Term

MEMO_SIZE = 100_000
BODY_CHARS = 6_000  # how much of a body is read for names (a body can be 60 KB of logs)
_CHUNK = re.compile(r"[a-z]+|[0-9]+|[^a-z0-9\s._/\-]+")
_SEP = r"[\s._/\-]?"
TERM_PREFIX = "term:"


def chunks(spelling: str) -> list[str]:
    """`Qwen3.5-VL` -> ["qwen", "3", "5", "vl"]: letter runs, digit runs and other symbols."""
    return _CHUNK.findall(spelling.lower())


def _kind(chunk: str) -> str:
    return "letters" if chunk[:1].isalpha() else "digits" if chunk[:1].isdigit() else "symbols"


def fold(text: str) -> str:
    """The separator-free form two spellings share when they name the same thing."""
    return "".join(chunks(text))


def _pattern(spelling: str, kind: str = "") -> str:
    prefix = spelling.endswith("*")
    parts = chunks(spelling.rstrip("*"))
    if not parts:
        return ""
    body = _SEP.join(re.escape(p) for p in parts)
    if prefix:
        tail = ""
    elif parts[-1][-1].isdigit():
        tail = r"(?!\d)(?![._\-]\d)"  # h20 is not h200; qwen3 is not qwen3.5
    else:
        tail = r"(?:e?s)?(?![a-z0-9])"
    # Quantization identifiers prefix a format with w(eights) or a(ctivations): wmxfp4_afp8.
    head = r"(?:(?<![a-z0-9])|(?<=(?<![a-z0-9])[wa]))" if kind == "quant" else r"(?<![a-z0-9])"
    return head + body + tail


class TermIndex:
    """Finds terms in questions (token runs) and in PRs (title, labels, paths, body)."""

    def __init__(self, terms: Sequence[Term]) -> None:
        self.terms = {t.key: t for t in terms}
        self._exact: dict[str, str] = {}  # folded spelling -> key
        self._prefixes: list[tuple[str, str]] = []  # (folded prefix, key), longest first
        self._sources: dict[str, str] = {}  # one alternation per term, compiled on first use
        # every match of a term's pattern begins with one of its spellings' first chunks, written
        # as is: a text holding none of them cannot name it (a substring test, far cheaper)
        self._starts: dict[str, tuple[str, ...]] = {}
        self._compiled: dict[str, re.Pattern[str]] = {}
        # A match starts at a chunk of the text that begins with the spelling's first chunk: a
        # cheap gate that runs only the few terms a text may name. Where the spelling's next chunk
        # is of the other class (`a` + `100`, `qwen` + `3`), the text's letter or digit run ends
        # there too, so the chunk must *equal* it: `a100` is no candidate for every word that
        # starts with "a". Otherwise (`flashinfer`, `deep seek` = `deepseek`) it is a prefix.
        self._first: dict[str, set[str]] = {}
        self._first_exact: dict[str, set[str]] = {}
        for term in terms:  # a term's own key and name win over another term's spelling
            for own in (term.key, term.name):
                self._exact.setdefault(fold(own), term.key)
        for term in terms:
            alternatives = []
            for spelling in term.all_spellings:
                folded = fold(spelling.rstrip("*"))
                if not folded:
                    continue
                if not term.group:  # a group is asked for by its own key or name only
                    if spelling.endswith("*"):
                        self._prefixes.append((folded, term.key))
                    self._exact.setdefault(folded, term.key)
                alternatives.append(_pattern(spelling, term.kind))
                parts = chunks(spelling.rstrip("*"))
                gate = (
                    self._first_exact
                    if len(parts) > 1 and _kind(parts[0]) != _kind(parts[1])
                    else self._first
                )
                gate.setdefault(parts[0], set()).add(term.key)
                self._starts[term.key] = (*self._starts.get(term.key, ()), parts[0])
            if alternatives:
                self._sources[term.key] = "|".join(alternatives)
        self._prefixes.sort(key=lambda p: -len(p[0]))
        self._first_lengths = sorted({len(c) for c in self._first})
        self.longest = max((len(chunks(s)) for t in terms for s in t.all_spellings), default=1)
        self._path_globs = [(t.key, t.paths) for t in terms if t.paths]
        self._not_in_bodies = frozenset(t.key for t in terms if not t.body)
        self._memo: dict[tuple[str, int, str], frozenset[str]] = {}
        self._one: dict[tuple[str, int, str, str], bool] = {}

    def __bool__(self) -> bool:
        return bool(self.terms)

    # -- questions -------------------------------------------------------------------------------
    def lookup(self, tokens: Sequence[str], i: int) -> tuple[str | None, int]:
        """The longest term spelled by tokens[i:], and how many tokens it takes."""
        for length in range(min(self.longest, len(tokens) - i), 0, -1):
            if length > 1 and not fold(tokens[i + length - 1]):
                continue  # "arm / cpu": the slash joins two things, it is no part of the first
            folded = fold(" ".join(tokens[i : i + length]))
            if not folded:
                continue
            key = self._exact.get(folded)
            if key is None and folded.endswith("s") and len(folded) > 3:
                key = self._exact.get(folded[:-1])  # "cuda graphs", "h100s"
            if key is None and length == 1:
                key = self._prefix(folded)
            if key is not None:
                return key, length
        return None, 0

    def _prefix(self, folded: str) -> str | None:
        for prefix, key in self._prefixes:
            if folded.startswith(prefix) and len(folded) - len(prefix) <= 3:
                return key
        return None

    # -- PRs -------------------------------------------------------------------------------------
    def in_text(self, text: str) -> set[str]:
        """Keys of the terms `text` names."""
        low = text.lower()
        candidates: set[str] = set()
        for chunk in _CHUNK.findall(low):
            # quantization spellings may follow a w/a prefix (wmxfp4_afp8): try the rest too
            for start in (0, 1) if chunk[:1] in ("w", "a") else (0,):
                keys = self._first_exact.get(chunk[start:] if start else chunk)
                if keys:
                    candidates |= keys
                for n in self._first_lengths:
                    if start + n > len(chunk):
                        break
                    keys = self._first.get(chunk[start : start + n])
                    if keys:
                        candidates |= keys
        return {key for key in candidates if (pattern := self._pattern(key)) and pattern.search(low)}

    def _pattern(self, key: str) -> re.Pattern[str] | None:
        pattern = self._compiled.get(key)
        if pattern is None and key in self._sources:
            pattern = self._compiled[key] = re.compile(self._sources[key])
        return pattern

    def named(self, pr: PullRequest) -> frozenset[str]:
        """Keys of the terms a PR names in its title, labels, changed paths or body (not those
        whose names bodies use for other things)."""
        parts = [pr.title, " ".join(pr.labels)]
        if pr.files:
            parts.append(" ".join(pr.files))
        found = self.in_text("\n".join(parts))
        if pr.body:
            found |= self.in_text(pr.body[:BODY_CHARS]) - self._not_in_bodies
        if pr.files:
            for key, globs in self._path_globs:
                if key not in found and any(fnmatchcase(f, g) for f in pr.files for g in globs):
                    found.add(key)
        return frozenset(found)

    def names(self, pr: PullRequest, key: str) -> bool:
        """Whether a PR names one term (only that term's pattern runs), remembered per content."""
        memo_key = (pr.repo, pr.number, pr.content_hash(), key)
        found = self._one.get(memo_key)
        if found is None:
            if len(self._one) >= MEMO_SIZE:
                self._one.clear()
            found = self._one[memo_key] = self._names(pr, key)
        return found

    def _names(self, pr: PullRequest, key: str) -> bool:
        pattern = self._pattern(key)
        if pattern is None:
            return False
        starts = self._starts.get(key, ())

        def found(text: str) -> bool:
            low = text.lower()
            return any(start in low for start in starts) and pattern.search(low) is not None

        if found(pr.title) or any(found(label) for label in pr.labels):
            return True
        if pr.files:
            globs = self.terms[key].paths
            if any(found(f) for f in pr.files):
                return True
            if globs and any(fnmatchcase(f, g) for f in pr.files for g in globs):
                return True
        body = pr.body
        if not body or key in self._not_in_bodies:
            return False
        return found(body[:BODY_CHARS])

    def named_cached(self, pr: PullRequest) -> frozenset[str]:
        """`named`, remembered per PR content (answers read the same PRs again and again)."""
        key = (pr.repo, pr.number, pr.content_hash())
        found = self._memo.get(key)
        if found is None:
            if len(self._memo) >= MEMO_SIZE:
                self._memo.clear()
            found = self._memo[key] = self.named(pr)
        return found


T = TypeVar("T")


def per_taxonomy(build: Callable[[Taxonomy], T]) -> Callable[[Taxonomy], T]:
    """`build(taxonomy)`, computed once per taxonomy name and version (a taxonomy holds dicts, so
    it cannot be a functools cache key itself)."""
    cache: dict[tuple[str, str], T] = {}

    def get(taxonomy: Taxonomy) -> T:
        key = (taxonomy.name, taxonomy.version)
        if key not in cache:
            if len(cache) > 32:
                cache.clear()
            cache[key] = build(taxonomy)
        return cache[key]

    return get


@per_taxonomy
def term_index(taxonomy: Taxonomy) -> TermIndex:
    """The taxonomy's index, built once per taxonomy version."""
    return TermIndex(taxonomy.terms)


def term_key(key: str) -> str:
    """How a term stands among a query's topic keys: `term:nvfp4`."""
    return TERM_PREFIX + key


def is_term(key: str) -> bool:
    return key.startswith(TERM_PREFIX)


def split_keys(keys: Iterable[str]) -> tuple[list[str], list[str]]:
    """(topic keys, term keys without their prefix)."""
    topics: list[str] = []
    terms: list[str] = []
    for key in keys:
        (terms if is_term(key) else topics).append(key.removeprefix(TERM_PREFIX))
    return topics, terms
