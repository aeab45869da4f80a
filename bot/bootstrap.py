"""The composition root: the one place that picks concrete implementations from config.

SQLite or Redis, heuristic or Anthropic, which chat platforms: decided here, built once and
passed in. Nothing else reads config to choose an implementation.
"""

from __future__ import annotations

from bot.config import Config, ConfigError
from bot.store import open_store
from handlers.ports import LLM, Store


def build_store(config: Config) -> Store:
    return open_store(config.store_url, redis_prefix=config.settings.store.redis_prefix)


def build_llm(config: Config) -> LLM | None:
    """The configured chat model, or None when the bot runs offline (`[llm] provider = "none"`).

    Raises ConfigError when Anthropic is chosen but ANTHROPIC_API_KEY is not set.
    """
    settings = config.settings.llm
    if settings.provider == "none":
        return None
    key = config.secrets.anthropic_api_key
    if not key:
        raise ConfigError(
            f'{config.source}: [llm] provider = "anthropic" needs the ANTHROPIC_API_KEY environment '
            'variable; set it, or set provider = "none" to run offline'
        )
    from bot.services.llm import AnthropicLLM  # the SDK is imported only when it is used

    return AnthropicLLM(
        api_key=key,
        model=settings.model,
        base_url=settings.base_url,
        timeout=settings.timeout_seconds,
        max_retries=settings.max_retries,
        max_concurrency=settings.max_concurrency,
    )
