"""Subscriptions: a channel's (or a person's) standing question, delivered as matching PRs land.

`/vllm subscribe rocm -ci` stores the question; every delivery then asks the query handler for
the PRs matching it (`QueryHandler.matches`: topics, named terms, authors, exclusions; default
state merged) since the later of the subscription's creation and the look-back, drops those
already delivered (a receipt per subscription and PR) and batches the rest into one message:
the count and up to 10 PRs, the others in its thread. Posting, claims and receipts are the
delivery service's business (bot/services/subscriptions.py); everything decided is here:
the grammar (`subscribe`, `subscriptions`, `unsubscribe`, `digest here|stop`), cadences,
who may change what, limits, the volume estimate, and what a delivery contains.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, time, timedelta
from typing import Literal

from handlers.errors import BotError
from handlers.models import ItemGroup, Reply, RepoSettings, Subscription, ThreadSeed
from handlers.parse import Query, split_states
from handlers.ports import Clock, Store
from handlers.query import Match, QueryHandler, content_ok, reply_item, subject
from handlers.terms import term_index

PER_MESSAGE = 10  # PRs in a delivery's message; the rest go to its thread
WORDS = ("subscribe", "subscriptions", "unsubscribe")
_HHMM = re.compile(r"^(\d{1,2}):(\d{2})$")
_TIMEISH = re.compile(r"^\d{1,2}(?::\d{1,2})?(?:am|pm|h)?$|^\d{1,2}[:.h]\d{1,2}$")


class SubscriptionError(BotError):
    """A subscription command that cannot be done, with the one line that says why."""


@dataclass(frozen=True)
class CommandContext:
    """Where a command came from, as the adapter saw it (nothing platform-specific beyond ids).

    `can_manage`: the platform's own right to change the channel (Discord: Manage Channels;
    Slack: membership, which a slash command in a channel implies). `operator`: the CLI, which
    may change anything. `dm_channel`: where the caller's personal posts go.
    """

    platform: str
    channel: str
    user: str = ""
    is_dm: bool = False
    can_manage: bool = False
    dm_channel: str = ""
    operator: bool = False


@dataclass(frozen=True)
class SubscriptionLimits:
    admins: tuple[str, ...] = ()  # when set, only these user ids may change channel subscriptions
    max_per_channel: int = 20
    max_per_user: int = 10
    warn_per_week: int = 25  # the volume warning at creation
    lookback_days: int = 14  # how far back a late-matching PR is still delivered


@dataclass(frozen=True)
class Cadence:
    kind: Literal["realtime", "daily", "weekly"] = "realtime"
    at: str = ""  # "HH:MM" for daily

    @property
    def label(self) -> str:
        return f"daily at {self.at}" if self.kind == "daily" else self.kind


@dataclass(frozen=True)
class Delivery:
    """One message's worth: the PRs to post for one subscription, and how they read."""

    subscription: Subscription
    slot: str  # "realtime" or the due daily/weekly time, part of the slot receipt's key
    prs: tuple[int, ...]
    head: Reply
    rest: tuple[Reply, ...] = ()


def is_subscription_command(text: str) -> bool:
    """Whether a slash command's text is for this module (its first words are a subcommand)."""
    words = text.lower().split()
    if not words:
        return False
    if words[0] in WORDS:
        return True
    return words[0] == "digest" and len(words) == 2 and words[1] in ("here", "stop")


def parse_cadence(text: str) -> Cadence:
    """`realtime`, `daily HH:MM` or `weekly` -> Cadence; SubscriptionError naming the problem."""
    words = text.lower().split()
    cadence, used = _cadence_at(words, 0)
    if cadence is None or used != len(words):
        raise SubscriptionError(
            f"malformed cadence {text.strip()!r}: use realtime, daily HH:MM (e.g. daily 09:00) or weekly"
        )
    return cadence


