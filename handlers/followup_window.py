"""Moving a thread to another window or subject: `same for the week before` (shift), `what about
qwen?` (switch), `any open ones too?` (widen: states added), and `compare with the week before`
(counts side by side, the thread stays).

A shift or switch moves the thread: the new window's (or subject's) PRs become its list.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from datetime import time as dt_time
from typing import Literal

from handlers.calendar import (
    MIN_YEAR,
    MONTHS,
    NEWER_THAN,
    add_months,
    further_back_window,
    local_midnight,
    week_start_of,
)
from handlers.digest_signals import is_change
from handlers.followup_intent import FURTHER_BACK, SINCE_THEN, Intent
from handlers.followup_narrow import NOTHING, add_filters, combine, filter_words
from handlers.followup_thread import FILTER_SEP, Thread, count_label
from handlers.models import Reply, Taxonomy
from handlers.parse import Query, implies, kind_of, split_states, with_window
from handlers.query import Match, ordered, pace_note, signed, state_tally, subject, understood_line
from handlers.terms import is_term

SPECIFIC_PRS = "This thread is about specific PRs, so a time window does not apply"
SPECIFIC_PRS_SUBJECT = "This thread is about specific PRs; ask a new question with the slash command"


def window_of(thread: Thread, intent: Intent) -> tuple[datetime, datetime]:
    """The window a shift or comparison asks for: the span before or after the thread's, or the
    time the message names."""
    asked = intent.query
    if intent.kind == "compare" and asked.then_since is not None and asked.then_until is not None:
        # the time it is compared with ("more than last month?" under November's PRs); of two periods
        # the message names, the one that is not the thread's ("and january? compare with
        # february" under February is January; "total last week vs the week before" under
        # October's PRs is the week before - the thread then moves to last week)
        here, then = (thread.context.since, thread.context.until), (asked.then_since, asked.then_until)
        if asked.window_given and here == then:
            return asked.since, asked.until
        if not intent.shift or (asked.window_given and here != (asked.since, asked.until)):
            return then
    if intent.shift and asked.window_given and any(w in MONTHS for w in asked.time_text.split()):
        # "how does that compare with the month before, i.e. october?": the month said by name
        return asked.since, asked.until
    if intent.shift:
        context = thread.context
        span = context.until - context.since
        named = _named_period(thread, intent)
        if named is not None:
            return named
        if intent.shift == FURTHER_BACK:
            return further_back_window(context.since, context.until)
        if intent.shift < 0:
            whole = _whole_period_before(thread)
            return whole or (context.since - span, context.since)
        if intent.shift == SINCE_THEN:
            # "any other reverts since the digest": up to now; under a window that reaches now
            # already there is no later time, so the thread's own window
            return (
                (context.until, thread.now) if thread.now > context.until else (context.since, context.until)
            )
        # "and the month after?" under September is October, all of it
        months = _calendar_months(thread)
        tz = thread.settings.tz
        end = (
            local_midnight(add_months(context.until.astimezone(tz).date(), months), tz)
            if months
            else context.until + span
        )
        return context.until, _not_past_today(thread, context.until, end)
    since, until, _ = asked_window(thread, intent.query)
    return since, until


_UNIT_DAYS = {"day": (1, 1), "week": (6, 8), "month": (28, 31), "quarter": (89, 92), "year": (365, 366)}
_UNIT_MONTHS = {"month": 1, "quarter": 3, "year": 12}


def _named_period(thread: Thread, intent: Intent) -> tuple[datetime, datetime] | None:
    """ "the week before" / "the day after" under a window of another length: that period next to
    the thread's window (under "last month", "the week after" is Nov 1-7, not November); None when
    the message names no period or the one the window already is (the usual shift does)."""
    unit = intent.unit
    if not unit or intent.shift not in (-1, 1):
        return None
    context, tz = thread.context, thread.settings.tz
    low, high = _UNIT_DAYS[unit]
    days = (context.until - context.since).total_seconds() / 86400
    if low - 0.5 <= days <= high + 0.5:
        return None
    edge = (context.since if intent.shift < 0 else context.until).astimezone(tz)
    months = _UNIT_MONTHS.get(unit, 0)
    if months:
        other = local_midnight(add_months(edge.date(), -months if intent.shift < 0 else months), tz)
    else:
        length = 7 if unit == "week" else 1
        other = edge + timedelta(days=-length if intent.shift < 0 else length)
    if intent.shift < 0:
        return other, edge
    return edge, _not_past_today(thread, edge, other)


def _not_past_today(thread: Thread, start: datetime, end: datetime) -> datetime:
    """`end` of a window moved forward from `start`, at the latest the end of today: nothing after
    now can match."""
    tz = thread.settings.tz
    today_end = local_midnight(thread.now.astimezone(tz).date() + timedelta(days=1), tz)
    return max(start, min(end, today_end))


def _calendar_months(thread: Thread) -> int:
    """How many whole calendar months the thread's window is (October: 1, Q3: 3), or 0."""
    tz = thread.settings.tz
    first, end = thread.context.since.astimezone(tz), thread.context.until.astimezone(tz)
    if not (first.time() == dt_time(0) == end.time() and first.day == 1 == end.day):
        return 0
    return (end.year - first.year) * 12 + end.month - first.month


