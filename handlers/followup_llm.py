"""Free questions in a thread answered by the LLM: rate limits, what the model is given, the answer.

The model sees the thread's PR records (asked-about and matching PRs first, within a budget),
the cleaned bodies of the PRs the question is about and the last turns, all framed as untrusted
data (JSON with `<` escaped); its citations pass the shared citation guard. When the model may
not or cannot answer, `answer` returns the note to put on the offline answer instead.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from handlers.citations import Guard, cap
from handlers.errors import LLMError
from handlers.followup_intent import Intent
from handlers.followup_thread import Thread, clip, count_label
from handlers.models import Code, FollowupLimits, Prompt, PullRequest, Reply, RepoSettings, Text
from handlers.parse import STOPWORDS, tokenize
from handlers.ports import LLM, Store
from handlers.query import Match, subject, topic_name

log = logging.getLogger(__name__)

MAX_RECORDS = 60  # PR records sent to the model, at most
RECORDS_CHARS = 16_000  # ~4,000 tokens of records (chars/4 estimate)
MAX_BODIES = 3
BODY_CHARS = 1_500  # per asked-about PR, after cleaning
ANSWER_CHARS = 1_500  # the rendered answer's cap, on top of llm.answer_max_tokens
AI_NOTE = "AI-written from the PR records of this thread; may contain mistakes."

BodyCleaner = Callable[[str | None, int], str]


@dataclass(frozen=True)
class LLMContext:
    """What the model is given about the thread."""

    records: tuple[str, ...]
    omitted: str
    bodies: tuple[str, ...]
    known: dict[int, PullRequest]  # the PRs it may cite


class LLMAnswers:
    """Answers free follow-up questions with the model, within per-user and per-channel limits."""

    def __init__(
        self,
        *,
        llm: LLM,
        prompt: Prompt,  # bot/services/prompts/followup.toml
        store: Store,
        limits: FollowupLimits,
        max_tokens: int = 800,
        clean_body: BodyCleaner | None = None,
    ) -> None:
        self.llm = llm
        self.prompt = prompt
        self.store = store  # for the rate-limit counters
        self.limits = limits
        self.max_tokens = max_tokens
        # PR-body cleaner (bot.services.bodies.clean_body), passed in: handlers/ never imports bot/.
        self.clean_body = clean_body or _plain_body

    async def answer(self, thread: Thread, text: str, intent: Intent, user: str) -> Reply | str:
        """The model's answer, or (rate-limited, failed, nothing usable) the note for the offline one."""
        limited = await self.rate_limited(thread, user)
        if limited:
            return limited
        context = await self.context(thread, text, intent)
        values = {
            "repo": thread.settings.name,
            "subject": subject(thread.settings, thread.base_query()),
            "window": thread.window_label(),
            "records": "\n".join(context.records),
            "omitted": context.omitted,
            "bodies": "\n".join(context.bodies),
            "turns": "\n".join(_data({"role": r, "text": t}) for r, t in thread.context.turns),
            "question": _data(clip(text, 1000)),
        }
        try:
            result = await self.llm.complete(
                self.prompt.render_system(**values),
                self.prompt.render_user(**values),
                max_tokens=self.max_tokens,
            )
        except LLMError as exc:
            log.warning("follow-up LLM answer failed: %s", exc)
            return "The AI answer is unavailable right now; here is the offline answer."
        guard = Guard(context.known, what="followup")
        spans = guard.spans(result.text, ANSWER_CHARS)
        if not any(isinstance(s, Text | Code) and s.text.strip() for s in spans):
            return "The AI gave no usable answer; here is the offline answer."
        notes = [AI_NOTE]
        if guard.removed:
            notes.append(f"Removed {guard.removed} citation(s) of PRs that are not in this thread.")
        if context.omitted:
            notes.append(f"The AI saw {len(context.records)} of this thread's PRs (the rest did not fit).")
        return Reply(
            kind="answer",
            title=clip(text, 120),
            understood=f"{thread.about()} · answered from {count_label(len(context.records))}",
            synthesis=spans,
            notes=tuple(notes),
        )

    async def rate_limited(self, thread: Thread, user: str) -> str:
        """'' when this LLM follow-up may go ahead, else the friendly message (counts one use)."""
        limits = self.limits
        key = thread.context.key
        per_user = await self.store.hit(f"followup-llm:user:{key.platform}:{user or '-'}", 3600)
        if per_user > limits.llm_per_user_per_hour:
            return (
                f"You have reached the limit of {limits.llm_per_user_per_hour} AI answers per hour; "
                "here is the offline answer. Try again later for an AI one."
            )
        per_channel = await self.store.hit(f"followup-llm:channel:{key.platform}:{key.channel}", 3600)
        if per_channel > limits.llm_per_channel_per_hour:
            return (
                f"This channel has reached the limit of {limits.llm_per_channel_per_hour} AI answers per hour; "
                "here is the offline answer. Try again later for an AI one."
            )
        return ""

    async def context(self, thread: Thread, text: str, intent: Intent) -> LLMContext:
        """The PR records (asked-about and matching PRs first, within the budget) and the cleaned
        bodies of the PRs the question is about."""
        matches = await thread.matches()
        asked = list(intent.query.pr_numbers)
        extra = [n for n in asked if n not in {m.pr.number for m in matches}]
        if extra:  # a PR named in the question is part of the data even when outside the thread
            matches = [*(await thread.load(extra)), *matches]
        if not asked:
            asked = _best_title_matches(matches, text)
        topical = thread.filtered(matches, replace(intent.query, text="", states=(), authors=()))
        first = [m for m in matches if m.pr.number in asked]
        ordered = list({m.pr.number: m for m in [*first, *topical, *matches]}.values())
        records: list[str] = []
        known: dict[int, PullRequest] = {}
        used = 0
        for m in ordered:
            record = _record(thread.settings, m)
            if len(records) >= MAX_RECORDS or used + len(record) > RECORDS_CHARS:
                break
            records.append(record)
            known[m.pr.number] = m.pr
            used += len(record) + 1
        left = len(ordered) - len(records)
        omitted = f"({left} more PRs of this thread are not listed here.)" if left else ""
        bodies = []
        for m in first[:MAX_BODIES]:
            body = self.clean_body(m.pr.body, BODY_CHARS)
            if body:
                bodies.append(_data({"n": m.pr.number, "body": body}))
        return LLMContext(tuple(records), omitted, tuple(bodies), known)


def _best_title_matches(matches: Sequence[Match], text: str, limit: int = 2) -> list[int]:
    """The PRs whose titles share the most significant words with the question."""
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