def _cadence_at(words: Sequence[str], i: int) -> tuple[Cadence | None, int]:
    word = words[i]
    if word in ("realtime", "real-time", "instant"):
        return Cadence("realtime"), i + 1
    if word == "weekly":
        return Cadence("weekly"), i + 1
    if word != "daily":
        return None, i
    nxt = words[i + 1] if i + 1 < len(words) else ""
    match = _HHMM.match(nxt)
    if match is None:
        shown = f"daily {nxt}".strip()
        raise SubscriptionError(
            f"malformed cadence {shown!r}: daily needs a time of day as HH:MM, e.g. daily 09:00"
        )
    hours, minutes = int(match.group(1)), int(match.group(2))
    if hours > 23 or minutes > 59:
        raise SubscriptionError(f"malformed cadence 'daily {nxt}': the time must be 00:00 to 23:59")
    return Cadence("daily", f"{hours:02d}:{minutes:02d}"), i + 2


def split_options(text: str) -> tuple[str, Cadence | None, bool]:
    """`rocm -ci daily 09:00 dm` -> ("rocm -ci", daily 09:00, personal=True)."""
    words = text.split()
    lowered = [w.lower() for w in words]
    kept: list[str] = []
    cadence: Cadence | None = None
    personal = False
    i = 0
    while i < len(words):
        word = lowered[i]
        if word == "dm":
            personal = True
            i += 1
            continue
        if word in ("hourly", "monthly", "every", "instantly"):
            raise SubscriptionError(
                f"unknown cadence {word!r}: use realtime (the default), daily HH:MM or weekly"
            )
        found, used = _cadence_at(lowered, i)
        if found is not None:
            if cadence is not None and found != cadence:
                raise SubscriptionError("give one cadence: realtime, daily HH:MM or weekly")
            cadence = found
            i = used
            continue
        kept.append(words[i])
        i += 1
    return " ".join(kept), cadence, personal


def new_id() -> str:
    return "s" + secrets.token_hex(3)


def receipt_key(sub_id: str, number: int) -> str:
    """The receipt of one PR delivered by one subscription (exactly once per pair)."""
    return f"sub:{sub_id}:pr:{number}"


def slot_key(sub_id: str, slot: str) -> str:
    return f"sub:{sub_id}:slot:{slot}"


def claim_key(sub_id: str) -> str:
    return f"sub:{sub_id}:deliver"


