"""Threaded follow-ups: a message in a followed thread + its stored context -> Reply.

Offline (no model) the handler answers the common follow-ups from the thread's PRs:
narrowing by topic, state, author or words (`only the bug fixes`, `which of these are merged?`,
`by alice`), `more` (the next page), `#N` or a PR link (the detail card), counts
(`how many are merged?`), `who is working on X?`, and window shifts (`same for the week
before`, `compare with the week before`: counts side by side). Anything else gets the LLM when
one is configured (rate-limited per user and per channel), else a short list of what can be
asked.

`FollowupHandler` reads what the message asks (handlers/followup_intent.py) and hands it to the
piece that answers it: paging (followup_paging.py), narrowing, counts and `who`
(followup_narrow.py), window moves (followup_window.py), the model (followup_llm.py); all of
them work on one `Thread` (followup_thread.py). Then it stores the thread's context, with the
turn, and a fresh expiry:
- narrowing REPLACES the thread's PR set (in answer order) and restarts paging, so `only the
  merged ones` then `more` pages through the merged ones;
- `same for the week before` moves the thread to that window and its PRs;
- `more` advances `shown`; details, counts, `who`, comparisons and LLM answers change nothing
  but the turns.
"""

from __future__ import annotations

import itertools
import logging
import re
import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta

from handlers.calendar import history_start
from handlers.digest_signals import BREAKING, MEASURED, Signals, is_change, read_one, whole_change
from handlers.followup_intent import (
    ADDING_CUES,
    AFTER,
    BEFORE,
    COMPARE_WORDS,
    MOST_IMPORTANT,
    NARROW_CUES,
    PAGE,
    QUESTION_WORDS,
    Intent,
    asks_count,
    classify,
    since_then,
)
from handlers.followup_llm import BodyCleaner, LLMAnswers
from handlers.followup_narrow import (
    IN_TOTAL,
    LIST_POINTERS,
    NONE_OF,
    NOTHING,
    OFFLINE_LEAD,
    OFFLINE_NOTE,
    TOGETHER,
    WHOLE_LIST,
    count,
    filter_phrase,
    first_timers,
    narrow,
    narrowing_cue,
    summary,
    who,
)
from handlers.followup_paging import (
    MOST_IMPORTANT_NOTE,
    at_position,
    head,
    more,
    most_significant,
    no_such_position,
    sort,
)
from handlers.followup_thread import FILTER_SEP, TIME_NOUNS, Thread, clip, count_label, refers_back
from handlers.followup_window import (
    BOTH_PERIODS,
    add_alternative,
    ask_anew,
    asked_window,
    both,
    compare,
    compare_people,
    count_whole,
    every_state,
    narrow_top,
    open_now,
    other_person,
    refine,
    shift,
    switch,
    unfilter,
    widen,
    window_of,
)
from handlers.language import (
    ACTION_LIMIT,
    ACTION_REQUEST,
    OWNING,
    REASONS,
    RELEASES,
    SPEED_COMPARISON,
    THE_X_ONE,
    asks_who,
    has_cjk,
    in_english,
    is_foreign,
    is_interjection,
    question_part,
    without_presentation,
)
from handlers.models import (
    Code,
    FollowupLimits,
    Prompt,
    PRRef,
    PullRequest,
    Reply,
    RepoSettings,
    ThreadContext,
    ThreadStart,
)
from handlers.parse import (
    KINDS_OF_WORK,
    LEAVING_PERSON_OUT,
    PERIOD_ADVERBS,
    PRONOUNS,
    RISK_WORDS,
    STOPWORDS,
    TAKING_BACK_THE_REST,
    VERSION_NOW,
    Query,
    asks_share,
    asks_works,
    implies,
    kind_of,
    split_states,
    tokenize,
    with_window,
)
from handlers.ports import LLM, ClassificationSource, Store
from handlers.query import (
    KIND_LABELS,
    Match,
    QueryHandler,
    by_impact,
    by_kind,
    by_period,
    by_time,
    by_topic,
    compares_periods,
    kind_thing,
    merge_times,
    none_moved,
    none_named_note,
    pace_note,
    subject,
    topic_name,
    topics_compared,
    word_in,
)
from handlers.terms import TERM_PREFIX, is_term, term_index

log = logging.getLogger(__name__)