def asked_window(thread: Thread, query: Query) -> tuple[datetime, datetime, str]:
    """The time a message names, read in the thread: an open start that ends inside the thread's
    window starts where the thread does ("only the ones before nov 10" under November, "which of
    them came in before the 10th": the thread's PRs up to then, not all history)."""
    since, until = query.since, query.until
    if since.year <= MIN_YEAR and thread.context.since < until < thread.context.until - timedelta(hours=1):
        return thread.context.since, until, thread.window_label(thread.context.since, until)
    if (
        _COMPARED.intersection(query.time_text.split())
        and thread.context.since < since < thread.context.until
        and until > thread.context.until
    ):
        # "only the ones newer than the 27th": this thread's PRs after that day, not up to today
        return since, thread.context.until, thread.window_label(since, thread.context.until)
    return since, until, query.window_label


# Words comparing a time with a later one ("newer than", "later than", "more recent than"): in a
# thread they compare the thread's own PRs with it
_COMPARED = frozenset(word for word, _ in NEWER_THAN)


def _whole_period_before(thread: Thread) -> tuple[datetime, datetime] | None:
    """ "the week before" under "this week" (Monday to today): the whole week before, not the
    four days before Monday; under "this month so far", the whole month before."""
    settings, context = thread.settings, thread.context
    first = context.since.astimezone(settings.tz)
    months = _calendar_months(thread)
    if months:  # a calendar month (or months): "the month before" under October is September
        return local_midnight(add_months(first.date(), -months), settings.tz), context.since
    if first.time() != dt_time(0) or context.until - context.since >= timedelta(days=28):
        return None
    day = first.date()
    if context.until - context.since < timedelta(days=7) and week_start_of(day, settings.week_start) == day:
        return local_midnight(day - timedelta(days=7), settings.tz), context.since
    if day.day == 1:
        return local_midnight(add_months(day, -1), settings.tz), context.since
    return None


