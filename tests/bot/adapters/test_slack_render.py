"""Block Kit rendering: Slack's limits, splitting of long digests, escaping of untrusted text."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.adapters.slack_render import clip, plain, render_digest_blocks, render_reply_blocks
from handlers.models import (
    Code,
    Digest,
    DigestCounts,
    DigestPoint,
    DigestSection,
    ItemGroup,
    PRRef,
    Reply,
    ReplyItem,
    TableRow,
    Text,
    Window,
)

URL = "https://github.com/vllm-project/vllm/pull/"
WHEN = datetime(2026, 2, 27, tzinfo=UTC)
HOSTILE = "<!channel> <!here> <@U0123> <!subteam^S1|devs> <http://evil.example|click> @everyone @here @channel & *b* _i_"
# Mention syntax and broadcast words that must never come out of untrusted text.
FORBIDDEN = ("<!", "<@", "<#", "<http://evil", "@everyone", "@here", "@channel")


def item(number: int, title: str = "Fix things", author: str = "alice", summary: str = "") -> ReplyItem:
    return ReplyItem(number, title, f"{URL}{number}", author, "merged", ("rocm",), summary, WHEN)


def reply(items: list[ReplyItem], **fields: object) -> Reply:
    return Reply(kind="list", title="ROCm", groups=(ItemGroup("", tuple(items)),), total=len(items), **fields)


def digest(sections: int = 2, points: int = 3, text: str = "x" * 300, title: str = "vLLM weekly") -> Digest:
    return Digest(
        repo="vllm-project/vllm",
        window=Window(datetime(2026, 2, 23, tzinfo=UTC), datetime(2026, 3, 2, tzinfo=UTC), "last week"),
        title=title,
        takeaways=(Text("Big week. "), PRRef(1, URL + "1")),
        sections=tuple(
            DigestSection(
                f"Area {s}",
                tuple(
                    DigestPoint(f"Lead {p}", (Text(text), PRRef(100 + p, f"{URL}{100 + p}")))
                    for p in range(points)
                ),
                points,
            )
            for s in range(sections)
        ),
        table=(TableRow("Hardware", (PRRef(7, URL + "7"),), "faster ROCm"),),
        counts=DigestCounts(10, 8, 6, 2, 0, 5, 1, 0),
        mode="offline",
    )


def all_text(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def test_pr_items_link_to_their_stored_url() -> None:
    """Each item renders as `<url|PR#N>` built from its stored URL."""
    _, blocks = render_reply_blocks(reply([item(35334)]))
    assert f"<{URL}35334|PR#35334>" in all_text(blocks)


def test_url_that_could_break_markup_is_not_linked() -> None:
    """A URL with `|` or `>` in it is shown as plain PR#N, never as a link."""
    bad = ReplyItem(5, "t", "https://x.example/a|<!channel>", "a", "open")
    _, blocks = render_reply_blocks(reply([bad]))
    assert "PR#5" in all_text(blocks) and "<https://x.example" not in all_text(blocks)


def test_hostile_title_author_and_summary_come_out_inert() -> None:
    """Mentions, broadcast words and fake links in PR text are escaped or defused."""
    fallback, blocks = render_reply_blocks(
        reply([item(9, title=HOSTILE, author=HOSTILE, summary=HOSTILE)], understood=HOSTILE, notes=(HOSTILE,))
    )
    out = all_text(blocks) + fallback
    for bad in FORBIDDEN:
        assert bad not in out
    assert "&lt;!channel&gt;" in out and "&amp;" in out


def test_hostile_reply_title_in_the_header_cannot_mention() -> None:
    """The plain-text header (e.g. echoing the user's query) carries no mention syntax."""
    _, blocks = render_reply_blocks(
        Reply(kind="empty", title=f"No PRs found for {HOSTILE!r}", ephemeral=True)
    )
    header = blocks[0]["text"]["text"]
    assert blocks[0]["type"] == "header" and len(header) <= 150
    for bad in FORBIDDEN:
        assert bad not in header


def test_formatting_characters_in_titles_do_not_format() -> None:
    """`*bold*`, `~strike~`, backticks and `_italic_` in a title are shown, not applied."""
    out = plain("fix *all* ~old~ `code` _it_ keep snake_case")
    assert "*" not in out and "~" not in out and "`" not in out
    assert " _it_ " not in out and "snake_case" in out


def test_digest_text_spans_are_escaped_and_code_is_backticked() -> None:
    """Model prose is escaped, code spans stay code, PR refs become links."""
    d = digest(sections=1, points=1)
    point = DigestPoint("Lead <@U1>", (Text(HOSTILE), Code("torch.compile"), PRRef(3, URL + "3")))
    messages = render_digest_blocks(
        Digest(
            d.repo,
            d.window,
            d.title,
            (Text(HOSTILE),),
            (DigestSection("S", (point,), 1),),
            (),
            d.counts,
            "llm",
        )
    )
    out = all_text(messages)
    for bad in FORBIDDEN:
        assert bad not in out
    assert "`torch.compile`" in out and f"<{URL}3|PR#3>" in out


