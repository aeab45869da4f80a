"""The Slack front end: a slack-bolt AsyncApp in Socket Mode or HTTP mode, inside our asyncio loop.

It translates and nothing more: a slash command becomes `handlers.command`, a message in a
thread the bot started becomes `handlers.followup` (the `ChatCore` port, bot/adapters/core.py), and the neutral replies are rendered to
Block Kit by slack_render. Every slash command is acknowledged first (an empty 200) and answered
afterwards from a tracked task, so no store, classifier or LLM call can delay the ack.

Faults: Slack's `ratelimited` (HTTP 429 + Retry-After) is retried by slack_sdk's rate-limit
retry handler; a channel the bot cannot post in (`not_in_channel`, `channel_not_found`) gets a
clear log line and the answer goes through the command's response_url with an invite hint.
Events Slack re-delivers (`X-Slack-Retry-Num`) and the message/app_mention pair Slack sends for
one mention are answered once, through a store claim on the message.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import re
import time
import uuid
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import replace
from typing import Any
from urllib.parse import parse_qs

import aiohttp
from aiohttp import web
from slack_bolt.adapter.aiohttp import to_aiohttp_response, to_bolt_request
from slack_bolt.async_app import AsyncAck, AsyncApp, AsyncRespond
from slack_bolt.authorization import AuthorizeResult
from slack_sdk.errors import SlackApiError
from slack_sdk.http_retry.builtin_async_handlers import (
    AsyncConnectionErrorRetryHandler,
    AsyncRateLimitErrorRetryHandler,
)
from slack_sdk.web.async_client import AsyncWebClient

from bot.adapters.core import ChatCore
from bot.adapters.dedupe import first_delivery
from bot.adapters.pacing import ChannelPacer
from bot.adapters.slack_render import (
    ACTION_ALL_PRS,
    ACTION_ONLY_MERGED,
    Message,
    escape,
    render_digest_blocks,
    render_reply_blocks,
)
from bot.config import Secrets, SlackConfig, platform_secrets
from bot.metrics import Metrics
from handlers.calendar import window_key
from handlers.digest import digest_seed
from handlers.errors import BotError, StoreUnavailable
from handlers.models import Digest, Reply, RepoSettings, ThreadKey
from handlers.ports import Store
from handlers.subscriptions import CommandContext

log = logging.getLogger(__name__)

EVENTS_PATH = "/slack/events"
CANNOT_POST = ("not_in_channel", "channel_not_found")
HANDLED_SUBTYPES = (None, "thread_broadcast", "file_share")
DIGEST_EVENT = "prbot_digest"  # message metadata event type of every digest message
HISTORY_LOOKBACK_SECONDS = 8 * 86400  # how far back a channel is searched for an earlier post
CLAIM_SECONDS = 3600  # Slack retries an event for at most about an hour
# Answers are computed one at a time, and only while no request is waiting for its ack (or after
# ACK_PRIORITY_SECONDS): a query's CPU work in this loop must never hold back Slack's 3-second ack.
MAX_CONCURRENT_ANSWERS = 2
ACK_PRIORITY_SECONDS = 0.2
_MENTION = re.compile(r"<@[A-Z0-9]+(?:\|[^>]*)?>")
RESPOND_ATTEMPTS = 3  # response_url posts: one try and two retries (429, 5xx)
RESPOND_MAX_WAIT = 10.0
SIGNATURE_MAX_AGE = 300  # Slack: refuse requests whose timestamp is more than five minutes off
REJECTION_LOG_SECONDS = 60.0  # rejected requests are counted each, logged at most once a minute

FAILED = Reply(
    kind="error",
    title="Sorry, something went wrong answering that",
    notes=("The error was logged. Please try again in a minute.",),
    ephemeral=True,
)


class SlackSetupError(BotError):
    """Slack cannot be started: a missing secret or a token Slack refuses."""


class SlackPostError(BotError):
    """Slack refused a post (e.g. the bot is not in the channel)."""


def _digest_metadata(key: str, part: int) -> dict[str, Any]:
    return {"event_type": DIGEST_EVENT, "event_payload": {"key": key, "part": part}}


def _readable(body: bytes, content_type: str) -> bool:
    """What Slack sends: a JSON object (events), or a form whose optional `payload` is one."""
    try:
        text = body.decode("utf-8")
        if content_type == "application/json":
            return isinstance(json.loads(text), dict)
        form = parse_qs(text, keep_blank_values=True, strict_parsing=bool(text))
        if "payload" in form:
            return isinstance(json.loads(form["payload"][0]), dict)
        return True
    except ValueError:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        return False


def _message_text(text: str) -> str:
    """Slack message text -> what the user typed: mentions dropped, entities decoded."""
    text = _MENTION.sub(" ", text)
    return " ".join(text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").split())


# Which secrets Slack needs is bot.config.platform_secrets; this only says why, in the error.
_WHY_NEEDED = {
    "SLACK_SIGNING_SECRET": " (needed in HTTP mode)",
    "SLACK_APP_TOKEN": " (needed in Socket Mode; or set slack.mode = 'http')",
}


class _DropTokenSkipped(logging.Filter):
    """Bolt reads SLACK_BOT_TOKEN from the environment itself and warns that it is unused because
    we pass a client; that warning is about bolt's internals, not anything an operator can fix."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "`token` will be unused" not in record.getMessage()


