"""Slash-command latency over real HTTP: time to Slack's ack and to the posted answer, under load.

The bot (Slack adapter in HTTP mode, SQLite store, offline classifier, every PR classified and
cached as after an ingest) runs in a subprocess; this process runs the Slack Web API stand-in
and the load: N signed `/vllm <topic>` commands from C concurrent clients. The ack time is the
HTTP round trip; the answer time runs from sending the command to the stand-in receiving
chat.postMessage (or the response_url post), both on the same monotonic clock.

Errors: non-200 acks, failed requests, commands never answered, "something went wrong" answers,
and ERROR lines the bot logged. Memory: the bot's RSS once seeded, its peak (VmHWM) and
`ru_maxrss` from getrusage(RUSAGE_CHILDREN) after it exits. CPU: the bot's user+system seconds
spent during the load.

    python bench/slack_ack.py [--commands 200] [--concurrency 20] [--history sample|full] [--json]
    python bench/slack_ack.py --commands 1000 --concurrency 50 --history full   # the load test
    python bench/slack_ack.py ... --profile bot.pstats   # cProfile of the bot during the load
    python bench/slack_ack.py --lock-seconds 6 ...   # another process holds the store's write lock

The stand-in enforces Slack's per-channel rate limit (about 1 message/s, bursts of 3) and the
bot paces its posts to it. Each command comes from its own user in its own channel, as a busy
workspace's load does (one person cannot send 1,000 commands: the per-user limit answers that).

`--history sample` seeds the packaged sample; `full` the 12k PRs of merged-pulls.jsonl.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import resource
import signal
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

from bench.paths import vllm_data  # noqa: E402
from standins.slack_requests import CHANNEL, SIGNING_SECRET, fixture, sign  # noqa: E402
from standins.slack_server import TOKEN, Call, SlackStandIn  # noqa: E402

TOPICS = ("rocm", "quantization", "spec-decode", "multimodal", "cpu", "tpu", "lora", "moe", "docs", "nvidia")
FULL_HISTORY = vllm_data() / "merged-pulls.jsonl"
FAILED_TITLE = "Sorry, something went wrong"


async def serve(api_url: str, store_path: str, port_file: str, history: str, profile: str) -> None:
    """The bot side: seed the store, start the adapter, write its port, run until SIGTERM."""
    from datetime import UTC, datetime

    from bot.bootstrap import build_handlers, build_slack
    from bot.config import Config, FileConfig, Secrets, SlackConfig
    from bot.services.importer import import_file, sample_path
    from bot.store import open_store

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    store = open_store(f"sqlite:///{store_path}")
    await import_file(store, sample_path() if history == "sample" else Path(history), "vllm-project/vllm")
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
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    profiler = None
    if profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    Path(port_file).write_text(str(adapter.port))
    await stop.wait()
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(profile)
    await adapter.stop()
    await store.close()


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def proc_status(pid: int) -> dict[str, int]:
    """VmRSS / VmHWM (KiB) and CPU seconds (user + system) of a running process."""
    out: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0])
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    out["cpu_ticks"] = int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15)
    return out


HOLD_LOCK = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=60)
db.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
db.execute("COMMIT")
"""


