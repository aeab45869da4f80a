"""Block Kit rendering of the neutral Reply and Digest values, with Slack's limits and escaping.

Every piece of untrusted text (PR titles, authors, labels, summaries, model prose, the user's
own query text echoed back) goes through `escape` (`&`, `<`, `>` as entities, so no `<!channel>`,
`<@U…>`, `<!subteam^…>` or `<url|label>` can be injected; `@channel`/`@here`/`@everyone`
defused with a word joiner). PR titles and other one-line untrusted text also go through
`plain`, which swaps mrkdwn formatting characters for look-alikes so a title cannot open bold,
italics, strikethrough or code that swallows the rest of the line. Links are built only from
stored URLs (`<url|PR#N>`). Limits: header text 150 chars, section text under 3,000, at most 50
blocks per message. A digest is one channel message (takeaways, area headlines, buttons) plus
replies in its thread (the areas, then every other PR by area).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from handlers.calendar import window_label
from handlers.digest import MORE_NOTE, MORE_TITLE, count_line, topic_line
from handlers.models import (
    Code,
    Digest,
    DigestPoint,
    Inline,
    PRDetail,
    PRRef,
    Reply,
    ReplyItem,
    Text,
)

SECTION_LIMIT = 3000  # Slack: section text at most 3,000 characters
HEADER_LIMIT = 150  # Slack: header plain_text at most 150 characters
CONTEXT_LIMIT = 2000  # a context element's text (kept well under Slack's cap)
BLOCK_LIMIT = 50  # Slack: at most 50 blocks per message
MESSAGE_CHARS = 12000  # beyond this a message is folded by Slack; split digests before it
FALLBACK_LIMIT = 3000  # the notification / fallback `text`

Block = dict[str, Any]
Message = dict[str, Any]  # {"text": str, "blocks": list[Block]}

WORD_JOINER = "\u2060"
_BROADCAST = re.compile(r"@(?=channel|here|everyone)", re.IGNORECASE)  # even `@everyonehere`
_SPACES = re.compile(r"\s+")
# Look-alikes for mrkdwn formatting characters in one-line untrusted text.
_FORMAT = str.maketrans({"*": "\u2217", "~": "\u223c", "`": "\u02cb"})
# `_` only formats at a word boundary (snake_case stays as typed).
_UNDERSCORE = re.compile(r"(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])")
_SAFE_URL = re.compile(r"^https?://[^\s<>|]+$")


# -- escaping -----------------------------------------------------------------------------------------
def escape(text: str) -> str:
    """Escape text for mrkdwn: entities for `& < >` and defused broadcast words."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _BROADCAST.sub("@" + WORD_JOINER, text)


def defuse(text: str) -> str:
    """Swap mrkdwn formatting characters for look-alikes (`snake_case` stays as typed)."""
    return _UNDERSCORE.sub("\uff3f", text.translate(_FORMAT))


def plain(text: str) -> str:
    """One line of untrusted text: whitespace collapsed, escaped, formatting characters defused."""
    return escape(defuse(_SPACES.sub(" ", text).strip()))


def header_text(text: str) -> str:
    """Text for a plain_text header: one line, no mention syntax, at most 150 characters."""
    text = _SPACES.sub(" ", text).strip().replace("<", "\u2039").replace(">", "\u203a")
    text = _BROADCAST.sub("@" + WORD_JOINER, text)
    return text if len(text) <= HEADER_LIMIT else text[: HEADER_LIMIT - 1] + "…"


def link(number: int, url: str) -> str:
    """`<url|PR#N>` from a stored URL; plain `PR#N` if the URL could break the markup."""
    if _SAFE_URL.match(url):
        return f"<{url.replace('&', '&amp;')}|PR#{number}>"
    return f"PR#{number}"


def inline(spans: Iterable[Inline]) -> str:
    """Rich text runs -> mrkdwn."""
    out: list[str] = []
    for span in spans:
        if isinstance(span, PRRef):
            out.append(link(span.number, span.url))
        elif isinstance(span, Code):
            code = _SPACES.sub(" ", span.text.replace("`", "'")).strip()
            out.append(f"`{escape(code)}`" if code else "")
        elif isinstance(span, Text):
            out.append(escape(defuse(span.text)))
    # Broadcasts are broken again across the joins: "@" then "everyone" is "@everyone".
    return _BROADCAST.sub("@" + WORD_JOINER, "".join(out))


