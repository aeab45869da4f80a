"""Runs every bench/ script and writes docs/benchmarks.md (plus docs/query-latency.png) from their JSON.

    python bench/report.py [--quick] [--out docs/benchmarks.md] [--redis redis://127.0.0.1:6379/15]

Each script runs as a subprocess with `--json` and a timeout, one after the other (so they do not
compete for the cores). A script that fails, times out or prints no JSON leaves a "not measured"
line in its section and makes the exit status 1; the report is written anyway. `--quick` uses
small sizes (a smoke run for tests; its numbers say nothing about the targets).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
CHART = "query-latency.png"


@dataclass
class Run:
    """One script run: its JSON result, or why there is none."""

    name: str
    argv: list[str]
    data: Any = None
    problem: str = ""
    seconds: float = 0.0
    max_rss_mib: float = 0.0
    stderr_tail: str = field(default="", repr=False)


QUERY_GOAL_MS = {"sqlite": 5, "redis": 8}  # issue 15: p99 at 12k PRs, every answer computed


def plan(quick: bool, redis_url: str) -> list[tuple[str, str, list[str], int]]:
    """(run name, script, arguments, timeout seconds) in the order they run."""
    redis = ["--redis", redis_url]
    if quick:
        return [
            ("store", "store.py", ["--limit", "1000", *redis], 120),
            ("ingest", "ingest.py", ["--weeks", "1", "--no-failures"], 120),
            ("classify", "classify.py", ["--limit", "300"], 120),
            ("classify_llm", "classify_llm.py", [], 120),
            ("digest", "digest.py", [], 120),
            ("query", "query.py", ["--slices", "1,2", "--n", "20", *redis], 180),
            ("empty", "empty_answers.py", [], 180),
            ("slack_load", "slack_ack.py", ["--commands", "20", "--concurrency", "5"], 180),
            ("startup", "startup.py", ["--runs", "3"], 120),
        ]
    return [
        ("store", "store.py", redis, 600),
        ("ingest", "ingest.py", [], 600),
        ("classify", "classify.py", [], 600),
        ("classify_llm", "classify_llm.py", [], 300),
        ("digest", "digest.py", [], 300),
        ("query", "query.py", ["--slices", "1,4,13,26,full", *redis], 1800),
        ("empty", "empty_answers.py", [], 300),
        ("slack_one", "slack_ack.py", ["--commands", "50", "--concurrency", "1"], 300),
        ("slack_burst", "slack_ack.py", ["--commands", "200", "--concurrency", "20"], 300),
        (
            "slack_load",
            "slack_ack.py",
            ["--commands", "1000", "--concurrency", "50", "--history", "full"],
            1200,
        ),
        ("startup", "startup.py", ["--runs", "21"], 300),
    ]


def run_script(name: str, script: str, args: list[str], timeout: int) -> Run:
    """Run one script with --json; its peak RSS comes from wait4 (children it waited for included)."""
    argv = [sys.executable, str(BENCH / script), *args, "--json"]
    run = Run(name, argv)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MPLBACKEND": "Agg"}
    print(f"report: {name}: {' '.join(['bench/' + script, *args])}", file=sys.stderr, flush=True)
    started = time.monotonic()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=out, stderr=err, start_new_session=True)
        status = None
        while status is None:
            pid, wait_status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                status = os.waitstatus_to_exitcode(wait_status)
                run.max_rss_mib = usage.ru_maxrss / 1024
                proc.returncode = status
            elif time.monotonic() - started > timeout:
                os.killpg(proc.pid, 9)  # its own session: the script and the bot it may have started
                proc.wait()
                run.problem = f"timed out after {timeout} s"
                break
            else:
                time.sleep(0.2)
        run.seconds = time.monotonic() - started
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode(errors="replace")
        run.stderr_tail = err.read().decode(errors="replace")[-2000:]
    if not run.problem and status != 0:
        last = run.stderr_tail.strip().splitlines()[-1:] or ["no output"]
        run.problem = f"exit status {status}: {last[0][:300]}"
    if not run.problem:
        lines = [line for line in stdout.splitlines() if line.strip()]
        try:
            run.data = json.loads(lines[-1])
        except (IndexError, json.JSONDecodeError):
            run.problem = "printed no JSON object"
    print(f"report: {name}: {run.problem or 'ok'} ({run.seconds:.0f} s)", file=sys.stderr, flush=True)
    return run


# -- the machine ---------------------------------------------------------------------------------------
def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def memory_gib() -> float:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) / 1024 / 1024
    except OSError:
        pass
    return 0.0


def redis_version(url: str) -> str:
    try:
        import redis

        return str(redis.Redis.from_url(url, socket_connect_timeout=2).info("server")["redis_version"])
    except Exception as exc:  # the report still runs; the Redis rows then say why they are missing
        return f"unreachable ({exc.__class__.__name__})"


def git_commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        )
        dirty = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True)
        return out.stdout.strip() + (" (uncommitted changes)" if dirty.stdout.strip() else "")
    except OSError:
        return "unknown"


def loadavg() -> str:
    return " / ".join(f"{x:.2f}" for x in os.getloadavg())


# -- Markdown helpers ------------------------------------------------------------------------------------
def table(header: list[str], rows: list[list[Any]], align: str = "") -> list[str]:
    align = align or "l" + "r" * (len(header) - 1)
    marks = ["---:" if a == "r" else "---" for a in align]
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(marks) + "|"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return out + [""]


def verdict(ok: bool | None) -> str:
    return "n/a" if ok is None else ("**met**" if ok else "**missed**")


def missing(run: Run) -> list[str]:
    return [f"_Not measured: `{' '.join(run.argv[1:])}` {run.problem}._", ""]


def ms(value: float) -> str:
    return f"{value:,.1f}"


# -- sections ---------------------------------------------------------------------------------------------
class Report:
    def __init__(self, runs: dict[str, Run], quick: bool, out: Path) -> None:
        self.runs = runs
        self.quick = quick
        self.out = out
        self.targets: list[list[str]] = []

    def ok(self, name: str) -> Any:
        run = self.runs.get(name)
        return run.data if run and not run.problem else None

    def target(self, what: str, goal: str, measured: str, met: bool | None) -> None:
        self.targets.append([what, goal, measured, verdict(met)])

    def store(self) -> list[str]:
        lines = ["## Store (`bench/store.py`)", ""]
        data = self.ok("store")
        if data is None:
            return lines + missing(self.runs["store"])
        lines += [
            "Imports the shared vLLM PR history (`merged-pulls.jsonl`) into each backend, imports it again",
            "(nothing changed: no writes), then reads 50 one-week windows (PRs created or merged in the week).",
            "",
        ]
        rows = [
            [
                name,
                f"{r['records']:.0f}",
                f"{r['import_s']:.2f}",
                f"{r['import_per_s']:,.0f}",
                f"{r['reimport_s']:.2f}",
                f"{r['read_p50_ms']:.2f}",
                f"{r['read_p99_ms']:.2f}",
                f"{r['prs_per_week']:.0f}",
            ]
            for name, r in data["backends"].items()
        ]
        lines += table(
            [
                "backend",
                "records",
                "import s",
                "PRs/s",
                "re-import s",
                "week read p50 ms",
                "p99 ms",
                "PRs/week",
            ],
            rows,
        )
        lines += [
            "History: before decoded records were memoised a week read cost 13 ms on SQLite (JSON decoding,",
            "not the indexed SQL, which took 1.6 ms); before hiredis, 9 ms on Redis.",
            "",
        ]
        return lines

    def ingest(self) -> list[str]:
        lines = ["## Ingest: GitHub requests (`bench/ingest.py`)", ""]
        data = self.ok("ingest")
        if data is None:
            self.target(
                "Ingest requests", "first <= ceil(N/100)+ceil(N/50)+2, re-run <= 2", "not measured", None
            )
            return lines + missing(self.runs["ingest"])
        lines += [
            'Real PyGithub against the GitHub stand-in (shared data, "now" 2026-02-13), '
            f"{data['store']} store. *requests* counts every HTTP attempt (*listing*: REST pulls or search",
            "pages; *graphql*: changed-files queries of 50 PRs). Budget: a first ingest of a window of N PRs",
            "with files may use ceil(N/100)+ceil(N/50)+2 requests, a past window (`--until`, search API)",
            "ceil(N/100)+3 for its listing, without a token (no files) ceil(N/100)+2; an immediate re-run at",
            "most 2 (it sends the stored ETag and GitHub answers 304, which is not charged).",
            "",
        ]
        rows = []
        for r in data["scenarios"]:
            requests = f"{r['requests']}" + (" (304)" if r.get("not_modified") else "")
            rows.append(
                [
                    r["scenario"],
                    r["run"],
                    r["prs"],
                    r.get("listing_requests", r["requests"]),
                    r.get("graphql_requests", 0),
                    requests,
                    r["budget"],
                    r["files"],
                    f"{r['wall_s']:.2f}",
                    verdict(r["met"]),
                ]
            )
        lines += table(
            [
                "scenario",
                "run",
                "PRs",
                "listing",
                "graphql",
                "requests",
                "budget",
                "files",
                "wall s",
                "target",
            ],
            rows,
            "llrrrrrrrl",
        )
        firsts = [r for r in data["scenarios"] if r["run"] == "first"]
        reruns = [r for r in data["scenarios"] if r["run"] != "first"]
        self.target(
            "Ingest requests, first run",
            "<= ceil(N/100)+ceil(N/50)+2 (past week: listing <= ceil(N/100)+3)",
            ", ".join(f"{r['scenario']}: {r['requests']}/{r['budget']}" for r in firsts),
            all(r["met"] for r in firsts),
        )
        self.target(
            "Ingest requests, re-run",
            "<= 2",
            ", ".join(f"{r['scenario']}: {r['requests']}" for r in reruns),
            all(r["met"] for r in reruns),
        )
        if data["failures"]:
            lines += [
                "Time to fail against an unreachable GitHub, default settings (4 retries, 15 s timeout):",
                "",
            ]
            lines += table(
                ["base_url", "error after s", "message"],
                [[f["case"], f"{f['seconds']:.1f}", f"`{f['message']}`"] for f in data["failures"]],
                "lrl",
            )
        return lines

    def classification(self) -> list[str]:
        lines = ["## Classification: throughput, cache hits, LLM tokens", ""]
        data = self.ok("classify")
        lines += ["### Heuristic classifier (`bench/classify.py`)", ""]
        if data is None:
            lines += missing(self.runs["classify"])
        else:
            lines += [
                "The offline classifier over the shared PRs: bare speed, a first `ClassificationService.run`",
                "into an empty SQLite store (classify + store), and a second run, which must find every PR",
                "in the cache and call the classifier for none.",
                "",
            ]
            lines += table(
                ["measure", "value"],
                [
                    ["PRs", f"{data['prs']:,}"],
                    ["heuristic `topics_for`, PRs/s", f"{data['topics_for_per_s']:,.0f}"],
                    ["first run (classify + store), PRs/s", f"{data['first_run_per_s']:,.0f}"],
                    ["cached re-run, PRs/s", f"{data['cached_per_s']:,.0f}"],
                    ["cached re-run: classifier calls", data["cached_classifier_calls"]],
                    [
                        "cached re-run: cache hits / classified",
                        f"{data['cached']} / {data['classified_on_rerun']}",
                    ],
                ],
            )
            self.target(
                "Heuristic re-run classifier calls",
                "= 0",
                f"{data['cached_classifier_calls']} ({data['cached']:,} cache hits)",
                data["cached_classifier_calls"] == 0,
            )
        data = self.ok("classify_llm")
        lines += ["### Anthropic classifier: tokens per week (`bench/classify_llm.py`)", ""]
        if data is None:
            self.target("Classification re-run LLM calls", "= 0", "not measured", None)
            return lines + missing(self.runs["classify_llm"])
        lines += [
            "The real `AnthropicClassifier` through the real SDK against the local Messages API stand-in,",
            f"for the {data['prs']} PRs merged {data['since']}..{data['until']} (bodies: real excerpts from",
            "`pr-bodies-sample.jsonl`, round-robin, ~1.3k chars, which flatters the naive rows). Tokens are",
            "characters / 4 of what the stand-in received. *Cost-weighted* counts the tools + system prefix",
            f"(~{data['prefix_tokens']:,} tokens, {'cacheable' if data['prefix_cached'] else 'below the 1,024-token caching minimum'})",
            "at 1.25x when written to Anthropic's prompt cache and 0.1x when read; output tokens not counted.",
            "",
        ]
        lines += table(
            ["approach", "requests", "input tokens", "cost-weighted input"],
            [
                [a["approach"], a["requests"], f"{a['input_tokens']:,}", f"{a['weighted_tokens']:,}"]
                for a in data["approaches"]
            ],
        )
        rerun = data["rerun"]
        lines += [
            f"Cache: `ClassificationService` into an empty store sent {rerun['first_requests']} requests for "
            f"{rerun['first_classified']} PRs",
            f"(usage reported by the stand-in: {rerun['first_input_tokens_reported']:,} input tokens); "
            f"the re-run sent **{rerun['rerun_requests']}** requests",
            f"({rerun['rerun_cached']} cache hits, {rerun['rerun_classified']} classified). The cache key is "
            "(PR number, content hash, classifier + prompt + taxonomy version).",
            "",
        ]
        self.target(
            "Classification re-run LLM calls",
            "= 0",
            f"{rerun['rerun_requests']} ({rerun['rerun_cached']} cache hits)",
            rerun["rerun_requests"] == 0,
        )
        return lines

    def digest(self) -> list[str]:
        lines = ["## Digest prompt size (`bench/digest.py`)", ""]
        data = self.ok("digest")
        if data is None:
            return lines + missing(self.runs["digest"])
        lines += [
            f"The LLM digest prompt for the week {data['window']} is built from classification records",
            "(number, state, topics, impact, title, one-line summary), never bodies. The naive prompt carries",
            f"every PR's title and body (each given the mean sample body, {data['mean_body_chars']:.0f} chars;",
            "real bodies are longer). Tokens = characters / 4.",
            "",
        ]
        rows = [
            [
                r["scope"],
                r["prs"],
                f"{r['digest_tokens']:,.0f}",
                f"{r['naive_tokens']:,.0f}",
                f"{r['naive_tokens'] / r['digest_tokens']:.1f}x smaller",
            ]
            for r in data["rows"]
        ]
        lines += table(
            ["scope", "PRs", "digest prompt (tokens)", "titles+bodies prompt (tokens)", "ratio"], rows
        )
        last = data["rows"][-1]
        per, naive = last["digest_tokens"] / last["prs"], last["naive_tokens"] / last["prs"]
        lines += [
            f"Per PR: {per:.0f} tokens (records) vs {naive:.0f} (title + body); a 450-PR week ≈ "
            f"{per * 450:,.0f} vs {naive * 450:,.0f} tokens.",
            "",
        ]
        return lines

    def query(self) -> list[str]:
        lines = ["## Query latency by history size and backend (`bench/query.py`)", ""]
        data = self.ok("query")
        if data is None:
            self.target("Query p99 at 12k PRs", "< 5 ms (sqlite), < 8 ms (redis)", "not measured", None)
            return lines + missing(self.runs["query"])
        lines += [
            f"`QueryHandler.answer` (parse, window, cached classifications, filters, terms, ranking) for "
            f"{data['queries']} distinct mixed queries",
            "(topics x state words x time words, plus help/typo/PR/author/search, named-term and everyday-phrasing",
            "queries; about 20% month-sized windows) against stores holding N weeks ending 2026-03-01,",
            "classifications cached first. In-process, no Slack. Every timed answer is computed: the reply cache",
            "is off and the warm-up uses other queries (until Nov 2026 the bench timed its own warm-up queries",
            "again, which the reply cache answered). Kept warm, as in a running bot: the window index of the",
            "repo's PRs (rebuilt when the store's data version changes) and the classification memo.",
            "*p99 week*: p99 over the queries whose window is at most 8 days.",
            "",
            f"![query latency vs history size]({CHART})",
            "",
        ]
        rows = [
            [
                r["backend"],
                r["history"],
                f"{r['prs']:,}",
                f"{r['p50_ms']:.2f}",
                f"{r['p99_ms']:.2f}",
                f"{r['p99_week_ms']:.2f}",
                f"{r['max_ms']:.2f}",
            ]
            for r in data["rows"]
        ]
        lines += table(
            ["store", "history", "PRs held", "p50 ms", "p99 ms", "p99 week ms", "max ms"], rows, "llrrrrr"
        )
        full = [r for r in data["rows"] if r["history"] == "full"]
        if full:
            for r in full:
                goal = QUERY_GOAL_MS[r["backend"]]
                self.target(
                    f"Query p99 at {r['prs']:,} PRs ({r['backend']}, no reply cache)",
                    f"< {goal} ms",
                    f"{r['p99_ms']:.1f} ms (p50 {r['p50_ms']:.1f}, p99 week {r['p99_week_ms']:.1f})",
                    r["p99_ms"] < goal,
                )
        else:
            self.target("Query p99 at 12k PRs", "< 5 ms (sqlite), < 8 ms (redis)", "not run (--quick)", None)
        lines += [
            "Store size matters little (windows come from an in-process index); the window size does: a",
            "month window holds ~1,000 PRs, each matched to its classification and filtered.",
            "",
        ]
        return lines

    def slack(self) -> list[str]:
        lines = ["## Slack: ack and answer latency under load (`bench/slack_ack.py`)", ""]
        lines += [
            "The bot (Slack adapter in HTTP mode, SQLite store, offline classifier, every PR classified and",
            "cached as after an ingest) runs as a subprocess; the bench process runs the Slack Web API",
            "stand-in and N signed `/vllm <topic>` commands from C concurrent clients, on the same 2 cores.",
            "*ack*: the HTTP round trip of the command (Slack gives up after 3 s). *answer*: from sending the",
            "command to the stand-in receiving the answer (chat.postMessage, or response_url when nothing",
            'matched). *errors*: non-200 acks, failed requests, unanswered commands, "something went wrong"',
            "answers and ERROR lines in the bot's log. *bot CPU*: the bot's user+system CPU during the load.",
            "",
        ]
        rows = []
        names = [n for n in ("slack_one", "slack_burst", "slack_load") if n in self.runs]
        for name in names:
            data = self.ok(name)
            if data is None:
                lines += missing(self.runs[name])
                continue
            history = "sample (packaged)" if data["history"] == "sample" else f"full ({data['prs']:,} PRs)"
            rows.append(
                [
                    f"{data['commands']} x {data['concurrency']}",
                    history,
                    ms(data["ack"]["p50_ms"]),
                    ms(data["ack"]["p99_ms"]),
                    ms(data["ack"]["max_ms"]),
                    ms(data["answer"]["p50_ms"]),
                    ms(data["answer"]["p99_ms"]),
                    ms(data["answer"]["max_ms"]),
                    data["errors"],
                    f"{data['bot_cpu_s_during_load'] / data['commands'] * 1000:.1f}",
                ]
            )
        if rows:
            lines += table(
                [
                    "commands x clients",
                    "history",
                    "ack p50 ms",
                    "ack p99 ms",
                    "ack max ms",
                    "answer p50 ms",
                    "answer p99 ms",
                    "answer max ms",
                    "errors",
                    "bot CPU ms/command",
                ],
                rows,
                "llrrrrrrrr",
            )
        burst = self.ok("slack_burst")
        if burst is not None:
            # Issue 8's goals are for 200 signed commands from 20 concurrent clients.
            b_label = (
                f"{burst['commands']} commands x {burst['concurrency']} clients, {burst['history']} history"
            )
            b_quick = f" ({b_label}, --quick)" if self.quick else f" ({b_label})"
            b_ack, b_answer = burst["ack"]["p99_ms"], burst["answer"]["p99_ms"]
            self.target(
                f"Slack ack p99{b_quick}", "< 100 ms", f"{b_ack:,.0f} ms", None if self.quick else b_ack < 100
            )
            self.target(
                f"Slack answer p99{b_quick}",
                "< 1 s",
                f"{b_answer / 1000:,.2f} s",
                None if self.quick else b_answer < 1000,
            )
        load = self.ok("slack_load")
        if load is None:
            for what, goal in (
                ("Slack ack p99", "< 100 ms"),
                ("Slack answer p99", "< 1 s"),
                ("Load errors", "= 0"),
            ):
                self.target(what, goal, "not measured", None)
            return lines
        label = f"{load['commands']} commands x {load['concurrency']} clients, {load['history']} history"
        lines += [
            f"Load run ({label}): bot start-up with seeding {load['startup_s']:.1f} s; all commands sent and",
            f"answered in {load['load_s']:.1f} s; {load['acked']} acked, {load['answered']} answered "
            f"({load['answers_posted_in_channel']} as channel posts);",
            f"{load['warnings_logged']} warnings logged; auth.test called {load['auth_tests']} time(s); "
            f"bot CPU during the load {load['bot_cpu_s_during_load']:.1f} s.",
            "",
        ]
        if load["error_details"]:
            lines += ["Errors: " + "; ".join(load["error_details"]), ""]
        per_command = load["bot_cpu_s_during_load"] / max(1, load["commands"]) * 1000
        lines += [
            "Reading: the bot serves every command on one asyncio loop. Answers to a burst therefore come one",
            f"after another: {load['commands']} commands x {per_command:.1f} ms of bot CPU each ≈ "
            f"{load['bot_cpu_s_during_load']:.1f} s, a floor for the",
            "last answer whatever the scheduling; an answer p99 under 1 s for such a burst needs about 1 ms of",
            "CPU per command (or several processes). Acks are cheap (~1-2 ms of CPU each in bolt) but wait in",
            "the same loop behind the synchronous stretches of the answers being computed (at most 2 at once).",
            "",
        ]
        # A --quick run is not the 1,000 x 50 load: its numbers are shown but judge nothing.
        quick = f" ({label}, --quick)" if self.quick else f" ({label})"
        ack, answer = load["ack"]["p99_ms"], load["answer"]["p99_ms"]
        # Issue 11 asks this load to be reported (errors must be 0); the ack/answer rows hold it to
        # issue 8's goals anyway, at five times the burst those goals were set for.
        self.target(
            f"Slack ack p99 under 5x the load of the goal{quick}",
            "< 100 ms",
            f"{ack:,.0f} ms",
            None if self.quick else ack < 100,
        )
        self.target(
            f"Slack answer p99 under 5x the load of the goal{quick}",
            "< 1 s",
            f"{answer / 1000:,.2f} s",
            None if self.quick else answer < 1000,
        )
        self.target(
            f"Load errors{quick}", "= 0", str(load["errors"]), None if self.quick else load["errors"] == 0
        )
        return lines

    def startup(self) -> list[str]:
        lines = ["## Start-up (`bench/startup.py`)", ""]
        data = self.ok("startup")
        if data is None:
            return lines + missing(self.runs["startup"])
        lines += [
            f"Each command as a fresh process, {data['runs']} runs interleaved, no secrets, no config file, an",
            "empty SQLite store, byte code cached (as an installed bot runs). CPU = user + system time of",
            "the child, less disturbed by other jobs than wall time.",
            f"Load average when it finished: {data['load_average']}.",
            "",
        ]
        rows = [
            [
                f"`{r['command']}`",
                f"{r['median_ms']:.0f}",
                f"{r['min_ms']:.0f}",
                f"{r['ratio']:.1f}x",
                f"{r['cpu_ms']:.0f}",
                f"{r['cpu_ratio']:.1f}x",
            ]
            for r in data["rows"]
        ]
        lines += table(["command", "wall median ms", "wall min ms", "x bare", "CPU ms", "CPU x bare"], rows)
        lines += [
            "Where `ask`'s time goes (CPU, 2026-11-23, ≈ 175 ms against 24 ms bare): standard modules",
            "every command loads ≈ 20 ms, asyncio ≈ 28 (it imports ssl and subprocess), click ≈ 12,",
            "handlers/models.py ≈ 23 (about 30 frozen dataclasses built at import), bot/config.py ≈ 18 (its",
            "14 dataclass sections), the rest of handlers/, the store and services ≈ 20; then ≈ 25 ms of",
            "work: the taxonomy read (≈ 7: TOML by tomli's compiled parser, 3x tomllib), SQLite opened,",
            "the query vocabulary built, the answer. Importing click, asyncio, sqlite3 and handlers.models",
            "alone costs 4.5x a bare interpreter, so 5x needs `ask` to shed asyncio or click, or the core's",
            "dataclasses to cost less. Deferred so far: pydantic (only a config file is validated,",
            "bot/config.py), rapidfuzz (an unknown word), dateutil (month arithmetic),",
            "importlib.resources, the heuristic classifier's ~200 patterns (the first PR classified),",
            "every command but the one run, the chat SDKs, scheduler, metrics and templates;",
            "tests/bot/cli/test_commands.py keeps them deferred.",
            "History (CPU of `ask`, same machine): every command imported up front 337 ms, lazy commands",
            "266 ms (0a83eac, interleaved, no byte-code cache); main at 10f8775 370 ms (11.9x) against",
            "176 ms (7.1x) with the changes above (consecutive runs, byte code cached, load 0.6-0.9).",
            "",
        ]
        goal = f"<= {data['target_ratio']:g}x `python -c pass`"
        measured = f"wall {data['ask_ratio']:.1f}x, CPU {data['ask_cpu_ratio']:.1f}x"
        self.target("`ask` start-up", goal, measured, data["met"] and data["cpu_met"])
        return lines

    def memory(self) -> list[str]:
        lines = ["## Memory", ""]
        load = self.ok("slack_load")
        if load is not None:
            lines += [
                f"The bot under the Slack load ({load['history']} history): {load['rss_ready_mib']:.0f} MiB RSS once seeded and",
                f"classified, {load['rss_end_mib']:.0f} MiB after the load, peak (VmHWM) **{load['peak_rss_mib']:.0f} MiB**",
                f"(`ru_maxrss` of the exited bot, via getrusage(RUSAGE_CHILDREN): {load['ru_maxrss_children_mib']:.0f} MiB).",
                "The peak includes seeding (import + classification in the same process), as in `run` mode.",
                "",
            ]
        lines += [
            "Peak RSS of each benchmark process (wait4; includes the bot subprocess for slack runs):",
            "",
        ]
        lines += table(
            ["run", "peak RSS MiB", "wall s"],
            [[name, f"{r.max_rss_mib:.0f}", f"{r.seconds:.0f}"] for name, r in self.runs.items()],
        )
        return lines

    def empty(self) -> list[str]:
        lines = ["## Empty answers (`bench/empty_answers.py`)", ""]
        data = self.ok("empty")
        if data is None:
            return lines + missing(self.runs["empty"])
        lines += [
            "An empty answer counts the question over the 30 days before (else over all time, naming",
            "the newest match) and works out the fewest words of its suggested command. "
            f"{data['questions']} questions with",
            f"no match in their week, {data['prs']:,} PRs in SQLite, reply cache off, after a warm-up with other",
            "questions. *first*: each question's first ask (its named things read against every stored PR);",
            "*again*: asked a second time. Posted after the acknowledgement: no 3-second limit is at stake.",
            "",
        ]
        lines += table(
            ["first p50 ms", "first max ms", "again p50 ms", "again max ms"],
            [
                [
                    ms(data["first_p50_ms"]),
                    ms(data["first_max_ms"]),
                    ms(data["again_p50_ms"]),
                    ms(data["again_max_ms"]),
                ]
            ],
        )
        return lines

    def render(self, machine: dict[str, str]) -> str:
        body: list[str] = []
        for section in (
            self.store,
            self.ingest,
            self.classification,
            self.digest,
            self.query,
            self.empty,
            self.slack,
            self.startup,
            self.memory,
        ):
            body += section()
        head = [
            "# Benchmarks",
            "",
            f"Generated by `python bench/report.py{' --quick' if self.quick else ''}` on {machine['date']} "
            f"(commit {machine['commit']}). Do not edit by hand.",
            "",
        ]
        if self.quick:
            head += ["**Smoke run (`--quick`): small sizes; these numbers do not test the targets.**", ""]
        head += ["## Machine", ""]
        head += table(
            ["", ""],
            [
                ["CPU", machine["cpu"]],
                ["cores", machine["cores"]],
                ["memory", machine["memory"]],
                ["Python", machine["python"]],
                ["Redis", machine["redis"]],
                ["load average (1/5/15 min) before", machine["load_before"]],
                ["load average (1/5/15 min) after", machine["load_after"]],
                ["total run time", machine["duration"]],
            ],
            "ll",
        )
        busiest = max(float(machine[k].split(" / ")[0]) for k in ("load_before", "load_after"))
        head += [
            (
                "Other jobs ran on the machine at the same time (see the load averages): latencies are"
                " pessimistic and vary between runs (±30-50%)."
                if busiest > 1.0
                else "The machine was otherwise idle (see the load averages); latencies still vary between"
                " runs by ±20-30% on a shared 2-core machine."
            ),
            "",
            "## Targets",
            "",
        ]
        head += table(["target", "goal", "measured", "verdict"], self.targets, "llll")
        failed = [r for r in self.runs.values() if r.problem]
        if failed:
            head += ["Scripts that did not produce results:", ""]
            head += [f"- `{' '.join(r.argv[1:])}`: {r.problem}" for r in failed] + [""]
        return "\n".join(head + body).rstrip() + "\n"


def chart(data: dict | None, path: Path, quick: bool) -> None:
    """Query p50/p99 vs PRs held, one line per backend, with the p99 targets."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
    if data:
        for backend, color in (("sqlite", "tab:blue"), ("redis", "tab:red")):
            rows = sorted((r for r in data["rows"] if r["backend"] == backend), key=lambda r: r["prs"])
            if not rows:
                continue
            x = [r["prs"] for r in rows]
            ax.plot(x, [r["p99_ms"] for r in rows], "o-", color=color, label=f"{backend} p99")
            ax.plot(x, [r["p50_ms"] for r in rows], "o--", color=color, alpha=0.6, label=f"{backend} p50")
        ax.set_xscale("log")
    else:
        ax.text(0.5, 0.5, "query benchmark did not run", ha="center", transform=ax.transAxes)
    for backend, goal in QUERY_GOAL_MS.items():
        ax.axhline(goal, color="gray", linestyle=":", label=f"target p99 < {goal} ms ({backend})")
    ax.set_xlabel("PRs held in the store (log scale)")
    ax.set_ylabel("QueryHandler.answer latency, ms")
    ax.set_title("Query latency vs history size" + (" (--quick smoke run)" if quick else ""))
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke run")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "benchmarks.md")
    parser.add_argument("--redis", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/15"))
    parser.add_argument("--only", default="", help="comma-separated run names (debugging)")
    args = parser.parse_args()
    started = time.monotonic()
    machine = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": git_commit(),
        "cpu": cpu_model(),
        "cores": str(os.cpu_count()),
        "memory": f"{memory_gib():.1f} GiB",
        "python": f"{platform.python_version()} ({platform.python_implementation()})",
        "redis": f"{redis_version(args.redis)} at {args.redis.split('@')[-1]}",
        "load_before": loadavg(),
    }
    only = set(filter(None, args.only.split(",")))
    runs = {
        name: run_script(name, script, script_args, timeout)
        for name, script, script_args, timeout in plan(args.quick, args.redis)
        if not only or name in only
    }
    machine["load_after"] = loadavg()
    machine["duration"] = f"{math.ceil(time.monotonic() - started)} s"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    report = Report(runs, args.quick, args.out)
    args.out.write_text(report.render(machine))
    chart(report.ok("query"), args.out.parent / CHART, args.quick)
    print(f"report: wrote {args.out} and {args.out.parent / CHART}", file=sys.stderr)
    failed = [r for r in runs.values() if r.problem]
    for r in failed:
        print(f"report: {r.name} failed: {r.problem}\n{r.stderr_tail}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
