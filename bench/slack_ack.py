"""Slash-command latency over real HTTP: time to Slack's ack and to the posted answer.

The bot (Slack adapter in HTTP mode, SQLite store seeded with the packaged sample, offline
classifier) runs in a subprocess; this process runs the Slack Web API stand-in and the load:
N signed `/vllm <topic>` commands from C concurrent clients. The ack time is the HTTP round
trip; the answer time runs from sending the command to the stand-in receiving chat.postMessage
(both on the same monotonic clock). Prints a small table.

    python bench/slack_ack.py [--requests 200] [--concurrency 20]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402

from tests.bot.adapters.slack_harness import CHANNEL, SIGNING_SECRET, fixture, sign  # noqa: E402
from tests.standins.slack_server import TOKEN, Call, SlackStandIn  # noqa: E402

TOPICS = ("rocm", "quantization", "spec-decode", "multimodal", "cpu", "tpu", "lora", "moe", "docs", "nvidia")


async def serve(api_url: str, store_path: str, port_file: str) -> None:
    """The bot side: seed the store, start the adapter, write its port, run until killed."""
    from datetime import UTC, datetime

    from bot.bootstrap import build_handlers, build_slack
    from bot.config import Config, FileConfig, Secrets, SlackConfig
    from bot.services.importer import import_file, sample_path
    from bot.store import open_store

    store = open_store(f"sqlite:///{store_path}")
    await import_file(store, sample_path(), "vllm-project/vllm")
    config = Config(
        settings=FileConfig(slack=SlackConfig(mode="http", host="127.0.0.1", port=0, api_base_url=api_url)),
        secrets=Secrets(slack_bot_token=TOKEN, slack_signing_secret=SIGNING_SECRET),
        store_url=store.url,
        source="bench",
    )
    handlers = build_handlers(config, store, clock=lambda: datetime(2026, 3, 2, tzinfo=UTC))
    # As after an ingest: every PR classified and cached, so commands read the cache.
    for repo, service in handlers.classifications.items():
        await service.run(repo, await store.all_prs(repo))  # type: ignore[attr-defined]
    adapter = build_slack(config, handlers)
    await adapter.start()
    Path(port_file).write_text(str(adapter.port))
    await asyncio.Event().wait()


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


async def load(requests: int, concurrency: int) -> None:
    slack = SlackStandIn()
    await slack.start()
    tmp = tempfile.mkdtemp(prefix="slack-bench-")
    port_file = os.path.join(tmp, "port")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    bot = subprocess.Popen(
        [sys.executable, __file__, "--serve", slack.api_url, os.path.join(tmp, "store.db"), port_file],
        env=env,
    )
    try:
        for _ in range(300):
            if os.path.exists(port_file) and Path(port_file).read_text():
                break
            await asyncio.sleep(0.1)
        else:
            raise SystemExit("the bot did not start")
        url = f"http://127.0.0.1:{Path(port_file).read_text()}/slack/events"
        sent: dict[str, float] = {}
        acks: list[float] = []
        queue: asyncio.Queue[int] = asyncio.Queue()
        for n in range(requests):
            queue.put_nowait(n)

        async def client(session: aiohttp.ClientSession) -> None:
            while not queue.empty():
                n = queue.get_nowait()
                fields = fixture("slash_command.json")
                channel = f"{CHANNEL}{n:04d}"  # one channel per command: matches answer to command
                fields.update(
                    text=TOPICS[n % len(TOPICS)], channel_id=channel, response_url=slack.response_url(channel)
                )
                body = urlencode(fields)
                headers = {"Content-Type": "application/x-www-form-urlencoded", **sign(body)}
                start = time.monotonic()
                sent[channel] = start
                async with session.post(url, data=body, headers=headers) as response:
                    await response.read()
                    assert response.status == 200, response.status
                acks.append(time.monotonic() - start)

        async with aiohttp.ClientSession() as session:
            await asyncio.gather(*(client(session) for _ in range(concurrency)))

        def answers_of(calls: list[Call]) -> dict[str, float]:
            """The first answer per command: a channel post, or a response_url post (nothing found)."""
            first: dict[str, float] = {}
            for call in calls:
                key = call.args.get("channel") if call.method == "chat.postMessage" else call.args.get("hook")
                if call.method in ("chat.postMessage", "response_url") and key in sent:
                    first.setdefault(key, call.arrived)
            return first

        await slack.wait_for(lambda calls: len(answers_of(calls)) >= requests, timeout=120)
        answers = [arrived - sent[key] for key, arrived in answers_of(slack.calls).items()]
        auth_tests = len(slack.of("auth.test"))
    finally:
        bot.terminate()
        bot.wait(10)
        await slack.stop()
    print(f"{requests} signed slash commands, {concurrency} concurrent clients, offline classifier, SQLite")
    print(f"(auth.test calls: {auth_tests})\n")
    print("| measure          | p50 (ms) | p99 (ms) | max (ms) | mean (ms) |")
    print("|------------------|---------:|---------:|---------:|----------:|")
    for name, values in (("ack (HTTP 200)", acks), ("answer posted", answers)):
        ms = [v * 1000 for v in values]
        print(
            f"| {name:<16} | {pct(ms, 0.5):8.1f} | {pct(ms, 0.99):8.1f} | {max(ms):8.1f} | {statistics.mean(ms):9.1f} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=20)
    parser.add_argument("--serve", nargs=3, metavar=("API_URL", "STORE", "PORT_FILE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(*args.serve))
    else:
        asyncio.run(load(args.requests, args.concurrency))


if __name__ == "__main__":
    main()