def clip(text: str, limit: int) -> str:
    """Cut mrkdwn to `limit` characters without breaking a `<…>` link or an `&…;` entity."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    opened = cut.rfind("<")
    if opened > cut.rfind(">"):
        cut = cut[:opened]
    amp = cut.rfind("&")
    if amp != -1 and ";" not in cut[amp:]:
        cut = cut[:amp]
    return cut.rstrip() + "…"


# -- block builders -------------------------------------------------------------------------------------
def _mrkdwn(text: str) -> dict[str, Any]:
    return {"type": "mrkdwn", "text": text, "verbatim": True}


def header(text: str) -> Block:
    return {
        "type": "header",
        "text": {"type": "plain_text", "text": header_text(text) or "—", "emoji": False},
    }


def section(text: str) -> Block:
    return {"type": "section", "text": _mrkdwn(clip(text, SECTION_LIMIT - 1))}


def context(*texts: str) -> Block:
    return {"type": "context", "elements": [_mrkdwn(clip(t, CONTEXT_LIMIT)) for t in texts if t][:10]}


def sections(lines: Sequence[str], lead: str = "") -> list[Block]:
    """Pack lines into as few sections as fit under the character limit (long lines clipped)."""
    blocks: list[Block] = []
    current = lead
    for line in lines:
        line = clip(line, SECTION_LIMIT - 1)
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) < SECTION_LIMIT:
            current = candidate
            continue
        if current:
            blocks.append(section(current))
        current = line
    if current:
        blocks.append(section(current))
    return blocks


def _cap_blocks(blocks: list[Block]) -> list[Block]:
    if len(blocks) <= BLOCK_LIMIT:
        return blocks
    return [*blocks[: BLOCK_LIMIT - 1], context("_(shortened: Slack shows at most 50 blocks)_")]


def _date(moment: datetime | None) -> str:
    return f"{moment:%b} {moment.day}" if moment else ""


# -- replies --------------------------------------------------------------------------------------------
def item_line(item: ReplyItem) -> str:
    when = _date(item.when)
    meta = " · ".join(p for p in (plain(item.author), f"{item.status} {when}".strip()) if p)
    line = f"• {link(item.number, item.url)} {plain(item.title)} — {meta}"
    summary = item.summary.strip(" :-")
    if summary and summary not in item.title:  # offline summaries often repeat the title
        line += f"\n      {plain(summary)}"
    return line


def _detail_blocks(detail: PRDetail) -> list[Block]:
    fields = [
        ("Status", detail.status),
        ("Author", plain(detail.author)),
        ("Opened", _date(detail.created_at)),
        ("Merged" if detail.merged_at else "Closed", _date(detail.merged_at or detail.closed_at)),
        ("Topics", ", ".join(plain(t) for t in detail.topics)),
        ("Labels", ", ".join(plain(label) for label in detail.labels)),
        ("Areas", ", ".join(plain(a) for a in detail.areas)),
        *((r.how.capitalize(), f"{link(r.number, r.url)} {plain(r.title)}") for r in detail.related),
    ]
    blocks: list[Block] = [section(f"{link(detail.number, detail.url)} *{plain(detail.title)}*")]
    shown = [_mrkdwn(clip(f"*{name}*\n{value}", 2000)) for name, value in fields if value]
    if shown:
        blocks.append({"type": "section", "fields": shown[:10]})
    if detail.summary:
        blocks.append(section(escape(defuse(detail.summary))))
    return blocks


def render_reply_blocks(reply: Reply) -> tuple[str, list[Block]]:
    """A Reply -> (fallback text, Block Kit blocks) for one Slack message."""
    blocks: list[Block] = [header(reply.title)]
    if reply.understood:
        blocks.append(context(escape(defuse(reply.understood))))
    if reply.detail is not None:
        blocks += _detail_blocks(reply.detail)
    if reply.synthesis:
        blocks.append(section(inline(reply.synthesis)))
    for group in reply.groups:
        lead = f"*{plain(group.title)}*" if group.title else ""
        blocks += sections([item_line(item) for item in group.items], lead=lead)
    if reply.overflow:
        blocks.append(context(f"…and {reply.overflow} more. Reply `more` in the thread to see them."))
    if reply.notes:
        blocks += sections([escape(note) for note in reply.notes])
    if reply.suggestions:
        blocks.append(
            context("Try: " + " · ".join(f"`{escape(s.replace('`', ''))}`" for s in reply.suggestions))
        )
    fallback = escape(" — ".join(p for p in (reply.title, reply.understood) if p))
    return clip(fallback, FALLBACK_LIMIT), _cap_blocks(blocks)


# -- digests ----------------------------------------------------------------------------------------------
def _point_lines(point: DigestPoint) -> list[str]:
    lead = f"*{plain(point.lead)}* " if point.lead.strip() else ""
    lines = [f"• {lead}{inline(point.body)}"]
    lines += [f"      ◦ {inline(child)}" for child in point.children]
    return ["\n".join(lines)]


# The digest parent message's buttons; the Slack adapter listens for these action ids.
ACTION_ALL_PRS = "digest_all_prs"
ACTION_ONLY_MERGED = "digest_only_merged"
PARENT_CHARS = 2800  # the parent message must fit a phone screen: takeaways and area headlines only


def _window_line(digest: Digest) -> str:
    """The one date range a digest covers (its label: first and last day, both included)."""
    window = digest.window
    return escape(window.label or window_label(window.since, window.until))


def digest_buttons() -> Block:
    return {
        "type": "actions",
        "block_id": "digest_actions",
        "elements": [
            {
                "type": "button",
                "action_id": ACTION_ALL_PRS,
                "text": {"type": "plain_text", "text": "All PRs"},
                "value": "more",
            },
            {
                "type": "button",
                "action_id": ACTION_ONLY_MERGED,
                "text": {"type": "plain_text", "text": "Only merged"},
                "value": "merged",
            },
        ],
    }


def _digest_parent(digest: Digest) -> list[Block]:
    """Header, date and counts, takeaways, highlights, one headline per area, the buttons."""
    blocks: list[Block] = [
        header(digest.title),
        context(f"{_window_line(digest)} · {escape(count_line(digest.counts))}"),
    ]
    if digest.takeaways:
        blocks.append(section(clip("*Key takeaways* " + inline(digest.takeaways), PARENT_CHARS // 2)))
    if digest.highlights:
        blocks.append(section(clip("*Highlights* " + inline(digest.highlights), PARENT_CHARS // 4)))
    heads = []
    for index, part in enumerate(digest.sections, 1):
        line = f"*{index}. {plain(part.title)}*"
        if part.headline:
            line += f" — {plain(part.headline)}"
        heads.append(line)
    if heads:
        blocks.append(section(clip("\n".join(heads), PARENT_CHARS // 2)))
    if digest.sections or digest.more:
        blocks.append(context("The areas and every other PR are in this thread."))
        blocks.append(digest_buttons())
    return blocks


def _digest_groups(digest: Digest) -> list[list[Block]]:
    """The thread replies' blocks: one list per area, then notes, then every other PR by area."""
    groups: list[list[Block]] = []
    for index, part in enumerate(digest.sections, 1):
        title = f"*{index}. {plain(part.title)}*"
        if part.headline:
            title += f"\n{plain(part.headline)}"
        lines = [line for point in part.points for line in _point_lines(point)]
        groups.append(sections(lines, lead=title))
    if digest.table:
        rows = [
            f"• *{plain(row.area)}* — {', '.join(link(r.number, r.url) for r in row.key_prs)}"
            + (f" — {plain(row.impact)}" if row.impact else "")
            for row in digest.table
        ]
        groups.append(sections(rows, lead="*Key PRs by area*"))
    topics = topic_line(digest)
    if digest.notes or topics:
        notes = [escape(note) for note in digest.notes[:9]]
        groups.append([context(*([escape(topics)] if topics else []), *notes)])
    for index, part in enumerate(digest.more):
        lead = f"*{escape(MORE_TITLE)}: {plain(part.title)}*"
        if index == 0:
            lead = f"{lead}\n{escape(MORE_NOTE)}"
        lines = [line for point in part.points for line in _point_lines(point)]
        groups.append(sections(lines, lead=lead))
    return groups


