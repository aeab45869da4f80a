"""Slash-command latency: p50/p99 of QueryHandler.answer for 200 mixed queries.

Stores hold 1 week, 13 weeks and the full shared history (~12k PRs), in SQLite and in Redis
(a dedicated key prefix, deleted afterwards). Classifications are cached first, as the ingest
job does in production. Every timed answer is computed: the reply cache is off, and the warm-up
(imports, vocabulary, connection pool, decoded records) uses other queries than the timed ones,
so no timed query is a repeat of an earlier answer. Answers rank by the digest's weight, whose
signals the handler keeps per PR once read: the main columns let that cache fill as the mixed
queries run (the steady state of a running bot), and the `cold` columns time the same queries
again with it emptied before each answer (every PR of the answer read anew, as after a restart). Run from the repo root:

    python bench/query.py [--shared ../shared] [--redis redis://127.0.0.1:6379/15] [--n 200]
                          [--slices 1,13,full] [--backends sqlite,redis] [--json]

`--slices`: history sizes, in weeks ending 2026-03-01 (`full` = all 12k PRs).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
import uuid
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.paths import shared_dir  # noqa: E402
from bot.services.classify import ClassificationService  # noqa: E402
from bot.services.heuristic import HeuristicClassifier  # noqa: E402
from bot.services.pr_record import pull_request_from_record  # noqa: E402
from bot.services.taxonomy import load_taxonomy  # noqa: E402
from bot.store import open_store  # noqa: E402
from handlers.app import RepoSettings  # noqa: E402
from handlers.models import PullRequest  # noqa: E402
from handlers.ports import Store  # noqa: E402
from handlers.query import QueryHandler  # noqa: E402

REPO = "vllm-project/vllm"
NOW = datetime(2026, 3, 2, 9, tzinfo=UTC)
LAST_DAY = date(2026, 3, 1)


def slices(spec: str) -> dict[str, tuple[str, str] | None]:
    """`1,13,full` -> {"1 week": ("2026-02-23", "2026-03-01"), "13 weeks": (...), "full": None}."""
    out: dict[str, tuple[str, str] | None] = {}
    for part in spec.split(","):
        if part.strip() == "full":
            out["full"] = None
            continue
        weeks = int(part)
        first = LAST_DAY - timedelta(days=7 * weeks - 1)
        out[f"{weeks} week{'s' if weeks > 1 else ''}"] = (first.isoformat(), LAST_DAY.isoformat())
    return out


TOPIC_WORDS = [
    "rocm",
    "amd",
    "blackwell",
    "spec decode",
    "mrv2",
    "quantization",
    "fp8",
    "moe",
    "bugfix",
    "ci",
    "frontend",
    "qwen",
    "deepseek",
    "multimodal",
    "kv connector",
    "attention",
    "lora",
]
TIME_WORDS = [
    "",
    "",
    "last week",
    "this week",
    "past 7 days",
    "yesterday",
    "today",
    "past 2 weeks",
    "2026-02-20..2026-02-26",
    "since 2026-02-23",
    "2026-W09",
    "from 2026-02-23 to 2026-03-01",
    "past 30 days",
    "in february",
    "last month",
]
EXTRAS = ["", "", "", "merged", "open", "closed", "-ci", "bugfix", "draft"]
SPECIAL = ["help", "", "rcom last week", "mamba last week", "#34301", "#99999999", "@AndreasKaratzas past 30 days",
           "by tjtanaa last week", "aiter merged", "rocm or xpu past 2 weeks", "nvfp4 past 2 weeks",
           "what changed in rocm last week", "any news on mi300x lately?", "flashinfer kerfuffle",
           "I'd like to see the qwen3.5 prs from last week please", "cuda graphs past 30 days"]  # fmt: skip


def queries(n: int, seed: int = 7, avoid: set[str] | None = None) -> list[str]:
    """n distinct queries (none of them in `avoid`)."""
    rng = random.Random(seed)
    out: list[str] = []
    seen = set(avoid or ())
    i = 0
    while len(out) < n and i < n * 50:
        i += 1
        text = _query(rng, i)
        if text not in seen:
            seen.add(text)
            out.append(text)
    return out


def _query(rng: random.Random, i: int) -> str:
    if i % 10 == 0:
        return rng.choice(SPECIAL)
    parts = [rng.choice(TOPIC_WORDS), rng.choice(EXTRAS), rng.choice(TIME_WORDS)]
    rng.shuffle(parts)
    return " ".join(p for p in parts if p)


def load(shared: Path, window: tuple[str, str] | None) -> list[PullRequest]:
    prs = []
    with (shared / "data" / "vllm" / "merged-pulls.jsonl").open() as fh:
        for line in fh:
            record = json.loads(line)
            if window and not window[0] <= record["merged_at"][:10] <= window[1]:
                continue
            prs.append(pull_request_from_record(REPO, record))
    return prs


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values) or [0.0]
    return statistics.median(ordered) if q == 0.5 else ordered[min(len(ordered) - 1, int(len(ordered) * q))]


async def prepared(store: Store, prs: list[PullRequest]) -> tuple[RepoSettings, QueryHandler]:
    """`prs` stored and classified (as the ingest job leaves them), and a query handler over them
    with its reply cache off, so every timed answer is computed."""
    tax = load_taxonomy("vllm")
    heuristic = HeuristicClassifier(tax)
    service = ClassificationService(store, heuristic, heuristic)
    settings = RepoSettings(
        name=REPO, command="vllm", tz=UTC, tz_name="UTC", week_start="monday", taxonomy=tax
    )
    for start in range(0, len(prs), 2000):
        await store.upsert_prs(prs[start : start + 2000])
    await service.run(REPO, prs)
    return settings, QueryHandler(store=store, classifications={REPO: service}, reply_cache_size=0)


async def bench_one(
    url: str, prefix: str, prs: list[PullRequest], texts: list[str]
) -> tuple[float, float, float, float, float, float]:
    store = open_store(url, redis_prefix=prefix)
    try:
        settings, handler = await prepared(store, prs)
        for text in queries(20, seed=11, avoid=set(texts)):  # warm-up with other queries
            await handler.answer(settings, text, now=NOW)
        times, short = [], []
        for text in texts:
            t0 = time.perf_counter()
            await handler.answer(settings, text, now=NOW)
            elapsed = (time.perf_counter() - t0) * 1000
            times.append(elapsed)
            query = handler.parse(settings, text, NOW)
            if query.until - query.since <= timedelta(days=8):
                short.append(elapsed)
        cold = []
        for text in texts:
            handler._weights.clear()  # noqa: SLF001 - the benchmark empties the cache it measures
            t0 = time.perf_counter()
            await handler.answer(settings, text, now=NOW)
            cold.append((time.perf_counter() - t0) * 1000)
        return _p(times, 0.5), _p(times, 0.99), _p(short, 0.99), max(times), _p(cold, 0.5), _p(cold, 0.99)
    finally:
        if url.startswith("redis"):
            import redis

            client = redis.Redis.from_url(url)
            keys = list(client.scan_iter(match=prefix + "*", count=1000))
            for start in range(0, len(keys), 1000):
                client.delete(*keys[start : start + 1000])
        await store.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", default=str(shared_dir()))
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/15")
    parser.add_argument("--n", type=int, default=200)
    parser.add_argument("--slices", default="1,13,full", help="history sizes in weeks, or full")
    parser.add_argument("--backends", default="sqlite,redis")
    parser.add_argument("--json", action="store_true", help="print one JSON object of the results")
    args = parser.parse_args()
    texts = queries(args.n)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for label, window in slices(args.slices).items():
            prs = load(Path(args.shared), window)
            for backend in args.backends.split(","):
                if backend == "sqlite":
                    url, prefix = f"sqlite:///{tmp}/{label.replace(' ', '')}.db", "prbot:"
                else:
                    url, prefix = args.redis, f"prbot-bench-{uuid.uuid4().hex[:8]}:"
                p50, p99, p99_week, worst, cold50, cold99 = await bench_one(url, prefix, prs, texts)
                rows.append((backend, label, len(prs), p50, p99, p99_week, worst, cold50, cold99))
                print(
                    f"  {backend:<7}{label:<10}{len(prs):>7} PRs  p50 {p50:6.2f}  p99 {p99:6.2f} ms"
                    f"  cold p50 {cold50:6.2f}  p99 {cold99:6.2f} ms",
                    file=sys.stderr,
                )
    if args.json:
        keys = (
            "backend",
            "history",
            "prs",
            "p50_ms",
            "p99_ms",
            "p99_week_ms",
            "max_ms",
            "cold_p50_ms",
            "cold_p99_ms",
        )
        result = {
            "queries": len(texts),
            "now": NOW.isoformat(),
            "rows": [dict(zip(keys, r, strict=True)) for r in rows],
        }
        print(json.dumps(result))
        return
    print(f"{len(texts)} mixed queries per store (now = {NOW:%Y-%m-%d %H:%M} UTC, classifications cached)")
    print("p99 week: p99 over the queries whose window is at most 8 days; cold: PR weights read anew\n")
    print(
        "| store  | PRs held          | p50 ms | p99 ms | p99 week ms | max ms | cold p50 ms | cold p99 ms |"
    )
    print(
        "|--------|-------------------|-------:|-------:|------------:|-------:|------------:|------------:|"
    )
    for backend, label, count, p50, p99, p99_week, worst, cold50, cold99 in rows:
        print(
            f"| {backend:<6} | {label + f' ({count})':<17} | {p50:6.2f} | {p99:6.2f} | {p99_week:11.2f} | {worst:6.2f} "
            f"| {cold50:11.2f} | {cold99:11.2f} |"
        )


if __name__ == "__main__":
    asyncio.run(main())
