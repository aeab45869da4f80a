"""Discord front end: a discord.py client that turns slash commands, thread messages and digest
posts into calls on the neutral core (the `ChatCore` port, bot/adapters/core.py), and renders
what comes back.

Lifecycle (called by the run mode): `await start()` logs in (which runs `setup_hook`: gateway
discovery and command sync) and connects in a background task; `await stop()` closes;
`connected` says whether the gateway session is up; `post_digest(...)` posts a digest.

Thread keys: `ThreadKey("discord", <parent channel id>, <thread id>)`. A thread started from a
message has the message's id, so the key also names the answer or digest message.

Follow-ups are messages in threads this bot created (`thread.owner_id == bot user id`). They
need the privileged message-content intent; with `[discord] message_content_intent = false`
only messages that mention the bot carry text, so follow-ups work by mentioning it, and the
help answer says so.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Literal

import discord
import yarl
from discord import app_commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.adapters.core import ChatCore
from bot.adapters.dedupe import first_delivery
from bot.adapters.discord_render import render_digest_messages, render_reply_messages, thread_name
from bot.config import DiscordConfig
from bot.metrics import Metrics
from handlers.calendar import window_key
from handlers.digest import digest_seed
from handlers.errors import BotError
from handlers.models import Digest, Reply, RepoSettings, ThreadKey, ThreadSeed
from handlers.ports import Store
from handlers.subscriptions import CommandContext

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()
THREAD_ARCHIVE_MINUTES: Literal[1440] = 1440  # a day without messages archives a thread
FAILED = Reply(
    kind="error",
    title="Something went wrong while answering; it has been logged.",
    ephemeral=True,
)
# Discord's JSON error codes we explain in the log (https://discord.com/developers/docs/topics/opcodes-and-status-codes).
UNKNOWN_CHANNEL = 10003
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
UNKNOWN_INTERACTION = 10062
UNKNOWN_WEBHOOK = 10015
INVALID_WEBHOOK_TOKEN = 50027
ALREADY_ACKNOWLEDGED = 40060
THREAD_ALREADY_CREATED = 160004


def digest_nonce(repo: str, digest: Digest, channel_id: int, part: int) -> str:
    """Discord's nonce for one part of one digest in one channel (at most 25 characters)."""
    seed = f"{repo.lower()}|{window_key(digest.window)}|{channel_id}|{part}"
    return hashlib.sha256(seed.encode()).hexdigest()[:25]


# Answers are computed at most this many at a time: a burst of slow queries must leave the event
# loop free to acknowledge the next interactions within Discord's 3 seconds.
MAX_CONCURRENT_ANSWERS = 2


HEARTBEAT_GRACE = 10.0  # seconds (at most one heartbeat interval) an unacknowledged heartbeat may take


def _heartbeat_overdue(ws: DiscordWebSocket) -> bool:
    """A heartbeat went unacknowledged past its grace (at most HEARTBEAT_GRACE, at most one
    interval): the gateway is dead although the socket looks open. discord.py itself waits for
    its 60-second receive timeout to notice."""
    keep_alive = getattr(ws, "_keep_alive", None)
    sent, acked = getattr(keep_alive, "_last_send", None), getattr(keep_alive, "_last_ack", None)
    interval = float(getattr(keep_alive, "interval", 0) or 0)
    if sent is None or acked is None or not interval:
        return False
    grace = min(HEARTBEAT_GRACE, interval)
    return bool(sent > acked and time.perf_counter() - acked > interval + grace)


def describe_http_error(exc: discord.HTTPException, what: str) -> str:
    """One log line naming what failed and what to do about it."""
    if exc.code == UNKNOWN_INTERACTION:
        hint = (
            "the interaction expired (not acknowledged within Discord's 3 seconds: is the bot "
            "overloaded or its clock/network slow?)"
        )
    elif exc.code in (INVALID_WEBHOOK_TOKEN, UNKNOWN_WEBHOOK):
        hint = "the interaction's token expired (answers must come within 15 minutes)"
    elif exc.code == ALREADY_ACKNOWLEDGED:
        hint = "the interaction was already acknowledged (a replayed or duplicate event)"
    elif exc.status == 404 or exc.code == UNKNOWN_CHANNEL:
        hint = "not found (unknown channel or message): check the configured channel ID"
    elif exc.status == 403 or exc.code in (MISSING_ACCESS, MISSING_PERMISSIONS):
        hint = (
            "missing permissions: the bot needs View Channel, Send Messages, Create Public Threads "
            "and Send Messages in Threads there"
        )
    else:
        hint = "Discord refused the request"
    return f"discord: {what}: {hint} (HTTP {exc.status}, code {exc.code}: {exc.text or 'no message'})"


