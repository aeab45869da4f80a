"""`python -m bot run` with Discord only: a real subprocess connects to the Discord stand-in
(REST + gateway on 127.0.0.1), reports it in /healthz, and the scheduler's digest lands there."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from standins.discord_server import TEST_BUCKET, DiscordStandIn
from tests.bot.runner import BotProcess, clean_env, free_port


@pytest.fixture
async def discord() -> AsyncIterator[DiscordStandIn]:
    standin = DiscordStandIn(**TEST_BUCKET)
    await standin.start()
    yield standin
    await standin.close()


async def test_run_connects_to_discord_and_posts_the_scheduled_digest_there(
    tmp_path: Path, discord: DiscordStandIn
) -> None:
    """DISCORD_TOKEN + [discord] api_base_url: healthz says discord connected; the digest due in a few
    seconds is posted to the configured channel, with a thread opened on it."""
    due = (datetime.now(UTC) + timedelta(seconds=8)).replace(microsecond=0)
    port = free_port()
    config = tmp_path / "config.toml"
    # grace 18 s: the previous minute's run is too old to catch up at start, the one due soon is not.
    config.write_text(
        f"""
[health]
host = "127.0.0.1"
port = {port}

[discord]
api_base_url = "{discord.api_base_url}"
guild_ids = [{discord.guild_id}]

[[repos]]
name = "vllm-project/vllm"

[repos.digest]
schedule = "{due.second} * * * * *"
grace_hours = 0.005
refresh_minutes = 60
discord_channels = [{discord.channel_id}]
""",
        encoding="utf-8",
    )
    bot = BotProcess(config, clean_env(tmp_path, DISCORD_TOKEN=discord.token), tmp_path / "bot.log")
    try:
        health = await bot.wait_healthy(port)
        assert health["adapters"] == {"discord": True}
        assert discord.session_count == 1
        posted = await discord.wait_for(
            lambda r: r.method == "POST" and r.path == f"/channels/{discord.channel_id}/messages", timeout=20
        )
        assert "PR digest for vllm-project/vllm" in (posted.content or "")
        await discord.wait_for(lambda r: r.method == "POST" and r.path.endswith("/threads"))
        assert "voice will NOT be supported" not in bot.text()
    finally:
        bot.kill()
