"""Train the digest's learned ranking on the expert-written digests, and check it honestly.

    python tools/digest_ranker.py            # train on every expert week, write handlers/digest_rank_model.py
    python tools/digest_ranker.py --lowo     # leave-one-week-out: picks named with and without it

The expert weeks are tests/fixtures/expert-picks/picks-*.json (the PRs an expert singled out,
written blind); each week's PRs come from ../shared/data/vllm/merged-pulls.jsonl. One example a
prose PR of a week: the features of handlers/digest_rank.features (hand weight, signals, topics,
title tags and words; a tag or word only when five or more PRs carry it), labelled picked or
not. A logistic regression, full-batch gradient descent from zero weights for a fixed number of
steps with an L2 penalty: no random state, the same file every time. The weights are written
rounded, and the centre is the median PR's log-odds, so an ordinary PR's weight is unchanged.

`--lowo` trains on all weeks but one, builds that week's digest with the hand weights alone and
with the learned nudge, and counts the picks each names in the digest proper: the figure
docs/digest.md records. Needs numpy (a dev dependency through matplotlib).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from datetime import UTC, date, timedelta
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.services.heuristic import HeuristicClassifier  # noqa: E402
from bot.services.taxonomy import load_taxonomy  # noqa: E402
from handlers import digest_rank_model  # noqa: E402
from handlers.digest import window_for_dates, write_offline  # noqa: E402
from handlers.digest_facts import DigestFacts, compute_facts  # noqa: E402
from handlers.digest_rank import features  # noqa: E402
from handlers.models import PullRequest  # noqa: E402
from tools.digest_overlap import DEFAULT_DATA, REPO, merged_by_week  # noqa: E402

PICKS = ROOT / "tests" / "fixtures" / "expert-picks"
MODEL = ROOT / "handlers" / "digest_rank_model.py"
# RATE 3.0 (was 0.5): 400 steps at 0.5 stopped well short of the regularised optimum; trained
# closer to it the model names 848 of 1,569 picks leave-one-week-out instead of 823 (1.5: 838)
MIN_PRS, STEPS, RATE, L2, KEEP = 5, 400, 3.0, 5.0, 0.005


def load_weeks(data: Path) -> list[tuple[date, set[int], list[PullRequest]]]:
    weeks = [json.loads(p.read_text()) for p in sorted(PICKS.glob("picks-*.json"))]
    ends = [date.fromisoformat(w["week_ending"]) for w in weeks]
    by_week = merged_by_week(data, set(ends))
    return [(end, set(w["picks"]), by_week[end]) for end, w in zip(ends, weeks, strict=True)]


def week_facts(prs: list[PullRequest], end: date) -> DigestFacts:
    taxonomy = load_taxonomy("vllm", REPO)
    classifier = HeuristicClassifier(taxonomy)
    classes = {pr.number: classifier.classify_one(pr) for pr in prs}
    window = window_for_dates(end - timedelta(days=7), end - timedelta(days=1), UTC)
    return compute_facts(REPO, window, prs, classes, {}, taxonomy, scope="merged")


def examples(
    weeks: list[tuple[date, set[int], list[PullRequest]]],
) -> list[tuple[date, dict[str, float], bool]]:
    rows = []
    for end, picks, prs in weeks:
        facts = week_facts(prs, end)
        for pr in facts.prose:
            cls = facts.classes.get(pr.number)
            found = features(
                pr.title, facts.signals[pr.number], cls.topics if cls else (), facts.hand_weight(pr.number)
            )
            rows.append((end, found, pr.number in picks))
    return rows


def train(rows: list[tuple[date, dict[str, float], bool]]) -> tuple[float, dict[str, float]]:
    """(centre, weights) of the regression over `rows`."""
    seen: Counter[str] = Counter(name for _, found, _ in rows for name in found)
    names = sorted(n for n, c in seen.items() if c >= MIN_PRS or n in ("bias", "weight", "reach"))
    column = {n: i for i, n in enumerate(names)}
    x = np.zeros((len(rows), len(names)))
    for i, (_, found, _) in enumerate(rows):
        for name, value in found.items():
            if name in column:
                x[i, column[name]] = value
    y = np.array([picked for _, _, picked in rows], dtype=float)
    w = np.zeros(len(names))
    for _ in range(STEPS):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        w -= RATE * (x.T @ (p - y) + L2 * w) / len(y)
    weights = {n: round(float(v), 4) for n, v in zip(names, w, strict=True) if abs(v) >= KEEP}
    logits = [sum(weights.get(n, 0.0) * v for n, v in found.items()) for _, found, _ in rows]
    return round(float(np.median(logits)), 4), weights


def write_model(center: float, weights: dict[str, float], weeks: int, picks: int) -> None:
    lines = [
        '"""Weights of the digest\'s learned ranking (handlers/digest_rank.py), written by',
        f"tools/digest_ranker.py from {weeks} expert weeks ({picks} picks); do not edit by hand.",
        '"""',
        "",
        f"CENTER = {center!r}",
        "WEIGHTS: dict[str, float] = {",
        *(f"    {json.dumps(name)}: {value!r}," for name, value in sorted(weights.items())),
        "}",
        "",
    ]
    MODEL.write_text("\n".join(lines), encoding="utf-8")


def named(prs: list[PullRequest], end: date, picks: set[int]) -> int:
    digest = write_offline(week_facts(prs, end), load_taxonomy("vllm", REPO), "merged")
    cited = {n for s in digest.sections for p in s.points for n in p.cited}
    return len(picks & cited & {pr.number for pr in prs})


def lowo(weeks: list[tuple[date, set[int], list[PullRequest]]], rows: list) -> None:
    print(f"{'week ending':<12} {'picks':>5} {'hand':>5} {'learned':>7}")
    totals = [0, 0, 0]
    for end, picks, prs in weeks:
        digest_rank_model.WEIGHTS, digest_rank_model.CENTER = {}, 0.0
        hand = named(prs, end, picks)
        center, weights = train([r for r in rows if r[0] != end])
        digest_rank_model.WEIGHTS, digest_rank_model.CENTER = weights, center
        learned = named(prs, end, picks)
        wanted = len(picks & {pr.number for pr in prs})
        totals = [totals[0] + wanted, totals[1] + hand, totals[2] + learned]
        print(f"{end.isoformat():<12} {wanted:>5} {hand:>5} {learned:>7}")
    wanted, hand, learned = totals
    print(f"{'all':<12} {wanted:>5} {hand:>5} ({hand / wanted:.0%}) {learned:>5} ({learned / wanted:.0%})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lowo", action="store_true", help="score leave-one-week-out instead of writing")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args(argv)
    weeks = load_weeks(args.data)
    rows = examples(weeks)
    if args.lowo:
        lowo(weeks, rows)
        return 0
    center, weights = train(rows)
    write_model(center, weights, len(weeks), sum(1 for r in rows if r[2]))
    print(f"wrote {MODEL.relative_to(ROOT)}: {len(weights)} weights, centre {center}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
