"""Platform-neutral values shared by every handler, store and adapter.

Everything here is a frozen dataclass built from plain Python types, so handlers can be
tested without any SDK and every backend can serialise the values the same way (one codec,
handlers/codec.py). Times are timezone-aware UTC datetimes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, tzinfo
from typing import Any, Literal

PRStatus = Literal["merged", "open", "draft", "closed"]
"""What a user sees: `closed` always means closed without merging."""

STATUSES: tuple[PRStatus, ...] = ("merged", "open", "draft", "closed")


def parse_time(value: str | datetime | None) -> datetime | None:
    """GitHub ISO-8601 text (or a datetime) -> aware UTC datetime; None stays None."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    text = value.strip()
    if text.endswith("Z"):
        text = text[:-1] + "+00:00"
    parsed = datetime.fromisoformat(text)
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed.astimezone(UTC)


def format_time(value: datetime | None) -> str | None:
    """Aware datetime -> `2026-02-13T10:00:00Z` (the form GitHub uses)."""
    if value is None:
        return None
    return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


GITHUB_WEB_URL = "https://github.com"


def unwrapped_title(title: str) -> str:
    """A title wrapped whole in one pair of backticks or quotes, as its words (`` `[Model] Add X` ``
    -> `[Model] Add X`): wrapping, not code, when the mark occurs nowhere inside and the inside is
    more than one word (`` `x` `` alone is a code symbol)."""
    text = title.strip()
    inner = text[1:-1]
    if (
        len(text) > 2
        and text[0] == text[-1]
        and text[0] in "`\"'"
        and text[0] not in inner
        and " " in inner.strip()
    ):
        return inner
    return text


def pr_url(repo: str, number: int) -> str:
    """The one link to a PR: built from the repository and number, never taken from a record."""
    return f"{GITHUB_WEB_URL}/{repo}/pull/{number}"


@dataclass(frozen=True, slots=True)
class PullRequest:
    """One pull request as GitHub describes it. Title, body and labels are untrusted text.

    `url` is always `pr_url(repo, number)`, whatever was passed or stored: a record's `html_url`
    is data a stranger may have written, so no link a renderer shows comes from it.
    """

    repo: str
    number: int
    title: str
    author: str
    state: Literal["open", "closed"]
    created_at: datetime
    updated_at: datetime
    url: str
    body: str | None = None
    author_type: str = "User"  # GitHub's user.type: "User" or "Bot"
    labels: tuple[str, ...] = ()
    draft: bool = False
    merged_at: datetime | None = None
    closed_at: datetime | None = None
    files: tuple[str, ...] | None = None  # changed file paths, when fetched
    base_ref: str | None = None
    # Computed once: slash commands look up cached classifications by it for every PR in a window.
    _content_hash: str = field(init=False, repr=False, compare=False, default="")

    def __post_init__(self) -> None:
        object.__setattr__(self, "url", pr_url(self.repo, self.number))
        payload = json.dumps(
            [self.title, self.body or "", sorted(self.labels), sorted(self.files or ())],
            ensure_ascii=False,
        )
        digest = hashlib.sha256(payload.encode("utf-8", "surrogatepass")).hexdigest()[:16]
        object.__setattr__(self, "_content_hash", digest)

    @property
    def status(self) -> PRStatus:
        if self.merged_at is not None:
            return "merged"
        if self.state == "closed":
            return "closed"
        return "draft" if self.draft else "open"

    @property
    def is_bot(self) -> bool:
        return self.author_type == "Bot" or self.author.endswith("[bot]")

    def content_hash(self) -> str:
        """Hash of everything a classifier looks at; unchanged content -> same hash."""
        return self._content_hash

    def with_files(self, files: tuple[str, ...]) -> PullRequest:
        return replace(self, files=files)


@dataclass(frozen=True, slots=True)
class Classification:
    """The topics of one PR's content, as one classifier version saw it."""

    repo: str
    number: int
    content_hash: str
    classifier: str  # e.g. "heuristic:v3:tax-1a2b" or "anthropic:claude-x:p2:tax-1a2b"
    topics: tuple[str, ...]
    summary: str = ""
    impact: float = 0.0  # 0..1, used for ranking
    fallback: bool = False  # the LLM failed for this PR and the heuristic answered


@dataclass(frozen=True, slots=True)
class Topic:
    """One topic of a repository's taxonomy. `evidence` is for the heuristic classifier."""

    key: str
    name: str
    aliases: tuple[str, ...] = ()
    section: str | None = None
    evidence: dict[str, tuple[str, ...]] = field(default_factory=dict)
    reach: str = ""  # "broad" | "narrow" | "": how many readers work on it touches (the digest ranks by it)
    kind: str = ""  # "hardware" (a platform) | "model" (a model family) | "": as Term.kind, for questions

    @property
    def words(self) -> tuple[str, ...]:
        """Every word a user may type for this topic (key, name, aliases), lower-case."""
        seen: dict[str, None] = {}
        for word in (self.key, self.name, *self.aliases):
            seen[word.lower()] = None
        return tuple(seen)