def test_long_item_list_is_split_into_sections_under_3000_characters() -> None:
    """Fifty long lines become several sections, each under Slack's 3,000-character limit."""
    _, blocks = render_reply_blocks(reply([item(n, title="t" * 200) for n in range(50)]))
    sections = [b for b in blocks if b["type"] == "section"]
    assert len(sections) > 1
    assert all(len(b["text"]["text"]) < 3000 for b in sections)
    assert all(f"PR#{n}>" in all_text(blocks) for n in range(50))


def test_a_single_huge_text_is_clipped_without_breaking_a_link() -> None:
    """Clipping never leaves half a `<url|label>` or half an entity behind."""
    text = "a" * 2990 + f"<{URL}1|PR#1>" + "&amp;" * 10
    out = clip(text, 3000)
    assert len(out) <= 3000 and out.count("<") == out.count(">")
    assert not out.rstrip("…").endswith(("&", "&a", "&am", "&amp"))


def test_reply_never_exceeds_50_blocks() -> None:
    """However many groups a reply has, the message has at most 50 blocks."""
    groups = tuple(ItemGroup(f"group {g}", (item(g),)) for g in range(80))
    _, blocks = render_reply_blocks(Reply(kind="list", title="many", groups=groups, total=80))
    assert len(blocks) <= 50


def test_a_digest_is_one_parent_message_with_headlines_and_buttons_then_thread_replies() -> None:
    """The parent holds header, counts, takeaways, area headlines and the buttons; areas follow."""
    messages = render_digest_blocks(digest(sections=2, points=2, text="short"))
    assert len(messages) == 2
    blocks = messages[0]["blocks"]
    assert (
        blocks[0]["type"] == "header" and "10 PRs" in all_text(blocks) and "Key takeaways" in all_text(blocks)
    )
    assert "*1. Area 0*" in all_text(blocks) and "short" not in all_text(blocks)
    actions = next(b for b in blocks if b["type"] == "actions")
    assert [e["action_id"] for e in actions["elements"]] == ["digest_all_prs", "digest_only_merged"]
    assert "short" in all_text(messages[1])


def test_long_digest_is_split_into_messages_within_limits() -> None:
    """A long digest becomes several messages, each within 50 blocks and 3,000 chars per section."""
    messages = render_digest_blocks(digest(sections=20, points=10, text="y" * 500))
    assert len(messages) > 1
    for message in messages:
        assert len(message["blocks"]) <= 50 and message["text"]
        for block in message["blocks"]:
            if block["type"] == "section":
                assert len(block["text"]["text"]) < 3000


def test_first_digest_message_holds_the_takeaways_and_the_rest_follow_in_order() -> None:
    """Takeaways open the first message; sections continue in order; nothing is lost."""
    messages = render_digest_blocks(digest(sections=20, points=10, text="y" * 500))
    assert "Key takeaways" in all_text(messages[0])
    joined = all_text(messages[1:])
    positions = [joined.index(f"*{s + 1}. Area {s}*") for s in range(20)]
    assert positions == sorted(positions)
    assert "Key PRs by area" in all_text(messages[-1])
    assert "in this thread" in messages[1]["text"]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [*"<>!@&|*_~`^ :/.-\u2060\u200b", "@everyone", "@here", "@channel", "<!", "<@U1>", "here"]
        ),
        max_size=60,
    ).map("".join)
)
def test_no_mention_can_come_out_of_any_pr_title(title: str) -> None:
    """For any title, the rendered blocks contain no `<!`, `<@` or bare broadcast word."""
    _, blocks = render_reply_blocks(reply([item(1, title=title, author=title, summary=title)]))
    out = all_text(blocks).lower()
    assert "<!" not in out and "<@" not in out
    for word in ("@everyone", "@here", "@channel"):
        assert word not in out


def test_the_digest_date_line_shows_one_range_ending_on_the_last_day_included() -> None:
    """Regression: the context line printed "Feb 23 – Mar 1, 2026 · Feb 23 – Mar 2, 2026" (the
    exclusive end). Now the label stands alone, and without one the last day included is shown."""
    from dataclasses import replace

    labelled = replace(
        digest(),
        title="Weekly",
        window=Window(
            datetime(2026, 2, 23, tzinfo=UTC), datetime(2026, 3, 2, tzinfo=UTC), "Feb 23 – Mar 1, 2026"
        ),
    )
    text = all_text(render_digest_blocks(labelled)[0])
    assert "Mar 2" not in text and text.count("Feb 23 – Mar 1, 2026") == 1
    unlabelled = replace(labelled, window=replace(labelled.window, label=""))
    text = all_text(render_digest_blocks(unlabelled)[0])
    assert "Feb 23 – Mar 1, 2026" in text and "Mar 2" not in text
