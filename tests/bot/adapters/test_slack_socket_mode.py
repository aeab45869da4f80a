"""The Slack adapter in Socket Mode end to end: slack-bolt's AsyncSocketModeHandler (slack_sdk's
aiohttp client) connects to the stand-in's websocket, envelopes come in, acks go back on the
socket, answers go to the Web API stand-in."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.adapters.slack_adapter import SlackAdapter
from bot.bootstrap import build_handlers, build_slack
from bot.config import Config, FileConfig, Secrets, SlackConfig
from bot.store import open_store
from handlers.app import BotHandlers
from standins.slack_server import APP_TOKEN, TEST_PACING, TOKEN, Call, SlackStandIn
from tests.bot.adapters.slack_harness import CHANNEL, NOW, REPO, fixture, seeded, thread_message

_ids = itertools.count(1)


def socket_config(slack: SlackStandIn, store_url: str) -> Config:
    """`[slack] mode = "socket"` with SLACK_BOT_TOKEN and SLACK_APP_TOKEN, Web API at the stand-in."""
    settings = FileConfig(slack=SlackConfig(mode="socket", api_base_url=slack.api_url, **TEST_PACING))
    secrets = Secrets(slack_bot_token=TOKEN, slack_app_token=APP_TOKEN)
    return Config(settings=settings, secrets=secrets, store_url=store_url, source="test")


@dataclass
class SocketBot:
    adapter: SlackAdapter
    handlers: BotHandlers
    slack: SlackStandIn

    def posts(self) -> list[Call]:
        return self.slack.of("chat.postMessage")

    async def command(self, text: str) -> tuple[str, dict[str, Any]]:
        """Push a `/vllm text` slash_commands envelope; its envelope id and the client's ack."""
        payload = fixture("slash_command.json")
        payload.update(
            text=text,
            channel_id=CHANNEL,
            response_url=self.slack.response_url(f"sock{next(_ids)}"),
            trigger_id=f"1334.{next(_ids)}.abc",
        )
        envelope_id = f"cmd-{next(_ids):04d}-e2e2-4223-8a9e-2c803925bf02"
        await self.slack.send_envelope("slash_commands", payload, envelope_id)
        return envelope_id, await self.slack.wait_for_socket_ack(envelope_id)

    async def answered(self, text: str) -> Call:
        before = len(self.posts())
        await self.command(text)
        await self.slack.wait_for(lambda calls: len(self.posts()) > before)
        return self.posts()[-1]


@pytest.fixture
async def socket_bot(tmp_path: Path, slack: SlackStandIn) -> AsyncIterator[SocketBot]:
    """The adapter in Socket Mode over an SQLite store seeded with the sample, connected."""
    config = socket_config(slack, f"sqlite:///{tmp_path / 'store.db'}")
    store = await seeded(open_store(config.store_url))
    handlers = build_handlers(config, store, clock=lambda: NOW)
    adapter = build_slack(config, handlers)
    await adapter.start()
    try:
        yield SocketBot(adapter, handlers, slack)
    finally:
        await adapter.stop()
        await store.close()


async def test_socket_mode_opens_the_connection_with_the_app_token(socket_bot: SocketBot) -> None:
    """Start-up asks apps.connections.open (with the xapp- token) for the URL and connects to it."""
    opened = socket_bot.slack.of("apps.connections.open")
    assert len(opened) == 1
    await socket_bot.slack.wait_for_socket()
    assert socket_bot.adapter.connected


async def test_slash_command_envelope_is_acked_on_the_socket_with_its_envelope_id(
    socket_bot: SocketBot,
) -> None:
    """A slash_commands envelope gets an ack frame naming the same envelope_id and nothing else."""
    envelope_id, ack = await socket_bot.command("rocm")
    assert ack == {"envelope_id": envelope_id}


async def test_slash_command_over_the_socket_is_answered_in_the_channel(socket_bot: SocketBot) -> None:
    """After the ack the answer is posted with chat.postMessage, listing the command's PRs."""
    expected = await socket_bot.handlers.command(REPO, "rocm")
    call = await socket_bot.answered("rocm")
    assert call.args["channel"] == CHANNEL
    blocks = str(call.args["blocks"])
    assert expected.items and all(f"PR#{item.number}>" in blocks for item in expected.items)


async def test_thread_reply_over_the_socket_is_acked_and_answered_in_the_thread(
    socket_bot: SocketBot,
) -> None:
    """An events_api message in the bot's answer thread is acked, then answered with that thread_ts."""
    parent = await socket_bot.answered("rocm")
    thread_ts = parent.result["ts"]
    await socket_bot.adapter.idle()  # the answer's thread is remembered
    envelope_id = f"ev-{next(_ids):04d}-57d1-4223-8a9e-2c803925bf02"
    await socket_bot.slack.send_envelope(
        "events_api", thread_message(thread_ts, "only the merged ones"), envelope_id
    )
    assert await socket_bot.slack.wait_for_socket_ack(envelope_id) == {"envelope_id": envelope_id}
    await socket_bot.slack.wait_for(
        lambda calls: any(c.args.get("thread_ts") == thread_ts for c in socket_bot.posts())
    )
    answers = [c for c in socket_bot.posts() if c.args.get("thread_ts") == thread_ts]
    assert len(answers) == 1 and answers[0].args["channel"] == CHANNEL
    assert not socket_bot.slack.of("chat.postEphemeral")  # an error (e.g. no context) would be ephemeral


async def test_a_disconnect_frame_is_followed_by_a_new_connection_that_answers(socket_bot: SocketBot) -> None:
    """Slack's `disconnect` frame (a connection refresh): the bot opens a new socket and keeps answering."""
    await socket_bot.slack.send_disconnect("refresh_requested")
    for _ in range(100):
        if len(socket_bot.slack.sockets) >= 2 and socket_bot.slack.socket_open:
            break
        await asyncio.sleep(0.1)
    assert len(socket_bot.slack.sockets) >= 2 and socket_bot.slack.socket_open
    await socket_bot.answered("rocm")


async def test_an_event_redelivered_by_slack_is_answered_once(socket_bot: SocketBot) -> None:
    """An events_api envelope Slack re-sends (retry_attempt 1, same event) gets one answer."""
    parent = await socket_bot.answered("rocm")
    thread_ts = parent.result["ts"]
    await socket_bot.adapter.idle()
    message = thread_message(thread_ts, "only the merged ones")
    envelope_id = f"ev-{next(_ids):04d}-57d1-4223-8a9e-2c803925bf02"
    await socket_bot.slack.send_envelope("events_api", message, envelope_id)
    await socket_bot.slack.send_envelope("events_api", message, envelope_id, retry_attempt=1)
    await socket_bot.slack.wait_for(
        lambda calls: any(c.args.get("thread_ts") == thread_ts for c in socket_bot.posts())
    )
    await socket_bot.answered("rocm")  # anything the re-delivery caused has happened by now
    await socket_bot.adapter.idle()
    assert len([c for c in socket_bot.posts() if c.args.get("thread_ts") == thread_ts]) == 1
