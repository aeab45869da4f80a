"""Follow-ups through the real console (`python -m bot console`): `>` lines narrow, page and
compare in the thread of the last answer, exactly as in Slack or Discord."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def _bot(tmp_path: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PRBOT_", "ANTHROPIC_", "REDIS_"))}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
        check=False,
    )


def test_console_follow_ups_narrow_page_and_compare(tmp_path: Path) -> None:
    """`> only the bug fixes`, `> more`, `> compare with the week before` answer in thread 1."""
    store = f"sqlite:///{tmp_path / 'console.db'}"
    assert _bot(tmp_path, "--store", store, "import", "--sample").returncode == 0
    lines = "rocm last week\n> only the bug fixes\n> more\n> compare with the week before\nquit\n"
    result = _bot(tmp_path, "--store", store, "console", "--now", "2026-03-02T09:00:00Z", stdin=lines)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Traceback" not in result.stderr
    assert "Narrowed this thread's 25 PRs to these" in out
    assert "That's all: this thread's" in out  # the narrowed set fit on one page
    assert "Feb 23 – Mar 1, 2026 (UTC) vs Feb 16 – Feb 22, 2026 (UTC)" in out


def test_console_conversation_stays_quiet_on_chatter_and_follows_switches(tmp_path: Path) -> None:
    """Piped chat: chatter gets one short 'stayed quiet' line, 'what about qwen?' switches the
    thread, 'the first one' is the first PR listed, and `ask -ci rocm` takes `-ci` as a word."""
    store = f"sqlite:///{tmp_path / 'console.db'}"
    assert _bot(tmp_path, "--store", store, "import", "--sample").returncode == 0
    lines = "rocm last week\n> thanks, great work!\n> what about qwen?\n> tell me about the first one\nquit\n"
    result = _bot(tmp_path, "--store", store, "console", "--now", "2026-03-02T09:00:00Z", stdin=lines)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    answers = result.stdout.split("[thread 1] ")[1:]
    assert answers[1].strip() == "(stayed quiet: that reads as chatter, not a question)"
    assert answers[2].startswith("Qwen · merged or opened Feb 23 – Mar 1, 2026 (UTC)")
    first_listed = answers[2].split("#", 1)[1].split()[0]
    assert answers[3].startswith(f"PR #{first_listed} of vllm-project/vllm")
    asked = _bot(
        tmp_path, "--store", store, "ask", "-ci", "rocm", "last", "week", "--now", "2026-03-02T09:00:00Z"
    )
    assert asked.returncode == 0, asked.stderr
    assert asked.stdout.startswith("ROCm, not CI & build · merged or opened Feb 23 – Mar 1, 2026 (UTC)")


def test_an_empty_answer_prints_one_header(tmp_path: Path) -> None:
    """`ask rocm next week` prints one header line, the future-window note, and suggestions."""
    store = f"sqlite:///{tmp_path / 'console.db'}"
    assert _bot(tmp_path, "--store", store, "import", "--sample").returncode == 0
    result = _bot(tmp_path, "--store", store, "ask", "rocm", "next", "week", "--now", "2026-03-02T09:00:00Z")
    assert result.returncode == 0, result.stderr
    head, _, rest = result.stdout.partition("\n\n")
    assert head == "No matching PRs: ROCm · merged or opened Mar 9 – Mar 15, 2026 (UTC) · 0 PRs"
    assert "note: That time is in the future, so nothing can match yet." in rest
