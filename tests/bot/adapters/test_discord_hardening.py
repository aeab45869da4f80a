"""Discord under load and from strangers: acks within 3 s, inert echoes, safe thread names.

The stand-in enforces Discord's documented rules (3-second acknowledgement, one ack per
interaction, 2,000-character messages, 1..100-character thread names), so a late ack or an
invalid name fails here as it would on Discord.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime

import pytest
import pytest_asyncio

from bot.adapters.discord_render import render_digest_messages
from handlers.models import Window
from standins.discord_server import TEST_BUCKET, DiscordStandIn
from tests.bot.adapters.test_discord_adapter import REPO, World, connected_world, sample_digest, webhook

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def world(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[World]:
    async with connected_world(
        tmp_path_factory.mktemp("discord-hard"), DiscordStandIn(**TEST_BUCKET)
    ) as built:
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


async def answer_to(world: World, text: str) -> str:
    s = world.standin
    interaction = await s.send_command("vllm", text)
    answer = await s.wait_for(
        lambda r: r.path.startswith(webhook(interaction)) and r.method in ("PATCH", "POST")
    )
    return answer.content or ""


async def test_the_askers_markdown_comes_back_inert(world: World) -> None:
    """Spoilers, masked links, bold and URLs the asker typed are echoed as the literal characters."""
    content = await answer_to(world, "blorp ||hidden|| [click](https://evil.example) **loud**")
    assert "||hidden||" not in content.replace("\\|", "")
    assert "\\|\\|hidden\\|\\|" in content
    assert "](https://evil.example" not in content and "https://evil.example" not in content
    assert "**loud**" not in content


async def test_thread_names_carry_no_control_characters_or_mentions(world: World) -> None:
    """A query with NUL, newlines, a role mention and 300 characters names its thread safely."""
    s = world.standin
    before = len(s.requests)
    await answer_to(world, "rocm past 14 days <@&1234>\x00\n @everyone" + " rocm" * 60)
    request = await s.wait_for(lambda r: r.path.endswith("/threads") and s.requests.index(r) >= before)
    name = request.body["name"]
    assert 1 <= len(name) <= 100
    assert not any(ord(c) < 32 for c in name)
    assert "<@&" not in name and "@everyone" not in name
    assert name.endswith("rocm…") or name.endswith("rocm")


async def test_autocomplete_on_long_input_never_offers_a_cut_word(world: World) -> None:
    """Typing near Discord's 100-character limit: every choice ends with a whole topic word."""
    s = world.standin
    current = "x" * 93 + " ro"
    interaction = await s.send_command("vllm", current, autocomplete=True)
    callback = await s.wait_for(
        lambda r: r.path == f"/interactions/{interaction.id}/{interaction.token}/callback"
    )
    values = [c["value"] for c in callback.body["data"]["choices"]]
    words = set(world.handlers.topic_words(REPO))
    assert all(len(v) <= 100 and v.rpartition(" ")[2] in words for v in values), values


async def test_an_expired_interaction_is_logged_as_expired(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """A deferral Discord refuses with 10062 is logged as an expired interaction, not a channel problem."""
    s = world.standin
    s.ack_deadline = 0.0
    try:
        with caplog.at_level(logging.WARNING, logger="bot.adapters.discord_adapter"):
            interaction = await s.send_command("vllm", "rocm")
            await s.wait_for(
                lambda r: r.path == f"/interactions/{interaction.id}/{interaction.token}/callback"
            )
            for _ in range(50):
                if caplog.records:
                    break
                await asyncio.sleep(0.05)
    finally:
        s.ack_deadline = 3.0
    lines = [r.getMessage() for r in caplog.records]
    assert any("interaction expired" in line for line in lines), lines
    assert not any("channel ID" in line for line in lines)


async def test_a_long_digest_follows_the_channels_rate_limit_headers(world: World) -> None:
    """A digest of many messages is paced by Discord's X-RateLimit headers: all posted, no 429."""
    s = world.standin
    s.message_bucket = (5, 0.3)
    try:
        digest = sample_digest(points=150)
        before = len(s.requests)
        await world.adapter.post_digest(REPO, s.channel_id, digest)
        posted = [  # one message in the channel, the rest in its thread (a channel of its own)
            r for r in s.requests[before:] if r.method == "POST" and r.path.endswith("/messages")
        ]
        assert len(posted) == len(render_digest_messages(digest)) > 5
        assert s.bucket_429s == 0
    finally:
        s.message_bucket = TEST_BUCKET["message_bucket"]


async def test_a_digest_post_that_failed_midway_resumes_without_duplicates(world: World) -> None:
    """The 4th message of a digest refused once: posting it again adds only the missing messages
    (Discord returns the earlier ones for their nonces) and reuses the thread."""
    s = world.standin
    window = Window(datetime(2026, 3, 2, tzinfo=UTC), datetime(2026, 3, 9, tzinfo=UTC), "Mar 2 – Mar 8")
    digest = replace(sample_digest(points=120), window=window)  # a window no other test posts
    expected = render_digest_messages(digest)
    assert len(expected) >= 5
    before = len(s.messages)
    s.fail_once("POST", "/channels/", after=4, status=403, code=50013)  # parent, thread, 2 parts
    await world.adapter.post_digest(REPO, s.channel_id, digest)
    assert len(s.messages) - before == 3
    await world.adapter.post_digest(REPO, s.channel_id, digest)
    contents = [m["content"] for m in list(s.messages.values())[before:]]
    assert sorted(contents) == sorted(expected)


async def test_a_replayed_interaction_is_answered_once(world: World) -> None:
    """The gateway delivers the same interaction twice: one acknowledgement, one answer."""
    s = world.standin
    interaction = await s.send_command("vllm", "rocm last week")
    await s.replay(interaction)
    await s.wait_for(lambda r: r.path.startswith(webhook(interaction)) and r.method == "PATCH")
    await asyncio.sleep(0.5)  # time for a second answer, were one coming
    callbacks = s.sent(lambda r: r.path == f"/interactions/{interaction.id}/{interaction.token}/callback")
    answers = s.sent(lambda r: r.path.startswith(webhook(interaction)) and r.method == "PATCH")
    assert (len(callbacks), len(answers)) == (1, 1)
