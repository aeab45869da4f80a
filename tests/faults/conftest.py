"""Shared pieces of the fault suite: a facade over a seeded SQLite store with the LLM pointed at
the Anthropic stand-in."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.bootstrap import build_handlers
from bot.config import Config, FileConfig, LLMConfig, Secrets
from bot.services.importer import import_file, sample_path
from bot.store import open_store
from handlers.app import BotHandlers
from handlers.ports import Store
from standins.anthropic_server import AnthropicStandIn

REPO = "vllm-project/vllm"
NOW = datetime(2026, 3, 2, 9, tzinfo=UTC)  # the sample's last week is Feb 23 - Mar 1


@dataclass
class LLMWorld:
    facade: BotHandlers
    store: Store
    standin: AnthropicStandIn


@pytest.fixture
async def llm_world(tmp_path: Path, anthropic_standin: AnthropicStandIn) -> AsyncIterator[LLMWorld]:
    """bootstrap's facade with Anthropic configured (one SDK retry) over the seeded sample."""
    store = open_store(f"sqlite:///{tmp_path / 'store.db'}")
    await import_file(store, sample_path(), REPO)
    llm = LLMConfig(provider="anthropic", base_url=anthropic_standin.base_url, max_retries=1, batch_size=10)
    config = Config(
        settings=FileConfig(llm=llm),
        secrets=Secrets(anthropic_api_key="test"),
        store_url=store.url,
        source="t",
    )
    yield LLMWorld(build_handlers(config, store, clock=lambda: NOW), store, anthropic_standin)
    await store.close()