class FollowupHandler:
    """Answers messages in the threads the bot follows, for every followed repository."""

    def __init__(
        self,
        *,
        store: Store,
        query: QueryHandler,
        classifications: Mapping[str, ClassificationSource],
        limits: FollowupLimits | None = None,
        llm: LLM | None = None,
        prompt: Prompt | None = None,
        answer_max_tokens: int = 800,
        clean_body: BodyCleaner | None = None,
    ) -> None:
        self.store = store
        self.query = query
        self.classifications = classifications
        self.limits = limits or FollowupLimits()
        # LLM answers need the model and the follow-up prompt; without them follow-ups are offline.
        self.llm_answers = (
            LLMAnswers(
                llm=llm,
                prompt=prompt,
                store=store,
                limits=self.limits,
                max_tokens=answer_max_tokens,
                clean_body=clean_body,
            )
            if llm is not None and prompt is not None
            else None
        )

    async def answer(
        self,
        settings: RepoSettings,
        context: ThreadContext,
        text: str,
        *,
        now: datetime,
        user: str = "",
        addressed: bool = False,
    ) -> Reply:
        """Answer one message of a followed thread and store the updated context. Chatter ("thanks!",
        "lol") gets a `quiet` reply, which platforms do not post, unless the bot was addressed."""
        text = text if isinstance(text, str) else str(text)
        if is_foreign(text):  # "y cuáles son de performance?": read as its English words throughout
            text = unicodedata.normalize("NFKC", text)
            if has_cjk(text):  # "…両方に関係するものってある？うちはMI300Xで…": the context told apart
                text = question_part(text)  # while its words say so (in English they are gone)
            text = in_english(text.lower(), loanwords=True)
        thread = Thread(
            settings=settings,
            context=context,
            now=now,
            query=self.query,
            store=self.store,
            classifications=self.classifications[settings.name],
            llm_ready=self.llm_answers is not None,
        )
        before = thread.base_query() if context.pr_numbers else None
        shape = before.per_period if before else ""
        # a thread that compares two times ("tpu october vs november") goes on comparing them
        then = (
            before
            if before and compares_periods(before, context.query_text.partition(FILTER_SEP)[0])
            else None
        )
        reply = await self._dispatch(thread, text, user, addressed)
        if reply.kind == "quiet":
            return reply  # chatter changes nothing, not even the turns
        adverb = next((PERIOD_ADVERBS[t] for t in tokenize(text)[0] if t in PERIOD_ADVERBS), "")
        if reply.kind == "help" and adverb and context.pr_numbers:
            reply = await per_topic(thread, adverb)  # "same but weekly", "weekly?": by week
        asked = thread.parse(text) if reply.kind == "list" and reply.total else None
        if asked is not None and (
            asked.per_period or not (_LIST_ASKED.search(text) or asked.who or asked.per_topic)
        ):
            # "same but only eagle" under spec decode per month, "can u do it per week just for
            # november instead": the narrower question, still (or now) counted by period
            # ("same but weekly, nov only" under counts per month: weekly now)
            period = asked.per_period or (adverb if shape else "") or shape
            reply = await _by_period_again(thread, reply, period) if period else reply
            same_window = then is not None and (thread.context.since, thread.context.until) == (
                then.since,
                then.until,
            )
            if (
                then is not None
                and same_window
                and not (period or asked.limit or asked.sort or asked.window_given)
            ):
                # "ok now same thing for xpu" under TPU October vs November: XPU's, compared
                reply = await _compared_again(thread, reply, then, text)
        if reply.kind == "detail" and reply.detail and reply.detail.author and asks_who(tokenize(text)[0]):
            # "who wrote the first one", "who did the kimi_vit one": the card, its author said first
            said = f"#{reply.detail.number} is by @{reply.detail.author}."
            reply = replace(reply, notes=(said, *reply.notes))
        updated = _remember_list(context, thread.context)
        if self.limits.max_turns > 0:
            turns = (*updated.turns, ("user", clip(text)), ("bot", clip(describe(reply))))
            updated = replace(updated, turns=turns[-2 * self.limits.max_turns :])
        await self.store.put_thread(updated, self.limits.thread_ttl_seconds)
        return replace(reply, seed=None)

    async def _dispatch(
        self, thread: Thread, text: str, user: str, addressed: bool, *, stepped_back: bool = False
    ) -> Reply:
        """One message of a thread in three steps: what it says (`_read`: the text's rewrites and
        its query, read against the thread), what a reading of the whole message settles before
        its kind (`_settled`: people, requests to act or to write, a thread about one PR, "what
        other ..."), then its kind (`_by_kind`). `stepped_back`: the message began with "nvm" and
        the thread is back at the list before, so a narrowing that found nothing there is not
        asked again."""
        first, rest = _narrowing_then_question(text)
        if first:  # "just tpu. who wrote most of these": the narrowing, then the question of it
            narrowed = await self._dispatch(thread, first, user, addressed)
            return (
                await self._dispatch(thread, rest, user, addressed) if narrowed.kind == "list" else narrowed
            )
        text = _period_named(thread, text)
        read = await _read(thread, text)
        if isinstance(read, Reply):
            return read
        text, query = read
        if asks_share(tokenize(text)[0]):
            # "what percent is that" after "how many prs were bugfixes", "what % of these are
            # merged": the count, and the share of the thread's PRs it is
            asked = query if _filters(query) else _last_count(thread)
            if asked is not None:
                return await count(thread, Intent("count", asked), share=True)
        counted = _counted_filter(thread) if _LIST_THOSE.search(text) and not _filters(query) else None
        if counted is not None:
            # "how many of those are bug fixes?", then "list those, oldest first, just 5": the ones
            # counted, listed (and ordered or cut as the message says)
            narrowed = await narrow(thread, Intent("narrow", replace(counted, text="")))
            rest = _LIST_THOSE.sub("", text).strip(" ,.;:-")
            if narrowed.kind != "list" or not tokenize(rest)[0]:
                return narrowed
            text, query = rest, thread.parse(rest)
        intent = classify(text, query)
        if self.llm_answers is not None and RISK_WORDS.intersection(tokenize(text)[0]):
            # "is anything risky here?": a judgement of the thread's PRs, for the model to weigh
            # (offline: its breaking changes)
            return await self._llm(thread, text, intent, user)
        settled = await self._settled(thread, text, query, intent)
        if isinstance(settled, Reply):
            return settled
        intent, text = settled
        return await self._by_kind(thread, text, query, intent, user, addressed, stepped_back)

    async def _settled(
        self, thread: Thread, text: str, query: Query, intent: Intent
    ) -> Reply | tuple[Intent, str]:
        """Readings of the whole message that answer it, or change what it asks, before its kind
        decides: "what other X" and "since then", requests to act or for what PRs cannot say, and
        a thread about one PR (its card, the PR it reverts, a new question about a subject)."""
        base = thread.base_query()
        tokens = tokenize(text)[0]
        one = len(thread.context.pr_numbers) == 1  # an answer of one PR, or a PR's card
        # "which pr brought eagle in", then "who else has worked on eagle": beyond that one PR
        # (under someone's PRs, "who else" is the other people among them: `who` below)
        if (
            (intent.query.any_of or intent.query.authors)
            and (_ELSE_OTHER.search(text) or (one and not base.authors and _WHO_ELSE.search(text)))
            and not intent.query.pr_numbers
            and not base.pr_numbers  # under a PR's card a subject asks anew (below)
        ):
            # "anything else Granite-related still open?", "what other new model architectures got
            # added this month", "what else has JartX merged recently": that subject or person,
            # beyond the PRs this thread is about, not within them
            return await _switched(thread, replace(intent, kind="switch"), text, fresh=True)
        if (intent.query.any_of or intent.query.authors) and _NEW_QUESTION.search(text):
            # "separate q — anything for sm120 this month?": a question of its own, not a narrowing
            return await _switched(thread, replace(intent, kind="switch"), text, fresh=True)
        if base.limit and _ALL_OF_THEM.search(text) and not base.pr_numbers and not query.window_given:
            # "show me all the dspark follow-ups, oldest first" under "which pr brought dspark in"
            # (or "top 3 rocm prs"): the question asked without its count, over its time
            return await _asked_anew_over(thread, intent, text, base.since, base.until)
        if intent.query.any_of and _WHOLE_SUBJECT.search(text) and not _POINTED.search(text):
            # "and who merged the most rocm stuff overall in november?" under MI355X perf work:
            # the subject as a whole, none of the thread's narrowing kept (nor what the message
            # takes back: "nvfp4 vs mxfp4 overall, not just moe")
            back = _taken_back_keys(thread, _NOT_JUST.sub("forget ", text))
            asked = replace(intent.query, exclude=tuple(k for k in intent.query.exclude if k not in back))
            return await _switched(thread, replace(intent, kind="switch", query=asked), text, fresh=True)
        if (
            query.who
            and not (query.any_of or query.authors or query.text)
            and _WHOLE_SUBJECT.search(text)
            and not refers_back(text)
        ):
            # "ok and top 10 people overall this half" under ROCm / XPU counts: everyone's PRs,
            # not the thread's subject's, as the slash command answers it
            reply = await thread.query.answer(thread.settings, text, now=thread.now, synthesize=False)
            return _followed(thread, reply)
        if (
            query.ever
            and not (query.pr_numbers or query.out_of_scope or base.pr_numbers)  # (a card: below)
            and _own_subject(base, query)
            and not refers_back(text)
        ):
            # "also is python 3.14 supported now? which pr", "when did FA4 first land" under a
            # list about something else: whether or when a thing of its own arrived, asked anew
            return await ask_anew(thread, query, text)
        if one and base.pr_numbers and _FOLLOW_UPS.search(text):
            return await _follow_ups(thread, text)  # "any follow-ups to this one?" under a PR's card
        if (
            one
            and base.pr_numbers
            and query.who
            and not (query.any_of or query.authors)
            and set(query.text.split()) <= _AREA_WORDS
            and _ITS_AREA.search(text)
        ):
            # "who else touched this area recently" under a PR's card: the people on the narrowest
            # thing it names (it showed the card again)
            return await _area_people(thread, query)
        # "and how many prs touched it after that" under a window that already reaches today: no
        # later window exists, so "that" is the thread's PRs (after the first of them landed)
        after_now = bool(set(itertools.pairwise(tokens)) & set(AFTER)) and (
            thread.context.until >= thread.now and bool(thread.context.pr_numbers)
        )
        if not (query.window_given or query.pr_numbers) and ((since_then(text) and one) or after_now):
            # ("tell me about #50620 - do we need to upgrade both sides after that one?" asks for
            # the PR it names)
            # "and who's been working on K3 since then" under the card of the PR that brought K3
            # in: "then" is when that PR landed (or was opened), and the question is a new one about
            # the subject the message names, else the thread's (not its one PR, nor its "first")
            shown = await thread.load(thread.context.pr_numbers[:MAX_THEN])
            start = min((m.pr.merged_at or m.pr.created_at for m in shown), default=None)
            if start is not None and start < thread.now:
                return await _asked_anew_over(thread, intent, text, start, thread.now)
        elif (
            intent.kind == "switch"
            and since_then(text)
            and not query.window_given
            and thread.now > thread.context.until
        ):
            # "any reverts since then?": the subject asked, from the end of the thread's window to now
            start = thread.context.until
            intent = replace(
                intent, query=with_window(query, start, thread.now, thread.window_label(start, thread.now))
            )
        if ACTION_REQUEST.search(" ".join(tokens)) and intent.kind not in ("chatter", "help"):
            # "can you cherry-pick those onto the release branch?", "ping him to rebase it"
            return Reply(
                kind="answer",
                title=ACTION_LIMIT,
                understood=thread.about(),
                notes=(
                    "I can say what these PRs changed, who wrote them and when: e.g. `who wrote these?`.",
                ),
            )
        compared = _compared_periods_last(thread) if _WHAT_MOVED.search(text) else None
        if compared is not None:
            # "what's driving the difference?" after "compare with the week before": each topic's
            # change between the two windows (the counts a reason would start from)
            return await topics_changed(thread, 0, window_of(thread, compared))
        listed = thread.context.pr_numbers
        if (
            query.out_of_scope == REASONS
            and intent.kind == "detail"
            and 0 < abs(intent.position) <= len(listed)
        ):
            # "why was the first one reverted?": no PR says why, but one is pointed at, and what it
            # says (its description, what it reverts) is the nearest answer
            number = listed[intent.position - 1 if intent.position > 0 else intent.position]
            asked = thread.parse(f"#{number}")
            card = await self._detail(thread, f"#{number}", replace(intent, query=asked, words=()))
            if card.kind == "detail":
                return replace(card, notes=(WHY_NOTE, *card.notes))
        digest_thread = thread.context.kind == "digest" and thread.query.digester is not None
        place = _section_asked(text) if digest_thread else 0
        if place:
            # "what's point 4 about?", "the second section": that numbered area of the digest
            return await _digest_section(thread, place)
        carded = _last_card(thread) if query.out_of_scope == REASONS and _MATTERS.search(text) else 0
        if carded:
            # "why does it matter?" after a PR's card: what the bot read in it that ranks it (a
            # measured gain, a new model, a changed default...), the card again beside it
            card = await self._detail(thread, f"#{carded}", Intent("detail", thread.parse(f"#{carded}")))
            if card.kind == "detail":
                return replace(card, notes=(await _why_it_matters(thread, carded), *card.notes))
        library = _library_of(thread) if query.out_of_scope == RELEASES and VERSION_NOW.search(text) else ""
        if library:
            # "what version are we on now?" under FlashInfer's PRs: its newest version moves, as
            # `/vllm what version of flashinfer are we on` answers
            asked = thread.parse(f"what version of {library} are we on")
            return await _switched(thread, Intent("switch", asked), text, fresh=True)
        if (
            one
            and base.pr_numbers
            and _points(text)
            and (any(MEASURED in g for g in query.any_of) or query.out_of_scope == SPEED_COMPARISON)
        ):
            # "how much faster is it", "how much faster does it make things" under a PR's card: the
            # gain it quotes (it listed the week's performance PRs with a measured gain, or was
            # refused as a speed comparison)
            only = thread.context.pr_numbers[0]
            return await _card(thread, only, notes=(await _gain_of(thread, only),))
        if query.out_of_scope and not query.pr_numbers and intent.kind not in ("chatter", "help"):
            # "how do i turn on eagle3 for llama 3" under an answer: as the slash command says
            return Reply(
                kind="answer",
                title=f"That reads like {query.out_of_scope}, which pull requests can't answer",
                understood=thread.about(),
                notes=(
                    "I can say what changed, who changed it and when: e.g. `only the merged ones`, "
                    "`who worked on these?`, or a new question with the slash command.",
                ),
            )
        one = one and bool(base.pr_numbers)  # from here: a PR's card
        if one and not (query.any_of or query.authors) and _points(text):
            # "did it land yet" under a PR's card: about that PR, not every PR that ever landed
            only = thread.context.pr_numbers[0]
            intent, text = (
                replace(intent, kind="detail", query=thread.parse(f"#{only}"), asks=True),
                f"#{only} {text}",
            )
        if one and _points(text) and asks_works(tokens):
            # "does it work on hopper or is it blackwell only?" under a PR's card: where it runs
            # is not in what the bot knows of a PR; the card again, saying so
            only = thread.context.pr_numbers[0]
            return await _card(thread, only, notes=(WORKS_ON_NOTE,))
        # a card shown inside a thread's list ("and #48223? ..." names its own PR)
        carded = 0 if one or query.pr_numbers else _last_card(thread)
        linked = await _linked_pr(thread, text, carded) if one or carded else 0
        if linked:  # "and the original pr?" under a revert's card: the PR it reverts, followed
            return await _card(thread, linked)
        if not (one or carded or query.pr_numbers) and _THEIR_ORIGINALS.search(text):
            undone = await _reverted_by_list(thread)
            if undone:  # "what did they revert" under a list of reverts: the PRs they undo
                which = " ".join(f"#{n}" for n in undone[:10])
                reply = await thread.query.answer(thread.settings, which, now=thread.now, synthesize=False)
                return _followed(thread, reply, ("The PRs this thread's reverts undo.",))
        if one and query.authors and intent.kind in ("shift", "switch"):  # "what else did he do this week"
            return await ask_anew(thread, query, text)
        if one and intent.kind in _ABOUT_ONE:
            # A thread about one PR (`/vllm #N`) cannot be narrowed: a subject or person asks a
            # new question ("other kimi prs by them"), anything else asks about that PR ("who
            # wrote it, is it merged?").
            if query.any_of and asks_who(tokens):
                # "who else has worked on mhc fusion?" under a PR's card: the people, as the slash
                # command answers (else: other than this PR's author); the thread follows it
                question = text
                if "else" in tokens:
                    shown = await thread.load(thread.context.pr_numbers[:1])
                    question = (
                        f"{text} not by @{shown[0].pr.author}" if shown and shown[0].pr.author else text
                    )
                reply = await thread.query.answer(thread.settings, question, now=thread.now, synthesize=False)
                return _followed(thread, reply)
            if query.any_of or query.authors:
                return await ask_anew(thread, query, text)
            only = thread.context.pr_numbers[0]
            intent = replace(intent, kind="detail", query=thread.parse(f"#{only}"), asks=True)
            text = f"#{only} {text}"
        return intent, text

    async def _by_kind(
        self,
        thread: Thread,
        text: str,
        query: Query,
        intent: Intent,
        user: str,
        addressed: bool,
        stepped_back: bool,
    ) -> Reply:
        """The reply for the message's kind of intent (chatter, help, more, detail, narrowing,
        window moves, counts, who, ...), with the readings that refine a kind first."""
        log.info("follow-up in %s read as %s", thread.context.key.as_str(), intent.kind)
        if (
            query.states
            and ADDING_CUES.intersection(tokenize(text)[0])
            and any(BREAKING in g for g in thread.base_query().any_of)
        ):
            # "include open PRs that would change defaults too" under breaking changes: the thread's
            # breaking changes in more states, not only the changed defaults among them ("were any
            # models removed in february too" is the narrower question over February)
            intent = replace(intent, query=replace(intent.query, any_of=whole_change(intent.query.any_of)))
            query = intent.query
        start = thread.context.start
        if start is not None and start.kind == "digest" and _DIGEST_WEEK.search(text):
            # "ok forget reverts. any new models in the digest week?" after the thread moved to the
            # week before: back to the digest's own week first
            stopped = await _moved_to(thread, (start.since, start.until))
            if stopped is not None:
                return stopped
        if intent.kind == "chatter":
            return _chatter(thread, addressed)
        if intent.kind == "help":
            return thread.capabilities()
        if query.first_timers:
            # "any first-timers among them?", "how many first-timers the month before?": the
            # thread's PRs by first-time contributors (over the other window, when one is named)
            if intent.kind == "shift" or query.window_given:
                window = window_of(thread, intent) if intent.kind == "shift" else (query.since, query.until)
                stopped = await _moved_to(thread, window)
                if stopped is not None:
                    return stopped
            return await first_timers(thread, intent, counted=_how_many(text))
        both_times = _both_times(thread, text)
        if both_times is not None and intent.kind in ("narrow", "question", "count", "who"):
            # "any breaking changes in those two weeks?" under "week of nov 9 vs week of nov 16":
            # the thread lists the first week; the message asks over both
            stopped = await _moved_to(thread, both_times)
            if stopped is not None:
                return stopped
        if _how_many(text) and thread.base_query().limit and IN_TOTAL.search(text):
            # "how many prs merged total this week?" under "top 5 merges": the whole question's count
            return await count_whole(thread, intent)
        rest_of = _counted_filter(thread) if _SHOW_REST.match(text) else None
        if rest_of is not None and rest_of.any_of and not (rest_of.authors or rest_of.states):
            # "how many of those r just ci/test stuff" then "ok list the rest": the ones not counted
            left = tuple(k for g in rest_of.any_of for k in g)
            return await narrow(thread, Intent("narrow", replace(thread.parse(""), exclude=left)))
        if _SHOW_REST.match(text) and rest_of is None:
            # "what's left" after "ignore the rocm ones": the PRs not shown yet, or the list again
            # once every one has been
            shown_all = thread.context.shown >= len(thread.context.pr_numbers)
            return await (head(thread, thread.settings.max_items) if shown_all else more(thread))
        step = _neighbour_asked(text)
        carded = _last_card(thread) if step else 0
        if carded and carded in thread.context.pr_numbers:
            # "and the next one", "the one before that" after a PR's card: its neighbour in the list
            at = thread.context.pr_numbers.index(carded) + step
            if 0 <= at < len(thread.context.pr_numbers):
                number = thread.context.pr_numbers[at]
                return await self._detail(thread, f"#{number}", Intent("detail", thread.parse(f"#{number}")))
        if intent.kind == "more":
            return await more(thread, intent.limit)
        if (
            intent.kind == "detail"
            and intent.position
            and not query.pr_numbers
            and _PERSON_MEANT.search(text)
            and _asked_who_last(thread)
        ):
            # "what has the top one been working on?", "what did the 2nd guy merge" after a
            # who-answer: a person ("tell me more about the first one" is still the first PR)
            person = await _ranked_person(thread, intent.position)
            if person:  # what they have "been working on" is all of their work, not only the open PRs
                states = () if _WORKED_ON.search(text) else query.states
                asked = replace(query, authors=(person.lower(),), text="", states=states)
                if _ELSE_OTHER.search(text):
                    # "what else has the #1 person been working on apart from docs?": their work
                    # beyond the thread's subject (and without what the message leaves out)
                    return await _switched(thread, Intent("switch", asked), text, fresh=True)
                return await other_person(thread, Intent("switch", asked))
        if (
            intent.kind == "detail"
            and intent.position > 0
            and not query.pr_numbers
            and _BARE_ORDINAL.match(text)
        ):
            ranking = await _people_ranked_before(thread) if _picked_person_last(thread) else []
            if 0 < intent.position <= len(ranking):
                # "what did the top one work on?", then "and the second?": the next person of the
                # who-answer, not the second PR of the first one's list
                person = ranking[intent.position - 1]
                asked = replace(query, authors=(person.lower(),), text="", window_given=False, time_text="")
                return await other_person(thread, Intent("switch", asked))
        if (
            intent.kind == "detail"
            and query.sort == 1
            and query.whole_history
            and text.lower().startswith("when")
        ):
            # "when did the first K3 PRs land?": the earliest of them over the whole history, not
            # the first PR of this list
            return await _switch(thread, replace(intent, kind="switch"))
        meant = await _the_pr_meant(thread, intent, text)
        if isinstance(meant, Reply):
            return meant
        intent, text = meant
        never_mind = _NEVER_MIND.match(text)
        rest = text[never_mind.end() :].strip() if never_mind else ""
        if never_mind and thread.context.earlier:  # "nvm. biggest one this year?": back a step, then the rest
            _restart(thread, thread.context.earlier[-1])
            if rest:
                return await self._dispatch(thread, rest, user, addressed, stepped_back=True)
            return replace(await head(thread, thread.settings.max_items), title="Back to the list before")
        if rest and not stepped_back:  # "nvm. and the week before?" after a narrowing of none: the rest
            return await self._dispatch(thread, rest, user, addressed, stepped_back=True)
        pointed_who = bool(_WHO_OF_THOSE.match(text)) and not (query.any_of or query.authors)
        counted = _counted_filter(thread) if _SHOW_THOSE.match(text) or pointed_who else None
        if counted is not None:  # "how many of those were for deepseek?" then "show me those"
            narrowed = await narrow(thread, Intent("narrow", counted))
            if not pointed_who or narrowed.kind != "list":
                return narrowed
            # "how many are perf" then "who did those": the people behind the PRs counted
            return await who(thread, Intent("who", thread.parse("who")))
        tried = "" if stepped_back else _tried_last(thread)
        if tried and intent.kind == "shift" and not (query.any_of or query.authors):
            # "was there something about kv offload metrics?" found nothing, then "check this week":
            # the thread moves there and the narrowing is asked again over it
            moved = await shift(thread, window_of(thread, intent))
            if moved.kind != "list":
                return moved
            return await self._dispatch(thread, tried, user, addressed)
        if self._asks_digest_again(thread, intent):
            asked = intent.query
            if intent.kind == "shift":
                since, until = window_of(thread, intent)
                asked = with_window(asked, since, until, thread.window_label(since, until))
            return await self._digest_again(thread, asked)
        if intent.kind == "undo":  # "go back", "start over": the thread's first list again
            return await self._go_back(thread, text, user, addressed)
        if (
            "both" in tokenize(text)[0]
            and not intent.query.authors
            and all(len(g) == 1 for g in intent.query.any_of)
        ):
            together = await both(thread, intent, text)  # "actually no, give me both"
            if (
                together is not None
                and together.kind == "list"
                and (_how_many(text) or "count" in tokenize(text)[0])
            ):
                return await _counted(thread)  # "both of them together - count"
            if together is not None:
                return together
        if _ANY_STATE.search(text) and thread.base_query().states:  # "then any state, all time pls"
            return await every_state(thread, intent)
        if intent.kind in ("narrow", "question", "switch", "count", "open_now") and await _asked_anew(
            thread, intent.query, text
        ):
            switched = await _switched(thread, replace(intent, kind="switch"), text, fresh=True)
            return await _then_moved(thread, switched, intent, text)
        base = thread.base_query()
        if intent.kind in ("narrow", "question", "switch", "count") and (
            _contradicts(base, intent.query) or (base.authors and _drops_author(text))
        ):
            # "only bugfixes" then "sorry i meant the opposite, no bugfixes": the thread's question
            # with the bug fixes left out, not both at once (which nothing matches); "forget qwen",
            # "not just fp8", "lora instead of fixes", "drop the author": the question no longer
            # asks for it, and leaves nothing out
            moved = await unfilter(
                thread,
                intent,
                # "sorry I meant FA4 not FA3": FA3 taken back, not left out (leaving FlashAttention
                # out would leave every FA4 PR out too)
                opposite=not (_stops_asking(text) or _CORRECTION.search(text))
                or bool(_OPPOSITE.search(text)),
                drop_authors=_drops_author(text),
                restore=_RESTORE.search(text) is not None,
                per_key=True,
                taken_back=_taken_back_keys(thread, text),
            )
            if (intent.kind == "count" or _how_many(text)) and moved.kind == "list":
                # "drop aiter — how many amd prs total", "forget perf. how many were NOT ci"
                return await _counted(thread)
            return await _then_moved(thread, moved, intent, text)
        if intent.kind == "switch" and _SAME_SUBJECT_OPENER.match(text):
            # "and for comparison, how many ROCm PRs got merged the week before?" under ROCm PRs:
            # the opener made it a switch, but the subject is the thread's own and the time moves
            named = {k for g in query.any_of for k in g}
            rest = _SAME_SUBJECT_OPENER.sub("", text)
            again = classify(rest, thread.parse(rest))
            if again.kind == "shift":  # ("and how does that compare to nvidia?" compares subjects)
                if not named <= {k for g in base.any_of for k in g}:  # "and xpu the week before?"
                    switched = await _switch(
                        thread, replace(intent, query=replace(query, text=again.query.text))
                    )
                    if switched.kind != "list":
                        return switched
                return await self._dispatch(thread, rest, user, addressed)  # the move, as any other
        if (
            intent.kind == "switch"
            and _THE_X_ONES.search(text)
            and not (query.window_given or query.authors or _like_for_like(thread, query))
            and thread.filtered(await thread.matches(), replace(query, text=""))
        ):
            # "what about the perf ones" under ROCm PRs: some of this list (ROCm's perf PRs), as
            # "the qwen one" is; another of the thread's own kind ("the xpu ones" under ROCm), or
            # none of them here, is another subject
            return await narrow(thread, replace(intent, kind="narrow"))
        if intent.kind == "switch":
            compared = _compared_periods_last(thread)
            switched = await _switched(thread, intent, text)
            if compared is not None and switched.kind == "list" and not query.window_given:
                # "what about cpu" after "compare with last week" under XPU PRs: CPU's two weeks
                return await compare(thread, window_of(thread, compared))
            return await _then_moved(thread, switched, intent, text)
        if intent.kind == "add":
            return await add_alternative(thread, intent)
        if intent.kind == "unfilter":
            moved = await unfilter(thread, intent, whole=_EVERY_OF.search(text) is not None)
            if moved.kind == "list" and _how_many(text):  # "remove the rocm/xpu filter, how many in total"
                return await _counted(thread)
            return moved
        if intent.kind == "tally":
            return await _tally(thread, intent)
        if intent.kind == "widen":
            return await widen(thread, intent)
        if intent.kind == "top" and intent.position == PAGE:
            return await head(thread, thread.settings.max_items)
        if intent.kind == "top":
            if thread.base_query().limit and intent.position > len(thread.context.pr_numbers):
                return await narrow_top(
                    thread, replace(intent, query=replace(intent.query, limit=intent.position))
                )
            return await head(thread, intent.position)
        if intent.kind == "sort":
            if intent.asks and self.llm_answers is not None:  # "which five matter most?": a judgement
                return await self._llm(thread, text, intent, user)
            if intent.position == MOST_IMPORTANT and intent.limit:  # "which five matter most?"
                return await most_significant(thread, intent.limit)
            ordered = await sort(thread, intent.position)
            return await head(thread, intent.limit) if intent.limit else ordered
        if intent.kind == "detail":
            if intent.asks and self.llm_answers is not None:
                return await self._llm(thread, text, intent, user)
            card = await self._detail(thread, text, intent)
            if intent.extreme == MOST_IMPORTANT:  # "which one is the biggest change?"
                card = replace(card, notes=(MOST_IMPORTANT_NOTE, *card.notes))
            return card
        if intent.kind == "summary":
            if self.llm_answers is not None:
                return await self._llm(thread, text, intent, user)
            return await summary(thread, intent)
        if intent.kind == "count" and _another_person(thread, intent.query) and not _OF_THOSE.search(text):
            # "how many did mgoin have in the same period" under njhill's PRs: mgoin's, counted
            # ("how many of those are from mgoin" counts within the thread)
            moved = await other_person(thread, replace(intent, kind="switch"))
            return await _counted(thread) if moved.kind == "list" else moved
        if intent.kind == "count":
            counted = _counted_chain(thread) if _OF_THOSE.search(text) else None
            if counted is not None:  # "how many bugfixes" then "and how many of those rocm": of that count
                intent = replace(intent, query=_within(intent.query, counted))
            if _filters(intent.query) and _SHOW_THEM.search(text):
                # "how many of those were bugfixes? list them": the list, its header the count
                return await narrow(thread, replace(intent, kind="narrow"))
            return await count(thread, intent, whole=bool(WHOLE_LIST.search(text)))
        if (
            intent.kind == "who"
            and (_OVERALL.search(text) or (_IN_THE_DIGEST.search(text) and not _OF_THOSE.search(text)))
            and not intent.query.any_of
            and _restart(thread)
        ):
            # "and who was the most active author overall that week?" under a narrowed digest:
            # the people of its whole list, not of the narrowing
            intent = replace(intent, subject="")
        if intent.kind == "who":
            asked = intent.query
            if not asked.window_given:
                return await who(thread, intent)
            # "who were the top 10 contributors in october": the thread moved there (if it is not
            # there already), then who, the time words no part of what they worked on
            stopped = await _moved_to(thread, (asked.since, asked.until))
            if stopped is not None:
                return stopped
            again = classify(asked.without_time, thread.parse(asked.without_time))
            if again.kind == "who":  # the people it leaves out stay out ("if you leave him out")
                again = replace(again, query=replace(again.query, exclude_authors=asked.exclude_authors))
            return await who(thread, again if again.kind == "who" else intent)
        if intent.kind == "open_now":
            return await open_now(thread, intent)
        if (
            intent.kind == "compare"
            and set(query.authors) - set(thread.base_query().authors)
            and thread.base_query().authors
        ):
            return await compare_people(thread, intent)  # "compare with mgoin, who has more merged?"
        if intent.kind == "compare" and not query.window_given and _THE_TWO.search(text):
            # "just the fp8 ones", "and nvfp4", "compare them": the list before and this one, of
            # one time and two subjects of a kind, side by side (not this one a period before)
            two = _two_lists(thread, query)
            if two is not None:
                return await _switch(thread, replace(intent, kind="switch", query=two))
        if intent.kind == "compare" and not query.window_given and (versus := _set_beside(thread, query)):
            # "vs xpu", "compare with xpu" under ROCm PRs: the two side by side over the thread's
            # time, as "rocm vs xpu last week" asks (not XPU ANDed onto ROCm, a week before)
            return await _switch(thread, replace(intent, kind="switch", query=versus))
        if intent.kind in ("shift", "compare"):
            window = window_of(thread, intent)
            if (
                intent.kind == "compare"
                and window == (query.then_since, query.then_until)
                and query.window_given
            ):
                # "total last week vs the week before" under the week before: both weeks as named,
                # the thread moved to the first
                stopped = await _moved_to(thread, (query.since, query.until))
                if stopped is not None:
                    return stopped
            start = thread.context.start
            if (
                intent.kind == "compare"
                and BOTH_PERIODS.search(text)
                and start is not None
                and (start.since, start.until) != (thread.context.since, thread.context.until)
            ):  # "compare the two weeks" after "the week before?": this window and the first one
                window = (start.since, start.until)
            if intent.kind == "compare":
                if (WHOLE_LIST.search(text) or _ALL_TOPICS.search(text)) and _restart(thread):
                    # "how did that whole week compare to the week before? (all topics)" under a
                    # narrowed digest: the thread's first list (the digest's PRs) compared
                    return await compare(thread, window)
                # "ok just quantization. nov vs oct" under a by-area list: the message's own subject
                own = (
                    replace(query, text="")
                    if _adds_filter(thread.base_query(), query) and query.any_of
                    else None
                )
                return await compare(thread, window, own or _counted_filter(thread))
            # "and the week before?" after a who-answer asks who again; "anything fp8 from the week
            # before too?" asks for PRs
            # ("who drove most of that in oct": the message itself asks who, over that time)
            asked_who = (_asked_who_last(thread) or query.who) and not _LIST_REQUEST & set(tokenize(text)[0])
            base_states = split_states(thread.base_query().states)[0]
            if (
                intent.kind == "shift"
                and base_states
                and set(split_states(query.states)[0]) - set(base_states)
            ):
                # "what merged for tool calling this month?" under open tool-calling PRs: the states
                # the message names, over its time (not the thread's open ones moved there)
                return await _switch(thread, replace(intent, kind="switch"))
            moved = await shift(thread, window)
            if moved.kind == "list" and _adds_filter(thread.base_query(), query):
                if _like_for_like(thread, query):  # "any xpu prs the week after?" under ROCm: XPU's
                    return await _switch(thread, replace(intent, kind="switch"))
                # "any reverts since the digest?", "merged rocm prs the week before": moved, then narrowed
                narrowed = await narrow(thread, Intent("narrow", query, words=intent.words))
                return await _counted(thread) if _how_many(text) and narrowed.kind == "list" else narrowed
            if moved.kind == "list" and asked_who:
                # "who had most prs in it" then "and the week before?": the same question, moved
                # (and "who touched it this week, anyone new?" says who is new among them)
                asked_again = replace(thread.parse("who"), new_among=query.new_among)
                return await who(thread, Intent("who", asked_again))
            if moved.kind == "list" and _bare(text) and _asked_per_topic_last(thread):
                # "counts by area" then "and the week before?": counted by topic again, moved
                return await per_topic(thread)
            if moved.kind == "list" and (_how_many(text) or (_bare(text) and _asked_count_last(thread))):
                # "how many were there the week before?": counted, over the other window
                return await _counted(thread)
            return moved
        if (
            query.exclude_authors
            and intent.kind in ("narrow", "question", "who")
            and not (query.any_of or query.states or query.authors or query.text)
            and _asked_who_last(thread)
        ):
            # "and if you leave him out?", "excluding @x, who's top?" after a who-answer: who
            # again, without that person
            return await who(thread, replace(intent, kind="who", subject=""))
        # "ok list harry mellor's" under cyrus's PRs: another person, the same filters
        if intent.kind in ("narrow", "question") and _another_person(thread, query):
            return await other_person(thread, intent)
        if (
            intent.kind in ("narrow", "question")
            and thread.context.start is not None
            and thread.context.start.kind == "digest"
            and _DIGEST_NAMED.search(text)
            and (intent.query.any_of or intent.query.states or intent.query.authors)
        ):
            # "can u redo the digest but rocm only" after narrowing to kv-connector: the digest's
            # PRs, narrowed afresh
            _restart(thread)
        if intent.query.merge_time:
            # "how long did these take to merge": the thread's merged PRs by how long each was open
            merged = thread.filtered(await thread.matches(), intent.query)
            untitled = Reply(kind="answer", title="", understood=thread.about())
            return merge_times(thread.settings, intent.query, untitled, merged, what="this thread's PRs")
        if intent.query.per_kind and not intent.query.per_period:  # "break it down by format"
            # ("which models got faster" under a digest: the performance PRs among them)
            return await per_kind(thread, intent.query.per_kind, intent.query)
        if intent.query.per_topic or intent.query.per_period:
            # "break it down by topic", "count per topic", "split that by month", "per week?"
            return await self._broken_down(thread, intent, text)
        kind = _which_kind(text)
        if kind:  # "which models do they cover?": the named things of that kind, counted
            return await per_kind(thread, kind)
        if (
            intent.kind in ("narrow", "question")
            and not intent.words
            and _bare(text)
            and _asked_count_last(thread)
            and not _like_for_like(thread, intent.query)  # "xpu?" after NVIDIA's count: XPU's count
        ):
            # "how many of these are still open?" then "and merged?": counted as well
            return await count(thread, intent)
        if (
            intent.kind in ("narrow", "question")
            and not thread.context.pr_numbers
            and _filters(intent.query)
            # "eagle only", "any with mtp?", "nvm show me all deepep stuff last 2 wks"
            and (narrowing_cue(text) or len(tokenize(text)[0]) <= 4 or intent.query.window_given)
        ):
            return await refine(thread, intent)  # nothing to narrow: the narrower question, asked
        if intent.kind == "question" and intent.query.window_given and _repeats_thread(thread, text, intent):
            # "were any models dropped in october too" under "which models got removed this year":
            # the thread's own question, over the time the message names
            return await shift(thread, window_of(thread, intent))
        if (
            intent.kind == "question"
            and intent.query.window_given
            and _repeats_thread(thread, text, intent, True)
        ):
            # "were any models dropped in june too" under July's breaking changes: a narrower
            # question of the thread's subject, over the time the message names
            since, until, _ = asked_window(thread, intent.query)
            return await _asked_anew_over(thread, intent, text, since, until)
        if intent.kind == "narrow" and intent.query.window_given and thread.context.pr_numbers:
            # "just the fp8 ones since last week": the thread moved to that time, then narrowed
            since, until, _ = asked_window(thread, intent.query)
            stopped = await _moved_to(thread, (since, until))
            if stopped is not None:
                return stopped
        if intent.kind == "narrow":
            # A bare subject ("qwen?"): narrow when the thread has some, else move to it.
            bare = intent.query.any_of and not intent.words and not narrowing_cue(text)
            like = _like_for_like(thread, intent.query)
            none = not thread.filtered(await thread.matches(), intent.query)
            if _asks_of_thread(text) or THE_X_ONE.search(text):
                # "does it work with spec decode?" under TurboQuant PRs: whether the thread's PRs
                # do, so "none of them" is the answer, not spec decode's PRs instead; "the qwen
                # one" points at one PR of the list, so none of them is the answer too
                bare = like = False
            if (bare and (like or none)) or (like and none and not _within_list(text)):
                # "and which xpu ones landed?" under ROCm PRs: another platform's, none of these
                # "xpu?" under NVIDIA PRs: another platform, not NVIDIA PRs that mention XPU
                return await _switch(thread, intent)
            if thread.base_query().limit and not intent.scope:  # "only nvidia" under "top 5 perf"
                return await narrow_top(thread, intent)
            return await _narrow_or_digest(thread, intent, text)
        if self.llm_answers is not None:
            return await self._llm(thread, text, intent, user)
        return await self._offline(thread, intent)

    @staticmethod
    async def _broken_down(thread: Thread, intent: Intent, text: str = "") -> Reply:
        """The thread's PRs counted by topic or by period; a time the message names moves the
        thread there first ("which month this year was the busiest?"), and its filters narrow it
        ("the merged counts from this by area", "just the bug fixes by topic"). A period named as
        what is broken down ("break the nov 16-22 week down by area") is the whole period: the
        thread's first list's question there, not a narrowing made since."""
        asked = intent.query
        if asked.window_given and not _filters(asked) and _PERIOD_BROKEN_DOWN.search(text):
            _restart(thread)
        if asked.window_given:
            stopped = await _moved_to(thread, (asked.since, asked.until))
            if stopped is not None:
                return stopped
        buckets = (
            asked.per_topic
            and len(asked.any_of) == 1
            and len(asked.any_of[0]) > 1
            and not (asked.states or asked.authors or asked.exclude)
        )
        if buckets:
            # "split this month by hardware? rocm / nvidia / xpu": those topics are the breakdown's
            # (the thread keeps its PRs: "which month was the busiest?" after it is of them all)
            return await per_topic(thread, only=asked.any_of[0])
        if intent.kind in ("narrow", "question") and _filters(asked):
            narrowed = await narrow(thread, Intent("narrow", asked, words=intent.words))
            if narrowed.kind != "list":
                return narrowed
        if asked.per_topic and asked.change and not asked.window_given:
            # "which area grew the most" under a week's PRs: each topic against the week before
            return await topics_changed(thread, asked.change)
        return await per_topic(thread, asked.per_period, busiest=asked.busiest)

    @staticmethod
    def _asks_digest_again(thread: Thread, intent: Intent) -> bool:
        """ "can you do the same for last week" under a digest (not narrowed since), or "the
        digest for october" in any thread: a digest of another window, not a list of its PRs."""
        asked = intent.query
        if _filters(asked) or thread.query.digester is None:
            return False
        plain_digest = thread.context.kind == "digest" and FILTER_SEP not in thread.context.query_text
        if plain_digest and intent.kind == "shift":  # "same for the week before" (not after "who ...")
            return not (_asked_who_last(thread) or _asked_count_last(thread) or _asked_per_topic_last(thread))
        if not asked.window_given:
            return False
        return asked.digest or (plain_digest and intent.kind in ("switch", "question", "narrow"))

    async def _digest_again(self, thread: Thread, asked: Query) -> Reply:
        """The digest of the window asked for, answered in the thread, which then follows it."""
        reply = await thread.query.digest_reply(thread.settings, replace(asked, digest=True))
        if reply.seed is not None:
            thread.context = thread.context.following(reply.seed)
            thread.forget_matches()
        return replace(reply, digest=None, ephemeral=False)

    async def _go_back(self, thread: Thread, text: str, user: str, addressed: bool) -> Reply:
        """ "go back", "back to the merged ones", "back to the deepseek list - only the blackwell
        ones": an earlier list (the first when none is named), or the subject named, then the rest."""
        named = _BACK_TO.search(text)  # "back to the merged ones": that earlier list
        # "back to the deepseek list - only the blackwell ones": that list, then narrowed
        target, then = (_THEN.split(named.group(1), maxsplit=1) + [""])[:2] if named else ("", "")
        if _stops_asking(then) or then.lower().startswith(("not ", "no ", "without ")):
            target, then = f"{target} {then}", ""  # "all the rocm ones, not just fp8": which list
        back = _earlier_list(thread, target) if named else None
        if back is not None:
            _restart(thread, back)
            if then.strip():
                return await self._dispatch(thread, then, user, addressed)
            return replace(await head(thread, thread.settings.max_items), title="Back to that list")
        subject = thread.parse(target) if named else None
        if subject is not None and subject.any_of:  # "back to flashinfer but only the perf ones"
            moved = await _switch(thread, Intent("switch", subject))
            if then.strip() and moved.kind == "list":
                return await self._dispatch(thread, then, user, addressed)
            return moved
        if not _restart(thread):
            return thread.capabilities("This thread has no earlier list to go back to")
        return replace(
            await head(thread, thread.settings.max_items), title="Back to this thread's first list"
        )

    async def _llm(self, thread: Thread, text: str, intent: Intent, user: str) -> Reply:
        """The model's answer, or the offline one with the note saying why not."""
        assert self.llm_answers is not None
        answer = await self.llm_answers.answer(thread, text, intent, user)
        if isinstance(answer, Reply):
            return answer
        if intent.kind == "detail":
            reply = await self._detail(thread, text, intent)
            return replace(reply, notes=(answer, *reply.notes))
        return await self._offline(thread, intent, lead=answer)

    async def _detail(self, thread: Thread, text: str, intent: Intent) -> Reply:
        """`tell me about #N`: the slash command's detail card, noting PRs outside the thread."""
        reply = await self.query.answer(thread.settings, text, now=thread.now, synthesize=False)
        outside = [n for n in intent.query.pr_numbers if n not in thread.context.pr_numbers]
        if reply.kind in ("detail", "list") and outside:
            listed = ", ".join(f"#{n}" for n in outside)
            reply = replace(reply, notes=(*reply.notes, f"{listed}: not among this thread's PRs."))
        return replace(reply, ephemeral=False)

    async def _offline(self, thread: Thread, intent: Intent, lead: str = "") -> Reply:
        """The best offline answer to a free question: the thread's PRs it names, or what can be asked."""
        query = intent.query
        # "which of these mention aiter?"; "anything breaking?", "any reverts?": a kind of change
        # asked in a thread is asked of its PRs (none of them is the answer, not another subject)
        refers = narrowing_cue(query.without_time) or (
            bool(query.any_of) and all(is_change(k) for g in query.any_of for k in g)
        )
        none = query.any_of and not thread.filtered(await thread.matches(), replace(query, text=""))
        like = bool(query.any_of) and _like_for_like(thread, query)
        if _asks_of_thread(query.without_time) or THE_X_ONE.search(query.without_time):
            refers, like = True, False  # "does it work with spec decode?", "the qwen one?": of these PRs
        if query.any_of and (
            (not refers and (none or (not intent.words and like)))  # "xpu?" under NVIDIA PRs
            or (
                like and none and not _within_list(query.without_time)
            )  # "and which xpu ones landed?" under ROCm PRs
        ):
            # "what changed for MI300X users?" in a thread with none of them: the same window's.
            return await _switch(thread, intent)
        if query.any_of or query.exclude or query.states or query.authors:
            # "which of these were rocm?" is a filter asked as a question: no note; "why did the
            # rocm ones break?" asks more than the PRs say, and the note says so
            asked_to_show = bool(
                re.search(
                    r"\b(?:just|only) (?:show|list|give)\b|\bshow (?:me )?(?:only|just)\b",
                    intent.query.without_time,
                )
            )
            # ("kiitos, vain bugfix juttuja": words no PR ever used are another language's frame,
            # set aside and said, not a question the PRs cannot answer)
            unheard = tuple(await thread.unheard(intent.words, intent.query))
            heard = [w for w in intent.words if w not in unheard]
            note = lead or (OFFLINE_NOTE if heard and not asked_to_show else "")
            return await _narrow_or_digest(thread, replace(intent, words=unheard), query.without_time, note)
        if query.text and thread.filtered(await thread.matches(), query):
            # "which one was the torch.Event thing and who did it?": the thread's PRs its words
            # name (the card of the one, with its author), as "the torch.Event one?" would find
            return await narrow(
                thread, replace(intent, words=tuple(query.text.split())), note=lead or OFFLINE_NOTE
            )
        return thread.capabilities(lead or OFFLINE_LEAD)


