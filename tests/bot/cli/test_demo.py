"""`python -m bot demo` from a fresh install (no config, network or secrets) and `console`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.bot.runner import ROOT, clean_env


def run_bot(tmp: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=tmp,
        env=clean_env(tmp, PYTHONPATH=str(ROOT)),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_demo_prints_the_digest_and_example_answers_offline(tmp_path: Path) -> None:
    """With nothing configured the demo prints the Feb 23 – Mar 1 digest and three answers."""
    result = run_bot(tmp_path, "demo")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Feb 23" in out and "2026" in out
    for command in ("/vllm rocm last week", "/vllm what did amd land last week?", "/vllm nvfp4 past 2 weeks"):
        assert command in out
    assert "Whisper" in out  # the #29856 detail card names the real PR's title
    assert "note: Read 'land' → merged." in out  # everyday phrasing, read and said
    assert "nvfp4 → 3 PRs name NVFP4" in out  # a named term, with its topic's total
    assert "All PRs by area" not in out  # the digest proper only; the rest is its thread
    assert not list(tmp_path.glob("**/*.db"))  # nothing left behind


def test_console_answers_a_command_and_a_follow_up_in_its_thread(tmp_path: Path) -> None:
    """A command opens thread 1; a `>` line is answered in that thread."""
    store = f"sqlite:///{tmp_path / 'console.db'}"
    imported = run_bot(tmp_path, "--store", store, "import", "--sample")
    assert imported.returncode == 0, imported.stderr
    result = run_bot(
        tmp_path,
        "--store",
        store,
        "console",
        "--now",
        "2026-03-02T09:00:00Z",
        stdin="rocm last week\n> more\nquit\n",
    )
    assert result.returncode == 0, result.stderr
    assert "start a line with `>`" in result.stdout
    assert result.stdout.count("[thread 1]") == 2


def test_console_follow_up_before_any_command_says_what_to_do(tmp_path: Path) -> None:
    """A `>` line with no thread yet gets a one-line explanation, not an error."""
    result = run_bot(tmp_path, "--store", f"sqlite:///{tmp_path / 'c.db'}", "console", stdin="> more\n")
    assert result.returncode == 0, result.stderr
    assert "no thread yet" in result.stdout
