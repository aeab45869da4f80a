"""What a follow-up message asks for: a pure reading of the text, no store, no model.

The words are read by the query parser (handlers/parse.py), so topics, aliases, states,
`by login`, `#N` and PR links mean exactly what they mean in a slash command. On top of that
come the thread words: `more`, `how many`, `who is working on X`, `the week before`,
`compare with ...`, `same for <time>`. Whatever none of these covers is a `question` (the LLM
answers it when configured).
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass, replace
from typing import Literal

from handlers.calendar import DAY_LEADS, MONTHS, SEASONS
from handlers.language import (
    IMPORTANCE_WORDS,
    JUDGEMENT_WORDS,
    PEOPLE_NOUNS,
    SORT_NEWEST,
    SORT_OLDEST,
    SORT_VERBS,
    WHO_DOING_VERBS,
    asks_others,
    asks_who,
    is_function_word,
    is_interjection,
    is_set_aside,
    is_social,
)
from handlers.parse import (
    CHANGE_PREFIX,
    HELP_WORDS,
    STOPWORDS,
    Query,
    asks_gain,
    count_word,
    split_states,
    tokenize,
)

IntentKind = Literal[
    "chatter",
    "help",
    "more",
    "detail",
    "count",
    "who",
    "shift",
    "compare",
    "narrow",
    "widen",
    "add",
    "undo",
    "unfilter",
    "tally",
    "open_now",
    "switch",
    "top",
    "sort",
    "summary",
    "question",
]

MORE_WORDS = {"more", "next", "continue", "moar", "rest"}
MORE_FILLER = {
    "please", "pls", "show", "give", "me", "the", "page", "some", "ones", "go", "on", "keep", "going",
    "and", "of", "them", "one", "prs", "results", "10", "ok", "okay", "list",
}  # fmt: skip
# Words that carry no filter of their own in "which of these are merged?" or "only the bug fixes".
FILLER = STOPWORDS | {
    "these", "those", "them", "ones", "one", "are", "is", "were", "show", "filter", "keep", "among",
    "here", "still", "now", "please", "pls", "see", "want", "would", "like", "can", "could", "let",
    "look", "looking", "at", "got", "any", "thread", "list", "above", "shown", "include", "including",
    "make", "number", "figure",
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
_SIDE_BY_SIDE = {("stack", "up"), ("stacks", "up"), ("measure", "up"), ("measures", "up"), ("relative", "to")}
_COMPARATIVE_THAN = frozenset(
    (w, "than")
    for w in ("more", "less", "fewer", "busier", "quieter", "higher", "lower", "bigger", "smaller")
)
BEFORE = (
    ("week", "before"), ("previous", "week"), ("prior", "week"), ("week", "earlier"),
    ("earlier", "week"), ("before", "that"), ("month", "before"), ("previous", "month"),
    ("prior", "month"), ("day", "before"), ("previous", "one"), ("period", "before"),
    ("previous", "period"), ("the", "before"), ("quarter", "before"), ("previous", "quarter"),
    ("prior", "quarter"), ("year", "before"), ("previous", "year"), ("prior", "year"),
)  # fmt: skip
SINCE_THEN = 2  # a shift from the end of the thread's window up to now
FURTHER_BACK = -2  # the thread's window reaching further back, its end kept
# "older ones too", "any earlier ones?", "go further back", "anything older", "widen the window":
# the same question over a longer time up to the thread's end ("older than 2 weeks" is an age,
# "older ones first" an order, "the earlier week" the week before)
_FURTHER_BACK = re.compile(
    # "older" / "earlier" as what else to show, the rest of the message at most a noun and a
    # "too" ("any repeat names from earlier in the month?" is a time of its own)
    r"(?<!from )(?<!since )(?<!than )\b(?:older|earlier)(?: (?:ones?|prs?|stuff|things|work|changes|fixes|results|items|entries))?"
    r"(?: (?:on|about|for|of|in) (?:that|this|it|those|these|them))?(?: (?:too|also|as well|pls|please|plz))*$"
    r"|\b(?:further|farther) back\b|\bback (?:further|farther)\b"
    r"|\b(?:longer|wider|bigger|larger) (?:window|period|range|time ?frame|time span|span)\b"
    r"|\b(?:widen|extend|expand|broaden|stretch)\b(?: the| this| that)? (?:window|range|period|search|time)\b"
)
FURTHER_BACK_WORDS = frozenset(
    {"older", "earlier", "further", "farther", "back", "longer", "wider", "bigger", "larger", "window",
     "period", "range", "widen", "extend", "expand", "broaden", "stretch", "search", "time", "timeframe",
     "frame", "span", "go", "look", "going", "looking", "dig", "check", "too", "also", "include", "including"}
)  # fmt: skip


def further_back(text: str) -> bool:
    """ "older ones too", "go further back", "any earlier ones?": the thread's question over a
    longer time that ends where the thread's ends."""
    return bool(_FURTHER_BACK.search(" ".join(re.sub(r"[^\w\s'-]", " ", text.lower()).split())))


_SHIFT_UNITS = frozenset({"day", "week", "month", "quarter", "year"})
# "since the digest", "after the digest", "since then": from the thread's end on
_SINCE_THEN = re.compile(
    r"\b(?:since|after) (?:the |that |this |your |last )*(?:digest|post|one|answer)\b|\bsince then\b"
    # "after this, how many fixes for it?", "since it landed": from the thread's PR on (not "after
    # this week", a time of its own)
    r"|\b(?:since|after) (?:this|that|it)\b(?! (?:week|wk|month|mo|year|yr|quarter|day|morning|afternoon"
    r"|evening|weekend|time|period|window|sprint|release|cycle)s?\b)"
)


