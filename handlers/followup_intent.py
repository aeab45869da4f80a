"""What a follow-up message asks for: a pure reading of the text, no store, no model.

The words are read by the query parser (handlers/parse.py), so topics, aliases, states,
`by login`, `#N` and PR links mean exactly what they mean in a slash command. On top of that
come the thread words: `more`, `how many`, `who is working on X`, `the week before`,
`compare with ...`, `same for <time>`. Whatever none of these covers is a `question` (the LLM
answers it when configured).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from handlers.parse import HELP_WORDS, STOPWORDS, Query, tokenize

IntentKind = Literal["help", "more", "detail", "count", "who", "shift", "compare", "narrow", "question"]

MORE_WORDS = {"more", "next", "continue", "moar", "rest"}
MORE_FILLER = {
    "please", "pls", "show", "give", "me", "the", "page", "some", "ones", "go", "on", "keep", "going",
    "and", "of", "them", "one", "prs", "results", "10", "ok", "okay",
}  # fmt: skip
# Words that carry no filter of their own in "which of these are merged?" or "only the bug fixes".
FILLER = STOPWORDS | {
    "these", "those", "them", "ones", "one", "are", "is", "were", "show", "filter", "keep", "among",
    "here", "still", "now", "please", "pls", "see", "want", "would", "like", "can", "could", "let",
    "look", "looking", "at", "got", "any", "thread", "list", "above", "shown",
}  # fmt: skip
NARROW_CUES = {"only", "just", "filter", "keep", "ones", "among"}  # "which one matters most?" is a question
DETAIL_WORDS = {
    "details", "detail", "info", "information", "more", "about", "summary", "card", "link", "status",
    "state", "look", "explain", "tell", "show", "describe", "what", "whats", "is", "this", "that",
}  # fmt: skip
QUESTION_WORDS = {
    "why", "how", "explain", "summarize", "summarise", "summary", "describe", "compare", "impact",
    "changed", "change", "affect", "affects", "difference", "mean", "means", "should", "would",
    "could", "risk", "breaking", "recommend",
}  # fmt: skip
COMPARE_WORDS = {"compare", "compared", "comparison", "vs", "versus", "side-by-side"}
BEFORE = (
    ("week", "before"), ("previous", "week"), ("prior", "week"), ("week", "earlier"),
    ("earlier", "week"), ("before", "that"), ("month", "before"), ("previous", "month"),
    ("prior", "month"), ("day", "before"), ("previous", "one"), ("period", "before"),
    ("previous", "period"), ("the", "before"),
)  # fmt: skip
AFTER = (
    ("week", "after"), ("following", "week"), ("after", "that"), ("month", "after"),
    ("following", "month"), ("next", "week"), ("day", "after"), ("period", "after"),
)  # fmt: skip
SAME_CUES = {"same", "what", "how", "and", "also", "again", "now", "repeat"}
WHO_PHRASES = ("who", "who's", "whos", "which authors", "which people", "what authors")
WHO_SKIP = {
    "who", "who's", "whos", "which", "authors", "people", "is", "are", "was", "were", "working",
    "works", "worked", "work", "on", "about", "for", "behind", "doing", "does", "did", "wrote",
    "writes", "the", "of", "these", "prs", "contributing", "contributed", "to", "in", "this", "thread",
    "most", "active", "top",
}  # fmt: skip


@dataclass(frozen=True)
class Intent:
    kind: IntentKind
    query: Query  # the message as the query parser read it (its window is the parser's)
    shift: int = 0  # -1: the window before the thread's, +1: the one after, 0: the query's window
    subject: str = ""  # for `who`: what they work on, as typed
    words: tuple[str, ...] = ()  # free words that are not filler
    asks: bool = False  # the message also asks something (more than a filter or a PR reference)


def classify(text: str, query: Query) -> Intent:
    """Read a follow-up message; `query` is `text` as parse_query read it (with the repo's taxonomy)."""
    tokens, _ = tokenize(text)
    words = tuple(w for w in query.text.split() if w not in FILLER)
    asks = bool(set(tokens) & QUESTION_WORDS)
    has_filter = bool(query.any_of or query.exclude or query.states or query.authors or query.exclude_text)
    if not tokens or tokens[0] in HELP_WORDS or query.is_help:
        return Intent("help", query)
    if set(tokens) & MORE_WORDS and set(tokens) <= MORE_WORDS | MORE_FILLER:
        return Intent("more", query)
    if query.pr_numbers:
        extra = [w for w in words if w not in DETAIL_WORDS]
        return Intent("detail", query, words=words, asks=asks or bool(extra) or has_filter)
    pairs = set(zip(tokens, tokens[1:], strict=False))
    shift = -1 if pairs & set(BEFORE) else (1 if pairs & set(AFTER) else 0)
    if set(tokens) & COMPARE_WORDS:
        if shift or query.window_given:
            return Intent("compare", _without_time_words(query), shift=shift)
        return Intent("compare", query, shift=-1)
    if shift:
        return Intent("shift", _without_time_words(query), shift=shift)
    if query.window_given and (set(tokens) & SAME_CUES or not (has_filter or words)):
        return Intent("shift", query)
    joined = " ".join(tokens)
    if tokens[0] in ("how", "count", "number") and (
        joined.startswith(("how many", "count", "number of", "how much"))
    ):
        return Intent("count", query, words=words)
    if tokens[0] in ("who", "who's", "whos") or joined.startswith(WHO_PHRASES[3:]):
        subject = " ".join(t for t in tokens if t not in WHO_SKIP)
        return Intent("who", query, subject=subject)
    if has_filter and not words and not asks:
        return Intent("narrow", query)
    if words and not asks and set(tokens) & NARROW_CUES and len(words) <= 3:
        return Intent("narrow", query, words=words)  # "only the triton ones": free text narrows
    return Intent("question", query, words=words, asks=True)


def _without_time_words(query: Query) -> Query:
    """Drop the free words of `the week before` & co. so they do not become a text filter."""
    shift_words = {w for pair in (*BEFORE, *AFTER) for w in pair} | COMPARE_WORDS | {"with", "same", "period"}
    kept = " ".join(w for w in query.text.split() if w not in shift_words and w not in FILLER)
    return replace(query, text=kept)
