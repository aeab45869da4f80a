"""Slash-command queries: command text -> Query (handlers/parse.py) -> Reply.

Answers come from the store's indexed window reads and cached classifications (heuristic on
the spot for any PR not yet classified), so no answer waits on GitHub or an LLM. Every reply
says how the question was understood, with exact dates; empty answers say why and suggest
something that does match. With an LLM configured, an optional one-paragraph synthesis sits
on top of the list, citing only PRs in the result.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import re
import time
from bisect import bisect_left
from collections import Counter
from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, fields, replace
from datetime import date, datetime, timedelta
from functools import lru_cache

from cachetools import LRUCache

from handlers.calendar import (
    add_months,
    default_window,
    history_start,
    local_midnight,
    week_start_of,
    window_label,
)
from handlers.citations import Guard
from handlers.digest_rank import weight as significance
from handlers.digest_signals import Signals, change_name, is_change, is_change_of, read_one, revert_names
from handlers.language import ACTION_NOTE
from handlers.models import (
    Classification,
    Digest,
    ItemGroup,
    PRDetail,
    PRLink,
    Prompt,
    PullRequest,
    Reply,
    ReplyItem,
    RepoSettings,
    Taxonomy,
    Term,
    ThreadSeed,
    Window,
)
from handlers.parse import (
    BOTS,
    STATE_WORDS,
    VERSION_WORD,
    Query,
    filter_words,
    is_bot,
    is_negator,
    kind_of,
    left_out_statuses,
    parse_query,
    phrase_words,
    sets_side_by_side,
    split_states,
    state_words,
    tokenize,
)
from handlers.ports import LLM, ClassificationSource, Store
from handlers.terms import TERM_PREFIX, TermIndex, is_term, per_taxonomy, term_index

log = logging.getLogger(__name__)

STATE_ORDER = ("merged", "open", "draft", "closed")
STATE_TITLES = {"merged": "Merged", "open": "Open", "draft": "Draft", "closed": "Closed (unmerged)"}
STATE_PHRASES = {
    "merged": "merged",
    "open": "opened and still open",
    "draft": "opened and still draft",
    "closed": "closed without merging",
    "opened": "opened",
}
GROUP_AT = 6  # shown items from which a mixed-state answer is grouped by state
WIDER_DAYS = 30
DOMINANT_NAMESAKE = 10  # a first name is the login it starts that wrote 10x the PRs of the others
REPLY_CACHE_SIZE = 512
WEIGHT_CACHE_SIZE = 50_000  # PR weights kept: four years of a repo as busy as vLLM
SYNTHESIS_MIN_PRS = 3
SYNTHESIS_MAX_PRS = 40
SYNTHESIS_CHARS = 1200  # the paragraph is cut at a word boundary beyond this


@dataclass(frozen=True)
class Match:
    pr: PullRequest
    cls: Classification
    # How much a maintainer would care (handlers/digest_rank.weight): the digest's own ranking,
    # so an answer shows first the PRs the digest singles out. 0 until `QueryHandler.weigh`.
    weight: float = 0.0


class QueryHandler:
    """Answers slash commands for every followed repository."""

    def __init__(
        self,
        *,
        store: Store,
        classifications: Mapping[str, ClassificationSource],
        llm: LLM | None = None,
        synthesis_timeout: float = 20.0,
        synthesis_max_tokens: int = 400,
        synthesis_prompt: Prompt | None = None,
        reading_prompt: Prompt | None = None,
        reading_timeout: float = 6.0,
        reply_cache_size: int = REPLY_CACHE_SIZE,
        digester: Callable[[str, Window | None], Awaitable[Digest]] | None = None,
    ) -> None:
        self.store = store
        # Builds (and stores) a repo's digest of a window, default the last full week: "/vllm
        # weekly digest" answers with it. None: such a question gets the usual PR list.
        self.digester = digester
        self.classifications = classifications
        self.llm = llm
        self.synthesis_timeout = synthesis_timeout
        self.synthesis_max_tokens = synthesis_max_tokens
        self.synthesis_prompt = synthesis_prompt  # no prompt: no synthesis paragraph
        # A question in a language the parser has no words for, read in English by the model
        # first (no prompt or no model: the offline reading alone)
        self.reading_prompt = reading_prompt
        self.reading_timeout = reading_timeout
        # Answers by (repo, text, resolved query), valid while the store's data version holds:
        # the same question asked again (many people, or a burst) costs one version read.
        # 0: every answer is computed (benchmarks).
        self._replies: LRUCache[tuple[object, ...], tuple[str, Reply]] | None = (
            LRUCache(maxsize=reply_cache_size) if reply_cache_size > 0 else None
        )
        # Each PR's weight by its content, topics and state, kept across index rebuilds: an
        # ingest changes a few PRs, so the next answer reads the signals of those alone.
        self._weights: LRUCache[tuple[object, ...], float] = LRUCache(maxsize=WEIGHT_CACHE_SIZE)
        # Each repo's PRs by time, valid while the store's data version holds (see WindowIndex).
        self._indexes: dict[str, tuple[str, WindowIndex]] = {}
        self._index_locks: dict[str, asyncio.Lock] = {}

    def parse(self, settings: RepoSettings, text: str, now: datetime) -> Query:
        return parse_query(
            text,
            settings.taxonomy,
            tz=settings.tz,
            tz_name=settings.tz_name,
            week_start=settings.week_start,
            now=now,
            default_days=settings.default_days,
        )

    async def answer(
        self, settings: RepoSettings, text: str, *, now: datetime, user: str = "", synthesize: bool = True
    ) -> Reply:
        """Answer the text after the slash command (`rocm last week`)."""
        query = self.parse(settings, text, now).as_command()
        if query.is_help:
            return help_reply(settings, query)
        key = (settings.name, text, query, synthesize)
        version = await self.store.data_version(settings.name)
        cached = self._replies.get(key) if self._replies is not None else None
        if cached is not None and cached[0] == version:
            return cached[1]
        token = _VERSION.set((settings.name, version))  # this answer's reads reuse it (one store read)
        try:
            asked = text
            if (
                self.llm is not None
                and self.reading_prompt is not None
                and await self._unplaced(settings, text, query)
            ):
                text, query = await self._read_in_english(settings, text, query, now)
            reply = await self._answer(settings, query, text, now, synthesize)
            if text != asked:  # the thread follows the question as it was read
                reply = _replace(reply, notes=(*reply.notes, f"Read by the AI model as: {text}"))
        finally:
            _VERSION.reset(token)
        # An answer whose model synthesis failed is not kept: the next ask may get it.
        if self._replies is not None and (self.llm is None or reply.synthesis or reply.kind != "list"):
            self._replies[key] = (version, reply)  # evicts the least recently used past maxsize
        return reply

    async def digest_reply(self, settings: RepoSettings, query: Query) -> Reply:
        """ "weekly digest", "digest for last week": the digest of the window asked for (default
        the last full week, as posted), its areas as groups and its thread a digest's thread."""
        from handlers.digest import digest_reply  # its modules load at the first digest

        assert self.digester is not None
        digest = await self.digester(settings.name, query.window if query.window_given else None)
        prs = await self.store.get_prs(settings.name, digest.cited)
        return digest_reply(digest, prs, settings.command)

    async def _answer(
        self, settings: RepoSettings, query: Query, text: str, now: datetime, synthesize: bool
    ) -> Reply:
        if query.pr_numbers:
            return await self._pr_reply(settings, query, text, now)
        if query.digest and self.digester is not None and not _narrowed(query):
            return await self.digest_reply(settings, query)
        if query.typos and query.corrected and await self._typos_only(settings, query):
            # "open blackwel prs": no PR ever said "blackwel", so answer for the word it resembles
            text = query.corrected  # the thread's follow-ups read the question as answered
            fixed = self.parse(settings, text, now)
            typos = tuple(f"'{word}' → {fix}" for word, fix in query.typos)
            query = replace(fixed, readings=(*typos, *fixed.readings))
        query, matches = await self.resolve(settings, query)
        if query.first_timers:  # "new contributors this month": the people whose first PR is here
            matches = await self.first_timer_matches(settings, query.since, matches)
        matched = len(matches)
        if query.prefer and not query.sort:
            matches, query = self._preferred(settings, query, matches)
        # "top 5 authors": five people, "top 3 areas": three topics, each over every PR
        groups_shown = query.limit if query.who or query.per_topic or query.per_kind else 0
        if query.sort or (query.limit and not groups_shown):
            matches, query = ordered(query, matches, settings.max_items)
        readings = await self._term_readings(settings, query, matched)
        if readings:
            query = replace(query, notes=(*query.notes, *readings))
        if not matches and query.who and "open" in query.states and not query.authors:
            # "who's working on the rust frontend?" with nothing open: the people behind its work
            # of the last WIDER_DAYS days, merged or not, said as such
            since, until = default_window(now, settings.tz, WIDER_DAYS)
            label = window_label(since, until, settings.tz, settings.tz_name)
            recent = replace(query, states=(), since=since, until=until, window_label=label)
            matches = await self.matches(settings, recent)
            if matches:
                note = f"No PR of it is open now; these are the people behind its PRs of the {WIDER_DAYS} days {label}."
                query = replace(recent, notes=(*recent.notes, note))
        if not matches and query.newest_if_none:
            # "whats the latest on nvfp4 moe" with none in the last days: the newest ones, whenever
            until = query.until
            since = history_start(until)
            label = window_label(since, until, settings.tz, settings.tz_name)
            wider = replace(
                query,
                since=since,
                until=until,
                window_label=label,
                window_given=True,
                sort=-1,
                limit=query.limit or 5,
            )
            found = await self.matches(settings, wider)
            if found:
                note = f"None in {query.window_label}; the newest {min(len(found), wider.limit)} of any time."
                # the terms' counts are those of the answer's time, not of the empty window
                kept = tuple(n for n in query.notes if n not in readings)
                readings = await self._term_readings(
                    settings, replace(wider, time_text="all time"), len(found)
                )
                query = replace(wider, notes=(*kept, *readings, note))
                matches, query = ordered(query, found, settings.max_items)
        then_matches: list[Match] | None = None  # the second range's, beside a breakdown of the first
        if compares_periods(query, text) and query.then_since and query.then_until:
            if not (query.who or query.per_topic or query.per_period):
                compared = await self.periods_compared(settings, query, text, matches)
                if compared is not None:  # none in either range: said as any empty answer
                    return compared
            elif query.per_period:
                # "fp8 moe work sept vs oct - how many PRs each month": the breakdown by month over both
                since, until = min(query.since, query.then_since), max(query.until, query.then_until)
                label = window_label(since, until, settings.tz, settings.tz_name)
                query = replace(
                    query, since=since, until=until, window_label=label, then_since=None, then_until=None
                )
                matches = await self.matches(settings, query)
            else:
                # "who merged the most rocm this month vs last month": the people of the first range,
                # the second range's count beside it
                then = await self.matches(settings, query, query.then_since, query.then_until)
                then_matches = then
                note = f"Compared: {_count(len(matches))} in {query.window_label}, {_count(len(then))} in {query.then_label}."
                query = replace(query, notes=(*query.notes, note))
        if not matches:
            return await self.empty_reply(settings, query, text, now)
        reply = self.list_reply(settings, query, text, matches)
        if query.share:
            # "what fraction of prs were bug fixes": against every PR of the window, same states
            every = await self.matches(settings, _everything(query))
            if every:
                said = f"{matched} of {_count(len(every))} ({round(100 * matched / len(every))} %)"
                reply = replace(reply, understood=f"{reply.understood}: {said}")
        if query.per_period:
            # "merged prs per month since june": each month's count, in time order, three PRs each
            groups, earlier = by_period(  # ("busiest day this week": named as well)
                settings, matches, query.per_period, query.since, query.until, query.busiest
            )
            title = f"{subject(settings, query)} by {query.per_period}: {_count(len(matches))}"
            mean = (
                (_mean_note(len(matches), query.per_period, query.since, query.until),)
                if query.average
                else ()
            )
            return replace(reply, title=title, groups=groups, notes=(*mean, *reply.notes, *earlier))
        if query.merge_time:
            # "how long do rocm prs take to merge": the merged PRs by how long each was open
            return merge_times(settings, query, reply, matches)
        if query.per_kind:
            # "quantization by format": each format the PRs name, counted (not what was asked for)
            asked = {k for g in query.any_of for k in g}
            groups, more, unnamed = by_kind(settings, matches, query.per_kind, asked, groups_shown)
            title = f"{subject(settings, query)} by {KIND_LABELS[query.per_kind]}: {_count(len(matches))}"
            notes = (
                *reply.notes,
                *([f"And {more} more with fewer PRs."] if more else ()),
                *none_named_note(unnamed, len(matches), query.per_kind),
            )
            if not groups:
                notes = (
                    f"None of these PRs names a {KIND_LABELS[query.per_kind]} beyond what was asked.",
                    *notes,
                )
            return replace(reply, title=title, groups=groups, notes=notes)
        if query.per_topic or query.who:
            # "merged prs per topic last wk": each topic's count; "who's been doing the amd work":
            # the people; largest first, three PRs each
            # "october broken down by area? like rocm / xpu / quant": the buckets named, not every topic
            buckets = next((g for g in query.any_of if len(g) > 1 and not any(map(is_term, g))), ())
            groups, more = (
                by_topic(settings, matches, buckets, groups_shown)
                if query.per_topic
                else people(matches, groups_shown)
            )
            if query.per_topic and then_matches is not None:
                # "which area grew the most vs last month": each topic's change, both counts said
                groups, more = topics_compared(
                    settings, matches, then_matches, buckets, groups_shown, query.change
                )
            what = "topics" if query.per_topic else "authors"
            title = (
                f"{subject(settings, query)} by topic: {_count(len(matches))}"
                if query.per_topic
                else people_title(matches, subject(settings, query), first_timers=query.first_timers)
            )
            if query.per_topic and then_matches is not None:
                title = f"{subject(settings, query)} by topic: {query.window_label} vs {query.then_label}"
            notes = (*reply.notes, *([f"And {more} more {what} with fewer PRs."] if more else ()))
            if query.who and query.new_among:  # "who touched flashinfer this week, anyone new?"
                notes = (await self.new_among(settings, query.since, matches), *notes)
            if query.per_topic and then_matches is not None and query.change:
                notes = (*none_moved(settings, matches, then_matches, query.change), *notes)
            return replace(reply, title=title, groups=groups, notes=notes)
        if (
            self.llm is not None
            and self.synthesis_prompt
            and synthesize
            and len(matches) >= SYNTHESIS_MIN_PRS
        ):
            return await self._with_synthesis(settings, reply, matches)
        return reply

    async def new_among(self, settings: RepoSettings, since: datetime, matches: Sequence[Match]) -> str:
        """Who of the people behind `matches` is a first-time contributor since `since`, as a note
        ("who touched flashinfer this week, anyone new?")."""
        new = sorted(
            {m.pr.author for m in await self.first_timer_matches(settings, since, matches)}, key=str.lower
        )
        if not new:
            return "None of them is a first-time contributor (their first PR here is older)."
        return f"First-time contributors among them: {', '.join('@' + a for a in new)}."

    async def first_timer_matches(
        self, settings: RepoSettings, since: datetime, matches: Sequence[Match]
    ) -> list[Match]:
        """The matches by authors whose first PR the bot knows of is on or after `since` (the
        window's start; bots left out): in a command and in a thread alike."""
        authors = {m.pr.author for m in matches if not m.pr.is_bot}
        first = await self.store.first_seen(settings.name, authors) if authors else {}
        return [m for m in matches if m.pr.author in first and first[m.pr.author] >= since]

    # -- matching --------------------------------------------------------------------------------
    async def matches(
        self,
        settings: RepoSettings,
        query: Query,
        since: datetime | None = None,
        until: datetime | None = None,
    ) -> list[Match]:
        """Every PR matching `query` (over its window, or the one given), in answer order."""
        return (await self.resolve(settings, query, since, until))[1]

    async def resolve(
        self,
        settings: RepoSettings,
        query: Query,
        since: datetime | None = None,
        until: datetime | None = None,
    ) -> tuple[Query, list[Match]]:
        """The query as answered (free words that would empty an anchored answer set aside) and
        its matches in answer order."""
        since = since or query.since
        until = until or query.until
        fields: dict[str, None] = {}
        for state in split_states(query.states)[0] or ("default",):
            for name in _FIELDS[state]:
                fields[name] = None
        index = await self.window_index(settings.name)
        query = _logins_as_authors(query, index)
        prs = index.window(since, until, tuple(fields))
        authors = set(query.authors)
        kept, gone = split_states(query.states)[0], left_out_statuses(query.states)  # once, not per PR
        prs = [
            pr
            for pr in prs
            if pr.status not in gone
            and _state_ok(pr, kept, since, until)
            and (not authors or pr.author.lower() in authors)
        ]
        if not prs:
            return query, []
        classes = await index.classes(settings.name, prs, self.classifications[settings.name])
        words = query.text.split()
        terms = term_index(settings.taxonomy)

        def matching(query: Query) -> list[Match]:
            ok = matcher(replace(query, text="") if words else query, terms)
            return [
                Match(pr, cls) for pr in prs if (cls := classes.get(pr.number)) is not None and ok(pr, cls)
            ]

        found = matching(query)
        said = frozenset() if found else symptoms_said(settings.taxonomy, query)
        if said:
            # "did anyone fix the deepseek v4 crash": no DeepSeek-V4 fix of the week says "crash",
            # and the asker may not know how its fix was titled - the subject's fixes, the symptom
            # said to be set aside ("fixes for illegal memory access" has no subject but the
            # symptom: none is the answer)
            subject = without_symptoms(query, said)
            found = matching(subject)
            query = subject if found else query
        wider = None if found else families_of_parts(settings.taxonomy, query)
        if wider is not None:
            # "perf wins on h100 last week": no PR of the week names H100, but Hopper's are H100's
            # too - the family the part belongs to, said so
            found = matching(wider)
            query = wider if found else query
        if words:
            query, found = _apply_words(
                query, words, found, lambda w: not w.isascii() and not index.has_word(w)
            )
        if query.phrases:
            # a pasted title ("who wrote "[Kernel] Gemma-4 FA4 FP8 Kernel""): the PR of that very
            # title, not the revert that quotes it
            exact = {phrase_words(p) for p in query.phrases}
            found = [m for m in found if phrase_words(m.pr.title) in exact] or found
        found = self.weigh(settings, index, found)
        found.sort(key=by_significance)
        return query, found

    def weigh(self, settings: RepoSettings, index: WindowIndex, matches: Sequence[Match]) -> list[Match]:
        """`matches` with their weights: what the digest's ranking makes of each (its signals,
        topics and impact, and whether a later PR reverted it), read once per PR content."""
        out = []
        for m in matches:
            reverted = bool(index.revert_links(m.pr.number)[1])
            key = (
                settings.name,
                m.pr.number,
                m.pr.content_hash,
                m.cls.topics,
                m.cls.impact,
                m.pr.status,
                reverted,
            )
            value = self._weights.get(key)
            if value is None:
                signals: Signals = read_one(m.pr, m.cls.topics, settings.taxonomy)
                signals = replace(signals, reverted=reverted)
                merged = m.pr.status == "merged"
                value = self._weights[key] = significance(
                    m.pr.title, signals, m.cls.topics, m.cls.impact, merged=merged
                )
            out.append(replace(m, weight=value))
        return out

    async def _typos_only(self, settings: RepoSettings, query: Query) -> bool:
        """Whether every look-alike word of the question is a word no stored PR ever used (nor an
        author's login), so the question is better answered with the known words they resemble."""
        index = await self.window_index(settings.name)
        words = query.text.split()

        def names_someone(word: str) -> bool:
            # "robert shaw": a first name, not a typo of roberta; "nick lucche": a last name, not
            # a typo of lmcache
            at = words.index(word) if word in words else -1
            before = at > 0 and index.login_for_name(words[at - 1], word) is not None
            return before or (
                0 <= at < len(words) - 1 and index.login_for_name(word, words[at + 1]) is not None
            )

        # A word cut short of the one it resembles ("blackwel") is found inside that word only.
        return not any(
            (index.has_word(word) and not fix.lower().startswith(word))
            or index.logins[word]
            or names_someone(word)
            for word, fix in query.typos
        )

    async def with_logins(self, settings: RepoSettings, query: Query) -> Query:
        """`query` with the bare logins among its free words read as authors (see `_logins_as_authors`)."""
        if not (query.text or query.exclude_text):
            return query
        return _logins_as_authors(query, await self.window_index(settings.name))

    async def window_index(self, repo: str) -> WindowIndex:
        """The repo's PRs by time, rebuilt from the store when its data version has changed."""
        known = _VERSION.get()
        version = known[1] if known and known[0] == repo else await self.store.data_version(repo)
        held = self._indexes.get(repo)
        if held is not None and held[0] == version:
            return held[1]
        lock = self._index_locks.setdefault(repo, asyncio.Lock())
        async with lock:
            held = self._indexes.get(repo)
            if held is None or held[0] != version:
                started = time.perf_counter()
                index = WindowIndex(await self.store.all_prs(repo))
                index.title_words()  # built with the rebuild, not on the next typo's answer
                log.debug(
                    "window index for %s: %d PRs in %.0f ms",
                    repo,
                    len(index),
                    (time.perf_counter() - started) * 1000,
                )
                held = self._indexes[repo] = (version, index)
        return held[1]

    # -- replies ---------------------------------------------------------------------------------
    def list_reply(self, settings: RepoSettings, query: Query, text: str, matches: list[Match]) -> Reply:
        shown = matches[: settings.max_items]
        groups = group_by_state(shown)
        displayed = [m for group in groups for m in group[1]]
        order = [m.pr.number for m in displayed] + [m.pr.number for m in matches[len(shown) :]]
        understood = understood_line(settings, query, len(matches))
        counts = alternative_counts(settings, query, matches)
        if counts:  # "rocm vs xpu": the comparison leads, not a note under ten PRs
            understood += ": " + "; ".join(counts)
        if query.by_state:  # "merged vs opened": each state's count leads too
            understood += ": " + state_counts(matches, query.since, query.until)
        notes = list(_query_notes(settings, query))
        overflow = len(matches) - len(shown)
        if overflow:
            notes.append(f"Reply `more` in this thread for the next {min(overflow, settings.max_items)}.")
        return Reply(
            kind="list",
            title=subject(settings, query),
            understood=understood,
            groups=tuple(ItemGroup(title, tuple(reply_item(m) for m in items)) for title, items in groups),
            total=len(matches),
            overflow=overflow,
            notes=tuple(notes),
            suggestions=_typo_suggestions(settings, query),
            seed=ThreadSeed(
                settings.name,
                "query",
                query.since,
                query.until,
                _as_asked(text, query)[:500],
                tuple(order),
                len(shown),
            ),
        )

    @staticmethod
    def _preferred(settings: RepoSettings, query: Query, matches: list[Match]) -> tuple[list[Match], Query]:
        """ "rocm, esp aiter": the matches naming what was stressed first (each group keeps the
        usual order), and a note saying how many do."""
        stressed = replace(query, any_of=(query.prefer,), exclude=(), text="", exclude_text=())
        ok = matcher(stressed, term_index(settings.taxonomy))
        first = [m for m in matches if ok(m.pr, m.cls)]
        names = " or ".join(topic_name(settings, k) for k in query.prefer)
        note = f"{names}: {_count(len(first))} of these, shown first."
        rest = [m for m in matches if not ok(m.pr, m.cls)]
        return first + rest, replace(query, notes=(*query.notes, note))

    async def periods_compared(
        self, settings: RepoSettings, query: Query, text: str, matches: list[Match]
    ) -> Reply | None:
        """ "tpu october vs november", "rocm this week vs last week": the same question over the
        second range, the two counts leading and each range's first PRs under its own heading. The
        thread follows the first range (the one named first)."""
        assert query.then_since is not None and query.then_until is not None
        then = await self.matches(settings, query, query.then_since, query.then_until)
        if not matches and not then:
            return None
        reply = self.list_reply(settings, query, text, matches)
        each = max(3, settings.max_items // 2)
        sides = []
        for found, since, until, label in (
            (matches, query.since, query.until, query.window_label),
            (then, query.then_since, query.then_until, query.then_label),
        ):
            merged = sum(1 for m in found if m.pr.merged_at and since <= m.pr.merged_at < until)
            tally = f"{_count(len(found))} ({merged} merged)"
            split = "; ".join(alternative_counts(settings, query, found))  # "@njhill 38 · @aoshen02 17"
            said = f"{tally} in {label}" + (f": {split}" if split else "")
            sides.append((said, ItemGroup(f"{label} · {tally}", tuple(map(reply_item, found[:each])))))
        notes = [n for n in reply.notes if not n.startswith("Reply `more`")]
        pace = pace_note(
            len(matches), query.since, query.until, len(then), query.then_since, query.then_until
        )
        notes += [pace] if pace else []
        notes.append(f"Follow-ups in this thread ask about {query.window_label}.")
        return replace(
            reply,
            kind="list",
            title=f"{subject(settings, query)}: {query.window_label} vs {query.then_label}",
            understood="; ".join(side for side, _ in sides),
            groups=tuple(group for _, group in sides if group.items),  # the counts say which is empty
            overflow=0,
            notes=tuple(notes),
        )

    async def _term_readings(self, settings: RepoSettings, query: Query, total: int) -> list[str]:
        """How each named term was read, beside its topic's total: `nvfp4 → 3 PRs name NVFP4 ·
        all 42 Quantization PRs: /vllm quantization past 2 weeks`."""
        lines = []
        cmd = f"/{settings.command}"
        for key in query.terms[:3]:
            term = settings.taxonomy.term(key)
            if term is None:
                continue
            named = f"{_count(total)} name {term.name}" if total != 1 else f"1 PR names {term.name}"
            if len(query.terms) > 1 or query.topics or query.text or query.authors:
                named = f"read as the term {term.name}"
            typed = _as_typed(term, query.without_time)
            # (a family asked for a part no PR names - "h200" read as Hopper - has its reading)
            line = f"{typed} → {named}" if typed else named[:1].upper() + named[1:]
            alone = len(query.any_of) == 1 and not (
                query.authors or query.text
            )  # the pointer's command says it all
            wider = await self._topic_of_term(settings, query, key) if alone else None
            if wider is not None:
                topic, count, ask = wider
                every = (
                    f"all {count} {topic_name(settings, topic)} PRs"
                    if count > 1
                    else (f"the 1 {topic_name(settings, topic)} PR")
                )
                line += f" · {every}: `{cmd} {ask}`"
            lines.append(line)
        return lines

    async def _topic_of_term(
        self, settings: RepoSettings, query: Query, key: str
    ) -> tuple[str, int, str] | None:
        """The question with the term `key` replaced by its topic, if that finds PRs: (the
        topic, how many, the command words that ask it)."""
        term = settings.taxonomy.term(key)
        topic = next((t for t in term.topics if settings.taxonomy.topic(t)), None) if term else None
        if topic is None:
            return None
        count = len(await self.matches(settings, _swap(query, f"term:{key}", topic)))
        ask = " ".join(w for w in (topic, _states_words(query), query.time_text) if w)
        return (topic, count, ask) if count else None

    def _plainest(self, settings: RepoSettings, words: str, now: datetime) -> str:
        """The fewest of the asker's words that still read as the same question ("what new with
        rocm" -> "rocm", "show me the merged rocm prs" -> "merged rocm"): a suggested command is
        one a user would type. A word stays when leaving it out changes the reading."""
        tokens = words.split()
        same = _reading(self.parse(settings, words, now))
        if _reading(self.parse(settings, "prs", now)) == same:  # "how many are there": no word needed
            return ""
        # after a word goes, every word is asked again: one kept because another was there
        # ("been" in "who been working on eplb", needed while "working on" read as open work)
        i = 0
        while i < len(tokens) and len(tokens) > 1:
            fewer = tokens[:i] + tokens[i + 1 :]
            if _reading(self.parse(settings, " ".join(fewer), now)) == same:
                tokens, i = fewer, 0
            else:
                i += 1
        return " ".join(tokens)

    async def _without_one(
        self,
        settings: RepoSettings,
        query: Query,
        around: tuple[datetime, datetime, bool] | None = None,
    ) -> tuple[list[str], tuple[Query, str] | None]:
        """What a question of several filters finds with one of them left out ("Without MI300X:
        2 PRs"), so an empty answer says which filter stood in the way, the nearest first; and
        that nearest question with the time words that ask it, to suggest. With `around` (until,
        ever_until, recent) it looks wider when the window holds none of them either: the 30 days
        up to `until`, else all time ("without H100: 41 PRs over all time"), recent ones first."""
        found = []
        for index, group in enumerate(query.any_of if len(query.any_of) > 1 else ()):
            wider = _without_group(query, index)
            if around is None:
                label, matches = "", await self.matches(settings, wider)
                over, time = "", query.time_text
            else:
                label, matches = await self._wider(settings, wider, around[0], around[1], recent=around[2])
                over = f" over the {WIDER_DAYS} days {label}" if label else " over all time"
                time = f"past {WIDER_DAYS} days" if label else "all time newest first"
            if matches:
                name = " or ".join(topic_name(settings, k) for k in group)
                said = f"without {name}: {_count(len(matches))}{over}"
                found.append((around is not None and not label, len(matches), index, said, wider, time))
        found.sort(key=lambda f: f[:3])
        said = (" · " if around is None else "; ").join(f[3] for f in found[:3])
        return ([said[0].upper() + said[1:] + "."] if said else []), (
            (found[0][4], found[0][5]) if found else None
        )

    async def _wider(
        self,
        settings: RepoSettings,
        query: Query,
        until: datetime,
        ever_until: datetime,
        *,
        recent: bool = True,
    ) -> tuple[str, list[Match]]:
        """Where an empty question's nearest matches are: the 30 days up to `until` (`recent`
        only), as (that window's label, its matches); else all time up to `ever_until`, as ("",
        its matches); ("", []) when nothing ever matched."""
        if recent:
            since = until - timedelta(days=WIDER_DAYS)
            if found := await self.matches(settings, query, since, until):
                return window_label(since, until, settings.tz, settings.tz_name), found
        return "", await self.matches(settings, query, history_start(ever_until), ever_until)

    async def empty_reply(
        self, settings: RepoSettings, query: Query, text: str = "", now: datetime | None = None
    ) -> Reply:
        """The answer that found nothing: why (the filter in the way), and the nearest question
        that finds something (a wider time, a state left out, a filter left out)."""
        now = now or query.until
        notes = list(_query_notes(settings, query))
        suggestions = list(_typo_suggestions(settings, query))
        cmd = f"/{settings.command}"
        now_until = local_midnight(now.astimezone(settings.tz).date() + timedelta(days=1), settings.tz)
        if query.states and not query.whole_history:  # over the whole history: nothing to relax to
            relaxed = await self.matches(settings, _without_states(query))
            if relaxed:
                rest = " ".join(
                    w
                    for w in query.without_time.split()
                    if w not in STATE_WORDS and w != "yet" and not is_negator(w)
                )
                notes.append(
                    f"No PR was {_states_phrase(query.states)} then, but {_count(len(relaxed))} "
                    "were merged or opened in that window."
                )
                rest = self._plainest(settings, rest, now)
                suggestions.append(f"{cmd} {rest} {query.time_text}".strip())
        elif query.states in (("open",), ("draft",)) and query.whole_history and not query.time_text:
            # "open prs for intel gpu", "any drafts for spec decode", none now: what of it merged
            # lately is the nearest answer
            none = "None is open now" if query.states == ("open",) else "None is a draft now"
            label, merged = await self._wider(
                settings, replace(query, states=("merged",)), now_until, now_until
            )
            rest = " ".join(w for w in query.without_time.split() if w not in STATE_WORDS)
            rest = self._plainest(settings, rest, now) if merged else ""
            if label:
                notes.append(f"{none}, but {_count(len(merged))} merged in the {WIDER_DAYS} days {label}.")
                suggestions.append(f"{cmd} {rest} merged past {WIDER_DAYS} days")
            elif merged:
                notes.append(
                    f"{none}; {_count(len(merged))} merged over all time, the newest, "
                    f"{_newest_said(settings, merged)}."
                )
                suggestions.append(f"{cmd} {rest} merged all time newest first")
        without, nearest = await self._without_one(settings, query)
        notes.extend(without)
        narrows = bool(query.any_of or query.text or query.authors or query.phrases)
        until = local_midnight(query.until.astimezone(settings.tz).date(), settings.tz)
        until = min(max(until, query.until), now_until)  # never a window in the future
        recent = query.until - query.since < timedelta(days=WIDER_DAYS)
        nearby: list[Match] = []  # the nearest matches, over a wider time
        if not suggestions and not query.whole_history:
            # a typo fix or a state-free reading is the better hint; else widen: the 30 days up to
            # the window's end, else any time (the newest match named)
            label, wider = await self._wider(settings, query, until, now_until, recent=recent)
            nearby = wider
            words = self._plainest(settings, query.without_time, now) if wider else ""
            # (the quoted words of a title are no part of `without_time`: said again)
            words = " ".join([words, *(f'titled "{p}"' for p in query.phrases)]) if wider else words
            if wider and not narrows:
                # "merged today", nothing yet: the newest PR, and the shortest window holding it
                # (a day long ago, "merged 2025-12-25": the newest before it is that day's nearest)
                when = max(wider, key=by_time).pr
                when_at = when.merged_at or when.created_at
                age = now_until - when_at
                days = next((d for d in (settings.default_days, WIDER_DAYS) if age <= timedelta(days=d)), 0)
                then = "None yet" if query.until > now else "None then"  # "merged today", or a day gone
                notes.append(f"{then}; the newest, {_newest_said(settings, wider)}.")
                time = f"past {days} days" if days else f"{when_at.astimezone(settings.tz):%Y-%m-%d}"
                suggestions.append(f"{cmd} {words} {time}")
            elif label:
                notes.append(f"{_matching(len(wider))} over the {WIDER_DAYS} days {label}.")
                suggestions.append(f"{cmd} {words} past {WIDER_DAYS} days".strip())
            elif wider:
                notes.append(
                    f"{_matching(len(wider))} over all time; the newest, {_newest_said(settings, wider)}."
                )
                order = "" if query.sort else " newest first"  # the note's newest one first
                suggestions.append(f"{cmd} {words} all time{order}")
        if query.text and not query.topics and not query.suggestions and not _versions_only(query):
            index = await self.window_index(settings.name)
            if not any(index.has_word(word) for word in query.text.split()):  # "whats the weather in sf"
                notes.append(
                    f"No pull request of {settings.name} has ever mentioned '{query.text}': I answer "
                    "questions about its PRs (topics, people, states, times)."
                )
            else:
                notes.append(_not_a_topic(settings, query.text, nearby))
        asked = " ".join(f"{cmd} {text}".split())
        suggestions = [
            " ".join(x.split()) for x in suggestions if " ".join(x.split()) != asked
        ]  # never the question itself
        plain = replace(query, any_of=(), exclude=(), exclude_authors=())
        if not suggestions and nearest is not None:
            # "anything for gemma 4 on rocm" (none ever): the question with the filter that stood
            # in the way left out, over the same time ("Without ROCm: 3 PRs" -> `/vllm gemma4`)
            suggestions.append(" ".join(f"{cmd} {filter_words(nearest[0], plain)} {nearest[1]}".split()))
        elif not suggestions and not query.whole_history:
            # "did anyone fix the deepseek v3.2 crash on h100" (none ever, and a quiet week for
            # each filter left out): the question without one filter, over a wider time
            said, widened = await self._without_one(settings, query, (until, now_until, recent))
            notes.extend(said)
            if widened:
                suggestions.append(" ".join(f"{cmd} {filter_words(widened[0], plain)} {widened[1]}".split()))
        if not suggestions and len(query.any_of) == 1 and not (query.authors or query.text) and query.terms:
            # "tpu v7 prs", none ever: the term's topic, which the term's note points to
            topic = await self._topic_of_term(settings, query, query.terms[0])
            if topic is not None:
                suggestions.append(f"{cmd} {topic[2]}")
        if not suggestions:
            suggestions.append(f"{cmd} help")
        # A question read in full ("any open blackwell nvfp4 PRs?") has a real answer, "none": it
        # is posted like any answer, and its thread follows the question (`what about mxfp4`,
        # `and last month?`). Words the bot could not place keep the reply to the asker.
        understood = _versions_only(query) and not query.suggestions  # (a version is a word read)
        return Reply(
            kind="empty",
            title="No matching PRs",
            understood=understood_line(settings, query, 0),
            notes=tuple(dict.fromkeys(notes)),
            suggestions=tuple(dict.fromkeys(suggestions)),
            ephemeral=not understood,
            seed=ThreadSeed(settings.name, "query", query.since, query.until, _as_asked(text, query)[:500])
            if understood
            else None,
        )

    async def _pr_reply(self, settings: RepoSettings, query: Query, text: str, now: datetime) -> Reply:
        if query.pr_repo and query.pr_repo.lower() != settings.name.lower():
            return Reply(
                kind="empty",
                title=f"That PR belongs to {query.pr_repo}",
                understood=f"PR #{query.pr_numbers[0]} of {query.pr_repo}",
                notes=(f"/{settings.command} follows {settings.name} only.",),
                ephemeral=True,
            )
        found = await self.store.get_prs(settings.name, query.pr_numbers)
        missing = [n for n in query.pr_numbers if n not in found]
        if not found:
            number = query.pr_numbers[0]
            which = f"#{number}" if len(query.pr_numbers) == 1 else "None of those PRs"
            return Reply(
                kind="empty",
                title=f"{which} is not in the bot's data"
                if len(query.pr_numbers) == 1
                else f"{which} are in the bot's data",
                understood=f"PR {', '.join(f'#{n}' for n in query.pr_numbers)} of {settings.name}",
                notes=(
                    *(n for n in query.notes if n == ACTION_NOTE),  # "can u merge #58390 for me"
                    "The bot knows the PRs it has imported or ingested; a very new PR appears after the next ingest.",
                    f"On GitHub: https://github.com/{settings.name}/pull/{number}",
                ),
                ephemeral=True,
            )
        prs = [found[n] for n in query.pr_numbers if n in found]
        classes = await self.classifications[settings.name].for_prs(settings.name, prs)
        if len(prs) == 1:
            pr = prs[0]
            cls = classes[pr.number]
            detail = PRDetail(
                number=pr.number,
                title=pr.title,
                url=pr.url,
                author=pr.author,
                status=pr.status,
                created_at=pr.created_at,
                updated_at=pr.updated_at,
                merged_at=pr.merged_at,
                closed_at=pr.closed_at,
                topics=tuple(topic_name(settings, t) for t in cls.topics),
                summary=cls.summary,
                labels=pr.labels,
                areas=areas(pr.files),
                related=await self._revert_links(settings, pr.number),
            )
            notes = [n for n in query.notes if n == ACTION_NOTE]  # "can you merge #123"
            notes += [f"Also asked for #{n}, which is not in the bot's data." for n in missing]
            return Reply(
                kind="detail",
                title=f"#{pr.number} {pr.title}",
                understood=f"PR #{pr.number} of {settings.name} · {pr.status}",
                detail=detail,
                notes=tuple(notes),
                seed=ThreadSeed(
                    settings.name,
                    "query",
                    pr.created_at,
                    max(now, pr.created_at + timedelta(seconds=1)),
                    _as_asked(text, query)[:500],
                    (pr.number,),
                    1,
                ),  # fmt: skip
            )
        index = await self.window_index(settings.name)
        matches = sorted(
            self.weigh(settings, index, [Match(pr, classes[pr.number]) for pr in prs]), key=by_significance
        )
        notes = [n for n in query.notes if n == ACTION_NOTE]
        notes += [f"Not in the bot's data: {', '.join(f'#{n}' for n in missing)}."] if missing else []
        since = min(m.pr.created_at for m in matches)
        return Reply(
            kind="list",
            title=f"{len(matches)} PRs",
            understood=f"PRs {', '.join(f'#{n}' for n in query.pr_numbers)} of {settings.name} · {_count(len(matches))} found",
            groups=(ItemGroup("", tuple(reply_item(m) for m in matches)),),
            total=len(matches),
            notes=tuple(notes),
            seed=ThreadSeed(
                settings.name,
                "query",
                since,
                max(now, since + timedelta(seconds=1)),
                _as_asked(text, query)[:500],
                tuple(m.pr.number for m in matches),
                len(matches),
            ),  # fmt: skip
        )

    async def _revert_links(self, settings: RepoSettings, number: int) -> tuple[PRLink, ...]:
        """The PRs a card links: the one it reverts ("and the original pr?") and its reverts."""
        reverts, by = (await self.window_index(settings.name)).revert_links(number)
        wanted = [("reverts", n) for n in reverts[:2]] + [("reverted by", n) for n in by[:2]]
        known = await self.store.get_prs(settings.name, [n for _, n in wanted])
        return tuple(PRLink(how, n, known[n].title, known[n].url) for how, n in wanted if n in known)

    # -- reading another language ----------------------------------------------------------------
    async def _unplaced(self, settings: RepoSettings, text: str, query: Query) -> bool:
        """Whether the question holds words the parser could not place that look like another
        language's: a letter outside ASCII ("kiek", "šią savaitę", "в этом"), or two or more free
        words no stored PR ever used ("kiek siuo metu yra atviru"). An English question with one
        odd word is answered as it is."""
        if any(ch.isalpha() and not ch.isascii() for ch in text):
            return True
        words = query.text.split()
        if len(words) < 2:
            return False
        index = await self.window_index(settings.name)
        return sum(not index.has_word(w) for w in words) >= 2

    async def _read_in_english(
        self, settings: RepoSettings, text: str, query: Query, now: datetime
    ) -> tuple[str, Query]:
        """(text, query) of the question as the model reads it in English, when that reading
        places more of it than the offline one; else the offline reading. The model only rewrites
        the question: the answer is computed from the store as for any question."""
        assert self.llm is not None and self.reading_prompt is not None
        prompt = self.reading_prompt
        topics = ", ".join(t.name.lower() for t in settings.taxonomy.topics)
        # "<" and ">" escaped so no question can close the delimiting tag
        question = text[:MAX_READING_CHARS].replace("<", "\\u003c").replace(">", "\\u003e")
        try:
            result = await asyncio.wait_for(
                self.llm.complete(
                    prompt.render_system(repo=settings.name, topics=topics),
                    prompt.render_user(question=question),
                    max_tokens=READING_MAX_TOKENS,
                ),
                timeout=self.reading_timeout,
            )
        except Exception as exc:  # LLMError, a timeout: the offline reading is a full answer
            log.warning("reading a question in English failed: %s", exc)
            return text, query
        english = " ".join(result.text.strip().strip("`\"'").splitlines()[:1]).strip()[:MAX_READING_CHARS]
        if not english or english == text:
            return text, query
        read = self.parse(settings, english, now).as_command()
        placed = len(read.text.split()) < len(query.text.split()) or _reads_more(read, query)
        kept = _keeps(read, query)  # a reading that lost what the parser did understand is no better
        return (english, read) if placed and kept and not read.is_help and not read.failed else (text, query)

    # -- synthesis ---------------------------------------------------------------------------------
    async def _with_synthesis(self, settings: RepoSettings, reply: Reply, matches: list[Match]) -> Reply:
        assert self.llm is not None and self.synthesis_prompt is not None
        try:
            prompt = self.synthesis_prompt
            cited = matches[:SYNTHESIS_MAX_PRS]
            lines = "\n".join(
                json.dumps(
                    {
                        "number": m.pr.number,
                        "state": m.pr.status,
                        "title": m.pr.title[:300],
                        "topics": list(m.cls.topics),
                        "summary": m.cls.summary[:300],
                    },
                    ensure_ascii=False,
                )
                for m in cited
            )
            # "<" and ">" escaped so no PR text can close the delimiting tag.
            lines = lines.replace("<", "\\u003c").replace(">", "\\u003e")
            result = await asyncio.wait_for(
                self.llm.complete(
                    prompt.render_system(repo=settings.name),
                    prompt.render_user(understood=reply.understood, prs=lines),
                    max_tokens=self.synthesis_max_tokens,
                ),
                timeout=self.synthesis_timeout,
            )
        except Exception as exc:  # LLMError, a timeout, anything: the list alone is a full answer
            log.warning("query synthesis failed: %s", exc)
            note = "The summary paragraph is unavailable right now; the list below is complete."
            return _replace(reply, notes=(*reply.notes, note))
        # Every PR of the answer may be cited (not only those the model was shown), no other.
        guard = Guard({m.pr.number: m.pr for m in matches}, what="query synthesis")
        spans = guard.spans(result.text, SYNTHESIS_CHARS)
        notes = reply.notes
        if guard.removed:
            notes = (*notes, "The summary cited PRs outside this answer; those citations were removed.")
        if not spans:
            return _replace(reply, notes=notes)
        return _replace(reply, synthesis=spans, notes=notes)


# -- pure helpers ------------------------------------------------------------------------------------
MAX_READING_CHARS = 600  # of a question sent to the model, and of its English reading
READING_MAX_TOKENS = 120


def _keeps(read: Query, offline: Query) -> bool:
    """Whether the model's reading kept every topic, term, person, PR number and state the offline
    reading found (it may add to them, never drop one)."""
    groups = {frozenset(g) for g in read.any_of} | {frozenset([x]) for x in read.exclude}
    return (
        all(any(frozenset(g) <= h for h in groups) for g in offline.any_of)  # kept, or widened
        and set(offline.exclude) <= set(read.exclude)
        and set(offline.authors) <= set(read.authors)
        and set(offline.pr_numbers) <= set(read.pr_numbers)
        and set(offline.states) <= set(read.states)
    )


def _reads_more(read: Query, offline: Query) -> bool:
    """Whether the model's English reading found a window, state, topic or person the offline
    reading did not (same free words, more understood)."""
    return (
        (read.window_given and not offline.window_given)
        or (bool(read.states) and not offline.states)
        or len(read.any_of) + len(read.exclude) > len(offline.any_of) + len(offline.exclude)
        or (read.who and not offline.who)
    )


# The data version an answer read first, for the reads it makes after (a context variable: each
# answer runs in its own task, so concurrent answers never see each other's).
_VERSION: ContextVar[tuple[str, str] | None] = ContextVar("prbot_query_version", default=None)


class WindowIndex:
    """A repo's PRs sorted by when they were opened, merged and closed, so a window is two
    binary searches per time field instead of a store read. Built from one read of every PR
    and kept while the store's data version holds (any ingest, import or classification bumps
    it), so an answer never sees stale data; the first answer after a change pays the rebuild."""

    def __init__(self, prs: Sequence[PullRequest]) -> None:
        self._prs = {pr.number: pr for pr in prs}
        self.logins = Counter(pr.author.lower() for pr in prs if pr.author)  # login -> PRs authored
        self._sorted_logins: list[str] | None = None
        self._login_letters: list[tuple[str, str]] | None = None  # (letters only, login)
        self._words: tuple[list[str], Counter[str]] | None = None  # title words -> PRs (built when needed)
        self._reverts: dict[int, tuple[int, ...]] | None = None  # revert -> the PRs it undoes (when needed)
        self._reverted_by: dict[int, tuple[int, ...]] = {}  # PR -> the reverts that undo it (with _reverts)
        self._classes: dict[int, Classification] = {}
        self._by: dict[str, tuple[list[float], list[int]]] = {}
        for name, attr in (("created", "created_at"), ("merged", "merged_at"), ("closed", "closed_at")):
            moments = sorted(
                (moment.timestamp(), pr.number) for pr in prs if (moment := getattr(pr, attr)) is not None
            )
            self._by[name] = ([t for t, _ in moments], [n for _, n in moments])
        # PRs open now, by when they were opened: "open rocm prs" reads the whole history, and
        # only these can answer it (a few hundred of 12k, not every PR ever opened)
        still_open = sorted(
            (pr.created_at.timestamp(), pr.number) for pr in prs if pr.status in ("open", "draft")
        )
        self._by["still_open"] = ([t for t, _ in still_open], [n for _, n in still_open])

    def __len__(self) -> int:
        return len(self._prs)

    async def classes(
        self, repo: str, prs: Sequence[PullRequest], source: ClassificationSource
    ) -> dict[int, Classification]:
        """Classifications of `prs`, read once per index (a classification write bumps the data
        version, which replaces the index)."""
        missing = [pr for pr in prs if pr.number not in self._classes]
        if missing:
            self._classes.update(await source.for_prs(repo, missing))
        return self._classes

    def mentions(self, word: str) -> int:
        """How many PRs' titles and labels have a word starting with `word` (as a free word
        matches: its singular, at a word start). Built once per index from the words of every title,
        so a question pays a binary search, not a scan of 12k titles. A PR naming two such words
        counts twice: an upper bound, which is all the callers need."""
        stem = _singular(word)
        if not _PLAIN_WORD.fullmatch(stem):  # "qwen3.5", "tp=8": the rare word with punctuation
            return sum(
                1 for pr in self._prs.values() if word_in(word, " ".join((pr.title, *pr.labels)).lower())
            )
        words, counts = self.title_words()
        total = 0
        for w in words[bisect_left(words, stem) :]:
            if not w.startswith(stem):
                break
            total += counts[w]
        return total

    def revert_links(self, number: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(the PRs `number` reverts, the PRs that revert it), by the numbers a revert names or
        the title it quotes (the latest PR of that title before it). Built once per index."""
        if self._reverts is None:
            titles: dict[str, list[int]] = {}
            for pr in sorted(self._prs.values(), key=lambda p: p.number):
                titles.setdefault(" ".join(pr.title.split()).lower(), []).append(pr.number)
            reverts: dict[int, tuple[int, ...]] = {}
            for pr in self._prs.values():
                named, quoted = revert_names(pr.title, pr.body)
                earlier = [n for n in titles.get(quoted, ()) if n < pr.number] if quoted else []
                found = tuple(n for n in dict.fromkeys((*named, *earlier[-1:])) if n != pr.number)
                if found:
                    reverts[pr.number] = found
            self._reverts = reverts
            undone: dict[int, list[int]] = {}
            for revert, targets in sorted(reverts.items()):
                for target in targets:
                    undone.setdefault(target, []).append(revert)
            self._reverted_by = {target: tuple(by) for target, by in undone.items()}
        return self._reverts.get(number, ()), self._reverted_by.get(number, ())

    def citing(self, number: int) -> list[int]:
        """The later PRs whose title names #`number` ("Follow-up to #123", "(#123)"), oldest first."""
        named = re.compile(rf"#{number}\b")
        return sorted(n for n, pr in self._prs.items() if n != number and named.search(pr.title))

    def title_words(self) -> tuple[list[str], Counter[str]]:
        """Every word of every title and label, sorted, with how many PRs use it."""
        if self._words is None:
            counts = Counter(
                w
                for pr in self._prs.values()
                for w in set(_PLAIN_WORD.findall(" ".join((pr.title, *pr.labels)).lower()))
            )
            self._words = (sorted(counts), counts)
        return self._words

    def login_for(self, word: str) -> str | None:
        """The author a free word names: their login, unless more PRs mention the word than that
        person wrote; or, for a word of five letters or more, the one login it starts (or the one
        of those that wrote ten times the PRs of the rest), again unless more PRs mention it
        ("woosuk" for WoosukKwon, "andreas" for AndreasKaratzas: people write the first part of a
        long login)."""
        if self.logins[word]:
            return word if self.mentions(word) < self.logins[word] else None
        if len(word) < 5 or not word.isascii():
            return None
        # "floating" is an English word ("drafts floating around"), not the start of @floatingvertex
        if word.endswith(_ENGLISH_ENDINGS):
            return None
        if self._sorted_logins is None:
            self._sorted_logins = sorted(self.logins)
        at = bisect_left(self._sorted_logins, word)
        starting = sorted(
            itertools.takewhile(
                lambda login: login.startswith(word), itertools.islice(self._sorted_logins, at, None)
            ),
            key=lambda login: -self.logins[login],
        )
        # "matthew's latest ones": of the logins a first name starts, the one who wrote nearly all
        # of their PRs is the person a channel talks about (@MatthewBonanni, not a one-PR namesake)
        rest = sum(self.logins[login] for login in starting[1:])
        if not starting and len(word) >= 8 and word.isalpha():
            # "that epicdolphin guy": a long word inside exactly one login (@TheEpicDolphin) is
            # that login without its prefix
            starting = list(itertools.islice((login for login in self._sorted_logins if word in login), 2))
            if len(starting) != 1:
                return None
            return starting[0] if self.mentions(word) < self.logins[starting[0]] else None
        if not starting or self.logins[starting[0]] < DOMINANT_NAMESAKE * rest:
            return None
        # "andreas" names @AndreasKaratzas though one title mentions the name: fewer PRs mention
        # the word than that person wrote, as for a whole login
        return starting[0] if self.mentions(word) < self.logins[starting[0]] else None

    def login_for_name(self, first: str, last: str) -> str | None:
        """The author a person's name names: the one login that is the name run together
        ("woosuk kwon", "simon mo"), or the first name or its initial, up to two more initials,
        then the surname of three letters or more ("nick hill" -> njhill, "michael goin" ->
        mgoin, "robert shaw" -> robertgshaw2-redhat). Only when fewer PRs mention the surname
        than that person wrote: "ngram spec" is no one's name."""
        if not (first.isascii() and first.isalpha() and last.isascii() and last.isalpha()):
            return None
        if last.endswith("s") and len(last) > 3:  # "nick hills open prs": a possessive without its apostrophe
            found = self._login_for_name(first, last)
            return found if found is not None else self._login_for_name(first, last[:-1])
        return self._login_for_name(first, last)

    def _login_for_name(self, first: str, last: str) -> str | None:
        if self._login_letters is None:
            self._login_letters = [(re.sub(r"[^a-z]", "", login), login) for login in self.logins]
        found = [
            login
            for letters, login in self._login_letters
            if last in letters and _name_shapes(letters, first, last)
        ]
        if len(found) != 1:
            return None
        exact = re.sub(r"[^a-z]", "", found[0]) == first + last  # "simon mo": the login, run together
        if not exact and self.mentions(last) >= self.logins[found[0]]:
            return None
        return found[0]

    def has_word(self, word: str) -> bool:
        """Whether any PR's title or labels have a word starting with `word` (as a free word
        matches): one no PR ever used ("blackwel") is a typo, one some PR used ("fusion") is not."""
        return self.mentions(word) > 0

    def window(self, since: datetime, until: datetime, fields: Sequence[str]) -> list[PullRequest]:
        """PRs with any of `fields` in [since, until), in PR-number order (as the store gives)."""
        numbers: set[int] = set()
        start, end = since.timestamp(), until.timestamp()
        for name in fields:
            times, found = self._by[name]
            numbers.update(found[bisect_left(times, start) : bisect_left(times, end)])
        return [self._prs[n] for n in sorted(numbers)]


_FIELDS: dict[str, tuple[str, ...]] = {
    "default": ("created", "merged"),
    "merged": ("merged",),
    "open": ("still_open",),
    "draft": ("still_open",),
    "opened": ("created",),
    "closed": ("closed",),
}


def alternative_counts(settings: RepoSettings, query: Query, matches: Sequence[Match]) -> list[str]:
    """For "rocm or xpu" and "rocm vs xpu": how many of the PRs each alternative has, so the
    answer's first line also answers the comparison (`ROCm 30 · Intel XPU 13`)."""
    terms = term_index(settings.taxonomy)
    out = []

    def counts_of(group: Sequence[str]) -> list[tuple[str, int]]:
        counts = []
        for key in group:
            one = matcher(Query(query.since, query.until, "", any_of=((key,),)), terms)
            counts.append((topic_name(settings, key), sum(1 for m in matches if one(m.pr, m.cls))))
        return counts

    for group in query.any_of:
        if len(group) < 2:
            continue
        counts = sorted(counts_of(group), key=lambda c: -c[1])
        both = " (some PRs count for more than one)" if sum(n for _, n in counts) > len(matches) else ""
        out.append(" · ".join(f"{name} {n}" for name, n in counts) + both)
    # "how many merged last week + how many were bugfixes": in the order asked (not what a thread
    # has since narrowed the PRs to: "show me the bugfixes" are all bug fixes)
    counted = [k for k in query.counted if all(k not in group for group in query.any_of)]
    if counted:
        out.append("of them " + " · ".join(f"{name} {n}" for name, n in counts_of(counted)))
    if len(query.authors) > 1:  # "DarkLight1337 vs Isotr0py": who has how many
        by_author = Counter(m.pr.author.lower() for m in matches)
        ranked = sorted(query.authors, key=lambda a: -by_author[a.lower()])
        out.append(" · ".join(f"@{a} {by_author[a.lower()]}" for a in ranked))
    return out


def content_ok(query: Query, pr: PullRequest, cls: Classification, terms: TermIndex | None = None) -> bool:
    """Whether a PR matches the query's topics, named terms, exclusions and free words (not its
    window, states or authors). Also used by the follow-up handler to narrow a thread's PRs."""
    return matcher(query, terms)(pr, cls)


def matcher(query: Query, terms: TermIndex | None = None) -> Callable[[PullRequest, Classification], bool]:
    """`content_ok` for one query, built once and applied to every PR of a window."""
    groups = [tuple(group) for group in query.any_of]
    exclude = tuple(query.exclude)
    words = query.text.split()
    without = query.exclude_text
    only_topics = not any(is_term(k) or is_change(k) for g in groups for k in g)
    if query.exclude_authors:  # "not by @x": everyone else's PRs that match the rest
        rest, left_out = matcher(replace(query, exclude_authors=()), terms), set(query.exclude_authors)
        bots = BOTS in left_out
        return lambda pr, cls: (
            pr.author.lower() not in left_out and not (bots and is_bot(pr.author)) and rest(pr, cls)
        )
    if query.phrases:  # "prs with "sampler" in the title": those words, in that order, in the title
        others, phrases = (
            matcher(replace(query, phrases=()), terms),
            [f" {phrase_words(p)} " for p in query.phrases],
        )
        return lambda pr, cls: all(p in f" {phrase_words(pr.title)} " for p in phrases) and others(pr, cls)

    if only_topics and not exclude and not words and not without:  # classified topics decide alone
        if len(groups) == 1 and len(groups[0]) == 1:  # the common case: one topic
            key = groups[0][0]
            return lambda pr, cls: key in cls.topics
        return lambda pr, cls: all(any(t in cls.topics for t in g) for g in groups)

    # "dsv4 on gb200 ... nvidia only": a PR naming GB200 is NVIDIA work, whether or not it was
    # classified so (the hardware the question names implies its vendor's topics)
    # (hardware only: a GPU is its vendor's, while FlashInfer work is not all attention work)
    implied_by: dict[str, list[str]] = {}
    named = [terms.terms.get(k[5:]) for g in groups for k in g if is_term(k)] if terms is not None else []
    for term in (t for t in named if t is not None and t.kind == "hardware"):
        for topic in term.topics:
            implied_by.setdefault(topic, []).append(term.key)

    def has(pr: PullRequest, cls: Classification, key: str) -> bool:
        if is_change(key):
            return is_change_of(pr, cls.topics, key)
        if not is_term(key):
            return key in cls.topics or (
                terms is not None and any(terms.names(pr, name) for name in implied_by.get(key, ()))
            )
        return terms is not None and terms.names(pr, key[5:])

    def ok(pr: PullRequest, cls: Classification) -> bool:
        if not all(any(has(pr, cls, t) for t in g) for g in groups):
            return False
        if any(has(pr, cls, t) for t in exclude):
            return False
        if words or without:
            hay = _hay(pr, cls)
            if not all(word_in(w, hay) for w in words) or any(word_in(w, hay) for w in without):
                return False
        return True

    return ok


def _hay(pr: PullRequest, cls: Classification) -> str:
    return " ".join((pr.title, cls.summary, *pr.labels)).lower()


_PLAIN_WORD = re.compile(r"[a-z0-9]+")  # a word of a title, as a free word's prefix match sees it


_JOINED = re.compile(r"[a-z]+(?:[-_][a-z]+)*")  # "allreduce", "all-reduce": a compound's spellings


@lru_cache(maxsize=1024)
def _word_pattern(word: str) -> re.Pattern[str]:
    if "." in word and VERSION_WORD.fullmatch(word):
        # "2.9" finds 2.9, v2.9 and 2.9.1, not 2.90, 12.9 or 0.2.9
        number = re.escape(word.lower().removeprefix("v").removesuffix(".x"))
        return re.compile(rf"(?<![a-z0-9.])v?{number}(?!\d)")
    if word[:1] == "v" and word[1:].isdigit():  # "v5" finds v5, 5.0 and 5.x, not a count of five
        return re.compile(rf"(?<![a-z0-9.])(?:v{word[1:]}(?!\d)|{word[1:]}\.[\dx])")  # (deepep_v2 too)
    stem = _singular(word)
    if _JOINED.fullmatch(stem) and len(stem.replace("-", "").replace("_", "")) >= 6:
        # "allreduce" finds "all-reduce" and "all_reduce" (and the other way): how a compound is
        # written varies from title to title
        letters = stem.replace("-", "").replace("_", "")
        return re.compile(r"(?<![a-z0-9])" + r"[\s_-]?".join(re.escape(c) for c in letters))
    return re.compile(r"(?<![a-z0-9])" + re.escape(stem))


def _singular(word: str) -> str:
    """A plural's stem, so the prefix match finds the singular too: kernels -> kernel, crashes ->
    crash, gpus -> gpu, caches -> cach (finds "cache"); "class", "bus" and shorter stay as they are."""
    if len(word) > 4 and word.endswith("es") and word[-3] in "sxhz":
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and word[-2] != "s" and word[-2].isalpha():
        return word[:-1]
    return word


def word_in(word: str, hay: str) -> bool:
    """A free word matches where a word of the text starts with it (`hang` finds "hangs"), or
    with its singular (`kernels` finds "kernel", `crashes` finds "crash")."""
    return _word_pattern(word).search(hay) is not None


MAX_PERIODS = 400  # a breakdown by day over years stops counting empty periods here
PEOPLE_SHOWN = 8  # authors listed in a "who" answer, busiest first (three PRs each)
MAX_PEOPLE = 20  # "top 50 contributors": at most this many in one answer
TOPICS_SHOWN = 12  # topics listed in a "per topic" answer, largest first (three PRs each)


def _largest_groups(by_label: dict[str, list[Match]], shown: int) -> tuple[tuple[ItemGroup, ...], int]:
    """`label · N PRs` groups, largest first (then by label), each with its first three PRs; and
    how many more groups there are beyond the `shown` ones."""
    ranked = sorted(by_label.items(), key=lambda kv: (-len(kv[1]), kv[0].lower()))
    groups = tuple(
        ItemGroup(f"{label} · {_count(len(items))}", tuple(reply_item(m) for m in items[:3]))
        for label, items in ranked[:shown]
    )
    return groups, max(0, len(ranked) - shown)


def people(found: Sequence[Match], shown: int = 0) -> tuple[tuple[ItemGroup, ...], int]:
    """The authors of `found`, busiest first, each with up to three of their PRs (`shown` of
    them, "top 10 contributors", else the usual number); and how many more there are."""
    by_author: dict[str, list[Match]] = {}
    for m in found:
        by_author.setdefault(f"@{m.pr.author}", []).append(m)
    return _largest_groups(by_author, min(shown, MAX_PEOPLE) if shown else PEOPLE_SHOWN)


def by_topic(
    settings: RepoSettings, found: Sequence[Match], only: Collection[str] = (), shown: int = 0
) -> tuple[tuple[ItemGroup, ...], int]:
    """The topics of `found` (`only` those, when given), most PRs first, each with its count (the
    one `/vllm <topic>` gives over the same window) and up to three of its PRs in answer order; and
    how many more topics there are beyond the ones shown (`shown` of them: "top 3 areas", else the
    usual number). A PR counts for each of its topics."""
    return _largest_groups(
        _by_topic_name(settings, found, only), min(shown, TOPICS_SHOWN) if shown else TOPICS_SHOWN
    )


def _by_topic_name(
    settings: RepoSettings, found: Sequence[Match], only: Collection[str] = ()
) -> dict[str, list[Match]]:
    """The matches under each of their topics' names (`only` those topics, when given)."""
    by_name: dict[str, list[Match]] = {}
    for m in found:
        for key in m.cls.topics:
            if not only or key in only:
                by_name.setdefault(topic_name(settings, key), []).append(m)
    return by_name


def _mean_note(count: int, period: str, since: datetime, until: datetime) -> str:
    """ "On average 39.1 PRs a day (821 over 21 days).": the mean of a breakdown by `period`."""
    days = max((until - since).total_seconds() / 86400, 1.0)
    length = {"day": 1.0, "week": 7.0, "month": 365.25 / 12}.get(period, 1.0)
    periods = max(days / length, 1.0)
    over = f"{round(days)} days" if period == "day" else f"{periods:.1f} {period}s"
    return f"On average {count / periods:.1f} PRs a {period} ({count} over {over})."


def signed(n: int) -> str:
    """A change as the comparisons say it: `+5`, `−3`, `same`."""
    return "same" if n == 0 else (f"+{n}" if n > 0 else f"−{-n}")


def none_moved(
    settings: RepoSettings, found: Sequence[Match], then: Sequence[Match], direction: int
) -> tuple[str, ...]:
    """ "which area grew the most" when every topic shrank (or none dropped): said, so the first
    topic shown is not read as a growth; nothing when some topic moved that way."""
    now, before = _by_topic_name(settings, found), _by_topic_name(settings, then)
    if any(direction * (len(now.get(n, [])) - len(before.get(n, []))) > 0 for n in set(now) | set(before)):
        return ()
    way, other = ("grew", "the smallest drops") if direction > 0 else ("dropped", "the smallest gains")
    return (f"No topic {way}; {other} first.",)


def topics_compared(
    settings: RepoSettings,
    found: Sequence[Match],
    then: Sequence[Match],
    only: Collection[str],
    shown: int,
    direction: int,
) -> tuple[tuple[ItemGroup, ...], int]:
    """The topics of two ranges: each with its count in the first, the second's and the change
    (`ROCm · 108 PRs (198 before, −90)`), ranked by growth (`direction` 1), decline (-1) or size
    (0); three PRs of the first range each; and how many more topics there are."""
    now, before = _by_topic_name(settings, found, only), _by_topic_name(settings, then, only)

    def change(name: str) -> int:
        return len(now.get(name, [])) - len(before.get(name, []))

    ranked = sorted(
        set(now) | set(before),
        key=lambda n: (-direction * change(n) if direction else -len(now.get(n, [])), n.lower()),
    )
    shown = min(shown, TOPICS_SHOWN) if shown else TOPICS_SHOWN
    groups = tuple(
        ItemGroup(
            f"{name} · {_count(len(now.get(name, [])))} ({len(before.get(name, []))} before, {signed(change(name))})",
            tuple(reply_item(m) for m in now.get(name, [])[:3]),
        )
        for name in ranked[:shown]
    )
    return groups, max(0, len(ranked) - shown)


# the kinds of terms a breakdown counts: libraries include kernel packages; connectors are libraries
_KINDS_COUNTED = {"library": {"library", "kernel"}, "connector": {"library"}}


def by_kind(
    settings: RepoSettings, found: Sequence[Match], kind: str, skip: Collection[str] = (), shown: int = 0
) -> tuple[tuple[ItemGroup, ...], int, int]:
    """As `by_topic`, over the things of one kind the PRs name or are classified under ("model":
    Qwen3.5, DeepSeek-V4; "hardware": ROCm, MI355X, Blackwell), but `skip` (what the question
    already named); a PR counts for each. Libraries are kernel packages too ("by library":
    FlashInfer and DeepGEMM beside torch and Transformers). Also how many PRs name none."""
    terms = term_index(settings.taxonomy)
    kinds = _KINDS_COUNTED.get(kind, {kind})
    # ("by connector": the libraries under a topic named for connectors, NIXL, Mooncake, LMCache)
    connecting = {t.key for t in settings.taxonomy.topics if "connector" in t.name.lower()}

    def counted(key: str) -> bool:
        # (a term's own kind: "library" is no kind of alternatives, which kind_of knows)
        term = terms.terms.get(key.removeprefix("term:")) if is_term(key) else None
        if key in skip or (term.kind if term is not None else kind_of(key, settings.taxonomy)) not in kinds:
            return False
        return kind != "connector" or (term is not None and bool(connecting.intersection(term.topics)))

    by_name: dict[str, list[Match]] = {}
    unnamed = 0
    for m in found:
        keys = (*m.cls.topics, *(f"term:{k}" for k in terms.named_cached(m.pr)))
        named = [k for k in dict.fromkeys(keys) if counted(k)]
        for key in named:
            by_name.setdefault(topic_name(settings, key), []).append(m)
        unnamed += not named
    return (*_largest_groups(by_name, min(shown, TOPICS_SHOWN) if shown else TOPICS_SHOWN), unnamed)


# how long PRs were open before they merged, in the buckets a reader scans
_MERGE_TIME_BUCKETS = (
    (timedelta(days=1), "Within a day"),
    (timedelta(days=3), "1-3 days"),
    (timedelta(days=7), "3-7 days"),
    (timedelta(days=28), "1-4 weeks"),
    (timedelta.max, "Over 4 weeks"),
)


def _span(span: timedelta) -> str:
    """ "5 h", "2.3 days", "5 weeks": a duration as a reader says it."""
    hours = span.total_seconds() / 3600
    if hours < 1:
        return "under an hour"
    if hours < 48:
        return f"{hours:.0f} h"
    days = hours / 24
    return f"{days:.1f} days" if days < 28 else f"{days / 7:.0f} weeks"


def merge_times(
    settings: RepoSettings, query: Query, reply: Reply, matches: Sequence[Match], what: str = ""
) -> Reply:
    """The merged PRs by how long each was open (opened to merged: the data has both times;
    review times it has not), the slowest bucket first (the fastest for "fastest merged"), with
    the median, the mean, the time nine in ten merged within, and the extremes named."""
    timed = [
        (m, m.pr.merged_at - m.pr.created_at)
        for m in matches
        if m.pr.merged_at is not None and m.pr.merged_at >= m.pr.created_at
    ]
    if not timed:
        return reply
    timed.sort(key=lambda t: (t[1], t[0].pr.number), reverse=query.merge_time > 0)
    spans = sorted(span for _, span in timed)
    median = (spans[(len(spans) - 1) // 2] + spans[len(spans) // 2]) / 2  # (the middle one, or two)
    mean = sum(spans, timedelta()) / len(spans)
    ninety = spans[min(len(spans) - 1, (9 * len(spans) + 9) // 10 - 1)]
    buckets: dict[str, list[Match]] = {label: [] for _, label in _MERGE_TIME_BUCKETS}
    for m, span in timed:
        buckets[next(label for limit, label in _MERGE_TIME_BUCKETS if span < limit)].append(m)
    order = list(buckets.items())
    groups = tuple(
        ItemGroup(f"{label} · {_count(len(items))}", tuple(reply_item(m) for m in items[:3]))
        for label, items in (reversed(order) if query.merge_time > 0 else order)
        if items
    )
    ends = ", ".join(f"#{m.pr.number} ({_span(span)})" for m, span in timed[:3])
    notes = (
        f"Opened to merged: median {_span(median)}, mean {_span(mean)}; 9 in 10 within {_span(ninety)}.",
        f"{'Longest' if query.merge_time > 0 else 'Fastest'}: {ends}.",
        "Review times are not in my data; this is the time from opening a PR to merging it.",
        *reply.notes,
    )
    title = f"Time to merge: {what or subject(settings, query)} · {_count(len(timed))} merged"
    return replace(reply, title=title, groups=groups, notes=notes)


def kind_thing(kind: str) -> str:
    """One thing of a kind, as a sentence names it: "model family", "GPU or platform", "kernel"."""
    return {"hardware": "GPU or platform", "model": "model family"}.get(kind, KIND_LABELS[kind])


def none_named_note(unnamed: int, total: int, kind: str) -> tuple[str, ...]:
    """ "12 of these 16 PRs name no kernel.": what a breakdown by a kind leaves out (a user
    counting the groups would otherwise wonder where the rest went)."""
    if not unnamed or unnamed == total:
        return ()
    return (f"{unnamed} of these {_count(total)} name no {kind_thing(kind)}.",)


# What a breakdown by a kind of named thing is called ("quantization by format")
KIND_LABELS = {
    "model": "model",
    "hardware": "hardware",
    "quant": "format",
    "kernel": "kernel",
    "library": "library",
    "connector": "connector",
}
PERIODS_SHOWN = 12  # periods listed in a "per month" / "by week" answer (the latest ones)


def by_period(
    settings: RepoSettings,
    found: Sequence[Match],
    period: str,
    since: datetime,
    until: datetime,
    extreme: int = 0,
) -> tuple[tuple[ItemGroup, ...], tuple[str, ...]]:
    """The matches by the day, week or month (in the repo's timezone) each merged in, or was opened
    in when not merged: every period of the window in time order, none left out for having no PRs,
    each with its count (a PR counts once) and up to three of its PRs in answer order; the latest
    PERIODS_SHOWN, with a note counting the earlier ones, and with `extreme` 1 (-1) one naming the
    busiest (quietest) period."""
    tz = settings.tz

    def start_of(moment: datetime) -> date:
        day = moment.astimezone(tz).date()
        if period == "day":
            return day
        return week_start_of(day, settings.week_start) if period == "week" else day.replace(day=1)

    def after(start: date) -> date:
        if period == "day":
            return start + timedelta(days=1)
        return start + timedelta(weeks=1) if period == "week" else add_months(start, 1)

    buckets: dict[date, list[Match]] = {}
    start, last = start_of(since), start_of(until - timedelta(seconds=1))
    while start <= last and len(buckets) < MAX_PERIODS:
        buckets[start] = []
        start = after(start)
    straddling = 0  # PRs opened in one period and merged in another, both in the window
    for m in found:  # in the period of the date that put it in the window (opened in July, merged
        # in August: July's, for "merged or opened in july")
        inside = [t for t in (m.pr.merged_at, m.pr.created_at) if t is not None and since <= t < until]
        buckets.setdefault(start_of(inside[0] if inside else m.pr.merged_at or m.pr.created_at), []).append(m)
        straddling += len({start_of(t) for t in inside}) > 1
    first_day = since.astimezone(tz).date()
    last_day = (until - timedelta(seconds=1)).astimezone(tz).date()

    def cut(start: date) -> str:  # a period the window starts or ends inside says so
        if start < first_day:
            return f" (from {first_day:%b} {first_day.day})"
        return f" (to {last_day:%b} {last_day.day})" if after(start) - timedelta(days=1) > last_day else ""

    labels = {
        "day": lambda d: f"{d:%a %b} {d.day}",
        "week": lambda d: f"Week of {d:%b} {d.day}",
        "month": lambda d: f"{d:%b %Y}",
    }[period]
    ordered = sorted(buckets.items())
    shown, hidden = ordered[-PERIODS_SHOWN:], ordered[:-PERIODS_SHOWN]
    groups = tuple(
        ItemGroup(
            f"{labels(start)}{cut(start) if period != 'day' else ''} · {_count(len(items))}",
            tuple(reply_item(m) for m in items[:3]),
        )
        for start, items in shown
    )
    earlier = sum(len(items) for _, items in hidden)
    before = f"{period} before" if len(hidden) == 1 else f"{len(hidden)} {period}s before"
    note = f"And {_count(earlier)} in the {before} those." if hidden else ""
    notes = (note,) if note else ()
    if straddling:
        # ("show me that week" then lists 29 where the week's count said 22: the week's own
        # list holds the PRs opened in it and merged later too)
        notes = (
            *notes,
            f"Each PR counts once, in the {period} it merged; {_count(straddling)} opened in an "
            f"earlier {period} of the window, whose own list shows them too.",
        )
    if extreme and ordered:  # "busiest day this week": the period(s) with the most PRs
        best = (max if extreme > 0 else min)(len(items) for _, items in ordered)
        tied = [labels(start) for start, items in ordered if len(items) == best]
        said = "Busiest" if extreme > 0 else "Quietest"
        each = f"{_count(best)} each" if len(tied) > 1 else _count(best)
        notes = (f"{said}: {', '.join(tied[:3])}{' ...' if len(tied) > 3 else ''}, {each}.", *notes)
    return groups, notes


def people_title(found: Sequence[Match], what: str, *, first_timers: bool = False) -> str:
    authors = len({m.pr.author for m in found})
    who = "first-time contributor" if first_timers else "person"
    plural = "first-time contributors" if first_timers else "people"
    return f"{authors} {who if authors == 1 else plural} on {what}: {_count(len(found))}"


def ordered(query: Query, matches: list[Match], page: int) -> tuple[list[Match], Query]:
    """The matches in the order asked for ("oldest first": by when each merged, or was opened)
    and cut to the count asked for ("the 5 newest"; "top 3": the first three the whole answer
    would show), with a note saying how many there were."""
    if query.sort:
        matches = sorted(matches, key=by_time, reverse=query.sort < 0)
    else:
        matches = [m for _, group in group_by_state(matches[:page]) for m in group] + matches[page:]
    if not query.limit or len(matches) <= query.limit:
        return matches, query
    which = {1: f"{query.limit} oldest", -1: f"{query.limit} newest", 0: f"first {query.limit}"}[query.sort]
    note = f"Showing the {which} of {_count(len(matches))} that match."
    return matches[: query.limit], replace(query, notes=(*query.notes, note))


def _in_name(word: str, found: dict[str, str]) -> bool:
    return any(word in name.split() for name in found)


def _name_shapes(letters: str, first: str, last: str) -> bool:
    """Whether a login's letters are the name run together, or the first name or its initial,
    up to two more initials, then a surname of three letters or more."""
    if letters == first + last or len(last) < 3:
        return letters == first + last
    return any(
        letters.startswith(head) and 0 <= letters.find(last, len(head)) - len(head) <= 2
        for head in (first, first[0])
    )


def _logins_as_authors(query: Query, index: WindowIndex) -> Query:
    """A free word that is the login of one of the repo's authors names that author ("what has
    mgoin merged", "what is mgoin working on"), beside any @login, unless more PRs mention the
    word than that person wrote (a login that is also a common word in titles stays a search).
    Names and the start of a long login name their author the same way, whether typed alone or
    after `by` ("by woosuk", "by nick hill" -> @woosukkwon, @njhill)."""
    words = query.text.split()
    found: dict[str, str] = {}  # the words as typed -> the login they name
    authors = []
    for author in query.authors:  # "by woosuk": no such login, but the start of one
        login = None
        if not index.logins[author]:
            if words and (login := index.login_for_name(author, words[0])):
                found[f"{author} {words[0]}"] = login
            elif login := index.login_for(author):
                found[author] = login
        authors.append(login or author)
    for first, last in itertools.pairwise(words):  # "prs from nick hill": a name, not two words
        if not _in_name(first, found) and (login := index.login_for_name(first, last)):
            found[f"{first} {last}"] = login
    short = set(query.ignored)  # "simon mo": a two-letter surname was set aside as too short to search
    for first, last in itertools.pairwise(query.without_time.split()):
        names = first in words and last in short and not _in_name(first, found)
        if names and (login := index.login_for_name(first, last)):
            found[f"{first} {last}"] = login
    found.update({w: login for w in words if not _in_name(w, found) and (login := index.login_for(w))})
    # "nick vs nick lol - NickLucche vs njhill": a name that starts a login the question names is
    # that person said again, not a word to search
    named = {a.lower() for a in authors} | set(found.values())
    for w in words:
        again = next((login for login in named if len(w) >= 3 and w.isalpha() and login.startswith(w)), None)
        if again and not _in_name(w, found):
            found[w] = again
    # "rocm prs excluding AndreasKaratzas", "not by @x" spelt as a name: that person left out
    left_out = {w: login for w in query.exclude_text if (login := index.login_for(w))}
    if left_out:
        query = replace(
            query,
            exclude_text=tuple(w for w in query.exclude_text if w not in left_out),
            exclude_authors=tuple(dict.fromkeys((*query.exclude_authors, *left_out.values()))),
            readings=(*query.readings, *(f"'{w}' → not by @{login}" for w, login in left_out.items())),
            names=(*query.names, *left_out.items()),  # a thread reads "excluding @login" back
        )
    if not found:
        return query
    used = {part for w in found for part in w.split()}
    return replace(
        query,
        authors=tuple(dict.fromkeys((*authors, *found.values()))),
        text=" ".join(w for w in words if w not in used),
        ignored=tuple(w for w in query.ignored if w not in used),
        typos=tuple((w, fix) for w, fix in query.typos if w not in used),  # "lucche" names a person
        names=(*query.names, *found.items()),
        readings=(*query.readings, *(f"'{w}' → @{login}" for w, login in found.items())),
    )


@per_taxonomy
def _symptoms_and_broad(taxonomy: Taxonomy) -> tuple[frozenset[str], frozenset[str]]:
    """The query keys of the symptom terms, and the topics of every area's work (bug fixes)."""
    symptoms = frozenset(TERM_PREFIX + term.key for term in taxonomy.terms if term.kind == "symptom")
    return symptoms, frozenset(topic.key for topic in taxonomy.topics if not topic.section)


def symptoms_said(taxonomy: Taxonomy, query: Query) -> frozenset[int]:
    """The groups of `query.any_of` that name only symptoms ("crash", "hangs / OOM"), when the rest
    still names a subject - a platform, model, area, named thing or author, not only a kind of
    work ("fixes", "reverts"); else none ("only the crash fixes" asks for nothing else)."""
    symptoms, broad = _symptoms_and_broad(taxonomy)
    said = frozenset(i for i, g in enumerate(query.any_of) if g and symptoms.issuperset(g))
    rest = [k for i, g in enumerate(query.any_of) if i not in said for k in g]
    subject = query.authors or any(not (k in broad or is_change(k) or k in symptoms) for k in rest)
    return said if subject else frozenset()


def without_symptoms(query: Query, said: frozenset[int]) -> Query:
    """`query` without the symptom groups `said`, which it lists as set aside; a symptom asks for
    fixes, so with none asked the subject's fixes are kept ("segfault rocm": ROCm's bug fixes)."""
    symptoms = tuple(k.removeprefix(TERM_PREFIX) for i in said for k in query.any_of[i])
    kept = tuple(g for i, g in enumerate(query.any_of) if i not in said)
    if not any(k == "bugfix" or is_change(k) for g in kept for k in g):
        kept = (*kept, ("bugfix",))
    return replace(
        query,
        any_of=kept,
        terms=tuple(t for t in query.terms if t not in symptoms),
        set_aside=(*query.set_aside, *symptoms),
    )


def families_of_parts(taxonomy: Taxonomy, query: Query) -> Query | None:
    """`query` with each part it names that belongs to a family ("h100", "b200", "mi325x") asked
    as that family (Hopper, SM100, MI300X), a reading saying so; None when it names no such part,
    or asks for them specifically."""
    if query.exact:  # "and gb200 specifically?": none is the answer
        return None
    wider: dict[str, tuple[Term, Term]] = {}  # part key -> (the part, its family)
    for key in query.terms:
        part = taxonomy.term(key)
        family = taxonomy.term(part.within) if part is not None and part.within else None
        if part is not None and family is not None:
            wider[key] = (part, family)
    if not wider:
        return None
    swap = {TERM_PREFIX + k: TERM_PREFIX + family.key for k, (_, family) in wider.items()}
    readings = tuple(
        f"'{_as_typed(part, query.without_time) or part.key}' → {family.name}, its family "
        f"(no PR here names {part.name})"
        for part, family in wider.values()
    )
    return replace(
        query,
        any_of=tuple(tuple(dict.fromkeys(swap.get(k, k) for k in g)) for g in query.any_of),
        terms=tuple(dict.fromkeys(wider[t][1].key if t in wider else t for t in query.terms)),
        readings=(*query.readings, *readings),
    )


def _apply_words(
    query: Query, words: list[str], found: list[Match], unheard: Callable[[str], bool]
) -> tuple[Query, list[Match]]:
    """Free words narrow the answer; one that would empty an answer that already has a topic, term
    or author is set aside (and said so) rather than leaving the asker with nothing. So is a word
    of another language no PR ever used (`unheard`: "ki mergelt a legtöbb PR-t? top 5 elég", whose
    "elég" is "enough"; titles are English), with or without an anchor. An identifier the titles
    use ("is NemotronH_Omni_Reasoning_V3 registered as a supported arch?") anchors the answer as a
    term does: it is what the question is about, the other words are its frame."""
    anchored = bool(query.any_of or query.authors)
    kept: list[str] = []
    dropped: list[str] = []
    for word in sorted(words, key=lambda w: not _identifier(w)):  # identifiers first, else as typed
        narrowed = [m for m in found if word_in(word, _hay(m.pr, m.cls))]
        # (a library's version is the thing asked, "torch 2.9": without it, another question)
        if narrowed or not (anchored or unheard(word)) or word in query.versions:
            found = narrowed
            kept.append(word)
            anchored = anchored or bool(narrowed and _identifier(word))
        else:
            dropped.append(word)
    kept = [w for w in words if w in kept]
    if kept != words:
        query = replace(query, text=" ".join(kept), set_aside=(*query.set_aside, *dropped))
    return query, found


def _versions_only(query: Query) -> bool:
    """Whether every free word is a library's version ("torch 2.9": no topic to suggest instead)."""
    return set(query.text.split()) <= set(query.versions)


def _identifier(word: str) -> bool:
    """A name from code: letters with an underscore or digits ("nemotronh_omni_reasoning_v3",
    "gfx1201", "qwen3"), not a plain word or a number."""
    return (
        len(word) >= 5 and any(c.isalpha() for c in word) and ("_" in word or any(c.isdigit() for c in word))
    )


def _swap(query: Query, old: str, new: str) -> Query:
    """The query with one topic-or-term key replaced (a term by its topic)."""
    groups = tuple(tuple(new if k == old else k for k in group) for group in query.any_of)
    topics = tuple(dict.fromkeys(k for g in groups for k in g if not is_term(k) and not is_change(k)))
    return replace(
        query, any_of=groups, topics=topics, terms=tuple(t for t in query.terms if f"term:{t}" != old)
    )


def _without_group(query: Query, index: int) -> Query:
    """The query with one of its AND-ed groups left out."""
    groups = query.any_of[:index] + query.any_of[index + 1 :]
    keys = {k for g in groups for k in g}
    return replace(
        query,
        any_of=groups,
        topics=tuple(t for t in query.topics if t in keys),
        terms=tuple(t for t in query.terms if f"term:{t}" in keys),
    )


# What a question's words were read as, beside what it asks for: its window, how unusual words
# were read, notes, and fields derived from others (`topics` and `terms` are in `any_of`).
_NOT_ASKED = frozenset(
    {
        "since", "until", "window_label", "window_given", "anytime_label", "then_since", "then_until",
        "then_label", "time_text", "without_time", "topics", "terms", "ignored", "restated",
        "set_aside", "readings", "typos", "corrected", "notes", "names", "included", "newest_if_none",
        "failed",
    }
)  # fmt: skip
_ASKED = tuple(f.name for f in fields(Query) if f.name not in _NOT_ASKED)


def _reading(query: Query) -> tuple[object, ...]:
    """What a question asks for, without its window or how its words were read: two phrasings
    with one reading get the same answer."""
    return tuple(getattr(query, name) for name in _ASKED)


def _states_words(query: Query) -> str:
    return " ".join(state_words(query.states))


def _within(moment: datetime | None, since: datetime, until: datetime) -> bool:
    return moment is not None and since <= moment < until


def _state_ok(pr: PullRequest, states: Sequence[str], since: datetime, until: datetime) -> bool:
    """Whether a PR was in one of `states` (those asked for, none left out) in the window."""
    if not states:
        return _within(pr.created_at, since, until) or _within(pr.merged_at, since, until)
    status = pr.status
    for state in states:
        if state == "merged" and _within(pr.merged_at, since, until):
            return True
        if state == "open" and status in ("open", "draft") and _within(pr.created_at, since, until):
            return True
        if state == "draft" and status == "draft" and _within(pr.created_at, since, until):
            return True
        if state == "closed" and status == "closed" and _within(pr.closed_at, since, until):
            return True
        if state == "opened" and _within(pr.created_at, since, until):
            return True
    return False


def _when(pr: PullRequest) -> datetime:
    return pr.merged_at or pr.closed_at or pr.created_at


def by_time(match: Match) -> tuple[datetime, int]:
    """The order of "oldest first" / "newest first", in commands and threads: when each PR merged,
    or was opened."""
    return (match.pr.merged_at or match.pr.created_at, match.pr.number)


_ENGLISH_ENDINGS = ("ing", "ed", "ly", "tion", "ness", "ment")
# what turns one word into another of its family ("decode" -> "decoder", "decodes", "decoded")
_WORD_ENDINGS = frozenset({"s", "es", "d", "ed", "r", "er", "rs", "ers", "ing", "ly", "al", "ion", "ions"})


def _as_asked(text: str, query: Query) -> str:
    """The question as a thread will read it back: names it read as people written as their
    logins ("what did harry mellor merge" -> "what did @hmellor merge"), so the thread's header
    and follow-ups name the person, not a search for the words."""
    for typed, login in query.names:
        text = re.sub(rf"(?<![\w@-]){re.escape(typed)}(?![\w-])", f"@{login}", text, flags=re.I)
    for word in query.set_aside:  # "wat happend w lora": the answer set 'wat' aside; so does the thread
        text = re.sub(rf"(?<![\w@-]){re.escape(word)}(?![\w-])", " ", text, flags=re.I)
    return " ".join(text.split())


def compares_periods(query: Query, text: str) -> bool:
    """Whether the question sets its second time beside the first: it says so, and the two do not
    overlap ("since monday's upgrade ... in the last 2 weeks" names one time twice, and "for this
    week's release notes" after a week's dates is what the answer is for)."""
    if query.then_since is None or query.then_until is None:
        return False
    if not sets_side_by_side(tokenize(text)[0]):  # "rocm this week vs last week": it says so
        return False
    return query.then_until <= query.since or query.then_since >= query.until


def _narrowed(query: Query) -> bool:
    """Whether a question asks for less than everything in its window ("rocm digest": the ROCm
    PRs, not the whole digest)."""
    return bool(
        query.narrows
        or (query.states and query.states != ("merged",))  # "what shipped": the digest's own work
        or query.who
        or query.per_topic
        or query.then_since
    )


def by_significance(match: Match) -> tuple[float, float, bool, float, int]:
    """Weight first (the digest's ranking; impact alone for a match not weighed), then merged
    before the rest, then the most recent."""
    pr = match.pr
    return (-match.weight, -match.cls.impact, pr.status != "merged", -_when(pr).timestamp(), -pr.number)


def by_impact(match: Match) -> tuple[int, tuple[float, float, bool, float, int]]:
    """The order an answer shows its PRs in: by state (merged first, as the reply groups them),
    then most significant first."""
    status = match.pr.status
    return (STATE_ORDER.index(status) if status in STATE_ORDER else len(STATE_ORDER), by_significance(match))


def group_by_state(shown: list[Match]) -> list[tuple[str, list[Match]]]:
    states = {m.pr.status for m in shown}
    if len(shown) < GROUP_AT or len(states) < 2:
        return [("", shown)]
    return [(STATE_TITLES[s], [m for m in shown if m.pr.status == s]) for s in STATE_ORDER if s in states]


def reply_item(match: Match) -> ReplyItem:
    pr = match.pr
    return ReplyItem(
        number=pr.number,
        title=pr.title,
        url=pr.url,
        author=pr.author,
        status=pr.status,
        topics=match.cls.topics,
        summary=match.cls.summary,
        when=pr.merged_at or pr.created_at,
    )


def areas(files: Sequence[str] | None, limit: int = 8) -> tuple[str, ...]:
    """Top-level directories of changed files, most files first; root files count as "(top level)"."""
    if not files:
        return ()
    counts = Counter(f.split("/", 1)[0] + "/" if "/" in f else "(top level)" for f in files)
    return tuple(area for area, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:limit])


def topic_name(settings: RepoSettings, key: str) -> str:
    """A topic's name, a named term's (`term:nvfp4` -> NVFP4) or a kind of change's."""
    if is_change(key):
        return change_name(key)
    if is_term(key):
        term = settings.taxonomy.term(key[5:])
        return term.name if term else key[5:]
    topic = settings.taxonomy.topic(key)
    return topic.name if topic else key


def _everything(query: Query) -> Query:
    """The query over the same time and states with nothing else asked: every PR a share is of."""
    return replace(
        query,
        any_of=(),
        topics=(),
        terms=(),
        exclude=(),
        authors=(),
        exclude_authors=(),
        text="",
        exclude_text=(),
        first_timers=False,
    )


STATE_TALLY = ("merged", "opened", "still open", "closed unmerged")


def state_tally(matches: Sequence[Match], since: datetime, until: datetime) -> tuple[int, int, int, int]:
    """How many of the matches merged in the window, were opened in it, and are still open or
    closed unmerged now (the order of STATE_TALLY)."""
    prs = [m.pr for m in matches]
    return (
        sum(1 for p in prs if p.merged_at and since <= p.merged_at < until),
        sum(1 for p in prs if since <= p.created_at < until),
        sum(1 for p in prs if p.status in ("open", "draft")),
        sum(1 for p in prs if p.status == "closed"),
    )


def state_counts(matches: Sequence[Match], since: datetime, until: datetime) -> str:
    """`12 merged · 9 opened · 3 still open · 1 closed unmerged`, as the digest's counts line says
    them, zeros too ("merged vs open" is answered by "0 still open")."""
    tally = state_tally(matches, since, until)
    return " · ".join(f"{n} {label}" for n, label in zip(tally, STATE_TALLY, strict=True))


def _newest_said(settings: RepoSettings, matches: Sequence[Match]) -> str:
    """`#47437, merged Jul 2, 2026`: the newest of the matches, as an empty answer's note names it."""
    newest = max(matches, key=by_time).pr
    when = (newest.merged_at or newest.created_at).astimezone(settings.tz)
    return f"#{newest.number}, {'merged' if newest.merged_at else 'opened'} {when:%b} {when.day}, {when.year}"


def _matching(n: int) -> str:
    """`1 PR matches`, `12 PRs match`."""
    return f"{_count(n)} {'matches' if n == 1 else 'match'}"


def pace_note(
    count: int, since: datetime, until: datetime, other: int, other_since: datetime, other_until: datetime
) -> str:
    """For two windows of different lengths set side by side ("this month vs last month" on the
    21st): how long each is and PRs a day in each, so a month so far is not read as a drop; ""
    when they are about as long."""
    days, other_days = (until - since) / timedelta(days=1), (other_until - other_since) / timedelta(days=1)
    if min(days, other_days) < 1 or abs(days - other_days) < 1.5:
        return ""
    return (
        f"The windows differ in length ({round(days)} vs {round(other_days)} days): "
        f"{count / days:.1f} vs {other / other_days:.1f} PRs a day."
    )


def _as_typed(term: Term, words: str) -> str:
    """The spelling of `term` the question used ("gibberish" for Accuracy and wrong outputs,
    "mi355" for MI355X), so a reading note quotes the asker; "" when none is found as typed."""
    said = " ".join(words.lower().split())
    for spelling in sorted(term.all_spellings, key=len, reverse=True):
        stem = spelling.rstrip("*")
        rest = r"\S*" if spelling.endswith("*") else ""  # a prefix spelling: the word as typed
        found = re.search(rf"(?<!\S){re.escape(stem)}{rest}(?!\S)", said) if stem else None
        if found:
            return found.group(0)
    return ""


def _count(n: int) -> str:
    return f"{n} PR" if n == 1 else f"{n} PRs"


def _states_phrase(states: Sequence[str]) -> str:
    kept, gone = split_states(states)
    # "not merged" alone: of the PRs merged or opened, the opened ones
    phrase = " or ".join(STATE_PHRASES[s] for s in kept) or (
        "opened" if "merged" in gone else "merged or opened"
    )
    return phrase + (", not " + " or ".join(STATE_TITLES[g].lower() for g in gone) if gone else "")


def subject(settings: RepoSettings, query: Query) -> str:
    """What was asked about: `ROCm + Bug fixes, not CI & build, by @alice, matching 'aiter'`."""
    parts = [" or ".join(topic_name(settings, t) for t in group) for group in query.any_of]
    head = " + ".join(parts) or ("PRs" if query.narrows else "All PRs")
    if query.exclude:
        head += ", not " + ", ".join(topic_name(settings, t) for t in query.exclude)
    if query.authors:
        head += " by " + ", ".join(f"@{a}" for a in query.authors)
    if query.exclude_authors:
        head += ", not by " + ", ".join("bots" if a == BOTS else f"@{a}" for a in query.exclude_authors)
    if query.text:
        head += f" matching '{query.text}' in titles, summaries or labels"
    for phrase in query.phrases:
        head += f' with "{phrase}" in the title'
    if query.exclude_text:
        head += ", without " + ", ".join(f"'{w}'" for w in query.exclude_text)
    return head


def understood_line(settings: RepoSettings, query: Query, total: int) -> str:
    """`ROCm · merged or opened Feb 23 – Mar 1, 2026 (UTC) · 7 PRs`."""
    states = _states_phrase(query.states) if query.states else "merged or opened"
    return f"{subject(settings, query)} · {states} {query.window_label} · {_count(total)}"


def _query_notes(settings: RepoSettings, query: Query) -> tuple[str, ...]:
    notes = list(query.notes)
    if query.readings:
        notes.append("Read " + "; ".join(query.readings) + ".")
    if ignored := [w for w in query.ignored if w not in query.restated]:
        notes.append("ignored: " + ", ".join(ignored))
    if query.set_aside:
        about = subject(settings, replace(query, text=""))
        words = ", ".join(f"'{w}'" for w in query.set_aside)
        notes.append(f"ignored: {words} (no {about} PR in this window mentions it)")
    for word, fix in query.typos:
        if word in query.set_aside or word not in query.text.split():
            continue
        if word.startswith(fix) and word[len(fix) :] in _WORD_ENDINGS:
            continue  # "decoder" is "decode" and an ending: a word PRs use, of its own, no typo
        notes.append(f"'{word}' is not a topic or keyword I know: did you mean {fix}?")
    if not query.window_given:
        notes.append(f"No time given: showing the last {settings.default_days} days.")
    return tuple(notes)


def _typo_suggestions(settings: RepoSettings, query: Query) -> tuple[str, ...]:
    if not query.corrected:
        return ()
    return (f"/{settings.command} {query.corrected}",)


def _not_a_topic(settings: RepoSettings, text: str, nearby: Sequence[Match]) -> str:
    """ "'benchmarks script' is not a topic; the PRs that mention it are mostly CI & build": the
    topics of the nearest PRs that say the words (a list of the first topics said nothing of them)."""
    topics = Counter(t for m in nearby for t in m.cls.topics if not is_term(t))
    names = [topic_name(settings, key) for key, _ in topics.most_common(2)]
    if not names:
        return f"'{text}' is not a topic (`/{settings.command} help` lists them)."
    return f"'{text}' is not a topic; the PRs that mention it are mostly {' and '.join(names)}."


def _without_states(query: Query) -> Query:
    return replace(query, states=())


def _replace(reply: Reply, **changes: object) -> Reply:
    return replace(reply, **changes)  # type: ignore[arg-type]


def help_reply(settings: RepoSettings, query: Query | None = None) -> Reply:
    """Usage with examples built from the repo's real taxonomy."""
    cmd = f"/{settings.command}"
    topics = settings.taxonomy.topics
    first = topics[0] if topics else None
    second = next(
        (t for t in topics if t.section is None and t is not first), topics[1] if len(topics) > 1 else first
    )
    words = {w for t in topics for w in t.words}
    terms = settings.taxonomy.terms
    term = next((t for t in terms if t.kind in ("hardware", "quant")), terms[0] if terms else None)
    free = next((w for w in ("hybrid", "tokenizer", "cache", "allocator") if w not in words), "hybrid")
    multi = next((w for t in topics for w in t.aliases if " " in w), None)
    alias = next(((t, a) for t in topics for a in t.aliases if " " not in a), None)
    examples = []
    if first:
        examples.append(f"{cmd} {first.key} last week")
    if alias:
        examples.append(f"{cmd} {alias[1]} merged this month   ({alias[1]} = {alias[0].name})")
    if first and second:
        examples.append(f"{cmd} {first.key} {second.key} past 30 days   (both topics)")
        examples.append(f"{cmd} {first.key} -{second.key} since 2026-02-01   (leave {second.name} out)")
    if multi:
        examples.append(f"{cmd} {multi} open")
    if term is not None:
        examples.append(f"{cmd} {term.key} past 2 weeks   (PRs that name {term.name})")
    examples += [
        f"{cmd} @octocat in february",
        f"{cmd} #12345   (one PR's details)",
        f"{cmd} {free} 2026-02-20..2026-02-26   (other words search titles)",
    ]
    topic_list = ", ".join(f"{t.key} ({', '.join(t.aliases[:3])})" if t.aliases else t.key for t in topics)
    notes = (
        "Topics: " + topic_list,
        "Time: today, yesterday, this week, last week, past 7 days, past 3 weeks, this month, last month, "
        "february, feb 2026, since 2026-02-01, 2026-02-20..2026-02-26, from 2026-02-20 to 2026-02-26, 2026-W09 "
        f"(weeks start on {settings.week_start.title()}, dates in {settings.tz_name}; "
        f"default: the last {settings.default_days} days).",
        "Named things (a GPU, kernel, format, model or feature: mi300x, nvfp4, flashinfer, qwen3.5, "
        "cuda graphs) find the PRs that name them; a topic finds every PR classified under it.",
        "State: merged, open, draft, closed (unmerged); default: opened or merged in the window; "
        "`no drafts` or `not merged` leaves a state out.",
        "Kinds of change, read from each PR: breaking (removals, deprecations, new defaults), reverts, "
        "security fixes, dependency bumps.",
        "People and PRs: @login or by login; #12345 or a PR link for its details. "
        "Combine freely, in any order; a leading minus leaves a topic out; two platforms or model "
        "families together mean either (rocm/xpu, rocm and xpu).",
        "In the answer's thread, reply `more` for the next PRs.",
    )
    return Reply(
        kind="help",
        title=f"{cmd}: ask about {settings.name}'s pull requests",
        understood="help",
        notes=notes,
        suggestions=tuple(examples),
        ephemeral=True,
    )