async def switch(thread: Thread, intent: Intent, *, fresh: bool = False) -> Reply:
    """`what about qwen?`: the same window (and states) for another subject; the thread follows it.
    `fresh` ("what other new models landed this month?"): the subject asked alone, nothing of the
    thread's own subject kept."""
    base = thread.base_query()
    if base.pr_numbers and thread.context.kind == "query" and not fresh:
        return thread.capabilities(SPECIFIC_PRS_SUBJECT)
    asked = intent.query
    taxonomy = thread.settings.taxonomy
    if fresh:  # nor its count and order ("the first dspark pr", then "who's worked on it since then")
        base = replace(base, exclude=(), sort=0, limit=0)
    elif asked.authors and not asked.any_of:  # "what did NickLucche merge in that area": the same area
        asked = replace(asked, any_of=base.any_of, exclude=asked.exclude or base.exclude)
    elif not asked.any_of:  # "and merged ones this week?": the same subject, another state and time
        asked = replace(
            asked,
            any_of=base.any_of,
            exclude=asked.exclude or base.exclude,
            authors=base.authors,
            # (the words its titles say are of the subject too: `prs with "sampler" in the title`)
            text=asked.text or base.text,
            phrases=asked.phrases or base.phrases,
        )
    elif asked.any_of and all(kind_of(k, taxonomy) for g in asked.any_of for k in g):
        # "what about hopper" under "blackwell perf prs": a platform (model, format, library) for
        # another, the kind of work (performance, bug fixes, MoE) kept, and a format or library
        # of another kind ("what about gb200" under "blackwell nvfp4": NVFP4 stays); a platform
        # or model family is the subject, replaced by any other ("what about qwen" under rocm)
        asked_kinds = {kind_of(k, taxonomy) for g in asked.any_of for k in g}
        base_kinds = {kind_of(k, taxonomy) for g in base.any_of for k in g}
        # Like for like ("what about mxfp4 instead" under "blackwell nvfp4"): only the thing of
        # that kind is swapped, the platform stays.
        replaced = asked_kinds if asked_kinds & base_kinds else asked_kinds | {"hardware", "model"}
        said = asked.without_time.lower().split()
        if not asked_kinds & base_kinds and "same" in said:
            replaced = set()  # "same on rocm?" under Qwen3.5 GDN PRs: those, on ROCm
        elif asked_kinds == {"hardware"} and "on" in said:
            # "what about on rocm" under DeepSeek-V4 perf PRs: the subject placed on that platform
            # (the model stays), where "what about rocm" asks about ROCm instead
            replaced = asked_kinds
        gone = {k for g in base.any_of for k in g if kind_of(k, taxonomy) in replaced}
        kept = tuple(
            g
            for g in base.any_of
            # AITER goes with ROCm ("how does that compare to nvidia"): it implies what was replaced
            if not any(kind_of(k, taxonomy) in replaced or implies(k, taxonomy) & gone for k in g)
        )
        asked = replace(asked, any_of=(*kept, *asked.any_of))
    elif (
        not any(kind_of(k, taxonomy) or is_term(k) or is_change(k) for g in asked.any_of for k in g)
        and any(not any(kind_of(k, taxonomy) for k in g) for g in base.any_of)
        and any(all(kind_of(k, taxonomy) for k in g) for g in base.any_of)
        and not set(asked.any_of) & set(base.any_of)  # ("what about MoE lora?" under LoRA + Qwen: said anew)
    ):
        # "what about perf?" under "rocm fixes": one kind of work for another, the platform (model,
        # format) kept - ROCm performance, not all performance
        kept = tuple(g for g in base.any_of if all(kind_of(k, taxonomy) for k in g))
        asked = replace(asked, any_of=(*kept, *asked.any_of))
    elif any(_siblings(g, a, taxonomy) for g in base.any_of for a in asked.any_of):
        # "what about lmcache" under NIXL bug fixes: a connector for a connector (named things of
        # one area), the kind of work kept
        kept = tuple(g for g in base.any_of if not any(_siblings(g, a, taxonomy) for a in asked.any_of))
        asked = replace(asked, any_of=(*kept, *asked.any_of))
    if not asked.exclude and base.exclude:
        # what the thread leaves out stays out ("no fixes", then "and for cpu?"), unless asked for
        wanted = {k for g in asked.any_of for k in g}
        asked = replace(asked, exclude=tuple(k for k in base.exclude if k not in wanted))
    query = _in_thread_window(thread, asked, asked.states or base.states)
    if asked.window_given:  # "what about mi300x specifically, this month": the time asked for
        since, until, label = asked_window(thread, asked)
        query = replace(query, since=since, until=until, window_label=label)
    # "same but mxfp4" under "top 5 nvfp4 prs": the new subject keeps the thread's count and order
    # (the count of "top 10 contributors" is of people: every PR of the new subject is kept)
    limit = asked.limit or (0 if base.who else base.limit)
    query = replace(query, sort=asked.sort or base.sort, limit=limit)
    words = filter_words(query, replace(base, any_of=(), exclude=(), authors=(), text="", states=()))
    return await _follow(thread, query, words, subject(thread.settings, query), kind="query")


def _in_thread_window(thread: Thread, query: Query, states: tuple[str, ...]) -> Query:
    """`query` over the thread's window, with these states."""
    return replace(
        query,
        since=thread.context.since,
        until=thread.context.until,
        window_label=thread.window_label(),
        window_given=True,
        states=states,
    )