_OVERALL = re.compile(r"\b(?:overall|all (?:of )?that week|in the whole (?:week|digest|list))\b", re.I)
# "who wrote the most in the digest" under a narrowing of it: the whole digest ("most of those in
# the digest week" is the narrowing, over the digest's time)
_IN_THE_DIGEST = re.compile(
    r"\b(?:in|of|across) (?:the|this|that) digest\b(?!'s| week| window| period)", re.I
)
_DIGEST_WEEK = re.compile(
    r"\b(?:the|that|this) digest(?:'s)? (?:week|window|period)\b|\bthe digest's\b", re.I
)
_DIGEST_NAMED = re.compile(r"\b(?:the|that|this|whole|full|entire) digest\b", re.I)
_STOP_ASKING = re.compile(r"\b(?:forget|drop|remove|ignore|lose|ditch|scrap|never ?mind|no need)\b", re.I)
# taking a filter back without leaving anything out ("forget moe", "no need multimodal"), unlike
# "remove lmcache", which leaves LMCache out when the question did not ask for it
# the words after it, up to a clause break, say what is taken back ("forget mm, count them")
_TAKE_BACK = re.compile(r"\b(?:forget|ignore|never ?mind|no need|don'?t need|scrap)\b([^,.;:!?]*)", re.I)
_NOT_NEEDED = re.compile(r"\b(?:never ?mind|no need|don'?t need)\b", re.I)
# "drop the EAGLE filter. give me all Model Runner V2 spec-decode work": "all" before what the
# message names makes it the whole subject (not "all of them", "all time", "all states")
_EVERY_OF = re.compile(
    r"\b(?:all|every)\s+(?:the\s+)?(?!of\b|them\b|those\b|these\b|time\b|states?\b|prs?\b|pull|i\b|that\b|it\b)\w",
    re.I,
)
_ANY_STATE = re.compile(r"\b(?:any|all|every|whatever)\s+(?:state|states|status|statuses)\b", re.I)
_NEVER_MIND = re.compile(
    r"^\W*(?:nvm|nevermind|never mind|scratch that|forget that|forget it)\b[\s.,;:!-]*", re.I
)
_RESTORE = re.compile(r"\b(?:back|include|including|again|too|also|as well)\b", re.I)  # "put nixl back"
# ("not just recent", "not just this month": a time, which the command's reading widens to all time)
_NOT_JUST = re.compile(
    r"\bnot (?:just|only) (?!(?:the )?(?:recent|recently|lately|this|last|past|the last|the past)\b)", re.I
)
_INSTEAD_OF = re.compile(r"\s+instead of\s+", re.I)
_RATHER_THAN = re.compile(
    r"\s+(?:(?:vs\.?|versus) (?:just|only|mere|merely|plain)|rather than|as opposed to)\s+", re.I
)


