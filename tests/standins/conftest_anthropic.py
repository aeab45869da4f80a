"""pytest fixture for the Anthropic stand-in; register with
`pytest_plugins = ["tests.standins.conftest_anthropic"]` in the root conftest, or import it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.standins.anthropic_server import AnthropicStandIn, running_standin


@pytest.fixture
async def anthropic_standin() -> AsyncIterator[AnthropicStandIn]:
    """A running Anthropic Messages API stand-in on 127.0.0.1; `.base_url` for the SDK."""
    async with running_standin() as standin:
        yield standin
