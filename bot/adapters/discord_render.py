"""Discord renderer: a neutral Reply or Digest -> Discord markdown messages of at most 2,000 characters.

Untrusted text (PR titles, authors, labels, model prose) gets a backslash before every markdown
character (`escape_markdown` misses a second masked link and spoilers after a link), a zero-width
space before every `://` (Discord turns any bare URL into a link) and discord.py's
`escape_mentions`; every `<@`, `<#`, `<:`, `</`, `<t:` sequence is broken with a zero-width space,
so no mention, channel link, masked link or foreign link can come out of it.
The adapter also sends everything with `AllowedMentions.none()`: two walls, not one.

Long output is split only between blocks (header, groups, sections, table, notes); a block that
cannot fit into one message on its own is split between its items, and its heading is repeated
with "(cont.)". PR links are Discord masked links to the stored URL in angle brackets, which
suppresses link previews: `[PR#123](<https://github.com/...>)`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from discord.utils import escape_mentions

from handlers.calendar import window_label
from handlers.digest import MORE_NOTE, MORE_TITLE, count_line, topic_line
from handlers.models import (
    Code,
    Digest,
    DigestSection,
    Inline,
    PRDetail,
    PRRef,
    Reply,
    ReplyItem,
    Text,
)

LIMIT = 2000
"""Discord's maximum message length (characters)."""

_ANGLE = re.compile(r"<(?=[@#:/]|a:|t:)")
_SPACES = re.compile(r"\s+")
_SAFE_URL = re.compile(r"^https?://[^\s<>()\[\]]+$")
# Everything that can start Discord markdown anywhere in a line (backslash first, so it stays literal).
_MARKDOWN = re.compile(r"([\\*_~`|\[\]])")
# What only counts at the start of a line: headings, subtext, quotes, lists.
_LINE_START = re.compile(r"^([ \t]*\d*)([#>\-+.)])", re.MULTILINE)
# Read left to right as Discord does: an escape pair, a whole code span, or a lone (open) tick.
_TICKS = re.compile(r"\\[^0-9A-Za-z\s]|`[^`]*`|`")
_PR_LINK = re.compile(r"\[PR#\d+\]\(<[^<>\s]*>\)")
_SCHEME = re.compile(r"://")  # every one: a scheme may end in "+", "-" or "." too
HEADING_ROOM = 400  # a heading longer than this is cut, so a block's items always have room
_STATUS = {
    "merged": "merged",
    "open": "opened",
    "draft": "draft, opened",
    "closed": "closed unmerged, opened",
}


# -- escaping -------------------------------------------------------------------------------------------
def defuse(text: str) -> str:
    """Break every mention form (@everyone, @here, <@id>, <@&role>, <#chan>, </cmd:id>, <t:..>)."""
    return _ANGLE.sub("<\u200b", escape_mentions(text))


def unlink(text: str) -> str:
    """Bot-written text that may quote the asker (notes): only its `code spans` keep their
    meaning; everything else is escaped like PR text, so an asker's `||spoiler||`, `[masked](link)`,
    `**bold**`, URL or mention comes back as the literal characters they typed."""
    parts = text.split("`")
    if len(parts) % 2 == 0:  # an unpaired backtick: nothing is a code span
        return escape(text, one_line=False)
    # "x" + ... [1:]: a fragment after a code span is not at the start of a line.
    return "".join(
        code(part)
        if i % 2
        else escape(part, one_line=False)
        if i == 0
        else escape("x" + part, one_line=False)[1:]
        for i, part in enumerate(parts)
    )


def escape_markdown(text: str) -> str:
    """Backslash-escape every markdown character; bare URLs get a zero-width space after the scheme."""
    text = _MARKDOWN.sub(r"\\\1", text)
    text = _LINE_START.sub(lambda m: m.group(1) + "\\" + m.group(2), text)
    return _SCHEME.sub("\u200b://", text)


def escape(text: str, *, one_line: bool = True) -> str:
    """Untrusted text -> literal Discord text: markdown escaped, links and mentions broken."""
    if one_line:
        text = _SPACES.sub(" ", text).strip()
    return defuse(escape_markdown(text))


THREAD_NAME_LIMIT = 100  # Discord: a thread name is 1..100 characters
_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def thread_name(text: str, fallback: str = "thread") -> str:
    """A thread name from untrusted text: one line, no control or direction characters, no
    mention syntax, at most 100 characters cut at a word boundary; `fallback` if nothing is left."""
    text = _SPACES.sub(" ", _CONTROL.sub(" ", text)).strip()
    text = escape_mentions(text).replace("<", "‹").replace(">", "›")
    if len(text) > THREAD_NAME_LIMIT:
        cut = text[: THREAD_NAME_LIMIT - 1]
        if " " in cut and not text[THREAD_NAME_LIMIT - 1].isspace():
            cut = cut[: cut.rfind(" ")]
        text = cut.rstrip() + "…"
    return text or fallback