async def widen(thread: Thread, intent: Intent) -> Reply:
    """`any open ones too?`: the thread's question with those states added to its own; a thread
    with no state asked already holds PRs in every state, so it stays as it is."""
    base = thread.base_query()
    if base.pr_numbers and thread.context.kind == "query":
        return thread.capabilities(SPECIFIC_PRS_SUBJECT)
    kept = split_states(base.states)[0]
    if not kept:
        return Reply(
            kind="answer",
            title="This thread already lists PRs in every state",
            understood=thread.about(),
            suggestions=("how many are merged?", "more"),
        )
    added = split_states(intent.query.states)[0]
    query = _in_thread_window(thread, base, tuple(dict.fromkeys((*kept, *added))))
    words = filter_words(query, replace(base, any_of=(), exclude=(), authors=(), text="", states=()))
    what = f"{subject(thread.settings, query)}, {' or '.join(query.states)}"
    return await _follow(thread, query, words, what)


async def shift(thread: Thread, window: tuple[datetime, datetime]) -> Reply:
    """`same for the week before`: the thread's question over another window; the thread moves there."""
    base = thread.base_query()
    if base.pr_numbers:
        return thread.capabilities(SPECIFIC_PRS)
    since, until = window
    label = thread.window_label(since, until)
    query = with_window(base, since, until, label)
    return await _follow(thread, query, thread.context.query_text, label)


async def compare(thread: Thread, window: tuple[datetime, datetime], narrower: Query | None = None) -> Reply:
    """`compare with the week before`: the thread's counts beside another window's; with
    `narrower` (the filter of a count just asked, "how many of those are perf"), that count's."""
    base = thread.base_query()
    if base.pr_numbers:
        return thread.capabilities(SPECIFIC_PRS)
    if narrower is not None:
        base = _in_thread_window(
            thread, combine(base, replace(narrower, text="")), narrower.states or base.states
        )
    other_since, other_until = window
    here = await thread.query.matches(thread.settings, base)
    other_query = with_window(base, other_since, other_until, thread.window_label(other_since, other_until))
    there = await thread.query.matches(thread.settings, other_query)
    a, b = _tally(here, base), _tally(there, other_query)
    rows = [
        ("PRs", a.total, b.total),
        ("merged", a.merged, b.merged),
        ("opened", a.opened, b.opened),
        ("still open", a.still_open, b.still_open),
        ("closed unmerged", a.closed, b.closed),
        ("authors", a.authors, b.authors),
    ]
    lines = [f"{name}: {x} vs {y} ({signed(x - y)})" for name, x, y in rows]
    pace = pace_note(a.total, base.since, base.until, b.total, other_since, other_until)
    lines += [pace] if pace else []
    first, second = base.window_label, other_query.window_label
    return Reply(
        kind="answer",
        title=f"{subject(thread.settings, base)}: {first} vs {second}",
        understood=f"{count_label(a.total)} in {first}; {count_label(b.total)} in {second}",
        notes=tuple(lines),
        suggestions=("same for the week before",),
    )


async def count_whole(thread: Thread, intent: Intent) -> Reply:
    """ "how many prs merged in total?" under "top 5 merges": every PR of the thread's question
    (and the message's filters, over the time it names if any), not the first N shown."""
    base = thread.base_query()
    asked = replace(intent.query, text=" ".join(intent.words))
    whole = replace(combine(base, asked), limit=0, sort=0)
    if asked.window_given:  # "how many merged in total this month?"
        since, until, label = asked_window(thread, asked)
        whole = replace(whole, since=since, until=until, window_label=label)
    found = await thread.query.matches(thread.settings, whole)
    said = understood_line(thread.settings, whole, len(found)).rsplit(" · ", 1)[0]
    return Reply(
        kind="answer",
        title=f"{count_label(len(found))} in all: {said}",
        understood=thread.about(),
        notes=(f"This thread shows the first {base.limit} of them.",),
    )


