"""The Discord adapter against the local Discord stand-in, driven by the real discord.py.

One stand-in and one connected bot per module (discord.py waits ~2 s for guilds before READY);
the facade comes from bootstrap over a SQLite store seeded with the package's vLLM sample.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import pytest_asyncio

from bot.adapters.discord_adapter import DiscordAdapter
from bot.adapters.discord_render import render_digest_messages, render_reply_messages
from bot.bootstrap import build_discord, build_handlers, build_store
from bot.config import load_config
from bot.services.importer import import_file, sample_path
from handlers.app import BotHandlers
from handlers.errors import BotError
from handlers.models import (
    Digest,
    DigestCounts,
    DigestPoint,
    DigestSection,
    PRRef,
    PullRequest,
    Text,
    ThreadKey,
    Window,
)
from handlers.ports import Store
from standins.discord_server import EPHEMERAL, TEST_BUCKET, DiscordStandIn, Recorded

pytestmark = pytest.mark.asyncio(loop_scope="module")

NOW = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
REPO = "vllm-project/vllm"
# The only TPU PR of the week (the sample has none), titled by an attacker.
HOSTILE = PullRequest(
    repo=REPO,
    number=99001,
    title="[TPU] @everyone <@&123> free GPUs <@456789012345678901> see <#789>",
    author="mallory",
    state="open",
    created_at=NOW - timedelta(days=1),
    updated_at=NOW - timedelta(days=1),
    url="https://github.com/vllm-project/vllm/pull/99001",
)
MENTIONS = ("@everyone", "@here", "<@&123>", "<@456789012345678901>", "<#789>")


@dataclass
class World:
    standin: DiscordStandIn
    adapter: DiscordAdapter
    handlers: BotHandlers
    store: Store


def write_config(
    path: Path, standin: DiscordStandIn, store_path: Path, *, content_intent: bool = True, per_user: int = 0
) -> str:
    path.write_text(
        f"""
[store]
url = "sqlite:///{store_path}"

[discord]
api_base_url = "{standin.api_base_url}"
guild_ids = [{standin.guild_id}]
message_content_intent = {str(content_intent).lower()}

[followup]
per_user_per_minute = {per_user}
per_channel_per_minute = 0

