"""Narrowing a thread's list: `only the bug fixes`, `which of these are merged?`, `by alice`,
`more rocm`, `all rocm`; and the questions answered by filtering it: `how many are merged?`,
`who is working on aiter?`.

Narrowing REPLACES the thread's PR set (in answer order) and restarts paging; the filter words
are kept in the context's `query_text` after FILTER_SEP, so window shifts and counts apply
them too. Counts and `who` change nothing.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from handlers.calendar import further_back_window
from handlers.digest_signals import BREAKING, whole_change
from handlers.followup_intent import NARROW_CUES, Intent
from handlers.followup_thread import FILTER_SEP, Thread, count_label, finer_words
from handlers.language import EMPLOYER_NOTE, OWNING, asks_others
from handlers.models import Code, ItemGroup, Reply, RepoSettings, Text, Window
from handlers.parse import (
    KINDS_OF_WORK,
    LEAVING_PERSON_OUT,
    STATE_WORDS,
    Query,
    filter_words,
    split_states,
    tokenize,
)
from handlers.query import (
    Match,
    alternative_counts,
    by_significance,
    by_time,
    content_ok,
    families_of_parts,
    people,
    people_title,
    reply_item,
    subject,
    symptoms_said,
    topic_name,
    understood_line,
    without_symptoms,
)
from handlers.terms import term_index

OFFLINE_LEAD = "I can't answer that offline"
OFFLINE_NOTE = OFFLINE_LEAD + ", so here are the PRs of this thread it names."
ALL_MAX = 50  # `all rocm` lists at most this many at once (the rest with `more`)
STATE_LABELS = {"merged": "merged", "open": "open", "draft": "draft", "closed": "closed unmerged"}
NOTHING = Query(since=datetime.min, until=datetime.max, window_label="")  # no filters at all
NONE_OF = "None of this thread's"  # how a narrowing that found nothing begins (read back by _tried_last)


async def narrow(thread: Thread, intent: Intent, note: str = "") -> Reply:
    """The thread's PRs that the message's filter keeps; they become the thread's list."""
    unheard = await thread.unheard(intent.words, intent.query)
    query = replace(intent.query, text=" ".join(w for w in intent.words if w not in unheard))
    matches = await thread.matches()
    found = thread.filtered(matches, query)
    said = symptoms_said(thread.settings.taxonomy, query) if matches and not found else None
    if said:
        # "any rocm crash fixes in here? got paged last night": none of the digest's ROCm fixes
        # says "crash" - its ROCm fixes, the symptom set aside (see QueryHandler.resolve)
        loose = without_symptoms(query, said)
        found, query = (fewer, loose) if (fewer := thread.filtered(matches, loose)) else (found, query)
    wider = families_of_parts(thread.settings.taxonomy, query) if matches and not found else None
    family: tuple[str, ...] = ()  # how a part was read as its family, said in the reply
    if wider is not None and (fewer := thread.filtered(matches, wider)):
        # "anything on h100 in there?" under a digest: none names H100, Hopper's PRs are its too
        family, found, query = wider.readings[len(query.readings) :], fewer, wider
    finer = _finer_word(thread, query) if len(found) == len(matches) and not note else ""
    if finer:
        # "only anthropic ones" under API & frontend: "anthropic" is a word for that topic, which
        # every PR here has; the word as the titles say it narrows them
        fewer = thread.filtered(matches, replace(query, any_of=(), topics=(), text=finer))
        if fewer:
            query, found = replace(query, any_of=(), topics=(), text=finer), fewer
    if query.sort:  # "drop the docs ones and sort newest first": the order comes along
        found = sorted(found, key=by_time, reverse=query.sort < 0)
    cut = ""
    if query.limit and len(found) > query.limit and intent.scope != "more":
        # "what's the most important thing here for rocm users?", "the 3 newest xpu ones": that many
        which = {1: "oldest", -1: "newest", 0: "first"}[query.sort]
        cut = f"Showing the {which} {query.limit} of {count_label(len(found))} that match."
        found = found[: query.limit]
    combined = combine(thread.base_query(), query)
    settings = thread.settings
    if intent.scope == "more":  # `more rocm`: the matching PRs the thread has not shown yet
        seen = set(thread.context.pr_numbers[: thread.context.shown])
        unseen = [m for m in found if m.pr.number not in seen]
        if thread.context.kind == "digest" and not query.sort:
            # most significant first, as the answer to `/vllm rocm` orders them (a thread's PRs
            # come weighed): a digest's continuation goes area by area, and one topic's PRs sit
            # in several areas
            unseen = sorted(unseen, key=by_significance)
        if found and not unseen:
            return Reply(
                kind="empty",
                title=f"All {count_label(len(found))} on {filter_phrase(settings, query)} were shown already",
                understood=thread.about(),
                notes=(f"Ask `all {filter_words(query, NOTHING)}` to list them together.",),
            )
        found = unseen or found
    if intent.scope == "all":  # `all rocm`: every match in one answer
        settings = replace(settings, max_items=min(max(len(found), settings.max_items), ALL_MAX))
    if not found:
        older = await _older_ones(thread, combined) if not note else ""
        return Reply(
            kind="empty",
            title=f"{NONE_OF} {count_label(len(matches))} match {filter_phrase(thread.settings, query)}"
            if matches
            else f"This thread's question found no PRs, so none are {filter_phrase(thread.settings, query)}",
            understood=understood_line(thread.settings, combined, 0),
            notes=tuple(n for n in (note, "The thread's list is unchanged.", older) if n),
            suggestions=("older ones too",) if older else ("how many are merged?", "more"),
        )
    if note and len(found) == len(matches):  # a free question whose filter keeps everything
        return thread.capabilities(
            f"{OFFLINE_LEAD if note == OFFLINE_NOTE else note.rstrip('.')}: all of this thread's {count_label(len(matches))} are about "
            f"{filter_phrase(thread.settings, query)}"
        )
    reply = thread.query.list_reply(settings, combined, thread.context.query_text, found)
    notes = [n for n in (note, cut) if n] + [f"Read {r}." for r in family]
    if said and query.set_aside:
        left = ", ".join(f"'{w}'" for w in query.set_aside)
        notes.append(f"ignored: {left} (no PR of this thread on {filter_phrase(settings, query)} says it)")
    if unheard:
        notes.append(f"ignored: {', '.join(unheard)} (no PR ever used these words)")
    if intent.scope == "more":
        notes.append(
            f"{count_label(len(found))} of this thread on {filter_phrase(settings, query)} not shown before."
        )
    elif len(found) == len(matches):
        notes.append(f"All {count_label(len(matches))} of this thread match.")
    else:
        notes.append(
            f"Narrowed this thread's {count_label(len(matches))} to {'this one' if len(found) == 1 else f'these {len(found)}'}."
        )
    notes += [n for n in reply.notes if n.startswith("Reply `more`")]
    _narrowed_to(thread, query, reply)
    return replace(reply, title=f"{reply.title} (in this thread)", notes=tuple(notes), suggestions=())