@dataclass(frozen=True, slots=True)
class Term:
    """A named thing narrower than a topic (MI300X, NVFP4, FlashInfer, Qwen3.5): a PR answers to
    it when it names it (handlers/terms.py). `topics` are the topics naming it implies."""

    key: str
    name: str
    kind: str = "feature"  # hardware | kernel | library | quant | model | feature | symptom
    spellings: tuple[str, ...] = ()  # besides key and name; a trailing * is a prefix
    topics: tuple[str, ...] = ()
    paths: tuple[str, ...] = ()  # changed-file globs that name it too
    evidence: bool = True  # naming it in a title is classifier evidence for `topics`
    reach: str = ""  # "broad" | "narrow" | "": as Topic.reach
    # A lexicon of several things (the MoE model families): a question names it only by its key or
    # name; "deepseek v4" in a question asks for DeepSeek V4, not for every family it lists.
    group: bool = False
    # Whether a PR body naming it counts: not for abbreviations that bodies' example commands
    # use for something else (`-tp 8`, `--tensor-parallel-size` in a reproduction of any bug).
    body: bool = True
    # The family a part belongs to, another term's key ("hopper" for H100, "sm100" for B200):
    # asked for instead when no PR of the answer names the part itself.
    within: str = ""

    @property
    def all_spellings(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(s.lower() for s in (self.key, self.name, *self.spellings)))


@dataclass(frozen=True, slots=True)
class Section:
    """A digest area grouping topics, e.g. "Hardware backends" holding rocm, blackwell, ..."""

    key: str
    name: str
    order: int = 0


@dataclass(frozen=True, slots=True)
class Taxonomy:
    """A repository's topics and digest sections; `version` changes when the file does."""

    name: str
    version: str
    topics: tuple[Topic, ...]
    sections: tuple[Section, ...] = ()
    terms: tuple[Term, ...] = ()

    def topic(self, key: str) -> Topic | None:
        for topic in self.topics:
            if topic.key == key:
                return topic
        return None

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(t.key for t in self.topics)

    def term(self, key: str) -> Term | None:
        for term in self.terms:
            if term.key == key:
                return term
        return None


@dataclass(frozen=True)
class RepoSettings:
    """Everything the handlers need to know about one followed repository."""

    name: str
    command: str
    tz: tzinfo
    tz_name: str
    week_start: str  # "monday" | "sunday"
    taxonomy: Taxonomy
    default_days: int = 7
    max_items: int = 10
    digest_scope: str = "opened_or_merged"
    include_bots: bool = False


@dataclass(frozen=True)
class FollowupLimits:
    """How long threads are followed and how often a follow-up may call the LLM."""

    thread_ttl_seconds: int = 14 * 86400
    llm_per_user_per_hour: int = 20
    llm_per_channel_per_hour: int = 60
    max_turns: int = 6
    # Commands and follow-ups answered per person and per channel each minute (0: no limit).
    per_user_per_minute: int = 10
    per_channel_per_minute: int = 30


PromptRenderer = Callable[[str, Mapping[str, Any]], str]
"""(template text, values) -> text; raises when a placeholder has no value."""


@dataclass(frozen=True, slots=True)
class Prompt:
    """A versioned prompt (bot/services/prompts/*.toml), loaded by bootstrap and passed in; the
    version is part of what the answer depends on. `renderer` is bound by the loader
    (bot/services/prompt_files.py), so the core renders without knowing the template engine."""

    version: str
    system: str
    user: str
    renderer: PromptRenderer = field(compare=False, repr=False)

    def render_system(self, **values: Any) -> str:
        """The system text with `values` filled in."""
        return self.renderer(self.system, values)

    def render_user(self, **values: Any) -> str:
        """The user text with `values` filled in."""
        return self.renderer(self.user, values)


@dataclass(frozen=True, slots=True)
class Window:
    """A half-open time range [since, until) in UTC, with the label users see."""

    since: datetime
    until: datetime
    label: str = ""

    def contains(self, moment: datetime | None) -> bool:
        return moment is not None and self.since <= moment < self.until


@dataclass(frozen=True, slots=True)
class Text:
    """Plain untrusted-or-model text; every renderer escapes it."""

    text: str


@dataclass(frozen=True, slots=True)
class Code:
    """A code symbol, rendered in backticks."""

    text: str


@dataclass(frozen=True, slots=True)
class PRRef:
    """A citation of a PR; `url` comes from PullRequest.url, so it is always `pr_url(repo, number)`."""

    number: int
    url: str