[[repos]]
name = "{REPO}"
digest.discord_channels = [{standin.channel_id}]
""",
        encoding="utf-8",
    )
    return str(path)


@asynccontextmanager
async def connected_world(
    folder: Path, standin: DiscordStandIn, *, content_intent: bool = True, per_user: int = 0
) -> AsyncIterator[World]:
    """A started stand-in, a seeded store, the facade and a connected adapter, built by bootstrap."""
    await standin.start()
    config = load_config(
        write_config(
            folder / "config.toml",
            standin,
            folder / "store.db",
            content_intent=content_intent,
            per_user=per_user,
        ),
        env={"DISCORD_TOKEN": standin.token},
    )
    store = build_store(config)
    await import_file(store, sample_path(), REPO)
    await store.upsert_prs([HOSTILE])
    handlers = build_handlers(config, store, clock=lambda: NOW)
    adapter = build_discord(config, handlers)
    assert adapter is not None
    await adapter.start()
    try:
        await adapter.wait_until_ready(15)
        yield World(standin, adapter, handlers, store)
    finally:
        await adapter.stop()
        await standin.close()
        await store.close()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def world(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[World]:
    async with connected_world(tmp_path_factory.mktemp("discord"), DiscordStandIn(**TEST_BUCKET)) as built:
        yield built


def to(path: str) -> Callable[[Recorded], bool]:
    return lambda r: r.path == path


def webhook(interaction, suffix: str = "") -> str:
    return f"/webhooks/{DiscordStandIn.app_id}/{interaction.token}{suffix}"


async def run_query(world: World, text: str) -> tuple[Recorded, Recorded]:
    """Run `/vllm query:<text>`; the interaction callback and the answer (edited original)."""
    s = world.standin
    interaction = await s.send_command("vllm", text)
    callback = await s.wait_for(to(f"/interactions/{interaction.id}/{interaction.token}/callback"))
    answer = await s.wait_for(
        lambda r: r.path.startswith(webhook(interaction)) and r.method in ("PATCH", "POST")
    )
    return callback, answer


async def test_connect_identifies_and_syncs_the_repo_command_to_the_configured_guild(world: World) -> None:
    """Start-up logs in, syncs /vllm to the configured guild, and opens a gateway session."""
    s = world.standin
    sync = s.sent(lambda r: r.method == "PUT" and r.path.endswith("/commands"))
    assert [r.path for r in sync] == [f"/applications/{s.app_id}/guilds/{s.guild_id}/commands"]
    assert [c["name"] for c in sync[0].body] == ["vllm"]
    assert sync[0].body[0]["options"][0]["name"] == "query"
    assert sync[0].body[0]["options"][0]["autocomplete"] is True
    assert world.adapter.connected
    assert s.identifies[0]["token"] == s.token


async def test_query_is_deferred_then_answered_with_the_rendered_reply(world: World) -> None:
    """`/vllm rocm last week` is acknowledged first (type 5), then answered with the rendered reply."""
    callback, answer = await run_query(world, "rocm last week")
    assert callback.body["type"] == 5
    assert world.standin.requests.index(callback) < world.standin.requests.index(answer)
    expected = render_reply_messages(await world.handlers.command(REPO, "rocm last week"))
    assert answer.method == "PATCH" and answer.path.endswith("/messages/@original")
    assert answer.content == expected[0]
    assert "[PR#" in answer.content and "(<https://github.com/vllm-project/vllm/pull/" in answer.content


async def test_query_answer_opens_a_thread_remembered_for_follow_ups(world: World) -> None:
    """The answer gets a thread on its message, and the thread's context is in the store."""
    s = world.standin
    before = len(s.requests)
    await run_query(world, "rocm last week")
    thread_req = await s.wait_for(lambda r: r.path.endswith("/threads") and s.requests.index(r) >= before)
    message_id = int(thread_req.path.split("/")[4])
    assert thread_req.path == f"/channels/{s.channel_id}/messages/{message_id}/threads"
    assert thread_req.body["name"].startswith("/vllm rocm last week")
    key = ThreadKey("discord", str(s.channel_id), str(message_id))
    for _ in range(50):  # the bot stores the context once Discord has answered the thread request
        context = await world.store.get_thread(key)
        if context is not None:
            break
        await asyncio.sleep(0.05)
    assert context is not None and context.repo == REPO and context.kind == "query"
    assert context.pr_numbers


async def open_answer_thread(world: World) -> int:
    s = world.standin
    before = len(s.requests)
    await run_query(world, "rocm last week")
    thread_req = await s.wait_for(lambda r: r.path.endswith("/threads") and s.requests.index(r) >= before)
    return int(thread_req.path.split("/")[4])


async def test_follow_up_in_the_answer_thread_is_answered_in_the_thread(world: World) -> None:
    """A user's message in the bot's answer thread gets an answer posted in that thread."""
    s = world.standin
    thread_id = await open_answer_thread(world)
    await s.send_message(thread_id, "only the merged ones")
    answer = await s.wait_for(to(f"/channels/{thread_id}/messages"))
    assert answer.method == "POST" and answer.content
    assert "no longer have the context" not in answer.content
    assert answer.body["allowed_mentions"]["parse"] == []


async def test_messages_from_bots_in_the_thread_are_ignored(world: World) -> None:
    """Another bot's message in an answer thread gets no answer; the next human message does."""
    s = world.standin
    thread_id = await open_answer_thread(world)
    await s.send_message(thread_id, "more", author=s.human(s.other_bot_id, "otherbot", bot=True))
    await s.send_message(thread_id, "more")
    await s.wait_for(to(f"/channels/{thread_id}/messages"))
    assert len(s.sent(to(f"/channels/{thread_id}/messages"))) == 1


