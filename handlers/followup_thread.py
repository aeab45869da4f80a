"""One follow-up's view of its thread: the stored context, the thread's PRs and how to speak of them.

A `Thread` lives for one message. It reads the thread's PRs once (with their classifications),
turns the stored context back into a query (the original command plus any narrowing words kept
after FILTER_SEP), and says what the thread is about. The pieces that answer (paging,
narrowing, window moves, the LLM) read it and may replace its `context`, which
handlers/followup.py stores afterwards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from handlers.calendar import UNITS, window_label
from handlers.citations import cap
from handlers.models import PullRequest, Reply, RepoSettings, ThreadContext
from handlers.parse import (
    EVER_NOTE_END,
    LATEST_ANY_TIME,
    OPEN_ANY_TIME,
    Query,
    left_out,
    split_states,
    tokenize,
    with_window,
)
from handlers.ports import ClassificationSource, Store
from handlers.query import Match, QueryHandler, content_ok, subject
from handlers.terms import is_term, term_index

FILTER_SEP = " || only: "
# Nouns of time: "that week", "this half" point at a time, not at the thread's PRs
TIME_NOUNS = frozenset(u for u in UNITS if len(u) > 1) | {"quarter", "time", "period", "weekend", "half"}
# Words by which a message speaks of the thread's PRs ("is there a reland for it", "who owns most
# of them", "the first one", "the original", "was it in there")
_BACK_REFERENCES = frozenset(
    {"it", "this", "that", "them", "those", "these", "they", "one", "ones", "original", "there"}
)


def refers_back(text: str) -> bool:
    """Whether a message speaks of the thread's PRs (a pointing word not before a noun of time)."""
    tokens = tokenize(text)[0]
    return any(
        t in _BACK_REFERENCES and tokens[k + 1 : k + 2] not in ([n] for n in TIME_NOUNS)
        for k, t in enumerate(tokens)
    )


TURN_CHARS = 400