def since_then(text: str) -> bool:
    """ "any reverts since the digest?", "what got merged since then": from the thread's end on."""
    return bool(_SINCE_THEN.search(" ".join(tokenize(text)[0])))


AFTER = (
    ("week", "after"), ("following", "week"), ("after", "that"), ("month", "after"),
    ("following", "month"), ("next", "week"), ("day", "after"), ("period", "after"),
    ("quarter", "after"), ("following", "quarter"),
)  # fmt: skip
# "any open ones too?", "the drafts as well", "also the closed ones": states added to the thread's.
_ADD_LEAD = frozenset(
    {"and", "ok", "okay", "pls", "please", "can", "could", "you", "u", "also", "now", "then"}
)
ADDING_CUES = {"too", "also", "well", "plus", "additionally", "include", "including", "incl"}
SAME_CUES = {"same", "what", "how", "and", "also", "again", "now", "repeat"}
# "what about qwen?", "and for xpu?", "how about mi300x", "same for rocm", "now spec decode",
# "qwen instead": the thread moves to another subject over the same window.
SWITCH_OPENERS = (
    ("what", "about"), ("how", "about"), ("and", "for"), ("and", "what", "about"), ("what", "of"),
    ("same", "for"), ("now", "for"), ("and", "now"), ("and", "also"), ("switch", "to"), ("and",),
    ("now",), ("also",),
)  # fmt: skip
SWITCH_CLOSERS = {"instead", "then"}
# a PR number asked about on its own, the question mark right after it ("and #48223? ...")
_NUMBER_ASKED = re.compile(r"(?:^|[\s(])#?\d{3,7}\s*\?")
_EACH_SIDE = {
    ("each", "side"),
    ("both", "sides"),
    ("either", "side"),
    ("each", "one"),
    ("for", "both"),
    ("for", "each"),
}
# the thread's own list ("the rest", "the remaining ones": of it, after a card or a page)
POINTERS = frozenset({"those", "these", "them", "rest", "remaining"})
PAGE = -2  # a `top` position meaning the thread's first page ("list them")
QUESTION_OPENERS = {
    "what", "what's", "whats", "which", "who", "whom", "whose", "when", "where", "why", "how",
    "is", "are", "was", "were", "do", "does", "did", "can", "could", "should", "would", "will",
    "any", "anything", "show", "list", "tell", "give",
}  # fmt: skip
ORDINALS = {
    "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
    "fifth": 5, "5th": 5, "sixth": 6, "6th": 6, "seventh": 7, "7th": 7, "eighth": 8, "8th": 8,
    "ninth": 9, "9th": 9, "tenth": 10, "10th": 10, "top": 1, "last": -1, "latter": -1, "former": 1,
}  # fmt: skip
ORDINAL_NOUNS = {"one", "pr", "item", "entry", "result", "link", "of"}
# "top 3", "first five", "show all", "everything": the head of the thread's list, or all of it ("the
# first one" is one PR's card, so "one" is no count here).
HEAD_WORDS = {"top", "first"}
# "sort by impact, top 3": the usual order, said aloud
IMPACT_ORDER = {
    "sort",
    "sorted",
    "order",
    "ordered",
    "rank",
    "ranked",
    "by",
    "impact",
    "importance",
    "only",
    "just",
}
ALL_WORDS = {"all", "everything", "every", "entire", "whole", "full"}
LIST_FILLER = MORE_FILLER | {
    "list", "of", "them", "these", "those", "prs", "pr", "the", "everything", "at", "once", "instead",
    "is", "fine", "enough", "good", "just",
    "then", "again",  # "ok show all of them then"
}  # fmt: skip
# "oldest first", "newest first", "sort by date", "most recent first": the thread's order by time.
SORT_CUES = SORT_VERBS | {"first", "by", "date", "time", "most", "to"}
POSITION_WORDS = {"number", "no", "item", "entry", "result"}
_RANKED_PERSON = re.compile(  # "who's top", "who is second", "who comes next"
    r"\bwho(?:'s|s)?(?: (?:is|was|comes|ranks))? (?:the )?(?:top|first|second|third|next|number (?:one|two|1|2))\b"
    r"(?! (?:one|pr|prs|change|fix)\b)"
)
WHO_SKIP = {
    "who", "who's", "whos", "which", "authors", "people", "is", "are", "was", "were", "working",
    "works", "worked", "work", "on", "about", "for", "behind", "doing", "does", "did", "wrote",
    "writes", "the", "of", "these", "prs", "contributing", "contributed", "to", "in", "this", "thread",
    "most", "active", "top", "main", "person", "ppl", "folks", "author", "guy", "one",
    "contributor", "contributors", "dev", "devs", "developer", "maintainer", "committer", "there",
    # the ranking's measure: "top 3 ppl by number of merged PRs"
    "by", "number", "count", "amount", "merged", "merges", "landed", "pr",
    # a place in the ranking, and "if we leave him out": "who's second if we don't count him"
    "second", "third", "next", "runner-up", "comes", "ranks", "if", "we", "you", "i",
    # how the work is shared out: "one person or spread out?", "a few people or many?"
    "spread", "out", "or", "few", "many", "concentrated", "evenly",
    # "who actually maintains the cpu backend", "who owns the PD side": the people behind it
    "actually", "really", "maintains", "maintain", "maintaining", "owns", "own", "owning", "so", "ok",
    # "any repeat names from earlier?": the people again, not a word of their PRs
    "names", "name", "repeat", "repeated", "recurring", "same", "any", "earlier", "previously", "again",
    "and", "but", "also",  # "and who sent these prs?"
}  # fmt: skip