_AUTHOR_TAKEN_BACK = re.compile(
    r"\b(?:forget|drop|remove|ignore|lose|ditch|scrap|without)\s+(?:the\s+|that\s+)?"
    r"(?:author|authors|person|people|login|user|him|her|them)\b(?:\s+filter)?",
    re.I,
)


def _drops_author(text: str) -> bool:
    """ "drop the author", "forget him": the thread's question for anyone."""
    return _AUTHOR_TAKEN_BACK.search(text) is not None


def _stops_asking(text: str) -> bool:
    """Whether the message takes a filter back ("forget qwen", "drop the fp8 part", "not just
    fp8") rather than asking for the opposite ("no bugfixes", "without fp8")."""
    return _STOP_ASKING.search(text) is not None


_STATUS = {"open": "open", "draft": "open", "merged": "merged", "closed": "closed"}


def _contradicts(base: Query, asked: Query) -> bool:
    """Whether the message leaves out something the thread's question requires, or requires
    something it leaves out."""
    asked_for = {k for group in asked.any_of for k in group}
    if set(asked.exclude) & {k for group in base.any_of for k in group} or asked_for & set(base.exclude):
        return True
    # "and open ones?" under merged PRs: a PR is in one state at a time ("draft" is a kind of open)
    now, was = ({_STATUS.get(s, "") for s in split_states(q.states)[0]} for q in (asked, base))
    return bool(now and was and "" not in now | was and not now & was)


async def _counted(thread: Thread, text: str = "") -> Reply:
    """The thread's (new) list counted: "how many" asked with a move of its window or subject (as
    one number when the message says so: "same for xpu + tpu together")."""
    return await count(thread, Intent("count", thread.parse("how many")), split=not TOGETHER.search(text))


async def _moved_to(thread: Thread, window: tuple[datetime, datetime]) -> Reply | None:
    """The thread moved to `window` when it is elsewhere, before the message is answered there;
    the move's own reply when it found nothing to list, else None."""
    if window == (thread.context.since, thread.context.until):
        return None
    moved = await shift(thread, window)
    return None if moved.kind == "list" else moved


def _both_times(thread: Thread, text: str) -> tuple[datetime, datetime] | None:
    """From the start of the earlier to the end of the later of the two times a comparison thread
    set side by side, when the message speaks of both ("in those two weeks"); else None."""
    if not BOTH_PERIODS.search(text):
        return None
    base = thread.base_query()
    if base.then_since is None or base.then_until is None:
        return None
    return min(base.since, base.then_since), max(base.until, base.then_until)


# "list them", "show me those": the PRs just counted or pointed at, asked to be shown
_SHOWING = r"(?:list|show|give|see)\s+(?:me\s+|us\s+)?(?:them|those|these|'?em)\b"
# "how many ...? list them": a count asked with the PRs themselves
_SHOW_THEM = re.compile(
    rf"\b{_SHOWING}|\b(?:list|show|give)\s+(?:me\s+)?the prs\b|\bwhich (?:ones )?are they\b", re.I
)
# "overall", "in general": the subject named as a whole, not within the thread's narrowing
# "all the X", "every X pr", "all of them": every PR of a question that asked for a few
_ALL_OF_THEM = re.compile(
    r"\b(?:show|list|give|see|get|want)\b(?: \S+){0,2}? all\b(?! (?:time|day|week|month|year)s?\b)"
    r"|\ball (?:of )?(?:them|those|these)\b|\bevery (?:one|single one)\b",
    re.I,
)
# what came after the first one: in a thread about the PR that brought X in, "the follow-ups"
# are the later X PRs, not titles that say "follow-up"
_LATER_ONES = frozenset({"follow-ups", "followups", "follow-up", "followup", "later", "subsequent"})
WORKS_ON_NOTE = (
    "Whether it works on a given GPU or setup is not in what I know of a PR (its title, author, "
    "dates, state and topics): its card says all of that, and its description on GitHub may say more."
)
_WHOLE_SUBJECT = re.compile(r"\b(?:overall|in general|across the board|as a whole)\b", re.I)
_WHO_ELSE = re.compile(r"\bwho else\b", re.I)
# "(all topics)", "across all areas": none of the thread's narrowing
_ALL_TOPICS = re.compile(r"\b(?:all|every|any) (?:topics|areas|categories|subjects)\b", re.I)


def _own_subject(base: Query, query: Query) -> bool:
    """Whether a message names a subject the thread's question did not (a topic or term beyond
    the thread's, or words to search where the thread searched none)."""
    asked = {k for g in base.any_of for k in g}
    return bool({k for g in query.any_of for k in g} - asked) or bool(query.text and not base.text)


async def _asked_anew_over(
    thread: Thread, intent: Intent, text: str, since: datetime, until: datetime
) -> Reply:
    """The message as a new question over [since, until): about the subject it names, else the
    thread's, without the thread's count ("show me all the dspark follow-ups, oldest first" under
    "which pr brought dspark in"; "who's been working on K3 since then"); the thread follows it.
    "the follow-ups" are the later PRs of the subject, not titles saying "follow-up"."""
    asked = intent.query
    if not (asked.any_of or asked.authors):
        base = thread.base_query()
        asked = replace(asked, any_of=base.any_of, authors=base.authors, pr_numbers=())
    words = " ".join(w for w in asked.text.split() if w not in _LATER_ONES)
    asked = with_window(replace(asked, text=words, limit=0), since, until, thread.window_label(since, until))
    return await _switched(thread, replace(intent, kind="switch", shift=0, query=asked), text, fresh=True)


_POINTED = re.compile(r"\b(?:these|those|them|of it|in there|this thread)\b", re.I)


async def _switched(thread: Thread, intent: Intent, text: str, *, fresh: bool = False) -> Reply:
    """The thread moved to another subject (see _switch; `fresh` as for `switch`); when the message
    asks who ("and who merged the most nvidia stuff in october?" under ROCm PRs), who is behind
    the PRs it moved to."""
    asked, tokens = intent.query.any_of, tokenize(text)[0]
    if (
        asked
        and set(asked) < set(thread.base_query().any_of)
        and OWNING.intersection(tokens)
        and asks_who(tokens)
    ):
        # "and who owns the rocm backend?" under ROCm performance: the people of the whole area
        # (see `who`) over the time it asks (ownership: any time), not a switch that keeps the
        # performance filter
        if intent.query.window_given:
            stopped = await _moved_to(thread, (intent.query.since, intent.query.until))
            if stopped is not None:
                return stopped
        return await who(thread, classify(intent.query.without_time, intent.query))
    moved = await switch(thread, intent, fresh=True) if fresh else await _switch(thread, intent)
    if moved.kind == "list" and fresh and _how_many(text):
        return await _counted(thread)  # "how many removals is that overall (all authors)?"
    named = any(login.lower() in text.lower() for login in intent.query.authors)
    if moved.kind != "list" or not asks_who(tokenize(text)[0]) or named:
        # "quién es yewentao256? qué más hizo": that person's PRs, not who ("who else besides
        # him": the other people, below)
        return moved
    rest = intent.query.without_time
    again = classify(rest, thread.parse(rest))
    again = again if again.kind == "who" else Intent("who", thread.parse("who"))
    # ("who touched flashinfer this week so far, anyone new?": the new ones among them said too)
    return await who(thread, replace(again, query=replace(again.query, new_among=intent.query.new_among)))


async def _switch(thread: Thread, intent: Intent) -> Reply:
    """Another subject for the thread; after a who-question ("who's on nixl?" then "and
    lmcache?"), the same question about it."""
    # before the thread moves; only a bare subject ("and lmcache?") repeats the who-question
    # ("and for spec decode specifically?" is as bare: its joining words name nothing)
    said = [w for w in intent.query.without_time.split() if w.strip("?!.,") not in _JOINING]
    bare = not intent.words and len(said) <= 4 and _bare(" ".join(said))
    asked_who = _asked_who_last(thread) and bare
    same = "same" in tokenize(intent.query.without_time)[0]  # "same for xpu + tpu together"
    asked_count = (_asked_count_last(thread) and (bare or same)) or _how_many(intent.query.without_time)
    moved = await switch(thread, intent)
    if moved.kind == "list" and asked_who:
        return await who(thread, Intent("who", thread.parse("who")))
    if moved.kind == "list" and asked_count:  # "how many bugfixes" then "same for nvidia": counted too
        return await _counted(thread, intent.query.without_time)
    return moved


_JOINING = frozenset({"for", "specifically"})


def _repeats_thread(thread: Thread, text: str, intent: Intent, narrower: bool = False) -> bool:
    """Whether a message asks nothing but the thread's own question again (its subjects and words,
    or fewer of them, and no question word of its own: "why", "how", "compare", ...); `narrower`:
    its subjects are the thread's, or a half of a breaking change the thread asks for, with words
    of its own."""
    asked, base = intent.query, thread.base_query()
    if not (asked.any_of or intent.words) or QUESTION_WORDS.intersection(tokenize(text)[0]):
        return False
    if asked.authors or asked.exclude or asked.states and set(asked.states) - set(base.states):
        return False
    # (a half of a breaking change asks the thread's breaking changes again: "were any models
    # dropped in october too" under November's breaking changes)
    asked_groups, base_groups = set(whole_change(asked.any_of)), set(whole_change(base.any_of))
    if narrower:
        return bool(asked.any_of) and asked_groups <= base_groups
    return asked_groups <= base_groups and set(intent.words) <= set(base.text.split())


def _like_for_like(thread: Thread, asked: Query) -> bool:
    """Whether a bare subject is another of a kind the thread's question already names (a
    platform for a platform, a format for a format)."""
    taxonomy = thread.settings.taxonomy
    kinds = {kind_of(k, taxonomy) for g in asked.any_of for k in g} - {""}
    base_keys = {k for g in thread.base_query().any_of for k in g}
    if any(implies(k, taxonomy) & base_keys for g in asked.any_of for k in g):
        return False  # "any on sm120?" under Blackwell PRs: within them, not instead
    return bool(kinds) and bool(kinds & {kind_of(k, taxonomy) for k in base_keys})


WHY_NOTE = "Pull requests say what changed, not why: here is what this one says; its author has the rest."
_THE_TWO = re.compile(
    r"\bcompare (?:them|both|the (?:two|2)|th(?:ose|ese) (?:two|2))\b|\bhow do (?:they|both|the (?:two|2)) compare\b"
    r"|\b(?:them|both|the (?:two|2)) side by side\b",
    re.I,
)


def _two_lists(thread: Thread, asked: Query) -> Query | None:
    """The list shown before this one and this one, when they are of one time and differ in one
    subject of a kind (FP8, then NVFP4): the question asking for either, each counted; None
    otherwise."""
    if not thread.context.earlier or asked.any_of or asked.authors:
        return None
    before = thread.context.earlier[-1]
    if (before.since, before.until) != (thread.context.since, thread.context.until):
        return None
    taxonomy = thread.settings.taxonomy
    then, now = thread.parse(before.query_text).any_of, thread.base_query().any_of
    gone, new = [g for g in then if g not in now], [g for g in now if g not in then]
    if len(gone) != 1 or len(new) != 1:
        return None
    kinds = {kind_of(k, taxonomy) for k in gone[0]} & {kind_of(k, taxonomy) for k in new[0]} - {""}
    # ("compare the two": the comparison's own words, none to search)
    return replace(asked, any_of=(tuple(dict.fromkeys((*gone[0], *new[0]))),), text="") if kinds else None


