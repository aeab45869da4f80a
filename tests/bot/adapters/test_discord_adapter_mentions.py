"""The Discord adapter without the message-content intent: follow-ups work by mentioning the bot.

Its own stand-in and bot (discord.py's REST base is process-wide, so one stand-in per module).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from bot.adapters.discord_adapter import DiscordAdapter
from bot.config import DiscordConfig
from standins.discord_server import MESSAGE_CONTENT_INTENT, TEST_BUCKET, DiscordStandIn
from tests.bot.adapters.test_discord_adapter import World, connected_world, run_query, webhook

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def world(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[World]:
    standin = DiscordStandIn(**TEST_BUCKET, message_content_allowed=False)
    async with connected_world(
        tmp_path_factory.mktemp("discord-mentions"), standin, content_intent=False
    ) as built:
        yield built


async def answer_thread(world: World) -> int:
    s = world.standin
    before = len(s.requests)
    await run_query(world, "rocm last week")
    thread_req = await s.wait_for(lambda r: r.path.endswith("/threads") and s.requests.index(r) >= before)
    return int(thread_req.path.split("/")[4])


async def test_identifies_without_the_message_content_intent(world: World) -> None:
    """With message_content_intent = false the bot does not ask Discord for message content."""
    assert not int(world.standin.identifies[0]["intents"]) & MESSAGE_CONTENT_INTENT


async def test_follow_up_that_mentions_the_bot_is_answered(world: World) -> None:
    """`@prbot only the merged ones` in the answer thread is answered there."""
    s = world.standin
    thread_id = await answer_thread(world)
    await s.send_message(thread_id, "only the merged ones", mention_bot=True)
    answer = await s.wait_for(lambda r: r.path == f"/channels/{thread_id}/messages")
    assert answer.content and "no longer have the context" not in answer.content


async def test_follow_up_without_a_mention_is_not_answered(world: World) -> None:
    """Without the intent a plain thread message arrives without text; the bot stays silent."""
    s = world.standin
    thread_id = await answer_thread(world)
    await s.send_message(thread_id, "more")
    await s.send_message(thread_id, "more", mention_bot=True)
    await s.wait_for(lambda r: r.path == f"/channels/{thread_id}/messages")
    assert len(s.sent(lambda r: r.path == f"/channels/{thread_id}/messages")) == 1


async def test_help_says_to_mention_the_bot_for_follow_ups(world: World) -> None:
    """The help answer tells users to mention @prbot in threads."""
    s = world.standin
    interaction = await s.send_command("vllm", "help")
    followup = await s.wait_for(lambda r: r.method == "POST" and r.path == webhook(interaction))
    assert "mention @prbot" in followup.content


async def test_refused_content_intent_is_logged_clearly(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """Asking for an intent the app was not granted (close 4014) logs how to fix it."""
    settings = DiscordConfig(api_base_url=world.standin.api_base_url, message_content_intent=True)
    adapter = DiscordAdapter(
        world.handlers, settings, world.standin.token, store=world.store, repos=world.adapter.repos
    )
    with caplog.at_level(logging.ERROR, logger="bot.adapters.discord_adapter"):
        await adapter.start()
        for _ in range(100):
            await asyncio.sleep(0.05)
            if any("Message Content Intent" in r.message for r in caplog.records):
                break
    await adapter.stop()
    assert any("message_content_intent = false" in r.message for r in caplog.records)
    assert not adapter.connected