@dataclass(frozen=True)
class Intent:
    kind: IntentKind
    query: Query  # the message as the query parser read it (its window is the parser's)
    position: int = 0  # for an ordinal ("the 2nd one"): 1-based place in what the thread showed; -1 last
    # "the oldest of those": 1 the oldest PR of the thread, -1 the newest, MOST_IMPORTANT the most
    # significant ("what's the biggest one")
    extreme: int = 0
    limit: int = 0  # with a sort: "newest first, limit 5" shows five
    shift: int = 0  # -1: the window before the thread's, +1: the one after, 0: the query's window
    unit: str = ""  # the period a shift names ("the week before": week), "" when it names none
    subject: str = ""  # for `who`: what they work on, as typed
    words: tuple[str, ...] = ()  # free words that are not filler
    asks: bool = False  # the message also asks something (more than a filter or a PR reference)
    scope: str = (
        ""  # for a narrowing: "all" (`all rocm`: every match at once), "more" (`more rocm`: unseen ones)
    )


def classify(text: str, query: Query) -> Intent:
    """Read a follow-up message; `query` is `text` as parse_query read it (with the repo's taxonomy)."""
    tokens, _ = tokenize(text)
    words = tuple(w for w in query.text.split() if w not in FILLER)
    asks = bool(set(tokens) & QUESTION_WORDS) or "?" in str(text)
    has_filter = bool(  # every narrowing but free words, which `words` holds
        query.any_of
        or query.exclude
        or query.states
        or query.authors
        or query.exclude_text
        or query.exclude_authors
    )
    if not tokens or query.is_help or (tokens[0] in HELP_WORDS and len(tokens) == 1):
        return Intent("help", query)
    paged = _more_count(tokens)
    if paged is not None:  # "more", "next 5", "show 3 more"
        return Intent("more", query, limit=paged)
    if _is_chatter(str(text), tokenize(_EMOJI.sub(" ", str(text)))[0], query):
        return Intent("chatter", query)
    if not (query.window_given or query.any_of or query.authors or asks_who(tokens)) and further_back(text):
        # "older ones too", "could you go back further?" (not "go back": undo); "any older rocm
        # ones?" names another subject, a switch below
        kept = " ".join(w for w in query.text.split() if w not in FURTHER_BACK_WORDS | FILLER)
        return Intent("shift", replace(query, text=kept), shift=FURTHER_BACK)
    if set(tokens) & _FILTER_WORDS and query.exclude:  # "without the aiter filter": drop that narrowing
        return Intent("unfilter", query)
    moves = query.window_given or set(itertools.pairwise(tokens)) & (set(BEFORE) | set(AFTER))
    # "go back to the dbo+eplb list from this week" names a list ("only the perf ones. and go back
    # to september" names a time)
    after_back = tokens[tokens.index("back") + 1 :][:6] if "back" in tokens else []
    names_list = bool({"list", "ones"} & set(after_back))
    if _undoes(tokens) and not (moves and "back" in tokens and not names_list):
        # "go back", "start over", "clear the filters": the thread's first list ("go back to the
        # week before" moves the window instead)
        return Intent("undo", query)
    capped, cap = _without_cap(tokens)  # "newest first, limit 5": an order and a count
    order = _sort_order(capped) or (_order_of(capped) if cap else 0)  # "show me the 10 oldest"
    order = order or (MOST_IMPORTANT if _BY_IMPORTANCE.search(" ".join(capped)) else 0)
    if order:
        return Intent("sort", query, position=order, limit=cap)
    most = _most_important_ones(tokens, query)
    if most:  # "which five matter most?", "the 3 biggest ones": the thread's top by significance
        return Intent("sort", query, position=MOST_IMPORTANT, limit=most, asks=True)  # a judgement
    if (
        asks_who(tokens) and set(tokens) & PEOPLE_NOUNS and not query.pr_numbers and not _pr_place(tokens)
    ):  # "who are the top authors there?": people, not a place ("who's the author of #N" or "of the
        # second one": that PR's card)
        return _who(tokens, query)
    if _RANKED_PERSON.search(" ".join(tokens)):
        # "excluding @x, who's top?", "who is second": a place among people, not a PR's
        return _who(tokens, query)
    head = _head(tokens) or _make_it(tokens)
    if head:
        return Intent("top", query, position=head)
    extreme = _extreme(tokens) or (MOST_IMPORTANT if _most_important(tokens) else 0)
    if extreme and not query.pr_numbers:  # "the most important one" asks for a judgement too
        asks = bool(set(tokens) & QUESTION_WORDS) or extreme == MOST_IMPORTANT
        return Intent("detail", query, extreme=extreme, asks=asks)
    position = _position(tokens)
    if position and not query.pr_numbers:
        return Intent("detail", query, position=position, asks=bool(set(tokens) & QUESTION_WORDS))
    if (
        query.any_of
        and not query.window_given  # "any dsv3 stuff on xpu this month too?": a question of its own
        and not set(itertools.pairwise(tokens)) & (set(BEFORE) | set(AFTER))  # "... the week before too?"
        and (
            tokens[0] in ("also", "plus", "+")
            or tokens[-1] in ("too", "also")
            or tokens[-2:] == ["as", "well"]
            # "add the mooncake ones too, same week", "pls include the lmcache ones as well"
            or (
                [t for t in tokens if t not in _ADD_LEAD][:1] in (["add"], ["include"], ["throw"])
                and bool(
                    {"too", "also", "in"} & set(tokens) or ("as", "well") in set(itertools.pairwise(tokens))
                )
            )
        )
    ):
        return Intent("add", query, words=words)  # "also lmcache" under "only nixl": either one
    back_to = ("back", "to") in set(itertools.pairwise(tokens))  # "ok back to xpu, open ones"
    if back_to and query.window_given:  # "and go back to september": a time, not a subject
        to = tokens[tokens.index("back") + 2 : tokens.index("back") + 4]
        back_to = not (set(to) & (set(MONTHS) | set(SEASONS)) or any(t[:1].isdigit() for t in to))
    about = {("what", "about"), ("how", "about")} & set(itertools.pairwise(tokens))
    if not about and not query.pr_numbers and _asks_summary(tokens) and query.any_of:
        # "and what was important in quantization? briefly please": the thread's own PRs of that
        # subject, summed up (not the subject again over the whole repository)
        return Intent("summary", query, words=tuple(w for w in words if w not in SUMMARY_FILLER))
    asked_of = query.pr_numbers and _NUMBER_ASKED.search(str(text))  # "and #48223? did it ever reland"
    if (_switches(tokens) or back_to) and (query.any_of or query.authors) and not asked_of:
        # "what about mi300x specifically, this month": another subject, and its own time if given
        return Intent("switch", query, words=words)
    if query.pr_numbers:
        extra = [w for w in words if w not in DETAIL_WORDS]
        return Intent("detail", query, words=words, asks=asks or bool(extra) or has_filter)
    moved = set(itertools.pairwise(tokens)) & (set(BEFORE) | set(AFTER))  # "how many the week before?"
    counting = asks_count(tokens)
    if counting and query.window_given and (query.any_of or query.authors) and not moved:
        return Intent(
            "switch", query, words=words
        )  # "how many of october's merges were bug fixes": moved, then counted
    if counting and not query.window_given and not moved:  # "what is the count of only mxfp4 ones"
        # "how many are merged", "and of the bugfixes, how many rocm"
        return Intent("count", query, words=words)  # "how many merged vs open": counts by state
    pairs = set(zip(tokens, tokens[1:], strict=False))
    shift = -1 if pairs & set(BEFORE) else (1 if pairs & set(AFTER) else 0)
    # "the week after" under last month: a week, whatever the thread's window was
    unit = next((w for pair in pairs & (set(BEFORE) | set(AFTER)) for w in pair if w in _SHIFT_UNITS), "")
    if not shift and not query.window_given and since_then(text):
        shift = SINCE_THEN
    tally = set(tokens) & (COMPARE_WORDS | {"more", "most"}) and not shift and not query.window_given
    if tally and any(len(group) > 1 for group in query.any_of):  # "cutlass vs flashinfer, which has more"
        return Intent("tally", query)
    # "is that more or less than october?", "busier than last month?": the thread's count set
    # against another time's is a comparison of the two
    than_a_time = bool(pairs & _COMPARATIVE_THAN) and bool(shift or query.window_given)
    # "how does that stack up against november so far?", "relative to last month": set side by side
    side_by_side = bool(pairs & _SIDE_BY_SIDE) or ("against" in tokens and query.window_given)
    versus = bool({"vs", "versus"} & set(tokens)) and any(len(group) > 1 for group in query.any_of)
    if versus and query.window_given and query.then_since is None and not shift:
        # "just rocm vs xpu for nov": two subjects in one time, each counted (not two times)
        return Intent("switch", query, words=words)
    if set(tokens) & COMPARE_WORDS or than_a_time or side_by_side:
        if shift or query.window_given:
            return Intent("compare", _without_time_words(query), shift=shift, unit=unit)
        return Intent("compare", query, shift=-1)
    if shift:
        return Intent("shift", _without_time_words(query), shift=shift, unit=unit)
    if query.whole_history and query.window_given and query.states and not asks_who(tokens):
        # "whats he got open rn", "any open nixl prs right now?": open now, whenever opened
        return Intent("open_now", query, words=words)
    if query.window_given and query.authors:  # "what did NickLucche merge in that area in the past month"
        return Intent("switch", query, words=words)
    if query.window_given and split_states(query.states)[0] and not (query.any_of or query.authors or words):
        return Intent("switch", query, words=words)  # "and merged ones this week?": a state and a time
    if query.window_given and (set(tokens) & SAME_CUES or not (has_filter or words)) and not query.per_topic:
        # ("can u break november down by area" is a breakdown of that time, not only a move)
        return Intent("shift", query)
    asked = _after_polite(tokens)  # "pls count them", "can you count those"
    joined = " ".join(asked)
    if asks_gain(asked) and any(CHANGE_PREFIX + "measured" in g for g in query.any_of):
        # "how much faster?", "how big were the gains": the thread's PRs that quote a gain
        return Intent("narrow", query)
    if (
        asked[:1]
        and asked[0] in ("how", "count", "number")
        and (joined.startswith(("how many", "count", "number of", "how much")))
    ) or (len(asked) == 1 and asked[0] in _COUNT_ALONE):  # "cnt?", "total?": the count, shorthand
        return Intent("count", query, words=tuple(w for w in words if w not in _COUNT_ALONE))
    if not query.pr_numbers and _asks_summary(tokens):  # "tl;dr?", "summarize the digest in one sentence"
        return Intent("summary", query, words=tuple(w for w in words if w not in SUMMARY_FILLER))
    if asks_who(tokens):
        return _who(tokens, query)
    if (
        split_states(query.states)[0]
        # "incl open ones" (not "drop the xpu ones. and include open ones too": a filter as well)
        and not (query.any_of or query.authors or query.exclude or set(words) - ADDING_CUES)
        and set(tokens) & ADDING_CUES
    ):
        return Intent("widen", query)
    if has_filter and not words and not asks:
        scope = "all" if {"all", "every", "everything"} & set(tokens[:3]) else ""
        scope = "more" if tokens[0] in MORE_WORDS else scope
        return Intent("narrow", query, scope=scope)
    if words and not asks and set(tokens) & NARROW_CUES and len(words) <= 3:
        return Intent("narrow", query, words=words)  # "only the triton ones": free text narrows
    if words and len(words) <= 3 and not has_filter and _which_are(tokens):
        return Intent("narrow", query, words=words)  # "which of those are kernels?": those that say it
    return Intent("question", query, words=words, asks=True)