async def test_messages_in_threads_the_bot_did_not_create_are_ignored(world: World) -> None:
    """A thread a human started is not followed: the bot stays silent there."""
    s = world.standin
    human_thread = s.add_thread(s.channel_id, s.user_id, "chat")
    await s.dispatch("THREAD_CREATE", {**s.threads[human_thread], "newly_created": True})
    await s.send_message(human_thread, "rocm?")
    own_thread = await open_answer_thread(world)  # a later event, processed after the first
    await s.send_message(own_thread, "more")
    await s.wait_for(to(f"/channels/{own_thread}/messages"))
    assert s.sent(to(f"/channels/{human_thread}/messages")) == []


async def test_help_is_sent_ephemeral_without_a_thread(world: World) -> None:
    """`/vllm help` replaces the public 'thinking' message by an ephemeral answer and opens no thread."""
    s = world.standin
    interaction = await s.send_command("vllm", "help")
    followup = await s.wait_for(lambda r: r.method == "POST" and r.path == webhook(interaction))
    deleted = s.sent(lambda r: r.method == "DELETE" and r.path == webhook(interaction, "/messages/@original"))
    assert deleted and s.requests.index(deleted[0]) < s.requests.index(followup)
    assert followup.body["flags"] & EPHEMERAL
    assert followup.body["allowed_mentions"]["parse"] == []
    original = s.messages[interaction.original_id]
    assert not [r for r in s.requests if r.path.endswith(f"/messages/{original['id']}/threads")]


async def test_hostile_pr_title_in_an_answer_cannot_mention_anyone(world: World) -> None:
    """A PR titled `@everyone <@&123> ...` is shown escaped, and the answer forbids all mentions."""
    reply = await world.handlers.command(REPO, "tpu")
    assert [item.number for item in reply.items] == [HOSTILE.number]
    _, answer = await run_query(world, "tpu")
    assert "PR#99001" in answer.content and "free GPUs" in answer.content
    for mention in MENTIONS:
        assert mention not in answer.content
    assert answer.body["allowed_mentions"] == {"parse": []}


async def test_autocomplete_offers_taxonomy_topic_words(world: World) -> None:
    """Typing `last week ro` is completed with topic words that start with `ro` (e.g. rocm)."""
    s = world.standin
    interaction = await s.send_command("vllm", "last week ro", autocomplete=True)
    callback = await s.wait_for(to(f"/interactions/{interaction.id}/{interaction.token}/callback"))
    assert callback.body["type"] == 8
    values = [c["value"] for c in callback.body["data"]["choices"]]
    assert "last week rocm" in values
    assert all(v.startswith("last week ") for v in values)
    words = set(world.handlers.topic_words(REPO))
    assert all(v.removeprefix("last week ") in words for v in values)


def sample_digest(title: str = "vLLM this week", points: int = 3) -> Digest:
    url = "https://github.com/vllm-project/vllm/pull/{}"
    section = DigestSection(
        "Hardware backends",
        tuple(
            DigestPoint(f"ROCm {i}", (Text("Faster kernels in "), PRRef(34301 + i, url.format(34301 + i))))
            for i in range(points)
        ),
        pr_count=points,
    )
    return Digest(
        repo=REPO,
        window=Window(datetime(2026, 2, 23, tzinfo=UTC), datetime(2026, 3, 2, tzinfo=UTC), "Feb 23 – Mar 1"),
        title=title,
        takeaways=(Text("ROCm CI got steadier "), PRRef(34922, url.format(34922))),
        sections=(section,),
        table=(),
        counts=DigestCounts(230, 250, 230, 15, 5, 120, 9, 3),
        mode="offline",
    )


