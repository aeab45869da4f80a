"""Empty-answer latency: how long a question with no match in its window takes to answer.

An empty answer does more than a list: it counts the question over the 30 days before, else over
all time (naming the newest match), and works out the fewest words of a suggested command (one
parse per word). Over the full shared history (~12k PRs) in SQLite, classifications cached, the
reply cache off. After a warm-up with other questions (imports, vocabulary, decoded records),
each empty question is timed twice: `first`, the first time it is asked (its named things read
against every stored PR, as after a restart), and `again`, asked a second time (what the handler
remembers per PR is warm). Every timed question is checked to be empty. Run from the repo root:

    python bench/empty_answers.py [--shared ../shared] [--json]
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
from bench.query import NOW, _p, load, prepared, queries  # noqa: E402
from bot.store import open_store  # noqa: E402

# Questions with no match in the week before NOW (each names different things, so a first ask
# is the first read of its terms)
EMPTY = [
    "voxtral",
    "granite fixes",
    "any mi400 news",
    "gb300 fp8 specifically",  # (a GPU no PR names is otherwise asked as its family)
    "what's new with nvfp4 on hopper",
    "tpu lora fixes",
    "open prs for intel gpu",
    "xgrammar regressions this week",
    "mooncake on cpu",
    "deepep low latency on xpu",
]


async def run(shared: Path) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(f"sqlite:///{tmp}/empty.db")
        try:
            prs = load(shared, None)
            settings, handler = await prepared(store, prs)
            for text in queries(20, seed=11):  # warm-up with other questions
                await handler.answer(settings, text, now=NOW)
            first, again, empty = [], [], 0
            for text in EMPTY:
                t0 = time.perf_counter()
                reply = await handler.answer(settings, text, now=NOW)
                first.append((time.perf_counter() - t0) * 1000)
                empty += reply.kind == "empty"
            for text in EMPTY:
                t0 = time.perf_counter()
                await handler.answer(settings, text, now=NOW)
                again.append((time.perf_counter() - t0) * 1000)
        finally:
            await store.close()
    if empty != len(EMPTY):
        raise SystemExit(
            f"only {empty} of {len(EMPTY)} questions were empty answers: the bench times the wrong thing"
        )
    return {
        "prs": len(prs),
        "questions": len(EMPTY),
        "empty": empty,
        "first_p50_ms": _p(first, 0.5),
        "first_max_ms": max(first),
        "again_p50_ms": _p(again, 0.5),
        "again_max_ms": max(again),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", default=str(shared_dir()))
    parser.add_argument("--json", action="store_true", help="print one JSON object of the results")
    args = parser.parse_args()
    result = asyncio.run(run(Path(args.shared)))
    if args.json:
        print(json.dumps(result))
        return
    print(f"{result['questions']} questions ({result['empty']} empty), {result['prs']} PRs, SQLite\n")
    print("| first p50 ms | first max ms | again p50 ms | again max ms |")
    print("|-------------:|-------------:|-------------:|-------------:|")
    print(
        f"| {result['first_p50_ms']:.1f} | {result['first_max_ms']:.1f} "
        f"| {result['again_p50_ms']:.1f} | {result['again_max_ms']:.1f} |"
    )


if __name__ == "__main__":
    main()
