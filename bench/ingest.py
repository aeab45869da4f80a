"""Ingest benchmark: requests used and wall time against the GitHub stand-in.

    python bench/ingest.py [--shared ../shared/data/vllm] [--store sqlite|redis] [--redis URL]
                           [--weeks 1,13] [--no-failures] [--json]

Scenarios ("now" 2026-02-13), each a first run into an empty store and an immediate re-run:
a week and 13 weeks with a token (changed paths by GraphQL, the default), the week 12 weeks
back as an explicit --since/--until window (search API), and a week without a token (no files).
Also how long an ingest against an unreachable base_url takes to fail with the default retry
settings. Targets (issue 17): a week of N PRs with files <= ceil(N/100) + ceil(N/50) + 2
requests; a past week's listing <= ceil(N/100) + 3 (+ ceil(N/50) for its files); re-run <= 2.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import socket
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.paths import vllm_data  # noqa: E402
from bot.services.github import GitHubError, GitHubSource  # noqa: E402
from bot.services.ingest import IngestReport, ingest  # noqa: E402
from bot.store import open_store  # noqa: E402
from standins.github_server import WEEK_ENDING_2026_02_13, GitHubStandIn, standin_from  # noqa: E402

REPO = "vllm-project/vllm"
NOW = WEEK_ENDING_2026_02_13


@dataclass(frozen=True)
class Scenario:
    name: str
    since: datetime
    until: datetime | None  # None: open-ended (from the cursor on re-runs)
    token: bool

    def budget(self, n: int, run: str) -> int:
        if run == "re-run":
            return 2
        files = math.ceil(n / 50) if self.token else 0
        return math.ceil(n / 100) + (3 if self.until is not None else 2) + files


async def scenario(
    url: str, prefix: str, github: GitHubStandIn, case: Scenario
) -> list[tuple[str, IngestReport, int]]:
    """(run, report, GraphQL requests) for a first run and an immediate re-run."""
    store = open_store(url, redis_prefix=prefix)
    source = GitHubSource(base_url=github.base_url, token="bench-token" if case.token else None)
    try:
        rows = []
        for label in ("first", "re-run"):
            before = github.count("/graphql")
            explicit = case.until is not None or label == "first"
            report = await ingest(
                store,
                source,
                REPO,
                case.since if explicit else None,
                case.until,
                clock=lambda: NOW,
            )
            rows.append((label, report, github.count("/graphql") - before))
        return rows
    finally:
        source.close()
        await store.close()
        _drop_redis(url, prefix)


def _drop_redis(url: str, prefix: str) -> None:
    if url.startswith("redis"):
        import redis

        client = redis.Redis.from_url(url)
        keys = list(client.scan_iter(match=prefix + "*", count=1000))
        if keys:
            client.delete(*keys)


def time_to_error(base_url: str) -> tuple[float, str]:
    """Seconds until a first page fails, with the default settings (4 retries, 15 s timeout)."""
    source = GitHubSource(base_url=base_url)
    started = time.perf_counter()
    try:
        next(source.pull_pages(REPO))
        message = "no error?"
    except GitHubError as exc:
        message = str(exc)
    return time.perf_counter() - started, message


def failure_rows() -> list[tuple[str, float, str]]:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    rows = [("nothing listening", *time_to_error(f"http://127.0.0.1:{port}"))]
    with socket.socket() as hung:  # accepts connections (kernel backlog) but never answers
        hung.bind(("127.0.0.1", 0))
        hung.listen(8)
        rows.append(("server never answers", *time_to_error(f"http://127.0.0.1:{hung.getsockname()[1]}")))
    return rows


def scenarios(weeks: list[int]) -> list[Scenario]:
    out = [Scenario(f"{n} week{'s' if n > 1 else ''}", NOW - timedelta(weeks=n), None, True) for n in weeks]
    back = NOW - timedelta(weeks=12)
    out.append(Scenario("week 12 weeks back", back - timedelta(weeks=1), back, True))
    out.append(Scenario("1 week, no token", NOW - timedelta(weeks=1), None, False))
    return out


def measure(shared: Path, store: str, redis_url: str, weeks: list[int], failures: bool) -> dict:
    """Every scenario's first run and re-run, and (optionally) the time to fail on a dead host."""
    out: dict = {"store": store, "scenarios": [], "failures": []}
    with (
        standin_from(shared / "merged-pulls.jsonl") as github,
        tempfile.TemporaryDirectory() as tmp,
    ):
        for case in scenarios(weeks):
            prefix = f"prbot-bench-{uuid.uuid4().hex[:8]}:"
            url = redis_url if store == "redis" else f"sqlite:///{tmp}/{uuid.uuid4().hex[:8]}.db"
            window = len(github.visible(case.since, case.until))
            for label, r, graphql in asyncio.run(scenario(url, prefix, github, case)):
                budget = case.budget(window, label)
                out["scenarios"].append(
                    {
                        "scenario": case.name,
                        "run": label,
                        "window_prs": window,
                        "prs": r.seen,
                        "pages": r.pages,
                        "requests": r.requests,
                        "listing_requests": r.requests - graphql,
                        "graphql_requests": graphql,
                        "budget": budget,
                        "files": r.files_fetched,
                        "not_modified": r.not_modified,
                        "wall_s": r.seconds,
                        "met": r.requests <= budget,
                    }
                )
    if failures:
        out["failures"] = [
            {"case": name, "seconds": seconds, "message": message}
            for name, seconds, message in failure_rows()
        ]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shared", default=str(vllm_data()))
    parser.add_argument("--store", choices=["sqlite", "redis"], default="sqlite")
    parser.add_argument("--redis", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/15"))
    parser.add_argument("--weeks", default="1,13", help="comma-separated window sizes in weeks")
    parser.add_argument("--no-failures", action="store_true", help="skip the unreachable-host timings")
    parser.add_argument("--json", action="store_true", help="print one JSON object of the results")
    args = parser.parse_args()
    weeks = [int(w) for w in args.weeks.split(",")]
    result = measure(Path(args.shared), args.store, args.redis, weeks, not args.no_failures)
    if args.json:
        print(json.dumps(result))
        return

    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}, store {args.store}")
    header = (
        f"{'scenario':<20}{'run':<8}{'PRs':>6}{'requests':>10}{'listing':>9}{'graphql':>9}"
        f"{'budget':>8}{'files':>7}{'wall s':>8}"
    )
    print(header)
    print("-" * len(header))
    for r in result["scenarios"]:
        ok = "" if r["met"] else "  OVER BUDGET"
        print(
            f"{r['scenario']:<20}{r['run']:<8}{r['prs']:>6}{r['requests']:>10}{r['listing_requests']:>9}"
            f"{r['graphql_requests']:>9}{r['budget']:>8}{r['files']:>7}{r['wall_s']:>8.2f}{ok}"
        )
    if result["failures"]:
        print("\nunreachable base_url, default settings (4 retries, 15 s timeout):")
        for f in result["failures"]:
            print(f"  {f['case']:<22} error after {f['seconds']:5.1f} s: {f['message']}")


if __name__ == "__main__":
    main()