async def test_digest_is_posted_to_the_channel_with_a_remembered_thread(world: World) -> None:
    """post_digest sends ONE channel message, opens a thread on it, posts the areas there and
    remembers every PR."""
    s = world.standin
    digest = sample_digest()
    before = len(s.requests)
    message_id = await world.adapter.post_digest(REPO, s.channel_id, digest)
    posted = [r for r in s.requests[before:] if r.path == f"/channels/{s.channel_id}/messages"]
    parent, *rest = render_digest_messages(digest)
    assert [r.content for r in posted] == [parent] and len(parent) <= 2000
    assert s.sent(to(f"/channels/{s.channel_id}/messages/{message_id}/threads"))
    in_thread = [
        r for r in s.requests[before:]
        if r.method == "POST" and r.path.endswith("/messages") and r.path != f"/channels/{s.channel_id}/messages"
    ]  # fmt: skip
    assert [r.content for r in in_thread] == rest and rest
    assert all(r.body["allowed_mentions"]["parse"] == [] for r in posted + in_thread)
    context = await world.store.get_thread(ThreadKey("discord", str(s.channel_id), str(message_id)))
    assert context is not None and context.kind == "digest"
    assert set(digest.cited) <= set(context.pr_numbers)


async def test_long_digest_is_posted_as_several_messages_under_the_limit(world: World) -> None:
    """A long digest is one channel message plus several thread messages, each within the limit."""
    s = world.standin
    digest = sample_digest(points=40)
    before = len(s.requests)
    await world.adapter.post_digest(REPO, s.channel_id, digest)
    posted = [r for r in s.requests[before:] if r.method == "POST" and r.path.endswith("/messages")]
    in_channel = [r for r in posted if r.path == f"/channels/{s.channel_id}/messages"]
    assert len(in_channel) == 1 and len(posted) > 2
    assert all(len(r.content) <= 2000 for r in posted)


async def test_hostile_pr_title_in_a_digest_cannot_mention_anyone(world: World) -> None:
    """`@everyone` and `<@&123>` in PR text come out escaped, and the send forbids all mentions."""
    s = world.standin
    digest = sample_digest()
    hostile = DigestPoint(
        "@everyone look", (Text("<@&123> <@456789012345678901> <#789> @here "), PRRef(1, "https://x/1"))
    )
    digest = replace(digest, sections=(DigestSection("Evil @everyone", (hostile,)),))
    before = len(s.requests)
    await world.adapter.post_digest(REPO, s.channel_id, digest)
    posted = [r for r in s.requests[before:] if r.path == f"/channels/{s.channel_id}/messages"]
    text = "\n".join(r.content for r in posted)
    for mention in MENTIONS:
        assert mention not in text
    assert all(r.body["allowed_mentions"] == {"parse": []} for r in posted)


async def test_every_message_the_bot_sent_forbids_mentions(world: World) -> None:
    """Across the whole module, every request carrying message content has allowed_mentions parse []."""
    with_content = world.standin.sent(lambda r: r.content is not None)
    assert with_content
    assert all(r.body["allowed_mentions"]["parse"] == [] for r in with_content)