async def narrow_top(thread: Thread, intent: Intent) -> Reply:
    """`only nvidia` under `top 5 perf prs since nov 1`: the top five of the narrower question
    over the thread's window, not the thread's five narrowed to the one or none among them."""
    base = thread.base_query()
    asked = replace(intent.query, text=" ".join(intent.words))
    query = _in_thread_window(thread, combine(base, asked), asked.states or base.states)
    query = replace(query, sort=asked.sort or base.sort, limit=asked.limit or base.limit)
    text = add_filters(thread.context.query_text, filter_words(asked, base))
    return await _follow(thread, query, text, subject(thread.settings, query))


async def unfilter(
    thread: Thread,
    intent: Intent,
    opposite: bool = False,
    drop_authors: bool = False,
    restore: bool = False,
    per_key: bool = False,
    taken_back: frozenset[str] = frozenset(),
    whole: bool = False,
) -> Reply:
    """ "without the aiter filter", "drop the rocm filter but keep fp8": the thread's question
    without the narrowing named (not with its opposite), over the time asked for if any.

    With `per_key` (a message that contradicts the thread's question), each thing named is read
    against it: one the question requires and the message leaves out is taken back ("forget qwen",
    "lora instead of fixes"; with `opposite`, "no bug fixes" under "only bug fixes", it is left
    out instead), one it does not require is left out ("remove lmcache instead"), and one the
    question leaves out and the message asks for is required ("only aiter" after "not aiter"),
    or with `restore` only no longer left out ("put nixl back"). A term naming a topic taken back
    goes with it (Qwen3-VL with Qwen). With `whole` ("drop the EAGLE filter, give me all MRV2
    spec-decode work"), what the message names is the whole subject: the thread's other
    narrowings go too."""
    # "drop the reverts. and include open PRs too": every state, the open ones among them
    base, asked = thread.base_query(), intent.query.every_state_included()
    taxonomy = thread.settings.taxonomy
    named_out = set(asked.exclude)
    required = {k for group in base.any_of for k in group}
    taken = named_out & required if per_key else named_out
    restored = {k for g in asked.any_of for k in g} & set(base.exclude)
    stressed = set(base.prefer)  # "esp moe", then "forget moe": no longer stressed, not left out
    # "forget moe" when the question never asked for MoE: nothing left out; "forget perf. how many
    # were NOT ci": CI, named outside the taking back, is left out
    not_asked = named_out - required - stressed - taken_back
    left_out = not_asked | (taken if opposite else set()) if per_key else set()

    def gone(key: str) -> bool:
        return key in taken or bool(implies(key, taxonomy) & taken)

    added = tuple(g for g in asked.any_of if not (restore and set(g) <= restored))

    def still_asked(group: Sequence[str]) -> tuple[str, ...]:
        """ "drop the reverts" under "breaking changes or reverts": the other alternatives stay
        asked for, unless the message says what to ask for instead ("drop mooncake, only lmcache
        n nixl" under "kv offload / lmcache / mooncake")."""
        if not any(map(gone, group)):
            return tuple(group)
        return () if added else tuple(k for k in group if not gone(k))

    kept = replace(
        base,
        # "drop the aiter filter, only bugfixes": what the message adds comes along
        any_of=tuple(
            dict.fromkeys(
                (*(g for g in map(still_asked, base.any_of) if g and not (whole and added)), *added)
            )
        ),
        topics=tuple(t for t in base.topics if t not in taken),
        prefer=tuple(k for k in base.prefer if k not in named_out),
        exclude=tuple(
            dict.fromkeys((*(k for k in base.exclude if k not in named_out | restored), *sorted(left_out)))
        ),
        states=() if asked is not intent.query else asked.states or base.states,
        authors=() if drop_authors else asked.authors or base.authors,
    )
    query = _in_thread_window(thread, kept, kept.states)
    if asked.window_given:
        query = replace(query, since=asked.since, until=asked.until, window_label=asked.window_label)
    return await _follow(thread, query, _as_words(thread, query), subject(thread.settings, query))