class SubscriptionHandler:
    """The subcommands and the delivery contents; stateless apart from the store."""

    def __init__(
        self,
        *,
        store: Store,
        query: QueryHandler,
        clock: Clock,
        limits: SubscriptionLimits | None = None,
        digest_channels: dict[str, tuple[str, ...]] | None = None,
    ) -> None:
        self.store = store
        self.query = query
        self.clock = clock
        self.limits = limits or SubscriptionLimits()
        # The config file's digest channels per repo ("slack:C1"), so `digest here` there says so.
        self.digest_channels = digest_channels or {}

    # -- the chat grammar ---------------------------------------------------------------------------
    async def handle(self, settings: RepoSettings, text: str, ctx: CommandContext) -> Reply:
        """Answer `subscribe ...`, `subscriptions`, `unsubscribe ...`, `digest here|stop`."""
        words = text.split()
        head = words[0].lower() if words else ""
        rest = " ".join(words[1:])
        try:
            if head == "subscribe":
                _, reply = await self.subscribe(settings, rest, ctx)
                return reply
            if head == "subscriptions":
                return await self.listing(settings, ctx)
            if head == "unsubscribe":
                return await self.unsubscribe(settings, rest, ctx)
            if head == "digest" and rest.lower() == "here":
                return await self.digest_here(settings, ctx)
            if head == "digest" and rest.lower() == "stop":
                return await self.digest_stop(settings, ctx)
        except SubscriptionError as exc:
            return refusal(str(exc), settings)
        return refusal(f"unknown subcommand {head!r}", settings)

    def read_question(self, settings: RepoSettings, question: str, now: datetime) -> Query:
        """The question as the query handler reads it, refused when it cannot be followed."""
        cmd = f"/{settings.command}"
        if not question.strip():
            raise SubscriptionError(
                f"the question is empty: say what to follow, e.g. `{cmd} subscribe rocm -ci`"
            )
        query = self.query.parse(settings, question, now)
        if query.is_help:
            raise SubscriptionError(
                f"say what to follow, e.g. `{cmd} subscribe rocm -ci` (see `{cmd} help` for topics)"
            )
        if query.pr_numbers:
            raise SubscriptionError("a subscription follows topics, people or words, not single PRs")
        if not query.narrows:
            raise SubscriptionError(
                f"nothing to follow in {question.strip()!r}: name a topic, a person or words, "
                f"e.g. `{cmd} subscribe rocm -ci`"
            )
        return query

    def check_typos(self, settings: RepoSettings, query: Query, volume: int) -> str:
        """A word that looks like a typo of a known one refuses the subscription when, as a
        searched word, it matched nothing in four weeks ("did you mean rocm?"); when it does
        match PRs it is kept, with a note."""
        if not query.unknown:
            return ""
        fixes = "; ".join(f"'{word}': did you mean {fix}?" for word, fix in query.typos)
        if volume:
            return f"Searched as words in titles, summaries and labels: {fixes}"
        cmd = f"/{settings.command}"
        hint = f" Try `{cmd} subscribe {query.corrected}`." if query.corrected else ""
        end = "" if fixes.endswith(("?", ".")) else "."
        raise SubscriptionError(f"unknown topic or keyword: {fixes}{end}{hint}")

    async def subscribe(
        self, settings: RepoSettings, text: str, ctx: CommandContext, *, cadence: Cadence | None = None
    ) -> tuple[Subscription, Reply]:
        """Create a subscription (or reactivate the same one); the reply states its volume."""
        now = self.clock()
        question, said, personal = split_options(text)
        cadence = cadence or said or Cadence()
        personal = personal or ctx.is_dm
        query = self.read_question(settings, question, now)
        channel = (ctx.dm_channel or ctx.user) if personal else ctx.channel
        if personal and not channel:
            raise SubscriptionError("a personal subscription needs a user")
        self._check_may_change(ctx, personal=personal)
        subs = await self.store.list_subscriptions(settings.name)
        same = [
            s
            for s in subs
            if s.kind == "query"
            and s.platform == ctx.platform
            and s.channel == channel
            and _norm(s.question) == _norm(question)
            and s.cadence == cadence.kind
            and s.at == cadence.at
        ]
        if same:
            sub = same[0]
            if sub.status == "suspended":
                sub = replace(sub, status="active", reason="")
                await self.store.put_subscription(sub)
                return sub, confirmation(
                    settings, f"Subscription {sub.id} is active again", [f"It follows {question}."]
                )
            return sub, confirmation(
                settings, f"Already subscribed: {sub.id}", [f"`{describe(settings, sub)}`"]
            )
        self._check_limits(settings, subs, ctx, channel, personal)
        sub = Subscription(
            id=await self._free_id(),
            repo=settings.name,
            platform=ctx.platform,
            channel=channel,
            user=ctx.user,
            question=" ".join(question.split())[:500],
            cadence=cadence.kind,
            at=cadence.at,
            personal=personal,
            created_at=now,
        )
        last_week, four_weeks = await self.volume(settings, query, now)
        typos = self.check_typos(settings, query, four_weeks)
        await self.store.put_subscription(sub)
        where = "you (direct messages)" if personal else "this channel"
        notes = [
            f"{subject(settings, self.effective(query))}, {_states(query)}, delivered to {where} "
            f"{_cadence_phrase(sub, settings)}.",
            f"Volume: it would have posted {_count(last_week)} last week "
            f"({_count(four_weeks)} over the last four weeks).",
        ]
        if last_week > self.limits.warn_per_week or four_weeks > 4 * self.limits.warn_per_week:
            notes.append(
                f"That is a lot (more than {self.limits.warn_per_week} a week): consider narrowing it, "
                f"e.g. excluding a topic with -topic, or a daily or weekly cadence."
            )
        if typos:
            notes.append(typos)
        if query.window_given:
            notes.append(f"Time words ('{query.time_text}') are ignored: a subscription follows new PRs.")
        notes.append(f"Stop it with `/{settings.command} unsubscribe {sub.id}`.")
        return sub, confirmation(settings, f"Subscribed: {sub.id}", notes)

    async def listing(self, settings: RepoSettings, ctx: CommandContext) -> Reply:
        """This channel's subscriptions and the caller's personal ones, with ids and state."""
        subs = self.visible(await self.store.list_subscriptions(settings.name), ctx)
        if not subs:
            return confirmation(
                settings,
                "No subscriptions here",
                [f"Create one with `/{settings.command} subscribe rocm -ci` (add `dm` for yourself)."],
            )
        lines = [describe(settings, s) for s in subs]
        return confirmation(settings, f"{len(subs)} subscription{'s' if len(subs) != 1 else ''}", lines)

    def visible(self, subs: Sequence[Subscription], ctx: CommandContext) -> list[Subscription]:
        if ctx.operator:
            return list(subs)
        return [
            s
            for s in subs
            if s.platform == ctx.platform
            and ((not s.personal and s.channel == ctx.channel) or (s.personal and s.user == ctx.user))
        ]

    async def unsubscribe(self, settings: RepoSettings, arg: str, ctx: CommandContext) -> Reply:
        """Remove by id, or by the question as it was given; only what the caller can see."""
        wanted = arg.strip()
        if not wanted:
            raise SubscriptionError(
                f"say which: `/{settings.command} unsubscribe ID` (ids in `/{settings.command} subscriptions`)"
            )
        subs = self.visible(await self.store.list_subscriptions(settings.name), ctx)
        chosen = [s for s in subs if s.id == wanted.lower()]
        if not chosen:
            question = split_options(wanted)[0]
            chosen = [s for s in subs if s.kind == "query" and _norm(s.question) == _norm(question)]
        if not chosen:
            raise SubscriptionError(
                f"no subscription {wanted!r} here: see `/{settings.command} subscriptions` for the ids"
            )
        for sub in chosen:
            self._check_may_change(ctx, personal=sub.personal, owner=sub.user)
        for sub in chosen:
            await self.store.remove_subscription(sub.id)
        return confirmation(
            settings,
            "Unsubscribed: " + ", ".join(s.id for s in chosen),
            [describe(settings, s) for s in chosen],
        )

    async def digest_here(self, settings: RepoSettings, ctx: CommandContext) -> Reply:
        if ctx.is_dm:
            raise SubscriptionError("the weekly digest goes to channels: use this in a channel")
        self._check_may_change(ctx, personal=False)
        if f"{ctx.platform}:{ctx.channel}" in self.digest_channels.get(settings.name, ()):
            return confirmation(
                settings, "This channel already gets the weekly digest", ["It is listed in the config file."]
            )
        subs = await self.store.list_subscriptions(settings.name)
        for sub in subs:
            if sub.kind == "digest" and sub.platform == ctx.platform and sub.channel == ctx.channel:
                if sub.status == "suspended":
                    await self.store.put_subscription(replace(sub, status="active", reason=""))
                    return confirmation(settings, f"The weekly digest is back on here ({sub.id})", [])
                return confirmation(settings, f"This channel already gets the weekly digest ({sub.id})", [])
        self._check_limits(settings, subs, ctx, ctx.channel, False)
        sub = Subscription(
            id=await self._free_id(),
            repo=settings.name,
            platform=ctx.platform,
            channel=ctx.channel,
            user=ctx.user,
            kind="digest",
            cadence="weekly",
            created_at=self.clock(),
        )
        await self.store.put_subscription(sub)
        return confirmation(
            settings,
            f"This channel will get the weekly digest of {settings.name} ({sub.id})",
            [f"Stop it with `/{settings.command} digest stop`."],
        )

    async def digest_stop(self, settings: RepoSettings, ctx: CommandContext) -> Reply:
        self._check_may_change(ctx, personal=False)
        subs = await self.store.list_subscriptions(settings.name)
        mine = [
            s for s in subs if s.kind == "digest" and s.platform == ctx.platform and s.channel == ctx.channel
        ]
        for sub in mine:
            await self.store.remove_subscription(sub.id)
        notes = []
        if f"{ctx.platform}:{ctx.channel}" in self.digest_channels.get(settings.name, ()):
            notes.append(
                "This channel is also listed in the config file's digest channels; an operator must remove it there."
            )
        if not mine:
            return confirmation(settings, "This channel had no weekly digest subscription", notes)
        return confirmation(settings, "The weekly digest stops here", notes)

    # -- rules -----------------------------------------------------------------------------------------
    def _check_may_change(self, ctx: CommandContext, *, personal: bool, owner: str = "") -> None:
        if ctx.operator:
            return
        if personal and (not owner or owner == ctx.user):
            return  # a person may always manage their own direct-message subscriptions
        if self.limits.admins:
            if ctx.user not in self.limits.admins:
                raise SubscriptionError(
                    "only the bot's admins may change this channel's subscriptions ([subscriptions] admins)"
                )
            return
        if ctx.platform == "discord" and not ctx.can_manage:
            raise SubscriptionError(
                "changing this channel's subscriptions needs the Manage Channels permission"
            )
        if ctx.platform == "slack" and not ctx.can_manage:
            raise SubscriptionError("only members of this channel may change its subscriptions")

    def _check_limits(
        self,
        settings: RepoSettings,
        subs: Sequence[Subscription],
        ctx: CommandContext,
        channel: str,
        personal: bool,
    ) -> None:
        if ctx.operator:
            return
        in_channel = [
            s for s in subs if s.platform == ctx.platform and s.channel == channel and not s.personal
        ]
        if not personal and len(in_channel) >= self.limits.max_per_channel:
            raise SubscriptionError(
                f"this channel already has {len(in_channel)} subscriptions, the limit "
                f"([subscriptions] max_per_channel = {self.limits.max_per_channel}); remove one with "
                f"`/{settings.command} unsubscribe ID`"
            )
        by_user = [s for s in subs if s.platform == ctx.platform and s.user == ctx.user]
        if ctx.user and len(by_user) >= self.limits.max_per_user:
            raise SubscriptionError(
                f"you already have {len(by_user)} subscriptions, the limit "
                f"([subscriptions] max_per_user = {self.limits.max_per_user}); remove one with "
                f"`/{settings.command} unsubscribe ID`"
            )

    async def _free_id(self) -> str:
        while True:
            candidate = new_id()
            if await self.store.get_subscription(candidate) is None:
                return candidate

    @staticmethod
    def effective(query: Query) -> Query:
        """Default state merged: a subscription delivers PRs as they land."""
        if split_states(query.states)[0]:
            return query
        return replace(query, states=("merged", *query.states))  # "no drafts" still delivers merges

    async def strict_matches(
        self, settings: RepoSettings, query: Query, since: datetime, until: datetime
    ) -> list[Match]:
        """The query handler's matches with every word of the question kept: an answer may set
        aside a word that would empty it, a subscription must not (it would then deliver the
        whole topic)."""
        if not query.text:
            return await self.query.matches(settings, query, since, until)
        found = await self.query.matches(settings, replace(query, text=""), since, until)
        terms = term_index(settings.taxonomy)
        return [m for m in found if content_ok(query, m.pr, m.cls, terms)]

    async def volume(self, settings: RepoSettings, query: Query, now: datetime) -> tuple[int, int]:
        """How many PRs the question would have delivered last week and over four weeks."""
        matches = await self.strict_matches(settings, self.effective(query), now - timedelta(days=28), now)
        week_ago = now - timedelta(days=7)
        last_week = sum(1 for m in matches if _landed(m) >= week_ago)
        return last_week, len(matches)

    # -- deliveries ----------------------------------------------------------------------------------------
    def due_at(
        self, settings: RepoSettings, sub: Subscription, now: datetime, weekly_fire: datetime | None
    ) -> datetime | None:
        """The latest time a daily or weekly subscription was due at, up to `now` (None: never
        since it was made); a realtime one is due now."""
        fire: datetime | None
        if sub.cadence == "realtime":
            return now
        if sub.cadence == "daily":
            hours, minutes = (int(p) for p in sub.at.split(":"))
            local = now.astimezone(settings.tz)
            moment = datetime.combine(local.date(), time(hours, minutes), tzinfo=settings.tz)
            if moment > local:
                moment -= timedelta(days=1)
            fire = moment.astimezone(now.tzinfo)
        else:
            fire = weekly_fire
        if fire is None or fire <= sub.created_at:
            return None
        return fire

    async def pending(
        self, settings: RepoSettings, sub: Subscription, until: datetime
    ) -> tuple[list[Match], datetime]:
        """The matching PRs not yet delivered by `sub`, landed in [start, until)."""
        query = self.effective(self.query.parse(settings, sub.question, until))
        since = max(sub.created_at, until - timedelta(days=self.limits.lookback_days))
        if since >= until:
            return [], since
        matches = await self.strict_matches(settings, query, since, until)
        fresh = []
        for match in matches:
            if await self.store.get_receipt(receipt_key(sub.id, match.pr.number)) is None:
                fresh.append(match)
        fresh.sort(key=lambda m: (_landed(m), m.pr.number))
        return fresh, since

    def delivery(
        self,
        settings: RepoSettings,
        sub: Subscription,
        matches: Sequence[Match],
        slot: str,
        since: datetime,
        until: datetime,
    ) -> Delivery:
        """One message: the count and the first PER_MESSAGE PRs; the rest, in tens, for its thread."""
        query = self.effective(self.query.parse(settings, sub.question, until))
        about = subject(settings, query)
        total = len(matches)
        shown = list(matches[:PER_MESSAGE])
        notes = []
        if total > len(shown):
            notes.append(f"{total - len(shown)} more in this message's thread.")
        notes.append(
            f"Subscription {sub.id} ({sub.cadence if sub.cadence != 'daily' else 'daily ' + sub.at}); "
            f"stop it with `/{settings.command} unsubscribe {sub.id}`."
        )
        head = Reply(
            kind="list",
            title=f"{_count(total)} {_new_phrase(query)}: {about}",
            understood=f"{about} · {_states(query)} · subscription {sub.id}",
            groups=(ItemGroup("", tuple(reply_item(m) for m in shown)),),
            total=total,
            notes=tuple(notes),  # the rest are already in the thread: no "reply more" hint
            seed=ThreadSeed(
                settings.name,
                "query",
                since,
                until,
                sub.question,
                tuple(m.pr.number for m in matches),
                len(shown),
            ),
        )
        rest = []
        later = list(matches[PER_MESSAGE:])
        for start in range(0, len(later), PER_MESSAGE):
            chunk = later[start : start + PER_MESSAGE]
            first = PER_MESSAGE + start + 1
            rest.append(
                Reply(
                    kind="list",
                    title=f"{first}–{first + len(chunk) - 1} of {total}",
                    groups=(ItemGroup("", tuple(reply_item(m) for m in chunk)),),
                    total=len(chunk),
                )
            )
        return Delivery(sub, slot, tuple(m.pr.number for m in matches), head, tuple(rest))