SUMMARY_WORDS = {"summarize", "summarise", "summary", "tldr", "tl;dr", "tl", "gist", "recap", "nutshell"}
SUMMARY_FILLER = SUMMARY_WORDS | {
    "sentence",
    "sentences",
    "briefly",
    "one",
    "short",
    "version",
    "brief",
    "dr",
}
_SUMMARY_PHRASES = ("sum up", "sum it up", "sum them up", "in one sentence", "in a sentence", "in one line")


def _asks_summary(tokens: list[str]) -> bool:
    """ "tl;dr?", "summarize the digest in one sentence for my manager", "sum it up": the thread's
    PRs in a few words (not "summary of #123", a PR's card)."""
    joined = " ".join(tokens)
    shortened = any(  # "summ this pls", "summarizing" (not "since the summer")
        t.startswith("summ") and t.isalpha() and not t.startswith(("summer", "summit")) for t in tokens
    )
    # "what broke, short version", "briefly pls, 3-4 sentences": the length of an answer in prose
    in_prose = "briefly" in tokens or bool(_IN_SENTENCES.search(joined))
    return (
        bool(set(tokens) & SUMMARY_WORDS)
        or shortened
        or in_prose
        or any(p in joined for p in _SUMMARY_PHRASES)
    )


_IN_SENTENCES = re.compile(
    r"\b(?:\d+|one|two|three|four|five|a few|few)(?:\s*(?:-|to|or)\s*\d+)? sentences?\b|\bshort version\b"
)