class _Client(discord.Client):
    """discord.py's client with our hooks; everything it decides is in DiscordAdapter."""

    def __init__(self, adapter: DiscordAdapter, intents: discord.Intents) -> None:
        super().__init__(intents=intents, allowed_mentions=NO_MENTIONS)
        self.adapter = adapter
        self.tree = app_commands.CommandTree(self)

    async def setup_hook(self) -> None:
        await self.adapter._setup()

    async def on_ready(self) -> None:
        self.adapter._gateway_up = True
        log.info("discord: connected as %s to %d guild(s)", self.user, len(self.guilds))

    async def on_resumed(self) -> None:
        self.adapter._gateway_up = True
        log.info("discord: gateway session resumed")

    async def on_disconnect(self) -> None:
        if self.adapter._gateway_up:
            log.warning("discord: gateway connection lost; reconnecting")
        self.adapter._gateway_up = False

    async def on_message(self, message: discord.Message) -> None:
        await self.adapter._on_message(message)


class DiscordAdapter:
    """One Discord bot connection serving every configured repository."""

    def __init__(
        self,
        handlers: ChatCore,
        settings: DiscordConfig,
        token: str,
        metrics: Metrics | None = None,
        *,
        store: Store,
        repos: Sequence[RepoSettings],
    ) -> None:
        """`handlers` answers; `store` holds the interaction claims; `repos` get a slash command each."""
        if not token:
            raise BotError("DISCORD_TOKEN is not set: create a bot token in the Discord developer portal")
        self.handlers = handlers
        self.store = store
        self.repos = tuple(repos)
        self.settings = settings
        self._token = token
        if settings.api_base_url:
            # discord.py's REST base is a class setting; pointing it elsewhere (a stand-in, a proxy)
            # is configuration of the library, done once before the client is built.
            Route.BASE = settings.api_base_url.rstrip("/")
        # The bot has no voice features, so discord.py's start-up warnings that voice libraries
        # (PyNaCl, davey) are missing are noise; these class flags are the library's own switch.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True  # guilds, channels, threads (THREAD_CREATE) and interactions' context
        intents.guild_messages = True  # MESSAGE_CREATE in guild channels and threads
        intents.message_content = settings.message_content_intent
        self.client = _Client(self, intents)
        self._task: asyncio.Task[None] | None = None
        self._posting_only = False
        self._answering = asyncio.Semaphore(MAX_CONCURRENT_ANSWERS)
        self.metrics = metrics or Metrics()
        self._gateway_up = False
        # Called with a reason when Discord ends the session for good (e.g. close 4014); `run`
        # sets it to stop the process instead of running on with Discord dead.
        self.on_fatal: Callable[[str], None] | None = None

    # -- lifecycle ----------------------------------------------------------------------------------------
    async def start(self, *, listen: bool = True) -> None:
        """Log in (runs setup_hook: gateway discovery, command sync) and connect in the background.

        `listen=False` logs in over REST only (`digest --post`): no gateway session that would
        receive a running bot's interactions and messages, no command sync.
        """
        self._posting_only = not listen
        try:
            await self.client.login(self._token)
        except discord.LoginFailure:
            await self.client.close()
            raise BotError("Discord rejected DISCORD_TOKEN (401 Unauthorized): check the bot token") from None
        if self._posting_only:
            log.info("discord: logged in as %s (posting only)", self.client.user)
            return
        self._task = asyncio.create_task(self.client.connect(reconnect=True), name="discord-gateway")
        self._task.add_done_callback(self._connection_ended)

    async def stop(self) -> None:
        self._gateway_up = False  # closing on purpose: no "connection lost" line
        await self.client.close()
        if self._task is not None:
            with contextlib.suppress(Exception):  # already logged by _connection_ended
                await self._task
            self._task = None

    @property
    def connected(self) -> bool:
        if self._posting_only:
            return self.client.user is not None and not self.client.is_closed()
        ws = self.client.ws
        if not (self._gateway_up and self.client.is_ready() and not self.client.is_closed()):
            return False
        return ws is not None and ws.open and not _heartbeat_overdue(ws)

    async def wait_until_ready(self, timeout: float = 30.0) -> None:
        """Until the gateway is ready, or its connection ended for good (e.g. close 4014)."""
        ready = asyncio.ensure_future(self.client.wait_until_ready())
        waits: set[asyncio.Future[Any]] = {ready}
        if self._task is not None:
            waits.add(self._task)
        done, _ = await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if not ready.done():
            ready.cancel()
        if not done:
            raise TimeoutError

    def _connection_ended(self, task: asyncio.Task[None]) -> None:
        if task.cancelled():
            return
        exc = task.exception()
        self._gateway_up = False
        reason = None
        if isinstance(exc, discord.PrivilegedIntentsRequired):
            reason = (
                "discord: the gateway refused the message-content intent (close 4014): enable "
                "'Message Content Intent' for the bot in the developer portal, or set "
                "[discord] message_content_intent = false"
            )
        elif exc is not None:
            reason = f"discord: gateway connection ended: {type(exc).__name__}: {exc}"
        if reason is None:
            return
        log.error("%s", reason)
        if self.on_fatal is not None:
            self.on_fatal(reason)

    async def _setup(self) -> None:
        """setup_hook: find the gateway, register one slash command per repo, sync them."""
        if self._posting_only:
            return
        if self.settings.api_base_url:
            # A plain discord.Client connects to its built-in gateway URL; with another API base
            # we ask that API where its gateway is (GET /gateway/bot), as Discord documents.
            _, url, _ = await self.client.http.get_bot_gateway()
            DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
        tree = self.client.tree
        for repo in self.repos:
            tree.add_command(self._command_for(repo))
        try:
            if self.settings.guild_ids:
                for guild_id in self.settings.guild_ids:
                    guild = discord.Object(id=guild_id)
                    tree.copy_global_to(guild=guild)
                    synced = await tree.sync(guild=guild)
                    log.info("discord: synced %d command(s) to guild %s", len(synced), guild_id)
            else:
                synced = await tree.sync()
                log.info("discord: synced %d global command(s) (may take up to an hour to show)", len(synced))
        except discord.HTTPException as exc:
            log.error(
                describe_http_error(
                    exc, "syncing slash commands (was the bot invited with applications.commands?)"
                )
            )

    # -- slash commands -----------------------------------------------------------------------------------
    def _command_for(self, repo: RepoSettings) -> app_commands.Command:
        adapter = self

        @app_commands.describe(
            query="e.g. rocm last week · subscribe rocm -ci · subscriptions · unsubscribe ID (empty: help)"
        )
        async def callback(interaction: discord.Interaction, query: str = "") -> None:
            await adapter._answer_command(interaction, repo, query)

        async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            return adapter.complete(repo.name, current)

        command: app_commands.Command[Any, ..., None] = app_commands.Command(
            name=repo.command, description=f"Ask about {repo.name} pull requests"[:100], callback=callback
        )
        command.autocomplete("query")(complete)
        return command

    def complete(self, repo: str, current: str) -> list[app_commands.Choice[str]]:
        """Complete the word being typed with the repo's topic words (Discord shows at most 25)."""
        head, _, last = current.rpartition(" ")
        prefix = f"{head} " if head else ""
        last = last.lower()
        words = self.handlers.topic_words(repo)
        matches = [w for w in words if w.startswith(last)] + [w for w in words if last and last in w[1:]]
        # Discord takes at most 100 characters per choice; a longer one is left out, never cut
        # (a cut choice would submit a different query, ending in half a word).
        values = [v for v in dict.fromkeys(f"{prefix}{w}" for w in matches) if len(v) <= 100][:25]
        return [app_commands.Choice(name=v, value=v) for v in values]

    async def _answer_command(self, interaction: discord.Interaction, repo: RepoSettings, text: str) -> None:
        # A replayed delivery carries the same interaction id: answer it once (as Slack's trigger_id).
        key = f"discord:interaction:{interaction.id}"
        # Bounded: the acknowledgement below must come within Discord's 3 s even when the store is
        # locked by another process.
        if not await first_delivery(self.store, key, "discord", 3600, "discord", timeout=0.5):
            log.info("discord: interaction %s was already answered; ignoring the replay", interaction.id)
            return
        try:
            # Discord drops interactions not acknowledged within 3 seconds: defer before any work.
            await interaction.response.defer(thinking=True)
        except discord.HTTPException as exc:
            log.warning(describe_http_error(exc, f"acknowledging /{repo.command}"))
            return
        try:
            user = str(interaction.user.id)
            where = CommandContext(
                "discord",
                str(interaction.channel_id),
                user,
                is_dm=interaction.guild_id is None,
                can_manage=interaction.permissions.manage_channels,
                dm_channel=user,
            )
            async with self._answering:
                reply = await self.handlers.command(repo.name, text, user=user, context=where)
        except BotError as exc:
            reply = Reply(kind="error", title=str(exc), ephemeral=True)
        except Exception:
            log.exception("discord: /%s %r failed", repo.command, text[:100])
            reply = FAILED
        reply = self._with_platform_help(reply)
        try:
            await self._send_answer(interaction, repo, text, reply)
        except discord.HTTPException as exc:
            log.error(
                describe_http_error(exc, f"answering /{repo.command} in channel {interaction.channel_id}")
            )
        finally:
            waited = (discord.utils.utcnow() - interaction.created_at).total_seconds()
            self.metrics.observe("prbot_answer_seconds", max(0.0, waited), {"platform": "discord"})

    def _with_platform_help(self, reply: Reply) -> Reply:
        if reply.kind != "help" or self.settings.message_content_intent:
            return reply
        name = self.client.user.name if self.client.user else "the bot"
        note = f"Follow-ups: mention @{name} in the answer's thread, e.g. `@{name} only the merged ones`."
        return replace(reply, notes=(*reply.notes, note))

    async def _send_answer(
        self, interaction: discord.Interaction, repo: RepoSettings, text: str, reply: Reply
    ) -> None:
        if reply.digest is not None and not reply.ephemeral:  # "/vllm weekly digest"
            await self._send_digest_answer(interaction, repo, reply.digest)
            return
        parts = render_reply_messages(reply)
        if reply.ephemeral:
            # Ephemerality is fixed by the deferral, which was public: remove the public "thinking"
            # message, then answer privately.
            await interaction.delete_original_response()
            for part in parts:
                await interaction.followup.send(part, ephemeral=True, allowed_mentions=NO_MENTIONS)
            return
        message = await interaction.edit_original_response(content=parts[0], allowed_mentions=NO_MENTIONS)
        for part in parts[1:]:
            await interaction.followup.send(part, allowed_mentions=NO_MENTIONS)
        if reply.seed is None:
            return
        name = f"/{repo.command} {text}".strip()
        await self._open_thread(message, name, reply.seed, what=f"answer to /{repo.command}")

    async def _send_digest_answer(
        self, interaction: discord.Interaction, repo: RepoSettings, digest: Digest
    ) -> None:
        """A digest asked for with the slash command, delivered as the weekly one is: the answer
        is its channel message, and its areas and every other PR go in the answer's thread."""
        parent, *rest = render_digest_messages(digest)
        message = await interaction.edit_original_response(content=parent, allowed_mentions=NO_MENTIONS)
        thread = await self._open_thread(
            message, digest.title, digest_seed(digest), what=f"{repo.name} digest"
        )
        if thread is None:
            return
        try:
            for part in rest:
                await thread.send(part, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException as exc:
            log.error(describe_http_error(exc, f"continuing the asked-for digest in thread {thread.id}"))

    async def _open_thread(
        self, message: discord.Message, name: str, seed: ThreadSeed, *, what: str
    ) -> discord.Thread | None:
        # A thread started from a message has the message's id, so the context is stored first:
        # a follow-up typed the moment the thread appears already finds it.
        key = ThreadKey("discord", str(message.channel.id), str(message.id))
        await self.handlers.remember(key, seed)
        try:
            thread = await message.create_thread(
                name=thread_name(name, fallback=what), auto_archive_duration=THREAD_ARCHIVE_MINUTES
            )
        except discord.HTTPException as exc:
            if exc.code == THREAD_ALREADY_CREATED:  # a resumed post: the thread is the message's id
                existing = self.client.get_channel(message.id) or await self.client.fetch_channel(message.id)
                return existing if isinstance(existing, discord.Thread) else None
            log.error(
                describe_http_error(exc, f"opening a thread on the {what} in channel {message.channel.id}")
            )
            return None
        if thread.id != message.id:  # not what Discord documents, but stay correct if it happens
            await self.handlers.remember(ThreadKey("discord", str(message.channel.id), str(thread.id)), seed)
        return thread

    # -- follow-ups in threads ------------------------------------------------------------------------------
    def _followup_text(self, message: discord.Message) -> str | None:
        """The question in a message, or None when the message is not for us."""
        me = self.client.user
        if me is None or message.author.bot or message.author.id == me.id:
            return None
        if message.type not in (discord.MessageType.default, discord.MessageType.reply):
            return None
        thread = message.channel
        if not isinstance(thread, discord.Thread) or thread.owner_id != me.id:
            return None
        mentioned = any(user.id == me.id for user in message.mentions)
        if not self.settings.message_content_intent and not mentioned:
            return None  # without the intent Discord sends only messages that mention us with text
        text = re.sub(rf"<@!?{me.id}>", " ", message.content).strip()
        return text or None

    async def _on_message(self, message: discord.Message) -> None:
        text = self._followup_text(message)
        if text is None:
            return
        thread = message.channel
        assert isinstance(thread, discord.Thread)
        key = ThreadKey("discord", str(thread.parent_id), str(thread.id))
        me = self.client.user
        addressed = me is not None and any(user.id == me.id for user in message.mentions)
        try:
            async with self._answering:
                reply = await self.handlers.followup(
                    key, text, user=str(message.author.id), addressed=addressed
                )
        except BotError as exc:
            reply = Reply(kind="error", title=str(exc))
        except Exception:
            log.exception("discord: follow-up in thread %s failed", thread.id)
            reply = FAILED
        if reply.kind == "quiet":  # chatter ("thanks!"): no public reply
            return
        try:
            for part in render_reply_messages(reply):
                await thread.send(part, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException as exc:
            await self.handlers.followup_not_posted(key)
            log.error(describe_http_error(exc, f"answering a follow-up in thread {thread.id}"))

    # -- digests --------------------------------------------------------------------------------------------------
    async def post_digest(self, repo: str, channel_id: int, digest: Digest) -> int | None:
        """Post a digest as one channel message, open its thread, post the rest there, remember
        the thread; returns the channel message's id.

        A missing channel or missing permissions are logged and give None; nothing is raised.
        """
        where = f"posting the {repo} digest to channel {channel_id}"
        try:
            channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
        except discord.HTTPException as exc:
            log.error(describe_http_error(exc, where))
            return None
        if not isinstance(channel, discord.TextChannel):
            log.error("discord: %s: it is a %s, not a text channel", where, type(channel).__name__)
            return None
        parent, *rest = render_digest_messages(digest)
        try:
            # A nonce per (repo, window, channel, part) with enforce_nonce: a retry after a crash
            # gets the message Discord already has instead of a second one.
            first = await channel.send(
                parent, allowed_mentions=NO_MENTIONS, nonce=digest_nonce(repo, digest, channel_id, 0)
            )
        except discord.HTTPException as exc:
            log.error(describe_http_error(exc, where))
            return None
        # One channel message; the areas and every other PR go in its thread.
        thread = await self._open_thread(first, digest.title, digest_seed(digest), what=f"{repo} digest")
        sent = 0
        if thread is not None:
            try:
                for number, part in enumerate(rest, start=1):
                    await thread.send(
                        part,
                        allowed_mentions=NO_MENTIONS,
                        nonce=digest_nonce(repo, digest, channel_id, number),
                    )
                    sent += 1
            except discord.HTTPException as exc:
                log.error(describe_http_error(exc, f"continuing the {repo} digest in thread {thread.id}"))
        log.info(
            "discord: posted the %s digest to channel %s: 1 message, %d of %d in its thread",
            repo,
            channel_id,
            sent,
            len(rest),
        )
        return first.id