async def other_person(thread: Thread, intent: Intent) -> Reply:
    """ "ok list harry mellor's, same filters" under @DarkLight1337's PRs: the same question for
    another person (a person is replaced by a person; topics, states and time stay)."""
    base = thread.base_query()
    asked = intent.query
    query = _in_thread_window(
        thread,
        replace(base, authors=asked.authors, any_of=tuple(dict.fromkeys((*base.any_of, *asked.any_of)))),
        asked.states or base.states,
    )
    if asked.window_given:  # "what's the 2nd guy been up to this month": that person, that time
        since, until, label = asked_window(thread, asked)
        query = replace(query, since=since, until=until, window_label=label)
    return await _follow(
        thread, query, filter_words(query, NOTHING), subject(thread.settings, query), kind="query"
    )


async def add_alternative(thread: Thread, intent: Intent) -> Reply:
    """ "also lmcache" under "only nixl": the thread's question with LMCache beside NIXL, as
    either one (a named thing joins the group of named things; anything else is added)."""
    base = thread.base_query()
    taxonomy = thread.settings.taxonomy
    groups = [list(g) for g in base.any_of]
    for group in intent.query.any_of:
        if any(set(group) <= set(g) for g in groups):
            continue  # ("include open ones that are breaking too" under breaking changes: asked already)
        home = next((g for g in groups if _alike(g, group, taxonomy)), None)
        if home is None and _is_work(group, taxonomy):
            # "perf too" under bug fixes for DeepSeek: another kind of work beside the one asked for
            work = [g for g in groups if _is_work(g, taxonomy)]
            home = work[0] if len(work) == 1 else None
        if home is None:
            groups.append(list(group))
        else:
            home.extend(k for k in group if k not in home)
    kept, added = split_states(base.states)[0], split_states(intent.query.states)[0]
    # "... and include the open ones too": the states it adds to the thread's own
    states = tuple(dict.fromkeys((*kept, *added))) if kept and added else base.states
    query = _in_thread_window(thread, replace(base, any_of=tuple(tuple(g) for g in groups)), states)
    # the whole question as words: "tpu or cpu" joins the group it belongs to when read back
    return await _follow(thread, query, _as_words(thread, query), subject(thread.settings, query))


async def compare_people(thread: Thread, intent: Intent) -> Reply:
    """ "compare with mgoin same period, who has more merged?" under someone's PRs: the thread's
    question counted for each person, over its window (with the states asked, if any)."""
    base = thread.base_query()
    states = intent.query.states or base.states
    counts = []
    for login in dict.fromkeys((*base.authors, *intent.query.authors)):
        one = _in_thread_window(thread, replace(base, authors=(login,), text=""), states)
        counts.append((len(await thread.query.matches(thread.settings, one)), login))
    counts.sort(key=lambda c: (-c[0], c[1]))
    which = f", {' or '.join(split_states(states)[0])}" if split_states(states)[0] else ""
    return Reply(
        kind="answer",
        title=" · ".join(f"@{login}: {count_label(n)}" for n, login in counts),
        understood=thread.about(),
        notes=(f"Each counted over {thread.window_label()}{which}.",),
    )


async def every_state(thread: Thread, intent: Intent) -> Reply:
    """ "then any state, all time pls": the thread's question without its states (over the time
    asked for, if any)."""
    asked = intent.query
    query = _in_thread_window(thread, replace(thread.base_query(), text=""), ())
    if asked.window_given:
        query = replace(query, since=asked.since, until=asked.until, window_label=asked.window_label)
    return await _follow(thread, query, _as_words(thread, query), subject(thread.settings, query))


async def refine(thread: Thread, intent: Intent) -> Reply:
    """A narrowing of a thread whose question found nothing ("eagle only" under no open spec
    decode PRs): the narrower question, asked over the thread's window (or the time it names);
    the thread follows it."""
    base, asked = thread.base_query(), intent.query.every_state_included()
    taxonomy = thread.settings.taxonomy
    kinds = {kind_of(k, taxonomy) for g in asked.any_of for k in g} - {""}
    within = {t for g in asked.any_of for k in g for t in implies(k, taxonomy)}  # "only v3.2" under deepseek
    # like for like: "any gemma or llama ones" under Qwen3-VL asks about Gemma or Llama instead
    kept = tuple(
        g for g in base.any_of if set(g) & within or not any(kind_of(k, taxonomy) in kinds for k in g)
    )
    said = {k for g in asked.any_of for k in g}
    if said and said <= {k for g in base.any_of for k in g}:
        # "then just list the kimi k3 PRs" under "kimi k3 on 8xH200" (which found none): nothing
        # narrower exists, so that part of the question alone (not its other words either)
        kept = ()
        base = replace(base, text="", exclude_text=())
    query = combine(replace(base, any_of=kept), replace(asked, text=""))
    if asked.window_given:  # "then just list the kimi k3 PRs merged since last week": that time
        query = with_window(query, *asked_window(thread, asked))
    else:
        query = _in_thread_window(thread, query, query.states)
    return await _follow(thread, query, _as_words(thread, query), subject(thread.settings, query))


