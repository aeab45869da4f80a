"""A stand-in for Anthropic's Messages API: a real aiohttp server on 127.0.0.1, random port.

Point the real `anthropic` SDK at `standin.base_url`. Every request is recorded (`requests`:
path, headers, JSON body) so tests can assert batching, prompt-caching markers and what text
was sent. Behaviour is scriptable:

- by default a tool request gets a valid `tool_use` answer derived deterministically from the
  request (`default_answer`), and a plain request gets a short text answer;
- `queue(action, ...)` makes the next requests use the given actions, one each, in order;
- `always(action)` replaces the default for every later request.

Message Batches (`/v1/messages/batches`): `create` records the batch (`batches`, and a Recorded
entry in `requests`); `retrieve` answers "in_progress" for the first `batch_polls_in_progress`
polls of a batch, then "ended" with request_counts; `results` streams JSONL, one line per
request, answered by the same responder as a direct request (`always(...)` or the default; a
non-200 answer becomes an "errored" line); `fail_entry(custom_id, kind)` scripts an "errored",
"expired" or "canceled" line for one request; `cancel` ends a batch, its requests "canceled".

Actions are callables `(body: dict) -> web.Response` (or an awaitable of one); the factories below build the usual ones:
`error(status)` (429 with retry-after, 529 overloaded, 500 ...), `tool_input(fn)` (rewrite the
default tool input: `malformed`, `unknown_topics`, `drop_prs`), `text(...)` (a text answer,
e.g. one citing PR numbers), `broken_json()`.

Usage (see `running_standin` and the `anthropic_standin` fixture in tests/anthropic_fixture.py):

    async with running_standin() as standin:
        llm = AnthropicLLM(api_key="test", model="m", base_url=standin.base_url)
"""

from __future__ import annotations

import hashlib
import inspect
import itertools
import json
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

Action = Callable[[dict[str, Any]], web.Response | Awaitable[web.Response]]

_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}
_ids = itertools.count(1)


@dataclass
class Recorded:
    """One request as the stand-in received it."""

    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any]

    @property
    def system_text(self) -> str:
        system = self.body.get("system") or ""
        if isinstance(system, str):
            return system
        return "".join(block.get("text", "") for block in system)

    @property
    def user_text(self) -> str:
        parts = []
        for message in self.body.get("messages", []):
            content = message.get("content")
            if isinstance(content, str):
                parts.append(content)
            else:
                parts += [block.get("text", "") for block in content or [] if isinstance(block, dict)]
        return "\n".join(parts)

    @property
    def chars(self) -> int:
        """Characters of prompt text sent (system + messages + tool schemas)."""
        tools = json.dumps(self.body.get("tools") or [])
        return len(self.system_text) + len(self.user_text) + (len(tools) if self.body.get("tools") else 0)


