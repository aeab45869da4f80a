"""The Anthropic implementation of the LLM port (`handlers.ports.LLM`).

Wraps `anthropic.AsyncAnthropic`: one client per instance, built from config by
`bot.bootstrap.build_llm` and passed in. Transient failures (429 rate limits, 529 overloaded,
5xx, 408/409, connection errors and timeouts) are retried by the SDK itself with exponential
backoff that honours `retry-after` / `retry-after-ms`; `max_retries` is handed to it. What is
still failing after that becomes one `LLMError` with a one-line message. A semaphore bounds the
requests in flight, and token usage is summed on the instance for metrics and CLI summaries.

`complete_batch` sends many requests as one Message Batch (half price, asynchronous): it submits,
polls every `batch_poll_seconds` (the sleep is injectable) until the batch has ended or
`batch_max_wait_seconds` of waiting have passed, then reads the results by `custom_id`. Each
entry comes back as an `LLMResult` or an `LLMError` (errored, expired, canceled, unreadable).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import anthropic

from handlers.errors import LLMError
from handlers.ports import LLMResult

log = logging.getLogger(__name__)

TOOL_NAME = "record"


@dataclass
class LLMUsage:
    """Cumulative counters of one LLM instance."""

    requests: int = 0
    failures: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0
    batches: int = 0  # Message Batches submitted (their entries count in `requests`)


@dataclass(frozen=True)
class BatchRequest:
    """One entry of a Message Batch: the same arguments as `AnthropicLLM.complete`."""

    system: str
    user: str
    max_tokens: int
    schema: dict[str, Any] | None = None
    cache_system: bool = False


class AnthropicLLM:
    """Claude through the Messages API; `base_url` may point at any compatible endpoint."""

    def __init__(
        self,
        *,
        api_key: str,
        model: str,
        base_url: str | None = None,
        timeout: float = 60.0,
        max_retries: int = 3,
        max_concurrency: int = 4,
        batch_poll_seconds: float = 30.0,
        batch_max_wait_seconds: float = 86400.0,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.model = model
        self.batch_poll_seconds = batch_poll_seconds
        self.batch_max_wait_seconds = batch_max_wait_seconds
        self._sleep = sleep
        self.max_concurrency = max_concurrency
        self.max_retries = max_retries
        self.usage = LLMUsage()
        self._client = anthropic.AsyncAnthropic(
            api_key=api_key, base_url=base_url, timeout=timeout, max_retries=max_retries
        )
        self._slots = asyncio.Semaphore(max_concurrency)

    @property
    def input_tokens(self) -> int:
        return self.usage.input_tokens

    @property
    def output_tokens(self) -> int:
        return self.usage.output_tokens

    async def close(self) -> None:
        await self._client.close()

    async def complete(
        self,
        system: str,
        user: str,
        *,
        max_tokens: int,
        schema: dict[str, Any] | None = None,
        cache_system: bool = False,
    ) -> LLMResult:
        """One Messages API call. With `schema`, the model must answer through a single tool whose
        input follows it; the parsed input is returned in `data`."""
        params = self._params(BatchRequest(system, user, max_tokens, schema, cache_system))
        async with self._slots:
            self.usage.requests += 1
            try:
                message = await self._client.messages.create(**params)
            except Exception as exc:
                self.usage.failures += 1
                raise self._error(exc) from None
        return self._read(message, schema)

    async def complete_batch(self, requests: Sequence[BatchRequest]) -> list[LLMResult | LLMError]:
        """Many requests as one Message Batch; one LLMResult or LLMError per request, in order.

        Raises LLMError when the batch as a whole fails: it cannot be created or polled, or it has
        not ended after `batch_max_wait_seconds` (it is then cancelled)."""
        if not requests:
            return []
        ids = [f"r{i}" for i in range(len(requests))]
        entries = [{"custom_id": i, "params": self._params(r)} for i, r in zip(ids, requests, strict=True)]
        self.usage.batches += 1
        self.usage.requests += len(requests)
        try:
            batch = await self._client.messages.batches.create(requests=entries)  # type: ignore[arg-type]
        except Exception as exc:
            self.usage.failures += len(requests)
            raise self._error(exc, "creating a message batch") from None
        log.info("message batch %s submitted: %d requests", batch.id, len(requests))
        waited = 0.0
        try:
            while batch.processing_status != "ended":
                if waited >= self.batch_max_wait_seconds:
                    await self._cancel(batch.id)
                    self.usage.failures += len(requests)
                    raise LLMError(
                        f"message batch {batch.id} had not ended after {waited:g} s "
                        "(llm.batch_max_wait_seconds); cancelled"
                    )
                pause = min(self.batch_poll_seconds, self.batch_max_wait_seconds - waited)
                await self._sleep(pause)
                waited += pause
                batch = await self._client.messages.batches.retrieve(batch.id)
                counts = batch.request_counts
                done = counts.succeeded + counts.errored + counts.canceled + counts.expired
                log.info(
                    "message batch %s: %s, %d of %d requests done, waited %g s",
                    batch.id,
                    batch.processing_status,
                    done,
                    len(requests),
                    waited,
                )
            found: dict[str, LLMResult | LLMError] = {}
            async for line in await self._client.messages.batches.results(batch.id):
                found[line.custom_id] = self._entry(line.result, requests, line.custom_id)
        except asyncio.CancelledError:
            log.warning("message batch %s left running on the server (this run was cancelled)", batch.id)
            raise
        except LLMError:
            raise
        except Exception as exc:
            self.usage.failures += len(requests)
            raise self._error(exc, f"reading message batch {batch.id}") from None
        missing = LLMError(f"message batch {batch.id} returned no result for this request")
        out = [found.get(custom_id, missing) for custom_id in ids]
        failed = sum(1 for item in out if isinstance(item, LLMError))
        self.usage.failures += failed
        log.info("message batch %s ended: %d succeeded, %d failed", batch.id, len(out) - failed, failed)
        return out

    def _entry(self, result: Any, requests: Sequence[BatchRequest], custom_id: str) -> LLMResult | LLMError:
        """One line of a batch's results as an LLMResult, or the LLMError saying why there is none."""
        index = int(custom_id[1:]) if custom_id[1:].isdigit() else -1
        if not 0 <= index < len(requests):
            return LLMError(f"unexpected batch result id {custom_id!r}")
        if result.type == "succeeded":
            try:
                return self._read(result.message, requests[index].schema)
            except LLMError as exc:
                return exc
        if result.type == "errored":
            error = getattr(getattr(result, "error", None), "error", None)
            kind = getattr(error, "type", "") or "error"
            return LLMError(
                f"batch request errored ({kind}): {_one_line(str(getattr(error, 'message', '')))}"
            )
        return LLMError(f"batch request {result.type}")

    async def _cancel(self, batch_id: str) -> None:
        try:
            await self._client.messages.batches.cancel(batch_id)
        except anthropic.AnthropicError as exc:  # best effort: a batch expires by itself after 24 h
            log.warning("could not cancel message batch %s: %s", batch_id, self._error(exc))

    def _params(self, request: BatchRequest) -> dict[str, Any]:
        params: dict[str, Any] = {
            "model": self.model,
            "max_tokens": request.max_tokens,
            "messages": [{"role": "user", "content": request.user}],
        }
        if request.cache_system:
            params["system"] = [
                {"type": "text", "text": request.system, "cache_control": {"type": "ephemeral"}}
            ]
        elif request.system:
            params["system"] = request.system
        if request.schema is not None:
            params["tools"] = [
                {
                    "name": TOOL_NAME,
                    "description": "Record the answer. Always answer by calling this tool.",
                    "input_schema": request.schema,
                }
            ]
            params["tool_choice"] = {"type": "tool", "name": TOOL_NAME}
        return params

    def _read(self, message: Any, schema: dict[str, Any] | None) -> LLMResult:
        """The LLMResult of one Messages API answer (counting its usage)."""
        self._count(message.usage)
        text = "".join(block.text for block in message.content if block.type == "text")
        if schema is None:
            return LLMResult(
                text=text, input_tokens=message.usage.input_tokens, output_tokens=message.usage.output_tokens
            )
        data = next(
            (
                block.input
                for block in message.content
                if block.type == "tool_use" and block.name == TOOL_NAME
            ),
            None,
        )
        if data is None:
            raise LLMError(f"the model answered without the {TOOL_NAME!r} tool (stop: {message.stop_reason})")
        return LLMResult(
            text=text,
            data=data,
            input_tokens=message.usage.input_tokens,
            output_tokens=message.usage.output_tokens,
        )

    def _error(self, exc: Exception, doing: str = "") -> LLMError:
        """One LLMError line for an exception of the SDK (after its own retries)."""
        prefix = f"{doing}: " if doing else ""
        if isinstance(exc, anthropic.APIStatusError):
            return LLMError(prefix + self._status_message(exc))
        if isinstance(exc, anthropic.APITimeoutError):
            return LLMError(f"{prefix}Anthropic API timed out (after {self.max_retries} retries)")
        if isinstance(exc, anthropic.APIConnectionError):
            return LLMError(
                f"{prefix}cannot reach the Anthropic API ({_one_line(str(exc))}) "
                f"after {self.max_retries} retries"
            )
        if isinstance(exc, anthropic.AnthropicError | ValueError):
            # A 200 whose body is not a Messages API answer (a broken proxy, a bad stand-in).
            return LLMError(f"{prefix}Anthropic API answer unreadable: {_one_line(str(exc))}")
        raise exc

    def _count(self, usage: Any) -> None:
        self.usage.input_tokens += usage.input_tokens or 0
        self.usage.output_tokens += usage.output_tokens or 0
        self.usage.cache_creation_input_tokens += getattr(usage, "cache_creation_input_tokens", 0) or 0
        self.usage.cache_read_input_tokens += getattr(usage, "cache_read_input_tokens", 0) or 0

    def _status_message(self, exc: anthropic.APIStatusError) -> str:
        kind = ""
        body = exc.body
        if isinstance(body, dict) and isinstance(body.get("error"), dict):
            kind = str(body["error"].get("type") or "")
        detail = f"{exc.status_code} {kind}".strip()
        if exc.status_code in (401, 403):
            return f"Anthropic API refused the key ({detail}): check ANTHROPIC_API_KEY"
        if exc.status_code == 429 or exc.status_code >= 500 or exc.status_code in (408, 409):
            return f"Anthropic API unavailable ({detail}) after {self.max_retries} retries"
        return f"Anthropic API rejected the request ({detail}): {_one_line(exc.message)}"


def _one_line(text: str, limit: int = 200) -> str:
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"
