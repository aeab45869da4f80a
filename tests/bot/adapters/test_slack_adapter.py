"""The Slack adapter end to end: signed requests over real HTTP, answers at the Slack stand-in."""

from __future__ import annotations

import json
import re
import time
from datetime import UTC, date, datetime
from urllib.parse import urlencode

import pytest

from bot.adapters.slack_adapter import SlackPostError, SlackSetupError
from bot.adapters.slack_render import render_digest_blocks
from bot.bootstrap import build_handlers, build_slack
from bot.config import Config, FileConfig, Secrets, SlackConfig
from handlers.digest import week_ending
from handlers.models import (
    Digest,
    DigestCounts,
    DigestPoint,
    DigestSection,
    PRRef,
    Text,
    ThreadKey,
    Window,
)
from standins.slack_server import BOT_ID, BOT_USER_ID, TEST_PACING, Call, SlackStandIn
from tests.bot.adapters.slack_harness import (
    CHANNEL,
    NOW,
    REPO,
    Bot,
    fixture,
    hostile_pr,
    sign,
    thread_message,
)


def posts(bot: Bot) -> list[Call]:
    return bot.slack.of("chat.postMessage")


async def answered(bot: Bot, text: str = "rocm") -> Call:
    """Send a slash command and return the channel message that answered it."""
    before = len(posts(bot))
    status, _ = await bot.command(text)
    assert status == 200
    await bot.slack.wait_for(lambda calls: len(posts(bot)) > before)
    return posts(bot)[-1]


async def settle(bot: Bot) -> None:
    """Send a thread reply that must be answered; once it is, everything sent before it was handled."""
    parent = await answered(bot)
    before = len(posts(bot))
    await bot.event(thread_message(parent.result["ts"], "more"))
    await bot.slack.wait_for(lambda calls: len(posts(bot)) > before)
    await bot.adapter.idle()


async def test_slash_command_is_acked_with_an_empty_200(bot: Bot) -> None:
    """Slack gets a plain 200 with no body for every slash command; the answer comes separately."""
    status, body = await bot.command("rocm")
    assert (status, body) == (200, "")


async def test_answer_is_posted_to_the_channel_with_a_link_per_pr(bot: Bot) -> None:
    """The channel message lists every PR of the reply as a `<url|PR#N>` link."""
    expected = await bot.handlers.command(REPO, "rocm")
    call = await answered(bot, "rocm")
    assert call.args["channel"] == CHANNEL
    payload = json.dumps(call.args["blocks"])
    for item in expected.items:
        assert f"<{item.url}|PR#{item.number}>" in payload


async def test_posted_answer_respects_block_kit_limits(bot: Bot) -> None:
    """At most 50 blocks, section text under 3,000 characters, no link_names, no unfurls."""
    call = await answered(bot, "past 14 days")  # every PR of two weeks: the longest answer
    blocks = call.args["blocks"]
    assert len(blocks) <= 50
    assert all(len(b["text"]["text"]) < 3000 for b in blocks if b["type"] == "section" and "text" in b)
    assert "link_names" not in call.args and call.args["unfurl_links"] in (False, "0", "false")


async def test_hostile_pr_title_cannot_mention_or_link(bot: Bot) -> None:
    """A PR title with <!channel>, @everyone, <@U…>, <!subteam…> and a fake link comes out inert."""
    await bot.handlers.store.upsert_prs([hostile_pr()])
    reply = await bot.handlers.command(REPO, "rocm")
    assert 99999 in [item.number for item in reply.items]
    call = await answered(bot, "rocm")
    payload = json.dumps(call.args["blocks"], ensure_ascii=False) + call.args["text"]
    for bad in ("<!", "<@", "<http://evil", "@everyone", "@here", "@channel"):
        assert bad not in payload
    assert "&lt;!channel&gt;" in payload


async def test_answer_thread_is_remembered_for_follow_ups(bot: Bot) -> None:
    """The posted answer's ts becomes a thread the store knows, with the query's PRs."""
    expected = await bot.handlers.command(REPO, "rocm")
    posted = await answered(bot, "rocm")
    await bot.adapter.idle()
    context = await bot.handlers.store.get_thread(ThreadKey("slack", CHANNEL, posted.result["ts"]))
    assert context is not None and expected.seed is not None
    assert context.pr_numbers == expected.seed.pr_numbers


async def test_reply_in_the_answer_thread_is_answered_in_that_thread(bot: Bot) -> None:
    """A person's message under the bot's answer gets an answer posted with the same thread_ts."""
    parent = await answered(bot, "rocm")
    thread_ts = parent.result["ts"]
    status, _ = await bot.event(thread_message(thread_ts, "only the merged ones"))
    assert status == 200
    await bot.slack.wait_for(lambda calls: any(c.args.get("thread_ts") == thread_ts for c in posts(bot)))
    answer = [c for c in posts(bot) if c.args.get("thread_ts") == thread_ts]
    assert len(answer) == 1 and answer[0].args["channel"] == CHANNEL