def _bolt_logger() -> logging.Logger:
    logger = logging.getLogger("slack_bolt.AsyncApp")
    if not any(isinstance(f, _DropTokenSkipped) for f in logger.filters):
        logger.addFilter(_DropTokenSkipped())
    return logger


class SlackAdapter:
    """One Slack workspace connection; `start()`/`stop()` run inside the caller's event loop."""

    def __init__(
        self,
        handlers: ChatCore,
        settings: SlackConfig,
        secrets: Secrets,
        metrics: Metrics | None = None,
        *,
        store: Store,
        repos: Sequence[RepoSettings],
    ) -> None:
        """`handlers` answers; `store` holds the delivery claims and the followed threads;
        `repos` are the repositories whose slash commands this app serves."""
        missing = secrets.missing(platform_secrets(settings.mode)["slack"])
        if missing:
            named = ", ".join(name + _WHY_NEEDED.get(name, "") for name in missing)
            raise SlackSetupError(f"slack: environment variable {named} is not set")
        self.handlers = handlers
        self.store = store
        self.repos = tuple(repos)
        self.settings = settings
        self._secrets = secrets
        self.metrics = metrics or Metrics()
        self._rejections_unlogged = 0
        self._rejection_logged_at = -REJECTION_LOG_SECONDS
        self._instance = uuid.uuid4().hex[:8]
        self._tasks: set[asyncio.Task[None]] = set()
        self._answering = asyncio.Semaphore(MAX_CONCURRENT_ANSWERS)
        self._pacer = ChannelPacer(settings.channel_posts_per_second, settings.channel_burst)
        self._acking = 0  # requests inside bolt, not yet acknowledged
        self._no_acks_pending = asyncio.Event()
        self._no_acks_pending.set()
        retry = [
            AsyncConnectionErrorRetryHandler(max_retry_count=2),
            AsyncRateLimitErrorRetryHandler(max_retry_count=3),
        ]
        self.client = AsyncWebClient(
            token=secrets.slack_bot_token, base_url=settings.api_base_url, retry_handlers=retry
        )
        # Bolt gets a token-less client and our `authorize`, which answers from the one auth.test
        # done in start(); otherwise bolt calls auth.test again for the first concurrent requests.

        async def authorize(enterprise_id: str | None, team_id: str | None) -> AuthorizeResult:
            # bolt passes arguments by parameter name, so this is a plain function, not a method
            return AuthorizeResult(
                enterprise_id=enterprise_id,
                team_id=team_id,
                bot_token=secrets.slack_bot_token,
                bot_id=self.bot_id,
                bot_user_id=self.bot_user_id,
            )

        self.app = AsyncApp(
            client=AsyncWebClient(base_url=settings.api_base_url, retry_handlers=retry),
            logger=_bolt_logger(),
            authorize=authorize,
            signing_secret=secrets.slack_signing_secret or "",
            process_before_response=False,
            name="prbot",
        )
        self.bot_user_id = ""
        self.bot_id = ""
        self.bot_name = "prbot"
        self.port: int | None = None  # the bound port in HTTP mode (useful with port 0)
        self._runner: web.AppRunner | None = None
        self._socket: Any = None
        self._http: aiohttp.ClientSession | None = None
        self._posting_only = False
        self._register()

    # -- lifecycle -----------------------------------------------------------------------------------
    async def start(self, *, listen: bool = True) -> None:
        """Check the token (auth.test), then listen: an HTTP server or a Socket Mode connection.

        `listen=False` uses only the Web API (`digest --post`): no port to bind and no socket that
        Slack would hand a running bot's events to.
        """
        # One connection pool for every Web API call: without it slack_sdk opens a new
        # connection (a TLS handshake, against slack.com) for each post.
        if self._http is None or self._http.closed:
            self._http = aiohttp.ClientSession()
        self.client.session = self._http
        self.app.client.session = self._http
        try:
            auth = await self.client.auth_test()
        except SlackApiError as exc:
            await self._close_session()
            raise SlackSetupError(
                f"slack: auth.test failed: {exc.response.get('error')} (check SLACK_BOT_TOKEN)"
            ) from None
        except BaseException:
            await self._close_session()
            raise
        self.bot_user_id = str(auth.get("user_id") or "")
        self.bot_id = str(auth.get("bot_id") or "")
        self.bot_name = str(auth.get("user") or self.bot_name)
        if not listen:
            self._posting_only = True
            log.info("slack: authenticated as @%s (posting only)", self.bot_name)
            return
        if self.settings.mode == "http":
            await self._start_http()
        else:
            await self._start_socket()
        log.info(
            "slack: connected as @%s (%s) in %s mode", self.bot_name, self.bot_user_id, self.settings.mode
        )

    async def _start_http(self) -> None:
        web_app = web.Application()
        web_app.router.add_post(EVENTS_PATH, self._http_events)
        runner = web.AppRunner(web_app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self.settings.host, self.settings.port)
        await site.start()
        self._runner = runner
        self.port = int(runner.addresses[0][1])

    async def _start_socket(self) -> None:
        from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler

        self._socket = AsyncSocketModeHandler(self.app, self._secrets.slack_app_token, web_client=self.client)
        await self._socket.connect_async()

    async def stop(self) -> None:
        """Stop listening, let in-flight answers finish (briefly), close connections."""
        self._posting_only = False
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._socket is not None:
            await self._socket.close_async()
            self._socket = None
        await self.idle(timeout=10)
        for task in list(self._tasks):
            task.cancel()
        await self._close_session()

    async def _close_session(self) -> None:
        if self._http is not None:
            await self._http.close()
            self._http = None

    @property
    def connected(self) -> bool:
        if self._posting_only:
            return bool(self.bot_user_id)
        if self.settings.mode == "http":
            return self._runner is not None and bool(self.bot_user_id)
        session = getattr(getattr(self._socket, "client", None), "current_session", None)
        return session is not None and not session.closed

    async def idle(self, timeout: float | None = None) -> None:
        """Wait until every answer already started has been posted (tests, shutdown)."""
        while self._tasks:
            done, _ = await asyncio.wait(set(self._tasks), timeout=timeout)
            if not done:
                return

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _compute(self, work: Awaitable[Reply]) -> Reply:
        """Run a handler call in one of the answer slots, after pending acks. Only computing
        holds a slot: posting (and any Retry-After wait) happens outside, per channel."""
        async with self._answering:
            with contextlib.suppress(TimeoutError):  # under constant load, answer anyway
                await asyncio.wait_for(self._no_acks_pending.wait(), ACK_PRIORITY_SECONDS)
            return await work

    async def _track_acks(self, next: Callable[[], Awaitable[Any]]) -> Any:
        """Global bolt middleware: count requests until their listener has acked."""
        self._ack_started()
        try:
            return await next()
        finally:
            self._ack_done()

    def _ack_started(self) -> None:
        self._acking += 1
        self._no_acks_pending.clear()

    def _ack_done(self) -> None:
        self._acking -= 1
        if not self._acking:
            self._no_acks_pending.set()

    async def _http_events(self, request: web.Request) -> web.StreamResponse:
        """Signature first, then parsing, then bolt: a stranger's bytes never reach a parser, and
        a signed but unreadable body is a 400, not a traceback."""
        body = await request.read()
        if not self._signed(request.headers, body):
            self._rejected("bad or missing signature")
            return web.Response(status=401, text="invalid signature")
        if not _readable(body, request.content_type):
            self._rejected("unreadable body")
            return web.Response(status=400, text="unreadable body")
        self._ack_started()
        try:
            bolt_response = await self.app.async_dispatch(await to_bolt_request(request))
            response = await to_aiohttp_response(bolt_response)
            # Written here, not after returning, so answers start only once Slack has its ack.
            await response.prepare(request)
            await response.write_eof()
            return response
        finally:
            self._ack_done()

    def _signed(self, headers: Any, body: bytes) -> bool:
        """Slack's v0 signature: HMAC-SHA256 of `v0:{timestamp}:{raw body}`, timestamp within 5 min."""
        stamp = headers.get("X-Slack-Request-Timestamp", "")
        signature = headers.get("X-Slack-Signature", "")
        if not stamp.isdigit() or abs(time.time() - int(stamp)) > SIGNATURE_MAX_AGE:
            return False
        secret = (self._secrets.slack_signing_secret or "").encode()
        expected = "v0=" + hmac.new(secret, b"v0:" + stamp.encode() + b":" + body, hashlib.sha256).hexdigest()
        return hmac.compare_digest(expected, signature)

    def _rejected(self, reason: str) -> None:
        """Count every rejected request; log them at most once a minute (strangers must not
        be able to fill the log)."""
        self.metrics.inc("prbot_rejected_requests_total", {"platform": "slack", "reason": reason})
        self._rejections_unlogged += 1
        now = time.monotonic()
        if now - self._rejection_logged_at >= REJECTION_LOG_SECONDS:
            log.warning(
                "slack: rejected %d request(s) on %s in the last minute (latest: %s)",
                self._rejections_unlogged,
                EVENTS_PATH,
                reason,
            )
            self._rejections_unlogged = 0
            self._rejection_logged_at = now

    # -- listeners ------------------------------------------------------------------------------------
    def _register(self) -> None:
        self.app.use(self._track_acks)
        for repo in self.repos:
            self.app.command(f"/{repo.command}")(self._on_command)
        self.app.event("message")(self._on_message)
        self.app.event("app_mention")(self._on_mention)
        for action_id in (ACTION_ALL_PRS, ACTION_ONLY_MERGED):
            self.app.action(action_id)(self._on_digest_button)
        self.app.error(self._on_error)

    async def _on_error(self, error: Exception, body: dict[str, Any]) -> None:
        log.error("slack: listener failed for a %s request: %r", body.get("type") or "command", error)

    async def _on_command(self, ack: AsyncAck, command: dict[str, Any], respond: AsyncRespond) -> None:
        arrived = time.monotonic()
        await ack()  # first, always: Slack gives up after 3 seconds
        self._spawn(self._timed_answer(arrived, self._answer_command(command, respond)))

    async def _timed_answer(self, arrived: float, work: Coroutine[Any, Any, None]) -> None:
        """prbot_answer_seconds: from the command's arrival to its answer delivered (or given up),
        including waits for an answer slot and for the channel's posting turn."""
        try:
            await work
        finally:
            self.metrics.observe("prbot_answer_seconds", time.monotonic() - arrived, {"platform": "slack"})

    async def _on_digest_button(self, ack: AsyncAck, body: dict[str, Any]) -> None:
        """A digest's "All PRs" / "Only merged" button: ack first, then answer in its thread as
        the follow-up `more` / `merged` would (the thread's seed holds every in-scope PR)."""
        await ack()
        self._spawn(self._answer_button(body))

    async def _answer_button(self, body: dict[str, Any]) -> None:
        channel = str(
            (body.get("channel") or {}).get("id") or (body.get("container") or {}).get("channel_id") or ""
        )
        message = body.get("message") or {}
        thread = str(
            message.get("thread_ts")
            or message.get("ts")
            or (body.get("container") or {}).get("message_ts")
            or ""
        )
        user = str((body.get("user") or {}).get("id") or "")
        actions = body.get("actions") or [{}]
        text = "merged" if actions[0].get("action_id") == ACTION_ONLY_MERGED else "more"
        if not channel or not thread:
            log.warning("slack: a digest button without its message (%s); ignored", sorted(body))
            return
        try:
            await self._reply_in_thread(channel, thread, user, text, addressed=True)
        except SlackApiError as exc:
            log.warning("slack: cannot answer a digest button in %s: %s", channel, exc.response.get("error"))
        except Exception:
            log.exception("slack: answering a digest button in %s failed", channel)

    async def _on_message(self, event: dict[str, Any]) -> None:
        if not self._is_for_us(event) or self._thread_started_by_us(event) is not True:
            return
        self._spawn(self._answer_followup(event))

    async def _on_mention(self, event: dict[str, Any]) -> None:
        if not self._is_for_us(event, thread_only=False):
            return
        if event.get("thread_ts") and event.get("thread_ts") != event.get("ts"):
            # A mention in someone else's thread is ignored (docs/slack.md), not answered with
            # "I no longer have the context".
            if self._thread_started_by_us(event) is False:
                return
            self._spawn(self._answer_followup(event, only_if_followed=True))
        else:
            self._spawn(self._answer_mention(event))

    def _thread_started_by_us(self, event: dict[str, Any]) -> bool | None:
        """Whether the event's thread starts with one of our messages: `parent_user_id` on thread
        replies, `root` on "also send to channel" (thread_broadcast) replies; None when the
        event carries neither (app_mention events), so the store decides."""
        root = event.get("root")
        if isinstance(root, dict) and (root.get("user") or root.get("bot_id")):
            return root.get("user") == self.bot_user_id or (
                bool(self.bot_id) and root.get("bot_id") == self.bot_id
            )
        parent = event.get("parent_user_id")
        if parent:
            return bool(parent == self.bot_user_id)
        return None

    def _is_for_us(self, event: dict[str, Any], *, thread_only: bool = True) -> bool:
        """A person's new message (not ours, not a bot's, not an edit), in a thread if asked."""
        if event.get("subtype") not in HANDLED_SUBTYPES or event.get("bot_id") or event.get("bot_profile"):
            return False
        user = event.get("user")
        if not user or user == self.bot_user_id:
            return False
        if thread_only:
            return bool(event.get("thread_ts")) and event.get("thread_ts") != event.get("ts")
        return True

    # -- answering --------------------------------------------------------------------------------------
    async def _answer_command(self, command: dict[str, Any], respond: AsyncRespond) -> None:
        channel = command.get("channel_id", "")
        user = command.get("user_id", "")
        text = command.get("text", "")
        trigger = command.get("trigger_id")
        # A signed request replayed within Slack's 5-minute window carries the same trigger_id.
        if trigger and not await self._claim_key(f"slack:trigger:{trigger}"):
            log.info(
                "slack: %s with trigger_id %s was already answered; ignoring the replay",
                command.get("command"),
                trigger,
            )
            return
        try:
            repo = self.handlers.repo_for_command(command.get("command", ""))
            if repo is None:  # only registered commands reach here; a config change may race
                return
            where = CommandContext(
                "slack", channel, user, is_dm=channel.startswith("D"), can_manage=True, dm_channel=user
            )  # a slash command in a channel comes from one of its members
            reply = await self._compute(self.handlers.command(repo.name, text, user=user, context=where))
        except BotError as exc:
            reply = Reply(kind="error", title=str(exc), ephemeral=True)
        except Exception:
            log.exception("slack: answering %s %r failed", command.get("command"), text[:100])
            reply = FAILED
        # a digest is posted as the weekly one is: its channel message, then its thread
        digest_messages = render_digest_blocks(reply.digest) if reply.digest is not None else []
        if digest_messages:
            fallback, blocks = digest_messages[0]["text"], digest_messages[0]["blocks"]
        else:
            fallback, blocks = render_reply_blocks(reply)
        try:
            if reply.ephemeral or self.settings.ephemeral_answers:
                await self._respond(
                    respond,
                    command,
                    text=fallback,
                    blocks=blocks,
                    response_type="ephemeral",
                    replace_original=False,
                )
                return
            try:
                posted = await self._post(channel=channel, text=fallback, blocks=blocks)
            except SlackApiError as exc:
                error = exc.response.get("error")
                if error not in CANNOT_POST:
                    raise
                log.warning(
                    "slack: cannot post in channel %s (%s); answering %s through response_url. "
                    "Invite the bot there with /invite @%s so thread follow-ups work",
                    channel,
                    error,
                    command.get("command"),
                    self.bot_name,
                )
                await self._respond(
                    respond,
                    command,
                    text=fallback,
                    blocks=blocks,
                    response_type="in_channel",
                    replace_original=False,
                )
                await self._respond(
                    respond,
                    command,
                    text=self._invite_hint(channel),
                    response_type="ephemeral",
                    replace_original=False,
                )
                return
            key = ThreadKey("slack", str(posted.get("channel") or channel), str(posted["ts"]))
            # a digest posted natively leads with its highlights: its thread's list in that order
            await self._remember(
                key,
                replace(reply, seed=digest_seed(reply.digest)) if reply.digest and digest_messages else reply,
            )
            if digest_messages:  # "/vllm weekly digest": its areas in the answer's thread
                await self._digest_thread(key, digest_messages[1:])
        except Exception:
            log.exception("slack: could not deliver the answer to %s in %s", command.get("command"), channel)

    async def _digest_thread(self, key: ThreadKey, messages: Sequence[Message]) -> None:
        """The areas and every other PR of a digest asked for with the slash command, as replies
        in its answer's thread (the answer is the digest's channel message)."""
        for message in messages:
            try:
                await self._post(
                    channel=key.channel, thread_ts=key.thread, text=message["text"], blocks=message["blocks"]
                )
            except SlackApiError as exc:
                log.warning(
                    "slack: digest answer thread in %s not continued: %s",
                    key.channel,
                    exc.response.get("error"),
                )
                return

    async def _respond(self, respond: AsyncRespond, command: dict[str, Any], **message: Any) -> None:
        """Answer through the command's response_url; a 429 is retried after its Retry-After, and
        an expired or used-up URL (Slack: 5 uses in 30 minutes) falls back to chat.postEphemeral
        for an ephemeral answer. Whatever still fails is logged, never silently dropped."""
        status, body = 0, ""
        for attempt in range(RESPOND_ATTEMPTS):
            try:
                response = await respond(**message)
                status, body = response.status_code, str(response.body or "")[:200]
            except aiohttp.ClientError as exc:
                status, body = 0, f"{type(exc).__name__}: {exc}"
            if 200 <= status < 300:
                return
            if status == 429 and attempt + 1 < RESPOND_ATTEMPTS:
                wait = response.headers.get("retry-after", response.headers.get("Retry-After", ["1"]))
                seconds = float((wait[0] if isinstance(wait, list) else wait) or 1)
                await asyncio.sleep(min(seconds, RESPOND_MAX_WAIT))
                continue
            if status >= 500 and attempt + 1 < RESPOND_ATTEMPTS:
                await asyncio.sleep(1)
                continue
            break
        channel, user = command.get("channel_id", ""), command.get("user_id", "")
        if message.get("response_type") == "ephemeral" and channel and user:
            try:
                await self.client.chat_postEphemeral(
                    channel=channel, user=user, text=message.get("text", ""), blocks=message.get("blocks")
                )
                log.info(
                    "slack: response_url refused (HTTP %s %s); answered with chat.postEphemeral", status, body
                )
                return
            except SlackApiError as exc:
                body = f"{body}; chat.postEphemeral: {exc.response.get('error')}"
        log.warning(
            "slack: the answer to %s in %s was not delivered through response_url: HTTP %s %s",
            command.get("command"),
            channel,
            status,
            body,
        )

    def _invite_hint(self, channel: str) -> str:
        if channel.startswith("D"):
            return (
                "I can't post in this conversation, so I answered here instead. For an answer whose "
                "thread I follow, use the command in a channel I'm in."
            )
        return (
            f"I'm not a member of this channel, so I answered through the command instead and "
            f"I can't follow up in threads here. To fix that, invite me: `/invite @{escape(self.bot_name)}`"
        )

    async def _remember(self, key: ThreadKey, reply: Reply) -> None:
        try:
            await self.handlers.remember(key, reply.seed)
        except StoreUnavailable as exc:
            log.warning("slack: thread %s not remembered: %s", key.as_str(), exc)

    async def _claim(self, event: dict[str, Any]) -> bool:
        """Exactly one answer per message: Slack's retries and the message/app_mention pair share it."""
        return await self._claim_key(f"slack:answered:{event.get('channel')}:{event.get('ts')}")

    async def _claim_key(self, key: str) -> bool:
        return await first_delivery(self.store, key, self._instance, CLAIM_SECONDS, "slack")

    async def _reply_in_thread(
        self, channel: str, thread: str, user: str, text: str, *, addressed: bool
    ) -> None:
        """Answer `text` as a follow-up in the thread; errors only the asker sees are ephemeral,
        chatter ("thanks!") gets no public reply."""
        key = ThreadKey("slack", channel, thread)
        try:
            reply = await self._compute(self.handlers.followup(key, text, user=user, addressed=addressed))
        except BotError as exc:
            reply = Reply(kind="error", title=str(exc), ephemeral=True)
        if reply.kind == "quiet":
            return
        fallback, blocks = render_reply_blocks(reply)
        try:
            if reply.ephemeral:
                await self.client.chat_postEphemeral(
                    channel=channel, user=user, thread_ts=thread, text=fallback, blocks=blocks
                )
            else:
                await self._post(channel=channel, thread_ts=thread, text=fallback, blocks=blocks)
        except Exception:
            await self.handlers.followup_not_posted(key)  # `more` shows this page again next time
            raise

    async def _answer_followup(self, event: dict[str, Any], *, only_if_followed: bool = False) -> None:
        channel = str(event.get("channel") or "")
        thread = str(event.get("thread_ts") or "")
        user = str(event.get("user") or "")
        try:
            key = ThreadKey("slack", channel, thread)
            if only_if_followed and await self.store.get_thread(key) is None:
                log.debug("slack: mention in thread %s of %s, which the bot does not follow", thread, channel)
                return
            if not await self._claim(event):
                log.debug("slack: message %s in %s already answered", event.get("ts"), channel)
                return
            addressed = event.get("type") == "app_mention" or f"<@{self.bot_user_id}>" in str(
                event.get("text") or ""
            )
            await self._reply_in_thread(
                channel, thread, user, _message_text(event.get("text") or ""), addressed=addressed
            )
        except SlackApiError as exc:
            log.warning(
                "slack: cannot answer in thread %s of %s: %s", thread, channel, exc.response.get("error")
            )
        except Exception:
            log.exception("slack: follow-up in thread %s of %s failed", thread, channel)

    async def _answer_mention(self, event: dict[str, Any]) -> None:
        """A mention outside a thread: show the asker how to use the bot, only to them."""
        channel = str(event.get("channel") or "")
        try:
            if not await self._claim(event):
                return
            repo = self.repos[0]
            reply = await self._compute(
                self.handlers.command(repo.name, "help", user=str(event.get("user") or ""))
            )
            fallback, blocks = render_reply_blocks(reply)
            await self.client.chat_postEphemeral(
                channel=channel, user=str(event.get("user")), text=fallback, blocks=blocks
            )
        except SlackApiError as exc:
            log.warning("slack: cannot answer a mention in %s: %s", channel, exc.response.get("error"))
        except Exception:
            log.exception("slack: answering a mention in %s failed", channel)

    async def _post(self, **kwargs: Any) -> Any:
        """chat.postMessage, paced per channel (slack_sdk retries a 429 after its Retry-After,
        holding only this channel's turn)."""
        channel = str(kwargs.get("channel") or "")
        return await self._pacer.run(
            channel, lambda: self.client.chat_postMessage(unfurl_links=False, unfurl_media=False, **kwargs)
        )

    # -- digests ------------------------------------------------------------------------------------------
    async def post_digest(self, repo: str, channel_id: str, digest: Digest) -> str:
        """Post a digest: one channel message (takeaways, area headlines, buttons), the areas and
        every other PR as replies in its thread; follow the thread; returns the parent's ts.

        Idempotent through Slack itself: every message carries metadata (event type
        `prbot_digest`, the repo, window and part number). A post that already happened (a process
        killed after Slack accepted it, before its receipt was stored) is found in the channel's
        history and not repeated, and the thread continues from the first missing part.

        Raises SlackPostError with a readable message when Slack refuses the first post.
        """
        messages = render_digest_blocks(digest)
        key = f"{repo.lower()}:{window_key(digest.window)}"
        found = await self._posted_parts(channel_id, key)
        if 0 in found:
            channel, ts = channel_id, found[0]
            log.info(
                "slack: the %s digest %s is already in %s (%s); resuming its thread", repo, key, channel, ts
            )
        else:
            try:
                first = await self._post(
                    channel=channel_id,
                    text=messages[0]["text"],
                    blocks=messages[0]["blocks"],
                    metadata=_digest_metadata(key, 0),
                )
            except SlackApiError as exc:
                error = exc.response.get("error")
                hint = f"; invite the bot with /invite @{self.bot_name}" if error in CANNOT_POST else ""
                log.warning("slack: digest of %s not posted to %s: %s%s", repo, channel_id, error, hint)
                raise SlackPostError(
                    f"Slack refused the {repo} digest for channel {channel_id}: {error}{hint}"
                ) from None
            channel, ts = str(first.get("channel") or channel_id), str(first["ts"])
        try:
            await self.handlers.remember(ThreadKey("slack", channel, ts), digest_seed(digest))
        except StoreUnavailable as exc:
            log.warning("slack: digest thread %s not remembered: %s", ts, exc)
        done = await self._posted_parts(channel, key, thread_ts=ts) if 0 in found else {}
        for part, message in enumerate(messages[1:], start=1):
            if part in done:
                continue
            try:
                await self._post(
                    channel=channel,
                    thread_ts=ts,
                    text=message["text"],
                    blocks=message["blocks"],
                    metadata=_digest_metadata(key, part),
                )
            except SlackApiError as exc:
                log.warning(
                    "slack: digest continuation in %s not posted: %s", channel, exc.response.get("error")
                )
                break
        return ts

    async def _posted_parts(self, channel: str, key: str, *, thread_ts: str | None = None) -> dict[int, str]:
        """Parts of the digest `key` already in the channel (or in the thread `thread_ts`), by
        their metadata: part number -> ts. Empty when Slack cannot tell (logged)."""
        found: dict[int, str] = {}
        try:
            if thread_ts is None:
                oldest = f"{time.time() - HISTORY_LOOKBACK_SECONDS:.6f}"
                answer = await self.client.conversations_history(
                    channel=channel, oldest=oldest, limit=200, include_all_metadata=True
                )
            else:
                answer = await self.client.conversations_replies(
                    channel=channel, ts=thread_ts, limit=200, include_all_metadata=True
                )
        except SlackApiError as exc:
            data = exc.response.data if isinstance(exc.response.data, dict) else {}
            error = data.get("error") or f"HTTP {exc.response.status_code}"
            log.warning("slack: cannot read %s to check for an earlier digest post: %s", channel, error)
            return found
        except (aiohttp.ClientError, TimeoutError) as exc:
            log.warning("slack: cannot read %s to check for an earlier digest post: %r", channel, exc)
            return found
        for message in answer.get("messages") or []:
            metadata = message.get("metadata") or {}
            payload = metadata.get("event_payload") or {}
            if metadata.get("event_type") == DIGEST_EVENT and payload.get("key") == key:
                found.setdefault(int(payload.get("part", 0)), str(message.get("ts")))
        return found
