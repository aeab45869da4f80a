"""Discord rendering of neutral replies and digests: limits, splitting, links, escaping."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from bot.adapters.discord_render import LIMIT, render_digest_messages, render_reply_messages
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
    Text,
    Window,
)

URL = "https://github.com/vllm-project/vllm/pull/{}"
WHEN = datetime(2026, 2, 27, 19, 0, tzinfo=UTC)
MENTIONS = ("@everyone", "@here", "<@&123>", "<@456789012345678901>", "<#789>", "<@!456789012345678901>")


def item(number: int, title: str = "Fix ROCm attention backend selection", author: str = "ada") -> ReplyItem:
    return ReplyItem(number, title, URL.format(number), author, "merged", ("rocm",), "", WHEN)


def reply(*groups: ItemGroup, **extra: object) -> Reply:
    return Reply(kind="list", title="ROCm", understood="ROCm · Feb 23 – Mar 1, 2026", groups=groups, **extra)


def digest(sections: tuple[DigestSection, ...]) -> Digest:
    return Digest(
        repo="vllm-project/vllm",
        window=Window(datetime(2026, 2, 23, tzinfo=UTC), datetime(2026, 3, 2, tzinfo=UTC), "Feb 23 – Mar 1"),
        title="vLLM this week",
        takeaways=(Text("ROCm CI got steadier "), PRRef(34922, URL.format(34922))),
        sections=sections,
        table=(),
        counts=DigestCounts(230, 250, 230, 15, 5, 120, 9, 3),
        mode="offline",
    )


def test_short_reply_is_one_message_with_title_reading_and_items() -> None:
    """A small answer is one message stating the title, how it was read, and each PR."""
    [message] = render_reply_messages(reply(ItemGroup("", (item(34301), item(34307)))))
    assert message.startswith("**ROCm**\n-# ROCm · Feb 23 – Mar 1, 2026")
    assert "[PR#34301](<https://github.com/vllm-project/vllm/pull/34301>)" in message
    assert "merged Feb 27" in message and "by ada" in message


def test_2500_character_reply_is_split_between_groups() -> None:
    """A ~2,500-character answer becomes two messages, split between groups, nothing lost or cut."""
    groups = tuple(
        ItemGroup(f"Group {g}", tuple(item(1000 + g * 100 + i) for i in range(10))) for g in range(2)
    )
    messages = render_reply_messages(reply(*groups))
    assert 2400 <= sum(len(m) for m in messages) <= 2600
    assert len(messages) == 2
    assert all(len(m) <= LIMIT for m in messages)
    assert messages[1].startswith("**Group 1**")
    numbers = [int(n) for m in messages for n in re.findall(r"\[PR#(\d+)\]", m)]
    assert numbers == [1000 + g * 100 + i for g in range(2) for i in range(10)]


def test_oversized_group_is_split_between_items_with_its_heading_repeated() -> None:
    """One group too big for a message is split between whole items, its heading marked (cont.)."""
    group = ItemGroup("Merged", tuple(item(2000 + i, "Long title " * 12) for i in range(30)))
    messages = render_reply_messages(reply(group))
    assert len(messages) > 1
    assert all(len(m) <= LIMIT for m in messages)
    assert messages[0].startswith("**ROCm**\n") and "**Merged**\n- " in messages[0]
    assert all(m.startswith("**Merged** (cont.)") for m in messages[1:])
    lines = [line for m in messages for line in m.splitlines() if line.startswith("- ")]
    assert len(lines) == 30 and all(line.endswith("by ada") for line in lines)


def test_hostile_title_and_author_cannot_mention_or_format() -> None:
    """Mentions, masked links and markdown in PR text come out as literal text."""
    title = "@everyone <@&123> <@456789012345678901> <#789> @here [click](https://evil.example) **bold**"
    [message] = render_reply_messages(reply(ItemGroup("", (item(1, title, "<@!456789012345678901>"),))))
    for mention in MENTIONS:
        assert mention not in message
    assert not re.search(r"(?<!\\)\[click\]\(", message) and "**bold**" not in message
    assert "\\*\\*bold\\*\\*" in message


def test_link_with_an_unsafe_stored_url_is_not_rendered_as_a_link() -> None:
    """A stored URL that is not plain http(s) gives bare `PR#N`, never a masked link."""
    bad = ReplyItem(5, "t", "javascript:alert(1)", "ada", "open", (), "", WHEN)
    [message] = render_reply_messages(reply(ItemGroup("", (bad,))))
    assert "PR#5" in message and "javascript" not in message


def test_ephemeral_help_renders_notes_and_code() -> None:
    """Help notes keep their backtick code; suggestions are shown as code."""
    help_reply = Reply(kind="help", title="/vllm help", notes=("Try `/vllm rocm`.",), suggestions=("rocm",))
    [message] = render_reply_messages(help_reply)
    assert "Try `/vllm rocm`." in message and "`rocm`" in message


def test_digest_has_title_counts_takeaways_and_sections() -> None:
    """A digest message states the window, the computed counts, the takeaways and each section."""
    section = DigestSection(
        "Hardware backends",
        (DigestPoint("ROCm", (Text("Faster kernels in "), PRRef(34301, URL.format(34301)), Code("aiter"))),),
        pr_count=1,
    )
    parent, area = render_digest_messages(digest((section,)))
    assert parent.startswith("## vLLM this week\n-# Feb 23 – Mar 1")
    assert "230 PRs in scope" in parent and "120 authors (9 first-time)" in parent
    assert "1. **Hardware backends**" in parent and len(parent) <= LIMIT
    assert "### 1. Hardware backends" in area
    assert "- **ROCm** Faster kernels in [PR#34301](<" in area and "`aiter`" in area


def test_long_digest_is_split_only_between_sections() -> None:
    """A digest over 2,000 characters splits at section boundaries; every section stays whole."""
    sections = tuple(
        DigestSection(
            f"Section {s}",
            tuple(
                DigestPoint(f"Point {s}.{p}", (Text("x" * 120 + " "), PRRef(p + 1, URL.format(p + 1))))
                for p in range(4)
            ),
        )
        for s in range(6)
    )
    messages = render_digest_messages(digest(sections))
    assert len(messages) > 1 and all(len(m) <= LIMIT for m in messages)
    for s in range(6):
        holding = [m for m in messages[1:] if f"### {s + 1}. Section {s}" in m]
        assert len(holding) == 1 and all(f"Point {s}.{p}" in holding[0] for p in range(4))


def test_hostile_digest_text_cannot_mention() -> None:
    """Model or PR text in a digest (leads, bodies, titles) cannot produce a mention."""
    point = DigestPoint("@everyone", (Text("<@&123> <@456789012345678901> <#789> @here"),))
    messages = render_digest_messages(digest((DigestSection("<@&123>", (point,)),)))
    for message in messages:
        for mention in MENTIONS:
            assert mention not in message
