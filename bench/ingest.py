"""Ingest benchmark: requests used and wall time against the GitHub stand-in.

    python bench/ingest.py [--shared ../shared/data/vllm] [--store sqlite|redis] [--redis URL]
                           [--weeks 1,13] [--no-failures] [--json]

For one week and for 13 weeks ending 2026-02-13: a first ingest into an empty store, then an
immediate re-run (from the cursor), then a --files ingest of the one week. Also how long an
ingest against an unreachable base_url takes to fail with the default retry settings.
Checks the targets: first ingest <= ceil(N/100) + 2 requests, re-run <= 2.
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
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.paths import vllm_data  # noqa: E402
from bot.services.github import GitHubError, GitHubSource  # noqa: E402
from bot.services.ingest import IngestReport, ingest  # noqa: E402
from bot.store import open_store  # noqa: E402
from tests.standins.github_server import WEEK_ENDING_2026_02_13, standin_from  # noqa: E402

REPO = "vllm-project/vllm"


async def scenario(
    url: str, prefix: str, base_url: str, weeks: int, files: bool
) -> list[tuple[str, IngestReport]]:
    store = open_store(url, redis_prefix=prefix)
    source = GitHubSource(base_url=base_url)
    try:
        rows = []
        for label in ("first", "re-run"):
            report = await ingest(
                store, source, REPO, files=files, default_days=7 * weeks, clock=lambda: WEEK_ENDING_2026_02_13
            )
            rows.append((label, report))
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


def measure(shared: Path, store: str, redis_url: str, weeks: list[int], failures: bool) -> dict:
    """Every scenario's first run and re-run, and (optionally) the time to fail on a dead host."""
    scenarios = [(f"{n} week{'s' if n > 1 else ''}", n, False) for n in weeks] + [("1 week --files", 1, True)]
    out: dict = {"store": store, "scenarios": [], "failures": []}
    with (
        standin_from(shared / "merged-pulls.jsonl") as github,
        tempfile.TemporaryDirectory() as tmp,
    ):
        for name, n_weeks, files in scenarios:
            prefix = f"prbot-bench-{uuid.uuid4().hex[:8]}:"
            url = redis_url if store == "redis" else f"sqlite:///{tmp}/{name.replace(' ', '_')}.db"
            window = len(github.visible(WEEK_ENDING_2026_02_13 - timedelta(weeks=n_weeks)))
            for label, r in asyncio.run(scenario(url, prefix, github.base_url, n_weeks, files)):
                budget = (
                    (math.ceil(window / 100) + 2 + (r.files_fetched if files else 0))
                    if label == "first"
                    else 2
                )
                out["scenarios"].append(
                    {
                        "scenario": name,
                        "run": label,
                        "window_prs": window,
                        "prs": r.seen,
                        "pages": r.pages,
                        "requests": r.requests,
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
    header = f"{'scenario':<22}{'run':<8}{'PRs':>6}{'pages':>7}{'requests':>10}{'budget':>8}{'files':>7}{'wall s':>8}"
    print(header)
    print("-" * len(header))
    for r in result["scenarios"]:
        ok = "" if r["met"] else "  OVER BUDGET"
        print(
            f"{r['scenario']:<22}{r['run']:<8}{r['prs']:>6}{r['pages']:>7}{r['requests']:>10}{r['budget']:>8}"
            f"{r['files']:>7}{r['wall_s']:>8.2f}{ok}"
        )
    if result["failures"]:
        print("\nunreachable base_url, default settings (4 retries, 15 s timeout):")
        for f in result["failures"]:
            print(f"  {f['case']:<22} error after {f['seconds']:5.1f} s: {f['message']}")


if __name__ == "__main__":
    main()
