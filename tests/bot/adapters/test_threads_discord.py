"""Thread conversations through the Discord adapter (real discord.py, gateway stand-in): chatter
gets no message, 'what about X?' switches the subject, ordinals and named terms resolve."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from handlers.models import ThreadKey
from standins.discord_server import TEST_BUCKET, DiscordStandIn, Recorded
from tests.bot.adapters.test_discord_adapter import (
    REPO,
    World,
    connected_world,
    open_answer_thread,
    to,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def world(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[World]:
    async with connected_world(
        tmp_path_factory.mktemp("discord-threads"), DiscordStandIn(**TEST_BUCKET)
    ) as built:
        yield built


async def say(world: World, thread_id: int, text: str, **kw: object) -> Recorded:
    """Send a message in the thread that must be answered; the answer."""
    s = world.standin
    path = to(f"/channels/{thread_id}/messages")
    before = len(s.sent(path))
    await s.send_message(thread_id, text, **kw)  # type: ignore[arg-type]
    return await s.wait_for(lambda r: path(r) and s.sent(path).index(r) >= before)


def linked(message: Recorded) -> set[int]:
    return {int(n) for n in re.findall(r"/pull/(\d+)", message.content or "")}


async def context_numbers(world: World, thread_id: int) -> tuple[int, ...]:
    thread = world.standin.threads[thread_id]
    context = await world.store.get_thread(ThreadKey("discord", str(thread["parent_id"]), str(thread_id)))
    assert context is not None
    return context.pr_numbers


async def test_chatter_gets_no_message_and_the_next_question_is_answered(world: World) -> None:
    """'thanks, great work!' and 'lol' post nothing; 'how many are merged?' right after is answered."""
    s = world.standin
    thread_id = await open_answer_thread(world)
    await s.send_message(thread_id, "thanks, great work!")
    await s.send_message(thread_id, "lol")
    answer = await say(world, thread_id, "how many are merged?")
    assert "merged" in (answer.content or "")
    assert len(s.sent(to(f"/channels/{thread_id}/messages"))) == 1


async def test_what_about_switches_and_ordinals_follow_the_new_list(world: World) -> None:
    """'what about qwen?' lists Qwen PRs; 'tell me about the first one' is the first of them."""
    thread_id = await open_answer_thread(world)
    qwen = await world.handlers.command(REPO, "qwen last week")
    assert qwen.seed is not None
    answer = await say(world, thread_id, "what about qwen?")
    assert linked(answer) and linked(answer) <= set(qwen.seed.pr_numbers)
    numbers = await context_numbers(world, thread_id)
    first = await say(world, thread_id, "tell me about the first one")
    assert f"#{numbers[0]}" in (first.content or "")


async def test_named_term_follow_up_narrows_to_prs_naming_it(world: World) -> None:
    """'only the aiter ones' keeps the thread's PRs that name AITER."""
    thread_id = await open_answer_thread(world)
    named = await world.handlers.command(REPO, "rocm aiter last week")
    assert named.seed is not None
    answer = await say(world, thread_id, "only the aiter ones")
    assert linked(answer) == set(named.seed.pr_numbers[:10])