async def test_digest_to_an_unknown_channel_logs_a_clear_line(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """Posting to a channel Discord does not know logs why (404 / 10003) and returns None."""
    with caplog.at_level(logging.ERROR, logger="bot.adapters.discord_adapter"):
        result = await world.adapter.post_digest(REPO, 1299999999999999999, sample_digest())
    assert result is None
    assert any("1299999999999999999" in r.message and "10003" in r.message for r in caplog.records)
    assert world.adapter.connected


async def test_digest_to_a_channel_without_permission_logs_a_clear_line(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """Posting where the bot lacks permissions logs the missing permissions (403 / 50013)."""
    s = world.standin
    with caplog.at_level(logging.ERROR, logger="bot.adapters.discord_adapter"):
        result = await world.adapter.post_digest(REPO, s.locked_channel_id, sample_digest())
    assert result is None
    assert any("missing permissions" in r.message and "50013" in r.message for r in caplog.records)


async def test_follow_ups_still_work_after_the_gateway_reconnects(world: World) -> None:
    """After Discord drops the gateway, the bot resumes and still answers in an existing thread."""
    s = world.standin
    thread_id = await open_answer_thread(world)
    await s.drop_gateway()
    for _ in range(200):
        await asyncio.sleep(0.05)
        if s.session_count:
            break
    assert s.session_count == 1 and s.resumes  # the session was resumed, not started afresh
    await s.send_message(thread_id, "more")
    answer = await s.wait_for(to(f"/channels/{thread_id}/messages"))
    assert answer.content and "no longer have the context" not in answer.content


async def test_wrong_token_fails_start_with_a_clear_error(world: World) -> None:
    """A token Discord rejects stops start() with one line naming DISCORD_TOKEN."""
    adapter = DiscordAdapter(
        world.handlers, world.adapter.settings, "not-the-token", store=world.store, repos=world.adapter.repos
    )
    with pytest.raises(BotError, match="DISCORD_TOKEN"):
        await adapter.start()


async def test_the_real_weeks_digest_is_one_channel_message_and_the_rest_in_its_thread(world: World) -> None:
    """The bundled week: one channel message of at most 2,000 characters, every area and every
    other in-scope PR in its thread, each message within the limit, mentions disabled."""
    from datetime import UTC, date

    from handlers.digest import week_ending

    s = world.standin
    digest = await world.handlers.digest(REPO, week_ending(date(2026, 3, 1), UTC))
    before = len(s.requests)
    message_id = await world.adapter.post_digest(REPO, s.channel_id, digest)
    sent = [r for r in s.requests[before:] if r.method == "POST" and r.path.endswith("/messages")]
    in_channel = [r for r in sent if r.path == f"/channels/{s.channel_id}/messages"]
    in_thread = [r for r in sent if r not in in_channel]
    assert len(in_channel) == 1 and len(in_channel[0].content) <= 2000 and in_thread
    top = [span.number for span in digest.highlights if isinstance(span, PRRef)]
    assert len(top) == 3 and all(f"[PR#{n}](" in in_channel[0].content for n in top)
    assert all(len(r.content) <= 2000 and r.body["allowed_mentions"]["parse"] == [] for r in sent)
    assert s.sent(to(f"/channels/{s.channel_id}/messages/{message_id}/threads"))
    threaded = "".join(r.content for r in in_thread)
    for number in {n for section in (*digest.sections, *digest.more) for n in section.prs}:
        assert f"[PR#{number}](" in threaded


async def test_asking_for_the_digest_answers_with_its_channel_message_and_fills_its_thread(
    world: World,
) -> None:
    """ "/vllm weekly digest" is delivered as the weekly digest is: the answer is the digest's
    channel message (at most 2,000 characters), a thread opens on it and gets the areas and every
    other PR, and the thread is followed as a digest thread."""
    s = world.standin
    expected = await world.handlers.command(REPO, "weekly digest")
    assert expected.digest is not None
    parent, *rest = render_digest_messages(expected.digest)
    before = len(s.requests)
    _, answer = await run_query(world, "weekly digest")
    assert answer.method == "PATCH" and answer.content == parent and len(parent) <= 2000
    thread_req = await s.wait_for(lambda r: r.path.endswith("/threads") and s.requests.index(r) >= before)
    message_id = int(thread_req.path.split("/")[4])
    await s.wait_for(
        lambda r: (
            r.method == "POST"
            and r.content == rest[-1]
            and s.requests.index(r) > s.requests.index(thread_req)
        )
    )
    in_thread = [
        r
        for r in s.requests[s.requests.index(thread_req) :]
        if r.method == "POST"
        and r.path.endswith("/messages")
        and r.path != f"/channels/{s.channel_id}/messages"
    ]
    assert [r.content for r in in_thread] == rest
    context = await world.store.get_thread(ThreadKey("discord", str(s.channel_id), str(message_id)))
    assert context is not None and context.kind == "digest"
