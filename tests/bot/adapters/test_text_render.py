"""Plain-text replies (bot/adapters/text_render.py): layout for the CLI, and no live mentions or
terminal control characters from untrusted text."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.adapters.text_render import ZWSP, break_mentions, neutralize, render_inline, render_reply_text
from handlers.models import Code, ItemGroup, PRDetail, PRRef, Reply, ReplyItem, Text

WHEN = datetime(2026, 2, 10, 9, tzinfo=UTC)


def item(number: int, title: str = "Fix it", author: str = "dev") -> ReplyItem:
    return ReplyItem(
        number=number,
        title=title,
        url=f"https://github.com/o/r/pull/{number}",
        author=author,
        status="merged",
        when=WHEN,
    )


def test_mentions_are_broken_with_a_zero_width_space() -> None:
    """@everyone, @here, <!channel>, <@U1> and <#C1> no longer ping anyone when pasted into chat."""
    text = break_mentions("@everyone @Here <!channel> <@U123> <#C1> a@b.c")
    assert "@everyone" not in text and "@Here" not in text
    assert "<!" not in text and "<@" not in text and "<#" not in text
    assert f"@{ZWSP}everyone" in text and "a@b.c" in text


def test_neutralize_strips_control_and_bidi_characters_and_joins_lines() -> None:
    """Terminal escapes, bidi overrides and newlines in a title cannot reshape the output."""
    assert neutralize("red\x1b[31m title\u202e\nnext line") == "red[31m title next line"
    assert neutralize("keep\nlines", one_line=False) == "keep\nlines"
    assert neutralize(None) == ""


def test_inline_spans_render_pr_refs_code_and_text() -> None:
    """A PR reference is #N, code is backticked, text is neutralized."""
    spans = (
        Text("Fixes "),
        Code("fused_moe()"),
        Text(" in "),
        PRRef(42, "https://github.com/o/r/pull/42"),
        Text(" @here"),
    )
    assert render_inline(spans) == f"Fixes `fused_moe()` in #42 @{ZWSP}here"


def test_a_list_reply_shows_title_once_items_overflow_notes_and_suggestions() -> None:
    """The understood line stands in for a title it starts with; every part follows in order."""
    reply = Reply(
        kind="list",
        title="ROCm",
        understood="ROCm · merged Feb 9 – Feb 15, 2026 · 3 PRs",
        groups=(ItemGroup("Merged", (item(1, "First"), item(2, "Second @channel", author="amd"))),),
        total=3,
        overflow=1,
        notes=("Counts are computed.",),
        suggestions=("rocm open",),
    )
    text = render_reply_text(reply)
    assert text.splitlines()[0] == "ROCm · merged Feb 9 – Feb 15, 2026 · 3 PRs"
    assert text.count("ROCm") == 1
    assert "Merged:" in text
    assert "  #1 First" in text
    assert f"  #2 Second @{ZWSP}channel" in text
    assert "@amd · merged Feb 10, 2026 · https://github.com/o/r/pull/2" in text
    assert text.index("and 1 more") < text.index("note: Counts are computed.") < text.index("try:")
    assert text.endswith("  rocm open")


def test_a_detail_card_lists_the_pr_fields() -> None:
    """A detail reply opens with the PR heading and shows state, dates, topics, labels and link."""
    detail = PRDetail(
        number=7,
        title="Add AITER path",
        url="https://github.com/o/r/pull/7",
        author="dev",
        status="merged",
        created_at=datetime(2026, 2, 1, tzinfo=UTC),
        updated_at=WHEN,
        merged_at=WHEN,
        closed_at=WHEN,
        topics=("rocm",),
        summary="Adds a faster decode path.",
        labels=("ready",),
        areas=("vllm",),
    )
    text = render_reply_text(Reply(kind="detail", title="#7", detail=detail))
    lines = text.splitlines()
    assert lines[0] == "" and lines[1] == "#7 Add AITER path"
    for expected in (
        "  state:   merged",
        "  opened:  Feb 1, 2026",
        "  merged:  Feb 10, 2026",
        "  topics:  rocm",
        "  labels:  ready",
        "  areas:   vllm",
        "  summary: Adds a faster decode path.",
        "  link:    https://github.com/o/r/pull/7",
    ):
        assert expected in lines


def test_help_suggestions_are_labelled_examples() -> None:
    """A help reply calls its suggestions examples, and its 'help' reading is not printed."""
    text = render_reply_text(
        Reply(kind="help", title="Ask about PRs", understood="help", suggestions=("rocm",))
    )
    assert text.splitlines() == ["Ask about PRs", "", "examples:", "  rocm"]
