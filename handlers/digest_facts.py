"""The facts of a digest, computed in code: which PRs are in scope, their state, every count,
and which area each PR belongs to. Both digest writers (offline and LLM) start from these, so
every number a digest states comes from here, never from a model.

Also the small text helpers both writers share: cleaning a PR title for prose and turning
text into Inline spans (backticked and identifier-like words become Code).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from handlers.digest_rank import weight
from handlers.digest_signals import Signals, read_all, score
from handlers.models import (
    Classification,
    Code,
    DigestCounts,
    Inline,
    PRStatus,
    PullRequest,
    Taxonomy,
    Text,
    Window,
    unwrapped_title,
)

OTHER_KEY = "other"
OTHER_NAME = "Other changes"

SCOPES: dict[str, tuple[str, ...]] = {
    "opened_or_merged": ("created", "merged"),
    "opened": ("created",),
    "merged": ("merged",),
}


def status_at(pr: PullRequest, moment: datetime) -> PRStatus:
    """The PR's state at `moment` (the window's end), so a digest reads the same whenever it is
    rebuilt: merged or closed only if that happened before the window ended."""
    if pr.merged_at is not None and pr.merged_at < moment:
        return "merged"
    if pr.merged_at is None and pr.closed_at is not None and pr.closed_at < moment:
        return "closed"
    return "draft" if pr.draft else "open"


def in_scope(pr: PullRequest, window: Window, scope: str) -> bool:
    by = SCOPES.get(scope, SCOPES["opened_or_merged"])
    return ("created" in by and window.contains(pr.created_at)) or (
        "merged" in by and window.contains(pr.merged_at)
    )


@dataclass(frozen=True)
class AreaFacts:
    """One digest area: its PRs (prose PRs only), most impactful first."""

    key: str
    name: str
    order: int
    prs: tuple[PullRequest, ...]


@dataclass(frozen=True)
class TopicFacts:
    """One topic's totals over the window and scope: the numbers `/vllm <topic> <window>` gives
    (every in-scope PR whose classification carries the topic, bots included)."""

    key: str
    name: str
    section: str | None
    numbers: tuple[int, ...]  # by number
    merged: int
    opened: int
    closed: int  # closed without merging by the window's end

    @property
    def total(self) -> int:
        return len(self.numbers)


@dataclass(frozen=True)
class DigestFacts:
    """Everything computed about a window before any prose is written."""

    repo: str
    window: Window
    prs: tuple[PullRequest, ...]  # every PR in scope, bots included, by number
    prose: tuple[PullRequest, ...]  # the ones the prose may describe (bots left out by default)
    classes: Mapping[int, Classification]
    status: Mapping[int, PRStatus]  # state at the window's end
    counts: DigestCounts
    areas: tuple[AreaFacts, ...]  # non-empty areas, most active first
    topics: tuple[TopicFacts, ...] = ()  # non-empty topics, largest first
    signals: Mapping[int, Signals] = field(default_factory=dict)
    scope: str = "opened_or_merged"
    weights: Mapping[int, float] = field(default_factory=dict)  # handlers/digest_rank.weight per prose PR

    def topic(self, key: str) -> TopicFacts | None:
        return next((t for t in self.topics if t.key == key), None)

    def weight(self, number: int) -> float:
        """How much a maintainer would care (handlers/digest_rank.weight: impact, the signals of
        handlers/digest_signals and the learned nudge); the hand weight for a PR outside the prose."""
        found = self.weights.get(number)
        return found if found is not None else self.hand_weight(number)

    def hand_weight(self, number: int) -> float:
        """The weight of the hand-set rules alone (impact and signals)."""
        return score(
            self.signals.get(number, Signals()),
            self.impact(number),
            merged=self.status.get(number) == "merged",
        )

    def impact(self, number: int) -> float:
        found = self.classes.get(number)
        return found.impact if found else 0.0

    def by_number(self) -> dict[int, PullRequest]:
        return {pr.number: pr for pr in self.prs}


def compute_facts(
    repo: str,
    window: Window,
    prs: Sequence[PullRequest],
    classes: Mapping[int, Classification],
    first_seen: Mapping[str, datetime],
    taxonomy: Taxonomy,
    *,
    scope: str = "opened_or_merged",
    include_bots: bool = False,
) -> DigestFacts:
    """Select the PRs in scope and compute every count and the area of each prose PR."""
    chosen = sorted((pr for pr in prs if in_scope(pr, window, scope)), key=lambda pr: pr.number)
    status = {pr.number: status_at(pr, window.until) for pr in chosen}
    prose = [pr for pr in chosen if include_bots or not pr.is_bot]
    humans = {pr.author for pr in chosen if not pr.is_bot}
    first_timers = {a for a in humans if a in first_seen and first_seen[a] >= window.since}
    counts = DigestCounts(
        total=len(chosen),
        opened=sum(1 for pr in chosen if window.contains(pr.created_at)),
        merged=sum(1 for pr in chosen if status[pr.number] == "merged"),
        closed_unmerged=sum(1 for pr in chosen if status[pr.number] == "closed"),
        still_open=sum(1 for pr in chosen if status[pr.number] in ("open", "draft")),
        authors=len(humans),
        first_time_authors=len(first_timers),
        bot_prs=sum(1 for pr in chosen if pr.is_bot),
    )
    areas = _areas(prose, classes, taxonomy)
    topics = topic_totals(chosen, classes, taxonomy, window, status)
    signals = read_all(chosen, {n: c.topics for n, c in classes.items()}, taxonomy)
    facts = DigestFacts(
        repo, window, tuple(chosen), tuple(prose), classes, status, counts, areas, topics, signals, scope
    )
    weights = {
        pr.number: weight(
            pr.title,
            signals.get(pr.number, Signals()),
            classes[pr.number].topics if pr.number in classes else (),
            facts.impact(pr.number),
            merged=status[pr.number] == "merged",
        )
        for pr in prose
    }
    return replace(facts, weights=weights)


def topic_totals(
    prs: Sequence[PullRequest],
    classes: Mapping[int, Classification],
    taxonomy: Taxonomy,
    window: Window,
    status: Mapping[int, PRStatus],
) -> tuple[TopicFacts, ...]:
    """Every topic's total over the in-scope PRs, counted from the same classifications the
    query handler reads, so a digest's "ROCm: 25 PRs" is what `/vllm rocm <window>` answers."""
    out = []
    for topic in taxonomy.topics:
        members = [pr for pr in prs if pr.number in classes and topic.key in classes[pr.number].topics]
        if not members:
            continue
        out.append(
            TopicFacts(
                key=topic.key,
                name=topic.name,
                section=topic.section,
                numbers=tuple(pr.number for pr in members),
                merged=sum(1 for pr in members if window.contains(pr.merged_at)),
                opened=sum(1 for pr in members if window.contains(pr.created_at)),
                closed=sum(1 for pr in members if status.get(pr.number) == "closed"),
            )
        )
    position = {t.key: i for i, t in enumerate(taxonomy.topics)}
    out.sort(key=lambda t: (-t.total, position[t.key]))
    return tuple(out)


