"""The one entry point every front end calls: Slack, Discord, the console, the CLI, the scheduler.

`BotHandlers` holds the per-repo settings and the ports, builds the handlers from them (the
query, follow-up and subscription handlers, each given only what it uses), and routes: a slash
command to the query handler, a thread message to the follow-up handler, a digest request to
the digest builder. It is the only module here that imports the handlers it composes; none of
them imports it. Adapters translate platform events into these calls and render what comes back; they
make no decisions of their own.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING

from handlers.errors import BotError, StoreUnavailable
from handlers.models import (
    Digest,
    FollowupLimits,
    Prompt,
    Reply,
    RepoSettings,
    ThreadContext,
    ThreadKey,
    ThreadSeed,
    Window,
)
from handlers.ports import LLM, ClassificationSource, Clock, Store
from handlers.query import QueryHandler
from handlers.subscriptions import (
    CommandContext,
    SubscriptionHandler,
    SubscriptionLimits,
    is_subscription_command,
    refusal,
)

if TYPE_CHECKING:
    from handlers.followup import FollowupHandler

# The settings types live in handlers.models (a leaf); re-exported here for existing importers.
__all__ = ["BotHandlers", "FollowupLimits", "RepoSettings"]

DEFAULT_LIMITS = FollowupLimits()

log = logging.getLogger(__name__)

UNDO_KEEP = 1000  # threads whose pre-follow-up context is kept for followup_not_posted

UNAVAILABLE = Reply(
    kind="error",
    title="The bot's data store is temporarily unavailable",
    notes=("Please try again in a minute; nothing you asked was lost.",),
    ephemeral=True,
)

NO_CONTEXT = Reply(
    kind="error",
    title="I no longer have the context of this thread",
    notes=(
        "Threads are remembered for a limited time. Start a new query with the slash command, "
        "e.g. `/vllm rocm last week`, and ask follow-ups under its answer.",
    ),
)


class BotHandlers:
    """The platform-neutral core's facade, built once by bot/bootstrap.py."""

    def __init__(
        self,
        *,
        store: Store,
        repos: Sequence[RepoSettings],
        classifications: dict[str, ClassificationSource],
        clock: Clock,
        llm: LLM | None = None,
        limits: FollowupLimits = DEFAULT_LIMITS,
        digest_prompt: Prompt | None = None,
        digest_max_tokens: int = 4000,
        followup_prompt: Prompt | None = None,
        query_prompt: Prompt | None = None,
        reading_prompt: Prompt | None = None,
        answer_max_tokens: int = 800,
        clean_body: Callable[[str | None, int], str] | None = None,
        subscription_limits: SubscriptionLimits | None = None,
        digest_channels: dict[str, tuple[str, ...]] | None = None,
    ) -> None:
        self.store = store
        self.repos = {r.name.lower(): r for r in repos}
        self.classifications = classifications
        self.clock = clock
        self.llm = llm
        self.limits = limits
        self.digest_prompt = digest_prompt
        self.digest_max_tokens = digest_max_tokens
        self.followup_prompt = followup_prompt
        # Each followed thread's context before its latest follow-up, until the answer is posted.
        self._before: dict[str, ThreadContext] = {}
        self.query = QueryHandler(
            store=store,
            classifications=classifications,
            llm=llm,
            synthesis_prompt=query_prompt,
            reading_prompt=reading_prompt,
            digester=self.digest,
        )
        self._answer_max_tokens = answer_max_tokens
        # The PR-body cleaner for LLM prompts (bot.services.bodies.clean_body), passed in because
        # handlers/ never imports bot/.
        self._clean_body = clean_body
        self.subscriptions = SubscriptionHandler(
            store=store,
            query=self.query,
            clock=clock,
            limits=subscription_limits or SubscriptionLimits(),
            digest_channels=digest_channels,
        )

    @cached_property
    def followups(self) -> FollowupHandler:
        """The follow-up handler, built at the first follow-up: its modules are imported only
        then, so `python -m bot ask` (which never follows up) starts without them. LLM answers
        need the model and the follow-up prompt; without them follow-ups are answered offline."""
        from handlers.followup import FollowupHandler

        return FollowupHandler(
            store=self.store,
            query=self.query,
            classifications=self.classifications,
            limits=self.limits,
            llm=self.llm,
            prompt=self.followup_prompt,
            answer_max_tokens=self._answer_max_tokens,
            clean_body=self._clean_body,
        )

    # -- routing -----------------------------------------------------------------------------------
    def repo(self, name: str) -> RepoSettings:
        return self.repos[name.lower()]

    def repo_for_command(self, command: str) -> RepoSettings | None:
        wanted = command.lstrip("/").lower()
        for settings in self.repos.values():
            if settings.command == wanted:
                return settings
        return None

    def topic_words(self, repo: str) -> tuple[str, ...]:
        """Every word users may type for a topic (for autocomplete and help)."""
        words: dict[str, None] = {}
        for topic in self.repo(repo).taxonomy.topics:
            for word in topic.words:
                words[word] = None
        return tuple(words)

    # -- slash commands ----------------------------------------------------------------------------
    async def command(
        self, repo: str, text: str, *, user: str = "", context: CommandContext | None = None
    ) -> Reply:
        """Answer the text of a slash command (`rocm last week`) for a repository.

        Text starting with a subscription subcommand (`subscribe`, `subscriptions`,
        `unsubscribe`, `digest here|stop`) goes to the subscription handler, which needs to
        know where it came from (`context`, given by the chat adapters). A chat command counts
        against its person's and its channel's per-minute limits; over a limit the asker alone
        gets a "slow down" answer (the CLI and operators, without a chat context, are not limited)."""
        try:
            if context is not None and not context.operator:
                limited = await self.over_limit(
                    f"{context.platform}:{context.user or user}", f"{context.platform}:{context.channel}"
                )
                if limited is not None:
                    return limited
            if is_subscription_command(text):
                settings = self.repo(repo)
                if context is None:
                    return refusal("subscriptions are managed from a chat channel or the CLI", settings)
                return await self.subscriptions.handle(settings, text, context)
            return await self.query.answer(self.repo(repo), text, now=self.clock(), user=user)
        except StoreUnavailable as exc:
            log.warning("command %r for %s: %s", text[:100], repo, exc)
            return UNAVAILABLE

    async def over_limit(self, user: str, channel: str) -> Reply | None:
        """Count one request for `user` and `channel`; a private "slow down" Reply when either
        went over its per-minute limit, else None. Unknown ids (empty) are not limited."""
        checks = (
            ("user", user, self.limits.per_user_per_minute, "You are sending requests faster than"),
            (
                "channel",
                channel,
                self.limits.per_channel_per_minute,
                "This channel is sending requests faster than",
            ),
        )
        for scope, who, limit, lead in checks:
            if not who or limit <= 0:
                continue
            if await self.store.hit(f"requests:{scope}:{who}", 60) > limit:
                return Reply(
                    kind="error",
                    title=f"{lead} {limit} a minute",
                    notes=("Please wait a minute and try again.",),
                    ephemeral=True,
                )
        return None

    # -- threads -------------------------------------------------------------------------------------
    async def remember(self, key: ThreadKey, seed: ThreadSeed | None) -> None:
        """Store what a posted reply or digest is about, so its thread can be followed up."""
        if seed is None:
            return
        context = ThreadContext.from_seed(key, seed)
        await self.store.put_thread(context, self.limits.thread_ttl_seconds)

    # -- follow-ups ------------------------------------------------------------------------------------
    async def followup(self, key: ThreadKey, text: str, *, user: str = "", addressed: bool = False) -> Reply:
        """Answer a message in a thread the bot follows (its own answer or digest)."""
        try:
            context = await self.store.get_thread(key)
            if context is not None:
                limited = await self.over_limit(user, f"{key.platform}:{key.channel}")
                if limited is not None:
                    return limited
        except StoreUnavailable as exc:
            log.warning("follow-up in %s: %s", key.as_str(), exc)
            return UNAVAILABLE
        if context is None:
            return NO_CONTEXT
        self._before[key.as_str()] = context
        while len(self._before) > UNDO_KEEP:
            self._before.pop(next(iter(self._before)))
        settings = self.repos.get(context.repo.lower())
        if settings is None:
            return Reply(
                kind="error",
                title=f"This bot no longer follows {context.repo}",
                notes=("Start a new query with a slash command for a repository it follows.",),
            )
        try:
            return await self.followups.answer(
                settings, context, text, now=self.clock(), user=user, addressed=addressed
            )
        except StoreUnavailable as exc:
            log.warning("follow-up in %s: %s", key.as_str(), exc)
            return UNAVAILABLE

    async def followup_not_posted(self, key: ThreadKey) -> None:
        """The answer to the last follow-up in `key` never reached the thread (the platform refused
        it): put the thread back as it was, so `more` shows the same page again next time."""
        before = self._before.pop(key.as_str(), None)
        if before is None:
            return
        try:
            await self.store.put_thread(before, self.limits.thread_ttl_seconds)
        except StoreUnavailable as exc:
            log.warning(
                "follow-up in %s: could not restore the thread after a failed post: %s", key.as_str(), exc
            )

    # -- digests ---------------------------------------------------------------------------------------
    async def digest(self, repo: str, window: Window | None = None) -> Digest:
        """Build the digest of `window` (default: the last full calendar week in the repo's
        timezone) and store it by repo and window, so its thread can be followed up.
        LLM-written when an LLM is configured, offline otherwise."""
        from handlers.digest import build_digest, digest_to_dict, last_full_week, window_key  # start-up

        if repo.lower() not in self.repos:
            known = ", ".join(r.name for r in self.repos.values())
            raise BotError(f"repository {repo!r} is not configured (configured: {known})")
        settings = self.repo(repo)
        window = window or last_full_week(self.clock(), settings.tz, settings.week_start)
        digest = await build_digest(
            settings,
            window,
            store=self.store,
            classifications=self.classifications[settings.name],
            llm=self.llm,
            prompt=self.digest_prompt,
            max_tokens=self.digest_max_tokens,
        )
        await self.store.put_digest(settings.name, window_key(window), digest_to_dict(digest))
        return digest