def _size(blocks: Sequence[Block]) -> int:
    total = 0
    for block in blocks:
        if "text" in block:
            total += len(block["text"]["text"])
        for element in block.get("elements", ()):
            total += len(element["text"])
    return total


def _fits(blocks: Sequence[Block], extra: Sequence[Block]) -> bool:
    # One block stays free for the "continued" line of a thread reply.
    return len(blocks) + len(extra) <= BLOCK_LIMIT - 1 and _size(blocks) + _size(extra) <= MESSAGE_CHARS


def render_digest_blocks(digest: Digest) -> list[Message]:
    """A Digest -> messages: the first is the channel message (takeaways and area headlines,
    with the buttons), the rest are replies in its thread (the areas, then every other PR).

    Replies are packed whole area by whole area within Block Kit's limits (50 blocks, sections
    under 3,000 characters, ~12k characters a message)."""
    title = plain(digest.title)
    messages: list[Message] = [
        {
            "text": clip(f"{title} — {count_line(digest.counts)}", FALLBACK_LIMIT),
            "blocks": _digest_parent(digest),
        }
    ]
    pages: list[list[Block]] = []
    for group in _digest_groups(digest):
        if pages and _fits(pages[-1], group):
            pages[-1] += group
            continue
        pages.append([])  # an area that does not fit starts the next reply
        for block in group:  # one too big for a whole message is spread over several
            if not _fits(pages[-1], [block]):
                pages.append([])
            pages[-1].append(block)
    pages = [page for page in pages if page]
    for index, page in enumerate(pages, 1):
        text = f"{title} ({index}/{len(pages)} in this thread)"
        messages.append({"text": clip(text, FALLBACK_LIMIT), "blocks": page})
    return messages
