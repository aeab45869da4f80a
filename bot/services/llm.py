"""The Anthropic implementation of the LLM port (`handlers.ports.LLM`).

Wraps `anthropic.AsyncAnthropic`: one client per instance, built from config by
`bot.bootstrap.build_llm` and passed in. Transient failures (429 rate limits, 529 overloaded,
5xx, 408/409, connection errors and timeouts) are retried by the SDK itself with exponential
backoff that honours `retry-after` / `retry-after-ms`; `max_retries` is handed to it. What is
still failing after that becomes one `LLMError` with a one-line message. A semaphore bounds the
requests in flight, and token usage is summed on the instance for metrics and CLI summaries.
"""

from __future__ import annotations

import asyncio
import logging
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
    ) -> None:
        self.model = model
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
        params: dict[str, Any] = {
            "model": self.model,
            "max_tokens": max_tokens,
            "messages": [{"role": "user", "content": user}],
        }
        if cache_system:
            params["system"] = [{"type": "text", "text": system, "cache_control": {"type": "ephemeral"}}]
        elif system:
            params["system"] = system
        if schema is not None:
            params["tools"] = [
                {
                    "name": TOOL_NAME,
                    "description": "Record the answer. Always answer by calling this tool.",
                    "input_schema": schema,
                }
            ]
            params["tool_choice"] = {"type": "tool", "name": TOOL_NAME}
        async with self._slots:
            self.usage.requests += 1
            try:
                message = await self._client.messages.create(**params)
            except anthropic.APIStatusError as exc:
                self.usage.failures += 1
                raise LLMError(self._status_message(exc)) from None
            except anthropic.APITimeoutError:
                self.usage.failures += 1
                raise LLMError(f"Anthropic API timed out (after {self.max_retries} retries)") from None
            except anthropic.APIConnectionError as exc:
                self.usage.failures += 1
                raise LLMError(
                    f"cannot reach the Anthropic API ({_one_line(str(exc))}) after {self.max_retries} retries"
                ) from None
            except (anthropic.AnthropicError, ValueError) as exc:
                # A 200 whose body is not a Messages API answer (a broken proxy, a bad stand-in).
                self.usage.failures += 1
                raise LLMError(f"Anthropic API answer unreadable: {_one_line(str(exc))}") from None
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
