"""Print the titles of the PRs merged in one week, for labelling by hand.

A week ending on Friday F holds the PRs merged from F-7 (Friday) 00:00 UTC to F-1 (Thursday)
23:59:59 UTC, the same week as the labelled files. Only numbers and titles are printed: no
classifier output, so labels are written blind.

    python tools/week_titles.py 2025-09-12 [--data PATH] [--start N] [--count N]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
from pathlib import Path

DEFAULT_DATA = (
    Path(os.environ.get("PRBOT_SHARED") or Path(__file__).resolve().parents[2] / "shared")
    / "data"
    / "vllm"
    / "merged-pulls.jsonl"
)


def week_pulls(data: Path, week_end: dt.date) -> list[tuple[int, str]]:
    """(number, title) of the PRs merged in the week ending on `week_end`, in merge order."""
    start, end = week_end - dt.timedelta(days=7), week_end
    rows = []
    with data.open(encoding="utf-8") as lines:
        for line in lines:
            pull = json.loads(line)
            merged = pull.get("merged_at")
            if merged and start <= dt.date.fromisoformat(merged[:10]) < end:
                rows.append((merged, pull["number"], pull["title"]))
    return [(number, title) for _, number, title in sorted(rows)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("week_end", help="the Friday ending the week, YYYY-MM-DD")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--start", type=int, default=0, help="skip this many PRs")
    parser.add_argument("--count", type=int, default=0, help="print at most this many (0: all)")
    args = parser.parse_args(argv)
    try:
        week_end = dt.date.fromisoformat(args.week_end)
    except ValueError:
        print(f"error: week end {args.week_end!r} is not a YYYY-MM-DD date", file=sys.stderr)
        return 2
    if week_end.weekday() != 4:
        print(f"error: week end {args.week_end} is not a Friday", file=sys.stderr)
        return 2
    pulls = week_pulls(args.data, week_end)[args.start :]
    if args.count:
        pulls = pulls[: args.count]
    for number, title in pulls:
        print(f"{number}\t{title}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
