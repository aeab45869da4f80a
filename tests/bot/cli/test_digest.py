"""`python -m bot digest`: windows, formats, output files and clear errors."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from click.testing import CliRunner

from bot.cli import cli
from bot.cli import digest as _digest_cmd  # noqa: F401  (registers the command)
from bot.store import open_store
from handlers.digest import window_key
from tests.handlers import digest_data as data


@pytest.fixture
def store_url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'cli.db'}"

    async def fill() -> None:
        store = open_store(url)
        try:
            await store.upsert_prs(data.added_prs())
        finally:
            await store.close()

    asyncio.run(fill())
    return url


def _run(store_url: str, *args: str) -> object:
    return CliRunner().invoke(cli, ["--store", store_url, "digest", *args])


def test_week_ending_prints_the_markdown_digest(store_url: str) -> None:
    """--week-ending 2026-03-01 prints the Markdown digest of Feb 23 – Mar 1."""
    result = _run(store_url, "--week-ending", "2026-03-01")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("# PR digest for vllm-project/vllm · Feb 23 – Mar 1, 2026")


def test_out_writes_the_chosen_format_to_a_file(store_url: str, tmp_path: Path) -> None:
    """--format text --out FILE writes plain text and says where."""
    out = tmp_path / "digest.txt"
    result = _run(
        store_url, "--since", "2026-02-23", "--until", "2026-03-01", "--format", "text", "--out", str(out)
    )
    assert result.exit_code == 0, result.output
    assert out.read_text().startswith("PR digest for vllm-project/vllm · Feb 23 – Mar 1, 2026\n")
    assert f"written to {out}" in result.output


def test_the_digest_is_stored_by_repo_and_window(store_url: str) -> None:
    """After the command, the store holds the digest with the PRs it cites."""
    assert _run(store_url, "--week-ending", "2026-03-01").exit_code == 0

    async def read() -> dict | None:
        store = open_store(store_url)
        try:
            return await store.get_digest(data.REPO, window_key(data.window()))
        finally:
            await store.close()

    stored = asyncio.run(read())
    assert stored is not None and 90002 in stored["cited"]


def test_since_without_until_is_a_usage_error(store_url: str) -> None:
    """Half a window is refused with exit status 2."""
    result = _run(store_url, "--since", "2026-02-23")
    assert result.exit_code == 2 and "--since and --until together" in result.output


def test_week_ending_with_since_is_a_usage_error(store_url: str) -> None:
    """Two ways of naming the window at once are refused."""
    result = _run(store_url, "--week-ending", "2026-03-01", "--since", "2026-02-23", "--until", "2026-03-01")
    assert result.exit_code == 2 and "not both" in result.output


def test_a_window_ending_before_it_starts_is_one_error_line(store_url: str) -> None:
    """--until before --since: `error: ...`, exit 1, no traceback."""
    result = _run(store_url, "--since", "2026-03-01", "--until", "2026-02-01")
    assert result.exit_code == 1
    assert result.output.strip() == "error: the window ends (2026-02-01) before it starts (2026-03-01)"


def test_an_unconfigured_repo_is_one_error_line(store_url: str) -> None:
    """--repo naming a repository the config does not follow says so."""
    result = _run(store_url, "--repo", "foo/bar")
    assert result.exit_code == 1 and "repository 'foo/bar' is not configured" in result.output


def test_slack_json_format_is_block_kit_within_limits(store_url: str) -> None:
    """--format slack-json prints Slack messages: at most 50 blocks, sections under 3,000 characters."""
    import json

    result = _run(store_url, "--week-ending", "2026-03-01", "--format", "slack-json")
    assert result.exit_code == 0, result.output
    messages = json.loads(result.output)
    assert messages and all(len(m["blocks"]) <= 50 for m in messages)
    sections = [b for m in messages for b in m["blocks"] if b["type"] == "section"]
    assert sections and all(len(b["text"]["text"]) < 3000 for b in sections)
    assert "<https://github.com/vllm-project/vllm/pull/" in result.output
    assert "<!channel>" not in result.output and "@everyone" not in result.output


def test_discord_json_format_is_messages_under_2000_characters(store_url: str) -> None:
    """--format discord-json prints Discord messages of at most 2,000 characters each."""
    import json

    result = _run(store_url, "--week-ending", "2026-03-01", "--format", "discord-json")
    assert result.exit_code == 0, result.output
    messages = json.loads(result.output)
    assert messages and all(isinstance(m, str) and len(m) <= 2000 for m in messages)
    assert "(<https://github.com/vllm-project/vllm/pull/" in "".join(messages)


def test_now_builds_the_last_full_week_before_that_time(store_url: str) -> None:
    """`--now 2026-03-04T12:00:00Z` builds Feb 23 – Mar 1, as `ask --now` reads "last week"."""
    result = _run(store_url, "--now", "2026-03-04T12:00:00Z")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("# PR digest for vllm-project/vllm · Feb 23 – Mar 1, 2026")


def test_now_with_an_explicit_window_is_a_usage_error(store_url: str) -> None:
    """--now and --week-ending together are refused."""
    result = _run(store_url, "--now", "2026-03-04T12:00:00Z", "--week-ending", "2026-03-01")
    assert result.exit_code != 0 and "give --now or an explicit window" in result.output


def test_an_empty_window_names_the_stores_range_and_a_week_with_data(store_url: str) -> None:
    """A week without PRs says so and suggests a --week-ending that has data."""
    result = CliRunner().invoke(cli, ["--store", store_url, "digest", "--week-ending", "2026-06-07"])
    assert result.exit_code == 0
    assert "no PRs in Jun 1 – Jun 7, 2026" in result.stderr
    assert (
        "from 2026-02-24 to 2026-02-26" in result.stderr
        and "digest --week-ending 2026-03-01" in result.stderr
    )


def test_json_format_gives_the_facts(store_url: str) -> None:
    """--format json: window with its inclusive last day, counts, topics, sections, mentioned."""
    import json

    result = CliRunner().invoke(
        cli, ["--store", store_url, "digest", "--week-ending", "2026-03-01", "--format", "json"]
    )
    assert result.exit_code == 0, result.stderr
    facts = json.loads(result.stdout)
    assert facts["window"] == {"since": "2026-02-23", "until": "2026-03-01", "label": "Feb 23 – Mar 1, 2026"}
    assert facts["counts"]["total"] == len(data.added_prs())
    assert all({"name", "total", "merged", "opened", "closed"} <= set(t) for t in facts["topics"].values())
    assert sum(len(s["prs"]) for s in facts["sections"]) == facts["counts"]["total"]
    assert set(facts["mentioned"]) <= {pr.number for pr in data.added_prs()}
