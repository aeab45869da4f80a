"""The learned part of the digest's ranking: what expert-written digests singled out, beyond the
hand-set signals of handlers/digest_signals.

A logistic regression over one PR's hand weight, its signals, its topics, its title tags and its
title words, trained by tools/digest_ranker.py on the expert-written digests of
tests/fixtures/expert-picks/ (full-batch gradient descent from zero weights, fixed steps: the same
file every time). Its log-odds, centred on the training set's median PR, nudge the hand weight
(`LEARNED_SHARE` of a log-odds unit), so a PR with no learned evidence ranks as before.
Leave-one-week-out over 53 expert weeks it names 1,199 of 2,179 picks against the hand weights'
1,047 (docs/digest.md records every round, and the weeks scored before they were trained on); the
weights live in handlers/digest_rank_model.py, written by the tool, never by hand. Answers rank
their PRs by the same weight (`weight`), so a digest and `/vllm rocm last week` agree on what
comes first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from handlers import digest_rank_model
from handlers.digest_signals import Signals, score

# A log-odds unit of the learned model is worth this much hand weight. 1.0 (was 0.35): measured
# leave-one-week-out over 52 expert weeks, 0.25 / 0.35 / 0.5 / 0.7 / 1.0 / 1.5 / 2 name 1,136 /
# 1,142 / 1,155 / 1,163 / 1,167 / 1,166 / 1,171 picks: the model knows the hand weight (a feature
# of it) and does better left to weigh it; past 1.0 the gain is noise, and one unit is one unit.
LEARNED_SHARE = 1.0
_TAGS = re.compile(r"\[([^\[\]]{1,40})\]")
_WORD = re.compile(r"[a-z][a-z0-9.+-]*")
SIGNAL_NAMES = (
    "claims",
    "revert",
    "regression_fix",
    "breaking",
    "severe_fix",
    "correctness_fix",
    "default_change",
    "feature",
    "kernel",
    "minor",
    "new_model",
    "new_hardware",
    "refactor",
    "performance",
    "maintenance",
    "series",
    "security",
    "stack_upgrade",
    "chore",
    "reverted",
)


def features(title: str, signals: Signals, topics: Iterable[str], hand: float) -> dict[str, float]:
    """What the model reads of one PR: the hand weight, which signals fired, its topics, the
    `[Tag]`s of its title and the words of the rest (lower case, a word once)."""
    found: dict[str, float] = {"bias": 1.0, "weight": hand, "reach": float(signals.reach)}
    for name in SIGNAL_NAMES:
        if getattr(signals, name):
            found[f"sig:{name}"] = 1.0
    for topic in topics:
        found[f"topic:{topic}"] = 1.0
    lowered = title.lower()
    for tag in _TAGS.findall(lowered):
        found[f"tag:{tag.strip()}"] = 1.0
    for word in _WORD.findall(_TAGS.sub(" ", lowered)):
        found[f"w:{word.strip('.-')}"] = 1.0
    return found


def log_odds(found: Mapping[str, float]) -> float:
    """The model's log-odds that an expert singles the PR out, less the median PR's."""
    weights = digest_rank_model.WEIGHTS
    return sum(weights.get(name, 0.0) * value for name, value in found.items()) - digest_rank_model.CENTER


def nudge(title: str, signals: Signals, topics: Iterable[str], hand: float) -> float:
    """What the learned model adds to a PR's hand weight (negative for work experts pass over)."""
    if not digest_rank_model.WEIGHTS:
        return 0.0
    return round(LEARNED_SHARE * log_odds(features(title, signals, topics, hand)), 4)


def weight(title: str, signals: Signals, topics: Iterable[str], impact: float, *, merged: bool) -> float:
    """How much a maintainer would care about one PR: the hand-set score plus the learned nudge.
    The digest ranks its points by it and answers list their PRs by it, so the PRs a digest
    singles out are the ones `/vllm rocm last week` shows first."""
    topics = tuple(topics)
    hand = score(signals, impact, merged=merged)
    return round(hand + nudge(title, signals, topics, hand), 4)
