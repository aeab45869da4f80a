"""Markdown rendering of a Digest (for files and the CLI), in the look of the example digests.

PR titles, tags and model text are untrusted: every Text span is escaped so it cannot open a
link, an image, HTML, emphasis or a heading; bare URLs are shown inert in code spans; `@`
gets a zero-width space so no mention (`@everyone`) can fire where the Markdown is pasted.
Code spans pick a fence longer than any backtick run inside, so they cannot break out.
"""

from __future__ import annotations

import re
from urllib.parse import quote

from handlers.digest import MORE_NOTE, MORE_TITLE, count_line
from handlers.models import Code, Digest, DigestSection, Inline, PRRef, Text

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u2028\u2029]")
_SPACES = re.compile(r"\s+")
_URL = re.compile(r"(?:https?://|ftp://|www\.)\S*", re.IGNORECASE)  # even a bare "www."
_ACTIVE = re.compile(r"([\\`*_\[\]<>~]|&(?=#?\w+;))")
_SAFE_URL = re.compile(r"^https://[A-Za-z0-9.-]+/[^\s]*$")
_LIVE_BANG = re.compile(r"(?<!\\)(?:\\\\)*!$")  # a final "!" after an even run of backslashes
ZWSP = "\u200b"


def _plain(text: str) -> str:
    return _SPACES.sub(" ", _CONTROL.sub(" ", text or ""))


def escape(text: str, *, table: bool = False) -> str:
    """Untrusted text -> Markdown that shows exactly that text and nothing active.

    Only what can start markup is escaped (emphasis, code, brackets, HTML, entities, tables),
    so the raw file stays readable; `(` needs no escape once `[` and `]` are escaped.
    """
    out = []
    last = 0
    text = _plain(text)
    for match in _URL.finditer(text):
        out.append(_escape_words(text[last : match.start()], table))
        out.append(code(match.group(0), table=table))
        last = match.end()
    out.append(_escape_words(text[last:], table))
    return "".join(out)


def _escape_words(text: str, table: bool) -> str:
    text = _ACTIVE.sub(r"\\\1", text).replace("@", "@" + ZWSP)
    return text.replace("|", "\\|") if table else text


def code(text: str, *, table: bool = False) -> str:
    """A code span that no content can break out of."""
    text = _plain(text).strip() or " "
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    if text.startswith("`") or text.endswith("`"):
        text = f" {text} "
    if table:
        text = text.replace("|", "\\|")
    return f"{fence}{text}{fence}"


def link_url(ref: PRRef, repo: str) -> str:
    """The stored URL when it is a plain https URL; otherwise the canonical PR URL."""
    url = ref.url if _SAFE_URL.match(ref.url or "") else f"https://github.com/{repo}/pull/{ref.number}"
    return quote(url, safe=":/#?&=%~+.,;@!-_")


def _joined(spans: tuple[Inline, ...]) -> list[Inline]:
    """Adjacent Text spans as one, so what they make together ("www" + ".x") is escaped as such."""
    out: list[Inline] = []
    for span in spans:
        if out and isinstance(span, Text) and isinstance(out[-1], Text):
            out[-1] = Text(out[-1].text + span.text)
        else:
            out.append(span)
    return out


def inline(spans: tuple[Inline, ...], repo: str, *, table: bool = False) -> str:
    parts: list[str] = []
    for span in _joined(spans):
        if isinstance(span, PRRef):
            part = f"[PR#{span.number}]({link_url(span, repo)})"
        elif isinstance(span, Code):
            part = code(span.text, table=table)
        else:
            part = escape(span.text, table=table)
        # Two backtick runs that touch merge into one fence and un-code their contents.
        if parts and parts[-1].endswith("`") and part.startswith("`"):
            parts.append(" ")
        # A "!" right before a link turns it into an image (unless escaped: an odd run of "\\").
        if parts and part.startswith("[") and _LIVE_BANG.search(parts[-1]):
            parts[-1] = parts[-1][:-1] + "\\!"
        parts.append(part)
    return _SPACES.sub(" ", "".join(parts)).strip()


def _block(text: str) -> str:
    """Text that starts a list item must not open a nested list of its own (`1. x`, `- x`)."""
    numbered = re.match(r"\d+(?=[.)])", text)
    if numbered:
        return text[: numbered.end()] + "\\" + text[numbered.end() :]
    return "\\" + text if text[:1] in "-+=" else text


def _points(section: DigestSection, repo: str) -> list[str]:
    lines = []
    for point in section.points:
        body = inline(point.body, repo)
        lead = f"**{escape(point.lead)}**: " if point.lead.strip() else ""
        lines.append(f"*   {lead}{_block(body) if not lead else body}".rstrip())
        for child in point.children:
            lines.append(f"    *   {_block(inline(child, repo))}")
    return lines


def render_digest_markdown(digest: Digest, *, full: bool = True) -> str:
    """The digest proper (title, takeaways, numbered areas, counts, notes), then, when `full`,
    the "All PRs by area" continuation listing every in-scope PR the points do not cite."""
    repo = digest.repo
    lines = [f"# {escape(digest.title)}", ""]
    if digest.takeaways:
        lines += [f"**Key takeaways:** {inline(digest.takeaways, repo)}", ""]
    for index, section in enumerate(digest.sections, 1):
        lines += [f"### {index}. {escape(section.title)}", ""]
        if section.headline:
            lines += [f"_{escape(section.headline)}_", ""]
        lines += [*_points(section, repo), ""]
    if digest.table:
        lines += ["### Summary", "", "| Area | Key PRs | Primary impact |", "| --- | --- | --- |"]
        for row in digest.table:
            refs = ", ".join(inline((ref,), repo) for ref in row.key_prs) or "—"
            lines.append(f"| {escape(row.area, table=True)} | {refs} | {escape(row.impact, table=True)} |")
        lines.append("")
    lines += ["---", "", f"**Counts:** {escape(count_line(digest.counts))}", ""]
    for note in digest.notes:
        lines += [f"_{escape(note)}_", ""]
    if full and digest.more:
        lines += [f"## {MORE_TITLE}", "", f"_{escape(MORE_NOTE)}_", ""]
        for section in digest.more:
            lines += [f"### {escape(section.title)}", "", *_points(section, repo), ""]
    return "\n".join(lines).rstrip() + "\n"
