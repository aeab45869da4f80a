"""AnthropicLLM through the real anthropic SDK against the Messages API stand-in; build_llm."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp import web

from bot.bootstrap import build_llm
from bot.config import ConfigError, load_config
from bot.services.llm import AnthropicLLM
from handlers.errors import LLMError
from standins.anthropic_server import (
    AnthropicStandIn,
    broken_json,
    default_answer,
    error,
    running_standin,
    text,
)

SCHEMA = {"type": "object", "properties": {"answer": {"type": "string"}}, "required": ["answer"]}


@pytest.fixture
async def standin() -> AsyncIterator[AnthropicStandIn]:
    async with running_standin() as server:
        yield server


def make_llm(standin: AnthropicStandIn, **kwargs: Any) -> AnthropicLLM:
    options: dict[str, Any] = {"api_key": "sk-test", "model": "test-model", "max_retries": 2} | kwargs
    return AnthropicLLM(base_url=standin.base_url, **options)


async def test_plain_completion_returns_the_text(standin: AnthropicStandIn) -> None:
    """Without a schema the model's text comes back and nothing is forced."""
    result = await make_llm(standin).complete("Be brief.", "Hello?", max_tokens=100)
    assert result.text == "Stand-in answer."
    assert result.data is None
    sent = standin.messages[0].body
    assert sent["system"] == "Be brief." and "tools" not in sent and sent["model"] == "test-model"


async def test_schema_forces_one_tool_and_returns_its_input(standin: AnthropicStandIn) -> None:
    """A schema becomes a single forced tool; the tool input is returned parsed."""
    result = await make_llm(standin).complete("sys", "user", max_tokens=100, schema=SCHEMA)
    sent = standin.messages[0].body
    assert [t["input_schema"] for t in sent["tools"]] == [SCHEMA]
    assert sent["tool_choice"] == {"type": "tool", "name": sent["tools"][0]["name"]}
    assert isinstance(result.data, dict)


async def test_cache_system_marks_the_system_block_ephemeral(standin: AnthropicStandIn) -> None:
    """cache_system sends the system prompt as a block with cache_control ephemeral."""
    await make_llm(standin).complete("the long instructions", "u", max_tokens=50, cache_system=True)
    assert standin.messages[0].body["system"] == [
        {"type": "text", "text": "the long instructions", "cache_control": {"type": "ephemeral"}}
    ]


async def test_api_key_and_version_headers_are_sent(standin: AnthropicStandIn) -> None:
    """The key is sent (x-api-key or Bearer, by SDK version) with an anthropic-version header."""
    await make_llm(standin).complete("s", "u", max_tokens=10)
    headers = {k.lower(): v for k, v in standin.messages[0].headers.items()}
    assert "sk-test" in (headers.get("x-api-key"), headers.get("authorization", "").removeprefix("Bearer "))
    assert headers["anthropic-version"]


async def test_rate_limit_and_overload_are_retried_then_succeed(standin: AnthropicStandIn) -> None:
    """A 429 (with retry-after) and a 529 overloaded are retried by the SDK; the third try answers."""
    standin.queue(error(429), error(529))
    result = await make_llm(standin).complete("s", "u", max_tokens=10)
    assert result.text == "Stand-in answer."
    assert len(standin.messages) == 3


async def test_persistent_server_error_raises_one_line_llm_error(standin: AnthropicStandIn) -> None:
    """After max_retries the 500 becomes an LLMError with a single readable line."""
    standin.always(error(500))
    llm = make_llm(standin, max_retries=2)
    with pytest.raises(LLMError) as caught:
        await llm.complete("s", "u", max_tokens=10)
    assert "500" in str(caught.value) and "\n" not in str(caught.value)
    assert len(standin.messages) == 3
    assert llm.usage.failures == 1


async def test_bad_key_is_not_retried_and_names_the_variable(standin: AnthropicStandIn) -> None:
    """A 401 fails at once with a message pointing at ANTHROPIC_API_KEY."""
    standin.always(error(401, retry_after_ms=None))
    with pytest.raises(LLMError, match="ANTHROPIC_API_KEY"):
        await make_llm(standin).complete("s", "u", max_tokens=10)
    assert len(standin.messages) == 1


async def test_unreadable_answer_raises_llm_error(standin: AnthropicStandIn) -> None:
    """A 200 whose body is not JSON becomes an LLMError, not a crash."""
    standin.always(broken_json())
    with pytest.raises(LLMError):
        await make_llm(standin, max_retries=0).complete("s", "u", max_tokens=10)


