"""Plain-text digests for logs and the console."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.adapters.digest_text_render import render_digest_text
from handlers.models import (
    Code,
    Digest,
    DigestCounts,
    DigestPoint,
    DigestSection,
    PRRef,
    TableRow,
    Text,
    Window,
)


def _digest(title_text: str) -> Digest:
    window = Window(
        datetime(2026, 2, 23, tzinfo=UTC), datetime(2026, 3, 2, tzinfo=UTC), "2026-02-23 – 2026-03-01"
    )
    point = DigestPoint(
        "ROCm", (Text(title_text + " "), Code("fused_moe"), Text(" "), PRRef(7, "https://x/7"))
    )
    return Digest(
        repo="o/r",
        window=window,
        title="PR digest for o/r · 2026-02-23 – 2026-03-01",
        takeaways=(Text("3 PRs were opened or merged."),),
        sections=(DigestSection("Hardware backends", (point,), pr_count=3),),
        table=(TableRow("Hardware backends", (PRRef(7, "https://x/7"),), "Faster"),),
        counts=DigestCounts(3, 3, 2, 0, 1, 2, 1, 0),
        mode="offline",
    )


def test_prs_are_cited_as_numbers_and_code_keeps_backticks() -> None:
    """Text output has no Markdown links: `#7` and `fused_moe` in backticks."""
    text = render_digest_text(_digest("Speed up"))
    assert "  - ROCm: Speed up `fused_moe` #7" in text
    assert "1. Hardware backends\n" in text and "more PRs in this area" not in text


def test_terminal_control_sequences_are_removed() -> None:
    """A title carrying ANSI escapes or newlines cannot rewrite the console."""
    text = render_digest_text(_digest("Evil\x1b[2J\x1b]0;pwned\x07\nnext"))
    assert "\x1b" not in text and "\x07" not in text and "Evil [2J ]0;pwned next" in text
