"""The core's values (handlers/models.py): times, PR status and content hash, prompts (their
stored form: tests/handlers/test_codec.py)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from bot.services.prompt_files import render
from handlers.errors import BotError
from handlers.models import (
    Prompt,
    PullRequest,
    UpsertResult,
    Window,
    format_time,
    parse_time,
)

T0 = datetime(2026, 2, 13, 10, 0, tzinfo=UTC)


def make_pr(**changes: Any) -> PullRequest:
    base = PullRequest(
        repo="o/r",
        number=7,
        title="Fix the thing",
        author="dev",
        state="open",
        created_at=T0,
        updated_at=T0,
        url="https://github.com/o/r/pull/7",
        body="Body text",
        labels=("bug", "rocm"),
    )
    return replace(base, **changes)


def test_parse_time_reads_github_times_and_makes_every_time_aware_utc() -> None:
    """`Z`, an offset and a naive time all become the same kind of value: aware UTC."""
    assert parse_time("2026-02-13T10:00:00Z") == T0
    assert parse_time("2026-02-13T12:00:00+02:00") == T0
    assert parse_time("2026-02-13T10:00:00") == T0
    assert parse_time(datetime(2026, 2, 13, 10)) == T0
    assert parse_time(None) is None and parse_time("") is None
    assert parse_time("2026-02-13T12:00:00+02:00").tzinfo == UTC  # type: ignore[union-attr]


def test_format_time_writes_utc_with_z_and_round_trips() -> None:
    """Any offset is written as UTC `...Z`, the form GitHub uses."""
    local = T0.astimezone(timezone(timedelta(hours=-5)))
    assert format_time(local) == "2026-02-13T10:00:00Z"
    assert parse_time(format_time(local)) == T0
    assert format_time(None) is None


@pytest.mark.parametrize(
    ("changes", "status"),
    [
        ({}, "open"),
        ({"draft": True}, "draft"),
        ({"state": "closed", "closed_at": T0}, "closed"),
        ({"state": "closed", "closed_at": T0, "merged_at": T0}, "merged"),
    ],
)
def test_status_is_merged_closed_draft_or_open(changes: dict[str, Any], status: str) -> None:
    """Merged wins over closed; a draft is only a draft while open."""
    assert make_pr(**changes).status == status


def test_bots_are_recognised_by_type_or_by_the_bot_suffix() -> None:
    """GitHub's user type `Bot`, or a login ending in `[bot]`."""
    assert make_pr(author_type="Bot").is_bot
    assert make_pr(author="dependabot[bot]").is_bot
    assert not make_pr().is_bot


def test_content_hash_follows_what_a_classifier_reads_and_nothing_else() -> None:
    """Title, body, labels and files change the hash; label order and timestamps do not."""
    pr = make_pr()
    assert make_pr(labels=("rocm", "bug")).content_hash() == pr.content_hash()
    assert make_pr(updated_at=T0 + timedelta(days=1)).content_hash() == pr.content_hash()
    changed = [
        make_pr(title="Fix the other thing"),
        make_pr(body="Other body"),
        make_pr(labels=("bug",)),
        make_pr(files=("vllm/x.py",)),
    ]
    assert pr.content_hash() not in {other.content_hash() for other in changed}


def test_windows_are_half_open() -> None:
    """`since` is inside the window, `until` is not, and no time is never inside."""
    window = Window(T0, T0 + timedelta(days=7))
    assert window.contains(T0)
    assert not window.contains(T0 + timedelta(days=7))
    assert not window.contains(None)


def test_upsert_results_add_up() -> None:
    """Batch results sum field by field."""
    assert UpsertResult(1, 2, 3) + UpsertResult(10, 20, 30) == UpsertResult(11, 22, 33)


def test_a_prompt_renders_system_and_user_through_its_bound_renderer() -> None:
    """The renderer bound at load time (bot/services/prompt_files.py) fills both texts."""
    prompt = Prompt(
        version="v1",
        system="You follow {{ repo }}.",
        user="Q: {{ question }}",
        renderer=lambda source, values: render("test", source, values),
    )
    assert prompt.render_system(repo="o/r") == "You follow o/r."
    assert prompt.render_user(question="what changed?") == "Q: what changed?"
    with pytest.raises(BotError, match="'question' is undefined"):
        prompt.render_user()
