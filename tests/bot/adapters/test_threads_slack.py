"""Thread conversations through the Slack adapter: chatter stays quiet, 'what about X?' switches
the thread's subject, ordinals resolve against what the thread showed, named terms narrow."""

from __future__ import annotations

import json

from handlers.models import ThreadKey
from standins.slack_server import BOT_USER_ID, Call
from tests.bot.adapters.slack_harness import CHANNEL, REPO, Bot, thread_message


def posts(bot: Bot) -> list[Call]:
    return bot.slack.of("chat.postMessage")


def in_thread(bot: Bot, ts: str) -> list[Call]:
    return [c for c in posts(bot) if c.args.get("thread_ts") == ts]


async def ask(bot: Bot, text: str) -> str:
    before = len(posts(bot))
    status, _ = await bot.command(text)
    assert status == 200
    await bot.slack.wait_for(lambda calls: len(posts(bot)) > before)
    await bot.adapter.idle(timeout=10)  # the answer's thread is remembered just after its post
    return posts(bot)[-1].result["ts"]


async def say(bot: Bot, ts: str, text: str, **changes: str) -> Call:
    """Post a thread message that must be answered and return the answer."""
    before = len(in_thread(bot, ts))
    await bot.event(thread_message(ts, text, **changes))
    await bot.slack.wait_for(lambda calls: len(in_thread(bot, ts)) > before)
    return in_thread(bot, ts)[-1]


def linked(call: Call) -> set[int]:
    """PR numbers the message links to."""
    blob = json.dumps(call.args)
    return {int(part.split('"')[0].split("|")[0].split(">")[0]) for part in blob.split("/pull/")[1:]}


async def test_chatter_in_a_thread_gets_no_public_reply(bot: Bot) -> None:
    """'thanks, great work!', 'lol' and 'ok' post nothing; the next real question is answered."""
    ts = await ask(bot, "rocm last week")
    for chatter in ("thanks, great work!", "lol", "ok", ":tada:"):
        await bot.event(thread_message(ts, chatter))
    answer = await say(bot, ts, "how many are merged?")
    await bot.adapter.idle()
    assert in_thread(bot, ts) == [answer]


async def test_chatter_addressed_to_the_bot_gets_one_short_reply(bot: Bot) -> None:
    """'@bot thanks!' is answered, briefly, in the thread."""
    ts = await ask(bot, "rocm last week")
    answer = await say(bot, ts, f"<@{BOT_USER_ID}> thanks!")
    assert "Glad it helps" in answer.args["text"]


async def test_what_about_another_topic_switches_the_thread(bot: Bot) -> None:
    """'what about qwen?' answers Qwen PRs of the same window, and 'more' then pages through them."""
    ts = await ask(bot, "rocm last week")
    qwen = await bot.handlers.command(REPO, "qwen last week")
    assert qwen.seed is not None
    answer = await say(bot, ts, "what about qwen?")
    assert linked(answer) and linked(answer) <= set(qwen.seed.pr_numbers)
    context = await bot.handlers.store.get_thread(ThreadKey("slack", CHANNEL, ts))
    assert context is not None and set(context.pr_numbers) == set(qwen.seed.pr_numbers)


async def test_ordinals_resolve_against_what_the_thread_showed(bot: Bot) -> None:
    """'tell me about the first one' and 'the 2nd one?' give the detail cards of those PRs."""
    ts = await ask(bot, "rocm last week")
    shown = (await bot.handlers.store.get_thread(ThreadKey("slack", CHANNEL, ts))).pr_numbers
    first = await say(bot, ts, "tell me about the first one")
    assert f"#{shown[0]}" in first.args["text"]
    second = await say(bot, ts, "and the 2nd one?")
    assert f"#{shown[1]}" in second.args["text"]


async def test_a_named_term_in_a_thread_narrows_to_the_prs_naming_it(bot: Bot) -> None:
    """'what changed for MI300X users?' in a ROCm thread lists the PRs that name MI300X."""
    ts = await ask(bot, "rocm past 2 weeks")
    named = await bot.handlers.command(REPO, "mi300x past 2 weeks")
    assert named.seed is not None
    answer = await say(bot, ts, "what changed for MI300X users?")
    assert linked(answer) == set(named.seed.pr_numbers)