Inline = Text | Code | PRRef
"""A run of rich text: renderers turn a tuple of these into their own markup."""


@dataclass(frozen=True, slots=True)
class ReplyItem:
    """One PR line in an answer."""

    number: int
    title: str
    url: str
    author: str
    status: PRStatus
    topics: tuple[str, ...] = ()
    summary: str = ""
    when: datetime | None = None  # merged_at for merged PRs, else created_at


@dataclass(frozen=True, slots=True)
class ItemGroup:
    """A titled group of items (by state or sub-topic) when an answer is long."""

    title: str
    items: tuple[ReplyItem, ...]


@dataclass(frozen=True, slots=True)
class PRLink:
    """Another PR a detail card points to, and how ("reverts", "reverted by")."""

    how: str
    number: int
    title: str
    url: str


@dataclass(frozen=True, slots=True)
class PRDetail:
    """The detail card for one PR."""

    number: int
    title: str
    url: str
    author: str
    status: PRStatus
    created_at: datetime
    updated_at: datetime
    merged_at: datetime | None
    closed_at: datetime | None
    topics: tuple[str, ...]
    summary: str
    labels: tuple[str, ...]
    areas: tuple[str, ...]  # top-level directories of changed files, when known
    related: tuple[PRLink, ...] = ()  # the PR it reverts, the PRs that revert it


ReplyKind = Literal["list", "detail", "help", "empty", "error", "answer", "quiet"]


@dataclass(frozen=True, slots=True)
class ThreadSeed:
    """What a reply or digest thread is about; stored as its ThreadContext once posted."""

    repo: str
    kind: Literal["query", "digest"]
    since: datetime
    until: datetime
    query_text: str = ""
    pr_numbers: tuple[int, ...] = ()  # every matching PR, in answer order
    shown: int = 0  # how many of them the message showed (for "more")


@dataclass(frozen=True, slots=True)
class Reply:
    """A platform-neutral answer; each renderer turns it into its own format.

    `understood` states how the query was read, with exact dates. `groups` hold the items
    shown; `total` counts every match, `overflow` the ones not shown. `synthesis` is an
    optional paragraph (LLM or offline) that may cite only PRs in the result. `ephemeral`
    marks replies only the asker should see (help, errors, nothing found). A `quiet` reply
    (chatter in a thread) is not posted at all; the console shows its title.
    """

    kind: ReplyKind
    title: str
    understood: str = ""
    groups: tuple[ItemGroup, ...] = ()
    total: int = 0
    overflow: int = 0
    detail: PRDetail | None = None
    synthesis: tuple[Inline, ...] = ()
    notes: tuple[str, ...] = ()
    suggestions: tuple[str, ...] = ()
    ephemeral: bool = False
    seed: ThreadSeed | None = None  # set when follow-ups in the reply's thread make sense
    # "/vllm weekly digest": the digest itself, which chat platforms post as they post the weekly
    # one (a channel message, its areas in the thread); the rest of the Reply is its plain form
    digest: Digest | None = None

    @property
    def items(self) -> tuple[ReplyItem, ...]:
        return tuple(item for group in self.groups for item in group.items)


@dataclass(frozen=True, slots=True)
class DigestPoint:
    """One bullet: a bold lead-in, then inline text citing PRs; `children` are sub-bullets."""

    lead: str
    body: tuple[Inline, ...]
    children: tuple[tuple[Inline, ...], ...] = ()

    @property
    def cited(self) -> tuple[int, ...]:
        runs = [*self.body, *(span for child in self.children for span in child)]
        return tuple(span.number for span in runs if isinstance(span, PRRef))


@dataclass(frozen=True, slots=True)
class DigestSection:
    """One numbered area. `prs` are every PR placed in it (each PR sits in one area); `headline`
    states its topics' totals (never a group size); `pr_count` is len(prs) for older callers."""

    title: str
    points: tuple[DigestPoint, ...]
    pr_count: int = 0
    key: str = ""
    prs: tuple[int, ...] = ()
    headline: str = ""


@dataclass(frozen=True, slots=True)
class DigestTopic:
    """A topic's totals over a digest's window and scope: what `/vllm <topic> <window>` counts."""

    key: str
    name: str
    total: int
    merged: int
    opened: int
    closed: int


@dataclass(frozen=True, slots=True)
class TableRow:
    area: str
    key_prs: tuple[PRRef, ...]
    impact: str


@dataclass(frozen=True, slots=True)
class DigestCounts:
    """Every number a digest states, computed in code."""

    total: int
    opened: int
    merged: int
    closed_unmerged: int
    still_open: int
    authors: int
    first_time_authors: int
    bot_prs: int


