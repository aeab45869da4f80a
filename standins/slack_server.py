"""A stand-in for Slack's Web API on 127.0.0.1, for tests and benchmarks.

A real aiohttp server answering the methods the bot calls (`auth.test`, `chat.postMessage`,
`chat.postEphemeral`, `conversations.info`, `apps.connections.open`) the way Slack does:
HTTP 200 with `{"ok": false, "error": ...}` for API errors, HTTP 429 + `Retry-After` when rate
limited. It records every call with its arrival time, and also receives `response_url` posts
(`/response/<id>`). Faults are configured per test: `ratelimit_once("chat.postMessage")`,
`not_in_channel.add("C_PRIVATE")`.

Strict as Slack documents: `chat.postMessage` is limited per channel to about one message a
second with short bursts (a token bucket: `posts_per_second`, `burst`; beyond it HTTP 429
`ratelimited` with the whole seconds to wait in Retry-After; tests configure a faster rate so
they do not sleep); more than 50 blocks, a section text over 3,000 characters, a header over
150 or an unknown block type is `invalid_blocks`; text over 40,000 characters is `msg_too_long`;
a response_url works 5 times within 30 minutes (then `used_url` / `expired_url`, HTTP 404).
Socket Mode: `send_disconnect(reason)` sends Slack's `disconnect` frame and closes; an envelope
not acked within `redeliver_after` seconds is sent again with `retry_attempt` + 1.
A slow answer (`post_delays`, seconds per top-level `chat.postMessage`, used in order) still
completes the post when its client has gone away meanwhile, as Slack does: the message is in the
channel's history even though the sender never saw the answer. `arrivals` lists the channel of
every top-level post request as it arrives.

Socket Mode: `apps.connections.open` (app-level token) answers a ws:// URL on this server; a
client connecting there gets Slack's `hello`, then whatever envelopes the test pushes with
`send_envelope` (`{"envelope_id", "type", "payload", "accepts_response_payload"}`, events also
carrying `retry_attempt`/`retry_reason`); every JSON frame the client sends back (the acks,
`{"envelope_id": ...}` with an optional `payload`) is kept in `socket_messages`.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

TOKEN = "xoxb-test-token"
APP_TOKEN = "xapp-test-token"
BOT_USER_ID = "UBOT0001"
BOT_ID = "BBOT0001"
BOT_NAME = "prbot"
TEAM_ID = "T0000TEST"
# Tests run Slack's per-channel limit 50 times faster than Slack (1/s, bursts of 3) so they do
# not sleep; the bot under test is configured with the same rate (`[slack] channel_posts_*`).
TEST_RATE: dict[str, Any] = {"posts_per_second": 50.0, "burst": 10}
TEST_PACING: dict[str, Any] = {"channel_posts_per_second": 40.0, "channel_burst": 8}


@dataclass
class Call:
    """One request the stand-in received: the API method (or `response_url`), its arguments."""

    method: str
    args: dict[str, Any]
    status: int  # the HTTP status the stand-in answered with
    ok: bool = True  # the `ok` of the JSON answer
    result: dict[str, Any] = field(default_factory=dict)  # the JSON answer (e.g. the posted `ts`)
    arrived: float = field(default_factory=time.monotonic)


class SlackStandIn:
    """Start with `await server.start()`; `server.api_url` goes into `slack.api_base_url`."""

    def __init__(
        self,
        *,
        token: str = TOKEN,
        posts_per_second: float = 1.0,
        burst: int = 3,
        response_url_uses: int = 5,
        response_url_ttl: float = 1800.0,
        redeliver_after: float | None = None,
    ) -> None:
        self.token = token
        self.posts_per_second = posts_per_second
        self.burst = burst
        self.response_url_uses = response_url_uses
        self.response_url_ttl = response_url_ttl
        self.redeliver_after = redeliver_after
        self._buckets: dict[str, tuple[float, float]] = {}  # channel -> (tokens, updated)
        self._hooks: dict[str, tuple[float, int]] = {}  # response_url hook -> (first use, uses)
        self.ratelimited = 0  # posts refused by the per-channel limit
        self.history: dict[str, list[dict[str, Any]]] = {}  # channel -> its messages, oldest first
        self.post_delays: list[float] = []  # answer delays for top-level posts, used in order
        self.arrivals: list[str] = []  # channel of every top-level chat.postMessage received
        self.calls: list[Call] = []
        self.not_in_channel: set[str] = set()
        self.channel_not_found: set[str] = set()
        self._ratelimits: dict[str, int] = {}
        self._ts = itertools.count(1)
        self._epoch = int(time.time())
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.socket_messages: list[dict[str, Any]] = []  # what a Socket Mode client sent back
        self.socket: web.WebSocketResponse | None = None  # the latest Socket Mode connection
        self.sockets: list[web.WebSocketResponse] = []  # every Socket Mode connection, in order

    # -- lifecycle ----------------------------------------------------------------------------------
    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/api/{method}", self._api)
        app.router.add_get("/api/{method}", self._api)  # slack_sdk reads conversations.* with GET
        app.router.add_post("/response/{hook}", self._response_url)
        app.router.add_get("/socket", self._socket_mode)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        for ws in self.sockets:
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/"

    def response_url(self, hook: str = "hook") -> str:
        return f"http://127.0.0.1:{self.port}/response/{hook}"

    # -- faults ------------------------------------------------------------------------------------------
    def ratelimit_once(self, method: str, retry_after: int = 1, *, channel: str | None = None) -> None:
        """The next call of `method` (to `channel`, if given) gets HTTP 429 `ratelimited` with
        this Retry-After."""
        self._ratelimits[method if channel is None else f"{method}:{channel}"] = retry_after

    # -- queries -------------------------------------------------------------------------------------------
    def of(self, method: str, *, ok_only: bool = True) -> list[Call]:
        """Calls of one method; by default only those that succeeded."""
        return [c for c in self.calls if c.method == method and (c.ok or not ok_only)]

    async def wait_for(self, predicate: Callable[[list[Call]], bool], timeout: float = 10) -> list[Call]:
        """Wait until the recorded calls satisfy `predicate`; fail with what was recorded."""
        async with self._changed:
            try:
                await asyncio.wait_for(self._changed.wait_for(lambda: predicate(self.calls)), timeout)
            except TimeoutError:
                seen = [(c.method, c.status) for c in self.calls]
                raise AssertionError(
                    f"the Slack stand-in did not see the expected calls; it saw {seen}"
                ) from None
        return self.calls

    async def _record(self, call: Call) -> None:
        async with self._changed:
            self.calls.append(call)
            self._changed.notify_all()

    # -- handlers --------------------------------------------------------------------------------------------
    async def _args(self, request: web.Request) -> dict[str, Any]:
        args: dict[str, Any] = dict(request.query)
        if request.content_type == "application/json":
            body = await request.json()
            args.update(body if isinstance(body, dict) else {})
        else:
            args.update(dict(await request.post()))
        for key in ("blocks", "attachments", "metadata"):  # form-encoded calls send these as JSON text
            if isinstance(args.get(key), str):
                args[key] = json.loads(args[key])
        return args

    async def _api(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        args = await self._args(request)
        auth = request.headers.get("Authorization", "")
        expected = self.token if method != "apps.connections.open" else APP_TOKEN
        if auth != f"Bearer {expected}":
            await self._record(Call(method, args, 200, ok=False))
            return web.json_response({"ok": False, "error": "invalid_auth"})
        retry_after = self._ratelimits.pop(method, None)
        if retry_after is None:
            retry_after = self._ratelimits.pop(f"{method}:{args.get('channel', '')}", None)
        if retry_after is None and method == "chat.postMessage":
            retry_after = self._channel_limit(str(args.get("channel", "")))
        if retry_after is not None:
            await self._record(Call(method, args, 429, ok=False))
            return web.json_response(
                {"ok": False, "error": "ratelimited"}, status=429, headers={"Retry-After": str(retry_after)}
            )
        if method == "chat.postMessage" and not args.get("thread_ts"):
            self.arrivals.append(str(args.get("channel", "")))
            if self.post_delays:
                # Slack finishes a request it received even if the client goes away: shielded,
                # so a disconnect (or handler cancellation) cannot drop the post.
                return await asyncio.shield(self._slow_answer(method, args, self.post_delays.pop(0)))
        answer = self._answer(method, args)
        await self._record(Call(method, args, 200, ok=bool(answer["ok"]), result=answer))
        return web.json_response(answer)

    async def _slow_answer(self, method: str, args: dict[str, Any], delay: float) -> web.Response:
        await asyncio.sleep(delay)
        answer = self._answer(method, args)
        await self._record(Call(method, args, 200, ok=bool(answer["ok"]), result=answer))
        return web.json_response(answer)

    def top_level(self, channel: str) -> list[dict[str, Any]]:
        """The channel's top-level messages (not thread replies), oldest first."""
        return [m for m in self.history.get(channel, []) if not m.get("thread_ts")]

    def _channel_limit(self, channel: str) -> int | None:
        """Seconds to wait (Retry-After) when the channel's bucket is empty, else None."""
        if self.posts_per_second <= 0:
            return None
        now = time.monotonic()
        tokens, updated = self._buckets.get(channel, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - updated) * self.posts_per_second)
        if tokens < 1:
            self._buckets[channel] = (tokens, now)
            self.ratelimited += 1
            return max(1, math.ceil((1 - tokens) / self.posts_per_second))
        self._buckets[channel] = (tokens - 1, now)
        return None

    @staticmethod
    def _invalid_message(args: dict[str, Any]) -> str | None:
        """Slack's checks on a message: `invalid_blocks` or `msg_too_long`, else None."""
        if len(str(args.get("text") or "")) > 40000:
            return "msg_too_long"
        blocks = args.get("blocks")
        if blocks is None:
            return None
        if not isinstance(blocks, list) or len(blocks) > 50:
            return "invalid_blocks"
        for block in blocks:
            kind = block.get("type") if isinstance(block, dict) else None
            if kind not in ("section", "header", "context", "divider", "actions", "rich_text", "image"):
                return "invalid_blocks"
            text = block.get("text") or {}
            if kind == "section" and len(str(text.get("text", ""))) > 3000:
                return "invalid_blocks"
            if kind == "header" and (
                text.get("type") != "plain_text" or len(str(text.get("text", ""))) > 150
            ):
                return "invalid_blocks"
            if kind == "context" and len(block.get("elements") or []) > 10:
                return "invalid_blocks"
        return None

    def _answer(self, method: str, args: dict[str, Any]) -> dict[str, Any]:
        channel = str(args.get("channel", ""))
        if method in ("chat.postMessage", "chat.postEphemeral"):
            invalid = self._invalid_message(args)
            if invalid:
                return {"ok": False, "error": invalid}
        if channel in self.not_in_channel and method.startswith("chat."):
            return {"ok": False, "error": "not_in_channel"}
        if channel in self.channel_not_found:
            return {"ok": False, "error": "channel_not_found"}
        if method == "auth.test":
            return {
                "ok": True,
                "url": "https://test.slack.com/",
                "team": "Test",
                "user": BOT_NAME,
                "team_id": TEAM_ID,
                "user_id": BOT_USER_ID,
                "bot_id": BOT_ID,
                "is_enterprise_install": False,
            }
        if method == "chat.postMessage":
            ts = f"{self._epoch + next(self._ts)}.000100"  # epoch seconds, as Slack's ts are
            message = {
                "type": "message",
                "user": BOT_USER_ID,
                "bot_id": BOT_ID,
                "ts": ts,
                "text": args.get("text"),
            }
            if args.get("thread_ts"):
                message["thread_ts"] = args["thread_ts"]
            metadata = args.get("metadata")
            if isinstance(metadata, dict):
                if not metadata.get("event_type") or not isinstance(metadata.get("event_payload"), dict):
                    return {"ok": False, "error": "invalid_metadata_format"}
                message["metadata"] = metadata
            self.history.setdefault(channel, []).append(message)
            return {"ok": True, "channel": channel, "ts": ts, "message": message}
        if method == "chat.postEphemeral":
            return {"ok": True, "message_ts": f"{self._epoch + next(self._ts)}.000200"}
        if method in ("conversations.history", "conversations.replies"):
            return self._history(method, channel, args)
        if method == "conversations.info":
            return {"ok": True, "channel": {"id": channel, "is_channel": True, "is_member": True}}
        if method == "apps.connections.open":
            return {"ok": True, "url": f"ws://127.0.0.1:{self.port}/socket"}
        return {"ok": False, "error": "unknown_method"}

    def _history(self, method: str, channel: str, args: dict[str, Any]) -> dict[str, Any]:
        """conversations.history (top-level messages, newest first, `oldest`) and
        conversations.replies (a thread: its parent, then replies); message metadata only with
        `include_all_metadata`, as Slack does."""
        messages = self.history.get(channel, [])
        if method == "conversations.history":
            oldest = float(args.get("oldest") or 0)
            chosen = [m for m in reversed(messages) if not m.get("thread_ts") and float(m["ts"]) >= oldest]
        else:
            root = str(args.get("ts"))
            chosen = [m for m in messages if m["ts"] == root or m.get("thread_ts") == root]
        chosen = chosen[: int(args.get("limit") or 100)]
        with_metadata = str(args.get("include_all_metadata")).lower() in ("1", "true")
        out = [m if with_metadata else {k: v for k, v in m.items() if k != "metadata"} for m in chosen]
        return {"ok": True, "messages": out, "has_more": False}

    async def _response_url(self, request: web.Request) -> web.Response:
        body = await request.json()
        hook = request.match_info["hook"]
        now = time.monotonic()
        first, uses = self._hooks.get(hook, (now, 0))
        error = None
        if now - first > self.response_url_ttl:
            error = "expired_url"
        elif uses >= self.response_url_uses:
            error = "used_url"
        else:
            error = self._invalid_message(body)
        if error:
            await self._record(Call("response_url", {"hook": hook, **body}, 404, ok=False))
            return web.json_response({"ok": False, "error": error}, status=404)
        self._hooks[hook] = (first, uses + 1)
        await self._record(Call("response_url", {"hook": hook, **body}, 200))
        return web.Response(text="ok")

    # -- Socket Mode -------------------------------------------------------------------------------------------
    async def _socket_mode(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        async with self._changed:
            self.socket = ws
            self.sockets.append(ws)
            self._changed.notify_all()
        await ws.send_json(
            {
                "type": "hello",
                "num_connections": len([s for s in self.sockets if not s.closed]),
                "debug_info": {"host": "standin", "build_number": 1, "approximate_connection_time": 3600},
                "connection_info": {"app_id": "A123456"},
            }
        )
        async for message in ws:
            if message.type == web.WSMsgType.TEXT:
                data = json.loads(message.data)
                async with self._changed:
                    self.socket_messages.append(data)
                    self._changed.notify_all()
        return ws

    @property
    def socket_open(self) -> bool:
        """A Socket Mode client is connected right now."""
        return self.socket is not None and not self.socket.closed

    async def wait_for_socket(self, timeout: float = 10) -> web.WebSocketResponse:
        """Wait until a Socket Mode client has connected; the connection."""
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: self.socket_open), timeout)
        assert self.socket is not None
        return self.socket

    async def send_envelope(
        self,
        envelope_type: str,
        payload: dict[str, Any],
        envelope_id: str,
        *,
        accepts_response_payload: bool | None = None,
        retry_attempt: int = 0,
    ) -> None:
        """Push a Socket Mode envelope (`slash_commands`, `events_api`) to the connected bot.

        As Slack does, commands accept a response payload in the ack and events do not; events
        carry the delivery attempt (`retry_attempt`, `retry_reason`).
        """
        ws = await self.wait_for_socket()
        if accepts_response_payload is None:
            accepts_response_payload = envelope_type != "events_api"
        envelope: dict[str, Any] = {
            "envelope_id": envelope_id,
            "type": envelope_type,
            "payload": payload,
            "accepts_response_payload": accepts_response_payload,
        }
        if envelope_type == "events_api":
            envelope.update(retry_attempt=retry_attempt, retry_reason="timeout" if retry_attempt else "")
        await ws.send_json(envelope)
        if self.redeliver_after is not None and envelope_type == "events_api" and retry_attempt < 3:
            asyncio.get_running_loop().create_task(
                self._redeliver(envelope_type, payload, envelope_id, retry_attempt)
            )

    async def _redeliver(
        self, envelope_type: str, payload: dict[str, Any], envelope_id: str, attempt: int
    ) -> None:
        """Slack re-sends an event whose envelope was not acknowledged in time."""
        assert self.redeliver_after is not None
        await asyncio.sleep(self.redeliver_after)
        if not any(m.get("envelope_id") == envelope_id for m in self.socket_messages) and self.socket_open:
            await self.send_envelope(envelope_type, payload, envelope_id, retry_attempt=attempt + 1)

    async def send_disconnect(self, reason: str = "refresh_requested") -> None:
        """Slack's `disconnect` frame (e.g. before a connection's scheduled refresh), then close."""
        ws = await self.wait_for_socket()
        await ws.send_json({"type": "disconnect", "reason": reason, "debug_info": {"host": "standin"}})
        await ws.close()

    async def wait_for_socket_ack(self, envelope_id: str, timeout: float = 10) -> dict[str, Any]:
        """The frame the client sent back for this envelope (its ack)."""
        async with self._changed:
            try:
                await asyncio.wait_for(
                    self._changed.wait_for(
                        lambda: any(m.get("envelope_id") == envelope_id for m in self.socket_messages)
                    ),
                    timeout,
                )
            except TimeoutError:
                raise AssertionError(
                    f"no ack for envelope {envelope_id}; the client sent {self.socket_messages}"
                ) from None
        return next(m for m in self.socket_messages if m.get("envelope_id") == envelope_id)