COUNT_PAIRS = {("how", "many"), ("count", "of"), ("number", "of")}
_COUNT_ALONE = frozenset({"cnt", "count", "total", "totals", "tally", "num", "#"})


def asks_count(tokens: list[str]) -> bool:
    """ "how many are merged", "what is the count of only mxfp4 ones", "count open ones", "pls
    count them"."""
    first = _after_polite(tokens)[:1]
    return bool(COUNT_PAIRS & set(itertools.pairwise(tokens))) or first in (["count"], ["number"])


_POLITE = frozenset({"pls", "please", "plz", "pl", "kindly", "ok", "okay", "so", "and", "now", "then"})
_ASKING = frozenset({"can", "could", "would", "will", "you", "u", "ya", "pls", "please"})


def _after_polite(tokens: list[str]) -> list[str]:
    """The message after its polite or linking opening: "pls count them" -> "count them"."""
    at = 0
    while at < len(tokens) and (tokens[at] in _POLITE or (tokens[at] in _ASKING and at + 1 < len(tokens))):
        at += 1
    return tokens[at:] or tokens


_SAYS = frozenset(
    {"are", "is", "mention", "mentions", "touch", "touches", "involve", "involves", "say", "says"}
)


def _which_are(tokens: list[str]) -> bool:
    """ "which of those are kernels?", "which ones mention nixl": the thread's PRs that say a word
    ("which of these matter for consumer gpus" asks a judgement, not a word)."""
    if tokens[:1] != ["which"]:
        return False
    at = 1
    while at < len(tokens) and tokens[at] in POINTERS | {"of", "ones", "one"}:
        at += 1
    return at > 1 and tokens[at : at + 1] != [] and tokens[at] in _SAYS


def _who(tokens: list[str], query: Query) -> Intent:
    """What the people worked on: not the question's frame ("who's been most active there") and
    not the who's own verb: "whos driving this", "who is leading the rocm work"."""
    at = next(
        (
            k
            for k, t in enumerate(tokens)
            if t not in WHO_SKIP and t not in ("been", "has", "s") and not is_interjection(t)
        ),
        0,
    )  # "ok, who's driving it": not "ok"
    first = tokens[at] if tokens[at : at + 1] else ""
    doing = (len(first) > 4 and first.endswith(("ing", "ed"))) or first in WHO_DOING_VERBS
    verb = at if doing else -1  # "who reverted them", "who made most of these"
    others = set(asks_others(" ".join(tokens)).split())  # "who else besides him": not what they did
    subject = " ".join(
        t
        for k, t in enumerate(tokens)
        if k != verb
        and t not in WHO_SKIP | POINTERS
        and t not in others
        and not is_set_aside(t)
        and not t.isdigit()
    )
    return Intent("who", query, subject=subject)


_EMOJI = re.compile(r":[a-z0-9_+\-]{1,40}:")  # Slack and Discord emoji codes (:tada:, :+1:)


