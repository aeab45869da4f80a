"""The offline heuristic classifier: deterministic, versioned, no network.

Evidence comes in three strengths:
- strong: a title tag (`[ROCm]`, `[CI/Build]`, `fix(cpu):`) or a GitHub label. Always counts.
- medium: changed-file globs (`paths`: any file; `only_paths`: every file).
- weak: title keywords on word boundaries (a single word also as its plural) and regex `patterns` (both also see identifiers split
  at `_`, `/` and CamelCase, so `moe_permute` and `AiterFlashAttention` are read as words),
  then body keywords (two distinct hits needed).
Negative evidence overrides medium and weak evidence, never a tag: `exclude` (any hit vetoes
the topic), `mask` (phrases ignored for this topic: "cuda graph" is no NVIDIA evidence) and
`yields_to` (a topic another topic claims by tag, label or path: a `[Doc]` fix is no bug fix).

Bodies are untrusted text and only ever matched, never interpreted, so a body saying "label
this rocm" adds nothing a keyword match would not. They are cleaned first (`bodies.clean_body`):
the PR template's checklist names many topics and must not count as evidence for any.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cached_property

from bot.services.bodies import clean_body
from bot.services.regex_gate import GatedPattern
from handlers.models import Classification, PullRequest, Taxonomy, Topic, unwrapped_title
from handlers.terms import TermIndex

VERSION = "h13"  # h13: a summary keeps no space inside a quote whose tags it dropped
BODY_LIMIT = 4_000  # characters of cleaned body looked at; real descriptions put their point first
_TAG = re.compile(r"\[([^\[\]]{1,60})\]")
_CONVENTIONAL = re.compile(r"^\s*([A-Za-z][\w-]{1,20})(?:\(([^()]{1,60})\))?!?:\s")
_TAG_SPLIT = re.compile(r"[/+,&|]")
_CAMEL_LOWER_UPPER = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
# "HTTPServer" -> "HTTP Server", but an acronym's plural stays whole: "CPUs", "TPUs", "APIs" are
# not "CP Us" (context parallel) or "TP Us" (tensor parallel).
_CAMEL_ACRONYM = re.compile(r"(?<=[A-Z])(?=[A-Z][a-z])(?![A-Z]s(?![a-z]))")
_SEPARATORS = re.compile(r"[_/]+")


def _norm_tag(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def title_tags(title: str) -> set[str]:
    """Normalised tags: bracketed ones (whole and split at / + , &) and a conventional-commit
    prefix (`feat(frontend):` gives feat and frontend)."""
    raw: list[str] = list(_TAG.findall(title))
    conventional = _CONVENTIONAL.match(title)
    if conventional:
        raw.extend(part for part in conventional.groups() if part)
    tags = set()
    for tag in raw:
        tags.add(_norm_tag(tag))
        tags.update(_norm_tag(part) for part in _TAG_SPLIT.split(tag))
    tags.discard("")
    return tags


# A Hugging Face repo id's owner is a publisher, not a platform: `nvidia/llama-nemotron-rerank-vl-1b-v2`
# is a model, not NVIDIA work. Owners are lower-case ids ("DeepSeek/Kimi-K2" names two models) and
# model names carry a dash and a digit; paths (`vllm/v1/...`) do not.
_REPO_OWNER = re.compile(r"(?<![\w./-])[a-z][a-z0-9.-]*/(?=[A-Za-z][\w.]*-[\w.-]*\d)")


# Words written in mixed case that CamelCase splitting would cut apart
_MIXED_CASE = ("MoE", "LoRA")


def search_text(title: str) -> str:
    """The title, then again with identifiers split into words (MoE, LoRA kept whole); the owner of a
    Hugging Face repo id is left out of both."""
    title = _REPO_OWNER.sub("", title)
    split = title
    for word in _MIXED_CASE:  # "FusedMoEWithLoRA": Fused, MoE, With, LoRA (not "Lo RA")
        split = split.replace(word, word.capitalize())
    split = _CAMEL_ACRONYM.sub(" ", _CAMEL_LOWER_UPPER.sub(" ", split))
    return f"{title}\n{_SEPARATORS.sub(' ', split)}"


_TOKEN = re.compile(r"[a-z0-9]+")
_NEGATED = re.compile(r"\bnon[- ][a-z0-9][\w.]*")


def tokens_of(lowered: str) -> frozenset[str]:
    return frozenset(_TOKEN.findall(lowered))


def _words_pattern(words: Sequence[str]) -> re.Pattern[str] | None:
    """One regex for a word list: whole words (letters/digits bounded), `foo*` as a prefix.

    Words are grouped by the boundaries they need, so each group checks its boundary once per
    position instead of once per word.
    """
    groups: dict[tuple[bool, str], list[str]] = {}
    for word in sorted({w for w in words if w}, key=len, reverse=True):
        prefix = word.endswith("*")
        core = word[:-1] if prefix else word
        # boundaries only where the word itself starts/ends with a letter or digit ("/v1/")
        end = r"[a-z0-9]*" if prefix else (r"(?![a-z0-9])" if core[-1:].isalnum() else "")
        groups.setdefault((core[:1].isalnum(), end), []).append(re.escape(core))
    if not groups:
        return None
    parts = [
        ("(?<![a-z0-9])" if bounded else "") + f"(?:{'|'.join(alternatives)})" + end
        for (bounded, end), alternatives in groups.items()
    ]
    return re.compile("|".join(parts))  # matched on lower-cased text: IGNORECASE is slow


def _gate(words: Sequence[str]) -> frozenset[str] | None:
    """Tokens one of which the text must hold for `_words_pattern(words)` to match anywhere, or
    None when some word gives no such token. Every letter/digit run of a word is bounded on its
    left (by the word's own punctuation or the pattern's boundary), and on its right unless it
    ends a `foo*` prefix, so a match puts a bounded run in the text as a whole token: "flash" for
    "flash attention", "v1" for "/v1/". The longest such run is the most selective."""
    gate = set()
    for word in words:
        prefix = word.endswith("*")
        core = (word[:-1] if prefix else word).lower()
        runs = _TOKEN.findall(core)
        if prefix and runs and core[-1:].isalnum():
            runs.pop()  # `fp8-kv*`: "kv" may be the start of a longer token
        if not runs:
            return None
        gate.add(max(runs, key=len))
    return frozenset(gate)


def _may_match(gate: frozenset[str] | None, tokens: frozenset[str]) -> bool:
    return gate is None or not gate.isdisjoint(tokens)


_PLURALIZABLE = re.compile(r"\s[a-z]{3,}[a-rt-z]$")  # a phrase ending in a word of 4+ letters, not in -s


class _Words:
    """A keyword list matched on word boundaries. Single words are looked up in the text's token
    set and `foo*` prefixes against its tokens; only phrases and words with punctuation need a
    regex, and it runs only when the text holds one of their tokens (`_gate`). Same result as
    one big regex, about ten times faster."""

    def __init__(self, words: Sequence[str], *, plurals: bool = False) -> None:
        words = [w for w in words if w]
        self.single = frozenset(w for w in words if w.isalnum())
        if plurals:  # a thing named is named in the plural too: "renderers", "parsers"
            self.single |= {w + "s" for w in words if w.isalpha() and len(w) >= 4 and not w.endswith("s")}
        self.prefixes = tuple(w[:-1] for w in words if w.endswith("*") and w[:-1].isalnum())
        rest = [w for w in words if w not in self.single and not (w.endswith("*") and w[:-1].isalnum())]
        if plurals:  # and a phrase's last word: "skinny gemms", "attention backends"
            rest += [w + "s" for w in rest if " " in w and _PLURALIZABLE.search(w) and w + "s" not in rest]
        self.regex = _words_pattern(rest)
        self.gate = _gate(rest)

    def found(self, text: str, tokens: frozenset[str]) -> set[str]:
        """The distinct keywords present (prefixes as the tokens they matched)."""
        hits = set(self.single & tokens)
        hits.update(t for t in tokens for p in self.prefixes if t.startswith(p))
        if self.regex and _may_match(self.gate, tokens):
            hits.update(m.lower() for m in self.regex.findall(text))
        return hits

    def search(self, text: str, tokens: frozenset[str]) -> bool:
        if not self.single.isdisjoint(tokens):
            return True
        if self.prefixes and any(t.startswith(self.prefixes) for t in tokens):
            return True
        return bool(self.regex and _may_match(self.gate, tokens) and self.regex.search(text))


# snake_case (two parts or more) and camelCase / PascalCase words with an inner lower->upper step
_IDENTIFIER = re.compile(
    r"\b[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+\b|\b[A-Za-z0-9]*[a-z0-9][A-Z][A-Za-z0-9]*\b|\b[A-Z]{2,}[a-z][A-Za-z0-9]*\b"
)


def _glob(pattern: str) -> re.Pattern[str]:
    """A file glob: `**/` any directories (or none), `*` within one path segment."""
    out = []
    i = 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("".join(out) + r"\Z")


class _Compiled:
    def __init__(self, topic: Topic) -> None:
        ev = topic.evidence
        self.key = topic.key
        self.tags = {_norm_tag(t) for t in ev.get("tags", ())}
        self.labels = set(ev.get("labels", ()))
        self.paths = tuple(_glob(p) for p in ev.get("paths", ()))
        self.only_paths = tuple(_glob(p) for p in ev.get("only_paths", ()))
        self.keywords = _Words(ev.get("keywords", ()), plurals=True)
        flags = re.IGNORECASE | re.MULTILINE
        self.patterns = tuple(GatedPattern(p, flags) for p in ev.get("patterns", ()))
        # a pattern that names the thing itself ("Add `FooForCausalLM`" adds an architecture)
        # counts whatever an exclude word says ("Add EagleMistralForCausalLM" is a new model)
        self.firm = tuple(GatedPattern(p, flags) for p in ev.get("firm_patterns", ()))
        self.body = _Words(ev.get("body_keywords", ()))
        self.exclude = _Words(ev.get("exclude", ()))
        self.mask = _words_pattern(ev.get("mask", ()))
        self.mask_gate = _gate(ev.get("mask", ()))
        # words that are no evidence inside an identifier: `seq_lens_cpu`, `SimpleCPU` are not the
        # CPU backend, while "CPU" on its own, `CpuCommunicator` and `x86_64` still are
        self.in_identifiers = tuple(ev.get("mask_in_identifiers", ()))
        self._keyword_set = frozenset(ev.get("keywords", ()))
        self.yields_to = tuple(ev.get("yields_to", ()))
        self.negatable = topic.kind != "hardware"
        self.implies = tuple(ev.get("implies", ()))

    def without_identifiers(self, title: str) -> str | None:
        """The title with identifiers containing one of `in_identifiers` blanked, or None when
        there is nothing to blank (the common case: no such word in the title)."""
        lowered = title.lower()
        if not any(w in lowered for w in self.in_identifiers):
            return None

        def blank(match: re.Match[str]) -> str:
            word = match.group(0)
            low = word.lower()
            # an identifier that starts with the word is the backend's own (`CpuCommunicator`,
            # `cpu_types.hpp`); one that ends with it or has it inside describes something else
            if low in self._keyword_set or low.startswith(self.in_identifiers):
                return word
            return " " if any(w in low for w in self.in_identifiers) else word

        kept = _IDENTIFIER.sub(blank, title)
        return kept if kept != title else None

    def firmly(self, text: str, lowered: str) -> bool:
        """A firm pattern on `text` (`lowered` is `text.lower()`)."""
        return any(p.search(text, lowered) for p in self.firm)

    def strong(self, tags: set[str], labels: set[str]) -> bool:
        return bool(tags & self.tags) or bool(labels & self.labels)

    def medium(self, files: tuple[str, ...] | None) -> bool:
        if not files:
            return False
        if self.paths and any(g.match(f) for f in files for g in self.paths):
            return True
        return bool(self.only_paths) and all(any(g.match(f) for g in self.only_paths) for f in files)

    def weak(
        self, text: str, lowered: str, tokens: frozenset[str], body: str, body_tokens: frozenset[str]
    ) -> bool:
        """Keywords (after masking) on the lower-cased text, patterns on the text as written."""
        written = lowered  # the patterns' pre-check reads the text before any masking
        if self.mask and _may_match(self.mask_gate, tokens):
            masked = self.mask.sub(" ", lowered)
            if masked != lowered:  # re-tokenising is the expensive part; most titles mask nothing
                lowered, tokens = masked, tokens_of(masked)
        if "non" in tokens and self.negatable:
            # "for non-MoE models", "the non-PP path": what the change is not about (unless the
            # negated word is itself the evidence: "non-coalesced" access is slow access); a fix
            # "on non-ROCm platforms" still guards the ROCm code, so platforms keep theirs
            kept = _NEGATED.sub(lambda m: m.group(0) if m.group(0) in self._keyword_set else " ", lowered)
            if kept != lowered:
                lowered, tokens = kept, tokens_of(kept)
        if self.keywords.search(lowered, tokens):
            return True
        if any(p.search(text, written) for p in self.patterns) or self.firmly(text, written):
            return True
        if body and (self.body.single or self.body.prefixes or self.body.regex):
            if self.mask and _may_match(self.mask_gate, body_tokens):
                body = self.mask.sub(" ", body)
                body_tokens = tokens_of(body)
            return len(self.body.found(body, body_tokens)) >= 2
        return False


class HeuristicClassifier:
    """Classifies PRs by the taxonomy's evidence; `version` covers code and taxonomy."""

    def __init__(self, taxonomy: Taxonomy) -> None:
        self.taxonomy = taxonomy
        self.version = f"heuristic:{VERSION}:{taxonomy.name}:{taxonomy.version}"
        self._order = {t.key: i for i, t in enumerate(taxonomy.topics)}
        # named terms (MI300X, NVFP4, Qwen3-VL) are weak title evidence for the topics they imply
        evidence_terms = [t for t in taxonomy.terms if t.evidence and t.topics]
        self._evidence_terms = evidence_terms
        self._term_topics = {t.key: t.topics for t in evidence_terms}

    # The patterns are compiled on the first PR classified, not when the classifier is built:
    # every front end builds one per repo, and `ask`, which classifies nothing, would otherwise
    # spend about a tenth of its start-up compiling them (the taxonomy's own load has already
    # checked every pattern).
    @cached_property
    def _topics(self) -> list[_Compiled]:
        return [_Compiled(t) for t in self.taxonomy.topics]

    @cached_property
    def _terms(self) -> TermIndex:
        return TermIndex(self._evidence_terms)

    def topics_for(self, pr: PullRequest) -> tuple[str, ...]:
        title = unwrapped_title(pr.title) if isinstance(pr.title, str) else ""
        tags = title_tags(title)
        text = search_text(title)
        labels = {label.lower() for label in pr.labels if isinstance(label, str)}
        body = clean_body(pr.body, BODY_LIMIT).lower() if isinstance(pr.body, str) else ""
        found = {c.key for c in self._topics if c.strong(tags, labels)}
        # paths before words, so a file under csrc/rocm/ can claim a PR from "cuda" in its title
        lowered = text.lower()
        tokens = tokens_of(lowered)
        body_tokens = tokens_of(body) if body else frozenset()
        vetoed = {
            c.key for c in self._topics if c.exclude.search(lowered, tokens) and not c.firmly(text, lowered)
        }
        named = {topic for key in self._terms.in_text(title) for topic in self._term_topics[key]}
        for evidence in ("medium", "weak"):
            new = {
                c.key: c
                for c in self._topics
                if c.key not in found
                and c.key not in vetoed
                and (
                    c.medium(pr.files)
                    if evidence == "medium"
                    else (c.key in named and self._term_counts(c, lowered))
                    or self._weak(c, title, text, lowered, tokens, body, body_tokens)
                )
            }
            # paths may claim each other (csrc/rocm/*.cu is no NVIDIA change); words never do
            claimed = found | set(new) if evidence == "medium" else found
            found |= {k for k, c in new.items() if not any(y in claimed for y in c.yields_to)}
        for c in self._topics:  # one level of implication is all a taxonomy needs
            if c.key in found:
                found.update(c.implies)
        return tuple(sorted(found, key=self._order.__getitem__))

    @staticmethod
    def _weak(
        c: _Compiled,
        title: str,
        text: str,
        lowered: str,
        tokens: frozenset[str],
        body: str,
        body_tokens: frozenset[str],
    ) -> bool:
        if c.in_identifiers:
            kept = c.without_identifiers(title)
            if kept is not None:
                text = search_text(kept)
                lowered = text.lower()
                tokens = tokens_of(lowered)
        return c.weak(text, lowered, tokens, body, body_tokens)

    def _term_counts(self, c: _Compiled, lowered: str) -> bool:
        """A term naming topic `c` counts unless `c`'s mask hides it ("non-SM100" is no Blackwell)."""
        if not c.mask:
            return True
        masked = c.mask.sub(" ", lowered)
        return masked == lowered or any(c.key in self._term_topics[k] for k in self._terms.in_text(masked))

    def classify_one(self, pr: PullRequest) -> Classification:
        topics = self.topics_for(pr)
        return Classification(
            repo=pr.repo,
            number=pr.number,
            content_hash=pr.content_hash(),
            classifier=self.version,
            topics=topics,
            summary=_summary(pr.title),
            impact=impact_of(pr, topics),
        )

    async def classify(self, prs: Sequence[PullRequest]) -> list[Classification]:
        return [self.classify_one(pr) for pr in prs]


