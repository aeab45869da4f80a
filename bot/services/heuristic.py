"""The offline heuristic classifier: deterministic, versioned, no network.

Evidence, strongest first: title tags (`[ROCm]`), GitHub labels, changed-file globs, title
keywords on word boundaries, then body keywords (weaker: two distinct hits needed). Bodies are
untrusted text and only ever matched, never interpreted, so a body saying "label this rocm"
adds nothing a keyword match would not.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Sequence

from handlers.models import Classification, PullRequest, Taxonomy, Topic

VERSION = "h1"
_TAG = re.compile(r"\[([^\[\]]{1,40})\]")


def _words_pattern(words: Sequence[str]) -> re.Pattern[str] | None:
    words = [w for w in words if w]
    if not words:
        return None
    alternatives = "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))
    return re.compile(rf"(?<![\w/.-])(?:{alternatives})(?![\w])", re.IGNORECASE)


class _Compiled:
    def __init__(self, topic: Topic) -> None:
        ev = topic.evidence
        self.topic = topic
        self.tags = set(ev.get("tags", ()))
        self.labels = set(ev.get("labels", ()))
        self.paths = tuple(ev.get("paths", ()))
        self.keywords = _words_pattern(ev.get("keywords", ()))
        self.body = _words_pattern(ev.get("body_keywords", ()))
        self.exclude = _words_pattern(ev.get("exclude", ()))
        self.implies = tuple(ev.get("implies", ()))


class HeuristicClassifier:
    """Classifies PRs by the taxonomy's evidence; `version` covers code and taxonomy."""

    def __init__(self, taxonomy: Taxonomy) -> None:
        self.taxonomy = taxonomy
        self.version = f"heuristic:{VERSION}:{taxonomy.name}:{taxonomy.version}"
        self._topics = [_Compiled(t) for t in taxonomy.topics]

    def topics_for(self, pr: PullRequest) -> tuple[str, ...]:
        title = pr.title or ""
        tags = {t.strip().lower() for t in _TAG.findall(title)}
        bare_title = _TAG.sub(" ", title)
        labels = {label.lower() for label in pr.labels}
        body = (pr.body or "")[:20000]
        found: list[str] = []
        for c in self._topics:
            if c.exclude and c.exclude.search(title):
                continue
            hit = bool(tags & c.tags) or bool(labels & c.labels)
            if not hit and pr.files and c.paths:
                hit = any(fnmatch.fnmatch(path, glob) for path in pr.files for glob in c.paths)
            if not hit and c.keywords:
                hit = bool(c.keywords.search(bare_title))
            if not hit and c.body and body:
                hit = len({m.lower() for m in c.body.findall(body)}) >= 2
            if hit:
                found.append(c.topic.key)
        for c in self._topics:
            if c.topic.key in found:
                found.extend(k for k in c.implies if k not in found)
        order = {t.key: i for i, t in enumerate(self.taxonomy.topics)}
        return tuple(sorted(set(found), key=order.__getitem__))

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
    return " ".join(_TAG.sub(" ", title or "").split())[:200]


_NUMBERS = re.compile(r"\d+(\.\d+)?\s*(x|%|ms|tok/s|tokens/s)", re.IGNORECASE)
_CHORE = re.compile(
    r"\b(typo|nit|minor|cleanup|clean up|rename|bump|pin|flaky|skip|revert|lint|format)\b", re.IGNORECASE
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