def _is_chatter(text: str, tokens: list[str], query: Query) -> bool:
    """Thanks, reactions and small talk ("thanks, great work!", "lol", "ok", "🎉"): nothing that
    names PRs, asks for something or asks a question."""
    if "?" in text or query.pr_numbers or query.any_of or query.authors or query.states or query.window_given:
        return False
    if not tokens:
        return bool(text.strip())  # only emoji or punctuation
    asking = [t for t in tokens if not is_interjection(t)][:1]  # "ok what did it change"
    if (
        tokens[0] in QUESTION_OPENERS
        or set(asking) & QUESTION_OPENERS
        or set(tokens) & {"show", "list", "give", "find", "tell", "both"}
    ):
        # "what changed", "ok show me something cool": a question or an ask; "ok, both weeks
        # together": what the thread lists, asked for again
        return False
    social = [t for t in tokens if is_social(t)]
    # Praise and reactions may carry generic words ("great work", "nice stuff"), but at least one
    # word must be social and none may name anything.
    return (
        bool(social)
        # a reaction ("thanks", "lol", an emoji), not just grammar and dashes ("both of them together - count")
        and any(not is_function_word(t) and (any(c.isalnum() for c in t) or _symbol(t)) for t in social)
        and all(is_social(t) or is_set_aside(t) for t in tokens)
    )


def _symbol(token: str) -> bool:
    """An emoji or other pictograph (🎉, 👍), not punctuation."""
    return any(unicodedata.category(c) == "So" for c in token)


_NTH = re.compile(r"^(\d{1,3})(?:st|nd|rd|th)$")


def _head(tokens: list[str]) -> int:
    """`top 3`, `first five`, `the top 5 prs` -> 3, 5, 5; `show all`, `everything` -> -1; `list
    them` -> PAGE; 0 if neither."""
    for i, token in enumerate(tokens[:-1]):
        nxt = tokens[i + 1]
        count = count_word(nxt) if count_word(nxt) <= 100 else 0
        if token in HEAD_WORDS and count:
            rest = tokens[:i] + tokens[i + 2 :]
            return count if all(t in LIST_FILLER | IMPACT_ORDER for t in rest) else 0
    if set(tokens) & ALL_WORDS and all(t in LIST_FILLER | ALL_WORDS for t in tokens):
        return -1
    if (
        set(tokens) & {"list", "show", "give"}
        and set(tokens) & POINTERS
        and all(t in LIST_FILLER for t in tokens)
    ):
        return PAGE  # "list them", "show me those": the thread's list, its first page
    return 0


_UNDO_PAIRS = {("go", "back"), ("start", "over"), ("back", "to"), ("from", "scratch")}
_FILTER_WORDS = {"filter", "filters", "narrowing"}


def _undoes(tokens: list[str]) -> bool:
    """ "go back", "start over", "undo", "reset", "clear the filters", "back to the full list"."""
    words = set(tokens)
    if words & {"undo", "reset"} and len(tokens) <= 4:
        return True
    if set(itertools.pairwise(tokens)) & _UNDO_PAIRS and len(tokens) <= 14:
        return True  # "ok go back to all the rocm ones, not just fp8" names the list it wants
    return bool(
        words & {"clear", "remove", "drop", "without", "no"} and words & _FILTER_WORDS and len(tokens) <= 5
    )


_CAP_LEADS = {"limit", "max", "top", "only", "just", "first"}


def _without_cap(tokens: list[str]) -> tuple[list[str], int]:
    """The tokens without a count to show ("limit 5", "5 max", "top 5", "just the 5 most recent"),
    and that count."""
    tokens = [
        t
        for k, t in enumerate(tokens)
        if not (t == "the" and k and tokens[k - 1] in _CAP_LEADS)  # "just the 5"
        and not (
            t == "most" and tokens[k + 1 : k + 2] and tokens[k + 1] in _OLDEST | _NEWEST
        )  # "5 most recent"
    ]
    for i, token in enumerate(tokens):
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        if token in _CAP_LEADS and count_word(nxt) and count_word(nxt) <= 100:
            return tokens[:i] + tokens[i + 2 :], count_word(nxt)
        if count_word(token) and count_word(token) <= 100 and nxt in ("max", "tops"):
            return tokens[:i] + tokens[i + 2 :], count_word(token)
        if count_word(token) and count_word(token) <= 100 and nxt in _OLDEST | _NEWEST:  # "the 10 oldest"
            return tokens[:i] + tokens[i + 1 :], count_word(token)
    return tokens, 0


def _pr_place(tokens: list[str]) -> int:
    """The place of a PR a message names ("the author of the second one"), 0 if none; "the top
    contributors", "the top 5 people", "the top xpu contributors" rank people."""
    ranks_people = any(
        t in ORDINALS and PEOPLE_NOUNS.intersection(tokens[k + 1 : k + 4]) for k, t in enumerate(tokens)
    )
    return 0 if ranks_people else _position(tokens)


def _counts(tokens: list[str]) -> list[str]:
    """The words of a message that say how many PRs to show ("3", "five"; up to 100)."""
    return [t for t in tokens if 0 < count_word(t) <= 100]


def _more_count(tokens: list[str]) -> int | None:
    """`more`, `next 5`, `show 3 more`: the thread's next page, of that many PRs when a count is said
    (0: the usual page); None when the message is no request for more."""
    counts = _counts(tokens)
    rest = set(tokens) - set(counts)
    if len(counts) > 1 or not rest & MORE_WORDS or not rest <= MORE_WORDS | MORE_FILLER:
        return None
    return count_word(counts[0]) if counts else 0


# A count said with nothing but the asking around it: "show 3", "just show me 2", "only 4 please"
_ASKING_TO_SHOW = frozenset({"show", "list", "give", "only", "just"})