async def test_redelivered_event_is_answered_once(bot: Bot) -> None:
    """Slack's retry of the same event (X-Slack-Retry-Num) does not produce a second answer."""
    parent = await answered(bot, "rocm")
    thread_ts = parent.result["ts"]
    payload = thread_message(thread_ts, "more")
    await bot.event(payload)
    status, _ = await bot.event(payload, {"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"})
    assert status == 200
    await bot.slack.wait_for(lambda calls: any(c.args.get("thread_ts") == thread_ts for c in posts(bot)))
    await settle(bot)
    assert len([c for c in posts(bot) if c.args.get("thread_ts") == thread_ts]) == 1


async def test_mention_in_a_followed_thread_is_answered_once(bot: Bot) -> None:
    """The message and app_mention events Slack sends for one @mention give one answer."""
    parent = await answered(bot, "rocm")
    thread_ts = parent.result["ts"]
    message = thread_message(thread_ts, f"<@{BOT_USER_ID}> tell me about the first one")
    mention = fixture("event_app_mention.json")
    mention["event"].update(thread_ts=thread_ts, ts=message["event"]["ts"], event_ts=message["event"]["ts"])
    await bot.event(mention)
    await bot.event(message)
    await bot.slack.wait_for(lambda calls: any(c.args.get("thread_ts") == thread_ts for c in posts(bot)))
    await settle(bot)
    assert len([c for c in posts(bot) if c.args.get("thread_ts") == thread_ts]) == 1


@pytest.mark.parametrize(
    "change",
    [
        {"user": BOT_USER_ID},  # the bot's own message
        {"bot_id": BOT_ID, "user": BOT_USER_ID, "subtype": "bot_message"},
        {"parent_user_id": "UOTHER0001"},  # a thread somebody else started
    ],
    ids=["own-message", "own-bot-message", "someone-elses-thread"],
)
async def test_messages_not_meant_for_the_bot_are_ignored(bot: Bot, change: dict[str, str]) -> None:
    """The bot's own messages and threads it did not start get no answer."""
    parent = await answered(bot, "rocm")
    thread_ts = parent.result["ts"]
    await bot.event(thread_message(thread_ts, "more", **change))
    await settle(bot)
    assert not [c for c in posts(bot) if c.args.get("thread_ts") == thread_ts]


@pytest.mark.parametrize("name", ["event_bot_message.json", "event_message_changed.json"])
async def test_other_bots_and_edits_are_ignored(bot: Bot, name: str) -> None:
    """Another bot's message and an edit in the bot's thread get no answer."""
    parent = await answered(bot, "rocm")
    thread_ts = parent.result["ts"]
    payload = fixture(name)
    payload["event"]["thread_ts"] = thread_ts
    payload["event"].get("message", {})["thread_ts"] = thread_ts
    status, _ = await bot.event(payload)
    assert status == 200
    await settle(bot)
    assert not [c for c in posts(bot) if c.args.get("thread_ts") == thread_ts]


async def test_url_verification_challenge_is_echoed(bot: Bot) -> None:
    """Slack's url_verification request gets its challenge back."""
    payload = fixture("url_verification.json")
    status, body = await bot.event(payload)
    assert status == 200 and payload["challenge"] in body


async def test_bad_signature_is_rejected_with_401(bot: Bot) -> None:
    """A request signed with another secret is refused and answered by nobody."""
    body = "command=%2Fvllm&text=rocm&channel_id=C1&user_id=U1"
    headers = {"Content-Type": "application/x-www-form-urlencoded", **sign(body, secret="wrong")}
    async with bot.http.post(bot.url, data=body, headers=headers) as response:
        assert response.status == 401
    assert not bot.slack.of("chat.postMessage")


async def test_stale_timestamp_is_rejected(bot: Bot) -> None:
    """A correctly signed request older than five minutes (a replay) is refused."""
    body = "command=%2Fvllm&text=rocm&channel_id=C1&user_id=U1"
    headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        **sign(body, timestamp=int(time.time()) - 301),
    }
    async with bot.http.post(bot.url, data=body, headers=headers) as response:
        assert response.status == 401


async def test_help_is_answered_only_to_the_asker(bot: Bot) -> None:
    """`/vllm help` goes back through response_url as an ephemeral message, not to the channel."""
    await bot.command("help")
    calls = await bot.slack.wait_for(lambda calls: any(c.method == "response_url" for c in calls))
    hook = [c for c in calls if c.method == "response_url"][0]
    assert hook.args["response_type"] == "ephemeral" and hook.args["blocks"]
    assert not posts(bot)


