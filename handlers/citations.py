"""The citation guard shared by every LLM writer (the digest, follow-up answers, the slash summary).

A model may cite only the PRs it was given. The guard keeps citations of known PR numbers,
removes (and counts, and logs) any other number, strips every link the model wrote, and turns
the kept citations into PRRef spans whose links are rebuilt from the stored PR URLs.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from handlers.digest_facts import spans
from handlers.models import Inline, PRRef, PullRequest, Text

log = logging.getLogger(__name__)

_MENTION = re.compile(r"\[?\(?(?:PR\s*)?#(\d{1,7})\)?\]?(?:\([^)\s]*\))?", re.IGNORECASE)
_URL = re.compile(r"\(?https?://\S+\)?")
_PR_URL = re.compile(r"https?://(?:www\.)?github\.com/[\w.-]+/[\w.-]+/pulls?/(\d{1,7})\S*", re.IGNORECASE)
_MD_LINK = re.compile(r"\[([^\]\n]{1,200})\]\((?:https?://[^)\s]*)\)")
_SPACES = re.compile(r"\s+")
_MARK = re.compile(r"\x00(\d+)\x00")


@dataclass
class Guard:
    """Keeps citations to PRs the model was given; counts what it removed."""

    known: Mapping[int, PullRequest]
    removed: int = 0
    what: str = "digest"  # names the writer in the log line

    def numbers(self, raw: Any) -> list[int]:
        out: list[int] = []
        for value in raw if isinstance(raw, list) else []:
            number = value if isinstance(value, int) and not isinstance(value, bool) else None
            if number is None and isinstance(value, str) and value.strip().lstrip("#").isdigit():
                number = int(value.strip().lstrip("#"))
            if number is not None and number in self.known:
                if number not in out:
                    out.append(number)
            else:
                self.removed += 1
                log.warning("%s: the model cited PR %r, which it was not given; removed", self.what, value)
        return out

    def text(self, raw: Any, limit: int) -> tuple[str, list[int]]:
        """Model text without links or PR mentions (those are rebuilt from stored data)."""
        text = _SPACES.sub(" ", str(raw or "")).strip()
        mentioned = [int(m) for m in _MENTION.findall(text)]
        text = _MENTION.sub("", _URL.sub("", text))
        text = _SPACES.sub(" ", text).strip(" ,;")
        text = re.sub(r"\s+([.,;:])", r"\1", text)
        return text[:limit], self.numbers(mentioned)

    def spans(self, raw: Any, limit: int) -> tuple[Inline, ...]:
        """Model prose -> inline spans with its citations in place: known PRs become PRRef
        (stored URL), unknown ones are removed, every other link is dropped (a Markdown link
        keeps its words), backticked runs become Code. At most `limit` characters of text."""
        text = _SPACES.sub(" ", str(raw or "")).strip()
        text = _MD_LINK.sub(r"\1", text)
        text = _PR_URL.sub(lambda m: f"#{m.group(1)}", text)
        text = _URL.sub("", text)
        text = cap(text, limit)

        def mark(match: re.Match[str]) -> str:
            number = int(match.group(1))
            if number in self.known:
                return f"\x00{number}\x00"
            self.numbers([number])  # counts and logs the removal
            return ""

        text = _MENTION.sub(mark, text)
        text = _SPACES.sub(" ", text)
        text = re.sub(r"\(\s*[,;]?\s*\)", "", text)  # "()" left by a removed "(#999999)"
        text = re.sub(r"(?:,\s*)+(?=[,.;:)])|\s+(?=[.,;:)])", "", text)
        text = re.sub(r"(,\s*){2,}", ", ", text).strip(" ,;")
        out: list[Inline] = []
        last = 0
        for match in _MARK.finditer(text):
            out.extend(spans(text[last : match.start()], detect=False))
            number = int(match.group(1))
            out.append(PRRef(number, self.known[number].url))
            last = match.end()
        out.extend(spans(text[last:], detect=False))
        return tuple(s for s in out if not (isinstance(s, Text) and not s.text))


def cap(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters at a word boundary, with an ellipsis when cut."""
    if len(text) <= limit:
        return text
    cut = text[: max(limit - 1, 0)]
    if " " in cut[limit // 2 :]:
        cut = cut[: cut.rfind(" ")]
    return cut.rstrip(" ,;:") + "…"