async def test_text_answer_to_a_schema_request_raises_llm_error(standin: AnthropicStandIn) -> None:
    """If the model ignores the forced tool, the caller gets an LLMError to fall back on."""
    standin.always(text("I would rather chat."))
    with pytest.raises(LLMError, match="tool"):
        await make_llm(standin).complete("s", "u", max_tokens=10, schema=SCHEMA)


async def test_token_usage_accumulates_across_calls(standin: AnthropicStandIn) -> None:
    """input/output tokens from each response's usage are summed on the instance."""
    llm = make_llm(standin)
    first = await llm.complete("s" * 400, "u" * 400, max_tokens=10)
    second = await llm.complete("s" * 400, "u" * 400, max_tokens=10)
    assert first.input_tokens == 200 and first.output_tokens > 0
    assert llm.input_tokens == first.input_tokens + second.input_tokens
    assert llm.output_tokens == first.output_tokens + second.output_tokens
    assert llm.usage.requests == 2


async def test_cached_system_prompt_is_reported_as_cache_reads(standin: AnthropicStandIn) -> None:
    """The second call with the same cached system block counts cache-read tokens."""
    llm = make_llm(standin)
    for _ in range(2):
        await llm.complete("x" * 4000, "u", max_tokens=10, cache_system=True)
    assert llm.usage.cache_creation_input_tokens == 1000
    assert llm.usage.cache_read_input_tokens == 1000


async def test_requests_in_flight_never_exceed_max_concurrency(standin: AnthropicStandIn) -> None:
    """Ten concurrent calls with max_concurrency=2 reach the server at most two at a time."""
    in_flight = peak = 0

    async def slow(body: dict[str, Any]) -> web.Response:
        nonlocal in_flight, peak
        in_flight += 1
        peak = max(peak, in_flight)
        await asyncio.sleep(0.02)
        in_flight -= 1
        return default_answer(body)

    standin.always(slow)
    llm = make_llm(standin, max_concurrency=2)
    await asyncio.gather(*(llm.complete("s", "u", max_tokens=10) for _ in range(10)))
    assert len(standin.messages) == 10
    assert peak == 2


def test_build_llm_is_none_when_offline() -> None:
    """provider = "none" (the default) means no LLM, even with a key set."""
    config = load_config(env={"ANTHROPIC_API_KEY": "sk-x"})
    assert build_llm(config) is None


def test_build_llm_without_key_names_the_variable(tmp_path: Any) -> None:
    """provider = "anthropic" with no ANTHROPIC_API_KEY fails with a clear ConfigError."""
    path = tmp_path / "config.toml"
    path.write_text('[llm]\nprovider = "anthropic"\n')
    with pytest.raises(ConfigError, match="ANTHROPIC_API_KEY"):
        build_llm(load_config(path, env={}))


def test_build_llm_uses_the_configured_model_and_endpoint(tmp_path: Any) -> None:
    """The [llm] section's model, base_url and bounds reach the client."""
    path = tmp_path / "config.toml"
    path.write_text(
        '[llm]\nprovider = "anthropic"\nmodel = "claude-x"\nbase_url = "http://127.0.0.1:9"\nmax_concurrency = 3\n'
    )
    llm = build_llm(load_config(path, env={"ANTHROPIC_API_KEY": "sk-x"}))
    assert isinstance(llm, AnthropicLLM)
    assert llm.model == "claude-x" and llm.max_concurrency == 3
    assert str(llm._client.base_url).startswith("http://127.0.0.1:9")


def test_build_classifier_picks_anthropic_only_with_an_llm(tmp_path: Any) -> None:
    """Offline the heuristic classifies; with an LLM the Anthropic one does, sized by [llm] settings."""
    from bot.bootstrap import build_classifier
    from bot.services.heuristic import HeuristicClassifier
    from bot.services.llm_classifier import AnthropicClassifier
    from bot.services.taxonomy import load_taxonomy

    path = tmp_path / "config.toml"
    path.write_text('[llm]\nprovider = "anthropic"\nbatch_size = 7\nclassify_body_chars = 300\n')
    config = load_config(path, env={"ANTHROPIC_API_KEY": "sk-x"})
    taxonomy = load_taxonomy("vllm", "vllm-project/vllm")
    heuristic = HeuristicClassifier(taxonomy)
    assert build_classifier(config, None, taxonomy, "vllm-project/vllm")[0].version == heuristic.version
    chosen, _ = build_classifier(config, build_llm(config), taxonomy, "vllm-project/vllm")
    assert isinstance(chosen, AnthropicClassifier) and (chosen.batch_size, chosen.body_limit) == (7, 300)