@dataclass
class AnthropicStandIn:
    """The running server's state: recorded requests and the scripted behaviour."""

    base_url: str = ""
    requests: list[Recorded] = field(default_factory=list)
    _queue: list[Action] = field(default_factory=list)
    _always: Action | None = None
    _cached: set[str] = field(default_factory=set)
    batches: dict[str, StandInBatch] = field(default_factory=dict)
    batch_polls_in_progress: int = 1
    _entry_failures: dict[str, str] = field(default_factory=dict)

    def fail_entry(self, custom_id: str, kind: str | None = "errored") -> None:
        """Batch requests with this custom_id end "errored", "expired" or "canceled" (None: answered)."""
        if kind is None:
            self._entry_failures.pop(custom_id, None)
        else:
            self._entry_failures[custom_id] = kind

    def queue(self, *actions: Action) -> None:
        """The next len(actions) requests get these answers, in order; then the default resumes."""
        self._queue.extend(actions)

    def always(self, action: Action | None) -> None:
        """Every later request (after any queued ones) gets this answer; None restores the default."""
        self._always = action

    @property
    def messages(self) -> list[Recorded]:
        return [r for r in self.requests if r.path == "/v1/messages"]

    async def _handle(self, request: web.Request) -> web.Response:
        try:
            body = await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            return _error_response(400, "request body is not JSON")
        self.requests.append(Recorded(request.method, request.path, dict(request.headers), body))
        action = self._queue.pop(0) if self._queue else (self._always or default_answer)
        response = action(body)
        if inspect.isawaitable(response):
            response = await response
        return self._with_cache_usage(body, response)

    async def _create_batch(self, request: web.Request) -> web.Response:
        try:
            body = await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            return _error_response(400, "request body is not JSON")
        self.requests.append(Recorded(request.method, request.path, dict(request.headers), body))
        entries = body.get("requests") if isinstance(body, dict) else None
        if not isinstance(entries, list) or not entries:
            return _error_response(400, "requests: must be a non-empty list")
        ids = [e.get("custom_id") for e in entries if isinstance(e, dict)]
        if len(ids) != len(entries) or len(set(ids)) != len(ids) or not all(isinstance(i, str) for i in ids):
            return _error_response(400, "requests: every custom_id must be a unique string")
        batch = StandInBatch(id=f"msgbatch_standin_{next(_ids):06d}", requests=entries)
        self.batches[batch.id] = batch
        return web.json_response(self._batch_json(batch))

    async def _retrieve_batch(self, request: web.Request) -> web.Response:
        self.requests.append(Recorded(request.method, request.path, dict(request.headers), {}))
        batch = self.batches.get(request.match_info["batch_id"])
        if batch is None:
            return _error_response(404, "no such batch")
        batch.polls += 1
        if batch.polls > self.batch_polls_in_progress and batch.status == "in_progress":
            await self._finish(batch)
        return web.json_response(self._batch_json(batch))

    async def _cancel_batch(self, request: web.Request) -> web.Response:
        self.requests.append(Recorded(request.method, request.path, dict(request.headers), {}))
        batch = self.batches.get(request.match_info["batch_id"])
        if batch is None:
            return _error_response(404, "no such batch")
        if batch.status == "in_progress":
            batch.results = [
                {"custom_id": e["custom_id"], "result": {"type": "canceled"}} for e in batch.requests
            ]
            batch.status = "ended"
        return web.json_response(self._batch_json(batch))

    async def _batch_results(self, request: web.Request) -> web.Response:
        self.requests.append(Recorded(request.method, request.path, dict(request.headers), {}))
        batch = self.batches.get(request.match_info["batch_id"])
        if batch is None or batch.status != "ended":
            return _error_response(404, "no results for this batch (yet)")
        lines = "".join(json.dumps(line) + "\n" for line in batch.results)
        return web.Response(body=lines.encode(), content_type="application/binary")

    async def _finish(self, batch: StandInBatch) -> None:
        """Answer every request of the batch now, as a direct request would be answered."""
        batch.results = []
        for entry in batch.requests:
            custom_id, params = entry["custom_id"], entry.get("params") or {}
            kind = self._entry_failures.get(custom_id)
            if kind == "errored":
                error = {"type": "invalid_request_error", "message": "stand-in: scripted failure"}
                result: dict[str, Any] = {"type": "errored", "error": {"type": "error", "error": error}}
            elif kind is not None:
                result = {"type": kind}
            else:
                response = (self._always or default_answer)(params)
                if inspect.isawaitable(response):
                    response = await response
                response = self._with_cache_usage(params, response)
                try:
                    answer = json.loads(response.body) if isinstance(response.body, bytes) else {}
                except (json.JSONDecodeError, UnicodeDecodeError):
                    answer = {"type": "error", "error": {"type": "api_error", "message": "not JSON"}}
                if response.status == 200 and answer.get("type") == "message":
                    result = {"type": "succeeded", "message": answer}
                else:
                    result = {"type": "errored", "error": answer}
            batch.results.append({"custom_id": custom_id, "result": result})
        batch.status = "ended"

    def _batch_json(self, batch: StandInBatch) -> dict[str, Any]:
        counts = {"processing": 0, "succeeded": 0, "errored": 0, "canceled": 0, "expired": 0}
        if batch.status == "ended":
            for line in batch.results:
                counts[line["result"]["type"]] += 1
        else:
            counts["processing"] = len(batch.requests)
        ended = batch.status == "ended"
        return {
            "id": batch.id,
            "type": "message_batch",
            "processing_status": batch.status,
            "request_counts": counts,
            "created_at": "2026-02-13T12:00:00Z",
            "expires_at": "2026-02-14T12:00:00Z",
            "ended_at": "2026-02-13T12:05:00Z" if ended else None,
            "cancel_initiated_at": None,
            "archived_at": None,
            "results_url": f"{self.base_url}/v1/messages/batches/{batch.id}/results" if ended else None,
        }

    def _with_cache_usage(self, body: dict[str, Any], response: web.Response) -> web.Response:
        """Fill the cache_* usage fields the way the API does for a cache_control'ed system block."""
        if response.status != 200 or not isinstance(response.body, bytes):
            return response
        try:
            answer = json.loads(response.body)
        except (json.JSONDecodeError, UnicodeDecodeError):
            return response
        system = body.get("system")
        if (
            not isinstance(answer, dict)
            or not isinstance(answer.get("usage"), dict)
            or not isinstance(system, list)
        ):
            return response
        marked = "".join(b.get("text", "") for b in system if isinstance(b, dict) and b.get("cache_control"))
        if marked:
            key = hashlib.sha256(marked.encode("utf-8", "replace")).hexdigest()
            tokens = _tokens(marked)
            usage = answer["usage"]
            usage["input_tokens"] = max(usage["input_tokens"] - tokens, 0)
            if key in self._cached:
                usage["cache_read_input_tokens"] = tokens
            else:
                self._cached.add(key)
                usage["cache_creation_input_tokens"] = tokens
        return web.json_response(answer)


