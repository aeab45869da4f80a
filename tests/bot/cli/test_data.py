"""`import`, `stats` and `doctor` through the real CLI, on both store backends."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_helpers import assert_clean_error, run_cli

GOOD = '{"number": %d, "title": "PR %d", "created_at": "2026-02-1%dT10:00:00Z", "merged_at": "2026-02-17T10:00:00Z", "state": "closed", "user": {"login": "ann"}}'


@pytest.fixture
def cli_store(store_url: str, request: pytest.FixtureRequest, tmp_path: Path) -> list[str]:
    """Global CLI options selecting the backend under test (Redis with this test's own prefix)."""
    if store_url.startswith("redis"):
        prefix = request.getfixturevalue("redis_prefix")
        config = tmp_path / "config.toml"
        config.write_text(f'[store]\nredis_prefix = "{prefix}"\n')
        return ["--config", str(config), "--store", store_url]
    return ["--store", store_url]


def test_import_sample_then_stats_shows_weeks(cli_store: list[str]) -> None:
    """`import --sample` loads the shipped real PRs and `stats` counts them by state and week."""
    result = run_cli(*cli_store, "import", "--sample")
    assert result.returncode == 0, result.stderr
    assert "432 new" in result.stdout
    stats = run_cli(*cli_store, "stats", "--json")
    data = json.loads(stats.stdout)
    assert data["total"] == 432
    assert data["by_state"]["merged"] == 424 and data["by_state"]["closed"] == 8
    weeks = {w["week"]: w for w in data["weeks"]}
    assert weeks["2026-02-16"]["merged"] == 185 and weeks["2026-02-23"]["merged"] == 239


def test_second_import_changes_nothing(cli_store: list[str]) -> None:
    """Importing the same file twice is idempotent."""
    run_cli(*cli_store, "import", "--sample")
    again = run_cli(*cli_store, "import", "--sample")
    assert again.returncode == 0
    assert "0 new, 0 updated, 432 unchanged" in again.stdout


def test_bad_lines_are_reported_by_number_and_good_ones_kept(cli_store: list[str], tmp_path: Path) -> None:
    """Malformed JSON and records without required fields are skipped with their line numbers."""
    source = tmp_path / "prs.jsonl"
    source.write_text(
        "\n".join([GOOD % (1, 1, 6), "{not json", '{"title": "no number"}', "", GOOD % (2, 2, 6)]) + "\n"
    )
    result = run_cli(*cli_store, "import", str(source), "--repo", "octo/widgets")
    assert result.returncode == 1
    assert "line 2: not valid JSON" in result.stderr
    assert "line 3: missing field(s): number, created_at" in result.stderr
    assert "2 new" in result.stdout and "2 skipped" in result.stdout
    stats = json.loads(run_cli(*cli_store, "stats", "--repo", "octo/widgets", "--json").stdout)
    assert stats["total"] == 2


def test_json_array_files_are_accepted(cli_store: list[str], tmp_path: Path) -> None:
    """A JSON array of pull requests imports like JSONL."""
    source = tmp_path / "prs.json"
    source.write_text("[" + ",".join(GOOD % (n, n, 6) for n in (1, 2, 3)) + "]")
    result = run_cli(*cli_store, "import", str(source), "--repo", "octo/widgets")
    assert result.returncode == 0, result.stderr
    assert "3 new" in result.stdout


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    """A file that does not exist: one line, exit 1."""
    result = run_cli(
        "--store", f"sqlite:///{tmp_path}/s.db", "import", str(tmp_path / "nope.jsonl"), "--repo", "a/b"
    )
    assert_clean_error(result, "nope.jsonl: no such file")


def test_unknown_store_scheme_is_a_clear_error() -> None:
    """A store URL with an unknown scheme names the scheme and the accepted forms."""
    assert_clean_error(
        run_cli("--store", "mongodb://x/y", "stats"), "unknown store URL scheme 'mongodb'", "sqlite:///"
    )


def test_unreachable_redis_is_a_clear_error() -> None:
    """A Redis nobody listens on: a clear message naming it, exit 1, fast."""
    assert_clean_error(
        run_cli("--store", "redis://127.0.0.1:1/0", "import", "--sample"),
        "redis://127.0.0.1:1/0 is unreachable",
    )


@pytest.mark.parametrize(
    ("toml", "fragment"),
    [
        ("[stor]\nurl = 'x'\n", "unknown key stor"),
        ("[store]\nurll = 'x'\n", "unknown key store.urll"),
        ("[slack]\nbot_token = 'xoxb-1-2'\n", "slack.bot_token holds a secret"),
        ("[github]\nbase_url = 'ghp_abcdef'\n", "github.base_url holds a secret"),
        (
            "[[repos]]\nname = 'a/b'\ntimezone = 'Mars/Base'\n",
            "repos[0].timezone: unknown timezone 'Mars/Base'",
        ),
        (
            "[[repos]]\nname = 'a/b'\n[repos.digest]\nschedule = '61 * * * *'\n",
            "repos[0].digest.schedule: invalid cron",
        ),
        ("[llm]\nprovider = 'openai'\n", "llm.provider"),
        ("[query]\nmax_items = 'ten'\n", "query.max_items"),
        ("[[repos]]\nname = 'not a repo'\n", "repos[0].name: repository must look like OWNER/NAME"),
        ("this is = not toml [", "not valid TOML"),
    ],
)
def test_bad_config_is_one_line_naming_file_and_key(tmp_path: Path, toml: str, fragment: str) -> None:
    """Config errors name the file and the key; no traceback."""
    config = tmp_path / "bad.toml"
    config.write_text(toml)
    assert_clean_error(run_cli("--config", str(config), "stats"), str(config), fragment)


def test_missing_config_file_is_a_clear_error(tmp_path: Path) -> None:
    """--config pointing nowhere says so."""
    assert_clean_error(run_cli("--config", str(tmp_path / "none.toml"), "stats"), "config file not found")


def test_no_config_runs_offline_on_defaults(tmp_path: Path) -> None:
    """Without any config the CLI uses an SQLite store under the data dir and the vLLM repo."""
    result = run_cli("import", "--sample", env={"PRBOT_DATA_DIR": str(tmp_path / "data")}, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "data" / "prbot.db").is_file()
    assert "vllm-project/vllm" in result.stdout


def test_doctor_names_secrets_without_printing_them(tmp_path: Path) -> None:
    """doctor reports which secrets are set, never their values."""
    result = run_cli(
        "--store",
        f"sqlite:///{tmp_path}/s.db",
        "doctor",
        env={"SLACK_BOT_TOKEN": "xoxb-very-secret-value", "GITHUB_TOKEN": "ghp_supersecret"},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SLACK_BOT_TOKEN set" in result.stdout and "DISCORD_TOKEN unset" in result.stdout
    assert (
        "very-secret" not in result.stdout + result.stderr
        and "supersecret" not in result.stdout + result.stderr
    )


def test_doctor_fails_when_the_store_is_unreachable() -> None:
    """doctor exits non-zero and says which check failed."""
    result = run_cli("--store", "redis://127.0.0.1:1/0", "doctor")
    assert result.returncode == 1
    assert "store    FAIL" in result.stdout and "Traceback" not in result.stderr


def test_help_lists_the_commands() -> None:
    """`python -m bot --help` works and lists the data commands."""
    result = run_cli("--help")
    assert result.returncode == 0
    for command in ("import", "stats", "doctor"):
        assert command in result.stdout


BAD_TYPES = {
    "created_at is a number": (
        {"created_at": 12345},
        "created_at: expected an ISO 8601 time string, got int",
    ),
    "number beyond 32 bits": ({"number": 10**30}, "number: Input should be less than or equal to"),
    "title is a list": ({"title": ["a", "b"]}, "title: Input should be a valid string"),
    "labels is a string": ({"labels": "bug"}, "labels: Input should be a valid list"),
    "merged before created": (
        {"merged_at": "2026-02-10T10:00:00Z"},
        "merged_at (2026-02-10 10:00) is before",
    ),
    "state is unknown": ({"state": "merged"}, "state: Input should be 'open' or 'closed'"),
    "user is a string": ({"user": "ann"}, "user: Input should be a valid dictionary"),
}


@pytest.mark.parametrize("case", sorted(BAD_TYPES))
def test_a_wrong_type_skips_its_line_naming_the_field(
    cli_store: list[str], tmp_path: Path, case: str
) -> None:
    """A record with one wrongly typed field is skipped with its line and field; every other record is stored."""
    change, reason = BAD_TYPES[case]
    good = [json.loads(GOOD % (n, n, 6)) for n in range(1, 1501)]
    bad = {**json.loads(GOOD % (5000, 5000, 6)), **change}
    lines = [json.dumps(r) for r in good[:700]] + [json.dumps(bad)] + [json.dumps(r) for r in good[700:]]
    source = tmp_path / "prs.jsonl"
    source.write_text("\n".join(lines) + "\n")
    result = run_cli(*cli_store, "import", str(source), "--repo", "octo/widgets")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    line = next(x for x in result.stderr.splitlines() if "line 701" in x)
    assert reason in line, line
    assert "1500 new" in result.stdout and "1 skipped" in result.stdout
    stats = json.loads(run_cli(*cli_store, "stats", "--repo", "octo/widgets", "--json").stdout)
    assert stats["total"] == 1500
