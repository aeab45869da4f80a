"""Prompt size of the LLM digest for one week, against one prompt holding every PR's title and body.

The digest prompt is built from classification records (number, state, topics, impact, title,
one-line summary), never bodies. The comparison is the examples' original generator: every PR's
title and body in one prompt. The merged-PR data has no bodies, so each PR is given the mean
length of the real bodies in pr-bodies-sample.jsonl (most are cut at ~1,300 characters, so the
real cost is higher still). Tokens are estimated as characters / 4.

    python bench/digest.py [--shared ../shared/data/vllm] [--week-ending 2026-03-01] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
from datetime import date, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.paths import vllm_data  # noqa: E402
from bot.services.classify import ClassificationService  # noqa: E402
from bot.services.heuristic import HeuristicClassifier  # noqa: E402
from bot.services.pr_record import pull_request_from_record  # noqa: E402
from bot.services.prompt_files import load_prompt  # noqa: E402
from bot.services.taxonomy import load_taxonomy  # noqa: E402
from bot.store import open_store  # noqa: E402
from handlers.digest import week_ending  # noqa: E402
from handlers.digest_facts import compute_facts  # noqa: E402
from handlers.digest_llm import build_prompt  # noqa: E402
from handlers.models import PullRequest  # noqa: E402

REPO = "vllm-project/vllm"


def naive_prompt_chars(prs: list[PullRequest], body_chars: float) -> float:
    """Every PR as `#N title` plus its body, the way the example digests were generated."""
    return sum(len(f"#{pr.number} [{pr.status}] {pr.title}\n") + body_chars for pr in prs)


async def measure(shared: Path, last: date) -> tuple[str, float, list[tuple[str, int, float, float]]]:
    window = week_ending(last, ZoneInfo("UTC"))
    bodies = [json.loads(line) for line in (shared / "pr-bodies-sample.jsonl").open()]
    body_chars = statistics.mean(len(b.get("body") or "") for b in bodies)
    lo, hi = (last - timedelta(days=30)).isoformat(), last.isoformat()
    prs = []
    for line in (shared / "merged-pulls.jsonl").open():
        obj = json.loads(line)
        if lo <= obj["created_at"][:10] <= hi or lo <= obj["merged_at"][:10] <= hi:
            prs.append(pull_request_from_record(REPO, obj))
    taxonomy = load_taxonomy("vllm")
    heuristic = HeuristicClassifier(taxonomy)
    prompt = load_prompt("digest")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(f"sqlite:///{tmp}/bench.db")
        await store.upsert_prs(prs)
        for scope in ("merged", "opened_or_merged"):
            by = ("merged",) if scope == "merged" else ("created", "merged")
            week = await store.prs_in_window(REPO, window.since, window.until, by=by)
            classes = await ClassificationService(store, heuristic, heuristic).for_prs(REPO, week)
            facts = compute_facts(REPO, window, week, classes, {}, taxonomy, scope=scope)
            system, user = build_prompt(facts, prompt)
            rows.append(
                (scope, len(facts.prose), len(system + user) / 4, naive_prompt_chars(week, body_chars) / 4)
            )
        await store.close()
    return window.label, body_chars, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=vllm_data())
    parser.add_argument("--week-ending", type=date.fromisoformat, default=date(2026, 3, 1))
    parser.add_argument("--json", action="store_true", help="print one JSON object of the results")
    args = parser.parse_args()
    label, body_chars, rows = asyncio.run(measure(args.shared, args.week_ending))
    if args.json:
        keys = ("scope", "prs", "digest_tokens", "naive_tokens")
        result = {
            "window": label,
            "mean_body_chars": body_chars,
            "rows": [dict(zip(keys, r, strict=True)) for r in rows],
        }
        print(json.dumps(result))
        return
    print(f"window {label}; mean sample body {body_chars:.0f} chars\n")
    print("| scope | PRs | digest prompt (tokens) | titles+bodies prompt (tokens) | ratio |")
    print("|---|---:|---:|---:|---:|")
    for scope, count, ours, naive in rows:
        print(f"| {scope} | {count} | {ours:,.0f} | {naive:,.0f} | {naive / ours:.1f}x smaller |")
    scope, count, ours, naive = rows[-1]
    print(
        f"\nper PR: {ours / count:.0f} tokens (records) vs {naive / count:.0f} (title + body); "
        f"450 PRs ≈ {ours / count * 450:,.0f} vs {naive / count * 450:,.0f} tokens"
    )


if __name__ == "__main__":
    main()