async def _older_ones(thread: Thread, combined: Query) -> str:
    """Where a narrowing that found nothing in the thread's window finds something: the longer
    window up to the same end that `older ones too` moves the thread to ("" when none there)."""
    since, until = further_back_window(thread.context.since, thread.context.until)
    if since >= thread.context.since:
        return ""
    found = await thread.query.matches(thread.settings, combined, since, until)
    if not found:
        return ""
    verb = "matches" if len(found) == 1 else "match"
    return f"{count_label(len(found))} {verb} over {thread.window_label(since, until)}."


def _finer_word(thread: Thread, query: Query) -> str:
    """The word the message used for a topic the thread already has, when that word is narrower
    than the topic ("anthropic", "wheel" for API & frontend, CI & build); "" when the narrowing
    asked for something new."""
    base = thread.base_query()
    if not query.topics or not set(query.topics) <= set(base.topics) or query.text:
        return ""
    if EMPLOYER_NOTE in query.notes:  # "by amd folks": a company read as its platform, not a title word
        return ""
    return next(iter(finer_words(thread.settings, query.topics, query.without_time)), "")


def _narrowed_to(thread: Thread, query: Query, reply: Reply) -> None:
    """The thread now lists what `reply` lists: its question with `query`'s words added."""
    assert reply.seed is not None
    thread.context = replace(
        thread.context,
        pr_numbers=reply.seed.pr_numbers,
        shown=reply.seed.shown,
        page_start=0,
        query_text=add_filters(thread.context.query_text, filter_words(query, thread.base_query())),
    )


