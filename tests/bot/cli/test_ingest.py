"""`python -m bot ingest` through the real CLI, against the GitHub stand-in over HTTP."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from standins.github_server import GitHubStandIn, standin_from
from tests.cli_helpers import run_cli_on_terminal

ROOT = Path(__file__).resolve().parents[3]
WEEK = ["--since", "2026-02-06", "--until", "2026-02-13"]


@pytest.fixture
def github(shared_data: Path) -> Iterator[GitHubStandIn]:
    with standin_from(shared_data / "merged-pulls.jsonl") as server:
        yield server


def _config(tmp_path: Path, base_url: str, extra: str = "") -> Path:
    path = tmp_path / "config.toml"
    path.write_text(f'[github]\nbase_url = "{base_url}"\n{extra}')
    return path


def run_ingest(
    tmp_path: Path, base_url: str, *args: str, token: str | None = None, extra: str = ""
) -> subprocess.CompletedProcess[str]:
    """`python -m bot --config C --store sqlite:///... ingest ARGS` with no secrets but `token`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PRBOT_", "GITHUB_", "REDIS_"))}
    env["PYTHONPATH"] = str(ROOT)
    if token:
        env["GITHUB_TOKEN"] = token
    command = [
        sys.executable, "-m", "bot",
        "--config", str(_config(tmp_path, base_url, extra)),
        "--store", f"sqlite:///{tmp_path / 'store.db'}",
        "ingest", *args,
    ]  # fmt: skip
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env, timeout=60, check=False)


def assert_one_line_error(result: subprocess.CompletedProcess[str], fragment: str) -> None:
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(lines) == 1 and fragment in lines[0], result.stderr


def test_ingest_prints_the_report_line(tmp_path: Path, github: GitHubStandIn) -> None:
    """A week's ingest prints one line: PRs seen, new/updated, requests, files, cursor."""
    result = run_ingest(tmp_path, github.base_url, *WEEK)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        "vllm-project/vllm: 240 PRs seen (240 new, 0 updated), 3 requests, "
        "files fetched for 0 PRs (GITHUB_TOKEN unset: GraphQL needs it), cursor not set"
    )
    assert result.stderr == ""  # stderr is a pipe here: no progress bar, no noise


def test_ingest_twice_costs_one_not_modified_request(tmp_path: Path, github: GitHubStandIn) -> None:
    """Repeating the same window sends its ETag: one 304, nothing stored again."""
    run_ingest(tmp_path, github.base_url, *WEEK)
    again = run_ingest(tmp_path, github.base_url, *WEEK)
    assert again.returncode == 0, again.stderr
    assert "0 PRs seen (0 new, 0 updated), 1 request (not modified since the last run)" in again.stdout
    assert github.count(status=304) == 1


def test_plain_rerun_continues_from_the_cursor(tmp_path: Path, github: GitHubStandIn) -> None:
    """After an open-ended run, `ingest` alone starts at the cursor and costs one 304 request."""
    first = run_ingest(tmp_path, github.base_url, "--since", "2026-02-06")
    assert first.returncode == 0, first.stderr
    assert "cursor 2026-02-12T23:59:24Z" in first.stdout
    again = run_ingest(tmp_path, github.base_url)
    assert again.returncode == 0, again.stderr
    assert "0 PRs seen (0 new, 0 updated), 1 request (not modified since the last run)" in again.stdout


def test_bad_token_exits_1_with_one_clear_line(tmp_path: Path, github: GitHubStandIn) -> None:
    """A rejected GITHUB_TOKEN (401) is one `error:` line naming the token, exit status 1."""
    github.token = "the-right-one"
    result = run_ingest(tmp_path, github.base_url, *WEEK, token="a-wrong-one")
    assert_one_line_error(result, "rejected the token (401 Bad credentials): check GITHUB_TOKEN")
    assert "a-wrong-one" not in result.stderr


def test_unknown_repository_exits_1_with_one_clear_line(tmp_path: Path, github: GitHubStandIn) -> None:
    """--repo naming a repository GitHub does not have (404) is one line naming it, exit 1."""
    result = run_ingest(tmp_path, github.base_url, "--repo", "nobody/nothing", *WEEK)
    assert_one_line_error(result, "repository nobody/nothing not found")


