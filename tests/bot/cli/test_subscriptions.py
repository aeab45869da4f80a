"""`python -m bot subscriptions ...` as a real process over the shared vLLM PRs (SQLite store).

The check the issue asks for, outside the bot: subscribe, import newly merged PRs, `deliver`
posts exactly the matching ones once (the same PRs `ask` lists for that window), and a second
`deliver` posts nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_helpers import assert_clean_error, run_cli

ADDED = "2026-02-09T00:00:00Z"
LATER = "2026-02-13T00:00:00Z"


@pytest.fixture
def db(shared_data: Path, tmp_path: Path) -> tuple[str, Path]:
    """A store with the PRs merged Feb 1–8, 2026; the file of those merged Feb 9–12 beside it."""
    before, after = tmp_path / "before.jsonl", tmp_path / "after.jsonl"
    with (shared_data / "merged-pulls.jsonl").open() as src, before.open("w") as b, after.open("w") as a:
        for line in src:
            merged = json.loads(line)["merged_at"][:10]
            if "2026-02-01" <= merged <= "2026-02-08":
                b.write(line)
            elif "2026-02-09" <= merged <= "2026-02-12":
                a.write(line)
    url = f"sqlite:///{tmp_path / 'store.db'}"
    assert run_cli("--store", url, "import", str(before)).returncode == 0
    return url, after


def test_add_import_deliver_posts_the_matching_prs_once(db: tuple[str, Path]) -> None:
    """deliver prints exactly the PRs `ask` finds for the window since the subscription; again: nothing."""
    url, after = db
    added = run_cli(
        "--store", url, "subscriptions", "add", "--channel", "console:ops", "--now", ADDED, "rocm", "-ci"
    )
    assert added.returncode == 0, added.stderr
    assert "Subscribed: s" in added.stdout and "would have posted" in added.stdout
    assert run_cli("--store", url, "import", str(after)).returncode == 0
    asked = run_cli(
        "--store",
        url,
        "ask",
        "--json",
        "--now",
        LATER,
        "--",
        "rocm",
        "-ci",
        "merged",
        "2026-02-09..2026-02-12",
    )
    expected = sorted(json.loads(asked.stdout)["prs"])
    assert expected, "the window must hold some ROCm PRs for this check to mean anything"

    dry = run_cli("--store", url, "subscriptions", "deliver", "--dry-run", "--json", "--now", LATER)
    [planned] = [json.loads(line) for line in dry.stdout.splitlines()]
    assert (planned["status"], planned["channel"], sorted(planned["prs"])) == (
        "would_post",
        "console:ops",
        expected,
    )

    first = run_cli("--store", url, "subscriptions", "deliver", "--json", "--now", LATER)
    assert first.returncode == 0, first.stderr
    [posted] = [json.loads(line) for line in first.stdout.splitlines()]
    assert posted["status"] == "posted" and sorted(posted["prs"]) == expected
    assert f"{len(expected)} PR" in posted["text"]
    assert all(f"#{n}" in posted["text"] for n in expected)  # the rest are in the thread part

    again = run_cli("--store", url, "subscriptions", "deliver", "--json", "--now", LATER)
    assert again.returncode == 0 and again.stdout == ""
    assert "nothing to deliver" in again.stderr


def test_list_and_remove(db: tuple[str, Path]) -> None:
    """list --json shows the subscription with its channel and cadence; remove deletes it."""
    url, _ = db
    run_cli(
        "--store", url, "subscriptions", "add", "--channel", "slack:C123", "--cadence", "daily 08:30", "xpu"
    )
    [sub] = json.loads(run_cli("--store", url, "subscriptions", "list", "--json").stdout)
    assert (sub["target"], sub["question"], sub["cadence"], sub["at"]) == (
        "slack:C123",
        "xpu",
        "daily",
        "08:30",
    )
    removed = run_cli("--store", url, "subscriptions", "remove", sub["id"])
    assert removed.returncode == 0 and sub["id"] in removed.stdout
    assert json.loads(run_cli("--store", url, "subscriptions", "list", "--json").stdout) == []


def test_delivery_to_an_unconfigured_platform_fails_and_is_retried_later(db: tuple[str, Path]) -> None:
    """Without Slack secrets a slack: delivery fails with the reason (exit 1) and records nothing."""
    url, after = db
    run_cli("--store", url, "subscriptions", "add", "--channel", "slack:C1", "--now", ADDED, "rocm")
    run_cli("--store", url, "import", str(after))
    for _ in range(2):
        result = run_cli("--store", url, "subscriptions", "deliver", "--now", LATER)
        assert result.returncode == 1
        assert "failed: slack is not configured" in result.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("add", "--channel", "C123", "rocm"), "use slack:CHANNEL_ID"),
        (("add", "--channel", "discord:general", "rocm"), "a Discord channel id is a number"),
        (("add", "--channel", "slack:C1", "--cadence", "daily 9am", "rocm"), "malformed cadence"),
        (("add", "--channel", "slack:C1", "--cadence", "hourly", "rocm"), "malformed cadence"),
        (("add", "--channel", "slack:C1", "rcom"), "did you mean rocm?"),
        (("add", "--channel", "slack:C1", "last", "week"), "nothing to follow"),
        (("remove", "s000000"), "no subscription 's000000'"),
        (("deliver", "--now", "yesterday"), "not an ISO time"),
    ],
)
def test_bad_input_is_one_clear_line(tmp_path: Path, args: tuple[str, ...], needle: str) -> None:
    """Bad channels, cadences, topics, ids and times: exit non-zero, one error line, nothing stored."""
    url = f"sqlite:///{tmp_path / 'store.db'}"
    result = run_cli("--store", url, "subscriptions", *args)
    if "not an ISO time" in needle:
        assert result.returncode != 0 and needle in result.stderr and "Traceback" not in result.stderr
    else:
        assert_clean_error(result, needle)
    assert json.loads(run_cli("--store", url, "subscriptions", "list", "--json").stdout) == []