def _set_beside(thread: Thread, asked: Query) -> Query | None:
    """A subject set against the thread's own of its kind ("vs xpu" under ROCm): the question
    asking for either, each counted (as "rocm vs xpu" does); None if it is no such subject."""
    taxonomy = thread.settings.taxonomy
    kinds = {kind_of(k, taxonomy) for g in asked.any_of for k in g} - {""}
    base = thread.base_query().any_of
    if not kinds and len(base) == 1 and len(asked.any_of) == 1 and not asked.authors:
        # "vs lora" under spec decode PRs: one kind of work set beside the thread's only one
        topics = [k for g in (*base, *asked.any_of) for k in g]
        if all(taxonomy.topic(k) and not kind_of(k, taxonomy) for k in topics) and asked.any_of != base:
            return replace(asked, any_of=(tuple(dict.fromkeys(topics)),))
    own = [k for g in base for k in g if kind_of(k, taxonomy) in kinds]
    named = [k for g in asked.any_of for k in g if kind_of(k, taxonomy) in kinds]
    if (
        asked.authors
        or not own
        or set(named) <= set(own)
        or any(implies(k, taxonomy) & set(own) for k in named)
    ):
        return None  # ("vs sm120" under Blackwell PRs: of them, not beside them)
    rest = tuple(g for g in asked.any_of if not any(kind_of(k, taxonomy) in kinds for k in g))
    return replace(asked, any_of=(tuple(dict.fromkeys((*own, *named))), *rest))


async def _asked_anew(thread: Thread, asked: Query, text: str) -> bool:
    """Whether a subject is asked as a question of its own rather than of the thread's PRs: "open
    ci ones?" under "open bugfix prs" says the thread's states again over another subject (the
    same question of it), and "how many tpu PRs are still open?" under merged tpu-inference bumps
    names a subject the thread's own implies in a state none of its PRs is in."""
    base = thread.base_query()
    if (
        not asked.any_of
        or not asked.states
        or base.pr_numbers
        or _within_list(text)  # "which of those shipped with mtp?": of the thread's PRs
        or ADDING_CUES.intersection(
            tokenize(text)[0]
        )  # "all deepep stuff incl open": the thread's, more of it
    ):
        return False
    base_keys = {k for g in base.any_of for k in g}
    keys = {k for g in asked.any_of for k in g}
    if not base_keys:
        return False
    if set(asked.states) == set(base.states):
        return not keys & base_keys
    taxonomy = thread.settings.taxonomy
    wider = set(base_keys).union(*(implies(k, taxonomy) for k in base_keys))
    broader = keys <= wider and not keys & base_keys
    return broader and not thread.filtered(await thread.matches(), replace(asked, text=""))


_YES_NO = frozenset(
    {"does", "do", "did", "is", "are", "was", "were", "can", "could", "will", "would", "has", "have"}
)
_THREAD_SUBJECTS = frozenset({"it", "they", "this", "that", "these", "those", "any"})


def _asks_of_thread(text: str) -> bool:
    """Whether a message is a yes/no question whose subject is the thread's own PRs ("does it work
    with spec decode?", "do they support eagle", "are any for blackwell?"), after words that join
    it on ("ok, does it ...")."""
    tokens = tokenize(text)[0]
    while tokens and is_interjection(tokens[0]):
        tokens = tokens[1:]
    return len(tokens) > 1 and tokens[0] in _YES_NO and tokens[1] in _THREAD_SUBJECTS


def _filters(query: Query) -> bool:
    return bool(query.any_of or query.exclude or query.states or query.authors)


def _bare(text: str) -> bool:
    """A follow-up of a few words that names something and asks nothing more ("and merged?",
    "same for nvidia", "xpu?"): it repeats the previous question about that."""
    tokens = tokenize(text)[0]
    return len(tokens) <= 4 and not ({"what", "which", "who"} | _LIST_REQUEST) & set(tokens)


def _how_many(text: str) -> bool:
    return asks_count(tokenize(text)[0])


def _last_count(thread: Thread) -> Query | None:
    """The question of the thread's last count ("how many prs were bugfixes"), back over short
    follow-ups; None when no count was asked."""
    said = [text for role, text in thread.context.turns if role == "user"]
    for text in reversed(said):
        if _how_many(text):
            query = thread.parse(text)
            return query if _filters(query) else None
        if not _bare(text) and not asks_share(tokenize(text)[0]):
            return None
    return None


def _asked_count_last(thread: Thread) -> bool:
    """Whether the thread's previous message asked how many ("how many of these are still open?")."""
    said = [text for role, text in thread.context.turns if role == "user"]
    said.insert(0, thread.context.query_text.partition(FILTER_SEP)[0])  # the question itself
    # back over short follow-ups ("same for nvidia", "xpu?") to the message that set the question
    for text in reversed(said):
        if _how_many(text) or asks_share(tokenize(text)[0]):
            return True
        if not _bare(text):
            return False
    return False


async def _then_moved(thread: Thread, switched: Reply, intent: Intent, text: str) -> Reply:
    """A switch that also moves in time ("ok and the week before? all reverts, not just scheduler
    ones"): the other subject, then the move, as "and the week before?" alone would."""
    asked = intent.query
    if (
        asked.then_since is not None
        and asked.then_until is not None
        and switched.kind in ("list", "answer")
        and _how_many(text)  # ("whole history, not just since oct" corrects the time: no count)
    ):
        # "how many did he open this month vs back in january": the switched question's count
        # beside the other time's
        return await compare(thread, (asked.then_since, asked.then_until))
    moving = _moving(text)
    if not moving or switched.kind != "list" or intent.query.window_given:
        return switched
    return await shift(thread, window_of(thread, classify(moving, thread.parse(moving))))


def _moving(text: str) -> str:
    """The move in time a message also asks for ("... the week before? all reverts ..."), as a
    follow-up of its own ("and the week before?"), or ""."""
    tokens = tokenize(text)[0]
    pair = next((p for p in itertools.pairwise(tokens) if p in _MOVES), None)
    return f"and the {pair[0]} {pair[1]}?" if pair else ""


_MOVES = frozenset((*BEFORE, *AFTER))


# "list those, oldest first" as a message of its own: the PRs a count just counted (see _dispatch)
_LIST_THOSE = re.compile(rf"^\W*(?:(?:ok|okay|now|then|and|pls|please)\W+)*{_SHOWING}", re.I)
_NARROWING_FIRST = re.compile(
    r"^\W*(?:ok(?:ay)?[,.]?\s+)?((?:just|only)\s+(?:the\s+)?[^.?!;]{1,40}?(?:\s+ones?)?"
    # "and for spec decode specifically? who drove most of that in oct"
    r"|(?:and\s+)?(?:for\s+)?[^.?!;]{1,30}?\s+(?:specifically|only|in particular))\s*[.;!?]\s+"
    # (a question of what is left: people, a count, a listing; not one naming more to narrow by)
    r"((?:who|how many|count|list|show|sort)\b.+)$",
    re.I,
)


def _narrowing_then_question(text: str) -> tuple[str, str]:
    """ "just tpu. who wrote most of these": a short narrowing sentence, then a question asked of
    what it keeps; ("", "") when the message is not two such sentences."""
    found = _NARROWING_FIRST.match(text.strip())
    if not found or len(tokenize(found.group(1))[0]) > 5:
        return "", ""
    return found.group(1), found.group(2)


def _asked_per_topic_last(thread: Thread) -> bool:
    """Whether the thread's previous message asked for its PRs counted by topic ("the merged
    counts by area"), so a bare "and the week before?" asks that again."""
    last = _last_said(thread)
    return bool(last) and thread.parse(last).per_topic


def _compared_periods_last(thread: Thread) -> Intent | None:
    """The previous message, when it set the thread's time beside another ("compare with last
    week") with no subject of its own and asked for no breakdown ("how much was rocm vs the rest"
    under "split this by topic" counts topics); None otherwise."""
    last = _last_said(thread)
    asked = classify(last, thread.parse(last)) if last else None
    if asked is None or asked.kind != "compare":
        return None
    q = asked.query
    return None if q.any_of or q.authors or q.per_topic or q.per_period or q.per_kind or q.who else asked


# "the perf ones", "the fp8 moe ones": PRs of a list named by what they are about
_THE_X_ONES = re.compile(r"\bthe (?:[\w./+-]+ ){1,4}ones\b", re.I)


def _last_said(thread: Thread) -> str:
    """The asker's previous message in the thread, "" before any."""
    return next((text for role, text in reversed(thread.context.turns) if role == "user"), "")


_SAME_SUBJECT_OPENER = re.compile(
    r"^\W*(?:and|also|now|so|ok|okay)\b(?:\s+(?:for comparison|to compare|in comparison|for reference))?[\s,;:-]*",
    re.I,
)
_EM = re.compile(r"(?<![\w'])'?em\b", re.I)
_PER_PERSON = re.compile(
    r"\b(?:per|by|for each|each) (?:person|author|people|contributor|dev|developer)\b", re.I
)
_PEOPLE_BEHIND = re.compile(
    r"\b(?:folks|people|ppl|peeps|devs|authors|contributors|who(?:'s| is| are)?)\b[^?]{0,30}\bbehind "
    r"(?:them|these|those|it|this|that)\b",
    re.I,
)
_NOT_PERSON = re.compile(r"\bnot\s+@?([\w-]{3,})", re.I)


def _person_corrected(thread: Thread, query: Query, text: str) -> Query | None:
    """ "sorry meant tlrmchlsmth not robert" under two people's PRs: the person named after
    "not" (by the start of their login) replaced by the one meant, the others kept; None when the
    message is no such correction."""
    base = thread.base_query()
    said = _NOT_PERSON.search(text)
    if not (_CORRECTION.search(text) and query.authors and base.authors and said):
        return None
    gone = [a for a in base.authors if a.lower().startswith(said.group(1).lower())]
    if not gone:
        return None
    kept = tuple(a for a in base.authors if a not in gone)
    # ("robert" after "not" may itself read as @robertgshaw2-redhat: still the one taken back)
    asked = (a for a in (*kept, *query.authors) if a not in gone)
    return replace(query, authors=tuple(dict.fromkeys(asked)), text="")


_WORKED_ON = re.compile(r"\b(?:working|worked|work) on\b", re.I)
_PERSON_MEANT = re.compile(
    # ("what has the top one merged": a verb of making PRs whose subject is the ranked one)
    r"\b(?:working|worked|work) on\b|\bbeen (?:doing|up to)\b"
    r"|\b(?:did|has|have) \w+(?: \w+){0,2} (?:done|merged|landed|shipped|written)\b"
    r"|\bwhat did \w+(?: \w+){0,2} (?:do|merge|land|ship|write)\b"
    r"|\b(?:person|guy|gal|dev|developer|contributor|author|maintainer)(?:'s)?\b",
    re.I,
)
_OF_THOSE = re.compile(r"\b(?:of|among) (?:those|these|them|that)\b", re.I)
# The opening of a short request: "ok", "so", "can you", "pls"
_OPENING = r"^\W*(?:(?:ok|okay|so|and|now|great|cool|nice|then)\W+)*(?:(?:can you|could you|pls|please)\s+)?"
_SHOW_REST = re.compile(
    _OPENING + r"(?:(?:show|list|give)(?: me| us)? )?(?:the rest|the others|the other ones|everything else"
    r"|all the others|the remaining(?: ones)?|what'?s left)(?: of them)?(?: pls| please)?\W*$",
    re.I,
)
_WHO_OF_THOSE = re.compile(_OPENING + r"who(?:'s| is| are)?\b[^?]{0,30}\b(?:those|them|these)\b", re.I)
_SHOW_THOSE = re.compile(
    _OPENING
    + r"(?:show|list|give)(?: me| us)? (?:those|them|these|the ones|which ones)(?: ones)?(?: pls| please)?\W*$"
    r"|^\W*which ones\W*$",
    re.I,
)
_CORRECTION = re.compile(r"\b(?:meant|mean)\b", re.I)  # "i meant mxfp4 not nvfp4": a slip corrected
_OPPOSITE = re.compile(r"\bop+o+s+ite\b|\breverse\b", re.I)  # "i meant the opposite: no fixes"
_ORIGINAL = re.compile(
    r"\b(?:original|originally|reverted (?:one|pr|change)"
    # "what did it revert", "which pr does this one revert"
    r"|(?:what|which(?: pr| one| change)?) (?:did |does )?(?:it|this|that)(?: one| pr)? revert(?:s|ed)?)\b",
    re.I,
)
_LINK_WORDS = frozenset({"original", "originally", "reverted", "reverting"})  # say which of two linked PRs
# "the original/oldest X one" and "the latest X one" pick an end ("the first X one" is a place in the list)
_FIRST_EVER = frozenset({"original", "oldest", "earliest"})
_LAST_YET = frozenset({"newest", "latest"})
_ITS_REVERT = re.compile(
    r"\b(?:the revert(?:ing)?(?: pr| one)?|what reverted|who reverted|revert of (?:it|this|that))\b", re.I
)


# "what did they revert", "which prs did these revert", "the original prs": what a list's reverts undo
_THEIR_ORIGINALS = re.compile(
    r"\b(?:what|which(?: prs?| ones| changes)?) (?:did|do|does) (?:they|these|those|them|the reverts)"
    r"(?: ones| prs)? (?:revert|undo|roll back)\b|\bthe originals\b|\bthe original (?:prs|ones|changes)\b",
    re.I,
)


async def _reverted_by_list(thread: Thread) -> list[int]:
    """The PRs the thread's listed reverts undo, in the list's order (none when it has no revert
    whose original is known)."""
    index = await thread.query.window_index(thread.settings.name)
    undone = (n for number in thread.context.pr_numbers for n in index.revert_links(number)[0])
    return list(dict.fromkeys(undone))


async def _linked_pr(thread: Thread, text: str, number: int = 0) -> int:
    """The PR a message points to through a revert of `number` (default: the PR of the card the
    thread is about): "the original pr" is the one it reverts, "the revert" the one that reverts
    it (0 when it names neither)."""
    number = number or thread.context.pr_numbers[0]
    reverts, by = (await thread.query.window_index(thread.settings.name)).revert_links(number)
    if reverts and _ORIGINAL.search(text):
        return reverts[0]
    if by and _ITS_REVERT.search(text):
        return by[0]
    return 0


# "and the second?", "the 3rd one?", "what about number 2": a place and nothing else
_BARE_ORDINAL = re.compile(
    r"^\W*(?:(?:and|ok|okay|so|now|then|what about|how about)\W+)*(?:the\s+)?(?:number\s+|no\.?\s*)?"
    r"(?:second|third|fourth|fifth|sixth|2nd|3rd|4th|5th|6th|[2-9])(?:\s+(?:one|guy|person|dev|author|place))?\W*$",
    re.I,
)


def _picked_person_last(thread: Thread) -> bool:
    """The asker's last message before any bare places ("and the second?") asked what a person of
    a who-answer did, by their place ("what did the top one work on?")."""
    said = [text for role, text in reversed(thread.context.turns) if role == "user"]
    last = next((text for text in said if not _BARE_ORDINAL.match(text)), "")
    return (
        bool(last) and bool(_PERSON_MEANT.search(last)) and classify(last, thread.parse(last)).position != 0
    )


def _busiest_first(matches: Sequence[Match]) -> list[str]:
    """The authors of `matches`, most PRs first, then by login: the order of a who-answer."""
    busiest = Counter(m.pr.author for m in matches if m.pr.author)
    return sorted(busiest, key=lambda a: (-busiest[a], a.lower()))


async def _people_ranked_before(thread: Thread) -> list[str]:
    """The people of the newest list the thread left that holds more than one person's PRs (the
    who-answer a person was picked from), busiest first."""
    for left in reversed(thread.context.earlier):
        ranked = _busiest_first(await thread.load(left.pr_numbers))
        if len(ranked) > 1:
            return ranked
    return []


async def _ranked_person(thread: Thread, position: int) -> str:
    """The person at `position` of the thread's who-answer (most PRs first, then by login)."""
    ranked = _busiest_first(await thread.matches())
    return ranked[position - 1] if 0 < position <= len(ranked) else ""


def _within(asked: Query, counted: Query) -> Query:
    """`asked` among what `counted` counted: both filters, the asked states and authors first."""
    return replace(
        asked,
        any_of=(*counted.any_of, *asked.any_of),
        states=asked.states or counted.states,
        authors=asked.authors or counted.authors,
    )


def _counted_chain(thread: Thread) -> Query | None:
    """The filters of the counts asked one after another, each "of those" the one before ("how
    many are bug fixes", "how many of those are merged"): the count the next "of those" is of."""
    said = [text for role, text in thread.context.turns if role == "user"]
    chain: Query | None = None
    for back in range(1, len(said) + 1):
        counted = _counted_filter(thread, back)
        if counted is None:
            break
        chain = counted if chain is None else _within(chain, counted)
        if not _OF_THOSE.search(said[-back]):
            break  # the first count of the chain counts the thread itself
    return chain


