"""Start-up benchmark: wall time of `python -m bot ask ...` against a bare `python -c pass`.

    python bench/startup.py [--runs N] [--json]

Each command runs N times (default 15) as a fresh process, interleaved with the others so a busy
moment of the machine hits all of them alike, with no secrets and no config from the caller's
environment, on an empty SQLite store in a temporary data directory. Prints a table of the median
and fastest wall time per command, the median CPU time (user + system of the child: less
disturbed by other jobs on a shared machine) and both ratios to the bare interpreter (`--json`:
one JSON object instead). Target: `ask` at most 5x `python -c pass`.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_RATIO = 5.0
SECRETS = (
    "PRBOT_CONFIG",
    "REDIS_URL",
    "GITHUB_TOKEN",
    "ANTHROPIC_API_KEY",
    "SLACK_BOT_TOKEN",
    "SLACK_APP_TOKEN",
    "SLACK_SIGNING_SECRET",
    "DISCORD_BOT_TOKEN",
)

COMMANDS: dict[str, list[str]] = {
    "python -c pass": ["-c", "pass"],
    "python -m bot --help": ["-m", "bot", "--help"],
    "python -m bot ask rocm last week": ["-m", "bot", "ask", "rocm", "last", "week"],
    "python -m bot ask --json '#1'": ["-m", "bot", "ask", "--json", "#1"],
}


def _env(data_dir: Path) -> dict[str, str]:
    """The caller's environment without secrets or config, and with byte-code caching on, as a
    user's Python has it: PYTHONDONTWRITEBYTECODE would make every run compile every module of
    ours from source again. The byte code goes to a temporary PYTHONPYCACHEPREFIX (written by
    the warm-up run), so nothing is written into the checkout or the virtual environment."""
    env = {k: v for k, v in os.environ.items() if k not in SECRETS and k != "PYTHONDONTWRITEBYTECODE"}
    env["PRBOT_DATA_DIR"] = str(data_dir)
    env["PYTHONPATH"] = str(ROOT)
    env["PYTHONPYCACHEPREFIX"] = str(data_dir.parent / "pycache")
    return env


def _once(args: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, *args], env=env, cwd=cwd, capture_output=True, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(runs: int) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="prbot-startup-") as tmp:
        cwd = Path(tmp)
        env = _env(cwd / "data")
        for args in COMMANDS.values():  # warm the file cache and create the store once
            done = subprocess.run([sys.executable, *args], env=env, cwd=cwd, capture_output=True, text=True)
            if done.returncode not in (0, 1):
                raise SystemExit(f"startup: {' '.join(args)} failed: {done.stderr.strip()[-500:]}")
        walls: dict[str, list[float]] = {name: [] for name in COMMANDS}
        cpus: dict[str, list[float]] = {name: [] for name in COMMANDS}
        for _ in range(runs):
            for name, args in COMMANDS.items():
                wall, cpu = _once(args, env, cwd)
                walls[name].append(wall)
                cpus[name].append(cpu)
    base_wall = statistics.median(walls["python -c pass"])
    base_cpu = statistics.median(cpus["python -c pass"])
    rows = [
        {
            "command": name,
            "median_ms": statistics.median(walls[name]) * 1000,
            "min_ms": min(walls[name]) * 1000,
            "cpu_ms": statistics.median(cpus[name]) * 1000,
            "ratio": statistics.median(walls[name]) / base_wall,
            "cpu_ratio": statistics.median(cpus[name]) / base_cpu,
        }
        for name in COMMANDS
    ]
    ask = next(r for r in rows if r["command"] == "python -m bot ask rocm last week")
    return {
        "runs": runs,
        "python": sys.version.split()[0],
        "rows": rows,
        "load_average": " / ".join(f"{x:.2f}" for x in os.getloadavg()),
        "ask_ratio": ask["ratio"],
        "ask_cpu_ratio": ask["cpu_ratio"],
        "target_ratio": TARGET_RATIO,
        "met": ask["ratio"] <= TARGET_RATIO,
        "cpu_met": ask["cpu_ratio"] <= TARGET_RATIO,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="runs per command (default 15)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    result = measure(args.runs)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{'command':<36} {'median ms':>10} {'min ms':>8} {'x bare':>7} {'CPU ms':>8} {'CPU x bare':>11}")
    for row in result["rows"]:  # type: ignore[attr-defined]
        print(
            f"{row['command']:<36} {row['median_ms']:>10.1f} {row['min_ms']:>8.1f} {row['ratio']:>7.1f}"
            f" {row['cpu_ms']:>8.1f} {row['cpu_ratio']:>11.1f}"
        )
    print(
        f"target: ask <= {TARGET_RATIO:g}x python -c pass: wall {result['ask_ratio']:.1f}x"
        f" ({'met' if result['met'] else 'missed'}), CPU {result['ask_cpu_ratio']:.1f}x"
        f" ({'met' if result['cpu_met'] else 'missed'}); load average {result['load_average']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
