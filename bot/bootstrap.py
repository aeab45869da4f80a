"""The composition root: the one place that picks concrete implementations from config.

SQLite or Redis, heuristic or Anthropic, which chat platforms: decided here, built once and
passed in. Nothing else reads config to choose an implementation.
"""

from __future__ import annotations

from bot.config import Config
from bot.store import open_store
from handlers.ports import Store


def build_store(config: Config) -> Store:
    return open_store(config.store_url, redis_prefix=config.settings.store.redis_prefix)
