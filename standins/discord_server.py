"""A local Discord stand-in (REST API v10 + gateway websocket) on 127.0.0.1 for adapter tests.

It serves the REST routes discord.py uses for this bot (login, application info, gateway
discovery, command sync, interaction callbacks, interaction webhooks, channel messages, threads,
channels) under `/api/v10`, and a gateway at `/gateway` speaking the real opcodes: HELLO (10),
IDENTIFY (2) -> READY + GUILD_CREATE dispatches, HEARTBEAT (1) -> HEARTBEAT_ACK (11),
RESUME (6) -> RESUMED (only for a session it issued, with the bot's token; otherwise
INVALID_SESSION, op 9), and DISPATCH (0) events the test sends (INTERACTION_CREATE,
MESSAGE_CREATE; THREAD_CREATE when the bot starts a thread). Frames are plain JSON text, which
discord.py accepts alongside zlib-compressed binary frames.

Like Discord it checks the bot token, answers 404 (code 10003) for unknown channels and 403
(code 50013) in channels where the bot may not post, answers 429 with rate-limit headers when
a test asks (`ratelimit_once`), closes the gateway with 4014 when a
refused privileged intent is requested, and blanks the content of messages that do not mention
the bot when the bot did not identify with the message-content intent. Every REST request is
recorded (`requests`) so tests can assert what the bot sent.

Strict as Discord documents (https://discord.com/developers/docs/interactions/receiving-and-responding):
an interaction must be acknowledged within 3 s (`ack_deadline`; later: 404, code 10062 Unknown
interaction) and only once (400, code 40060); its token works for 15 minutes (`token_ttl`;
later: 401, code 50027 Invalid Webhook Token); message content over 2,000 characters and thread
names outside 1..100 characters are 400 (code 50035); a second thread from one message is 400
(code 160004). A message sent with `nonce` and `enforce_nonce` within a few minutes of one
with the same nonce in that channel returns the first message instead of posting again.
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

FIXTURES = Path(__file__).resolve().parent / "payloads" / "discord"
DISCORD_EPOCH_MS = 1420070400000
MESSAGE_CONTENT_INTENT = 1 << 15
EPHEMERAL = 1 << 6


def _json(data: Any, status: int = 200) -> web.Response:
    """A JSON response with Discord's exact content type (discord.py compares it literally)."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def _fixture(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


@dataclass
class Recorded:
    """One REST request the bot made."""

    method: str
    path: str  # without the /api/v10 prefix
    query: dict[str, str]
    body: Any

    @property
    def content(self) -> str | None:
        return self.body.get("content") if isinstance(self.body, dict) else None


TEST_BUCKET: dict[str, Any] = {"message_bucket": (5, 0.05)}
MAX_CONTENT = 2000
MAX_THREAD_NAME = 100
NONCE_SECONDS = 300.0  # Discord keeps enforce_nonce for "a few minutes"


@dataclass
class _Interaction:
    id: int
    token: str
    channel_id: int
    original_id: int | None = None
    original_deleted: bool = False
    created: float = field(default_factory=time.monotonic)
    acknowledged: bool = False
    payload: dict[str, Any] = field(default_factory=dict)  # the INTERACTION_CREATE data sent


