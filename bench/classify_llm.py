"""Token budget of the Anthropic classifier for one week of vLLM PRs (no network, no key).

Runs the real AnthropicClassifier through the real SDK against the local Messages API
stand-in and measures the prompt text it actually sent; compares with naive prompts that carry
every PR's full title and body. Tokens are estimated at 4 characters each.

merged-pulls.jsonl has no bodies, so each PR of the week gets a real body from
pr-bodies-sample.jsonl (round-robin; those are excerpts of ~1.3k chars, so real full bodies,
and the naive rows, would be larger).

    python bench/classify_llm.py [--since 2026-02-06 --until 2026-02-13] [--batch-size 20] [--json]

Also runs the classifier through ClassificationService into a temporary SQLite store twice: the
second (cached) run must send no request at all.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.paths import vllm_data  # noqa: E402
from bot.services.classify import ClassificationService  # noqa: E402
from bot.services.heuristic import HeuristicClassifier  # noqa: E402
from bot.services.llm import AnthropicLLM  # noqa: E402
from bot.services.llm_classifier import AnthropicClassifier  # noqa: E402
from bot.services.pr_record import pull_request_from_record  # noqa: E402
from bot.services.taxonomy import load_taxonomy  # noqa: E402
from bot.store import open_store  # noqa: E402
from handlers.models import PullRequest, parse_time  # noqa: E402
from standins.anthropic_server import running_standin  # noqa: E402

REPO = "vllm-project/vllm"
SHARED = vllm_data()
# Price weights relative to a normal input token (Anthropic prompt caching: 5-minute writes
# cost 1.25x, reads 0.1x). The cache needs a prefix of at least 1024 tokens (Sonnet) to apply.
CACHE_WRITE, CACHE_READ, MIN_CACHEABLE = 1.25, 0.1, 1024


def load_week(since: datetime, until: datetime) -> list[PullRequest]:
    bodies = [json.loads(line)["body"] for line in (SHARED / "pr-bodies-sample.jsonl").open()]
    bodies = [b for b in bodies if b]
    prs: list[PullRequest] = []
    for line in (SHARED / "merged-pulls.jsonl").open():
        obj = json.loads(line)
        merged = parse_time(obj.get("merged_at"))
        if merged and since <= merged < until:
            obj["body"] = bodies[len(prs) % len(bodies)]
            prs.append(pull_request_from_record(REPO, obj))
    return prs


def tok(chars: int) -> int:
    return math.ceil(chars / 4)


async def run_batched(
    prs: list[PullRequest], batch_size: int, body_limit: int
) -> tuple[int, int, float, int]:
    """(requests, input tokens, cost-weighted input tokens, cacheable prefix tokens) as sent."""
    taxonomy = load_taxonomy("vllm", REPO)
    async with running_standin() as standin:
        llm = AnthropicLLM(api_key="bench", model="bench-model", base_url=standin.base_url, max_retries=0)
        classifier = AnthropicClassifier(
            llm,
            taxonomy,
            HeuristicClassifier(taxonomy),
            repo=REPO,
            batch_size=batch_size,
            body_limit=body_limit,
        )
        results = await classifier.classify(prs)
        await llm.close()
        sent = standin.messages
    assert len(results) == len(prs) and not any(r.fallback for r in results)
    prefix = tok(len(json.dumps(sent[0].body["tools"])) + len(sent[0].system_text))  # tools + system
    total = sum(tok(r.chars) for r in sent)
    weighted: float = total
    if prefix >= MIN_CACHEABLE:
        weighted += prefix * (CACHE_WRITE - 1) + (len(sent) - 1) * prefix * (CACHE_READ - 1)
    return len(sent), total, weighted, prefix


async def cached_rerun(prs: list[PullRequest], batch_size: int) -> dict[str, int]:
    """LLM requests of a first ClassificationService run into an empty store and of a re-run."""
    taxonomy = load_taxonomy("vllm", REPO)
    heuristic = HeuristicClassifier(taxonomy)
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(f"sqlite:///{tmp}/bench.db")
        await store.upsert_prs(prs)
        async with running_standin() as standin:
            llm = AnthropicLLM(api_key="bench", model="bench-model", base_url=standin.base_url, max_retries=0)
            classifier = AnthropicClassifier(llm, taxonomy, heuristic, repo=REPO, batch_size=batch_size)
            service = ClassificationService(store, classifier, heuristic)
            first = await service.run(REPO, prs)
            first_requests = len(standin.messages)
            second = await service.run(REPO, prs)
            rerun_requests = len(standin.messages) - first_requests
            await llm.close()
        await store.close()
    return {
        "first_requests": first_requests,
        "first_classified": first.classified,
        "first_input_tokens_reported": first.input_tokens,
        "rerun_requests": rerun_requests,
        "rerun_cached": second.cached,
        "rerun_classified": second.classified,
    }


async def measure(prs: list[PullRequest], batch_size: int) -> tuple[list[tuple[str, int, int, float]], int]:
    rows = []
    prefix = 0
    for limit in (1500, 800, 400):
        requests, total, weighted, prefix = await run_batched(prs, batch_size, limit)
        rows.append((f"batched x{batch_size}, bodies cleaned to <= {limit} chars", requests, total, weighted))
    taxonomy = load_taxonomy("vllm", REPO)
    classifier = AnthropicClassifier(
        AnthropicLLM(api_key="bench", model="bench-model"), taxonomy, HeuristicClassifier(taxonomy), repo=REPO
    )
    system = classifier.request_for([])[0]
    full = [f"#{pr.number} {pr.title}\n{pr.body or ''}" for pr in prs]
    one = len(system) + sum(len(x) + 2 for x in full)
    rows.append(("naive: one prompt, full titles + bodies", 1, tok(one), tok(one)))
    per_pr = sum(tok(len(system) + len(x)) for x in full)
    rows.append(("naive: one request per PR, full body", len(prs), per_pr, per_pr))
    return rows, prefix


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--since", default="2026-02-06")
    parser.add_argument("--until", default="2026-02-13")
    parser.add_argument("--batch-size", type=int, default=20)
    parser.add_argument("--json", action="store_true", help="print one JSON object of the results")
    args = parser.parse_args()
    since = datetime.fromisoformat(args.since).replace(tzinfo=UTC)
    until = datetime.fromisoformat(args.until).replace(tzinfo=UTC)
    prs = load_week(since, until)
    rows, prefix = asyncio.run(measure(prs, args.batch_size))
    rerun = asyncio.run(cached_rerun(prs, args.batch_size))
    if args.json:
        approaches = [
            {
                "approach": name,
                "requests": requests,
                "input_tokens": tokens,
                "weighted_tokens": round(weighted),
            }
            for name, requests, tokens, weighted in rows
        ]
        result = {
            "prs": len(prs),
            "since": args.since,
            "until": args.until,
            "batch_size": args.batch_size,
            "prefix_tokens": prefix,
            "prefix_cached": prefix >= MIN_CACHEABLE,
            "approaches": approaches,
            "rerun": rerun,
        }
        print(json.dumps(result))
        return
    print(f"{len(prs)} PRs merged {args.since}..{args.until}; bodies from the real sample (round-robin)")
    state = "cached" if prefix >= MIN_CACHEABLE else f"below the {MIN_CACHEABLE}-token minimum: not cached"
    print(f"cacheable prefix (tools + system): ~{prefix} tokens, {state}")
    print(f"| {'approach':<46} | requests | input tokens (chars/4) | cost-weighted input |")
    print(f"|{'-' * 48}|---------:|-----------------------:|--------------------:|")
    for name, requests, tokens, weighted in rows:
        print(f"| {name:<46} | {requests:>8} | {tokens:>22,} | {round(weighted):>19,} |")
    print(
        "\ncost-weighted: cache writes 1.25x and reads 0.1x of the tools+system prefix; output not counted."
    )
    print(
        f"ClassificationService into an empty store: {rerun['first_requests']} requests for "
        f"{rerun['first_classified']} PRs; cached re-run: {rerun['rerun_requests']} requests "
        f"({rerun['rerun_cached']} cached)"
    )


if __name__ == "__main__":
    main()
