"""How many of an expert's picks the offline digest names, week by week.

    python tools/digest_overlap.py PICKS.json [PICKS.json ...] [--data PATH] [--show]

A picks file is `{"week_ending": "YYYY-MM-DD", "picks": [N, ...], "top": [N, ...]}`: the PRs an
expert singled out in a digest of the week ending on that Friday (the PRs merged Friday to
Thursday, as tools/week_titles.py prints them), written without looking at ours. For each week
the offline digest is built from the same PRs (merged scope, heuristic classifier) and the line
says how many picks it names in a point of the digest proper ("named", the issue's >= 60 %
target), how many of the expert's top picks it names, and how many are reachable at all (digest
proper or its "All PRs by area" continuation). `--show` lists the picks it misses, with titles,
and the PRs it names that the expert did not pick.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import UTC, date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.services.heuristic import HeuristicClassifier  # noqa: E402
from bot.services.pr_record import pull_request_from_record  # noqa: E402
from bot.services.taxonomy import load_taxonomy  # noqa: E402
from handlers.digest import window_for_dates, write_offline  # noqa: E402
from handlers.digest_facts import compute_facts  # noqa: E402
from handlers.models import Digest, PullRequest  # noqa: E402

REPO = "vllm-project/vllm"
DEFAULT_DATA = (
    Path(os.environ.get("PRBOT_SHARED") or ROOT.parent / "shared") / "data" / "vllm" / "merged-pulls.jsonl"
)


def week_digest(prs: list[PullRequest], week_end: date) -> Digest:
    taxonomy = load_taxonomy("vllm", REPO)
    classifier = HeuristicClassifier(taxonomy)
    classes = {pr.number: classifier.classify_one(pr) for pr in prs}
    window = window_for_dates(week_end - timedelta(days=7), week_end - timedelta(days=1), UTC)
    facts = compute_facts(REPO, window, prs, classes, {}, taxonomy, scope="merged")
    return write_offline(facts, taxonomy, "merged")


def merged_by_week(data: Path, ends: set[date]) -> dict[date, list[PullRequest]]:
    """The PRs of `data` merged in each week ending on a Friday of `ends` (Friday to Thursday)."""
    by_week: dict[date, list[PullRequest]] = {end: [] for end in ends}
    with data.open(encoding="utf-8") as lines:
        for line in lines:
            pr = pull_request_from_record(REPO, json.loads(line))
            day = pr.merged_at.date() if pr.merged_at else None
            for end in ends:
                if day and end - timedelta(days=7) <= day < end:
                    by_week[end].append(pr)
    return by_week


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("picks", nargs="+", type=Path)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--show", action="store_true", help="list the misses and our extra picks")
    args = parser.parse_args(argv)
    weeks = [json.loads(p.read_text()) for p in args.picks]
    by_week = merged_by_week(args.data, {date.fromisoformat(w["week_ending"]) for w in weeks})
    totals = [0, 0, 0, 0, 0]
    print(
        f"{'week ending':<12} {'PRs':>4} {'picks':>5} {'named':>11} {'top named':>11} {'reachable':>11} {'ours':>4}"
    )
    for week in weeks:
        end = date.fromisoformat(week["week_ending"])
        prs = by_week[end]
        titles = {pr.number: pr.title for pr in prs}
        digest = week_digest(prs, end)
        named = {n for s in digest.sections for p in s.points for n in p.cited}
        listed = {n for s in digest.more for p in s.points for n in p.cited}
        picks = [n for n in week["picks"] if n in titles]
        top = [n for n in week.get("top", []) if n in titles]
        hit = [n for n in picks if n in named]
        top_hit = [n for n in top if n in named]
        reach = [n for n in picks if n in named | listed]
        totals = [
            a + b
            for a, b in zip(totals, (len(picks), len(hit), len(top), len(top_hit), len(reach)), strict=True)
        ]
        print(
            f"{end.isoformat():<12} {len(prs):>4} {len(picks):>5} "
            f"{len(hit):>3} ({len(hit) / max(len(picks), 1):>4.0%}) "
            f"{len(top_hit):>3} ({len(top_hit) / max(len(top), 1):>4.0%}) "
            f"{len(reach):>3} ({len(reach) / max(len(picks), 1):>4.0%}) {len(named):>4}"
        )
        if args.show:
            for n in picks:
                if n not in named:
                    print(f"    miss {'*' if n in top else ' '} #{n} {titles[n]}")
            for n in sorted(named - set(picks)):
                print(f"    ours   #{n} {titles.get(n, '?')}")
    picks_n, hit_n, top_n, top_hit_n, reach_n = totals
    print(
        f"{'all':<12} {'':>4} {picks_n:>5} {hit_n:>3} ({hit_n / max(picks_n, 1):>4.0%}) "
        f"{top_hit_n:>3} ({top_hit_n / max(top_n, 1):>4.0%}) {reach_n:>3} ({reach_n / max(picks_n, 1):>4.0%})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