def test_unreachable_base_url_exits_1_with_one_clear_line(tmp_path: Path) -> None:
    """Nothing listening at base_url: one `cannot reach GitHub` line, exit 1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    result = run_ingest(tmp_path, f"http://127.0.0.1:{port}", *WEEK, extra="max_retries = 1\n")
    assert_one_line_error(result, f"cannot reach GitHub at http://127.0.0.1:{port}: connection refused")


def test_with_a_token_changed_paths_come_by_default(tmp_path: Path, github: GitHubStandIn) -> None:
    """With GITHUB_TOKEN set, a plain ingest also fetches every new PR's paths, 50 PRs a request."""
    result = run_ingest(
        tmp_path, github.base_url, "--since", "2026-02-12T18:00:00Z", "--until", "2026-02-13", token="t"
    )
    assert result.returncode == 0, result.stderr
    seen = len(github.visible(datetime(2026, 2, 12, 18, tzinfo=UTC), datetime(2026, 2, 13, tzinfo=UTC)))
    assert f"{seen} PRs seen" in result.stdout and f"files fetched for {seen} PRs" in result.stdout
    assert github.count("/graphql") == -(-seen // 50)


def test_no_files_skips_graphql(tmp_path: Path, github: GitHubStandIn) -> None:
    """--no-files with a token lists the PRs and sends no GraphQL request."""
    result = run_ingest(tmp_path, github.base_url, *WEEK, "--no-files", token="t")
    assert result.returncode == 0, result.stderr
    assert "files fetched for 0 PRs, cursor" in result.stdout and github.count("/graphql") == 0


def test_files_without_a_token_exits_1_with_one_clear_line(tmp_path: Path, github: GitHubStandIn) -> None:
    """--files without GITHUB_TOKEN: one line saying GraphQL needs it, before any request."""
    result = run_ingest(tmp_path, github.base_url, *WEEK, "--files")
    assert_one_line_error(result, "set GITHUB_TOKEN")
    assert github.count() == 0


def test_graphql_down_prints_the_report_and_exits_1(tmp_path: Path, github: GitHubStandIn) -> None:
    """GraphQL failing: the PRs are stored and reported, one `error:` line says the files were not."""
    github.inject(502, match="graphql", times=None)
    result = run_ingest(tmp_path, github.base_url, *WEEK, token="t", extra="max_retries = 1\n")
    assert_one_line_error(result, "changed files not fetched (the next run retries)")
    assert result.stdout.startswith("vllm-project/vllm: 240 PRs seen (240 new, 0 updated)")


def test_progress_shows_on_a_terminal(tmp_path: Path, github: GitHubStandIn) -> None:
    """With stderr on a terminal, ingest draws a progress bar there; stdout keeps the report line."""
    config = _config(tmp_path, github.base_url)
    code, out, drawn = run_cli_on_terminal(
        "--config",
        str(config),
        "--store",
        f"sqlite:///{tmp_path / 'store.db'}",
        "ingest",
        *WEEK,
        cwd=tmp_path,
    )
    assert code == 0
    assert b"\ringesting vllm-project/vllm: " in drawn and b" PRs" in drawn
    assert out.startswith("vllm-project/vllm: 240 PRs seen")


def test_unparseable_date_is_a_usage_error(tmp_path: Path, github: GitHubStandIn) -> None:
    """--since that is not a date is refused with a message showing the expected forms."""
    result = run_ingest(tmp_path, github.base_url, "--since", "last tuesday")
    assert result.returncode == 2
    assert "YYYY-MM-DD" in result.stderr and github.count() == 0


def test_since_after_until_is_refused(tmp_path: Path, github: GitHubStandIn) -> None:
    """An empty window (--since after --until) is refused before any request."""
    result = run_ingest(tmp_path, github.base_url, "--since", "2026-02-13", "--until", "2026-02-06")
    assert result.returncode == 2
    assert "--since must be before --until" in result.stderr and github.count() == 0