def _summary(title: str) -> str:
    """The title without its tags; a quote whose tags went keeps no space inside it (`Revert
    "[Perf] Dual-stream decode"` -> `Revert "Dual-stream decode"`)."""
    text = " ".join(_TAG.sub(" ", title or "").split())
    return _SPACE_IN_QUOTE.sub(r"\1\2", text)[:200]


# an opening quote (at the start or after a space) followed by a space
_SPACE_IN_QUOTE = re.compile(r"""(^|\s)(["“'])\s+""")


_NUMBERS = re.compile(r"\d+(\.\d+)?\s*(x|%|ms|tok/s|tokens/s)", re.IGNORECASE)
_CHORE = re.compile(
    r"\b(typo|nit|minor|cleanup|clean up|rename|bump|pin|flaky|skip(?:ped|s)? (?:\w+ )?tests?|revert|lint|formatting)\b",
    re.IGNORECASE,
)


def impact_of(pr: PullRequest, topics: Sequence[str]) -> float:
    """A 0..1 ranking score from title signals: measured gains and new models rank high, chores low."""
    title = pr.title or ""
    score = 0.4
    if _NUMBERS.search(title):
        score += 0.25
    if "new-model" in topics:
        score += 0.2
    if "performance" in topics:
        score += 0.1
    if re.search(r"\b(support|add|introduce|enable|implement)\b", title, re.IGNORECASE):
        score += 0.1
    if _CHORE.search(title) or set(topics) <= {"ci-build", "docs"} and topics:
        score -= 0.25
    if pr.is_bot:
        score -= 0.3
    return round(min(1.0, max(0.0, score)), 3)