def _areas(
    prs: Sequence[PullRequest], classes: Mapping[int, Classification], taxonomy: Taxonomy
) -> tuple[AreaFacts, ...]:
    """Give each PR one area: the section of its most specific topic.

    "Most specific" is the topic fewest PRs of this window share, so broad topics (NVIDIA on a
    CUDA-first project, CI, performance) lose to narrow ones (quantization, ROCm) without any
    per-repository rule. Ties go to taxonomy order. PRs whose topics have no section go to
    "Other changes".
    """
    section_of = {t.key: t.section for t in taxonomy.topics if t.section}
    position = {t.key: i for i, t in enumerate(taxonomy.topics)}
    frequency: Counter[str] = Counter()
    for pr in prs:
        frequency.update(classes[pr.number].topics if pr.number in classes else ())
    members: dict[str, list[PullRequest]] = {}
    for pr in prs:
        topics = [t for t in (classes[pr.number].topics if pr.number in classes else ()) if t in section_of]
        if topics:
            best = min(topics, key=lambda t: (frequency[t], position[t]))
            key = section_of[best] or OTHER_KEY
        else:
            key = OTHER_KEY
        members.setdefault(key, []).append(pr)
    names = {s.key: (s.name, s.order) for s in taxonomy.sections}
    names[OTHER_KEY] = (OTHER_NAME, 10_000)
    areas = []
    for key, group in members.items():
        name, order = names.get(key, (key, 9_999))
        group.sort(key=lambda pr: (-_impact(classes, pr.number), -pr.number))
        areas.append(AreaFacts(key, name, order, tuple(group)))
    # Most active first; "Other changes" always last, however busy.
    areas.sort(key=lambda a: (a.key == OTHER_KEY, -len(a.prs), a.order))
    return tuple(areas)


def _impact(classes: Mapping[int, Classification], number: int) -> float:
    found = classes.get(number)
    return found.impact if found else 0.0


# -- text helpers ------------------------------------------------------------------------------------

