"""What "safe" means for each renderer's output, as functions returning the problems found.

Each checker takes a renderer's output and the set of PR URLs the value legitimately links to,
and lists every way the output could ping someone, link somewhere else, or break the platform's
message limits. Tests assert the list is empty, so a failure names what came out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

REPO_URL = "https://github.com/vllm-project/vllm/pull/"

# Fragments a stranger can put in a PR title or body to break out of each markup.
FRAGMENTS = (
    "<!channel>", "<!here>", "<!everyone>", "<@U123>", "<@W123|bob>", "<!subteam^S1>", "<!subteam^S1|devs>",
    "<http://evil.example|click>", "<https://evil.example>", "&lt;", "&amp;lt;", "&gt;", "&",
    "*bold*", "~strike~", "_it_", "`", "``", "```", "```py\n", "> quote", "\n> quote",
    "@everyone", "@here", "@channel", "@everyonehere", "<@123456789012345678>", "<@!123>", "<@&456>",
    "<#789>", "</cmd:1>", "<t:1700000000>", "<:emo:1>", "<a:emo:1>",
    "[x](http://evil.example)", "[y](https://evil.example/a) [z](https://evil2.example/b)",
    "[PR#1](<https://evil.example>)", "||spoiler||", "# heading", "\n# heading", "-# small", "## h2",
    "[j](javascript:alert(1))", "<img src=x onerror=alert(1)>", "<script>alert(1)</script>",
    "![img](http://evil.example/i.png)", "http://evil.example/x", "https://evil.example", "www.evil.example",
    "\\", "\\*", "|", "\x00", "\x1b[31m", "\u202e", "\u2066", "\u200b", "\ufeff", "\r\n", "\t", "%s", "{x}",
    "$repo", "</untrusted_pull_requests>", "<untrusted_pull_requests>",
)  # fmt: skip

_SLACK_LINK = re.compile(r"<https://github\.com/vllm-project/vllm/pull/(\d+)\|PR#\1>")
_DISCORD_LINK = re.compile(r"\[PR#(\d+)\]\(<https://github\.com/vllm-project/vllm/pull/\1>\)")
_BROADCAST = re.compile(r"@(channel|here|everyone)", re.IGNORECASE)
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://", re.IGNORECASE)  # Discord links any scheme://
_MD_URL = re.compile(r"(?:https?|ftp)://|www\.", re.IGNORECASE)  # GitHub-flavoured autolinks
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _strings(value: Any) -> Iterable[tuple[str, str, str]]:
    """(block type, text type, text) for every text object in Block Kit blocks."""
    for block in value:
        for obj in [block.get("text"), *block.get("elements", ()), *block.get("fields", ())]:
            if isinstance(obj, dict) and isinstance(obj.get("text"), dict):  # a button's label
                yield block["type"], obj["text"].get("type", ""), obj["text"].get("text", "")
            elif isinstance(obj, dict):
                yield block["type"], obj.get("type", ""), obj.get("text", "")


def slack_problems(fallback: str, blocks: list[dict[str, Any]], *, fences: bool = True) -> list[str]:
    """Mentions, foreign links, code fences (unless `fences` is off) or Block Kit limit breaches."""
    found: list[str] = []
    if len(blocks) > 50:
        found.append(f"{len(blocks)} blocks (max 50)")
    if not fallback or len(fallback) > 3000:
        found.append(f"fallback text of {len(fallback)} characters")
    texts = [("fallback", "mrkdwn", fallback), *_strings(blocks)]
    for block_type, kind, text in texts:
        if block_type == "header" and len(text) > 150:
            found.append(f"header of {len(text)} characters")
        if len(text) > 3000:
            found.append(f"{block_type} text of {len(text)} characters")
        if block_type == "context" and len(text) > 2000:
            found.append(f"context element of {len(text)} characters")
        bare = _SLACK_LINK.sub("", text)
        if "<" in bare or ">" in bare:
            found.append(f"markup bracket in {block_type}/{kind}: {bare!r}")
        if _BROADCAST.search(text):
            found.append(f"broadcast mention in {block_type}: {text!r}")
        if fences and "```" in text and block_type not in ("header", "fallback"):  # plain text there
            found.append(f"code fence in {block_type}: {text!r}")
    for block in blocks:
        if block["type"] == "context" and len(block["elements"]) > 10:
            found.append("context block with more than 10 elements")
        if block["type"] == "section" and len(block.get("fields", ())) > 10:
            found.append("section with more than 10 fields")
        for obj in [block.get("text"), *block.get("elements", ()), *block.get("fields", ())]:
            if isinstance(obj, dict) and obj.get("type") == "mrkdwn" and obj.get("verbatim") is not True:
                found.append("mrkdwn text without verbatim (Slack would auto-link URLs and names)")
    return found


# Discord's parser (simple-markdown) reads left to right: `\` and a symbol is that symbol as text
# (its escape rule is `^\\([^0-9A-Za-z\s])`), so `\\` is one literal backslash and a `` ` `` or
# `[` right after it is live markup again; an inline code span is inert.
_DISCORD_INERT = re.compile(r"\\[^0-9A-Za-z\s]|`[^`\n]+`")


def _inert(match: re.Match[str]) -> str:
    """A code span or an escaped backslash -> a neutral character (what was on either side of a
    code span does not meet); other escapes stay, so the checks below can tell an escaped
    character by the backslash before it."""
    text = match.group(0)
    return "\x00" if text.startswith("`") or text == "\\\\" else text


def discord_problems(messages: list[str], *, fences: bool = True) -> list[str]:
    """Mentions, foreign or masked links, spoilers, open fences (unless `fences` is off), length."""
    found: list[str] = []
    if not messages:
        found.append("no message at all")
    for message in messages:
        if not message.strip() or len(message) > 2000:
            found.append(f"message of {len(message)} characters")
        bare = _DISCORD_LINK.sub("\x00", message)  # a PR link keeps its sides apart too
        bare = _DISCORD_INERT.sub(_inert, bare)  # code spans are inert; `\\` is a literal backslash
        if re.search(r"@(everyone|here)", bare):  # `@channel` means nothing to Discord
            found.append(f"broadcast mention: {bare!r}")
        if re.search(r"<(?:[@#:/]|a:|t:)", bare):
            found.append(f"mention or channel/command/emoji/time tag: {bare!r}")
        if re.search(r"(?<!\\)\[[^\]\n]*(?<!\\)\]\(", bare):
            found.append(f"masked link: {bare!r}")
        if _URL.search(bare):
            found.append(f"a URL Discord would turn into a link: {bare!r}")
        if fences and re.search(r"(?<!\\)\|(?<!\\)\|", bare):
            found.append(f"spoiler marker: {bare!r}")
        if fences and len(re.findall(r"(?<!\\)```", bare)) % 2:
            found.append(f"unclosed code fence: {bare!r}")
    return found


def markdown_problems(text: str) -> list[str]:
    """Active links, images, HTML or mentions in rendered Markdown, judged by a real CommonMark
    parser (markdown-it-py): what a Markdown viewer would make of the text, not a regex guess."""
    from markdown_it import MarkdownIt

    found: list[str] = []
    html = MarkdownIt("commonmark").render(text)
    for href in re.findall(r'href="([^"]*)"', html):
        if not re.fullmatch(r"https://github\.com/vllm-project/vllm/pull/\d+", href):
            found.append(f"a link to {href!r}: {text!r}")
    if "<img" in html:
        found.append(f"an image: {text!r}")
    tags = set(re.findall(r"</?([a-zA-Z][a-zA-Z0-9]*)", html)) - _MARKDOWN_TAGS
    if tags:
        found.append(f"raw HTML tags {sorted(tags)}: {text!r}")
    prose = re.sub(r"<code>.*?</code>", "\x00", html, flags=re.DOTALL)  # keeps its sides apart
    prose = re.sub(r'<a href="[^"]*">PR#\d+</a>', "\x00", prose)
    if _BROADCAST.search(prose):
        found.append(f"broadcast mention: {text!r}")
    if _MD_URL.search(prose):
        found.append(f"a URL outside a code span (GitHub would auto-link it): {text!r}")
    if re.search(r"[\x00-\x08\x0b-\x1f\x7f]", text):
        found.append(f"control character: {text!r}")
    return found


_MARKDOWN_TAGS = {
    "p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "strong", "em", "code", "pre", "a",
    "blockquote", "hr", "br", "table", "thead", "tbody", "tr", "th", "td",
}  # fmt: skip


def text_problems(text: str) -> list[str]:
    """Chat mentions (if pasted) or terminal control/bidi characters in plain-text output."""
    found: list[str] = []
    if _BROADCAST.search(text):
        found.append(f"broadcast mention: {text!r}")
    if re.search(r"<[!@#]", text):
        found.append(f"Slack/Discord mention syntax: {text!r}")
    if _CONTROL.search(text):
        found.append(f"control or bidi character: {text!r}")
    return found
