"""Markdown digests: the examples' look, and untrusted text that cannot become markup."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from bot.adapters.markdown_render import code, escape, render_digest_markdown
from handlers.digest_facts import clean_title, spans
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

HOSTILE = "[Bugfix] fix <!channel> @everyone [link](http://evil) `code` *bold*"
URL = "https://github.com/o/r/pull/7"


def _digest(
    *points: DigestPoint, impact: str = "Faster", url: str = URL, notes: tuple[str, ...] = ()
) -> Digest:
    window = Window(
        datetime(2026, 2, 23, tzinfo=UTC), datetime(2026, 3, 2, tzinfo=UTC), "2026-02-23 – 2026-03-01"
    )
    return Digest(
        repo="o/r",
        window=window,
        title="PR digest for o/r · 2026-02-23 – 2026-03-01",
        takeaways=(
            Text("Most work went into ROCm (3 PRs). 9 PRs were opened or merged; (1) Hardware (9 PRs)."),
        ),
        sections=(DigestSection("Hardware backends", points, pr_count=9),),
        table=(TableRow("Hardware backends", (PRRef(7, url),), impact),),
        counts=DigestCounts(9, 8, 6, 1, 2, 5, 1, 1),
        mode="offline",
        notes=notes,
    )


def _point(*body: object) -> DigestPoint:
    return DigestPoint("ROCm", tuple(body))  # type: ignore[arg-type]


def test_the_layout_follows_the_example_digests() -> None:
    """Title, key takeaways, numbered area headings, bold leads with links, a table and a footer."""
    md = render_digest_markdown(_digest(_point(Text("Add `x` "), PRRef(7, URL))))
    assert md.startswith("# PR digest for o/r · 2026-02-23 – 2026-03-01\n\n**Key takeaways:** Most work")
    assert "### 1. Hardware backends\n" in md
    assert f"*   **ROCm**: Add \\`x\\` [PR#7]({URL})" in md
    assert "| Area | Key PRs | Primary impact |" in md
    assert "**Counts:** 9 PRs in scope · 6 merged · 8 opened · 2 still open · 1 closed unmerged" in md


def test_a_hostile_title_renders_as_inert_text() -> None:
    """No channel ping, no @everyone, no link, no emphasis; the backticked part stays code."""
    md = render_digest_markdown(_digest(_point(*spans(clean_title(HOSTILE)), Text(" "), PRRef(7, URL))))
    line = next(line for line in md.splitlines() if "everyone" in line)
    assert "<!channel>" not in line and "\\<!channel\\>" in line
    assert "@everyone" not in line and "@\u200beveryone" in line
    assert "[link](http" not in line and "\\[link\\](`http://evil)`" in line
    assert "\\*bold\\*" in line and " `code` " in line


def test_code_spans_cannot_break_out() -> None:
    """A symbol containing backticks gets a longer fence."""
    assert code("a``b") == "```a``b```"
    assert code("`x`") == "`` `x` ``"


def test_untrusted_leads_and_impacts_are_escaped() -> None:
    """Leads (tags written by strangers) and table cells cannot inject markup or split the table."""
    md = render_digest_markdown(
        _digest(DigestPoint("*[x](http://e)*", (PRRef(7, URL),)), impact="a | b <img src=x>")
    )
    assert "**\\*\\[x\\](`http://e)*`**" in md or "\\[x\\]" in md
    assert "| a \\| b \\<img src=x\\> |" in md


def test_a_non_https_stored_url_is_replaced_by_the_canonical_pr_url() -> None:
    """Links are only ever plain https URLs."""
    md = render_digest_markdown(_digest(_point(PRRef(7, "javascript:alert(1)")), url="javascript:alert(1)"))
    assert "javascript" not in md and "[PR#7](https://github.com/o/r/pull/7)" in md


def test_a_child_starting_like_a_list_item_stays_text() -> None:
    """A title such as "1. Fix" does not open a nested list."""
    point = DigestPoint("Fixes", (Text("2 PRs."),), ((Text("1. Fix x "), PRRef(7, URL)),))
    assert "    *   1\\. Fix x" in render_digest_markdown(_digest(point))


def test_the_continuation_lists_the_other_prs_after_the_digest_proper() -> None:
    """ "All PRs by area" follows the proper in the full rendering and is left out of the proper."""
    other = DigestSection(
        "Hardware backends", (DigestPoint("", (Text("Other work "), PRRef(8, URL))),), 9, "hardware", (7, 8)
    )
    md = render_digest_markdown(replace(_digest(_point(PRRef(7, URL))), more=(other,)))
    proper = render_digest_markdown(replace(_digest(_point(PRRef(7, URL))), more=(other,)), full=False)
    assert "## All PRs by area" in md and f"*   Other work [PR#8]({URL})" in md
    assert "All PRs by area" not in proper and md.startswith(proper.rstrip())
    assert "more PRs in this area" not in md


def test_notes_close_the_digest() -> None:
    """The AI note (or the fallback note) is the last line."""
    md = render_digest_markdown(_digest(_point(PRRef(7, URL)), notes=("AI-written; may contain mistakes.",)))
    assert md.rstrip().endswith("_AI-written; may contain mistakes._")


def test_escape_keeps_plain_words_readable() -> None:
    """Ordinary punctuation (parentheses, dots, dashes) is left alone."""
    assert escape("Qwen3.5 (MoE) - 2.1x faster") == "Qwen3.5 (MoE) - 2.1x faster"
    assert spans("x") == (Text("x"),) and Code("y").text == "y"


def test_adjacent_code_spans_never_merge_into_one_fence() -> None:
    """Text ending in a URL code span, then a Code span: the fences stay apart (found by hypothesis)."""
    from bot.adapters.markdown_render import inline
    from handlers.models import Code, Text

    rendered = inline((Text("see http://evil.example/i.png"), Code("![img](http://evil.example/x)")), "o/r")
    assert "``" not in rendered.replace("`` ", "").replace(" ``", "")
    assert "`http://evil.example/i.png` ``" in rendered or "`http://evil.example/i.png` `" in rendered