async def load(
    commands: int, concurrency: int, history: str, profile: str, lock_seconds: float = 0.0
) -> dict:
    slack = SlackStandIn()
    await slack.start()
    tmp = tempfile.mkdtemp(prefix="slack-bench-")
    port_file = os.path.join(tmp, "port")
    log_path = os.path.join(tmp, "bot.log")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    seed = history if history == "sample" else str(FULL_HISTORY)
    started = time.monotonic()
    with open(log_path, "w") as log_file:
        bot = subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--serve",
                slack.api_url,
                os.path.join(tmp, "store.db"),
                port_file,
                seed,
            ]
            + (["--profile", profile] if profile else []),
            env=env,
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )
    failures: list[str] = []
    try:
        while not (os.path.exists(port_file) and Path(port_file).read_text()):
            if bot.poll() is not None or time.monotonic() - started > 300:
                raise SystemExit(f"the bot did not start; its log:\n{Path(log_path).read_text()[-3000:]}")
            await asyncio.sleep(0.1)
        startup_s = time.monotonic() - started
        ready = proc_status(bot.pid)
        url = f"http://127.0.0.1:{Path(port_file).read_text()}/slack/events"
        sent: dict[str, float] = {}
        acks: list[float] = []
        queue: asyncio.Queue[int] = asyncio.Queue()
        for n in range(commands):
            queue.put_nowait(n)

        async def client(session: aiohttp.ClientSession) -> None:
            while not queue.empty():
                n = queue.get_nowait()
                fields = fixture("slash_command.json")
                channel = f"{CHANNEL}{n:05d}"  # one channel per command: matches answer to command
                fields.update(
                    text=TOPICS[n % len(TOPICS)],
                    channel_id=channel,
                    user_id=f"U{n:08d}",
                    trigger_id=f"bench.{n}",
                    response_url=slack.response_url(channel),
                )
                body = urlencode(fields)
                headers = {"Content-Type": "application/x-www-form-urlencoded", **sign(body)}
                start = time.monotonic()
                sent[channel] = start
                try:
                    async with session.post(url, data=body, headers=headers) as response:
                        await response.read()
                        if response.status != 200:
                            failures.append(f"ack HTTP {response.status}")
                            continue
                except (aiohttp.ClientError, TimeoutError) as exc:
                    failures.append(f"request failed: {exc!r}")
                    continue
                acks.append(time.monotonic() - start)

        holder = None
        if lock_seconds:
            holder = subprocess.Popen(
                [sys.executable, "-c", HOLD_LOCK, os.path.join(tmp, "store.db"), str(lock_seconds)],
                stdout=subprocess.PIPE,
                text=True,
            )
            assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        load_started = time.monotonic()
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as session:
            await asyncio.gather(*(client(session) for _ in range(concurrency)))

        def answers_of(calls: list[Call]) -> dict[str, Call]:
            """The first answer per command: a channel post, or a response_url post (nothing found)."""
            first: dict[str, Call] = {}
            for call in calls:
                key = call.args.get("channel") if call.method == "chat.postMessage" else call.args.get("hook")
                if call.method in ("chat.postMessage", "response_url") and key in sent:
                    first.setdefault(key, call)
            return first

        expected = commands - len(failures)
        seen: set[str] = set()
        scanned = 0

        def all_answered(calls: list[Call]) -> bool:
            """Incremental (the stand-in re-checks after every call it records)."""
            nonlocal scanned
            for call in calls[scanned:]:
                key = call.args.get("channel") if call.method == "chat.postMessage" else call.args.get("hook")
                if call.method in ("chat.postMessage", "response_url") and key in sent:
                    seen.add(key)
            scanned = len(calls)
            return len(seen) >= expected

        with contextlib.suppress(AssertionError):  # the stand-in's timeout; counted as unanswered below
            await slack.wait_for(all_answered, timeout=max(120, commands))
        if holder is not None:
            holder.wait(timeout=lock_seconds + 30)
        load_s = time.monotonic() - load_started
        answered = answers_of(slack.calls)
        answers = [call.arrived - sent[key] for key, call in answered.items()]
        if len(answered) < expected:
            failures.append(f"{expected - len(answered)} commands never answered")
        failed = sum(1 for call in answered.values() if FAILED_TITLE in str(call.args.get("text", "")))
        if failed:
            failures.append(f"{failed} answers were 'something went wrong'")
        posted = sum(1 for call in answered.values() if call.method == "chat.postMessage")
        auth_tests = len(slack.of("auth.test"))
        end = proc_status(bot.pid)
    finally:
        bot.terminate()
        try:
            bot.wait(30)
        except subprocess.TimeoutExpired:
            bot.kill()
            bot.wait()
        await slack.stop()
    log_lines = Path(log_path).read_text().splitlines()
    errors_logged = [line for line in log_lines if line.startswith(("ERROR", "CRITICAL", "Traceback"))]
    if errors_logged:
        failures.append(f"{len(errors_logged)} ERROR lines in the bot's log, first: {errors_logged[0][:200]}")
    ticks = os.sysconf("SC_CLK_TCK")
    ack_ms = [v * 1000 for v in acks]
    answer_ms = [v * 1000 for v in answers]
    summary = {
        name: {
            "p50_ms": pct(ms, 0.5),
            "p90_ms": pct(ms, 0.9),
            "p99_ms": pct(ms, 0.99),
            "max_ms": max(ms, default=0.0),
            "mean_ms": statistics.mean(ms) if ms else 0.0,
        }
        for name, ms in (("ack", ack_ms), ("answer", answer_ms))
    }
    return {
        "commands": commands,
        "concurrency": concurrency,
        "lock_seconds": lock_seconds,
        "ratelimited_by_standin": slack.ratelimited,
        "history": "full" if history != "sample" else "sample",
        "prs": sum(1 for _ in FULL_HISTORY.open()) if history != "sample" else None,
        "startup_s": startup_s,
        "load_s": load_s,
        "acked": len(acks),
        "answered": len(answers),
        "answers_posted_in_channel": posted,
        "errors": sum(_count(f) for f in failures),
        "error_details": failures,
        "warnings_logged": sum(1 for line in log_lines if line.startswith("WARNING")),
        "auth_tests": auth_tests,
        "bot_cpu_s_during_load": (end["cpu_ticks"] - ready["cpu_ticks"]) / ticks,
        "rss_ready_mib": ready["VmRSS"] / 1024,
        "rss_end_mib": end["VmRSS"] / 1024,
        "peak_rss_mib": end["VmHWM"] / 1024,
        # Linux reports ru_maxrss in KiB; the bot is this process's only child.
        "ru_maxrss_children_mib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
        **summary,
    }