def _counted_filter(thread: Thread, back: int = 1) -> Query | None:
    """The filter of the count the message `back` messages ago asked ("n how many of those r
    perf"), so "vs week before?" compares that count; None when it asked no filtered count."""
    said = [text for role, text in thread.context.turns if role == "user"]
    if len(said) < back or not _how_many(said[-back]):
        return None
    asked = thread.parse(said[-back])
    versioned = _family_version(thread, asked, said[-back])  # "how many of those are v4"
    asked = versioned[1] if versioned is not None else asked
    base = thread.base_query()
    known = {k for g in base.any_of for k in g}
    # what the count added to the thread's question ("drop aiter - how many amd prs total" moved
    # the thread itself, and adds nothing)
    groups = tuple(g for g in asked.any_of if not set(g) <= known)
    states = asked.states if asked.states != base.states else ()
    if not (groups or states or set(asked.authors) - set(base.authors)):
        return None
    return replace(asked, any_of=groups, exclude=(), states=states)


def _tried_last(thread: Thread) -> str:
    """The previous message, when it narrowed the thread's list and found nothing (else "")."""
    turns = thread.context.turns
    if len(turns) >= 2 and turns[-1][0] == "bot" and turns[-1][1].startswith(NONE_OF):
        return turns[-2][1]
    return ""


_LIST_REQUEST = frozenset({"anything", "any", "list", "show", "give"})


def _within_list(text: str) -> bool:
    """Whether a message asks within the thread's list ("which of these", "anything xpu in there",
    "only tpu"), not merely for "ones" of something ("and which xpu ones landed?")."""
    return bool((LIST_POINTERS | (NARROW_CUES - {"ones"})) & set(tokenize(text)[0]))


# "separate q -", "different question:", "unrelated, but ...": what follows is asked on its own
_NEW_QUESTION = re.compile(
    r"^\W*(?:(?:ok|okay|so|also|btw|and|oh)\W+)?(?:(?:separate|different|unrelated|new|side|random|another|off[- ]topic)"
    r"\s+(?:q|qs|question|questions|topic|thing)\b|unrelated\b|on another note\b)",
    re.I,
)


def _another_person(thread: Thread, query: Query) -> bool:
    """Whether `query` names people and the thread is about other people's PRs."""
    base_authors = set(thread.base_query().authors)
    return bool(query.authors and base_authors and not base_authors & set(query.authors))


def _asked_who_last(thread: Thread) -> bool:
    """Whether the thread's previous message asked who is behind its PRs."""
    last = _last_said(thread)
    if last:
        return asks_who(tokenize(last)[0])
    # or the question itself ("top 10 contributors last month" asks who as the command reads it)
    question = thread.context.query_text.partition(FILTER_SEP)[0]
    return asks_who(tokenize(question)[0]) or thread.base_query().who


_FROM_LIST = re.compile(r"\bfrom the (.+?) (?:list|ones|answer)\b", re.I)
_THEN = re.compile(
    r"\s+[-–—]\s+|\s*[,;:]\s*|\s+but\s+|\s+(?:and )?then\s+|\s+and (?=give|show|list|only|just|sort|count)",
    re.I,
)
_BACK_TO = re.compile(r"\bback to (?:the )?(.+?)(?: ones| list| prs)?\s*[.!?]*$", re.I)
EARLIER_KEPT = 5  # lists a thread remembers besides its first and its current one


def _remember_list(before: ThreadContext, after: ThreadContext) -> ThreadContext:
    """After a message moved the thread to another list, the list it left joins `earlier`, so
    "the 2nd one from the fp8 list" and "back to the merged ones" can reach it."""
    if (before.query_text, before.pr_numbers) == (after.query_text, after.pr_numbers):
        return after
    left = ThreadStart(before.kind, before.since, before.until, before.query_text, before.pr_numbers)
    return replace(after, earlier=(*after.earlier, left)[-EARLIER_KEPT:])


def _earlier_list(thread: Thread, words: str) -> ThreadStart | None:
    """The latest list of the thread (earlier ones, then the first) that `words` describe: its
    question names the same topics, terms, states or people ("the fp8 list", "the merged ones")."""
    wanted = thread.parse(words)
    keys = {k for g in wanted.any_of for k in g}
    states, authors = set(wanted.states), set(wanted.authors)
    if not (keys or states or authors):
        return None
    start = thread.context.start
    if keys and thread.context.earlier:
        # "same filters but blackwell instead", then "ok back to the rocm ones": the list the
        # thread switched away from, its filters carried over (not ROCm's first, wider list)
        left = thread.context.earlier[-1]
        seen, now = thread.read_back(left.kind, left.query_text), thread.base_query()
        if (
            keys <= {k for g in seen.any_of for k in g}
            and states <= set(seen.states)
            and authors <= set(seen.authors)
            and (set(seen.states), set(seen.exclude)) == (set(now.states), set(now.exclude))
            and not keys & {k for g in now.any_of for k in g}
        ):
            return left
    best: tuple[int, ThreadStart] | None = None
    for listed in (*reversed(thread.context.earlier), *([start] if start else [])):
        seen = thread.read_back(listed.kind, listed.query_text)
        seen_keys = {k for g in seen.any_of for k in g}
        if (
            keys <= seen_keys
            and states <= set(seen.states)
            and authors <= set(seen.authors)
            and not set(wanted.exclude) & seen_keys  # "all the rocm ones, not just fp8"
        ):
            # the list described most closely ("the merged list" is not the merged AITER one);
            # of equals, the latest
            extra = len(seen_keys - keys) + len(set(seen.states) - states) + len(set(seen.authors) - authors)
            if best is None or extra < best[0]:
                best = (extra, listed)
    return best[1] if best else None


async def _tally(thread: Thread, intent: Intent) -> Reply:
    """ "cutlass vs flashinfer, which one has more": the thread's PRs counted for each of the
    things named side by side, largest first (a PR naming both counts for each)."""
    matches = await thread.matches()
    group = max(intent.query.any_of, key=len)
    rest = replace(intent.query, any_of=tuple(g for g in intent.query.any_of if g is not group), text="")
    taxonomy, base = thread.settings.taxonomy, thread.base_query()
    kinds = {kind_of(k, taxonomy) for k in group} - {""}
    if kinds & {kind_of(k, taxonomy) for g in base.any_of for k in g}:
        # "cpu vs tpu" in a thread about TPU: each over the thread's question and window, the
        # platform (or model family) swapped, as "what about cpu" would ask
        kept = tuple(g for g in base.any_of if not any(kind_of(k, taxonomy) in kinds for k in g))
        counts = []
        for key in group:
            one = replace(base, any_of=(*kept, *rest.any_of, (key,)), text="")
            found = await thread.query.matches(thread.settings, one)
            counts.append((len(found), filter_phrase(thread.settings, replace(rest, any_of=((key,),)))))
        note = f"Each counted over {thread.window_label()}, as this thread's question asks."
    else:
        counts = []
        for key in group:
            one = replace(rest, any_of=(*rest.any_of, (key,)))
            counts.append((len(thread.filtered(matches, one)), filter_phrase(thread.settings, one)))
        note = f"Counted among this thread's {count_label(len(matches))}; a PR naming both counts for each."
    counts.sort(key=lambda c: -c[0])
    return Reply(
        kind="answer",
        title=" · ".join(f"{name}: {count_label(n)}" for n, name in counts),
        understood=thread.about(),
        notes=(note,),
    )


# After a PR's card, its neighbours in the thread's list ("the last one" is the list's last)
_NEXT_ONE = re.compile(
    r"^\W*(?:(?:and|ok|so|then|now)\W+)*(?:(?:show me|what about|how about|and)\s+)?(?:the\s+)?"
    r"(?:next|following)(?: one| pr)?\W*$|\bthe one (?:after|below) (?:that|it|this)\b",
    re.I,
)
_PREVIOUS_ONE = re.compile(
    r"^\W*(?:(?:and|ok|so|then|now)\W+)*(?:(?:show me|what about|how about|and)\s+)?(?:the\s+)?"
    r"(?:previous|prior|preceding)(?: one| pr)?\W*$|\bthe one (?:before|above) (?:that|it|this)\b",
    re.I,
)


def _neighbour_asked(text: str) -> int:
    """+1 for "the next one", -1 for "the one before that", else 0."""
    return 1 if _NEXT_ONE.search(text) else -1 if _PREVIOUS_ONE.search(text) else 0


def _last_card(thread: Thread) -> int:
    """The PR whose card the bot answered with last (0 if its last answer was no card)."""
    said = [text for role, text in thread.context.turns if role == "bot"]
    card = re.match(r"#(\d+) .*: #\1$", said[-1]) if said else None  # a card's line: "#N title: #N"
    return int(card.group(1)) if card else 0


async def _read(thread: Thread, text: str) -> Reply | tuple[str, Query]:
    """The message as the thread reads it: its rewrites ("not just fp8" -> "forget fp8", "list em"),
    its query (logins as authors, "#2" as the list's second PR, nothing left out by a take-back of
    what was never asked, "by them" as the thread's author), or the reply when the message asks
    who is behind the PRs or corrects a person."""
    text = question_part(text)  # "who's most active there? trying to figure out who to ping"
    # "not just fp8" takes the fp8 filter back, as "forget fp8" does (see _contradicts)
    text = _NOT_JUST.sub("forget ", text)
    text = _INSTEAD_OF.sub(" forget ", text)  # "lora instead of fixes": fixes taken back, lora asked
    text = _RATHER_THAN.sub(" not ", text)  # "perf improvements vs just CI housekeeping": not CI
    text = _EM.sub("them", text)  # "list em"
    text = _NUMBERED_PERSON.sub(_ordinal_person, text)  # "the #1 person on that list": the first
    text = _CAN_YOU_LIST.sub(r"\1", text)  # "can u list them? newest first": list them, newest first
    if _SAME_COMPARISON.search(text) and not _periods_compared(thread):
        # "same comparison but perf PRs only" under MI355X vs MI300X: the comparison is the
        # thread's own (its subjects, counted side by side), asked of perf PRs
        text = _SAME_COMPARISON.sub("same", text)
    text = (
        TAKING_BACK_THE_REST.sub("", text) or text
    )  # "just NIXL, drop the other connectors": "just NIXL" says it
    query = await thread.query.with_logins(thread.settings, thread.parse(text))  # "only mgoin's"
    versioned = _family_version(thread, query, text)
    if versioned is not None:  # "how many of those are v4" under DeepSeek PRs: DeepSeek-V4
        text, query = versioned
    named = await _author_named(thread, query, text)
    if named is not None:  # "just nick's ones" under NIXL PRs: @NickLucche's
        login, word = named
        query = replace(query, authors=(login,), text=" ".join(w for w in query.text.split() if w != word))
    if len(query.pr_numbers) == 1 and query.pr_numbers[0] <= SMALL_REF and not query.pr_repo:
        # "tell me more about #2" under a list: its second PR (PR numbers here have 5+ digits)
        place = query.pr_numbers[0]
        at = at_position(thread, place)
        if at is None and place <= len(thread.context.pr_numbers):  # the last answer was no list
            at = thread.context.pr_numbers[place - 1]
        if at is not None:
            text = f"#{at}"
            query = thread.parse(text)
    if query.exclude and _TAKE_BACK.search(text):
        # "count all new models, forget mm" after "only multimodal ones" found none: the thread
        # asked for it once, so it is taken back and nothing is left out. What no message of the
        # thread asked for cannot be taken back: "ignore the rocm ones" under CI PRs leaves ROCm out.
        # ("no need multimodal" never leaves anything out: the asker does not need it)
        kept = {k for g in thread.base_query().any_of for k in g}
        earlier = [thread.parse(said) for role, said in thread.context.turns if role == "user"]
        once = {k for q in earlier for g in q.any_of for k in g}
        back = _taken_back_keys(thread, text) - kept
        if not _NOT_NEEDED.search(text):
            back &= once
        query = replace(query, exclude=tuple(k for k in query.exclude if k not in back))
    if query.is_help:  # "wait how do i use u properly, can i ask stuff by month or by person?"
        return thread.capabilities()
    if _PER_PERSON.search(text) or _PEOPLE_BEHIND.search(text):
        # "count per person?", "and the amd folks behind them?": who is behind the thread's PRs
        return await who(thread, Intent("who", thread.parse("who")))
    corrected = _person_corrected(thread, query, text)
    if corrected is not None:  # "sorry meant tlrmchlsmth not robert" under mgoin's and robert's PRs
        return await other_person(thread, Intent("switch", corrected))
    if query.author_pronoun and not _drops_author(text):  # "by them" (not "forget the author")
        query, text = await _their_author(thread, query, text)
    if query.pronoun_left_out:  # "and if you leave him out?": everyone but that person
        query, text = await _their_author(thread, query, text, left_out=True)
    return text, query


# "the #1 person", "the #2 guy on that list": a place among people, not PR #1 or the list's first PR
_NUMBERED_PERSON = re.compile(
    r"#(\d{1,2})(?=\s+(?:person|guy|gal|dev|developer|contributor|author|maintainer|name|spot)\b)", re.I
)
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def _ordinal_person(found: re.Match[str]) -> str:
    place = int(found.group(1))
    return _ORDINALS[place - 1] if 0 < place <= len(_ORDINALS) else found.group(0)


_POSSESSIVE = re.compile(r"\b([a-z][a-z0-9]{2,})['’]s\b", re.I)


async def _author_named(thread: Thread, query: Query, text: str) -> tuple[str, str] | None:
    """ "just nick's ones" under NIXL PRs: a first name said as an owner, searched as a word, is the
    one author of the thread's PRs whose login starts with it (NickLucche); none or several: None."""
    if query.authors or not query.text:
        return None
    words = set(query.text.split())
    for said in _POSSESSIVE.findall(text):
        word = said.lower()
        if word not in words:
            continue
        logins = {m.pr.author for m in await thread.matches() if m.pr.author.lower().startswith(word)}
        if len(logins) == 1:
            return logins.pop().lower(), word
    return None


# A version alone ("v4", "3.2", "v3.2"): of the model family the thread is about
_VERSION = re.compile(r"^v?\d{1,2}(?:\.\d{1,2})?$")


def _family_version(thread: Thread, query: Query, text: str) -> tuple[str, Query] | None:
    """ "how many of those are v4 specifically" under DeepSeek PRs, "only the 3.5 ones" under Qwen:
    the named model of that family and version (DeepSeek-V4, Qwen3.5) when the taxonomy names
    one; else the version stays words to search."""
    words = [w for w in query.text.split() if _VERSION.match(w)]
    if len(words) != 1 or query.any_of:
        return None
    base = thread.base_query()
    for key in dict.fromkeys(k for group in base.any_of for k in group):
        family = topic_name(thread.settings, key).split(" ")[0].split("-")[0]  # "DeepSeek-V3 / R1": DeepSeek
        for spelled in (f"{family}-{words[0]}", f"{family}{words[0].lstrip('vV')}"):
            read = thread.parse(spelled)
            if read.any_of and not read.text and all(is_term(k) for g in read.any_of for k in g):
                asked = re.sub(rf"(?<![\w.]){re.escape(words[0])}(?![\w.])", spelled, text, count=1)
                return asked, thread.parse(asked)
    return None


_CAN_YOU_LIST = re.compile(
    r"^\W*(?:(?:ok|okay|so|and|now|cool)\W+)*(?:can|could|would|will) (?:you|u) (?:pls |please )?"
    r"((?:list|show)(?: me)? (?:them|those|these|all of them|the prs)\b)\s*\??",
    re.I,
)
_SAME_COMPARISON = re.compile(r"\bsame (?:comparison|compare|breakdown|split)\b", re.I)


def _periods_compared(thread: Thread) -> bool:
    """Whether the thread compared two times (a command's "this week vs last week", or a follow-up
    "compare with october"), not two subjects side by side."""
    if thread.base_query().then_since is not None:
        return True
    base_keys = [g for g in thread.base_query().any_of if len(g) > 1]
    said = [text for role, text in thread.context.turns if role == "user"]
    return not base_keys and any(COMPARE_WORDS.intersection(tokenize(text)[0]) for text in said)


_ELSE_OTHER = re.compile(r"\b(?:anything|any|what|which|something|are there) (?:else|other)\b", re.I)


def _taken_back_keys(thread: Thread, text: str) -> frozenset[str]:
    """The topics and terms a message takes back ("forget perf", "no need for multimodal"): the
    words after the verb, up to a clause break."""
    return frozenset(k for m in _TAKE_BACK.finditer(text) for g in thread.parse(m.group(1)).any_of for k in g)


def _adds_filter(base: Query, query: Query) -> bool:
    """Whether `query` filters by something `base` does not already (a topic, one of its
    alternatives, state, person or exclusion): "merged rocm prs the week before" under all PRs
    does; under merged ROCm PRs not."""
    keys = {k for group in query.any_of for k in group} - {k for group in base.any_of for k in group}
    return bool(
        keys
        # "only nixl" under "NIXL or Mooncake": one of the thread's alternatives
        or any(set(g) < set(own) for g in query.any_of for own in base.any_of)
        or set(query.states) - set(base.states)
        or set(query.authors) - set(base.authors)
        or set(query.exclude) - set(base.exclude)
    )


