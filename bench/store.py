"""Store benchmark: import throughput and one-week window reads over the 12k-PR history.

    python bench/store.py [--shared ../shared/data/vllm] [--redis redis://127.0.0.1:6379/15]
                          [--limit N] [--json]

Prints a table per backend (`--json`: one JSON object instead; `--limit`: only the first N records). Redis keys live under a throwaway prefix, deleted afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.paths import vllm_data  # noqa: E402
from bot.services.importer import import_file  # noqa: E402
from bot.store import open_store  # noqa: E402

REPO = "vllm-project/vllm"


async def bench(url: str, source: Path, prefix: str) -> dict[str, float]:
    store = open_store(url, redis_prefix=prefix)
    try:
        started = time.perf_counter()
        report = await import_file(store, source, REPO)
        first = time.perf_counter() - started
        started = time.perf_counter()
        await import_file(store, source, REPO)
        second = time.perf_counter() - started
        reads = []
        sizes = []
        start = datetime(2025, 8, 4, tzinfo=UTC)
        for week in range(50):
            since = start + timedelta(weeks=week)
            t = time.perf_counter()
            prs = await store.prs_in_window(REPO, since, since + timedelta(days=7))
            reads.append((time.perf_counter() - t) * 1000)
            sizes.append(len(prs))
        reads.sort()
        return {
            "records": report.read,
            "import_s": first,
            "import_per_s": report.read / first,
            "reimport_s": second,
            "read_p50_ms": statistics.median(reads),
            "read_p99_ms": reads[int(len(reads) * 0.99) - 1],
            "prs_per_week": statistics.mean(sizes),
        }
    finally:
        if url.startswith("redis"):
            import redis

            client = redis.Redis.from_url(url)
            keys = list(client.scan_iter(match=prefix + "*", count=1000))
            if keys:
                client.delete(*keys)
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", default=str(vllm_data()))
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/15")
    parser.add_argument("--limit", type=int, default=0, help="import only the first N records")
    parser.add_argument("--json", action="store_true", help="print one JSON object of the results")
    args = parser.parse_args()
    source = Path(args.shared) / "merged-pulls.jsonl"
    with tempfile.TemporaryDirectory() as tmp:
        if args.limit:
            lines = source.read_text().splitlines()[: args.limit]
            source = Path(tmp) / "limited.jsonl"
            source.write_text("\n".join(lines) + "\n")
        backends = {"sqlite": f"sqlite:///{tmp}/bench.db", "redis": args.redis}
        rows = {
            name: asyncio.run(bench(url, source, f"prbot-bench-{uuid.uuid4().hex[:8]}:"))
            for name, url in backends.items()
        }
    if args.json:
        print(json.dumps({"backends": rows}))
        return
    print(
        f"{'backend':<8}{'records':>9}{'import s':>10}{'PRs/s':>9}{'re-import s':>13}{'week read p50 ms':>18}{'p99 ms':>8}{'PRs/week':>10}"
    )
    for name, r in rows.items():
        print(
            f"{name:<8}{r['records']:>9.0f}{r['import_s']:>10.2f}{r['import_per_s']:>9.0f}{r['reimport_s']:>13.2f}"
            f"{r['read_p50_ms']:>18.2f}{r['read_p99_ms']:>8.2f}{r['prs_per_week']:>10.0f}"
        )


if __name__ == "__main__":
    main()
