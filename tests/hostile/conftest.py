"""A facade over a real SQLite store seeded once per module with the packaged vLLM sample.

The SQLite store runs its calls on the caller's thread, so sync hypothesis tests can drive the
async facade with `asyncio.run` per example.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.bootstrap import build_handlers
from bot.config import Config, FileConfig, Secrets
from bot.services.importer import import_file, sample_path
from bot.store import open_store
from handlers.app import BotHandlers

REPO = "vllm-project/vllm"
NOW = datetime(2026, 3, 2, 9, tzinfo=UTC)  # the sample's last week is Feb 23 - Mar 1


@pytest.fixture(scope="module")
def facade(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BotHandlers]:
    """The real facade (offline: no LLM) over a seeded SQLite store, clock fixed at NOW."""
    path: Path = tmp_path_factory.mktemp("hostile") / "store.db"
    store = open_store(f"sqlite:///{path}")
    asyncio.run(import_file(store, sample_path(), REPO))
    config = Config(settings=FileConfig(), secrets=Secrets(), store_url=store.url, source="test")
    handlers = build_handlers(config, store, clock=lambda: NOW)
    service = handlers.classifications[REPO]
    asyncio.run(
        service.run(REPO, asyncio.run(store.all_prs(REPO)))
    )  # answers read the cache, as in production
    yield handlers
    asyncio.run(store.close())