def code(text: str) -> str:
    text = _SPACES.sub(" ", text).strip().replace("`", "ˋ")
    return f"`{defuse(_SCHEME.sub(chr(0x200B) + '://', text))}`" if text else ""


def pr_link(number: int, url: str) -> str:
    """`[PR#N](<url>)` from a stored URL; a URL that is not plain http(s) gives bare `PR#N`."""
    if _SAFE_URL.match(url):
        return f"[PR#{number}](<{url}>)"
    return f"PR#{number}"


def inline(spans: Iterable[Inline]) -> str:
    out = []
    for span in spans:
        if isinstance(span, PRRef):
            out.append(pr_link(span.number, span.url))
        elif isinstance(span, Code):
            out.append(code(span.text))
        elif isinstance(span, Text):
            out.append(escape(span.text, one_line=False))
    # Mentions are broken again across the joins: a text ending in "<" before "@…" is "<@".
    return defuse("".join(out)).strip()


def _day(moment: datetime | None) -> str:
    return f"{moment:%b %-d}" if moment else ""


# -- splitting ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Block:
    """A unit the splitter keeps together when it can: an optional heading and its items."""

    heading: str | None
    items: tuple[str, ...]

    def text(self) -> str:
        return "\n".join(([self.heading] if self.heading else []) + list(self.items))


def _cut(text: str, room: int) -> str:
    """At most `room` characters; a code span the cut leaves open is closed, or what follows in
    the message would be read as markdown again (a masked link hidden in a long code span), and
    a PR link the cut would halve is left out whole (half of one is a bare link to elsewhere)."""
    if len(text) <= room:
        return text
    cut = text[: max(room - 2, 0)]
    opened = cut.rfind("[PR#")
    link = _PR_LINK.match(text, opened) if opened != -1 else None
    if link and link.end() > len(cut):
        cut = cut[:opened]
    return cut + ("…`" if "`" in _TICKS.findall(cut) else "…")


def _split_block(block: Block, limit: int, first_room: int) -> list[Block]:
    """An oversized block -> blocks split between items, the first sized to `first_room` when an
    item fits there (so it can finish the current message), the rest to `limit`; headings repeat."""
    pieces: list[Block] = []
    heading = _cut(block.heading, HEADING_ROOM) if block.heading else None
    items: list[str] = []
    room = first_room
    for item in block.items:
        item = _cut(item, limit - (len(heading) + 1 if heading else 0))
        if len(Block(heading, (*items, item)).text()) > room:
            if items:
                pieces.append(Block(heading, tuple(items)))
                heading = f"{_cut(block.heading, HEADING_ROOM)} (cont.)" if block.heading else None
                items = []
                item = _cut(item, limit - (len(heading) + 1 if heading else 0))
            room = limit
        items.append(item)
    if items or not pieces:
        pieces.append(Block(heading, tuple(items)))
    return pieces


def pack(blocks: Sequence[Block], limit: int = LIMIT) -> list[str]:
    """Blocks -> messages of at most `limit` characters, blocks joined by a blank line."""
    messages: list[str] = []
    current = ""

    def room() -> int:
        return limit - (len(current) + 2 if current else 0)

    for block in blocks:
        text = block.text()
        if not text:
            continue
        parts = [text] if len(text) <= limit else [p.text() for p in _split_block(block, limit, room())]
        for part in parts:
            if len(part) <= room():
                current = f"{current}\n\n{part}" if current else part
            else:
                if current:
                    messages.append(current)
                current = _cut(part, limit)
    if current:
        messages.append(current)
    return messages


# -- replies --------------------------------------------------------------------------------------------
def _item_line(item: ReplyItem) -> str:
    line = f"- {pr_link(item.number, item.url)} {escape(item.title)}"
    facts = [
        f"{_STATUS.get(item.status, item.status)} {_day(item.when)}".strip(),
        f"by {escape(item.author)}",
    ]
    line += " · " + " · ".join(facts)
    if item.summary and item.summary.strip(" :…").lower() not in item.title.lower():
        line += f"\n  {escape(item.summary)}"
    return line