# "how many of the whole digest were bugfixes": the thread's first list, not the narrowed one
WHOLE_LIST = re.compile(
    r"\b(?:whole|entire|full|complete)\s+(?:digest|list|thread|thing|set|lot|week)\b", re.I
)


async def count(
    thread: Thread, intent: Intent, *, whole: bool = False, split: bool = True, share: bool = False
) -> Reply:
    """`how many are merged?`: the thread's PRs the filter keeps, counted by state (`whole`: of the
    thread's first list, when a narrowing has left it), and by alternative ("rocm or xpu": each
    one's count; not with `split` False)."""
    words = [w for w in intent.words if not (whole and w in ("whole", "entire", "full", "complete"))]
    matches = (await thread.first_list() if whole else []) or await thread.matches()
    ignored = await thread.unheard(words, intent.query)
    words = [w for w in words if w not in ignored]
    if words and (intent.query.any_of or intent.query.authors or intent.query.exclude):
        # "câte din astea au fost pe ROCm?" ("how many of these were ROCm"): as an anchored command
        # does, a word that would leave no PR of an anchored count is set aside and said
        anchored = thread.filtered(matches, replace(intent.query, text=""))
        ignored += [w for w in words if not thread.filtered(anchored, replace(intent.query, text=w))]
        words = [w for w in words if w not in ignored]
    query = replace(intent.query, text=" ".join(words))
    found = thread.filtered(matches, query)
    # "how many merged" under "merged or opened in July": the ones opened then and merged after
    # the window are merged too, only not in it - said, or the count reads as "the rest are open"
    counted = {m.pr.number for m in found}
    later = (
        [
            m
            for m in thread.filtered(matches, replace(query, states=()))
            if m.pr.number not in counted and m.pr.merged_at
        ]
        if "merged" in query.states
        else []
    )
    # "how many of these are still open" under a week (a digest said "101 still open"): the ones
    # open when the window ended and merged since - said, or the count contradicts the digest's
    end = thread.context.until
    open_then = (
        [
            m
            for m in thread.filtered(matches, replace(query, states=()))
            if m.pr.number not in counted and m.pr.merged_at and m.pr.merged_at >= end > m.pr.created_at
        ]
        if "open" in query.states and end < thread.now
        else []
    )
    states: Counter[str] = Counter(m.pr.status for m in found)
    breakdown = " · ".join(f"{states[s]} {STATE_LABELS[s]}" for s in STATE_LABELS if states[s])
    filtered = bool(query.any_of or query.exclude or query.states or query.authors or query.text)
    if filtered:
        title = f"{len(found)} of this thread's {count_label(len(matches))} {_match_verb(query)} {filter_phrase(thread.settings, query)}"
        if share and matches:  # "what percent is that": the count as a share of the thread
            title += f" ({round(100 * len(found) / len(matches))}%)"
    else:
        title = f"This thread has {count_label(len(matches))}"
    # "how many were bug fixes vs performance work?": each alternative's count too
    # (one PR's split says nothing its title does not; "xpu + tpu together" asks for one number)
    if split and len(found) > 1 and not TOGETHER.search(intent.query.without_time):
        by_each = alternative_counts(thread.settings, query if filtered else thread.base_query(), found)
        if by_each:
            title += ": " + "; ".join(by_each)
    return Reply(
        kind="answer",
        title=title,
        understood=thread.about(),
        notes=((f"By state: {breakdown}.",) if breakdown else ())
        + (
            (
                f"{len(later)} more {'PR was' if len(later) == 1 else 'PRs were'} opened in {thread.window_label()} and merged after it.",
            )
            if later
            else ()
        )
        + (
            (
                f"{len(open_then)} {'was' if len(open_then) == 1 else 'were'} still open when {thread.window_label()} "
                "ended and merged since"
                + (' (the digest\'s "still open" counts them).' if thread.context.kind == "digest" else "."),
            )
            if open_then
            else ()
        )
        + ((f"ignored: {', '.join(ignored)} (no PR of this thread's count mentions it)",) if ignored else ())
        + tuple(n for n in intent.query.notes if n == EMPLOYER_NOTE),  # "how many are by amd folks"
    )


