"""Benchmark: heuristic classifier throughput over the 12k shared vLLM PRs, and the cached re-run.

Usage: python bench/classify.py [--shared ../shared] [--store sqlite:///PATH | redis://...]
                                [--limit N] [--json]
Prints a small table: PRs/s of the bare classifier, of a first ClassificationService.run into a
store, and the classifier calls a second (cached) run makes, which must be 0.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.paths import shared_dir  # noqa: E402
from bot.services.classify import ClassificationService  # noqa: E402
from bot.services.heuristic import HeuristicClassifier  # noqa: E402
from bot.services.pr_record import pull_request_from_record  # noqa: E402
from bot.services.taxonomy import load_taxonomy  # noqa: E402
from bot.store import open_store  # noqa: E402

REPO = "vllm-project/vllm"


class Counting(HeuristicClassifier):
    calls = 0

    async def classify(self, prs):
        self.calls += len(prs)
        return await super().classify(prs)


async def main(shared: Path, store_url: str | None, limit: int, as_json: bool) -> None:
    rows = (shared / "data" / "vllm" / "merged-pulls.jsonl").read_text().splitlines()
    if limit:
        rows = rows[:limit]
    prs = [pull_request_from_record(REPO, json.loads(line)) for line in rows if line.strip()]
    classifier = Counting(load_taxonomy("vllm"))

    start = time.perf_counter()
    for pr in prs:
        classifier.topics_for(pr)
    bare = time.perf_counter() - start

    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(store_url or f"sqlite:///{tmp}/bench.db", redis_prefix="prbot-bench:")
        try:
            await store.upsert_prs(prs)
            service = ClassificationService(store, classifier, classifier)
            start = time.perf_counter()
            first = await service.run(REPO, prs, reclassify=True)
            first_s = time.perf_counter() - start
            classifier.calls = 0
            start = time.perf_counter()
            second = await service.run(REPO, prs)
            second_s = time.perf_counter() - start
        finally:
            await store.close()

    if as_json:
        result = {
            "prs": len(prs),
            "topics_for_per_s": len(prs) / bare,
            "first_run_per_s": first.classified / first_s,
            "cached_per_s": len(prs) / second_s,
            "cached_classifier_calls": classifier.calls,
            "cached": second.cached,
            "classified_on_rerun": second.classified,
        }
        print(json.dumps(result))
    else:
        print_table(prs, bare, first, first_s, second, second_s, classifier.calls)
    if classifier.calls:
        raise SystemExit("cached re-run classified PRs again")


def print_table(prs, bare, first, first_s, second, second_s, calls) -> None:  # type: ignore[no-untyped-def]
    print(f"{'measure':<44}{'value':>14}")
    print(f"{'PRs':<44}{len(prs):>14}")
    print(f"{'heuristic topics_for, PRs/s':<44}{len(prs) / bare:>14,.0f}")
    print(f"{'first run (classify + store), PRs/s':<44}{first.classified / first_s:>14,.0f}")
    print(f"{'cached re-run, PRs/s':<44}{len(prs) / second_s:>14,.0f}")
    print(f"{'cached re-run: classifier calls':<44}{calls:>14}")
    print(f"{'cached re-run: cached / classified':<44}{f'{second.cached} / {second.classified}':>14}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=shared_dir())
    parser.add_argument("--store", default=None, help="store URL (default: a temporary SQLite file)")
    parser.add_argument("--limit", type=int, default=0, help="only the first N PRs")
    parser.add_argument("--json", action="store_true", help="print one JSON object of the results")
    args = parser.parse_args()
    asyncio.run(main(args.shared, args.store, args.limit, args.json))