@dataclass
class DiscordStandIn:
    token: str = "standin-bot-token.abc.def"
    message_content_allowed: bool = True
    app_id: int = 1180000000000000001
    bot_id: int = 1180000000000000001  # Discord bots' user id equals their application id
    guild_id: int = 1190000000000000001
    channel_id: int = 1200000000000000001  # a text channel the bot may post in
    locked_channel_id: int = 1200000000000000002  # a text channel the bot may not post in
    user_id: int = 1210000000000000001  # a human member
    other_bot_id: int = 1210000000000000002
    bot_name: str = "prbot"
    requests: list[Recorded] = field(default_factory=list)
    identifies: list[dict[str, Any]] = field(default_factory=list)
    resumes: list[dict[str, Any]] = field(default_factory=list)
    commands: dict[str, dict[str, Any]] = field(default_factory=dict)  # name -> synced command
    threads: dict[int, dict[str, Any]] = field(default_factory=dict)
    messages: dict[int, dict[str, Any]] = field(default_factory=dict)
    heartbeat_interval_ms: int = 41250  # Discord's HELLO value; tests may shorten it
    heartbeats_answered: bool = True  # False: a gateway that went silent (no HEARTBEAT_ACK)
    # Messages per channel per window, with Discord's X-RateLimit-* headers on every post and a
    # 429 beyond it (Discord: 5 per 5 s per channel). Tests use TEST_BUCKET so they do not sleep.
    message_bucket: tuple[int, float] = (5, 5.0)
    ack_deadline: float = 3.0  # seconds to acknowledge an interaction
    token_ttl: float = 900.0  # seconds an interaction token works for follow-ups
    late_acks: int = 0  # interactions whose callback came after the deadline
    ack_seconds: list[float] = field(default_factory=list)  # dispatch-to-callback time of each ack

    def __post_init__(self) -> None:
        self._ids = itertools.count(1)
        self._interactions: dict[str, _Interaction] = {}
        self._sockets: list[tuple[web.WebSocketResponse, dict[str, Any]]] = []
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self._last_content_intent = True
        self._ratelimits: list[tuple[str, str, float]] = []  # (method, path prefix, retry_after)
        self._nonces: dict[tuple[int, str], tuple[float, dict[str, Any]]] = {}
        self._session_ids: set[str] = set()
        self._failures: list[list[Any]] = []  # [method, path prefix, matches to let through, status, code]
        self._windows: dict[int, tuple[float, int]] = {}  # channel -> (window start, posts in it)
        self.bucket_429s = 0  # posts refused because the channel's bucket was empty
        self.port = 0

    def ratelimit_once(self, method: str, path_prefix: str, retry_after: float = 0.2) -> None:
        """The next `method` request under `path_prefix` gets a 429 with Discord's rate-limit
        headers and body (retry_after in seconds), as when a route's bucket is exhausted."""
        self._ratelimits.append((method, path_prefix, retry_after))

    def fail_once(
        self, method: str, path_prefix: str, *, after: int = 0, status: int = 503, code: int = 0
    ) -> None:
        """The (after+1)-th `method` request under `path_prefix` from now fails with `status`."""
        self._failures.append([method, path_prefix, after, status, code])

    # -- lifecycle -----------------------------------------------------------------------------
    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{path:.*}", self._rest)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def close(self) -> None:
        for ws, _ in list(self._sockets):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # -- ids and objects -------------------------------------------------------------------------
    def snowflake(self) -> int:
        return ((int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22) | (next(self._ids) & 0x3FFFFF)

    def bot_user(self) -> dict[str, Any]:
        return {
            "id": str(self.bot_id),
            "username": self.bot_name,
            "global_name": None,
            "discriminator": "0",
            "avatar": None,
            "bot": True,
            "public_flags": 0,
            "flags": 0,
            "verified": True,
            "mfa_enabled": False,
        }

    def human(self, user_id: int | None = None, name: str = "ada", bot: bool = False) -> dict[str, Any]:
        return {
            "id": str(user_id or self.user_id),
            "username": name,
            "global_name": name.title(),
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
            "bot": bot,
        }

    def text_channel(self, channel_id: int, name: str) -> dict[str, Any]:
        return {
            "id": str(channel_id),
            "type": 0,
            "guild_id": str(self.guild_id),
            "name": name,
            "position": 0,
            "nsfw": False,
            "parent_id": None,
            "permission_overwrites": [],
            "rate_limit_per_user": 0,
            "topic": None,
            "last_message_id": None,
            "flags": 0,
        }

    def _channels(self) -> dict[int, dict[str, Any]]:
        return {
            self.channel_id: self.text_channel(self.channel_id, "pr-news"),
            self.locked_channel_id: self.text_channel(self.locked_channel_id, "announcements"),
        }

    def _message(self, channel_id: int, content: str, author: dict[str, Any], **extra: Any) -> dict[str, Any]:
        data = _fixture("message_create.json")
        data.update(
            id=str(self.snowflake()),
            channel_id=str(channel_id),
            guild_id=str(self.guild_id),
            author=author,
            content=content,
            nonce=None,
        )
        data.pop("member", None)
        data.update(extra)
        self.messages[int(data["id"])] = data
        return data

    # -- what the bot sent ------------------------------------------------------------------------
    def sent(self, predicate: Callable[[Recorded], bool] = lambda r: True) -> list[Recorded]:
        return [r for r in self.requests if predicate(r)]

    async def wait_for(self, predicate: Callable[[Recorded], bool], timeout: float = 10.0) -> Recorded:
        """The first recorded request matching `predicate`, waiting for it if needed."""

        scanned = 0

        def found() -> Recorded | None:
            # Each waiter looks only at requests it has not seen: many concurrent waiters (the
            # load benchmark) would otherwise rescan the whole log on every request.
            nonlocal scanned
            for index in range(scanned, len(self.requests)):
                if predicate(self.requests[index]):
                    return self.requests[index]
            scanned = len(self.requests)
            return None

        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: found() is not None), timeout)
        result = found()
        assert result is not None
        return result

    async def _record(self, request: Recorded) -> None:
        self.requests.append(request)
        async with self._changed:
            self._changed.notify_all()

    # -- the gateway ----------------------------------------------------------------------------------
    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send a DISPATCH (op 0) to every identified gateway session."""
        for ws, session in list(self._sockets):
            if not session.get("identified") or ws.closed:
                continue
            payload = data
            if event == "MESSAGE_CREATE" and not session["content"]:
                mentioned = any(m["id"] == str(self.bot_id) for m in data.get("mentions", []))
                if not mentioned and data["author"]["id"] != str(self.bot_id):
                    payload = {**data, "content": ""}
            session["seq"] += 1
            await ws.send_str(json.dumps({"op": 0, "t": event, "s": session["seq"], "d": payload}))

    async def drop_gateway(self) -> None:
        """Close every gateway session abnormally (4000), as Discord does on a server restart."""
        for ws, _ in list(self._sockets):
            await ws.close(code=4000, message=b"standin restart")

    @property
    def session_count(self) -> int:
        return sum(1 for ws, s in self._sockets if s.get("identified") and not ws.closed)

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        session: dict[str, Any] = {
            "seq": 0,
            "query": dict(request.query),
            "identified": False,
            "content": True,
        }
        self._sockets.append((ws, session))
        hello = {"heartbeat_interval": self.heartbeat_interval_ms}
        await ws.send_str(json.dumps({"op": 10, "d": hello, "s": None, "t": None}))
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op, data = frame.get("op"), frame.get("d")
                if op == 1:
                    if self.heartbeats_answered:
                        await ws.send_str(json.dumps({"op": 11, "d": None, "s": None, "t": None}))
                elif op == 2:
                    await self._identify(ws, session, data)
                elif op == 6:
                    self.resumes.append(data)
                    if data.get("token") != self.token or data.get("session_id") not in self._session_ids:
                        # Discord: a RESUME it cannot honour gets INVALID_SESSION (op 9, d false).
                        await ws.send_str(json.dumps({"op": 9, "d": False, "s": None, "t": None}))
                        continue
                    session.update(identified=True, seq=int(data.get("seq") or 0))
                    session["content"] = self._last_content_intent
                    session["seq"] += 1
                    await ws.send_str(json.dumps({"op": 0, "t": "RESUMED", "s": session["seq"], "d": {}}))
        finally:
            self._sockets.remove((ws, session))
        return ws

    async def _identify(
        self, ws: web.WebSocketResponse, session: dict[str, Any], data: dict[str, Any]
    ) -> None:
        self.identifies.append(data)
        if data.get("token") != self.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return
        wants_content = bool(int(data.get("intents", 0)) & MESSAGE_CONTENT_INTENT)
        if wants_content and not self.message_content_allowed:
            await ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        self._last_content_intent = wants_content
        session.update(identified=True, content=wants_content)
        ready = {
            "v": 10,
            "user": self.bot_user(),
            "guilds": [{"id": str(self.guild_id), "unavailable": True}],
            "session_id": self._new_session_id(),
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.app_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }
        for event, payload in (("READY", ready), ("GUILD_CREATE", self._guild())):
            session["seq"] += 1
            await ws.send_str(json.dumps({"op": 0, "t": event, "s": session["seq"], "d": payload}))

    def _new_session_id(self) -> str:
        session_id = f"standin-session-{next(self._ids)}"
        self._session_ids.add(session_id)
        return session_id

    def _guild(self) -> dict[str, Any]:
        guild = _fixture("guild_create.json")
        guild["id"] = str(self.guild_id)
        guild["owner_id"] = str(self.user_id)
        guild["roles"][0]["id"] = str(self.guild_id)
        guild["channels"] = [
            {k: v for k, v in c.items() if k != "guild_id"} for c in self._channels().values()
        ]
        guild["threads"] = list(self.threads.values())
        guild["members"] = [
            {
                "user": self.bot_user(),
                "roles": [],
                "joined_at": guild["joined_at"],
                "deaf": False,
                "mute": False,
                "flags": 0,
            }
        ]
        return guild

    # -- events the tests drive ---------------------------------------------------------------------------
    async def send_command(self, name: str, value: str | None, *, autocomplete: bool = False) -> _Interaction:
        """A user runs `/name query:value` (or types it, for autocomplete) in the text channel."""
        data = _fixture("interaction_application_command.json")
        interaction = _Interaction(self.snowflake(), f"interaction-token-{next(self._ids)}", self.channel_id)
        self._interactions[interaction.token] = interaction
        command = self.commands.get(name, {})
        data.update(
            id=str(interaction.id),
            application_id=str(self.app_id),
            type=4 if autocomplete else 2,
            guild_id=str(self.guild_id),
            channel_id=str(self.channel_id),
            token=interaction.token,
            authorizing_integration_owners={"0": str(self.guild_id)},
        )
        data["guild"]["id"] = str(self.guild_id)
        data["channel"].update(self.text_channel(self.channel_id, "pr-news"))
        data["member"]["user"]["id"] = str(self.user_id)
        data["data"].update(id=str(command.get("id", 0)), name=name)
        if command.get("guild_id"):
            data["data"]["guild_id"] = command["guild_id"]
        else:
            data["data"].pop("guild_id")
        if value is None:
            data["data"].pop("options")
        else:
            option: dict[str, Any] = {"name": "query", "type": 3, "value": value}
            if autocomplete:
                option["focused"] = True
            data["data"]["options"] = [option]
        interaction.payload = data
        await self.dispatch("INTERACTION_CREATE", data)
        return interaction

    async def replay(self, interaction: _Interaction) -> None:
        """The gateway delivers the same INTERACTION_CREATE (same id and token) again."""
        await self.dispatch("INTERACTION_CREATE", interaction.payload)

    async def send_message(
        self,
        channel_id: int,
        content: str,
        *,
        author: dict[str, Any] | None = None,
        mention_bot: bool = False,
    ) -> dict[str, Any]:
        """A message is posted in a channel or thread (by default by the human member)."""
        author = author or self.human()
        mentions = [self.bot_user()] if mention_bot else []
        if mention_bot:
            content = f"<@{self.bot_id}> {content}"
        data = self._message(channel_id, content, author, mentions=mentions)
        data["member"] = {
            "roles": [],
            "joined_at": "2025-01-10T09:00:00.000000+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
        }
        await self.dispatch("MESSAGE_CREATE", data)
        return data

    def add_thread(self, parent_id: int, owner_id: int, name: str) -> int:
        """A thread that exists before the bot connects (e.g. started by a human)."""
        thread_id = self.snowflake()
        self.threads[thread_id] = self._thread(thread_id, parent_id, owner_id, name)
        return thread_id

    def _thread(self, thread_id: int, parent_id: int, owner_id: int, name: str) -> dict[str, Any]:
        thread = _fixture("thread_channel.json")
        thread.update(
            id=str(thread_id),
            guild_id=str(self.guild_id),
            parent_id=str(parent_id),
            owner_id=str(owner_id),
            name=name,
        )
        thread["member"].update(id=str(thread_id), user_id=str(self.bot_id))
        return thread

    # -- REST -----------------------------------------------------------------------------------------------------
    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["path"]
        body: Any = None
        if request.can_read_body:
            raw = await request.read()
            body = json.loads(raw) if raw else None
        await self._record(Recorded(request.method, path, dict(request.query), body))
        parts = path.strip("/").split("/")
        is_webhook = parts[0] in ("webhooks", "interactions")
        if not is_webhook and request.headers.get("Authorization") != f"Bot {self.token}":
            return self._error(401, 0, "401: Unauthorized")
        method = request.method
        for failure in self._failures:
            if failure[0] == method and path.startswith(failure[1]):
                if failure[2] > 0:
                    failure[2] -= 1
                    continue
                self._failures.remove(failure)
                return self._error(failure[3], failure[4], f"{failure[3]}: injected failure")
        for limit in self._ratelimits:
            if limit[0] == method and path.startswith(limit[1]):
                self._ratelimits.remove(limit)
                return self._rate_limited(limit[2])
        if method == "GET" and path == "/users/@me":
            return _json(self.bot_user())
        if method == "GET" and path == "/oauth2/applications/@me":
            return _json(self._application())
        if method == "GET" and path == "/gateway/bot":
            limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
            return _json({"url": self.gateway_url, "shards": 1, "session_start_limit": limit})
        if method == "PUT" and parts[0] == "applications" and parts[-1] == "commands":
            guild_id = parts[3] if len(parts) == 5 else None
            return _json([self._sync_command(c, guild_id) for c in body or []])
        if method == "POST" and parts[0] == "interactions" and parts[-1] == "callback":
            return self._callback(parts[2], body)
        if parts[0] == "webhooks":
            return self._webhook(method, parts, body)
        if parts[0] == "channels":
            return await self._channel(method, parts, body)
        return self._error(404, 0, f"404: Not Found ({method} {path})")

    def _take_from_bucket(self, channel_id: int) -> dict[str, str] | None:
        """Count one post against the channel's window; its X-RateLimit-* headers, or None when
        the window is used up."""
        limit, window = self.message_bucket
        now = time.monotonic()
        start, used = self._windows.get(channel_id, (now, 0))
        if now - start >= window:
            start, used = now, 0
        if used >= limit:
            self._windows[channel_id] = (start, used)
            return None
        used += 1
        self._windows[channel_id] = (start, used)
        reset_after = max(0.0, start + window - now)
        return {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Remaining": str(limit - used),
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Bucket": f"channel-messages-{channel_id}",
        }

    @staticmethod
    def _rate_limited(retry_after: float) -> web.Response:
        headers = {
            "Content-Type": "application/json",
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset-After": str(retry_after),
            "X-RateLimit-Bucket": "standin-bucket",
            "X-RateLimit-Scope": "user",
            "Retry-After": str(max(1, math.ceil(retry_after))),
            "Via": "1.1 google",  # discord.py treats a 429 without Via as a Cloudflare ban (no retry)
        }
        body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": False}
        return web.Response(body=json.dumps(body).encode(), status=429, headers=headers)

    @staticmethod
    def _error(status: int, code: int, message: str) -> web.Response:
        return _json({"message": message, "code": code}, status=status)

    def _application(self) -> dict[str, Any]:
        return {
            "id": str(self.app_id),
            "name": self.bot_name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "hook": True,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": 0,
            "owner": self.human(),
            "team": None,
            "bot": self.bot_user(),
        }

    def _sync_command(self, command: dict[str, Any], guild_id: str | None) -> dict[str, Any]:
        synced = {
            **command,
            "id": str(self.snowflake()),
            "application_id": str(self.app_id),
            "version": str(self.snowflake()),
            "default_member_permissions": command.get("default_member_permissions"),
            "type": command.get("type", 1),
        }
        if guild_id:
            synced["guild_id"] = guild_id
        self.commands[command["name"]] = synced
        return synced

    @classmethod
    def _invalid_content(cls, body: Any) -> web.Response | None:
        content = body.get("content") if isinstance(body, dict) else None
        if isinstance(content, str) and len(content) > MAX_CONTENT:
            return cls._error(
                400, 50035, f"Invalid Form Body: content: Must be {MAX_CONTENT} or fewer in length."
            )
        return None

    def _callback(self, token: str, body: dict[str, Any]) -> web.Response:
        interaction = self._interactions.get(token)
        if interaction is None:
            return self._error(404, 10062, "Unknown interaction")
        self.ack_seconds.append(time.monotonic() - interaction.created)
        if time.monotonic() - interaction.created > self.ack_deadline:
            self.late_acks += 1
            return self._error(404, 10062, "Unknown interaction")
        if interaction.acknowledged:
            return self._error(400, 40060, "Interaction has already been acknowledged.")
        invalid = self._invalid_content(body.get("data"))
        if invalid is not None:
            return invalid
        interaction.acknowledged = True
        kind = body.get("type")
        flags = (body.get("data") or {}).get("flags") or 0
        result: dict[str, Any] = {
            "interaction": {
                "id": str(interaction.id),
                "type": 2,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(flags & EPHEMERAL),
            },
            "resource": {"type": kind},
        }
        if kind in (4, 5):
            message = self._message(
                interaction.channel_id,
                (body.get("data") or {}).get("content", ""),
                self.bot_user(),
                type=20,
                flags=flags | (128 if kind == 5 else 0),
                webhook_id=str(self.app_id),
                application_id=str(self.app_id),
            )
            interaction.original_id = int(message["id"])
            result["interaction"]["response_message_id"] = message["id"]
            result["resource"]["message"] = message
        return _json(result)

    def _webhook(self, method: str, parts: list[str], body: Any) -> web.Response:
        interaction = self._interactions.get(parts[2]) if len(parts) > 2 else None
        if interaction is None or parts[1] != str(self.app_id):
            return self._error(404, 10015, "Unknown Webhook")
        if time.monotonic() - interaction.created > self.token_ttl:
            return self._error(401, 50027, "Invalid Webhook Token")
        invalid = self._invalid_content(body)
        if invalid is not None:
            return invalid
        on_original = parts[3:] == ["messages", "@original"]
        if on_original and (interaction.original_id is None or interaction.original_deleted):
            return self._error(404, 10008, "Unknown Message")
        if method == "DELETE" and on_original:
            interaction.original_deleted = True
            return web.Response(status=204)
        if method == "PATCH" and on_original:
            message = self.messages[interaction.original_id]  # type: ignore[index]
            message.update(content=body.get("content", message["content"]), flags=message["flags"] & ~128)
            return _json(message)
        if method == "POST" and len(parts) == 3:
            flags = body.get("flags") or 0
            message = self._message(
                interaction.channel_id,
                body.get("content", ""),
                self.bot_user(),
                type=20,
                flags=flags,
                webhook_id=str(self.app_id),
                application_id=str(self.app_id),
            )
            return _json(message)
        return self._error(405, 0, "405: Method Not Allowed")

    async def _channel(self, method: str, parts: list[str], body: Any) -> web.Response:
        channel_id = int(parts[1])
        channels = self._channels()
        channel = channels.get(channel_id) or self.threads.get(channel_id)
        if channel is None:
            return self._error(404, 10003, "Unknown Channel")
        if method == "GET" and len(parts) == 2:
            return _json(channel)
        if channel_id == self.locked_channel_id:
            return self._error(403, 50013, "Missing Permissions")
        if method == "POST" and parts[2:] == ["messages"]:
            invalid = self._invalid_content(body)
            if invalid is not None:
                return invalid
            nonce = body.get("nonce")
            now = time.monotonic()
            if nonce is not None and body.get("enforce_nonce"):
                seen = self._nonces.get((channel_id, str(nonce)))
                if seen is not None and now - seen[0] < NONCE_SECONDS:
                    return _json(seen[1])
            headers = self._take_from_bucket(channel_id)
            if headers is None:
                self.bucket_429s += 1
                return self._rate_limited(
                    self._windows[channel_id][0] + self.message_bucket[1] - time.monotonic()
                )
            message = self._message(channel_id, body.get("content", ""), self.bot_user())
            if nonce is not None:
                message["nonce"] = nonce
                self._nonces[(channel_id, str(nonce))] = (now, message)
            response = _json(message)
            response.headers.update(headers)
            return response
        if method == "POST" and len(parts) == 5 and parts[2] == "messages" and parts[4] == "threads":
            message_id = int(parts[3])
            if message_id not in self.messages:
                return self._error(404, 10008, "Unknown Message")
            name = body.get("name")
            if not isinstance(name, str) or not 1 <= len(name) <= MAX_THREAD_NAME:
                return self._error(
                    400, 50035, "Invalid Form Body: name: Must be between 1 and 100 in length."
                )
            if message_id in self.threads:
                return self._error(400, 160004, "A thread has already been created for this message")
            # A thread started from a message has the message's id.
            thread = self._thread(message_id, channel_id, self.bot_id, body["name"])
            thread["thread_metadata"]["auto_archive_duration"] = body.get("auto_archive_duration", 1440)
            self.threads[message_id] = thread
            await self.dispatch("THREAD_CREATE", {**copy.deepcopy(thread), "newly_created": True})
            return _json(thread, status=201)
        return self._error(405, 0, "405: Method Not Allowed")
