"""The command group (bot/cli/__init__.py): every command reachable, each loaded only when asked."""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import bot.cli
from bot.cli import COMMANDS, cli
from tests.cli_helpers import ROOT, run_cli

# Never needed to answer a question on the command line or to ingest.
SECRET_PREFIXES = ("PRBOT_", "SLACK_", "DISCORD_", "GITHUB_", "ANTHROPIC_", "REDIS_")
HEAVY = ("slack_bolt", "slack_sdk", "discord", "apscheduler", "prometheus_client", "jinja2", "anthropic")


def _run_listing_modules(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """`python -m bot ARGS` (through runpy, as -m does) and every module loaded by its exit."""
    script = (
        "import atexit, json, runpy, sys\n"
        "atexit.register(lambda: print('MODULES=' + json.dumps(sorted(sys.modules)), file=sys.stderr))\n"
        f"sys.argv = ['bot', *{list(args)!r}]\n"
        "runpy.run_module('bot', run_name='__main__', alter_sys=True)\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(SECRET_PREFIXES)}
    env.update(PYTHONPATH=str(ROOT), PRBOT_DATA_DIR=str(tmp_path / "data"))
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    line = next(x for x in result.stderr.splitlines() if x.startswith("MODULES="))
    return result, set(json.loads(line.removeprefix("MODULES=")))


def test_every_registered_command_is_mapped_to_its_module() -> None:
    """COMMANDS names each command's module, so a lazily loaded command cannot go missing."""
    for module in pkgutil.iter_modules(bot.cli.__path__):
        importlib.import_module(f"bot.cli.{module.name}")
    registered = {name: cmd.callback.__module__.rsplit(".", 1)[1] for name, cmd in cli.commands.items()}
    assert registered == COMMANDS


def test_help_lists_every_command() -> None:
    """`--help` still shows every command although none is imported up front."""
    result = run_cli("--help")
    assert result.returncode == 0, result.stderr
    listed = {line.split()[0] for line in result.stdout.split("Commands:")[1].splitlines() if line.strip()}
    assert listed == set(COMMANDS)


def test_ask_imports_no_chat_sdk_scheduler_metrics_or_templates(tmp_path: Path) -> None:
    """`ask` answers without importing what only `run`, `digest` or the LLM need."""
    result, imported = _run_listing_modules(tmp_path, "ask", "rocm", "last", "week")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "ROCm" in result.stdout
    assert "bot.cli.ask" in imported
    loaded = sorted(n for n in imported if n.split(".")[0] in HEAVY or n.startswith("bot.cli.digest"))
    assert loaded == []


# What `ask` must not load to answer with no config file: config validation (pydantic: more
# than half of its start-up before it was deferred), the Redis client, fuzzy matching for a word
# it did not need, month arithmetic, package-resource machinery (docs/benchmarks.md, Start-up).
ASK_DEFERRED = ("pydantic", "pydantic_core", "annotated_types", "redis", "rapidfuzz", "dateutil", "tqdm")


def test_ask_without_a_config_file_loads_no_validation_redis_or_fuzzy_matching(tmp_path: Path) -> None:
    """`ask` starts fast: without a config file it validates nothing, so pydantic stays unloaded,
    and so do the Redis client, rapidfuzz, dateutil and importlib.resources; a typo is still read
    as the word it resembles, which loads rapidfuzz only then."""
    result, imported = _run_listing_modules(tmp_path, "ask", "rocm", "last", "week")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "ROCm" in result.stdout
    loaded = sorted(
        n for n in imported if n.split(".")[0] in ASK_DEFERRED or n.startswith("importlib.resources")
    )
    assert loaded == []
    result, imported = _run_listing_modules(tmp_path, "ask", "rcom", "last", "week")
    assert "Read 'rcom' → rocm." in result.stdout
    assert "rapidfuzz" in imported


def test_ask_with_a_config_file_still_validates_it(tmp_path: Path) -> None:
    """A config file is validated (pydantic loaded) and a bad value stops `ask` with one line."""
    (tmp_path / "config.toml").write_text("[query]\nmax_items = 0\n")
    result, imported = _run_listing_modules(tmp_path, "ask", "rocm")
    assert result.returncode == 1
    assert "error: config.toml: query.max_items: Input should be greater than or equal to 1" in result.stderr
    assert "pydantic" in imported


def test_ingest_loads_no_chat_sdk_or_scheduler(tmp_path: Path) -> None:
    """`ingest` loads its own module and nothing of the chat platforms or the scheduler."""
    result, imported = _run_listing_modules(tmp_path, "ingest", "--help")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "bot.cli.ingest" in imported
    assert sorted(n for n in imported if n.split(".")[0] in HEAVY) == []
