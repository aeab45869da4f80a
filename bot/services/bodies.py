"""PR-body cleaning before a body goes into an LLM prompt.

PR bodies are untrusted text written by strangers, often mostly boilerplate: vLLM's PR template
(its "Essential Elements" checklist, "PLEASE FILL IN ..." lines, empty section headings), HTML
comments, screenshots, benchmark tables and pasted logs thousands of lines long. `clean_body`
keeps the prose a classifier needs, shortens tables and code blocks to a few lines each, strips
control characters, and caps the result, so token spend per PR stays small and predictable.
"""

from __future__ import annotations

import re
import unicodedata

# Raw input beyond this is never looked at: the output is capped far below it anyway.
_MAX_SCAN = 200_000
_MAX_LINE = 400
_KEEP_CODE_LINES = 4
_KEEP_TABLE_ROWS = 4

_HTML_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
# vLLM's template: the checklist lives in a <details> block whose summary names it.
_TEMPLATE_DETAILS = re.compile(
    r"<details>\s*<summary>[^<]*(?:Essential Elements|Checklist)[^<]*</summary>.*?(?:</details>|\Z)",
    re.DOTALL | re.IGNORECASE,
)
# "anything written below this line will be removed by GitHub Actions"
_BEFORE_SUBMITTING = re.compile(r"^\s*\**\s*BEFORE SUBMITTING, PLEASE READ.*\Z", re.DOTALL | re.MULTILINE)
_TEMPLATE_LINES = re.compile(
    r"PLEASE FILL IN THE PR DESCRIPTION HERE"
    r"|The purpose of the PR, such as"
    r"|The test plan, such as providing test command"
    r"|The test results, such as pasting the results"
    r"|The necessary documentation update, such as"
    r"|Release notes update\. If your change is user facing"
    r"|^\s*FIX #xxxx",
    re.IGNORECASE,
)
_CHECKBOX = re.compile(r"^(\s*)[-*+]\s+\[[ xX]\]\s*")
_HTML_TAG = re.compile(
    r"</?(?:details|summary|img|br|p|div|sup|sub|picture|source|video)\b[^>]*>", re.IGNORECASE
)
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s*(.*?)\s*#*\s*$")
_RULE = re.compile(r"^\s*(?:-{3,}|\*{3,}|_{3,}|={3,})\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
# C0/C1 controls except tab and newline; also lone surrogates from broken JSON.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def clean_text(text: str | None, limit: int = 300) -> str:
    """One line of untrusted text (a title, a label): no controls, no newlines, capped."""
    if not text:
        return ""
    line = " ".join(_strip_controls(text[: limit * 4]).split())
    return _cap(line, limit)


def clean_body(body: str | None, limit: int = 1500) -> str:
    """The informative part of a PR body, at most `limit` characters ("" when nothing is left)."""
    if not body or limit <= 0:
        return ""
    text = body[:_MAX_SCAN]
    text = _strip_controls(text.replace("\r\n", "\n").replace("\r", "\n"))
    text = _HTML_COMMENT.sub("", text)
    text = _TEMPLATE_DETAILS.sub("", text)
    text = _BEFORE_SUBMITTING.sub("", text)
    text = _HTML_TAG.sub("", text)
    lines = _shorten_blocks(text.split("\n"))
    lines = _drop_empty_sections(lines)
    out = _collapse_blank(lines)
    return _cap(out, limit)


def _strip_controls(text: str) -> str:
    text = _CONTROL.sub("", text)
    # Format characters (zero-width, bidi overrides) can hide text from a reader.
    return "".join(ch for ch in text if ch in "\n\t" or unicodedata.category(ch) != "Cf")


def _shorten_blocks(lines: list[str]) -> list[str]:
    """Drop template lines and checkboxes; keep the first lines of each code block and table."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if _FENCE.match(line):
            end = i + 1
            while end < len(lines) and not _FENCE.match(lines[end]):
                end += 1
            body = [ln for ln in lines[i + 1 : end] if ln.strip()]
            out.append("```")
            out += [_cap(ln.rstrip(), _MAX_LINE) for ln in body[:_KEEP_CODE_LINES]]
            if len(body) > _KEEP_CODE_LINES:
                out.append(f"[… {len(body) - _KEEP_CODE_LINES} lines cut]")
            out.append("```")
            i = end + 1
            continue
        if _TABLE_ROW.match(line):
            end = i
            while end < len(lines) and _TABLE_ROW.match(lines[end]):
                end += 1
            rows = lines[i:end]
            out += [_cap(ln.strip(), _MAX_LINE) for ln in rows[: _KEEP_TABLE_ROWS + 2]]  # + header, rule
            if len(rows) > _KEEP_TABLE_ROWS + 2:
                out.append(f"[… {len(rows) - _KEEP_TABLE_ROWS - 2} rows cut]")
            i = end
            continue
        i += 1
        if _TEMPLATE_LINES.search(line) or _RULE.match(line):
            continue
        box = _CHECKBOX.match(line)
        if box:
            rest = line[box.end() :].strip()
            if not rest:
                continue
            # The author's own checklist items (test plans, TODOs) carry meaning: keep them as bullets.
            line = f"{box.group(1)}- {rest}"
        out.append(_cap(line.rstrip(), _MAX_LINE))
    return out


def _drop_empty_sections(lines: list[str]) -> list[str]:
    """Remove headings with nothing under them (the template's empty "## Test Plan")."""
    out: list[str] = []
    for index, line in enumerate(lines):
        level = _level(line)
        if level:
            following = next((ln for ln in lines[index + 1 :] if ln.strip()), None)
            if following is None or 0 < _level(following) <= level:
                continue
        out.append(line)
    return out


def _level(line: str) -> int:
    """Markdown heading level of a line (1-6), 0 when it is not a heading."""
    if not _HEADING.match(line):
        return 0
    return len(line.lstrip()) - len(line.lstrip().lstrip("#"))


def _collapse_blank(lines: list[str]) -> str:
    out: list[str] = []
    for line in lines:
        if not line.strip():
            if out and out[-1] != "":
                out.append("")
            continue
        out.append(line)
    return "\n".join(out).strip()


def _cap(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return text[: max(limit - 1, 0)].rstrip() + "…"