def describe(settings: RepoSettings, sub: Subscription) -> str:
    """`s1a2b3c · rocm -ci · realtime · #C123 · by U1` (+ `SUSPENDED: why`)."""
    if sub.kind == "digest":
        what = "weekly digest"
    else:
        what = f"{sub.question} · {sub.cadence if sub.cadence != 'daily' else 'daily ' + sub.at}"
    where = "your DMs" if sub.personal else f"{sub.platform}:{sub.channel}"
    line = f"{sub.id} · {what} · {where}"
    if sub.user:
        line += f" · by {sub.user}"
    if sub.status == "suspended":
        line += f" · SUSPENDED: {sub.reason or 'the channel is unreachable'}; `/{settings.command} subscribe` it again to resume"
    return line


def confirmation(settings: RepoSettings, title: str, notes: Sequence[str]) -> Reply:
    return Reply(kind="answer", title=title, notes=tuple(notes), ephemeral=True)


def refusal(message: str, settings: RepoSettings) -> Reply:
    return Reply(
        kind="error",
        title=message[:1].upper() + message[1:],
        notes=(
            f"Usage: /{settings.command} subscribe QUESTION [realtime | daily HH:MM | weekly] [dm] · "
            f"/{settings.command} subscriptions · /{settings.command} unsubscribe ID · "
            f"/{settings.command} digest here | stop",
        ),
        ephemeral=True,
    )


def _norm(question: str) -> str:
    return " ".join(question.lower().split())


def _landed(match: Match) -> datetime:
    pr = match.pr
    return pr.merged_at or pr.closed_at or pr.created_at


def _count(n: int) -> str:
    return f"{n} PR" if n == 1 else f"{n} PRs"


def _states(query: Query) -> str:
    kept, gone = split_states(query.states)
    phrase = " or ".join(
        {"opened": "opened", "open": "opened and still open"}.get(s, s) for s in kept or ("merged",)
    )
    return phrase + (", not " + " or ".join(gone) if gone else "")


def _new_phrase(query: Query) -> str:
    return "newly merged" if (split_states(query.states)[0] or ("merged",)) == ("merged",) else "new"


def _cadence_phrase(sub: Subscription, settings: RepoSettings) -> str:
    if sub.cadence == "daily":
        return f"once a day at {sub.at} ({settings.tz_name})"
    if sub.cadence == "weekly":
        return "once a week, with the weekly digest"
    return "as they land (checked at every refresh)"