@dataclass
class StandInBatch:
    """One submitted Message Batch: its requests, how often it was polled, its result lines."""

    id: str
    requests: list[dict[str, Any]]
    status: str = "in_progress"
    polls: int = 0
    results: list[dict[str, Any]] = field(default_factory=list)

    @property
    def params(self) -> list[dict[str, Any]]:
        return [entry.get("params") or {} for entry in self.requests]


@asynccontextmanager
async def running_standin() -> AsyncIterator[AnthropicStandIn]:
    """Start the stand-in on 127.0.0.1 (random port) for the duration of the block."""
    standin = AnthropicStandIn()
    app = web.Application(client_max_size=32 * 1024 * 1024)
    app.router.add_post("/v1/messages", standin._handle)
    app.router.add_post("/v1/messages/batches", standin._create_batch)
    app.router.add_get("/v1/messages/batches/{batch_id}", standin._retrieve_batch)
    app.router.add_post("/v1/messages/batches/{batch_id}/cancel", standin._cancel_batch)
    app.router.add_get("/v1/messages/batches/{batch_id}/results", standin._batch_results)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    host, port = runner.addresses[0][:2]
    standin.base_url = f"http://{host}:{port}"
    try:
        yield standin
    finally:
        await runner.cleanup()


# -- answers ------------------------------------------------------------------------------------


def message(body: dict[str, Any], content: list[dict[str, Any]], stop_reason: str) -> dict[str, Any]:
    """A Messages API response object with usage estimated at 4 characters a token."""
    sent = Recorded("POST", "/v1/messages", {}, body)
    return {
        "id": f"msg_standin_{next(_ids):06d}",
        "type": "message",
        "role": "assistant",
        "model": body.get("model", "standin"),
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": None,
        "usage": {
            "input_tokens": _tokens(sent.system_text) + _tokens(sent.user_text),
            "output_tokens": _tokens(json.dumps(content)),
            "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": 0,
            "service_tier": "standard",
        },
    }


def default_answer(body: dict[str, Any]) -> web.Response:
    """A forced tool gets a valid tool_use; no tool gets a short text answer."""
    if _forced_tool(body):
        return _tool_response(body, default_tool_input(body))
    return web.json_response(message(body, [{"type": "text", "text": "Stand-in answer."}], "end_turn"))


def default_tool_input(body: dict[str, Any]) -> dict[str, Any]:
    """For a classification request: every PR in the user text, with the taxonomy keys that
    occur in its title, a summary naming the title, and impact (number % 10) / 10."""
    tool = _forced_tool(body) or {}
    keys = _topic_enum(tool.get("input_schema") or {})
    out = []
    for pr in prs_in(body):
        title = str(pr.get("title") or "")
        words = set(re.findall(r"[a-z0-9][a-z0-9-]*", title.lower()))
        topics = [key for key in keys if key in words]
        number = pr.get("number")
        impact = (number % 10) / 10 if isinstance(number, int) else 0.5
        out.append(
            {"number": number, "topics": topics, "summary": f"Changes: {title[:80]}", "impact": impact}
        )
    return {"prs": out}


