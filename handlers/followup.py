"""Threaded follow-ups: a message in a followed thread + its stored context -> Reply.

Offline (no model) the handler answers the common follow-ups from the thread's PRs:
narrowing by topic, state, author or words (`only the bug fixes`, `which of these are merged?`,
`by alice`), `more` (the next page), `#N` or a PR link (the detail card), counts
(`how many are merged?`), `who is working on X?`, and window shifts (`same for the week
before`, `compare with the week before`: counts side by side). Anything else gets the LLM when
one is configured (rate-limited per user and per channel), else a short list of what can be
asked. The LLM sees the thread's PR records, cleaned bodies of the PRs asked about and the last
turns, all framed as untrusted data; its citations pass the shared citation guard.

Thread state after an answer (written back with a fresh expiry):
- narrowing REPLACES the thread's PR set (in answer order) and restarts paging, so `only the
  merged ones` then `more` pages through the merged ones; the filter words are kept in
  `query_text` after FILTER_SEP so window shifts and counts apply them too;
- `same for the week before` moves the thread to that window and its PRs;
- `more` advances `shown`; details, counts, `who`, comparisons and LLM answers change nothing
  but the turns.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Literal

from handlers.calendar import window_label
from handlers.citations import Guard, cap
from handlers.errors import LLMError
from handlers.followup_intent import NARROW_CUES, Intent, classify
from handlers.models import Code, ItemGroup, Prompt, PRRef, PullRequest, Reply, Text, ThreadContext
from handlers.parse import Query, tokenize, with_window
from handlers.query import (
    Match,
    content_ok,
    group_by_state,
    reply_item,
    subject,
    topic_name,
    understood_line,
)
from handlers.terms import term_index

if TYPE_CHECKING:
    from handlers.followup_deps import FollowupServices as BotHandlers
    from handlers.models import RepoSettings

log = logging.getLogger(__name__)

FILTER_SEP = " || only: "
MAX_RECORDS = 60  # PR records sent to the model, at most
RECORDS_CHARS = 16_000  # ~4,000 tokens of records (chars/4 estimate)
MAX_BODIES = 3
BODY_CHARS = 1_500  # per asked-about PR, after cleaning
TURN_CHARS = 400
ANSWER_CHARS = 1_500  # the rendered answer's cap, on top of llm.answer_max_tokens
OFFLINE_LEAD = "I can't answer that offline"
OFFLINE_NOTE = OFFLINE_LEAD + ", so here are the PRs of this thread it names."
AI_NOTE = "AI-written from the PR records of this thread; may contain mistakes."
ALL_MAX = 50  # `all rocm` lists at most this many at once (the rest with `more`)
_NOTHING = Query(since=datetime.min, until=datetime.max, window_label="")  # no filters at all
STATE_LABELS = {"merged": "merged", "open": "open", "draft": "draft", "closed": "closed unmerged"}


FollowupPrompt = Prompt
"""The follow-up prompt (bot/services/prompts/followup.toml); placeholders: $repo, $subject,
$window, $records, $omitted, $bodies, $turns, $question."""


async def answer_followup(
    app: BotHandlers, context: ThreadContext, text: str, *, user: str = "", addressed: bool = False
) -> Reply:
    """Answer one message of a followed thread and store the updated context. Chatter ("thanks!",
    "lol") gets a `quiet` reply, which platforms do not post, unless the bot was addressed."""
    settings = app.repos.get(context.repo.lower())
    if settings is None:
        return Reply(
            kind="error",
            title=f"This bot no longer follows {context.repo}",
            notes=("Start a new query with a slash command for a repository it follows.",),
        )
    text = text if isinstance(text, str) else str(text)
    turn = _Turn(app, settings, context, app.clock(), user)
    reply = await turn.answer(text, addressed=addressed)
    if reply.kind == "quiet":
        return reply  # chatter changes nothing, not even the turns
    updated = turn.context
    if app.limits.max_turns > 0:
        turns = (*updated.turns, ("user", _clip(text)), ("bot", _clip(describe(reply))))
        updated = replace(updated, turns=turns[-2 * app.limits.max_turns :])
    await app.store.put_thread(updated, app.limits.thread_ttl_seconds)
    return replace(reply, seed=None)


class _Turn:
    """One follow-up: reads the thread's PRs, answers, and leaves the new context in `context`."""

    def __init__(
        self, app: BotHandlers, settings: RepoSettings, context: ThreadContext, now: datetime, user: str
    ) -> None:
        self.app = app
        self.settings = settings
        self.context = context
        self.now = now
        self.user = user
        self._matches: list[Match] | None = None

    # -- dispatch --------------------------------------------------------------------------------
    async def answer(self, text: str, *, addressed: bool = False) -> Reply:
        query = self.app.query.parse(self.settings, text, self.now)
        intent = classify(text, query)
        log.info("follow-up in %s read as %s", self.context.key.as_str(), intent.kind)
        if intent.kind == "chatter":
            return self.chatter(addressed)
        if intent.kind == "help":
            return self.capabilities()
        if intent.kind == "more":
            return await self.more()
        if intent.kind == "detail" and intent.position:
            number = self._at_position(intent.position)
            if number is None:
                return self._no_such_position(intent.position)
            query = self.app.query.parse(self.settings, f"#{number}", self.now)
            intent = replace(intent, query=query)
            text = f"#{number} {text}" if intent.asks else f"#{number}"
        if intent.kind == "switch":
            return await self.switch(intent)
        if intent.kind == "detail":
            if intent.asks and self._llm_ready():
                return await self.llm_answer(text, intent)
            return await self.detail(text, intent)
        if intent.kind == "count":
            return await self.count(intent)
        if intent.kind == "who":
            return await self.who(intent)
        if intent.kind in ("shift", "compare"):
            window = self._window(intent)
            if intent.kind == "compare":
                return await self.compare(window)
            return await self.shift(window, text)
        if intent.kind == "narrow":
            # A bare subject ("qwen?"): narrow when the thread has some, else move to it.
            bare = intent.query.any_of and not intent.words and not self._narrowing_cue(text)
            if bare and not self._filtered(await self.thread_matches(), intent.query):
                return await self.switch(intent)
            return await self.narrow(intent)
        if self._llm_ready():
            return await self.llm_answer(text, intent)
        return await self.offline(intent)

    # -- the thread's PRs ---------------------------------------------------------------------------
    async def thread_matches(self) -> list[Match]:
        """The thread's PRs with their classifications, in the thread's order."""
        if self._matches is None:
            repo = self.settings.name
            found = await self.app.store.get_prs(repo, self.context.pr_numbers)
            prs = [found[n] for n in self.context.pr_numbers if n in found]
            classes = await self.app.classifications[repo].for_prs(repo, prs) if prs else {}
            self._matches = [Match(pr, classes[pr.number]) for pr in prs if pr.number in classes]
        return self._matches

    def base_query(self) -> Query:
        """What the thread is about as a query (the original command plus any narrowing words)."""
        original, _, filters = self.context.query_text.partition(FILTER_SEP)
        text = f"{original} {filters}" if self.context.kind == "query" else filters
        query = self.app.query.parse(self.settings, text, self.now)
        return with_window(query, self.context.since, self.context.until, self.window_label())

    def window_label(self, since: datetime | None = None, until: datetime | None = None) -> str:
        return window_label(
            since or self.context.since, until or self.context.until, self.settings.tz, self.settings.tz_name
        )

    def _window(self, intent: Intent) -> tuple[datetime, datetime]:
        if intent.shift:
            span = self.context.until - self.context.since
            if intent.shift < 0:
                return self.context.since - span, self.context.since
            return self.context.until, self.context.until + span
        return intent.query.since, intent.query.until

    # -- offline answers ----------------------------------------------------------------------------
    def capabilities(self, lead: str = "") -> Reply:
        """What the offline bot can answer here, with examples from this thread."""
        cmd = f"/{self.settings.command}"
        example = self.context.pr_numbers[0] if self.context.pr_numbers else 12345
        notes = [
            "In this thread I can: narrow the list (`only the bug fixes`, `which of these are merged?`, "
            "`by <login>`), page (`more`), show one PR (`tell me about #N` or its link), count "
            "(`how many are merged?`), say who works on something (`who is working on aiter?`), and move "
            "or compare the window (`same for the week before`, `compare with the week before`).",
        ]
        if self.app.llm is None or self.app.followup_prompt is None:
            notes.append("Other questions need the AI model, which this bot does not use.")
        notes.append(f"A new question: use the slash command, e.g. `{cmd} rocm last week`.")
        return Reply(
            kind="help",
            title=lead or "Here is what I can answer in this thread",
            understood=self._about(),
            notes=tuple(notes),
            suggestions=(
                "which of these are merged?",
                "only the bug fixes",
                "more",
                f"tell me about #{example}",
                "how many are merged?",
                "compare with the week before",
            ),
        )

    def chatter(self, addressed: bool) -> Reply:
        """Small talk in a thread: say nothing publicly, or one short line when spoken to."""
        if not addressed:
            return Reply(kind="quiet", title="(stayed quiet: that reads as chatter, not a question)")
        return Reply(
            kind="answer",
            title="Glad it helps.",
            understood=self._about(),
            notes=("Ask me about this thread's PRs any time, e.g. `only the merged ones` or `more`.",),
        )

    def _shown_page(self) -> tuple[int, ...]:
        """The PR numbers of the page the thread showed last, in the order shown."""
        shown = min(self.context.shown, len(self.context.pr_numbers))
        if shown <= 0:
            return ()
        size = max(self.settings.max_items, 1)
        start = ((shown - 1) // size) * size
        return self.context.pr_numbers[start:shown]

    def _at_position(self, position: int) -> int | None:
        page = self._shown_page()
        if not page or position == 0 or position > len(page):
            return None
        return page[position - 1] if position > 0 else page[-1]

    def _no_such_position(self, position: int) -> Reply:
        page = self._shown_page()
        return Reply(
            kind="empty",
            title=f"The last list here showed {_count(len(page))}, so there is no number {position}",
            understood=self._about(),
            notes=("Name a PR by its place in the list (`the 2nd one`) or its number (`#12345`).",),
        )

    @staticmethod
    def _narrowing_cue(text: str) -> bool:
        """Words that point at the thread's own list ("only", "which of these")."""
        return bool(set(tokenize(text)[0]) & (NARROW_CUES | {"which", "these", "those", "them"}))

    async def switch(self, intent: Intent) -> Reply:
        """`what about qwen?`: the same window (and states) for another subject; the thread follows it."""
        base = self.base_query()
        if base.pr_numbers and self.context.kind == "query":
            return self.capabilities(
                "This thread is about specific PRs; ask a new question with the slash command"
            )
        asked = intent.query
        query = replace(
            asked,
            since=self.context.since,
            until=self.context.until,
            window_label=self.window_label(),
            window_given=True,
            states=asked.states or base.states,
        )
        words = _filter_words(query, replace(base, any_of=(), exclude=(), authors=(), text="", states=()))
        return await self._follow(query, words, subject(self.settings, query), kind="query")

    async def _follow(
        self, query: Query, query_text: str, what: str, *, kind: Literal["query", "digest"] | None = None
    ) -> Reply:
        """Move the thread to `query` (another window or subject): its PRs become the thread's."""
        query, matches = await self.app.query.resolve(self.settings, query)
        if not matches:
            return Reply(
                kind="empty",
                title=f"No PR matches {subject(self.settings, query)} in {query.window_label}",
                understood=understood_line(self.settings, query, 0),
                notes=("The thread still follows its earlier list.",),
            )
        reply = self.app.query.list_reply(self.settings, query, query_text, matches)
        assert reply.seed is not None
        self.context = replace(
            self.context,
            kind=kind or self.context.kind,
            query_text=query_text,
            since=query.since,
            until=query.until,
            pr_numbers=reply.seed.pr_numbers,
            shown=reply.seed.shown,
        )
        notes = (*reply.notes, f"This thread now follows {what}.")
        return replace(reply, notes=notes, suggestions=())

    async def more(self) -> Reply:
        matches = await self.thread_matches()
        total = len(self.context.pr_numbers)
        start = min(self.context.shown, total)
        by_number = {m.pr.number: m for m in matches}
        page_numbers = self.context.pr_numbers[start : start + self.settings.max_items]
        page = [by_number[n] for n in page_numbers if n in by_number]
        if not page_numbers:
            return Reply(
                kind="empty",
                title=f"That's all: this thread's {_count(total)} have been shown",
                understood=self._about(),
                notes=("Ask `only the merged ones`, `tell me about #N`, or start a new slash command.",),
            )
        end = start + len(page_numbers)
        self.context = replace(self.context, shown=end)
        left = total - end
        notes = [f"Reply `more` for the next {min(left, self.settings.max_items)}."] if left else []
        if not left:
            notes.append(f"That's the last of the {_count(total)}.")
        if len(page) < len(page_numbers):
            notes.append(
                f"{len(page_numbers) - len(page)} PR(s) of this page are no longer in the bot's data."
            )
        return Reply(
            kind="list",
            title=f"PRs {start + 1}–{end} of {total}",
            understood=self._about(),
            groups=_groups(page),
            total=total,
            overflow=left,
            notes=tuple(notes),
        )

    async def detail(self, text: str, intent: Intent) -> Reply:
        reply = await self.app.query.answer(self.settings, text, now=self.now, synthesize=False)
        outside = [n for n in intent.query.pr_numbers if n not in self.context.pr_numbers]
        if reply.kind in ("detail", "list") and outside:
            listed = ", ".join(f"#{n}" for n in outside)
            reply = replace(reply, notes=(*reply.notes, f"{listed}: not among this thread's PRs."))
        return replace(reply, ephemeral=False)

    def _filtered(self, matches: Sequence[Match], query: Query) -> list[Match]:
        authors = set(query.authors)
        since, until = self.context.since, self.context.until
        return [
            m
            for m in matches
            if _state_ok(m.pr, query.states, since, until)
            and (not authors or m.pr.author.lower() in authors)
            and content_ok(query, m.pr, m.cls, term_index(self.settings.taxonomy))
        ]

    async def narrow(self, intent: Intent, note: str = "") -> Reply:
        query = replace(intent.query, text=" ".join(intent.words))
        matches = await self.thread_matches()
        found = self._filtered(matches, query)
        combined = _combine(self.base_query(), query)
        settings = self.settings
        if intent.scope == "more":  # `more rocm`: the matching PRs the thread has not shown yet
            seen = set(self.context.pr_numbers[: self.context.shown])
            unseen = [m for m in found if m.pr.number not in seen]
            if found and not unseen:
                return Reply(
                    kind="empty",
                    title=f"All {_count(len(found))} on {_filter_phrase(settings, query)} were shown already",
                    understood=self._about(),
                    notes=(f"Ask `all {_filter_words(query, _NOTHING)}` to list them together.",),
                )
            found = unseen or found
        if intent.scope == "all":  # `all rocm`: every match in one answer
            settings = replace(settings, max_items=min(max(len(found), settings.max_items), ALL_MAX))
        if not found:
            return Reply(
                kind="empty",
                title=f"None of this thread's {_count(len(matches))} match {_filter_phrase(self.settings, query)}",
                understood=understood_line(self.settings, combined, 0),
                notes=tuple(n for n in (note, "The thread's list is unchanged.") if n),
                suggestions=("how many are merged?", "more"),
            )
        if note and len(found) == len(matches):  # a free question whose filter keeps everything
            return self.capabilities(
                f"{OFFLINE_LEAD if note == OFFLINE_NOTE else note.rstrip('.')}: all of this thread's {_count(len(matches))} are about "
                f"{_filter_phrase(self.settings, query)}"
            )
        reply = self.app.query.list_reply(settings, combined, self.context.query_text, found)
        notes = [n for n in (note,) if n]
        if intent.scope == "more":
            notes.append(
                f"{_count(len(found))} of this thread on {_filter_phrase(settings, query)} not shown before."
            )
        elif len(found) == len(matches):
            notes.append(f"All {_count(len(matches))} of this thread match.")
        else:
            notes.append(f"Narrowed this thread's {_count(len(matches))} to these {len(found)}.")
        notes += [n for n in reply.notes if n.startswith("Reply `more`")]
        assert reply.seed is not None
        self.context = replace(
            self.context,
            pr_numbers=reply.seed.pr_numbers,
            shown=reply.seed.shown,
            query_text=_add_filters(self.context.query_text, _filter_words(query, self.base_query())),
        )
        return replace(reply, title=f"{reply.title} (in this thread)", notes=tuple(notes), suggestions=())

    async def count(self, intent: Intent) -> Reply:
        query = replace(intent.query, text=" ".join(intent.words))
        matches = await self.thread_matches()
        found = self._filtered(matches, query)
        states: Counter[str] = Counter(m.pr.status for m in found)
        breakdown = " · ".join(f"{states[s]} {STATE_LABELS[s]}" for s in STATE_LABELS if states[s])
        filtered = bool(query.any_of or query.exclude or query.states or query.authors or query.text)
        if filtered:
            title = f"{len(found)} of this thread's {_count(len(matches))} {_match_verb(query)} {_filter_phrase(self.settings, query)}"
        else:
            title = f"This thread has {_count(len(matches))}"
        return Reply(
            kind="answer",
            title=title,
            understood=self._about(),
            notes=(f"By state: {breakdown}.",) if breakdown else (),
        )

    async def who(self, intent: Intent) -> Reply:
        matches = await self.thread_matches()
        words = intent.subject.split()
        found = [m for m in matches if all(w in _hay(m) for w in words)] if words else list(matches)
        how = "in the title, summary or labels"
        if not found and intent.query.any_of:
            topic_query = replace(intent.query, text="", exclude_text=())
            found = [
                m for m in matches if content_ok(topic_query, m.pr, m.cls, term_index(self.settings.taxonomy))
            ]
            how = "by topic"
        what = f"'{intent.subject}'" if words else "these PRs"
        if not found:
            return Reply(
                kind="empty",
                title=f"None of this thread's {_count(len(matches))} mention {what}",
                understood=self._about(),
                suggestions=("who is working on these?",),
            )
        by_author: dict[str, list[Match]] = {}
        for m in found:
            by_author.setdefault(m.pr.author, []).append(m)
        ranked = sorted(by_author.items(), key=lambda kv: (-len(kv[1]), kv[0].lower()))
        shown = ranked[:8]
        groups = tuple(
            ItemGroup(f"@{author} · {_count(len(items))}", tuple(reply_item(m) for m in items[:3]))
            for author, items in shown
        )
        notes = [f"Matched {what} {how} among this thread's {_count(len(matches))}."] if words else []
        if len(ranked) > len(shown):
            notes.append(f"And {len(ranked) - len(shown)} more authors with fewer PRs.")
        return Reply(
            kind="list",
            title=f"{len(ranked)} {'person' if len(ranked) == 1 else 'people'} on {what}: {_count(len(found))}",
            understood=self._about(),
            groups=groups,
            total=len(found),
            notes=tuple(notes),
        )

    async def shift(self, window: tuple[datetime, datetime], text: str) -> Reply:
        base = self.base_query()
        if base.pr_numbers:
            return self.capabilities("This thread is about specific PRs, so a time window does not apply")
        since, until = window
        label = self.window_label(since, until)
        query = with_window(base, since, until, label)
        return await self._follow(query, self.context.query_text, label)

    async def compare(self, window: tuple[datetime, datetime]) -> Reply:
        base = self.base_query()
        if base.pr_numbers:
            return self.capabilities("This thread is about specific PRs, so a time window does not apply")
        other_since, other_until = window
        here = await self.app.query.matches(self.settings, base)
        other_query = with_window(base, other_since, other_until, self.window_label(other_since, other_until))
        there = await self.app.query.matches(self.settings, other_query)
        a, b = _tally(here, base), _tally(there, other_query)
        rows = [
            ("PRs", a.total, b.total),
            ("merged", a.merged, b.merged),
            ("opened", a.opened, b.opened),
            ("still open", a.still_open, b.still_open),
            ("closed unmerged", a.closed, b.closed),
            ("authors", a.authors, b.authors),
        ]
        lines = [f"{name}: {x} vs {y} ({_delta(x - y)})" for name, x, y in rows]
        first, second = base.window_label, other_query.window_label
        return Reply(
            kind="answer",
            title=f"{subject(self.settings, base)}: {first} vs {second}",
            understood=f"{_count(a.total)} in {first}; {_count(b.total)} in {second}",
            notes=tuple(lines),
            suggestions=("same for the week before",),
        )

    async def offline(self, intent: Intent, lead: str = "") -> Reply:
        """The best offline answer to a free question: the thread's PRs it names, or what can be asked."""
        query = intent.query
        refers = self._narrowing_cue(query.without_time)  # "which of these mention aiter?"
        if (
            query.any_of
            and not refers
            and not self._filtered(await self.thread_matches(), replace(query, text=""))
        ):
            # "what changed for MI300X users?" in a thread with none of them: the same window's.
            return await self.switch(intent)
        if query.any_of or query.exclude or query.states or query.authors:
            note = lead or OFFLINE_NOTE
            return await self.narrow(replace(intent, words=()), note=note)
        if lead:
            return self.capabilities(lead)
        return self.capabilities(OFFLINE_LEAD)

    # -- LLM answers ----------------------------------------------------------------------------------
    def _llm_ready(self) -> bool:
        return self.app.llm is not None and self.app.followup_prompt is not None

    async def _rate_limited(self) -> str:
        """'' when this LLM follow-up may go ahead, else the friendly message (counts one use)."""
        limits = self.app.limits
        key = self.context.key
        per_user = await self.app.store.hit(f"followup-llm:user:{key.platform}:{self.user or '-'}", 3600)
        if per_user > limits.llm_per_user_per_hour:
            return (
                f"You have reached the limit of {limits.llm_per_user_per_hour} AI answers per hour; "
                "here is the offline answer. Try again later for an AI one."
            )
        per_channel = await self.app.store.hit(f"followup-llm:channel:{key.platform}:{key.channel}", 3600)
        if per_channel > limits.llm_per_channel_per_hour:
            return (
                f"This channel has reached the limit of {limits.llm_per_channel_per_hour} AI answers per hour; "
                "here is the offline answer. Try again later for an AI one."
            )
        return ""

    async def llm_answer(self, text: str, intent: Intent) -> Reply:
        limited = await self._rate_limited()
        if limited:
            return await self._fallback(text, intent, limited)
        prompt = self.app.followup_prompt
        assert self.app.llm is not None and prompt is not None
        context = await self.llm_context(text, intent)
        base = self.base_query()
        values = {
            "repo": self.settings.name,
            "subject": subject(self.settings, base),
            "window": self.window_label(),
            "records": "\n".join(context.records),
            "omitted": context.omitted,
            "bodies": "\n".join(context.bodies),
            "turns": "\n".join(_data({"role": r, "text": t}) for r, t in self.context.turns),
            "question": _data(_clip(text, 1000)),
        }
        try:
            result = await self.app.llm.complete(
                prompt.render_system(**values),
                prompt.render_user(**values),
                max_tokens=self.app.answer_max_tokens,
            )
        except LLMError as exc:
            log.warning("follow-up LLM answer failed: %s", exc)
            return await self._fallback(
                text, intent, "The AI answer is unavailable right now; here is the offline answer."
            )
        guard = Guard(context.known, what="followup")
        spans = guard.spans(result.text, ANSWER_CHARS)
        if not any(isinstance(s, Text | Code) and s.text.strip() for s in spans):
            return await self._fallback(
                text, intent, "The AI gave no usable answer; here is the offline answer."
            )
        notes = [AI_NOTE]
        if guard.removed:
            notes.append(f"Removed {guard.removed} citation(s) of PRs that are not in this thread.")
        if context.omitted:
            notes.append(f"The AI saw {len(context.records)} of this thread's PRs (the rest did not fit).")
        return Reply(
            kind="answer",
            title=_clip(text, 120),
            understood=f"{self._about()} · answered from {_count(len(context.records))}",
            synthesis=spans,
            notes=tuple(notes),
        )

    async def _fallback(self, text: str, intent: Intent, note: str) -> Reply:
        if intent.kind == "detail":
            reply = await self.detail(text, intent)
            return replace(reply, notes=(note, *reply.notes))
        return await self.offline(intent, lead=note)

    async def llm_context(self, text: str, intent: Intent) -> LLMContext:
        """The PR records (asked-about and matching PRs first, within the budget) and the cleaned
        bodies of the PRs the question is about."""
        matches = await self.thread_matches()
        asked = [n for n in intent.query.pr_numbers]
        extra = [n for n in asked if n not in {m.pr.number for m in matches}]
        if extra:  # a PR named in the question is part of the data even when outside the thread
            found = await self.app.store.get_prs(self.settings.name, extra)
            prs = [found[n] for n in extra if n in found]
            classes = await self.app.classifications[self.settings.name].for_prs(self.settings.name, prs)
            matches = [*(Match(p, classes[p.number]) for p in prs if p.number in classes), *matches]
        if not asked:
            asked = _best_title_matches(matches, text)
        topical = self._filtered(matches, replace(intent.query, text="", states=(), authors=()))
        first = [m for m in matches if m.pr.number in asked]
        ordered = list({m.pr.number: m for m in [*first, *topical, *matches]}.values())
        records: list[str] = []
        known: dict[int, PullRequest] = {}
        used = 0
        for m in ordered:
            record = _record(self.settings, m)
            if len(records) >= MAX_RECORDS or used + len(record) > RECORDS_CHARS:
                break
            records.append(record)
            known[m.pr.number] = m.pr
            used += len(record) + 1
        left = len(ordered) - len(records)
        omitted = f"({left} more PRs of this thread are not listed here.)" if left else ""
        clean = self.app.clean_body or _plain_body
        bodies = []
        for m in first[:MAX_BODIES]:
            body = clean(m.pr.body, BODY_CHARS)
            if body:
                bodies.append(_data({"n": m.pr.number, "body": body}))
        return LLMContext(tuple(records), omitted, tuple(bodies), known)

    # -- text ---------------------------------------------------------------------------------------------
    def _about(self) -> str:
        base = self.base_query()
        if base.pr_numbers and self.context.kind == "query":
            return f"This thread: {', '.join(f'#{n}' for n in self.context.pr_numbers[:5])}"
        name = subject(self.settings, base)
        if self.context.kind == "digest":
            name = f"Digest{'' if name == 'All PRs' else ', ' + name}"
        return f"This thread: {name} · {self.window_label()} · {_count(len(self.context.pr_numbers))}"


@dataclass(frozen=True)
class LLMContext:
    records: tuple[str, ...]
    omitted: str
    bodies: tuple[str, ...]
    known: dict[int, PullRequest]


@dataclass(frozen=True)
class _Tally:
    total: int
    merged: int
    opened: int
    still_open: int
    closed: int
    authors: int


def _tally(matches: Sequence[Match], query: Query) -> _Tally:
    prs = [m.pr for m in matches]
    return _Tally(
        total=len(prs),
        merged=sum(1 for p in prs if p.merged_at and query.since <= p.merged_at < query.until),
        opened=sum(1 for p in prs if query.since <= p.created_at < query.until),
        still_open=sum(1 for p in prs if p.status in ("open", "draft")),
        closed=sum(1 for p in prs if p.status == "closed"),
        authors=len({p.author.lower() for p in prs}),
    )


def _delta(n: int) -> str:
    return "same" if n == 0 else (f"+{n}" if n > 0 else f"−{-n}")


def _state_ok(pr: PullRequest, states: Sequence[str], since: datetime, until: datetime) -> bool:
    """Within a thread `open`/`draft` mean the PR's state now; `merged`, `closed` and `opened`
    mean it happened in the thread's window, as in the slash command for that window."""
    if not states:
        return True
    status = pr.status
    for state in states:
        if state in ("open", "draft") and (state == status or (state == "open" and status == "draft")):
            return True
        when = {"merged": pr.merged_at, "closed": pr.closed_at, "opened": pr.created_at}.get(state)
        if state == "closed" and status != "closed":
            when = None
        if when is not None and since <= when < until:
            return True
    return False


def _combine(base: Query, narrow: Query) -> Query:
    """The thread's query with a narrowing on top (for the `understood` line)."""
    return replace(
        base,
        topics=tuple(dict.fromkeys((*base.topics, *narrow.topics))),
        any_of=tuple(dict.fromkeys((*base.any_of, *narrow.any_of))),
        exclude=tuple(dict.fromkeys((*base.exclude, *narrow.exclude))),
        states=narrow.states or base.states,
        authors=narrow.authors or base.authors,
        text=" ".join(dict.fromkeys((*base.text.split(), *narrow.text.split()))),
        exclude_text=tuple(dict.fromkeys((*base.exclude_text, *narrow.exclude_text))),
        notes=(),
        unknown=(),
        suggestions=(),
        corrected="",
    )


def _filter_words(query: Query, base: Query) -> str:
    """A narrowing as command words the parser reads back the same way (minus what `base` has);
    a named term is written as its key (`term:qwen3.5` -> `qwen3.5`), which names it again."""
    words = [
        " or ".join(k.removeprefix("term:") for k in group)
        for group in query.any_of
        if group not in base.any_of
    ]
    words += [f"-{key.removeprefix('term:')}" for key in query.exclude if key not in base.exclude]
    words += list(query.states)
    words += [f"@{login}" for login in query.authors]
    words += query.text.split()
    words += [f"-{w}" for w in query.exclude_text]
    return " ".join(words)


def _add_filters(query_text: str, words: str) -> str:
    original, _, filters = query_text.partition(FILTER_SEP)
    joined = " ".join(w for w in (filters, words) if w)
    return f"{original}{FILTER_SEP}{joined}"[:1000] if joined else original


def _filter_phrase(settings: RepoSettings, query: Query) -> str:
    parts = [" or ".join(topic_name(settings, t) for t in group) for group in query.any_of]
    if query.exclude:
        parts.append("not " + ", ".join(topic_name(settings, t) for t in query.exclude))
    if query.states:
        parts.append(" or ".join(STATE_LABELS.get(s, s) for s in query.states))
    if query.authors:
        parts.append("by " + ", ".join(f"@{a}" for a in query.authors))
    if query.text:
        parts.append(f"'{query.text}'")
    return ", ".join(parts) or "that"


def _match_verb(query: Query) -> str:
    return "are" if query.states and not (query.any_of or query.authors or query.text) else "match"


def _groups(matches: list[Match]) -> tuple[ItemGroup, ...]:
    return tuple(
        ItemGroup(title, tuple(reply_item(m) for m in items)) for title, items in group_by_state(matches)
    )


def _hay(match: Match) -> str:
    return " ".join((match.pr.title, match.cls.summary, *match.pr.labels)).lower()


def _best_title_matches(matches: Sequence[Match], text: str, limit: int = 2) -> list[int]:
    """The PRs whose titles share the most significant words with the question."""
    from handlers.parse import STOPWORDS, tokenize

    words = {w for w in tokenize(text)[0] if len(w) >= 3 and w not in STOPWORDS}
    if not words:
        return []
    scored = []
    for m in matches:
        title = set(tokenize(m.pr.title)[0])
        score = len(words & title)
        if score:
            scored.append((-score, m.pr.number))
    return [n for _, n in sorted(scored)[:limit]]


def _record(settings: RepoSettings, m: Match) -> str:
    item = {
        "n": m.pr.number,
        "title": " ".join(m.pr.title.split())[:200],
        "state": m.pr.status,
        "author": m.pr.author[:60],
        "topics": [topic_name(settings, t) for t in m.cls.topics],
    }
    summary = " ".join((m.cls.summary or "").split())
    if summary and summary != item["title"]:
        item["summary"] = summary[:240]
    return _data(item)


def _data(value: object) -> str:
    """JSON with `<` escaped, so no untrusted text can close the tags around it."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def _plain_body(body: str | None, limit: int) -> str:
    return cap(" ".join((body or "").split()), limit)


def _clip(text: str, limit: int = TURN_CHARS) -> str:
    return cap(" ".join(str(text).split()), limit)


def _count(n: int) -> str:
    return f"{n} PR" if n == 1 else f"{n} PRs"


def describe(reply: Reply) -> str:
    """A reply as one plain line, kept as the bot's turn in the thread's history."""
    if reply.synthesis:
        return "".join(
            f"#{s.number}" if isinstance(s, PRRef) else (f"`{s.text}`" if isinstance(s, Code) else s.text)
            for s in reply.synthesis
        )
    numbers = [f"#{i.number}" for i in reply.items]
    if reply.detail is not None:
        numbers = [f"#{reply.detail.number}"]
    line = reply.title
    if numbers:
        line += ": " + ", ".join(numbers)
    return line
