"""Measure a classifier against a hand-labelled JSONL file: per-topic precision/recall/F1, macro F1.

A label file holds one `{"number", "title", "topics"}` object per line (optionally `body`,
`labels`, `files`). Topic words are resolved through the taxonomy (key, name or alias, so
"amd" counts as rocm); words the taxonomy does not know are collected and reported, never
silently dropped.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from handlers.errors import BotError
from handlers.models import PullRequest, Taxonomy

_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)


class LabelFileError(BotError):
    """A label file cannot be read or a line is malformed; the message names file and line."""


@dataclass(frozen=True)
class LabelledPR:
    pr: PullRequest
    topics: frozenset[str]


@dataclass
class LabelFile:
    items: list[LabelledPR]
    unknown: dict[str, list[int]] = field(default_factory=dict)  # word -> line numbers


@dataclass(frozen=True)
class TopicScore:
    topic: str
    support: int  # labelled positives
    predicted: int
    true_positives: int

    @property
    def precision(self) -> float:
        return self.true_positives / self.predicted if self.predicted else 0.0

    @property
    def recall(self) -> float:
        return self.true_positives / self.support if self.support else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass(frozen=True)
class Evaluation:
    scores: tuple[TopicScore, ...]  # every taxonomy topic, in taxonomy order
    errors: tuple[tuple[LabelledPR, frozenset[str]], ...]  # (item, predicted) where they differ

    @property
    def scored(self) -> tuple[TopicScore, ...]:
        """Topics that count towards macro F1: labelled or predicted at least once."""
        return tuple(s for s in self.scores if s.support or s.predicted)

    @property
    def macro_f1(self) -> float:
        scored = self.scored
        return sum(s.f1 for s in scored) / len(scored) if scored else 0.0


def _norm(word: str) -> str:
    return re.sub(r"[\s_-]+", " ", word.strip().lower())


def topic_resolver(taxonomy: Taxonomy) -> dict[str, str]:
    """Every word a label file may use for a topic (normalised) -> topic key."""
    words: dict[str, str] = {}
    for topic in taxonomy.topics:  # keys and names first: an alias never shadows a key
        words.setdefault(_norm(topic.key), topic.key)
        words.setdefault(_norm(topic.name), topic.key)
    for topic in taxonomy.topics:
        for alias in topic.aliases:
            words.setdefault(_norm(alias), topic.key)
    return words


def load_label_file(path: Path, taxonomy: Taxonomy, repo: str) -> LabelFile:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        raise LabelFileError(f"label file {path}: cannot read ({reason})") from None
    resolve = topic_resolver(taxonomy)
    result = LabelFile(items=[])
    for line_no, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"label file {path}, line {line_no}"
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise LabelFileError(f"{where}: not JSON ({exc.msg})") from None
        if not isinstance(obj, dict):
            raise LabelFileError(f"{where}: expected an object")
        number, title, topics = obj.get("number"), obj.get("title"), obj.get("topics")
        if not isinstance(number, int) or isinstance(number, bool) or number <= 0:
            raise LabelFileError(f"{where}: 'number' must be a positive integer")
        if not isinstance(title, str):
            raise LabelFileError(f"{where}: 'title' must be a string")
        if not isinstance(topics, list) or not all(isinstance(t, str) for t in topics):
            raise LabelFileError(f"{where}: 'topics' must be a list of strings")
        keys = set()
        for word in topics:
            key = resolve.get(_norm(word))
            if key is None:
                result.unknown.setdefault(word, []).append(line_no)
            else:
                keys.add(key)
        result.items.append(LabelledPR(pr=_pr(repo, obj), topics=frozenset(keys)))
    if not result.items:
        raise LabelFileError(f"label file {path}: no labelled PRs")
    return result


def _strings(value: object) -> tuple[str, ...]:
    if not isinstance(value, list):
        return ()
    return tuple(v if isinstance(v, str) else str(v.get("name", "")) for v in value if v)


def _pr(repo: str, obj: dict) -> PullRequest:
    body = obj.get("body")
    files = obj.get("files")
    return PullRequest(
        repo=repo,
        number=obj["number"],
        title=obj["title"],
        author=str(obj.get("author") or "labelled"),
        state="closed",
        created_at=_EPOCH,
        updated_at=_EPOCH,
        url=f"https://github.com/{repo}/pull/{obj['number']}",
        body=body if isinstance(body, str) else None,
        labels=_strings(obj.get("labels")),
        files=_strings(files) if isinstance(files, list) else None,
    )


def evaluate(
    taxonomy: Taxonomy, items: Sequence[LabelledPR], predictions: Iterable[Sequence[str]]
) -> Evaluation:
    """Score `predictions` (one topic list per item, same order) against the labels."""
    tp = dict.fromkeys(taxonomy.keys, 0)
    support = dict.fromkeys(taxonomy.keys, 0)
    predicted = dict.fromkeys(taxonomy.keys, 0)
    errors = []
    for item, topics in zip(items, predictions, strict=True):
        got = frozenset(t for t in topics if t in tp)
        for key in item.topics:
            support[key] += 1
        for key in got:
            predicted[key] += 1
            tp[key] += key in item.topics
        if got != item.topics:
            errors.append((item, got))
    scores = tuple(TopicScore(k, support[k], predicted[k], tp[k]) for k in taxonomy.keys)
    return Evaluation(scores=scores, errors=tuple(errors))


def format_table(evaluation: Evaluation) -> list[str]:
    lines = [f"{'topic':<18}{'labelled':>9}{'predicted':>10}{'precision':>10}{'recall':>8}{'F1':>7}"]
    for s in evaluation.scores:
        if not (s.support or s.predicted):
            lines.append(f"{s.topic:<18}{0:>9}{0:>10}{'-':>10}{'-':>8}{'-':>7}")
            continue
        lines.append(
            f"{s.topic:<18}{s.support:>9}{s.predicted:>10}{s.precision:>10.3f}{s.recall:>8.3f}{s.f1:>7.3f}"
        )
    return lines