def _detail_block(detail: PRDetail) -> Block:
    heading = f"**{pr_link(detail.number, detail.url)} {escape(detail.title)}**"
    facts = [f"{detail.status} · by {escape(detail.author)} · opened {_day(detail.created_at)}"]
    if detail.merged_at:
        facts[0] += f" · merged {_day(detail.merged_at)}"
    elif detail.closed_at:
        facts[0] += f" · closed {_day(detail.closed_at)}"
    for label, values in (("Topics", detail.topics), ("Labels", detail.labels), ("Areas", detail.areas)):
        if values:
            facts.append(f"{label}: " + ", ".join(escape(v) for v in values))
    for link in detail.related:
        facts.append(f"{link.how.capitalize()}: {pr_link(link.number, link.url)} {escape(link.title)}")
    if detail.summary:
        facts.append(escape(detail.summary, one_line=False))
    return Block(heading, tuple(facts))


def reply_blocks(reply: Reply) -> list[Block]:
    head = [f"-# {escape(reply.understood)}"] if reply.understood else []
    blocks = [Block(f"**{escape(reply.title)}**", tuple(head))]
    if reply.detail is not None:
        blocks.append(_detail_block(reply.detail))
    for group in reply.groups:
        heading = f"**{escape(group.title)}**" if group.title else None
        blocks.append(Block(heading, tuple(_item_line(item) for item in group.items)))
    if reply.overflow > 0:
        blocks.append(Block(None, (f"*…and {reply.overflow} more: ask `more` in the thread.*",)))
    if reply.synthesis:
        blocks.append(Block(None, (inline(reply.synthesis),)))
    notes = [unlink(note) for note in reply.notes]
    if reply.suggestions:
        notes.append("Try: " + " · ".join(code(s) for s in reply.suggestions))
    if notes:
        blocks.append(Block(None, tuple(notes)))
    return blocks


def render_reply_messages(reply: Reply) -> list[str]:
    """A Reply -> one or more Discord messages (each at most 2,000 characters)."""
    return pack(reply_blocks(reply))


# -- digests --------------------------------------------------------------------------------------------
def _window_label(digest: Digest) -> str:
    return escape(digest.window.label or window_label(digest.window.since, digest.window.until))


def _points(section: DigestSection) -> tuple[str, ...]:
    items = []
    for point in section.points:
        lead = f"**{escape(point.lead)}** " if point.lead.strip() else ""
        line = f"- {lead}{inline(point.body)}".rstrip()
        for child in point.children:
            line += f"\n  - {inline(child)}"
        items.append(line)
    return tuple(items)


def digest_parent(digest: Digest) -> str:
    """The channel message (at most 2,000 characters): title, dates, counts, takeaways, highlights
    and one headline per area; the areas themselves go in its thread."""
    head = [f"## {escape(digest.title)}", f"-# {_window_label(digest)} · {escape(count_line(digest.counts))}"]
    if digest.takeaways:
        head.append(_cut(inline(digest.takeaways), 900))
    if digest.highlights:
        head.append(_cut("**Highlights:** " + inline(digest.highlights), 600))
    lines = []
    for index, section in enumerate(digest.sections, 1):
        line = f"{index}. **{escape(section.title)}**"
        if section.headline:
            line += f" — {escape(section.headline)}"
        lines.append(line)
    if digest.sections or digest.more:
        lines.append("-# The areas and every other PR are in the thread below.")
    text = "\n".join(head) + ("\n\n" + "\n".join(lines) if lines else "")
    return _cut(text, LIMIT)


def digest_thread_blocks(digest: Digest) -> list[Block]:
    """The thread: one block per area, notes, then every other PR by area."""
    blocks = []
    for index, section in enumerate(digest.sections, 1):
        heading = f"### {index}. {escape(section.title)}"
        if section.headline:
            heading += f"\n-# {escape(section.headline)}"
        blocks.append(Block(heading, _points(section)))
    if digest.table:
        rows = tuple(
            f"- **{escape(row.area)}**: "
            + ", ".join(pr_link(ref.number, ref.url) for ref in row.key_prs)
            + (f" — {escape(row.impact)}" if row.impact else "")
            for row in digest.table
        )
        blocks.append(Block("### Key PRs by area", rows))
    topics = topic_line(digest)
    notes = ([f"-# {escape(topics)}"] if topics else []) + [f"-# {unlink(note)}" for note in digest.notes]
    if notes:
        blocks.append(Block(None, tuple(notes)))
    for index, section in enumerate(digest.more):
        heading = f"### {escape(MORE_TITLE)}: {escape(section.title)}"
        if index == 0:
            heading += f"\n-# {escape(MORE_NOTE)}"
        blocks.append(Block(heading, _points(section)))
    return blocks


def render_digest_messages(digest: Digest) -> list[str]:
    """A Digest -> Discord messages (each at most 2,000 characters): the first is the channel
    message, the rest are posted in its thread, split between areas."""
    return [digest_parent(digest), *pack(digest_thread_blocks(digest))]