@dataclass(frozen=True, slots=True)
class Digest:
    """A weekly digest value; renderers produce Markdown, Block Kit, Discord and text."""

    repo: str
    window: Window
    title: str
    takeaways: tuple[Inline, ...]
    sections: tuple[DigestSection, ...]
    table: tuple[TableRow, ...]
    counts: DigestCounts
    mode: Literal["llm", "offline"]
    notes: tuple[str, ...] = ()
    topics: tuple[DigestTopic, ...] = ()  # largest first
    more: tuple[DigestSection, ...] = ()  # "All PRs by area": every in-scope PR the points do not cite
    scope: str = "opened_or_merged"
    # The heaviest cited PRs, for a channel message whose points sit in its thread (Slack,
    # Discord); Markdown and text leave them out, as the points follow right below.
    highlights: tuple[Inline, ...] = ()

    @property
    def cited(self) -> tuple[int, ...]:
        seen: dict[int, None] = {}
        for span in (*self.takeaways, *self.highlights):
            if isinstance(span, PRRef):
                seen[span.number] = None
        for section in self.sections:
            for point in section.points:
                for number in point.cited:
                    seen[number] = None
        for row in self.table:
            for ref in row.key_prs:
                seen[ref.number] = None
        return tuple(seen)


@dataclass(frozen=True, slots=True)
class ThreadKey:
    platform: str  # "slack" | "discord" | "console"
    channel: str
    thread: str

    def as_str(self) -> str:
        return f"{self.platform}:{self.channel}:{self.thread}"


@dataclass(frozen=True, slots=True)
class ThreadStart:
    """A thread's first list, for "go back" and "how many total" after narrowing and switching."""

    kind: Literal["query", "digest"]
    since: datetime
    until: datetime
    query_text: str = ""
    pr_numbers: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ThreadContext:
    """What a thread is about, so follow-ups can be answered; stored with an expiry."""

    key: ThreadKey
    repo: str
    kind: Literal["query", "digest"]
    since: datetime
    until: datetime
    query_text: str = ""
    pr_numbers: tuple[int, ...] = ()
    shown: int = 0
    turns: tuple[tuple[str, str], ...] = ()  # (role, text), most recent last
    start: ThreadStart | None = None  # the first list, as posted
    earlier: tuple[ThreadStart, ...] = ()  # the lists shown before this one, the latest last (a few)
    # where the page shown last starts in pr_numbers (it ends at `shown`): a digest's first answer
    # shows all its cited PRs, `top 3` three, `show 3 more` three, so "the first one" is counted there
    page_start: int = 0

    @classmethod
    def from_seed(cls, key: ThreadKey, seed: ThreadSeed) -> ThreadContext:
        """A new thread about what a posted reply or digest lists (its first list)."""
        start = ThreadStart(seed.kind, seed.since, seed.until, seed.query_text, seed.pr_numbers)
        return replace(cls(key, seed.repo, seed.kind, seed.since, seed.until), start=start).following(seed)

    def following(self, seed: ThreadSeed) -> ThreadContext:
        """This thread, now about what `seed` lists (its turns and earlier lists kept)."""
        return replace(
            self,
            kind=seed.kind,
            since=seed.since,
            until=seed.until,
            query_text=seed.query_text,
            pr_numbers=seed.pr_numbers,
            shown=seed.shown,
            page_start=0,
        )


@dataclass(frozen=True, slots=True)
class IngestCursor:
    """Where the last ingest of a repo stopped: the newest `updated_at` fully stored."""

    repo: str
    updated_at: datetime
    etag: str | None = None


@dataclass(frozen=True, slots=True)
class UpsertResult:
    inserted: int = 0
    updated: int = 0
    unchanged: int = 0

    def __add__(self, other: UpsertResult) -> UpsertResult:
        return UpsertResult(
            self.inserted + other.inserted,
            self.updated + other.updated,
            self.unchanged + other.unchanged,
        )


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class Subscription:
    """A channel's (or a person's) standing question, or a chat-made weekly digest channel.

    `kind` "query": the PRs matching `question` are delivered at `cadence` ("realtime",
    "daily" at `at` = "HH:MM" in the repo's timezone, "weekly"); "digest": the channel receives
    the repo's weekly digest. `channel` is where posts go (for a personal subscription, the
    user's DM); `status` "suspended" (with `reason`) when that channel became unreachable.
    """

    id: str
    repo: str
    platform: str  # "slack" | "discord" | "console"
    channel: str
    user: str = ""
    kind: Literal["query", "digest"] = "query"
    question: str = ""
    cadence: Literal["realtime", "daily", "weekly"] = "realtime"
    at: str = ""  # "HH:MM" for daily
    personal: bool = False
    created_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    status: Literal["active", "suspended"] = "active"
    reason: str = ""

    @property
    def target(self) -> str:
        return f"{self.platform}:{self.channel}"