async def first_timers(thread: Thread, intent: Intent, *, counted: bool) -> Reply:
    """ "any first-timers among them?", "how many are first-time contributors?": the thread's PRs
    by people whose first PR the bot knows of is in the thread's window, as the command's
    `new contributors this month` counts them; listed, they become the thread's list."""
    base = thread.base_query()
    if base.limit or base.who:
        # under "top 5 merges of the week" or "top 10 contributors in november": the whole
        # question's PRs (as `how many in total?` counts them), not the few shown
        whole = replace(base, limit=0, sort=0, who=False)
        matches = await thread.query.matches(thread.settings, whole)
        counted = True  # the thread's list stays what it showed
    else:
        matches = await thread.matches()
    found = await thread.query.first_timer_matches(thread.settings, base.since, matches)
    people = len({m.pr.author for m in found})
    said = f"{people} first-time contributor{'' if people == 1 else 's'}"
    if counted or not found:
        title = (
            f"{said} in this thread's question: {count_label(len(found))} of its {count_label(len(matches))}"
            if found
            else f"{NONE_OF} {count_label(len(matches))} are by first-time contributors"
        )
        return Reply(
            kind="answer" if found or counted else "empty",
            title=title,
            understood=thread.about(),
            notes=("First-time: the person's first PR the bot knows of is in this window.",)
            + (("The thread's list is unchanged.",) if not found else ()),
        )
    asked = replace(base, first_timers=True)
    reply = thread.query.list_reply(thread.settings, asked, thread.context.query_text, found)
    _narrowed_to(thread, replace(NOTHING, text="first-time contributors"), reply)
    notes = [
        f"Narrowed this thread's {count_label(len(matches))} to the {count_label(len(found))} of {said}."
    ]
    notes += [n for n in reply.notes if n.startswith("Reply `more`")]
    return replace(reply, title=f"{said}: {count_label(len(found))} (in this thread)", notes=tuple(notes))


SUMMARY_TOPICS = 3  # topics named in a summary
SUMMARY_PRS = 3  # heaviest PRs listed under it