def _count(failure: str) -> int:
    """How many failed commands one failure line stands for ("12 commands never answered" -> 12)."""
    head = failure.split(" ", 1)[0]
    return int(head) if head.isdigit() else 1


def print_table(r: dict) -> None:
    seeded = "the packaged sample" if r["history"] == "sample" else f"the full history ({r['prs']} PRs)"
    print(
        f"{r['commands']} signed slash commands, {r['concurrency']} concurrent clients, offline classifier, "
        f"SQLite holding {seeded}"
    )
    print(
        f"(bot start-up incl. seeding {r['startup_s']:.1f} s; load {r['load_s']:.1f} s; "
        f"auth.test calls: {r['auth_tests']})\n"
    )
    print("| measure          | p50 (ms) | p90 (ms) | p99 (ms) | max (ms) | mean (ms) |")
    print("|------------------|---------:|---------:|---------:|---------:|----------:|")
    for name, key in (("ack (HTTP 200)", "ack"), ("answer posted", "answer")):
        s = r[key]
        print(
            f"| {name:<16} | {s['p50_ms']:8.1f} | {s['p90_ms']:8.1f} | {s['p99_ms']:8.1f} | {s['max_ms']:8.1f} "
            f"| {s['mean_ms']:9.1f} |"
        )
    if r["lock_seconds"]:
        print(
            f"\n(another process held the SQLite write lock for the first {r['lock_seconds']:g} s of the load)"
        )
    print(f"posts refused by the stand-in's per-channel limit: {r['ratelimited_by_standin']}")
    print(f"\nerrors: {r['errors']}" + (f" ({'; '.join(r['error_details'])})" if r["errors"] else ""))
    print(
        f"bot memory: {r['rss_ready_mib']:.0f} MiB once seeded, {r['rss_end_mib']:.0f} MiB after the load, "
        f"peak {r['peak_rss_mib']:.0f} MiB (ru_maxrss {r['ru_maxrss_children_mib']:.0f} MiB)"
    )
    print(
        f"bot CPU during the load: {r['bot_cpu_s_during_load']:.1f} s "
        f"({r['bot_cpu_s_during_load'] / max(1, r['commands']) * 1000:.1f} ms per command)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", "--requests", dest="commands", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=20)
    parser.add_argument("--history", choices=["sample", "full"], default="sample")
    parser.add_argument(
        "--lock-seconds", type=float, default=0.0, help="hold the store's write lock this long"
    )
    parser.add_argument("--profile", default="", help="write a cProfile of the bot during the load here")
    parser.add_argument("--json", action="store_true", help="print one JSON object of the results")
    parser.add_argument(
        "--serve", nargs=4, metavar=("API_URL", "STORE", "PORT_FILE", "SEED"), help=argparse.SUPPRESS
    )
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(*args.serve, profile=args.profile))
        return
    profile = str(Path(args.profile).resolve()) if args.profile else ""
    result = asyncio.run(load(args.commands, args.concurrency, args.history, profile, args.lock_seconds))
    if args.json:
        print(json.dumps(result))
    else:
        print_table(result)


if __name__ == "__main__":
    main()