# "compare the two weeks", "both months side by side", "beide wochen zusammen" (both weeks
# together): two times the thread has shown, the one it is on and the one before
BOTH_PERIODS = re.compile(
    r"\b(?:(?:the|those|these) (?:two|2)|both(?: the| of the| of those)?) (?:days|weeks|months|quarters|years|periods|windows|ranges)\b",
    re.I,
)


async def both(thread: Thread, intent: Intent, text: str = "") -> Reply | None:
    """ "actually no, give me both" after "meant mxfp4 not nvfp4"; "both of them together" after
    "and by hmellor": the thread's question with what differs from the list before it taken as
    either (formats, platforms, people); "any topic" drops the topics; "both weeks together"
    spans the two lists' windows. None without a list before."""
    if not thread.context.earlier:
        return None
    before = thread.context.earlier[-1]
    base, old = thread.base_query(), thread.read_back(before.kind, before.query_text)
    taxonomy = thread.settings.taxonomy

    def kinds(group: Sequence[str]) -> set[str]:
        return {kind_of(k, taxonomy) for k in group}

    groups = [list(g) for g in base.any_of]
    for group in old.any_of:
        if group in base.any_of:
            continue
        home = next(
            (
                g
                for g in groups
                if (kinds(g) == kinds(group) and "" not in kinds(g)) or _siblings(g, group, taxonomy)
            ),
            None,
        )
        if home is None:
            groups.append(list(group))
        else:
            home.extend(k for k in group if k not in home)
    groups += [list(g) for g in intent.query.any_of if tuple(g) not in map(tuple, groups)]  # "only awq/gptq"
    either = {k for g in groups for k in g}
    tokens = set(intent.query.text.split()) | set(intent.query.without_time.split())
    any_topic = bool({"topic", "topics", "kind", "area"} & tokens) and bool({"any", "all", "every"} & tokens)
    query = replace(
        base,
        any_of=() if any_topic else tuple(tuple(g) for g in groups),
        topics=() if any_topic else base.topics,
        exclude=tuple(k for k in base.exclude if k not in either),  # "mxfp4 not nvfp4", then both
        authors=tuple(dict.fromkeys((*old.authors, *base.authors))),
        text="",
    )
    asked = intent.query
    query = _in_thread_window(thread, query, asked.states or base.states)
    if asked.window_given:  # "both, last 30 days, newest first"
        query = replace(query, since=asked.since, until=asked.until, window_label=asked.window_label)
    elif BOTH_PERIODS.search(text):  # "und die woche davor?", then "beide wochen zusammen": both at once
        since, until = min(before.since, query.since), max(before.until, query.until)
        query = replace(query, since=since, until=until, window_label=thread.window_label(since, until))
    query = replace(query, sort=asked.sort or base.sort, limit=asked.limit or base.limit)
    return await _follow(thread, query, _as_words(thread, query), subject(thread.settings, query))


def _as_words(thread: Thread, query: Query) -> str:
    """A rewritten question as the text its thread reads back (topics, states and people; the
    window is kept apart): the words alone, or after the digest's title in a digest thread."""
    words = filter_words(query, NOTHING)
    if thread.context.kind == "digest":
        return f"{thread.context.query_text.partition(FILTER_SEP)[0]}{FILTER_SEP}{words}"
    return words


def _siblings(group: Sequence[str], other: Sequence[str], taxonomy: Taxonomy) -> bool:
    """Two groups of named things of one area (NIXL and LMCache are both KV connectors)."""
    keys = (*group, *other)
    if not all(is_term(k) and not kind_of(k, taxonomy) for k in keys) or set(group) == set(other):
        return False
    areas = [implies(k, taxonomy) for k in keys]
    return bool(areas[0]) and all(a == areas[0] for a in areas)