async def test_not_in_channel_answers_through_response_url_with_invite_hint(bot: Bot) -> None:
    """In a channel the bot cannot post in, the answer comes via response_url plus an /invite hint."""
    bot.slack.not_in_channel.add("G_PRIVATE")
    status, _ = await bot.command("rocm", channel="G_PRIVATE")
    assert status == 200
    calls = await bot.slack.wait_for(lambda calls: len([c for c in calls if c.method == "response_url"]) >= 2)
    hooks = [c for c in calls if c.method == "response_url"]
    assert hooks[0].args["response_type"] == "in_channel" and "PR#" in json.dumps(hooks[0].args["blocks"])
    assert hooks[1].args["response_type"] == "ephemeral" and "/invite @prbot" in hooks[1].args["text"]


async def test_ratelimited_post_is_retried_and_posted_once(bot: Bot) -> None:
    """A 429 `ratelimited` with Retry-After is waited out and retried: one message lands."""
    bot.slack.ratelimit_once("chat.postMessage", retry_after=1)
    await bot.command("rocm")
    await bot.slack.wait_for(lambda calls: len(posts(bot)) == 1, timeout=15)
    await bot.adapter.idle()
    attempts = bot.slack.of("chat.postMessage", ok_only=False)
    assert [c.status for c in attempts] == [429, 200]


def _digest(sections: int, points: int) -> Digest:
    since = datetime(2026, 2, 23, tzinfo=UTC)
    url = f"https://github.com/{REPO}/pull/"
    return Digest(
        repo=REPO,
        window=Window(since, NOW, "week of Feb 23"),
        title="vLLM weekly: Feb 23 – Mar 1",
        takeaways=(Text("ROCm got faster; see "), PRRef(35334, url + "35334"), Text(".")),
        sections=tuple(
            DigestSection(
                f"Area {s}",
                tuple(
                    DigestPoint(f"Point {p}", (Text("x" * 400 + " "), PRRef(34301 + p, f"{url}{34301 + p}")))
                    for p in range(points)
                ),
                pr_count=points,
            )
            for s in range(sections)
        ),
        table=(),
        counts=DigestCounts(244, 200, 150, 40, 4, 120, 9, 3),
        mode="offline",
    )


async def test_digest_is_posted_with_continuations_in_its_thread(bot: Bot) -> None:
    """A long digest: first message in the channel, the rest in its thread, the thread followed."""
    ts = await bot.adapter.post_digest(REPO, "C_DIGEST", _digest(sections=12, points=8))
    messages = posts(bot)
    assert messages[0].args["channel"] == "C_DIGEST" and "thread_ts" not in messages[0].args
    assert len(messages) > 1 and all(m.args["thread_ts"] == ts for m in messages[1:])
    assert all(len(m.args["blocks"]) <= 50 for m in messages)
    context = await bot.handlers.store.get_thread(ThreadKey("slack", "C_DIGEST", ts))
    assert context is not None and context.kind == "digest" and 35334 in context.pr_numbers


async def test_digest_to_a_channel_the_bot_is_not_in_raises_a_clear_error(bot: Bot) -> None:
    """Slack's not_in_channel for a digest becomes one readable error naming channel and fix."""
    bot.slack.not_in_channel.add("C_CLOSED")
    with pytest.raises(SlackPostError, match=r"C_CLOSED: not_in_channel; invite the bot with /invite @prbot"):
        await bot.adapter.post_digest(REPO, "C_CLOSED", _digest(sections=1, points=1))


async def test_missing_signing_secret_fails_at_start(slack: SlackStandIn) -> None:
    """HTTP mode without SLACK_SIGNING_SECRET stops with a message naming the variable."""
    config = Config(
        settings=FileConfig(slack=SlackConfig(mode="http", api_base_url=slack.api_url, **TEST_PACING)),
        secrets=Secrets(slack_bot_token="xoxb-test-token"),
        store_url="sqlite:///:memory:",
        source="test",
    )
    with pytest.raises(SlackSetupError, match="SLACK_SIGNING_SECRET"):
        build_slack(config, build_handlers(config, store=None, clock=lambda: NOW))  # type: ignore[arg-type]


# -- the real digest: one parent message, thread replies, buttons ---------------------------------------


def _button(action_id: str, channel: str, ts: str) -> str:
    """A `block_actions` interaction as Slack sends it over HTTP: a form with a JSON `payload`."""
    payload = {
        "type": "block_actions",
        "team": {"id": "T1", "domain": "example"},
        "user": {"id": "U_READER", "username": "reader", "team_id": "T1"},
        "api_app_id": "A1",
        "token": "legacy",
        "trigger_id": f"1334.{ts}.abc",
        "container": {"type": "message", "message_ts": ts, "channel_id": channel, "is_ephemeral": False},
        "channel": {"id": channel, "name": "digests"},
        "message": {"type": "message", "ts": ts, "user": BOT_USER_ID, "text": "digest"},
        "actions": [
            {
                "type": "button",
                "action_id": action_id,
                "block_id": "digest_actions",
                "value": "x",
                "action_ts": str(time.time()),
                "text": {"type": "plain_text", "text": "x"},
            }
        ],
    }
    return urlencode({"payload": json.dumps(payload)})


