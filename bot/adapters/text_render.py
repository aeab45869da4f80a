"""Plain-text rendering of a Reply, for the CLI (`python -m bot ask`) and logs.

PR titles, authors, labels and summaries are untrusted: `neutralize` strips control and
bidi characters (no terminal escape sequences) and breaks chat mentions (`@everyone`,
`@here`, `@channel`, `<!...>`, `<@...>`, `<#...>`) with a zero-width space, so text pasted
from the CLI into a chat cannot ping anyone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime

from handlers.models import Code, Inline, PRDetail, PRRef, Reply, ReplyItem, Text

ZWSP = "\u200b"
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")
_MENTION = re.compile(r"@(?=everyone|here|channel)", re.IGNORECASE)  # even `@everyonehere`
_ANGLE = re.compile(r"<(?=[!@#])")
_WHITESPACE = re.compile(r"\s+")


def neutralize(text: object, *, one_line: bool = True) -> str:
    """Untrusted text -> safe plain text: no control characters, no working mentions."""
    value = "" if text is None else str(text)
    if one_line:
        value = " ".join(value.split())
    return break_mentions(_CONTROL.sub("", value))


def break_mentions(text: str) -> str:
    """`@everyone`, `<!channel>`, `<@U1>`, `<#1>` -> the same with a zero-width space inside."""
    return _ANGLE.sub("<" + ZWSP, _MENTION.sub("@" + ZWSP, text))


def handle(author: object) -> str:
    """`@login`, broken like any mention when the login itself is `here` or `everyone`."""
    return break_mentions("@" + neutralize(author))


def _day(moment: datetime | None) -> str:
    return "" if moment is None else f"{moment:%b} {moment.day}, {moment.year}"


def render_inline(spans: Iterable[Inline]) -> str:
    out = []
    for span in spans:
        if isinstance(span, PRRef):
            out.append(f"#{span.number}")
        elif isinstance(span, Code):
            out.append(f"`{neutralize(span.text)}`")
        elif isinstance(span, Text):
            # Whitespace collapsed but not stripped: a span's edge spaces separate it from the
            # next one ("the " + `fused_moe` + " kernel").
            out.append(neutralize(_WHITESPACE.sub(" ", span.text), one_line=False))
    # Mentions are broken again across the joins: a text ending in "<" before "#12" is "<#12".
    return break_mentions("".join(out))


def _item_lines(item: ReplyItem) -> list[str]:
    when = f" {_day(item.when)}" if item.when else ""
    return [
        f"  #{item.number} {neutralize(item.title)}",
        f"      {handle(item.author)} · {item.status}{when} · {neutralize(item.url)}",
    ]


def _detail_lines(d: PRDetail) -> list[str]:
    lines = [
        f"#{d.number} {neutralize(d.title)}",
        f"  state:   {d.status}",
        f"  author:  {handle(d.author)}",
        f"  opened:  {_day(d.created_at)}",
    ]
    if d.merged_at:
        lines.append(f"  merged:  {_day(d.merged_at)}")
    elif d.closed_at:
        lines.append(f"  closed:  {_day(d.closed_at)}")
    lines.append(f"  topics:  {neutralize(', '.join(d.topics)) or '(none)'}")
    if d.labels:
        lines.append(f"  labels:  {neutralize(', '.join(d.labels))}")
    if d.areas:
        lines.append(f"  areas:   {neutralize(', '.join(d.areas))}")
    for link in d.related:
        lines.append(f"  {link.how}: #{link.number} {neutralize(link.title)}")
    if d.summary:
        lines.append(f"  summary: {neutralize(d.summary)}")
    lines.append(f"  link:    {neutralize(d.url)}")
    return lines


def render_reply_text(reply: Reply) -> str:
    """A Reply as plain text: title, how it was understood, the PRs, notes and suggestions."""
    lines = []
    if reply.kind == "quiet":
        return neutralize(reply.title)
    # A list's understood line starts with its title ("ROCm · merged or opened …"): say it once.
    # A detail card opens with the PR's own heading.
    if reply.kind == "empty" and reply.understood:  # one header: "No matching PRs: ROCm · … · 0 PRs"
        lines.append(neutralize(f"{reply.title}: {reply.understood}"))
    else:
        if reply.detail is None and not (reply.understood and reply.understood.startswith(reply.title)):
            lines.append(neutralize(reply.title))
        if reply.understood and reply.understood != "help":
            lines.append(neutralize(reply.understood))
    if reply.synthesis:
        lines += ["", render_inline(reply.synthesis)]
    if reply.detail is not None:
        lines += ["", *_detail_lines(reply.detail)]
    for group in reply.groups:
        lines.append("")
        if group.title:
            lines.append(f"{neutralize(group.title)}:")
        for item in group.items:
            lines += _item_lines(item)
    if reply.overflow:
        lines += ["", f"and {reply.overflow} more"]
    if reply.notes:
        lines.append("")
        lines += [f"note: {neutralize(note)}" for note in reply.notes]
    if reply.suggestions:
        lines.append("")
        label = "examples" if reply.kind == "help" else "try"
        lines.append(f"{label}:")
        lines += [f"  {neutralize(s)}" for s in reply.suggestions]
    return "\n".join(lines)
