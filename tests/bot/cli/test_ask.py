"""`python -m bot ask`: the slash-command handler from the command line, run as a real process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
NOW = "2026-02-16T09:00:00Z"
WEEK = "2026-02-06..2026-02-12"

OWN = [
    {
        "number": 90001,
        "title": "[ROCm] @everyone <!channel> open AITER path \x1b[2J",
        "user": {"login": "amd-dev"},
        "state": "open",
        "created_at": "2026-02-09T10:00:00Z",
        "updated_at": "2026-02-09T10:00:00Z",
        "html_url": "https://github.com/vllm-project/vllm/pull/90001",
    }
]


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PRBOT_CONFIG": "", **(env or {})},
    )


@pytest.fixture(scope="module")
def db(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A SQLite store with the PRs merged Feb 6–12, 2026 and one open PR, imported by the CLI."""
    folder = tmp_path_factory.mktemp("ask")
    data = folder / "week.jsonl"
    with (shared_data / "merged-pulls.jsonl").open() as src, data.open("w") as out:
        for line in src:
            if (
                '"merged_at": "2026-02-' in line
                and "2026-02-06" <= json.loads(line)["merged_at"][:10] <= "2026-02-12"
            ):
                out.write(line)
        out.write("\n".join(json.dumps(r) for r in OWN) + "\n")
    url = f"sqlite:///{folder / 'store.db'}"
    done = run("--store", url, "import", str(data))
    assert done.returncode == 0, done.stderr
    return url


def ask_json(db: str, *words: str) -> dict:
    done = run("--store", db, "ask", *words, "--now", NOW, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_json_states_the_reading_and_every_matching_pr(db: str) -> None:
    """--json gives topics, the exact UTC window, and all matching PR numbers, not only those shown."""
    out = ask_json(db, "rocm", "merged", WEEK)
    assert out["query"]["topics"] == ["rocm"] and out["query"]["states"] == ["merged"]
    assert (out["query"]["since"], out["query"]["until"]) == ("2026-02-06T00:00:00Z", "2026-02-13T00:00:00Z")
    assert out["total"] == len(out["prs"]) > 10
    assert "ROCm · merged Feb 6 – Feb 12, 2026 (UTC)" in out["text"]


def test_now_fixes_the_clock_for_calendar_words(db: str) -> None:
    """`last week` with --now on Monday Feb 16 is Feb 9–15."""
    out = ask_json(db, "rocm last week")
    assert (out["query"]["since"], out["query"]["until"]) == ("2026-02-09T00:00:00Z", "2026-02-16T00:00:00Z")


def test_plain_text_lists_prs_with_links(db: str) -> None:
    """Without --json the reply is printed as readable text with PR numbers and links."""
    done = run("--store", db, "ask", "rocm", WEEK, "--now", NOW)
    assert done.returncode == 0
    assert "https://github.com/vllm-project/vllm/pull/" in done.stdout and "and " in done.stdout


def test_plain_text_neutralizes_mentions_and_escapes(db: str) -> None:
    """Hostile PR titles print without working @everyone/<!channel> or terminal escapes."""
    done = run("--store", db, "ask", "#90001", "--now", NOW)
    assert done.returncode == 0
    assert "@everyone" not in done.stdout and "<!channel>" not in done.stdout and "\x1b" not in done.stdout
    assert "open AITER path" in done.stdout


def test_pr_number_prints_a_detail_card(db: str) -> None:
    """`ask '#90001'` prints that PR's card."""
    out = ask_json(db, "#90001")
    assert out["kind"] == "detail" and out["prs"] == [90001] and "state:   open" in out["text"]


def test_bad_input_gets_an_answer_not_a_traceback(db: str) -> None:
    """Nonsense, control characters and huge text still give an answer and exit 0."""
    for text in ("'; DROP TABLE prs; --", "\x07\x1b[2J 2026-02-30 rcom", "x" * 10_000):
        done = run("--store", db, "ask", text, "--now", NOW)
        assert done.returncode == 0 and "Traceback" not in done.stderr


def test_bad_now_is_a_usage_error(db: str) -> None:
    """An unreadable --now is named in one line and exits 2."""
    done = run("--store", db, "ask", "rocm", "--now", "yesterday-ish")
    assert done.returncode == 2 and "--now" in done.stderr and "Traceback" not in done.stderr


def test_unconfigured_repo_is_an_error(db: str) -> None:
    """--repo naming a repository that is not configured exits 1 with one line."""
    done = run("--store", db, "ask", "rocm", "--repo", "foo/bar")
    assert done.returncode == 1 and done.stderr.startswith("error: --repo foo/bar is not configured")


def test_unreachable_store_is_one_line(tmp_path: Path) -> None:
    """An unreachable Redis is reported in one line with exit 1."""
    done = run("--store", "redis://127.0.0.1:1/0", "ask", "rocm")
    assert done.returncode == 1 and done.stderr.startswith("error:") and "Traceback" not in done.stderr
