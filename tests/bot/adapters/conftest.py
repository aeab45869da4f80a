"""Fixtures for the Slack adapter tests: the Slack stand-in and the bot running against it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from handlers.ports import Store
from standins.slack_server import TEST_RATE, SlackStandIn
from tests.bot.adapters.slack_harness import Bot, seeded, start_bot, stop_bot


@pytest.fixture
async def slack() -> AsyncIterator[SlackStandIn]:
    """Slack's Web API stand-in on 127.0.0.1 (also receives response_url posts)."""
    server = SlackStandIn(**TEST_RATE)
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def bot(store: Store, slack: SlackStandIn) -> AsyncIterator[Bot]:
    """The adapter in HTTP mode over a store seeded with the sample (SQLite and Redis)."""
    running = await start_bot(await seeded(store), slack)
    yield running
    await stop_bot(running)