def _make_it(tokens: list[str]) -> int:
    """ "make it 10", "show 10", "10 instead", "only 4 please": that many of the thread's list (0 if
    not said)."""
    counts = _counts(tokens)
    if (
        len(counts) == 1
        and set(tokens) & _ASKING_TO_SHOW
        and set(tokens) - set(counts) <= SHOW_WORDS | LIST_FILLER
    ):
        return count_word(counts[0])
    for i in range(len(tokens) - 1):
        pair = tokens[i : i + 2]
        if pair == ["make", "it"] and i + 2 < len(tokens) and 0 < count_word(tokens[i + 2]) <= 100:
            return count_word(tokens[i + 2])
        if 0 < count_word(pair[0]) <= 100 and pair[1] == "instead" and tokens[:1] != ["top"]:
            return count_word(pair[0])
    return 0


def _order_of(tokens: list[str]) -> int:
    """ "show me the oldest" once its count is read: +1 oldest first, -1 newest first, else 0."""
    words = set(tokens)
    if not words & (_OLDEST | _NEWEST) or not words <= _OLDEST | _NEWEST | LIST_FILLER | SHOW_WORDS:
        return 0
    return 1 if words & _OLDEST else -1


SHOW_WORDS = {"show", "me", "list", "give", "just", "only", "ones", "pls", "please", "the"}


def _sort_order(tokens: list[str]) -> int:
    """`oldest first`, `sort by date` -> +1 (oldest first); `newest first`, `most recent first`,
    `the most recent ones` -> -1."""
    words = set(tokens)
    # "the most recent ones?", "and the newest prs": the list again in that order
    ordered = "first" in words or bool(words & {"ones", "prs"})
    if not words & SORT_VERBS and not (words & (SORT_OLDEST | SORT_NEWEST) and ordered):
        return 0
    if not all(t in SORT_CUES | SORT_OLDEST | SORT_NEWEST | LIST_FILLER for t in tokens):
        return 0
    return -1 if words & SORT_NEWEST else 1


MOST_IMPORTANT = 2  # an `extreme` and a sort order: the most significant first
# The words that ask for significance, shared by the three readings below
_SIGNIFICANT = (
    r"most (?:important|significant|impactful|notable|interesting|relevant|serious|severe|critical|urgent)"
    r"|biggest|largest|main|key|headline|worst|nastiest|scariest"  # ("the worst ones": the severest fixes)
)
# "what's the biggest one", "which is the most important", "the main one?": the most significant PR
_MOST_IMPORTANT = re.compile(
    rf"\bthe (?:single )?(?:{_SIGNIFICANT}|standout|juiciest)(?: (?:one|pr|change|thing|item))?"
    r"(?: (?:here|of (?:these|those|them|the lot|the week|this week|all)|in (?:there|here|this list)))?"
    r"(?: \?)?$"
)
# "sort by impact", "most important first", "biggest first": the thread's list by significance
_BY_IMPORTANCE = re.compile(
    r"^(?:(?:pls |please )?(?:sort|order|rank)(?:ed)? (?:them |these |those |it )?by (?:impact|importance|significance)"
    rf"|(?:the )?(?:{_SIGNIFICANT}|important) (?:ones? )?first)(?: pls| please)?(?: \?)?$"
)
# Words of importance, and the kinds of interest said the same way ("anything juicy in there?")
_NOTEWORTHY = "|".join(sorted(IMPORTANCE_WORDS | {"interesting", "juicy"}))
# "which five matter most?", "the 3 biggest ones": several of them
_IMPORTANCE = re.compile(
    rf"\b(?:{_SIGNIFICANT}|matters? (?:the )?most)\b"
    # "only the big ones", "just the important prs": a judgement narrowing by significance
    rf"|\b(?:only|just) (?:the )?(?:really |truly )?(?:{_NOTEWORTHY}|key|main) (?:ones|prs|changes|items|things|pulls)\b"
)
_SEVERAL = frozenset({"ones", "prs", "changes", "items", "things", "pulls"})
# "anything interesting in there?", "any big ones?", "anything worth knowing?": the few that matter
# (any word of judgement but the opposite, "minor", and those naming other things: "main", "key")
_OF_NOTE = "|".join(
    sorted(
        (JUDGEMENT_WORDS | {"interesting", "juicy", "exciting"})
        - {"minor", "main", "key", "top", "matter", "matters", "mattered"}
    )
)
_ANY_OF_NOTE = re.compile(
    rf"\b(?:anything|something|any)(?: (?:really|particularly|especially|truly))? (?:{_OF_NOTE})\b"
)


def _most_important_ones(tokens: list[str], query: Query) -> int:
    """How many PRs "which five matter most?", "top 5 most important ones", "the 3 biggest ones",
    "what are the most important ones" ask for (five when no number is said); 0 when the message
    asks something else (people, another subject or time)."""
    joined = " ".join(tokens)
    noted = _ANY_OF_NOTE.search(joined)
    if not (noted or _IMPORTANCE.search(joined)) or asks_who(tokens) or query.any_of or query.window_given:
        return 0
    count = next((n for n in map(count_word, tokens) if 0 < n <= 20), 0)
    if noted:
        return count or 5
    # ("which are the biggest?": a plural verb asks for several)
    several = bool(_SEVERAL.intersection(tokens) or _PLURAL_ASK.intersection(tokens))
    if count or not (several or "matter" in tokens or "matters" in tokens):
        return count
    return 1 if "one" in tokens and not several else 5  # "which one matters most?"


_PLURAL_ASK = frozenset({"are", "were", "re"})


