"""Discord interaction acknowledgements under load, against the strict Discord stand-in.

The bot (Discord adapter, SQLite store seeded with a history, offline classifier, every PR
classified as after an ingest) connects over the gateway to the stand-in, which rejects any
acknowledgement later than Discord's 3 seconds (10062). C concurrent users each run distinct
slash queries, one after another, until N were sent; the ack time is from the stand-in
dispatching INTERACTION_CREATE to receiving the interaction callback; the answer time runs to
the edited original message.

    python bench/discord_ack.py [--queries 300] [--concurrency 100] [--history full|sample] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.paths import vllm_data  # noqa: E402
from bot.bootstrap import build_discord, build_handlers, build_store  # noqa: E402
from bot.config import load_config  # noqa: E402
from bot.services.importer import import_file, sample_path  # noqa: E402
from standins.discord_server import DiscordStandIn  # noqa: E402

REPO = "vllm-project/vllm"
FULL_HISTORY = vllm_data() / "merged-pulls.jsonl"
TOPICS = ("rocm", "quantization", "spec-decode", "multimodal", "cpu", "tpu", "lora", "moe", "docs", "nvidia")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def year_query(n: int) -> str:
    """Distinct year-long windows (no reply-cache hit), a topic on most of them."""
    start = f"2025-{8 + n % 3:02d}-{1 + n % 28:02d}"
    end = f"2026-{6 + n % 3:02d}-{1 + (n // 3) % 28:02d}"
    topic = TOPICS[n % len(TOPICS)] if n % 4 else ""
    return f"{topic} since {start} until {end}".strip()


async def run(queries: int, concurrency: int, history: str) -> dict:
    standin = DiscordStandIn(message_bucket=(50, 1.0))
    await standin.start()
    folder = Path(tempfile.mkdtemp(prefix="discord-bench-"))
    config_path = folder / "config.toml"
    config_path.write_text(
        f'[store]\nurl = "sqlite:///{folder / "store.db"}"\n'
        f'[discord]\napi_base_url = "{standin.api_base_url}"\nguild_ids = [{standin.guild_id}]\n'
        f"[followup]\nper_user_per_minute = 0\nper_channel_per_minute = 0\n"
        f'[[repos]]\nname = "{REPO}"\n'
    )
    config = load_config(config_path, env={"DISCORD_TOKEN": standin.token})
    store = build_store(config)
    await import_file(store, FULL_HISTORY if history == "full" else sample_path(), REPO)
    handlers = build_handlers(config, store, clock=lambda: datetime(2026, 8, 22, tzinfo=UTC))
    for repo, service in handlers.classifications.items():
        await service.run(repo, await store.all_prs(repo))  # type: ignore[attr-defined]
    adapter = build_discord(config, handlers)
    assert adapter is not None
    await adapter.start()
    await adapter.wait_until_ready(30)
    answers: list[float] = []
    unanswered = 0
    counter = iter(range(queries))

    async def user() -> None:
        nonlocal unanswered
        for n in counter:
            started = time.monotonic()
            interaction = await standin.send_command("vllm", year_query(n))
            prefix = f"/webhooks/{standin.app_id}/{interaction.token}/"
            try:
                await standin.wait_for(
                    lambda r, p=prefix: r.path.startswith(p) and r.method in ("PATCH", "POST"), 60
                )
            except TimeoutError:
                unanswered += 1
                continue
            answers.append(time.monotonic() - started)

    load_started = time.monotonic()
    await asyncio.gather(*(user() for _ in range(concurrency)))
    load_s = time.monotonic() - load_started
    await adapter.stop()
    await store.close()
    await standin.close()
    acks = [v * 1000 for v in standin.ack_seconds]
    answer_ms = [v * 1000 for v in answers]
    return {
        "queries": queries,
        "concurrency": concurrency,
        "history": history,
        "load_s": load_s,
        "late_acks": standin.late_acks,
        "unanswered": unanswered,
        **{
            name: {
                "p50_ms": pct(ms, 0.5),
                "p99_ms": pct(ms, 0.99),
                "max_ms": max(ms, default=0.0),
                "mean_ms": statistics.mean(ms) if ms else 0.0,
            }
            for name, ms in (("ack", acks), ("answer", answer_ms))
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--concurrency", type=int, default=100)
    parser.add_argument("--history", choices=["sample", "full"], default="full")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(run(args.queries, args.concurrency, args.history))
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"{result['queries']} distinct year-long queries, {result['concurrency']} concurrent users, {args.history} history"
    )
    print(
        f"load {result['load_s']:.1f} s; late acks (after 3 s, refused): {result['late_acks']}; unanswered: {result['unanswered']}"
    )
    for name in ("ack", "answer"):
        s = result[name]
        print(f"{name:>6}: p50 {s['p50_ms']:.0f} ms, p99 {s['p99_ms']:.0f} ms, max {s['max_ms']:.0f} ms")


if __name__ == "__main__":
    main()
