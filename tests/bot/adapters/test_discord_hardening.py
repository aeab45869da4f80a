"""Discord under load and from strangers: acks within 3 s, inert echoes, safe thread names.

The stand-in enforces Discord's documented rules (3-second acknowledgement, one ack per
interaction, 2,000-character messages, 1..100-character thread names), so a late ack or an
invalid name fails here as it would on Discord.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from tests.bot.adapters.test_discord_adapter import World, connected_world, webhook
from tests.standins.discord_server import DiscordStandIn

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def world(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[World]:
    async with connected_world(tmp_path_factory.mktemp("discord-hard"), DiscordStandIn()) as built:
        yield built


async def test_a_stream_of_long_window_queries_is_acknowledged_in_time(world: World) -> None:
    """40 different long-window queries, one every 75 ms: each is acknowledged well within Discord's 3 s."""
    s = world.standin
    interactions = []
    for n in range(40):
        text = f"since 2025-{n % 4 + 8:02d}-{n % 28 + 1:02d} until 2026-08-{n % 20 + 1:02d}"
        interactions.append(await s.send_command("vllm", text))
        await asyncio.sleep(0.075)
    for interaction in interactions:
        try:
            await s.wait_for(
                lambda r, i=interaction: r.path.startswith(webhook(i)) and r.method in ("PATCH", "POST"),
                timeout=20,
            )
        except TimeoutError:
            print(
                "MISSING",
                interaction.token,
                [(r.method, r.path) for r in s.requests if interaction.token in r.path],
            )
            raise
    assert s.late_acks == 0
    assert len(s.ack_seconds) == 40 and max(s.ack_seconds) < 1.0, f"slowest ack {max(s.ack_seconds):.2f} s"