_POINTING = frozenset({"it", "this", "that"})
# "anything ... that could break an OOT plugin?": "that" opening a clause about what came before
_CLAUSE_AFTER = frozenset({"could", "would", "might", "may", "can", "should", "will", "cld", "wld", "shd"})
_CLAUSE_BEFORE = frozenset(
    {"anything", "something", "everything", "nothing", "prs", "ones", "changes", "stuff"}
)


# "any open prs on this still?", "anything else about that?", "related prs": PRs, plural or any,
# about the PR in focus; not the PR itself ("tell me about it")
_ON_IT = re.compile(
    r"\b(?:prs|pull requests|ones|anything|something|others|other prs|more prs|work)\b[^?.!]{0,30}?"
    r"\b(?:on|about|for|touching|around|like|related to) (?:this|that|it)\b"
    r"|\b(?:related|similar) (?:prs|ones|work|changes)\b",
    re.I,
)
SUBJECT_TOPICS = 2  # at most this many of a PR's topics make its subject


async def _related(thread: Thread, number: int, text: str) -> Reply | None:
    """The PRs about what PR `number` is about (its topics other than kinds of work, ANDed; else
    its named terms), in the states and time the message asks (any time when it names none);
    None when the PR is about nothing narrower than a kind of work."""
    loaded = await thread.load([number])
    if not loaded:
        return None
    found = loaded[0]
    topics = [t for t in found.cls.topics if t not in KINDS_OF_WORK][:SUBJECT_TOPICS]
    named = sorted(term_index(thread.settings.taxonomy).named(found.pr))[:SUBJECT_TOPICS]
    groups = tuple((t,) for t in topics) or tuple((f"term:{k}",) for k in named)
    if not groups:
        return None
    asked = thread.parse(_ON_IT.sub(" ", text))
    if not asked.window_given:  # related work is related whenever it happened
        since = history_start(asked.until)
        asked = with_window(asked, since, asked.until, thread.window_label(since, asked.until))
    query = replace(asked, any_of=groups, topics=tuple(topics), text="", pr_numbers=())
    return await switch(thread, Intent("switch", query), fresh=True)


def _points(text: str) -> bool:
    """Whether a message points at one PR with "it", "this" or "that" ("any reverts that week"
    points at a time, not a PR)."""
    tokens = tokenize(text)[0]

    def clause(k: int) -> bool:
        after = tokens[k + 1] if k + 1 < len(tokens) else ""
        return tokens[k] == "that" and (after in _CLAUSE_AFTER or (k > 0 and tokens[k - 1] in _CLAUSE_BEFORE))

    return any(
        t in _POINTING
        and not (k + 1 < len(tokens) and tokens[k + 1].removesuffix("'s") in TIME_NOUNS)
        and not clause(k)
        for k, t in enumerate(tokens)
    )


def _pr_in_focus(thread: Thread, intent: Intent) -> int:
    """The PR "it" or "that" means: the card the thread showed last (for a question), else the
    thread's only PR (unless the message moves the window); 0 when none is in focus."""
    card = _last_card(thread)
    if card and intent.kind in ("question", "who"):  # "who wrote this?" under a PR's card
        return card
    only = len(thread.context.pr_numbers) == 1 and intent.kind in ("question", "narrow")
    return thread.context.pr_numbers[0] if only and not intent.query.window_given else 0


async def _the_pr_meant(thread: Thread, intent: Intent, text: str) -> tuple[Intent, str] | Reply:
    """A message about one PR of the thread, pointed at rather than numbered, as a question about
    that PR's number: "the oldest of those", "the 2nd one from the fp8 list", "the 2nd one", "the
    mypy one", or "it" / "that" for the PR in focus ("ok what did it change" after a PR's card,
    "when did that land?" under an answer of one PR). A place the list does not have says so."""
    related = _ON_IT.search(text)
    focus = _pr_in_focus(thread, intent) if _points(text) or related else 0
    if focus and related:
        # "any open prs on this still?" under a PR's card: other PRs about what that PR is about
        answer = await _related(thread, focus, text)
        if answer is not None:
            return answer
    if focus:
        return replace(intent, kind="detail", query=thread.parse(f"#{focus}"), asks=True), f"#{focus} {text}"
    described = THE_X_ONE.search(without_presentation(text))  # ("the link to the X pr": the X pr)
    if (
        described
        and (
            intent.kind in ("question", "narrow", "who", "switch")
            # "what was the gemma one about? and who wrote the original kernel pr": "original" moved
            # no time the asker named (it reads as any time), so this still points at one PR
            or (intent.kind == "shift" and not intent.query.time_text)
        )
        and (intent.words or intent.subject or _filters(intent.query))
    ):
        # "tell me more about the xpu wheel release one": the thread's one PR those words describe
        # (as its title says them: "wheel" and "release" are words of CI & build, which every PR
        # of an "only CI" list has)
        said = tokenize(described.group(0))[0][1:-1]
        # "who wrote the original dspark pr", "the latest fa4 one": the oldest / newest of those
        end = next((1 if w in _FIRST_EVER else -1 for w in said if w in _FIRST_EVER | _LAST_YET), 0)
        words = [w for w in said if w not in STOPWORDS and w not in _LINK_WORDS | _FIRST_EVER | _LAST_YET]
        asked = replace(NOTHING, text=" ".join(words))
        named: Query | None = None  # the things the words name: read at most once, when needed

        def described_in(pool: Sequence[Match]) -> list[Match]:
            # "the gemma4 FA4 one" under a title saying "Gemma-4 FA4": the things those words name
            nonlocal asked, named
            found = thread.filtered(pool, asked)
            if found or not words or not pool:
                return found
            if named is None:
                parsed = thread.parse(" ".join(words))
                named = (
                    replace(NOTHING, any_of=parsed.any_of, topics=parsed.topics, terms=parsed.terms)
                    if parsed.any_of and not parsed.text
                    else NOTHING
                )
            if named.any_of and (found := thread.filtered(pool, named)):
                asked = named
            return found

        listed = await thread.matches()
        found = described_in(listed)
        if (
            "original" in said
            and words
            and not (len(found) == 1 and await _linked_pr(thread, text, found[0].pr.number))
        ):
            found = []  # "the original X pr" is the first there ever was (of a revert: what it reverted)
        elif not found:
            # "whats the marlin one about" after narrowing it away: the one of the first list
            found = described_in(await thread.first_list())
            found = found if len(found) == 1 or end else []
        if len(found) > 1 and end and words:
            ordered = sorted(found, key=by_time)
            found = [ordered[0] if end > 0 else ordered[-1]]
        if len(found) == 1:
            # "who wrote the gemma4 fa4 fp8 one originally" under reverts: the PR that one reverts
            one = await _linked_pr(thread, text, found[0].pr.number) or found[0].pr.number
            return replace(intent, kind="detail", query=thread.parse(f"#{one}"), asks=False), f"#{one}"
        if 1 < len(found) < len(listed):
            # "the mypy one" when two CI PRs say mypy: those, to pick from ("the 2nd one")
            return await narrow(thread, Intent("narrow", asked, words=tuple(words)))
        if not found and words:
            # "when was the quickstart tab one" under a list without it: the one PR of any time
            # those words describe (the card says it is not among the thread's PRs)
            one = await _described_anywhere(thread, asked, end)
            if one:
                return replace(intent, kind="detail", query=thread.parse(f"#{one}"), asks=False), f"#{one}"
    if intent.kind != "detail":
        return intent, text
    if intent.extreme:  # "tell me about the oldest of those", "what's the biggest one"
        important = intent.extreme == MOST_IMPORTANT
        listed = sorted(await thread.matches(), key=by_impact if important else by_time)
        if not listed:
            return thread.capabilities("This thread has no PRs to pick from")
        pick = (listed[0] if intent.extreme > 0 else listed[-1]).pr.number
        return replace(intent, query=thread.parse(f"#{pick}")), f"#{pick}"
    from_list = _FROM_LIST.search(text)  # "the 2nd one from the fp8 list": a list shown earlier
    shown_before = _earlier_list(thread, from_list.group(1)) if from_list and intent.position > 0 else None
    if shown_before is not None and intent.position <= len(shown_before.pr_numbers):
        pick = shown_before.pr_numbers[intent.position - 1]
        return replace(intent, query=thread.parse(f"#{pick}"), position=0), f"#{pick}"
    if intent.position:
        number = at_position(thread, intent.position)
        if number is None:
            return no_such_position(thread, intent.position)
        return replace(
            intent, query=thread.parse(f"#{number}")
        ), f"#{number} {text}" if intent.asks else f"#{number}"
    return intent, text


async def _described_anywhere(thread: Thread, asked: Query, end: int = 0) -> int:
    """The number of the one PR of the repo's whole history whose title has every word of `asked`
    (0 when none or several do: the words describe no single PR); with `end` 1 or -1, the oldest or
    the newest of several ("the original dspark pr")."""
    index = await thread.query.window_index(thread.settings.name)
    words = asked.text.split()
    if not all(index.has_word(w) for w in words):  # a word no title has: no scan of the titles
        return 0
    found = [
        pr
        for pr in index.window(history_start(thread.now), thread.now, ("created", "merged"))
        if all(word_in(w, pr.title.lower()) for w in words)
    ]
    if end and found:
        return (min if end > 0 else max)(
            found, key=lambda pr: (pr.merged_at or pr.created_at, pr.number)
        ).number
    return found[0].number if len(found) == 1 else 0


# "which models do they cover?", "what gpus are these for?": the thread's PRs by the things of
# that kind they name
# "which models do they cover?", or the kind's noun alone: "which models?", "and what gpus"
_WHICH_KIND = re.compile(
    r"\b(?:which|what)\s+(models?|model families|architectures|gpus?|hardware|platforms?|chips?|accelerators?)"
    r"(?:\s+(?:do|does|did|are|were|is)\s+(?:they|these|those|them|it)\b|\s*\??\s*$)",
    re.I,
)


def _which_kind(text: str) -> str:
    found = _WHICH_KIND.search(text)
    if not found:
        return ""
    return "model" if found.group(1).lower().startswith(("model", "architecture")) else "hardware"


async def per_kind(thread: Thread, kind: str, query: Query | None = None) -> Reply:
    """The thread's PRs counted by the models (hardware, formats, kernels, libraries) they name,
    most PRs first, three PRs each (a PR counts for each); with a `query` that filters ("which
    models got faster"), its PRs among them."""
    matches = await thread.matches()
    asked = {k for group in thread.base_query().any_of for k in group}  # "rocm perf prs": not ROCm again
    among = ""
    if query is not None and _filters(query):
        matches = thread.filtered(matches, query)
        asked |= {k for group in query.any_of for k in group}
        among = f" ({subject(thread.settings, query)})"
    whose = f"this thread's {count_label(len(matches))}{among}"
    groups, more, unnamed = by_kind(thread.settings, matches, kind, asked)
    what = {"model": "models", "hardware": "hardware", "library": "libraries"}.get(
        kind, f"{KIND_LABELS[kind]}s"
    )
    if not groups:
        title = f"None of {whose} names a {kind_thing(kind)} beyond what it asked for"
    else:
        title = f"The {what} named by {whose}" if among else f"The {what} {whose} name"
    notes = (
        *((f"And {more} more with fewer PRs.",) if more else ()),
        *(none_named_note(unnamed, len(matches), kind) if groups else ()),
    )
    return Reply(kind="answer", title=title, understood=thread.about(), groups=groups, notes=notes)


async def per_topic(thread: Thread, period: str = "", only: Sequence[str] = (), busiest: int = 0) -> Reply:
    """The thread's PRs counted by topic, largest first, three PRs each (as `per topic` in a
    command: a PR counts for each of its topics); or, with a `period`, by day, week or month of the
    thread's window in time order (as `per month` in a command), naming the busiest (`busiest` 1)
    or quietest (-1) one when asked ("which week was busiest?")."""
    matches = await thread.matches()
    if period:
        since, until = thread.context.since, thread.context.until
        groups, notes = by_period(thread.settings, matches, period, since, until, busiest)
    else:
        groups, more = by_topic(thread.settings, matches, only)
        notes = (f"And {more} more topics with fewer PRs.",) if more else ()
    return Reply(
        kind="answer",
        title=f"This thread's {count_label(len(matches))} by {period or 'topic'}",
        understood=thread.about(),
        groups=groups,
        notes=notes,
    )


# "point 4", "section #2", "area 3", "the second section", "the last point": a digest's numbered area
_SECTION_NOUNS = r"(?:point|section|area|heading|part)"
_SECTION_NUMBERED = re.compile(rf"\b{_SECTION_NOUNS}\s*(?:#|no\.?|number)?\s*(\d{{1,2}})\b", re.I)
_SECTION_PLACED = re.compile(
    rf"\b(?:the\s+)?(\d{{1,2}}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)"
    rf"\s+{_SECTION_NOUNS}\b",
    re.I,
)


def _section_asked(text: str) -> int:
    """The place of the digest area a message names (1-based; -1 the last), 0 when none."""
    numbered = _SECTION_NUMBERED.search(text)
    if numbered:
        return int(numbered.group(1))
    placed = _SECTION_PLACED.search(text)
    if not placed:
        return 0
    word = placed.group(1).lower()
    if word == "last":
        return -1
    return int(word[:-2]) if word[0].isdigit() else _ORDINALS.index(word) + 1


async def _digest_section(thread: Thread, place: int) -> Reply:
    """The digest's area at `place` as the digest shows it (its headline and cited PRs), with how
    to reach every PR placed in it; the thread keeps its list."""
    start = thread.context.start
    since, until = (
        (start.since, start.until) if start is not None else (thread.context.since, thread.context.until)
    )
    asked = with_window(thread.parse("digest"), since, until, thread.window_label(since, until))
    shown = await thread.query.digest_reply(thread.settings, replace(asked, digest=True, window_given=True))
    if not shown.groups:
        return replace(shown, ephemeral=False)
    if not -len(shown.groups) <= place <= len(shown.groups) or place == 0:
        return Reply(
            kind="answer",
            title=f"This digest has {len(shown.groups)} areas",
            understood=thread.about(),
            notes=tuple(group.title for group in shown.groups),
        )
    group = shown.groups[place - 1 if place > 0 else place]
    named = {t.name: t.key for t in thread.settings.taxonomy.topics}
    first = re.search(r"Topic totals: (.+?) \d+(?: ·|\))", group.title)
    key = named.get(first.group(1), "") if first else ""
    reach = (
        f"reply `{key}` (or another of its topics) for all of its PRs, or `more`" if key else "reply `more`"
    )
    return Reply(
        kind="answer",
        title=group.title,
        understood=thread.about(),
        groups=(group,),
        notes=(f"The PRs it cites; {reach} for the rest of the digest's.",),
    )


# "why does it matter", "why is that important", "why should i care", "why is it a big deal"
_MATTERS = re.compile(
    r"\b(?:matters?|important|significant|notable|big deal|care|relevant|interesting)\b", re.I
)
# what a signal says of a PR, in the order a maintainer would weigh them
_WHY = (
    ("security", "a security fix"),
    ("correctness_fix", "it fixes wrong results"),
    ("severe_fix", "it fixes a crash, hang or illegal memory access"),
    ("regression_fix", "it fixes a regression"),
    ("breaking", "a breaking change: something users relied on is removed or renamed"),
    ("default_change", "it changes a default users get without asking"),
    ("new_model", "it adds a new model"),
    ("new_hardware", "it brings up new hardware"),
    ("stack_upgrade", "it moves a dependency every install gets (PyTorch, CUDA, Python, Transformers)"),
    ("revert", "a revert"),
    ("feature", "it adds something users can reach (an option, API, backend or kernel)"),
    ("refactor", "a large refactor"),
    ("series", "one part of a numbered series of PRs"),
)


async def _signals_of(thread: Thread, number: int) -> Signals | None:
    """What PR `number`'s title and description say (its gains, kind of change, reverts), as the
    digest reads it; None when it is not stored."""
    found = await thread.load([number])
    return read_one(found[0].pr, found[0].cls.topics, thread.settings.taxonomy) if found else None


async def _gain_of(thread: Thread, number: int) -> str:
    """What PR `number` says it gains, from its title and description."""
    signals = await _signals_of(thread, number)
    if signals is None:
        return WHY_NOTE
    if signals.claims:
        return f"It quotes {', '.join(signals.claims)} (from its title and description)."
    return "Its title and description quote no measured gain; any benchmarks are in the PR's discussion."


