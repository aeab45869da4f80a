"""Plain-text rendering of a Digest, for logs and the console.

No markup at all: PR references become `#N`, code symbols keep their backticks. Untrusted text
loses control characters (no terminal escape sequences reach a console) and line breaks, and
chat mentions (`@everyone`, `<!channel>`, `<@U1>`, `<#1>`) are broken with a zero-width space, as
in text_render, so a digest pasted from the console into a chat cannot ping anyone.
"""

from __future__ import annotations

import re
import textwrap

from bot.adapters.text_render import break_mentions
from handlers.digest import MORE_NOTE, MORE_TITLE, count_line
from handlers.models import Code, Digest, DigestSection, Inline, PRRef

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_SPACES = re.compile(r"\s+")
WIDTH = 100


def clean(text: str) -> str:
    return break_mentions(_SPACES.sub(" ", _CONTROL.sub(" ", text or "")).strip())


def inline(spans: tuple[Inline, ...]) -> str:
    parts = []
    for span in spans:
        if isinstance(span, PRRef):
            parts.append(f"#{span.number}")
        elif isinstance(span, Code):
            parts.append(f"`{clean(span.text)}`")
        else:
            parts.append(_CONTROL.sub(" ", span.text))
    return clean("".join(parts))


def _wrap(text: str, first: str, rest: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=first, subsequent_indent=rest) or [first.rstrip()]


def _points(section: DigestSection) -> list[str]:
    lines = []
    for point in section.points:
        lead = f"{clean(point.lead)}: " if point.lead.strip() else ""
        lines += _wrap(f"{lead}{inline(point.body)}".strip(), "  - ", "    ")
        for child in point.children:
            lines += _wrap(inline(child), "      - ", "        ")
    return lines


def render_digest_text(digest: Digest, *, full: bool = True) -> str:
    """The digest proper, then (when `full`) every other in-scope PR by area."""
    lines = [clean(digest.title), "=" * min(WIDTH, len(clean(digest.title))), ""]
    if digest.takeaways:
        lines += _wrap("Key takeaways: " + inline(digest.takeaways), "", "  ") + [""]
    for index, section in enumerate(digest.sections, 1):
        lines.append(f"{index}. {clean(section.title)}")
        if section.headline:
            lines += _wrap(clean(section.headline), "  ", "  ")
        lines += [*_points(section), ""]
    if digest.table:
        lines.append("Summary")
        for row in digest.table:
            refs = ", ".join(f"#{r.number}" for r in row.key_prs) or "-"
            lines += _wrap(f"{clean(row.area)}: {refs} - {clean(row.impact)}", "  ", "    ")
        lines.append("")
    lines.append(count_line(digest.counts))
    lines += [clean(note) for note in digest.notes]
    if full and digest.more:
        lines += ["", MORE_TITLE, "-" * len(MORE_TITLE), MORE_NOTE, ""]
        for section in digest.more:
            lines += [clean(section.title), *_points(section), ""]
    return "\n".join(lines).rstrip() + "\n"
