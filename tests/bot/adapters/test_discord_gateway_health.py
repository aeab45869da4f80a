"""The Discord gateway's health as /healthz sees it: a silent gateway is reported within a
heartbeat, a resume is logged, a refused privileged intent (4014) stops `run` with a clear error."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from standins.discord_server import TEST_BUCKET, DiscordStandIn
from tests.bot.adapters.test_discord_adapter import connected_world
from tests.cli_helpers import run_cli_async


async def test_a_silent_gateway_is_reported_disconnected_within_a_heartbeat(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Heartbeats left unanswered: `connected` (what /healthz reports) turns false within ~1 interval."""
    standin = DiscordStandIn(**TEST_BUCKET, heartbeat_interval_ms=1000)
    async with connected_world(tmp_path, standin) as world:
        assert world.adapter.connected
        standin.heartbeats_answered = False
        for _ in range(60):
            if not world.adapter.connected:
                break
            await asyncio.sleep(0.1)
        assert not world.adapter.connected
        standin.heartbeats_answered = True
        with caplog.at_level(logging.INFO, logger="bot.adapters.discord_adapter"):
            await standin.drop_gateway()
            for _ in range(100):
                if any("resumed" in r.getMessage() for r in caplog.records) and world.adapter.connected:
                    break
                await asyncio.sleep(0.1)
        assert any("gateway session resumed" in r.getMessage() for r in caplog.records)
        assert world.adapter.connected


async def test_a_refused_message_content_intent_stops_run_with_a_clear_error(tmp_path: Path) -> None:
    """Close 4014 at identify: `run` exits non-zero naming the intent, instead of running on with Discord dead."""
    standin = DiscordStandIn(**TEST_BUCKET, message_content_allowed=False)
    await standin.start()
    try:
        config = tmp_path / "config.toml"
        config.write_text(
            f'[store]\nurl = "sqlite:///{tmp_path / "s.db"}"\n[health]\nport = 0\n'
            f'[discord]\napi_base_url = "{standin.api_base_url}"\nguild_ids = [{standin.guild_id}]\n'
        )
        status, _, err = await run_cli_async(
            "--config", str(config), "run", env={"DISCORD_TOKEN": standin.token}, timeout=60
        )
    finally:
        await standin.close()
    assert status != 0
    assert "4014" in err and "Message Content Intent" in err
    assert "Traceback" not in err