async def _why_it_matters(thread: Thread, number: int) -> str:
    """Why the bot ranks PR `number` where it does, from what its title and description say."""
    signals = await _signals_of(thread, number)
    if signals is None:
        return WHY_NOTE
    said = [f"it quotes a measured gain ({', '.join(signals.claims)})"] if signals.claims else []
    said += [words for name, words in _WHY if getattr(signals, name)]
    said += [f"it undoes #{n}" for n in signals.reverts]
    said += [f"it fixes a regression from #{n}" for n in signals.fixes_regression_of]
    if signals.reach > 0:
        said.append("it is about a widely used model family or area")
    if not said:
        return "Nothing in its title or description marks it as more than routine work; its author has the reasons."
    return f"Why it ranks where it does: {'; '.join(said)} (read from its title and description)."


def _library_of(thread: Thread) -> str:
    """The one library (or kernel package) the thread's question names, as a word that names it
    again; "" when it names none or several."""
    found = {
        k.removeprefix(TERM_PREFIX)
        for g in thread.base_query().any_of
        for k in g
        if is_term(k)
        and (term := thread.settings.taxonomy.term(k.removeprefix(TERM_PREFIX))) is not None
        and term.kind in ("library", "kernel")
    }
    return found.pop() if len(found) == 1 else ""


# "what's driving the difference", "where did the drop come from", "what explains the jump"
_MOVE_NOUNS = r"\b(?:difference|drop|gap|decline|decrease|increase|rise|growth|jump|dip|spike|change)s?\b"
_WHAT_MOVED = re.compile(
    rf"\b(?:driv\w*|behind|explains?|account(?:s|ed)? for|caus\w*|why)\b.{{0,30}}{_MOVE_NOUNS}"
    rf"|{_MOVE_NOUNS}.{{0,20}}\b(?:c[oa]me from|comes from|from where)\b",
    re.I,
)


async def topics_changed(
    thread: Thread, direction: int, before: tuple[datetime, datetime] | None = None
) -> Reply:
    """ "which area grew the most?", "what dropped?": the thread's topics against the same
    question over `before` (as long a time just before, when not given), ranked by growth
    (`direction` 1) or decline (-1) - or, with 0, by the way the total moved, largest change
    first - each count the one `/vllm <topic>` gives over each window."""
    since, until = thread.context.since, thread.context.until
    before = before or (since - (until - since), since)
    base = thread.base_query()
    then = with_window(base, *before, thread.window_label(*before))
    now_matches = await thread.matches()
    then_matches = await thread.query.matches(thread.settings, then)
    direction = direction or (1 if len(now_matches) >= len(then_matches) else -1)
    # (the thread's own subject is every PR of both: "ROCm · 52 PRs (72 before)" says the totals)
    own = {k for g in base.any_of if len(g) == 1 for k in g}
    others = [k for k in thread.settings.taxonomy.keys if k not in own]
    groups, more = topics_compared(thread.settings, now_matches, then_matches, others, 0, direction)
    first, second = thread.window_label(), then.window_label
    return Reply(
        kind="answer",
        title=f"This thread's topics: {first} vs {second}",
        understood=f"{count_label(len(now_matches))} in {first}; {count_label(len(then_matches))} in {second}",
        groups=groups,
        notes=(
            *none_moved(thread.settings, now_matches, then_matches, direction),
            *filter(None, [pace_note(len(now_matches), since, until, len(then_matches), *before)]),
            *((f"And {more} more topics.",) if more else ()),
        ),
    )


# "show me the eagle ones", "list them", "which are eagle": PRs asked for, not counts by period
_LIST_ASKED = re.compile(r"\b(?:list|show|which|see)\b", re.I)


async def _compared_again(thread: Thread, reply: Reply, then: Query, text: str) -> Reply:
    """A list a follow-up moved the thread to, set beside the second time the thread compared."""
    now = replace(
        thread.base_query(),
        then_since=then.then_since,
        then_until=then.then_until,
        then_label=then.then_label,
    )
    compared = await thread.query.periods_compared(thread.settings, now, text, await thread.matches())
    return replace(compared, notes=(*compared.notes, *reply.notes[-1:])) if compared else reply


async def _by_period_again(thread: Thread, reply: Reply, period: str) -> Reply:
    """A list a follow-up moved the thread to, counted by day, week or month as the thread's
    answer was (or as the message asks), under the list's own header."""
    matches = await thread.matches()
    groups, earlier = by_period(thread.settings, matches, period, thread.context.since, thread.context.until)
    notes = tuple(n for n in reply.notes if not n.startswith("Reply `more`"))
    title = reply.title.removesuffix(" (in this thread)")
    return replace(reply, title=f"{title} by {period}", groups=groups, overflow=0, notes=(*notes, *earlier))


# "details", "in detail" ("자세히", "詳細" are read as "details"): the asker wants one PR's card
_DETAILS_ASKED = re.compile(r"\b(?:details?|in detail)\b", re.I)


async def _narrow_or_digest(thread: Thread, intent: Intent, text: str, note: str = "") -> Reply:
    """A narrowing; under a digest the thread had narrowed ("anything for rl folks", then "which
    defaults changed"), one that keeps none of the narrowed list is asked of the whole digest when
    that has some, and says so (a question under a digest is about its week), unless it points at
    the list ("which of these ...")."""
    reply = await narrow(thread, intent, note=note)
    if reply.kind == "list" and reply.total == 1 and reply.items and _DETAILS_ASKED.search(in_english(text)):
        # "그 gemma-4 fp8 revert 오늘 들어간거 자세히" (details of that revert that went in today):
        # the one PR those words leave, shown as its card
        return await _card(thread, reply.items[0].number)
    start, before = thread.context.start, thread.context
    if (
        reply.kind != "empty"
        or start is None
        or start.kind != "digest"
        or before.pr_numbers == start.pr_numbers
    ):
        return reply
    if (LIST_POINTERS | {"ones"}) & set(tokenize(text)[0]):  # "which of these ...", "the rocm ones"
        return reply
    _restart(thread)
    wider = await narrow(thread, intent, note=note)
    if wider.kind == "empty":
        thread.context = before
        thread.forget_matches()
        return reply
    lead = f"None of the {count_label(len(before.pr_numbers))} this thread had narrowed to match; across the digest:"
    return replace(wider, notes=(lead, *wider.notes))


# "break the nov 16-22 week down by area", "break down that whole month": the period itself
_PERIOD_BROKEN_DOWN = re.compile(
    r"\bbreak(?:ing)?\b(?:\s+(?:it\s+)?down)?\s+(?:the|that|this)\b[^,.?!]{0,40}?\b(?:week|month|quarter|year|period)\b",
    re.I,
)


def _restart(thread: Thread, listed: ThreadStart | None = None) -> bool:
    """The thread back at an earlier list (default its first, before any narrowing or switch);
    False if unknown."""
    start = listed or thread.context.start
    if start is None:
        return False
    thread.context = replace(
        thread.context,
        kind=start.kind,
        since=start.since,
        until=start.until,
        query_text=start.query_text,
        pr_numbers=start.pr_numbers,
        shown=0,
        page_start=0,
    )
    thread.forget_matches()
    return True


SMALL_REF = 100  # "#2" in a thread is a place in its list when the list is that long

_ABOUT_ONE = {"narrow", "who", "count", "question"}
MAX_THEN = 50  # "after that": the first of at most this many of the thread's PRs
# "any follow-ups to this one?", "what came after it", "did anything build on this": later work
_FOLLOW_UPS = re.compile(
    r"\bfollow[- ]?ups?\b|\bfollowed up\b|\b(?:come|came|landed|happened) (?:after|next|since)\b"
    r"|\bbuil[dt]s? on (?:this|it|that)\b|\bafter (?:this|that) one\b",
    re.I,
)


# a PR's own area, under its card: "who else touched this area", "who else works on this"
_AREA_WORDS = frozenset({"area", "code", "part", "component", "module", "subsystem", "stuff"})
_ITS_AREA = re.compile(
    rf"\bwho else\b|\b(?:this|that|its|the same) (?:{'|'.join(sorted(_AREA_WORDS))})\b", re.I
)


async def _narrowest_term(thread: Thread, pr: PullRequest, since: datetime) -> str:
    """The narrowest thing `pr`'s title names with other PRs since `since` (the term with the
    fewest, more than the PR itself), as its key; "" when it names none. Counted first, answered
    once."""
    day = since.astimezone(thread.settings.tz).date().isoformat()
    found: list[tuple[int, str]] = []
    for key in sorted(term_index(thread.settings.taxonomy).in_text(pr.title)):
        total = len(await thread.query.matches(thread.settings, thread.parse(f"{key} since {day}")))
        if total > 1:  # more than the card itself
            found.append((total, key))
    return min(found)[1] if found else ""


async def _area_people(thread: Thread, query: Query) -> Reply:
    """The people on a card's PR's area: who worked on the narrowest thing it names over the time
    asked (the last 30 days when none is), its author among them."""
    only = thread.context.pr_numbers[0]
    since = query.since if query.window_given else thread.now - timedelta(days=30)
    shown = await thread.load([only])
    key = shown and (await _narrowest_term(thread, shown[0].pr, since) or next(iter(shown[0].cls.topics), ""))
    if not key:
        return await _card(thread, only, notes=(f"#{only} names no area of its own to ask about.",))
    day = since.astimezone(thread.settings.tz).date().isoformat()
    reply = await thread.query.answer(thread.settings, f"who worked on {key} since {day}", now=thread.now)
    term = thread.settings.taxonomy.term(key)
    name = term.name if term is not None else topic_name(thread.settings, key)
    return _followed(
        thread, reply, (f"The people on {name} since {day}, the narrowest thing #{only} names.",)
    )


async def _follow_ups(thread: Thread, text: str) -> Reply:
    """Under one PR's card, "any follow-ups to this one?": the PRs whose titles name it, else the
    later PRs of the narrowest thing its title names (the term with the fewest PRs since it)."""
    only = thread.context.pr_numbers[0]
    shown = await thread.load([only])
    if not shown:
        return thread.capabilities(OFFLINE_LEAD)
    pr = shown[0].pr
    settings = thread.settings
    index = await thread.query.window_index(settings.name)
    citing = index.citing(only)
    if citing:
        reply = await thread.query.answer(settings, " ".join(f"#{n}" for n in citing[:10]), now=thread.now)
        note = f"The PRs whose titles name #{only}."
    else:
        start = pr.merged_at or pr.created_at
        day = start.astimezone(settings.tz).date().isoformat()
        key = await _narrowest_term(thread, pr, start)
        if not key:
            return Reply(
                kind="empty",
                title=f"No later PR names #{only} or the things it is about",
                understood=thread.about(),
                notes=(
                    f"Its title names no follow-up of its own; ask about its subject, e.g. `/{settings.command} <topic> since {day}`.",
                ),
            )
        reply = await thread.query.answer(settings, f"{key} since {day}", now=thread.now, synthesize=False)
        term = settings.taxonomy.term(key)
        name = term.name if term is not None else key
        note = f"No title names #{only}; the PRs on {name} since it landed ({day}), the narrowest thing it names."
    return _followed(thread, reply, (note,))


async def _card(thread: Thread, number: int, notes: tuple[str, ...] = ()) -> Reply:
    """PR #number's card, as `/vllm #number` answers it, given in the thread, which then follows it."""
    card = await thread.query.answer(thread.settings, f"#{number}", now=thread.now, synthesize=False)
    return _followed(thread, card, notes=notes)


def _followed(thread: Thread, reply: Reply, notes: tuple[str, ...] = ()) -> Reply:
    """A slash-command answer given in the thread, which then follows what it lists."""
    if reply.seed is not None:
        thread.context = thread.context.following(reply.seed)
    return replace(reply, notes=(*notes, *reply.notes), ephemeral=False)


_LEFT_OUT_PRONOUN = re.compile(  # "leave him out", "if we don't count her": as parse reads them
    rf"\b(?:(?:do ?n[o']?t |not )?(?:count|counting)|{'|'.join(map(re.escape, sorted(LEAVING_PERSON_OUT)))})"
    r" (?:him|her)(?: out)?\b",
    re.I,
)


async def _their_author(
    thread: Thread, query: Query, text: str, *, left_out: bool = False
) -> tuple[Query, str]:
    """ "by them", "from that author": the author of the PR the last message asked about, else
    the one author of the thread's PRs (in the query, and in the text the thread will follow),
    or a note when there is no single one. `left_out` ("leave him out"): that person is left out."""
    # the PR the last exchange was about: named in the question, or the card the bot answered with
    last = [said for _, said in thread.context.turns[-2:]]
    named = [n for said in last for n in re.findall(r"#(\d{3,9})", said)]
    named = named if len(set(named)) == 1 else []
    asked = [said for role, said in thread.context.turns[-2:] if role == "user"]
    # "how many of those are from vanshbhatia-amd?" then "what has he been working on since then":
    # the person the last question named
    people = (
        (await thread.query.with_logins(thread.settings, thread.parse(asked[-1]))).authors if asked else ()
    )
    if len(set(people)) == 1:
        authors = [people[0]]
    elif named:
        shown = await thread.load([int(named[-1])])
        authors = [m.pr.author.lower() for m in shown if m.pr.author]
    elif _asked_who_last(thread) and await thread.matches():
        # after "who did most of it": the busiest of them ("what did they merge besides docs")
        busiest = Counter(m.pr.author.lower() for m in await thread.matches() if m.pr.author)
        authors = [min(busiest, key=lambda a: (-busiest[a], a))] if busiest else []  # as the who-answer ranks
    else:
        authors = list(dict.fromkeys(m.pr.author.lower() for m in await thread.matches() if m.pr.author))
    if len(authors) == 1 and left_out:
        said = _LEFT_OUT_PRONOUN.sub(f"not by @{authors[0]}", text)
        return replace(query, exclude_authors=(*query.exclude_authors, authors[0])), said
    one = len(authors) == 1 and len(thread.context.pr_numbers) == 1 and not query.window_given
    if one and thread.base_query().pr_numbers:  # (the thread's question parsed only for one PR)
        # "this author has other spec decode PRs?" under a PR's card, asked over any time: their
        # PRs of any time too
        since, until = history_start(thread.now), thread.now
        query = replace(
            query, since=since, until=until, window_given=True, window_label=thread.window_label(since, until)
        )
    if len(authors) == 1:
        said = re.sub(
            rf"\b(?:by|from)\s+(?:(?:{'|'.join(sorted(PRONOUNS))})|(?:that|the|same|this)\s+\w+)\b",
            f"by @{authors[0]}",
            text,
            flags=re.I,
        )
        # ("that Andreas guy - what has he shipped": the name and "he" are one person, once)
        known = {a.lower() for a in query.authors}
        return replace(
            query, authors=(*query.authors, *([] if authors[0].lower() in known else [authors[0]]))
        ), said
    note = "'them' could be any of this thread's authors: name the @login to narrow by one."
    return replace(query, notes=(*query.notes, note)), text


def _chatter(thread: Thread, addressed: bool) -> Reply:
    """Small talk in a thread: say nothing publicly, or one short line when spoken to."""
    if not addressed:
        return Reply(kind="quiet", title="(stayed quiet: that reads as chatter, not a question)")
    return Reply(
        kind="answer",
        title="Glad it helps.",
        understood=thread.about(),
        notes=("Ask me about this thread's PRs any time, e.g. `only the merged ones` or `more`.",),
    )


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
    # ("which week was busiest", then "show me that week": the period named is kept)
    extreme = next((n for n in reply.notes if n.startswith(_EXTREMES)), "")
    return f"{line} · {extreme}" if extreme else line


_EXTREMES = ("Busiest: ", "Quietest: ")
# "show me that week", "what merged that day", "open the busiest month": the period the last
# answer named as the busiest or quietest
_THAT_PERIOD = re.compile(r"\b(?:that|the (?:busiest|quietest|slowest|biggest)) (day|week|month)\b", re.I)
_NAMED_PERIOD = re.compile(
    r"(?:Busiest|Quietest): (Week of [A-Z][a-z]{2} \d{1,2}|[A-Z][a-z]{2} [A-Z][a-z]{2} \d{1,2}|[A-Z][a-z]{2} \d{4})[,.]"
)


def _period_named(thread: Thread, text: str) -> str:
    """ "show me that week" after "which week was busiest" (Week of Jul 13): the message with that
    period's own words ("show me the week of jul 13"), which the window reading takes; else the
    message as it was."""
    said = _THAT_PERIOD.search(text)
    last = next((t for role, t in reversed(thread.context.turns) if role == "bot"), "")
    named = _NAMED_PERIOD.search(last) if said else None
    if said is None or named is None:
        return text
    label = named.group(1)
    if label.startswith("Week of"):
        words = f"the {label.lower()}"
    elif label[-4:].isdigit():
        words = label.lower()  # "jul 2026"
    else:
        words = label.split(" ", 1)[1].lower()  # "Sun Jul 19" -> "jul 19"
    return text[: said.start()] + words + text[said.end() :]