_TAG = re.compile(r"^\s*(?:\[[^\[\]]{0,40}\]\s*:?\s*)+")
_TAG_ANY = re.compile(r"\[([^\[\]]{1,40})\]")
_TRAILING_REF = re.compile(r"\s*\(#\d+\)\s*$")
_LEADING_KIND = re.compile(r"^\s*(?:feat|fix|chore|docs|perf|refactor|test|ci)(?:\([^)]*\))?\s*:\s*", re.I)
_SPACES = re.compile(r"\s+")


def title_tags(title: str) -> tuple[str, ...]:
    """`[ROCm][Bugfix] x` -> ("ROCm", "Bugfix")."""
    match = _TAG.match(unwrapped_title(title or ""))
    return tuple(t.strip() for t in _TAG_ANY.findall(match.group(0))) if match else ()


def clean_title(title: str) -> str:
    """A PR title as prose: no `[Tag]` prefixes, no `feat:` kinds, no trailing `(#123)`, one line,
    first letter upper-case."""
    text = unwrapped_title(_SPACES.sub(" ", title or ""))
    text = _TAG.sub("", text)
    text = _LEADING_KIND.sub("", text)
    text = _TRAILING_REF.sub("", text).strip(" .:-")
    if not text:
        text = _SPACES.sub(" ", title or "").strip() or "(untitled)"
    return text[:1].upper() + text[1:]


# Product names written in CamelCase that are words, not code symbols.
_NOT_CODE = {
    "deepseek",
    "flashinfer",
    "pytorch",
    "flashattention",
    "flashmla",
    "lora",
    "moe",
    "github",
    "openai",
    "huggingface",
    "tensorrt",
    "modelopt",
    "lmcache",
    "deepgemm",
    "deepep",
    "youtube",
    "javascript",
    "typescript",
    "iphone",
    "macos",
    "ios",
    "gpus",
    "cpus",
    "tpus",
    "llms",
    "vllm",
    "mixtral",
    "minimax",
    "internvl",
    "llava",
    "paddleocr",
    "funasr",
    "qwen",
    "kimi",
}

_BACKTICKED = re.compile(r"`([^`\n]{1,120})`")
_IDENTIFIER = re.compile(
    r"""(?<![\w.`/@-])(
        __\w+__                                                 # __dunder__
      | --[a-z][a-z0-9-]+(?:=\S+)?                              # --cli-flags
      | [A-Za-z_][A-Za-z0-9_]*\(\)                              # calls()
      | [A-Za-z_][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?:\.[A-Za-z_]\w*)*  # snake_case, a_b.c
      | [a-z_]\w*(?:\.[A-Za-z_]\w*)+\.py                         # module/paths.py
      | [A-Za-z_]\w*\.py                                        # file.py
      | [a-z]+(?:\.[a-z_]\w*){2,}                                # torch.cuda.empty_cache
      | [A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+(?:[A-Z]+[0-9]*)?       # CamelCase, MiniMaxVL01
      | [A-Z]{2,}[a-z]+(?:[A-Z][a-z0-9]+)+                        # GPUModelRunner
    )(?![\w`]|\.\d)""",  # `ColQwen3.5` is a model's name, not a symbol followed by ".5"
    re.VERBOSE,
)


def _is_code(word: str) -> bool:
    return word.lower() not in _NOT_CODE


def spans(text: str, *, detect: bool = True) -> tuple[Inline, ...]:
    """Text -> Text/Code spans: backticked runs become Code; with `detect`, so do snake_case,
    CamelCase, dotted paths, `--flags` and `calls()`. Adjacent Text runs are merged."""
    out: list[Inline] = []

    def add_text(part: str) -> None:
        part = part.replace("`", "'")  # a stray backtick is never a code span
        if not part:
            return
        if detect:
            last = 0
            for match in _IDENTIFIER.finditer(part):
                word = match.group(1)
                if not _is_code(word):
                    continue
                _push(out, Text(part[last : match.start(1)]))
                _push(out, Code(word))
                last = match.end(1)
            _push(out, Text(part[last:]))
        else:
            _push(out, Text(part))

    last = 0
    for match in _BACKTICKED.finditer(text):
        add_text(text[last : match.start()])
        code = match.group(1).strip()
        if code:
            _push(out, Code(code))
        last = match.end()
    add_text(text[last:])
    return tuple(out)


def _push(out: list[Inline], span: Inline) -> None:
    if isinstance(span, Text):
        if not span.text:
            return
        if out and isinstance(out[-1], Text):
            out[-1] = Text(out[-1].text + span.text)
            return
    out.append(span)