async def summary(thread: Thread, intent: Intent) -> Reply:
    """`tl;dr`, `summarize the digest in one sentence`: the thread's PRs (or those the message
    names) in one sentence of counts and their largest topics, the heaviest few listed below. In
    a digest thread that was not narrowed, the digest's own takeaways."""
    # topics, states and people narrow what is summed up; other words ("for my manager") do not
    query = replace(intent.query, text="", exclude_text=())
    matches = await thread.matches()
    filtered = bool(query.any_of or query.exclude or query.states or query.authors)
    found = thread.filtered(matches, query) if filtered else list(matches)
    kinds = tuple(g for g in query.any_of if set(g) <= KINDS_OF_WORK)
    if not found and kinds and len(kinds) < len(query.any_of):
        # "the 2 dsv4 ones - what actually broke, short version" under reverts: none of them is a bug
        # fix, so "broke" asks what went wrong with them; summed up without that kind, and said so
        query = replace(query, any_of=tuple(g for g in query.any_of if g not in kinds))
        found = thread.filtered(matches, query)
        names = " or ".join(topic_name(thread.settings, k) for g in kinds for k in g)
        query = replace(query, notes=(*query.notes, f"None of them is {names}: summed up without that."))
    if not found:
        return Reply(
            kind="answer", title="Nothing to sum up: no PR of this thread matches", understood=thread.about()
        )
    if filtered and len(found) < len(matches):
        # "we only care about nvidia, tldr?": the thread narrows to what was summed up, so "who
        # wrote most of them" asks about those
        combined = combine(thread.base_query(), query)
        reply = thread.query.list_reply(thread.settings, combined, thread.context.query_text, found)
        _narrowed_to(thread, query, reply)
    about = thread.about()
    digester = thread.query.digester
    if (
        thread.context.kind == "digest"
        and not filtered
        and FILTER_SEP not in thread.context.query_text
        and digester
    ):
        digest = await digester(thread.settings.name, Window(thread.context.since, thread.context.until))
        said = "".join(s.text if isinstance(s, (Text, Code)) else f"#{s.number}" for s in digest.takeaways)
        if said.strip():
            return Reply(kind="answer", title=" ".join(said.split()), understood=about)
    states: Counter[str] = Counter(m.pr.status for m in found)
    by_state = ", ".join(f"{states[s]} {STATE_LABELS[s]}" for s in STATE_LABELS if states[s])
    asked = {k for group in (*thread.base_query().any_of, *query.any_of) for k in group}
    topics: Counter[str] = Counter(
        t for m in found for t in m.cls.topics if t not in asked
    )  # not "ROCm" again
    named = ", ".join(
        f"{topic_name(thread.settings, t)} ({n})" for t, n in topics.most_common(SUMMARY_TOPICS)
    )
    sentence = (
        f"{count_label(len(found))} ({by_state})" + (f"; the largest topics: {named}" if named else "") + "."
    )
    heaviest = sorted(found, key=lambda m: -m.cls.impact)[:SUMMARY_PRS]
    return Reply(
        kind="answer",
        title=sentence,
        understood=about,
        groups=(ItemGroup("The heaviest", tuple(reply_item(m) for m in heaviest)),),
        total=len(found),
        notes=tuple(n for n in query.notes if n.startswith("None of them is ")),
    )


def _named_in(
    thread: Thread, matches: Sequence[Match], words: Sequence[str], query: Query
) -> tuple[list[Match], str]:
    """The matches whose title, summary or labels hold every word; else those of the question's
    topics ("who did the port race fixes": the bug fixes naming the port race, then any bug fix)."""
    terms = term_index(thread.settings.taxonomy)
    if words and query.any_of and not query.text:
        # every word was read as a topic or named thing ("who else is active on mrv2", "who did
        # the perf work"): its PRs by topic, not only the titles that repeat the word
        found = [m for m in matches if content_ok(replace(query, exclude_text=()), m.pr, m.cls, terms)]
        if found:
            return found, "by topic"
    found = [m for m in matches if all(w in _hay(m) for w in words)] if words else list(matches)
    if found or not query.any_of:
        return found, "in the title, summary or labels"
    for topic_query in (replace(query, exclude_text=()), replace(query, text="", exclude_text=())):
        found = [m for m in matches if content_ok(topic_query, m.pr, m.cls, terms)]
        if found:
            break
    return found, "by topic"


_ASKERS_OWN = frozenset(
    {"want", "wanna", "need", "ping", "thank", "thanks", "i", "we", "my", "our", "me", "mi", "so", "because"}
)