async def test_real_digest_is_one_parent_message_plus_thread_replies_within_block_kit_limits(
    bot: Bot,
) -> None:
    """The bundled week's digest: one channel message that fits a screen (takeaways, area
    headlines, buttons), the areas and every other PR as replies in its thread."""
    digest = await bot.handlers.digest(REPO, week_ending(date(2026, 3, 1), UTC))
    ts = await bot.adapter.post_digest(REPO, "C_DIGEST", digest)
    messages = posts(bot)
    parent, replies = messages[0], messages[1:]
    assert parent.args["channel"] == "C_DIGEST" and "thread_ts" not in parent.args
    assert replies and all(m.args["thread_ts"] == ts and m.args["channel"] == "C_DIGEST" for m in replies)
    for message in messages:
        blocks = message.args["blocks"]
        assert len(blocks) <= 50
        assert all(len(b["text"]["text"]) < 3000 for b in blocks if b["type"] == "section" and "text" in b)
    parent_text = sum(len(b["text"]["text"]) for b in parent.args["blocks"] if "text" in b)
    assert parent_text <= 3000
    assert any(b["type"] == "actions" for b in parent.args["blocks"])
    # The week's heaviest PRs are in the parent (their points are in the thread).
    top = [s.number for s in digest.highlights if isinstance(s, PRRef)]
    assert len(top) == 3 and all(f"|PR#{n}>" in json.dumps(parent.args["blocks"]) for n in top)
    threaded = json.dumps([m.args["blocks"] for m in replies])
    for number in {n for s in (*digest.sections, *digest.more) for n in s.prs}:
        assert f"|PR#{number}>" in threaded  # every in-scope PR is reachable in the thread


async def test_digest_buttons_are_acked_and_answer_in_the_thread(bot: Bot) -> None:
    """ "All PRs" pages past the cited PRs and "Only merged" lists merged ones, in the thread."""
    digest = await bot.handlers.digest(REPO, week_ending(date(2026, 3, 1), UTC))
    ts = await bot.adapter.post_digest(REPO, "C_DIGEST", digest)
    for action_id in ("digest_all_prs", "digest_only_merged"):
        before = len(posts(bot))
        status, body = await bot.post(_button(action_id, "C_DIGEST", ts), "application/x-www-form-urlencoded")
        assert status == 200 and body == ""
        await bot.slack.wait_for(lambda calls, before=before: len(posts(bot)) > before)
        answer = posts(bot)[-1]
        assert answer.args["channel"] == "C_DIGEST" and answer.args["thread_ts"] == ts
        links = json.dumps(answer.args["blocks"])
        assert "|PR#" in links
        if action_id == "digest_all_prs":
            cited = set(digest.cited)
            shown = {int(n) for n in re.findall(r"\|PR#(\d+)>", links)}
            assert shown and not shown & cited


async def test_asking_for_the_digest_posts_it_as_the_weekly_one_with_its_thread(bot: Bot) -> None:
    """ "/vllm weekly digest" is answered as the scheduled digest is posted: one channel message
    (takeaways, headlines, buttons), its areas and every other PR as replies in the answer's
    thread, which is followed as a digest thread."""
    expected = await bot.handlers.command(REPO, "weekly digest")
    assert expected.digest is not None
    parts = len(render_digest_blocks(expected.digest))
    before = len(posts(bot))
    status, _ = await bot.command("weekly digest")
    assert status == 200
    await bot.slack.wait_for(lambda calls: len(posts(bot)) >= before + parts)
    await bot.adapter.idle()
    parent, *replies = posts(bot)[before:]
    assert parent.args["channel"] == CHANNEL and "thread_ts" not in parent.args
    assert any(b["type"] == "actions" for b in parent.args["blocks"])
    ts = parent.result["ts"]
    assert len(replies) == parts - 1 and all(m.args["thread_ts"] == ts for m in replies)
    assert all(len(m.args["blocks"]) <= 50 for m in (parent, *replies))
    context = await bot.handlers.store.get_thread(ThreadKey("slack", CHANNEL, ts))
    assert context is not None and context.kind == "digest"
    # the thread's list in the parent's order: "the first one" is the first PR the parent names
    named = [int(n) for n in re.findall(r"/pull/(\d+)", json.dumps(parent.args["blocks"]))]
    assert named and context.pr_numbers[0] == named[0], (named[:3], context.pr_numbers[:3])