@dataclass
class Thread:
    """A followed thread while one message in it is answered; `context` is what will be stored."""

    settings: RepoSettings
    context: ThreadContext
    now: datetime
    query: QueryHandler
    store: Store
    classifications: ClassificationSource
    llm_ready: bool = False  # whether free questions go to the model (for the capabilities note)
    _matches: list[Match] | None = field(default=None, init=False, repr=False)
    _base: tuple[tuple[object, ...], Query] | None = field(default=None, init=False, repr=False)
    _matches_of: tuple[int, ...] = field(default=(), init=False, repr=False)

    def forget_matches(self) -> None:
        """After the thread's list changed in this message: read its PRs again."""
        self._matches = None

    async def matches(self) -> list[Match]:
        """The thread's PRs with their classifications, in the thread's order (read again when a
        step of this message moved the thread to another list)."""
        if self._matches is None or self._matches_of != self.context.pr_numbers:
            self._matches = await self.load(self.context.pr_numbers)
            self._matches_of = self.context.pr_numbers
        return self._matches

    async def unheard(self, words: Sequence[str], query: Query) -> list[str]:
        """The words of a follow-up no stored PR ever used nor anyone is called, which the parser
        did not take for a typo either: another language's words ("montako noista oli ...") that
        would leave a thread nothing, set aside as an anchored command sets them aside."""
        index = await self.query.window_index(self.settings.name)
        typos = set(query.unknown)
        return [w for w in words if not (index.has_word(w) or index.logins[w.lower()] or w in typos)]

    async def first_list(self) -> list[Match]:
        """The thread's first list when a narrowing or switch has left it ("what's the marlin one
        about" after "only nvidia"); none while the thread still shows it."""
        start = self.context.start
        if start is None or start.pr_numbers == self.context.pr_numbers:
            return []
        return await self.load(start.pr_numbers)

    async def load(self, numbers: Sequence[int]) -> list[Match]:
        """PRs of this repo by number, in that order, with their classifications (unknown ones left out)."""
        repo = self.settings.name
        found = await self.store.get_prs(repo, numbers)
        prs = [found[n] for n in numbers if n in found]
        classes = await self.classifications.for_prs(repo, prs) if prs else {}
        matches = [Match(pr, classes[pr.number]) for pr in prs if pr.number in classes]
        if not matches:
            return matches
        return self.query.weigh(self.settings, await self.query.window_index(repo), matches)

    def parse(self, text: str) -> Query:
        query = self.query.parse(self.settings, text, self.now)
        now_words = {"now", "rn", "currently", "atm", "today"} & set(tokenize(text)[0])  # "open right now?"
        # A command with no time reaches over the whole history for some questions; in a thread,
        # which has a time, each of these is asked over the thread's window instead:
        reach = {
            # "any still open?" (a command reads every open PR ever; "whats he got open rn" asks
            # about now: every open PR, whenever opened)
            OPEN_ANY_TIME: query.whole_history and not now_words,
            # "ok now just the bug fixes, newest first, top 20" (a command reaches back for the
            # newest, however old)
            LATEST_ANY_TIME: query.whole_history and not query.time_text,
        }
        # "was the gemma 4 fp8 kernel in there reverted?": whether it happened among the thread's
        # PRs ("when did the very first one land" still asks for the first there ever was)
        pointed_ever = query.ever and not query.time_text and query.sort != 1 and refers_back(text)
        dropped = {
            note for note in query.notes if reach.get(note) or (pointed_ever and note.endswith(EVER_NOTE_END))
        }
        if dropped:
            query = replace(
                query, window_given=False, notes=tuple(n for n in query.notes if n not in dropped)
            )
        return query

    def base_query(self) -> Query:
        """What the thread is about as a query (the original command plus any narrowing words);
        read once per list (a message's steps ask for it several times)."""
        c = self.context
        key = (c.kind, c.query_text, c.since, c.until)
        if self._base is None or self._base[0] != key:
            read = with_window(self.read_back(c.kind, c.query_text), c.since, c.until, self.window_label())
            self._base = (key, read)
        return self._base[1]

    def read_back(self, kind: str, query_text: str) -> Query:
        """A list's question from its stored text: the command and its narrowing words, or for a
        digest thread the narrowing words alone (its time is stored apart)."""
        original, _, filters = query_text.partition(FILTER_SEP)
        if kind != "query" or not filters:
            return self.parse(original if kind == "query" else filters)
        # the narrowing words are a sentence of their own: after a question with context ("any
        # rocm prs last week? we run mi300x"), words run on would read as more of the context
        original = original.rstrip()
        read = self.parse(f"{original}{'' if original[-1:] in '?.!' else '.'} {filters}")
        # The narrowing words were written by filter_words, and every free word there was searched
        # when the thread narrowed: read back beside the question's subject, a word can read as
        # frame ("only the kernel work" under DeepSeek-V4 stored `kernel`; "deepseek v4 kernel
        # stuff" sets it aside), and the thread would lose it at its next step ("and last month?").
        searched = [w for w in dict.fromkeys(filters.split()) if w in read.ignored]
        # A narrower word for a topic the question already has ("just the image ones" under
        # multimodal) was searched as a word (followup_narrow); read back, it would only restate
        # the topic, and "and the week before?" would list the whole topic again.
        # (one that names a term is that term, read back as such: "only the aiter ones" is AITER)
        names = term_index(self.settings.taxonomy)
        searched += [
            w
            for w in finer_words(self.settings, self.parse(original).topics, filters)
            if names.lookup(tokenize(w)[0], 0)[0] is None
        ]
        if searched:
            read = replace(read, text=" ".join(dict.fromkeys((*read.text.split(), *searched))))
        # A named thing the narrowing asked for stays asked for, whatever the question's own
        # sentences made of the same word ("mostly care about video input" is no filter there,
        # "just the video ones" is)
        said = {k for g in read.any_of for k in g} | set(read.exclude)
        missing = tuple(g for g in self.parse(filters).any_of if not said & set(g))
        if missing:
            topics = [k for g in missing for k in g if not is_term(k)]
            read = replace(
                read, any_of=read.any_of + missing, topics=tuple(dict.fromkeys((*read.topics, *topics)))
            )
        return read

    def window_label(self, since: datetime | None = None, until: datetime | None = None) -> str:
        return window_label(
            since or self.context.since, until or self.context.until, self.settings.tz, self.settings.tz_name
        )

    def filtered(self, matches: Sequence[Match], query: Query) -> list[Match]:
        """The matches that `query` keeps, with states read as within a thread (see state_ok)."""
        authors = set(query.authors)
        since, until = self.context.since, self.context.until
        terms = term_index(self.settings.taxonomy)
        return [
            m
            for m in matches
            if state_ok(m.pr, query.states, since, until)
            and (not authors or m.pr.author.lower() in authors)
            and content_ok(query, m.pr, m.cls, terms)
        ]

    def about(self) -> str:
        """The `understood` line of a thread answer: its subject, window and size."""
        base = self.base_query()
        if base.pr_numbers and self.context.kind == "query":
            return f"This thread: {', '.join(f'#{n}' for n in self.context.pr_numbers[:5])}"
        name = subject(self.settings, base)
        if self.context.kind == "digest":
            name = f"Digest{'' if name == 'All PRs' else ', ' + name}"
        return f"This thread: {name} · {self.window_label()} · {count_label(len(self.context.pr_numbers))}"

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
        if not self.llm_ready:
            notes.append("Other questions need the AI model, which this bot does not use.")
        notes.append(f"A new question: use the slash command, e.g. `{cmd} rocm last week`.")
        return Reply(
            kind="help",
            title=lead or "Here is what I can answer in this thread",
            understood=self.about(),
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


def finer_words(settings: RepoSettings, topics: Sequence[str], text: str) -> list[str]:
    """Aliases of `topics` said in `text` that are narrower than their topic ("amd" for ROCm,
    "wheel" for CI & build): neither the topic's key nor words of its name; in the order said."""
    said = f" {' '.join(tokenize(text)[0])} "
    found: list[tuple[int, str]] = []
    for topic in settings.taxonomy.topics:
        if topic.key not in topics:
            continue
        own = {topic.key, *tokenize(topic.name)[0]}
        for alias in topic.aliases:
            at = said.find(f" {alias} ")
            if at >= 0 and alias not in own and not set(alias.split()) <= own:
                found.append((at, alias))
    return [alias for _, alias in sorted(found)]


def state_ok(pr: PullRequest, states: Sequence[str], since: datetime, until: datetime) -> bool:
    """Within a thread `open`/`draft` mean the PR's state now; `merged`, `closed` and `opened`
    mean it happened in the thread's window, as in the slash command for that window."""
    if left_out(pr.status, states):
        return False
    states = split_states(states)[0]
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


def count_label(n: int) -> str:
    return f"{n} PR" if n == 1 else f"{n} PRs"


def clip(text: str, limit: int = TURN_CHARS) -> str:
    """Text on one line, at most `limit` characters (a turn of the thread's history)."""
    return cap(" ".join(str(text).split()), limit)