async def who(thread: Thread, intent: Intent) -> Reply:
    """`who is working on aiter?`: the authors of the thread's PRs that mention it, busiest first."""
    matches = await thread.matches()
    base = thread.base_query()
    left_out = set(intent.query.exclude_authors)  # "and if you leave him out?", "excluding @x, who's top?"
    said = tokenize(intent.query.without_time)[0]
    others = bool(asks_others(" ".join(said)))
    if base.authors and (others or set(base.authors) <= left_out):
        # "who else worked on dsv4 this month" under someone's PRs, "who is second if we don't
        # count him" after the thread moved to his PRs: the other people, over the whole window
        matches = await thread.query.matches(thread.settings, replace(base, authors=()))
    understood = thread.about()
    asked = intent.query.any_of
    if asked and set(asked) < set(base.any_of) and OWNING.intersection(said):
        # "who maintains the cpu backend" under CPU narrowed to AMX: owning is of the whole area
        # the message names, not of the slice the thread narrowed to
        whole = replace(base, any_of=asked, topics=intent.query.topics, text="")
        matches = await thread.query.matches(thread.settings, whole)
        understood = f"{subject(thread.settings, whole)} · {thread.window_label()} (the whole area, not the thread's narrowing)"
    unnamed = left_out | (set(base.authors) if others else set())
    matches = [m for m in matches if m.pr.author.lower() not in unnamed]
    if {"merged", "closed"} & set(intent.query.states):
        # "top 3 contributors by merged prs?", "who shipped the most": among the merged ones ("who
        # is working on aiter" asks who did the thread's aiter work, open or not)
        states_only = replace(
            intent.query, any_of=(), topics=(), exclude=(), text="", exclude_text=(), authors=()
        )
        matches = thread.filtered(matches, states_only) or matches  # none in that state: everyone's
    words = [  # "excluding @x, who's top?": the person left out, and the words leaving them out, are no subject
        w
        for w in intent.subject.split()
        if w not in STATE_WORDS and not (left_out and (w.lstrip("@") in left_out or w in _LEAVING_OUT))
    ]
    # "who made that one, want to ping them", "and who sent these? thank the folks on discord":
    # from the asker's own purpose on, the words are theirs, not what the people worked on
    mine = next((k for k, w in enumerate(words) if w in _ASKERS_OWN), len(words))
    # ("who should i ping about the flashinfer ones": the asker's words first, the subject after)
    words = words[:mine] if mine else [w for w in words if w not in _ASKERS_OWN]
    found, how = _named_in(thread, matches, words, intent.query)
    if not found and words:
        # "who's writing most of the nvfp4 stuff?" after narrowing to MXFP4 on ROCm: the thread's
        # first list ("nvfp4 vs mxfp4 this year") is what it is about
        found, how = _named_in(thread, await thread.first_list(), words, intent.query)
        how = f"{how}, among the thread's first list" if found else how
    what = f"'{' '.join(words)}'" if words else "these PRs"
    if not found:
        return Reply(
            kind="empty",
            title=f"None of this thread's {count_label(len(matches))} mention {what}"
            if matches
            else "This thread's question found no PRs, so there is no one to name",
            understood=understood,
            suggestions=("who is working on these?",) if matches else (),
        )
    groups, more = people(found, intent.query.limit)  # "who were the top 3 there"
    notes = [f"Matched {what} {how} among this thread's {count_label(len(matches))}."] if words else []
    if more:
        notes.append(f"And {more} more authors with fewer PRs.")
    if intent.query.new_among:  # "who touched flashinfer this week so far, anyone new?"
        notes.insert(0, await thread.query.new_among(thread.settings, base.since, found))
    return Reply(
        kind="list",
        title=people_title(found, what),
        understood=understood,
        groups=groups,
        total=len(found),
        notes=tuple(notes),
    )


# Words that point at the list a thread shows ("which of these", "in there", "the list above")
LIST_POINTERS = frozenset({"these", "those", "them", "there", "here", "thread", "above", "list"})


def narrowing_cue(text: str) -> bool:
    """Words that point at the thread's own list ("only", "which of these", "anything fp8 in
    there", "in this thread", "in the list above")."""
    return bool(set(tokenize(text)[0]) & (NARROW_CUES | LIST_POINTERS | {"which"}))


