"""The `anthropic_standin` pytest fixture (standins/anthropic_server.py), registered by
`pytest_plugins = ["tests.anthropic_fixture"]` in tests/conftest.py."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from standins.anthropic_server import AnthropicStandIn, running_standin


@pytest.fixture
async def anthropic_standin() -> AsyncIterator[AnthropicStandIn]:
    """A running Anthropic Messages API stand-in on 127.0.0.1; `.base_url` for the SDK."""
    async with running_standin() as standin:
        yield standin