def prs_in(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The PR objects of the JSON array framed in the user message (empty when there is none)."""
    text = Recorded("POST", "", {}, body).user_text
    start, end = text.find("\n["), text.rfind("]\n")
    if start < 0 or end < start:
        return []
    try:
        items = json.loads(text[start + 1 : end + 1])
    except json.JSONDecodeError:
        return []
    return [item for item in items if isinstance(item, dict)] if isinstance(items, list) else []


def error(status: int, *, retry_after_ms: int | None = 5, message_text: str = "") -> Action:
    """An API error response: 429 rate_limit_error, 529 overloaded_error, 500 api_error, ...
    `retry_after_ms` sets retry-after-ms (small, so retry tests stay fast) and retry-after."""

    def act(body: dict[str, Any]) -> web.Response:
        return _error_response(status, message_text or f"stand-in {status}", retry_after_ms)

    return act


def tool_input(rewrite: Callable[[dict[str, Any], dict[str, Any]], Any]) -> Action:
    """A tool_use answer whose input is `rewrite(default_input, request_body)`."""

    def act(body: dict[str, Any]) -> web.Response:
        return _tool_response(body, rewrite(default_tool_input(body), body))

    return act


def malformed() -> Action:
    """A tool_use whose input ignores the schema (prs is a string)."""
    return tool_input(lambda data, body: {"prs": "I could not do that"})


def unknown_topics(*extra: str) -> Action:
    """Every PR also gets topic keys the taxonomy does not have."""

    def rewrite(data: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
        for entry in data["prs"]:
            entry["topics"] = [*extra, *entry["topics"]]
        return data

    return tool_input(rewrite)


def drop_prs(*numbers: int) -> Action:
    """The answer leaves out these PR numbers."""
    return tool_input(lambda data, body: {"prs": [e for e in data["prs"] if e["number"] not in numbers]})


def text(answer: str | Callable[[dict[str, Any]], str]) -> Action:
    """A plain text answer (even when a tool was forced), e.g. one citing PR numbers."""

    def act(body: dict[str, Any]) -> web.Response:
        value = answer(body) if callable(answer) else answer
        return web.json_response(message(body, [{"type": "text", "text": value}], "end_turn"))

    return act


def citing(*numbers: int) -> Action:
    """A text answer citing these PR numbers as #N."""
    return text(lambda body: "See " + ", ".join(f"#{n}" for n in numbers) + " for the details.")


def broken_json() -> Action:
    """A 200 whose body is not JSON at all."""
    return lambda body: web.Response(
        status=200, text='{"id": "msg_broken", "content": [', content_type="application/json"
    )


# -- helpers ------------------------------------------------------------------------------------


def _tool_response(body: dict[str, Any], data: Any) -> web.Response:
    tool = _forced_tool(body) or {"name": "tool"}
    block = {"type": "tool_use", "id": f"toolu_standin_{next(_ids):06d}", "name": tool["name"], "input": data}
    return web.json_response(message(body, [block], "tool_use"))


def _forced_tool(body: dict[str, Any]) -> dict[str, Any] | None:
    choice = body.get("tool_choice") or {}
    for tool in body.get("tools") or []:
        if choice.get("type") == "tool" and tool.get("name") == choice.get("name"):
            return tool
    tools = body.get("tools") or []
    return tools[0] if len(tools) == 1 and choice.get("type") in ("any", "tool") else None


def _topic_enum(schema: dict[str, Any]) -> list[str]:
    try:
        return list(schema["properties"]["prs"]["items"]["properties"]["topics"]["items"]["enum"])
    except (KeyError, TypeError):
        return []


def _error_response(status: int, text_: str, retry_after_ms: int | None = None) -> web.Response:
    headers = {"request-id": f"req_standin_{next(_ids):06d}"}
    if retry_after_ms is not None:
        headers["retry-after-ms"] = str(retry_after_ms)
        headers["retry-after"] = str(max(1, retry_after_ms // 1000))
    payload = {"type": "error", "error": {"type": _ERROR_TYPES.get(status, "api_error"), "message": text_}}
    return web.json_response(payload, status=status, headers=headers)


def _tokens(text_: str) -> int:
    return (len(text_) + 3) // 4