def _most_important(tokens: list[str]) -> bool:
    """ "what's the biggest one?" (not "who's the main one for rocm": people; not "which are the
    biggest": several)."""
    return (
        bool(_MOST_IMPORTANT.search(" ".join(tokens)))
        and not asks_who(tokens)
        and not _PLURAL_ASK.intersection(tokens)
    )


_OLDEST = {"oldest", "earliest"}
_NEWEST = {"newest", "latest", "youngest", "freshest", "recent"}


def _extreme(tokens: list[str]) -> int:
    """ "the oldest of those", "the newest one", "the most recent one?" -> 1 (oldest) or -1 (newest);
    0 when the superlative orders a list ("oldest first", "the oldest open prs")."""
    for i, token in enumerate(tokens):
        recent = token == "recent" and tokens[i - 1 : i] == ["most"]
        if token not in _OLDEST | _NEWEST and not recent:
            continue
        before = tokens[i - 2 : i - 1] if recent else tokens[i - 1 : i]
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        if before == ["the"] and (nxt in ("", "?", "one", "pr", "of")):
            return 1 if token in _OLDEST else -1
    return 0


# "how does this week compare to the last one", "vs the previous one": a period set beside the
# one before (the words that name the period and a comparison)
_PERIOD_COMPARED = frozenset({"compare", "compared", "comparing", "vs", "versus", "than"})


def _position(tokens: list[str]) -> int:
    """`the first one`, `the 2nd`, `the 12th`, `number 3`, `the last one` -> 1, 2, 12, 3, -1; 0 if none."""
    for i, token in enumerate(tokens):
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        nth = _NTH.match(token)
        before = [t for t in tokens[max(i - 2, 0) : i] if t != "the"]
        if nth and before[-1:] and before[-1] in DAY_LEADS:
            continue  # "which of those after the 15th": a day of the month, not the 15th PR
        if (
            nth
            and int(nth.group(1)) > 0
            and (nxt in ORDINAL_NOUNS or nxt in ("", "?") or tokens[i - 1 : i] == ["the"])
        ):
            return int(nth.group(1))
        if token in ORDINALS and (nxt in ORDINAL_NOUNS or nxt in ("", "?") or tokens[i - 1 : i] == ["the"]):
            if token == "last" and nxt in ("week", "month", "year", "day", "days", "weeks"):
                continue
            if nxt in ("half", "quarter", "week", "weeks"):  # "the second half of october": a time
                continue
            if (
                token in ("last", "previous", "prior")
                and nxt in ("one", "1")
                and _PERIOD_COMPARED.intersection(tokens[:i])
            ):
                continue  # "how does this week compare to the last one": the period before, no PR
            if (
                token == "last"
                and count_word(nxt)
                and tokens[i + 2 : i + 3]
                and tokens[i + 2].rstrip("s")
                in (
                    "day",
                    "week",
                    "month",
                    "year",
                    "hour",
                    "wk",
                    "hr",
                )
            ):
                continue  # "try the last 2 weeks": a time, not the last PR
            if token == "first" and i and tokens[i - 1] in SORT_OLDEST | SORT_NEWEST:
                continue  # "sort newest first" is an order, not the first PR
            return ORDINALS[token]
        # ("one" is no count of PRs but a place: "number one", though "no one" is nobody)
        place = (1 if token != "no" else 0) if nxt == "one" else count_word(nxt)
        if token in POSITION_WORDS and 0 < place <= 100:  # "number 3", "the number one person"
            return place
    return 0


_WIDENING = {"widen", "broaden", "expand", "extend", "zoom"}


def _switches(tokens: list[str]) -> bool:
    """Whether the message moves the thread to another subject rather than narrowing it."""
    if tokens and tokens[-1] in SWITCH_CLOSERS and tokens[-2:] != ["since", "then"]:  # "qwen then"
        # ("fine. list the bugfix ones from last week then": "the ... ones" are the thread's, and
        # "then" is "in that case")
        return tokens[-1] == "instead" or not ("ones" in tokens and "the" in tokens)
    while tokens and is_interjection(tokens[0]):  # "ok now cpu", "cool, and for xpu?"
        tokens = tokens[1:]
    if {"meant", "mean"} & set(tokens[:4]) and tokens[:1] != ["what"]:  # "no i meant xpu": a correction
        return True
    pairs = set(itertools.pairwise(tokens))
    if {("what", "about"), ("how", "about")} & pairs:  # "ok forget gaudi, what about arm cpu"
        return True
    if set(tokens) & _WIDENING and "to" in tokens:  # "widen it to all of rocm": a wider subject
        return True
    if POINTERS & set(tokens) or {("of", "that"), ("of", "it")} & set(itertools.pairwise(tokens)):
        return False  # "and which of those are perf": a narrowing of the thread's own list
    if _EACH_SIDE & set(itertools.pairwise(tokens)):
        return False  # "and if we only count the perf work on each side": the thread's sides, narrowed
    if tokens[1:2] == ["which"]:
        return False  # "and which ones are bug fixes?", "y cuáles son de performance?": among them
    return any(tuple(tokens[: len(opener)]) == opener for opener in SWITCH_OPENERS)


def _without_time_words(query: Query) -> Query:
    """Drop the free words of `the week before` & co. so they do not become a text filter."""
    shift_words = {w for pair in (*BEFORE, *AFTER) for w in pair} | COMPARE_WORDS | {"with", "same", "period"}
    kept = " ".join(w for w in query.text.split() if w not in shift_words and w not in FILLER)
    return replace(query, text=kept)