# Beside a person left out ("excluding @x", "if we don't count him"): the words that leave them out
_LEAVING_OUT = LEAVING_PERSON_OUT | {"count", "counting", "not", "by", "out", "do", "don't", "dont"}


def filter_phrase(settings: RepoSettings, query: Query) -> str:
    """A narrowing in words for a title: `ROCm, merged, by @alice`."""
    parts = [" or ".join(topic_name(settings, t) for t in group) for group in query.any_of]
    if query.exclude:
        parts.append("not " + ", ".join(topic_name(settings, t) for t in query.exclude))
    if query.states:
        kept, gone = split_states(query.states)
        labels = [STATE_LABELS.get(s, s) for s in kept] + ["not " + STATE_LABELS.get(s, s) for s in gone]
        parts.append(" or ".join(labels))
    if query.authors:
        parts.append("by " + ", ".join(f"@{a}" for a in query.authors))
    if query.exclude_authors:
        parts.append("not by " + ", ".join(f"@{a}" for a in query.exclude_authors))
    if query.text:
        parts.append(f"'{query.text}'")
    return ", ".join(parts) or "that"


# "how many merged in total?", "how many overall": the whole question's count, not its top N;
# with "together" / "combined" ("same for xpu + tpu together"): one number, not one per alternative
_IN_TOTAL_WORDS = r"in total|total|overall|altogether|all together|in all|all up"
IN_TOTAL = re.compile(rf"\b(?:{_IN_TOTAL_WORDS})\b", re.I)
TOGETHER = re.compile(rf"\b(?:together|combined|{_IN_TOTAL_WORDS})\b", re.I)


def combine(base: Query, narrow: Query) -> Query:
    """The thread's query with a narrowing on top (for the `understood` line). A narrowing to
    some of the thread's alternatives replaces them ("only nixl" under "NIXL or Mooncake" is
    NIXL, not "NIXL or Mooncake + NIXL")."""
    # (a half of a breaking change is narrower than the breaking changes it is a half of)
    narrower = [set(g) | set(whole_change([g])[0]) for g in narrow.any_of]
    kept = [g for g in base.any_of if not any(n < set(g) or set(g) == {BREAKING} < n for n in narrower)]
    any_of = tuple(dict.fromkeys((*kept, *narrow.any_of)))
    asked = {k for g in any_of for k in g}
    return replace(
        base,
        topics=tuple(t for t in dict.fromkeys((*base.topics, *narrow.topics)) if t in asked or not any_of),
        any_of=any_of,
        exclude=tuple(dict.fromkeys((*base.exclude, *narrow.exclude))),
        states=narrow.states or base.states,
        authors=narrow.authors or base.authors,
        # "what's the most important one here for rocm users?": that many of them
        limit=narrow.limit or base.limit,
        text=" ".join(dict.fromkeys((*base.text.split(), *narrow.text.split()))),
        exclude_text=tuple(dict.fromkeys((*base.exclude_text, *narrow.exclude_text))),
        phrases=tuple(dict.fromkeys((*base.phrases, *narrow.phrases))),
        exclude_authors=tuple(dict.fromkeys((*base.exclude_authors, *narrow.exclude_authors))),
        # "how many merged + how many bug fixes", then "any breaking changes?": what it counted
        # among all of them is no count of the narrower list
        counted=() if narrow.any_of else base.counted,
        notes=(),
        typos=(),
        corrected="",
    )


def add_filters(query_text: str, words: str) -> str:
    original, _, filters = query_text.partition(FILTER_SEP)
    joined = " ".join(w for w in (filters, words) if w)
    return f"{original}{FILTER_SEP}{joined}"[:1000] if joined else original


def _match_verb(query: Query) -> str:
    return "are" if query.states and not (query.any_of or query.authors or query.text) else "match"


def _hay(match: Match) -> str:
    return " ".join((match.pr.title, match.cls.summary, *match.pr.labels)).lower()
