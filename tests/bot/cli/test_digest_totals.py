"""Every topic total a digest states is the count `ask <topic> <window>` answers (both backends).

The real CLI commands run in-process (click's runner) so the ~40 questions stay quick."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from bot.cli import ask as _ask_cmd  # noqa: F401  (registers the command)
from bot.cli import cli
from bot.cli import data as _data_cmd  # noqa: F401
from bot.cli import digest as _digest_cmd  # noqa: F401

NOW = "2026-03-04T12:00:00Z"


class _Done:
    def __init__(self, code: int, stdout: str, stderr: str) -> None:
        self.returncode, self.stdout, self.stderr = code, stdout, stderr


def run_cli(*args: str) -> _Done:
    result = CliRunner().invoke(cli, list(args))
    return _Done(
        result.exit_code, result.stdout, result.stderr
    )  # "last week" is then Feb 23 – Mar 1, 2026, the sample's last week


@pytest.fixture
def cli_store(store_url: str, request: pytest.FixtureRequest, tmp_path: Path) -> list[str]:
    """Global CLI options selecting the backend under test (Redis with this test's own prefix)."""
    if store_url.startswith("redis"):
        config = tmp_path / "config.toml"
        config.write_text(f'[store]\nredis_prefix = "{request.getfixturevalue("redis_prefix")}"\n')
        return ["--config", str(config), "--store", store_url]
    return ["--store", store_url]


def test_every_topic_total_in_the_digest_equals_the_ask_count(cli_store: list[str]) -> None:
    """For each topic of the bundled week's digest JSON, `ask <topic> last week` counts the same."""
    assert run_cli(*cli_store, "import", "--sample").returncode == 0
    built = run_cli(*cli_store, "digest", "--now", NOW, "--format", "json")
    assert built.returncode == 0, built.stderr
    facts = json.loads(built.stdout)
    assert facts["window"] == {"since": "2026-02-23", "until": "2026-03-01", "label": "Feb 23 – Mar 1, 2026"}
    assert len(facts["topics"]) >= 15

    def ask(key: str) -> dict:
        answer = run_cli(*cli_store, "ask", "--json", "--now", NOW, f"{key} last week")
        assert answer.returncode == 0, answer.stderr
        return json.loads(answer.stdout)

    answers = {key: ask(key) for key in facts["topics"]}
    for key, topic in facts["topics"].items():
        assert answers[key]["query"]["topics"] == [key]
        assert answers[key]["total"] == topic["total"], key
    merged = run_cli(*cli_store, "ask", "--json", "--now", NOW, "rocm merged last week")
    assert json.loads(merged.stdout)["total"] == facts["topics"]["rocm"]["merged"]


def test_the_markdown_digest_states_only_those_totals(tmp_path: Path) -> None:
    """Every "<topic> N" in the Markdown's area headlines is that topic's total from the JSON."""
    cli_store = ["--store", f"sqlite:///{tmp_path / 'store.db'}"]
    assert run_cli(*cli_store, "import", "--sample").returncode == 0
    facts = json.loads(run_cli(*cli_store, "digest", "--now", NOW, "--format", "json").stdout)
    markdown = run_cli(*cli_store, "digest", "--now", NOW).stdout
    totals = {t["name"]: t["total"] for t in facts["topics"].values()}
    headlines = re.findall(r"^_Topic totals: (.+)_$", markdown, re.MULTILINE)
    assert headlines
    for line in headlines:
        for part in line.split(" · "):
            name, number = part.rsplit(" ", 1)
            assert totals[name.replace("\\", "")] == int(number), part
    assert "more PRs in this area" not in markdown
