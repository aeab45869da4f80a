"""The adapters' `connected` property, which /healthz reports: false before start, true once the
platform is reachable, false after stop. Slack in both modes and Discord, against their stand-ins."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.bootstrap import build_discord, build_handlers, build_slack
from bot.config import Config, load_config
from bot.store import open_store
from handlers.ports import Store
from standins.discord_server import TEST_BUCKET, DiscordStandIn
from standins.slack_server import SlackStandIn
from tests.bot.adapters.slack_harness import config as http_config
from tests.bot.adapters.slack_harness import fixture
from tests.bot.adapters.test_slack_socket_mode import socket_config


@pytest.fixture
async def sqlite_store(tmp_path: Path) -> AsyncIterator[Store]:
    store = open_store(f"sqlite:///{tmp_path / 'store.db'}")
    yield store
    await store.close()


@pytest.mark.parametrize("mode", ["http", "socket"])
async def test_slack_is_connected_only_between_start_and_stop(
    mode: str, slack: SlackStandIn, sqlite_store: Store
) -> None:
    """Slack reports disconnected before start(), connected after it, disconnected after stop()."""
    config: Config = (
        http_config(slack, sqlite_store) if mode == "http" else socket_config(slack, sqlite_store.url)
    )
    adapter = build_slack(config, build_handlers(config, sqlite_store))
    assert not adapter.connected
    await adapter.start()
    try:
        assert adapter.connected
    finally:
        await adapter.stop()
    assert not adapter.connected


async def test_slack_socket_mode_reconnects_after_slack_closes_the_socket(
    slack: SlackStandIn, sqlite_store: Store
) -> None:
    """Slack closing the websocket (as it does to refresh connections) leads to a new URL and socket."""
    config = socket_config(slack, sqlite_store.url)
    adapter = build_slack(config, build_handlers(config, sqlite_store))
    await adapter.start()
    try:
        first = await slack.wait_for_socket()
        await first.close()
        await slack.wait_for(lambda calls: len(slack.of("apps.connections.open")) == 2)
        second = await slack.wait_for_socket()
        assert second is not first
        for _ in range(100):  # the client marks its new session usable right after the handshake
            if adapter.connected:
                break
            await asyncio.sleep(0.05)
        assert adapter.connected
        command = {**fixture("slash_command.json"), "text": "help", "response_url": slack.response_url()}
        await slack.send_envelope("slash_commands", command, "after-reconnect")
        assert await slack.wait_for_socket_ack("after-reconnect") == {"envelope_id": "after-reconnect"}
    finally:
        await adapter.stop()


async def test_discord_is_connected_after_ready_and_not_after_stop(
    tmp_path: Path, sqlite_store: Store
) -> None:
    """Discord reports disconnected before start(), connected once READY arrived, disconnected after stop()."""
    standin = DiscordStandIn(**TEST_BUCKET)
    await standin.start()
    try:
        path = tmp_path / "config.toml"
        path.write_text(
            f'[discord]\napi_base_url = "{standin.api_base_url}"\nguild_ids = [{standin.guild_id}]\n',
            encoding="utf-8",
        )
        config = load_config(str(path), env={"DISCORD_TOKEN": standin.token})
        adapter = build_discord(config, build_handlers(config, sqlite_store))
        assert adapter is not None
        assert not adapter.connected
        await adapter.start()
        try:
            await adapter.wait_until_ready(15)
            assert adapter.connected
            assert standin.session_count == 1
        finally:
            await adapter.stop()
        assert not adapter.connected
    finally:
        await standin.close()