def _is_work(group: Sequence[str], taxonomy: Taxonomy) -> bool:
    """Topics of no kind only ("bug fixes", "MoE or attention"): kinds of work, not named things."""
    return all(not is_term(k) and not is_change(k) and not kind_of(k, taxonomy) for k in group)


def _alike(group: Sequence[str], other: Sequence[str], taxonomy: Taxonomy) -> bool:
    """Two groups one more alternative may join: both named things, or things of one kind
    (DeepSeek and Kimi are model families)."""
    keys = (*group, *other)
    kinds = {kind_of(k, taxonomy) for k in keys}
    return all(is_term(k) for k in keys) or (len(kinds) == 1 and "" not in kinds)


async def open_now(thread: Thread, intent: Intent) -> Reply:
    """ "whats he got open rn" under "what did mgoin merge": the thread's subject, every PR of it
    open now, whenever it was opened (the thread follows that list)."""
    base = thread.base_query()
    asked = replace(intent.query, text=" ".join(intent.words))
    # "which of them came in before the 10th": from the thread's start up to then
    since, until, label = asked_window(thread, asked)
    query = replace(combine(base, asked), since=since, until=until, window_label=label)
    query = replace(query, states=asked.states, window_given=True)
    text = add_filters(thread.context.query_text, filter_words(asked, base))
    return await _follow(thread, query, text, subject(thread.settings, query))


async def ask_anew(thread: Thread, query: Query, text: str) -> Reply:
    """A new question asked in a thread about one PR ("other kimi prs by them"), over its own
    window; the thread follows its answer."""
    return await _follow(thread, query, text, subject(thread.settings, query), kind="query")


async def _follow(
    thread: Thread,
    query: Query,
    query_text: str,
    what: str,
    *,
    kind: Literal["query", "digest"] | None = None,
) -> Reply:
    """Move the thread to `query` (another window or subject): its PRs become the thread's."""
    settings = thread.settings
    query, matches = await thread.query.resolve(settings, query)
    if query.sort or query.limit:
        matches, query = ordered(query, matches, settings.max_items)
    reply = thread.query.list_reply(settings, query, query_text, matches) if matches else None
    # With no PRs the thread follows the question even so ("what about mxfp4 instead" then "and
    # last month?" asks about MXFP4); `go back` returns to the list it left.
    thread.context = replace(
        thread.context,
        kind=kind or thread.context.kind,
        query_text=query_text,
        since=query.since,
        until=query.until,
        pr_numbers=reply.seed.pr_numbers if reply and reply.seed else (),
        shown=reply.seed.shown if reply and reply.seed else 0,
        page_start=0,
    )
    if reply is None:
        # where the nearest are ("2 PRs match over the 30 days ..."), as a command's empty answer
        # (its suggestions are built from the words of the thread's whole question, not the
        # follow-up's: "any on hopper?" under NVFP4 suggests `nvfp4 hopper all time`)
        said = filter_words(query, replace(query, any_of=(), exclude=(), exclude_authors=()))
        asked = replace(query, without_time=said) if said else query
        nearest = await thread.query.empty_reply(settings, asked, query_text, thread.now)
        return Reply(
            kind="empty",
            title=f"No PR matches {subject(settings, query)} in {query.window_label}",
            understood=understood_line(settings, query, 0),
            notes=(*nearest.notes, f"This thread now follows {what}; `go back` returns to the list before."),
            suggestions=tuple(s for s in nearest.suggestions if s != f"/{settings.command} help"),
        )
    notes = (*reply.notes, f"This thread now follows {what}.")
    return replace(reply, notes=notes, suggestions=())


@dataclass(frozen=True)
class _Tally:
    total: int
    merged: int
    opened: int
    still_open: int
    closed: int
    authors: int


def _tally(matches: Sequence[Match], query: Query) -> _Tally:
    merged, opened, still_open, closed = state_tally(matches, query.since, query.until)
    authors = len({m.pr.author.lower() for m in matches})
    return _Tally(len(matches), merged, opened, still_open, closed, authors)
