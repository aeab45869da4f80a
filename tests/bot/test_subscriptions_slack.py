"""Subscriptions end to end on Slack: a signed slash command to the real adapter (HTTP mode)
against the Slack stand-in, PRs merging in the GitHub stand-in, and the run mode's refresh job
(ingest -> classify -> deliver) over the real Redis; a SIGKILLed `subscriptions deliver`."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from bot.bootstrap import build_core, build_runtime, build_slack
from bot.config import Config, FileConfig, GitHubConfig, RunConfig, Secrets, SlackConfig, SubscriptionsConfig
from bot.metrics import Metrics
from bot.runtime import Runtime
from bot.store import open_store
from handlers.ports import Store
from standins.github_server import GitHubStandIn, github_pr
from standins.slack_server import TOKEN, SlackStandIn
from tests.bot.adapters.slack_harness import CHANNEL, SIGNING_SECRET, USER, Bot
from tests.bot.runner import ROOT

REPO = "vllm-project/vllm"
T0 = datetime(2026, 3, 2, 9, tzinfo=UTC)


def stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def merged_pr(number: int, title: str, at: datetime) -> dict[str, Any]:
    return github_pr(
        number, title=title, state="closed", created_at=stamp(at - timedelta(hours=5)), merged_at=stamp(at)
    )


@dataclass
class World:
    slack: SlackStandIn
    github: GitHubStandIn
    store: Store
    clock: list[datetime]
    bots: list[tuple[Bot, Runtime]]

    async def replica(self, admins: tuple[str, ...] = (), **limits: int) -> tuple[Bot, Runtime]:
        """One bot process's worth: its own store connection, Slack adapter and run-mode jobs."""
        settings = FileConfig(
            slack=SlackConfig(mode="http", host="127.0.0.1", port=0, api_base_url=self.slack.api_url),
            github=GitHubConfig(base_url=self.github.base_url, max_retries=0),
            subscriptions=SubscriptionsConfig(admins=admins, **limits),
            run=RunConfig(claim_ttl_seconds=5, post_timeout_seconds=2),
        )
        secrets = Secrets(
            slack_bot_token=TOKEN, slack_signing_secret=SIGNING_SECRET, github_token="ghp_standin"
        )
        config = Config(settings=settings, secrets=secrets, store_url=self.store.url, source="test")
        store = open_store(self.store.url, redis_prefix=self.store.prefix)  # type: ignore[attr-defined]
        core = build_core(config, store, clock=lambda: self.clock[0])
        handlers = core.handlers
        adapter = build_slack(config, handlers)
        await adapter.start()
        runtime = build_runtime(
            config, store, core=core, platforms={"slack": adapter}, metrics=Metrics(),
            clock=lambda: self.clock[0],
        )  # fmt: skip
        bot = Bot(adapter, handlers, self.slack, aiohttp.ClientSession())
        self.bots.append((bot, runtime))
        return bot, runtime

    def posts(self, channel: str = CHANNEL) -> list[str]:
        """The text of every top-level message the bot posted in `channel`."""
        return [
            str(c.args.get("text"))
            for c in self.slack.of("chat.postMessage")
            if c.args.get("channel") == channel and not c.args.get("thread_ts")
        ]

    async def answer(self, bot: Bot, text: str, channel: str = CHANNEL) -> str:
        """Send a slash command and return the text of its (ephemeral) answer."""
        before = len(self.slack.of("response_url"))
        status, _ = await bot.command(text, channel=channel)
        assert status == 200
        calls = await self.slack.wait_for(
            lambda calls: len([c for c in calls if c.method == "response_url"]) > before
        )
        return json.dumps([c.args for c in calls if c.method == "response_url"][before:])

    def merge(self, number: int, title: str, after: timedelta) -> None:
        at = self.clock[0] + after
        self.github.add_pr(merged_pr(number, title, at))

    def advance(self, delta: timedelta) -> None:
        self.clock[0] += delta
        self.github.set_now(self.clock[0])


@pytest.fixture
async def world(redis_url: str, redis_prefix: str) -> AsyncIterator[World]:
    slack = SlackStandIn()
    await slack.start()
    github = GitHubStandIn(
        [merged_pr(1, "[ROCm] merged before anyone subscribed", T0 - timedelta(hours=2))], now=T0
    )
    github.start()
    store = open_store(redis_url, redis_prefix=redis_prefix)
    built = World(slack, github, store, [T0], [])
    try:
        yield built
    finally:
        for bot, runtime in built.bots:
            await bot.http.close()
            await bot.adapter.stop()
            await runtime.store.close()
        await store.close()
        github.stop()
        await slack.stop()


async def test_subscribe_by_slash_command_then_a_matching_merge_is_posted_once(world: World) -> None:
    """Subscribe -> a ROCm PR and a frontend PR merge -> refresh: one post with the ROCm PR only;
    another refresh posts nothing; after unsubscribe a new ROCm PR posts nothing."""
    bot, runtime = await world.replica()
    answer = await world.answer(bot, "subscribe rocm -ci")
    [sub] = await world.store.list_subscriptions(REPO)
    assert f"Subscribed: {sub.id}" in answer and "would have posted" in answer
    world.merge(101, "[ROCm] fused MoE kernel for MI300X", timedelta(minutes=10))
    world.merge(102, "[Frontend] tidy the OpenAI server", timedelta(minutes=20))
    world.advance(timedelta(hours=1))
    await runtime.jobs.refresh_job(REPO)
    [post] = world.posts()
    assert "1 PR newly merged" in post
    [call] = [c for c in world.slack.of("chat.postMessage") if c.args.get("channel") == CHANNEL]
    blocks = json.dumps(call.args.get("blocks"))
    assert "/pull/101" in blocks and "/pull/102" not in blocks and "/pull/1|" not in blocks
    await runtime.jobs.refresh_job(REPO)
    assert len(world.posts()) == 1

    gone = await world.answer(bot, "unsubscribe rocm -ci")
    assert f"Unsubscribed: {sub.id}" in gone
    world.merge(103, "[ROCm] another AITER fix", timedelta(minutes=5))
    world.advance(timedelta(hours=1))
    await runtime.jobs.refresh_job(REPO)
    assert len(world.posts()) == 1


async def test_a_non_matching_merge_posts_nothing(world: World) -> None:
    """Only PRs outside the question merge: the refresh posts nothing."""
    bot, runtime = await world.replica()
    await world.answer(bot, "subscribe rocm -ci")
    world.merge(201, "[CI/Build][ROCm] pin the AMD CI image", timedelta(minutes=5))
    world.merge(202, "[Doc] fix a typo", timedelta(minutes=5))
    world.advance(timedelta(hours=1))
    await runtime.jobs.refresh_job(REPO)
    assert world.posts() == []


async def test_two_replicas_delivering_at_once_post_once(world: World) -> None:
    """Two bot processes' delivery runs at the same moment over one Redis: one post."""
    (bot, first), (_, second) = await world.replica(), await world.replica()
    await world.answer(bot, "subscribe rocm")
    for n in range(301, 304):
        world.merge(n, f"[ROCm] fix number {n}", timedelta(minutes=n - 300))
    world.advance(timedelta(hours=1))
    await first.jobs.refresh(REPO, None)
    await asyncio.gather(
        first.jobs.deliver_due(REPO, ("realtime",)), second.jobs.deliver_due(REPO, ("realtime",))
    )
    assert len(world.posts()) == 1 and "3 PRs newly merged" in world.posts()[0]


async def test_admins_set_refuses_a_non_admin_and_stores_nothing(world: World) -> None:
    """With [subscriptions] admins, anyone else's subscribe is refused with the reason."""
    bot, _ = await world.replica(admins=("UADMIN",))
    answer = await world.answer(bot, "subscribe rocm")
    assert "Only the bot's admins may change this channel's subscriptions" in answer
    assert await world.store.list_subscriptions() == []


async def test_bad_input_over_slack_is_one_line_each(world: World) -> None:
    """Unknown topic, empty question, malformed cadence: refused in the answer, nothing stored."""
    bot, _ = await world.replica()
    assert "did you mean rocm?" in await world.answer(bot, "subscribe rcom")
    assert "The question is empty" in await world.answer(bot, "subscribe")
    assert "Malformed cadence" in await world.answer(bot, "subscribe rocm daily 7pm")
    assert await world.store.list_subscriptions() == []


async def test_a_personal_subscription_is_delivered_to_the_users_dm(world: World) -> None:
    """`subscribe ... dm` in a channel: the delivery goes to the user (Slack's app DM), not the channel."""
    bot, runtime = await world.replica()
    await world.answer(bot, "subscribe xpu dm")
    world.merge(601, "[XPU] enable fp8 on Intel GPUs", timedelta(minutes=5))
    world.advance(timedelta(hours=1))
    await runtime.jobs.refresh_job(REPO)
    assert world.posts() == [] and len(world.posts(USER)) == 1
    await world.answer(bot, "subscribe rocm", channel="D0DIRECT")  # in a DM with the bot: personal too
    in_dm = [s for s in await world.store.list_subscriptions(REPO) if s.question == "rocm"]
    assert [(s.personal, s.channel) for s in in_dm] == [(True, USER)]


async def test_over_the_channel_limit_is_refused_naming_the_limit(world: World) -> None:
    """max_per_channel = 1: the second subscription is refused with the limit and its key."""
    bot, _ = await world.replica(max_per_channel=1)
    await world.answer(bot, "subscribe rocm")
    assert "max_per_channel = 1" in await world.answer(bot, "subscribe xpu")
    assert len(await world.store.list_subscriptions()) == 1


async def test_an_unreachable_channel_suspends_the_subscription_and_the_listing_says_so(world: World) -> None:
    """Slack answers channel_not_found: the subscription is suspended, `subscriptions` shows why."""
    bot, runtime = await world.replica()
    await world.answer(bot, "subscribe rocm", channel="C0GONE")
    world.slack.channel_not_found.add("C0GONE")
    world.merge(401, "[ROCm] a fix", timedelta(minutes=5))
    world.advance(timedelta(hours=1))
    await runtime.jobs.refresh_job(REPO)
    [sub] = await world.store.list_subscriptions(REPO)
    assert (sub.status, sub.reason) == ("suspended", "Slack: channel_not_found")
    world.slack.channel_not_found.discard("C0GONE")
    listing = await world.answer(bot, "subscriptions", channel="C0GONE")
    assert "SUSPENDED: Slack: channel_not_found" in listing
    await runtime.jobs.refresh_job(REPO)
    assert world.posts("C0GONE") == []  # suspended: nothing until someone subscribes again


class SlowSlack(SlackStandIn):
    """Answers the first top-level post after `delay` seconds; a post whose client went away
    meanwhile is never processed, as when Slack did not get to it."""

    def __init__(self, delay: float) -> None:
        super().__init__()
        self.delay = delay
        self.processed: list[dict[str, Any]] = []
        self.held = 0  # posts that arrived while the delay was on

    async def _api(self, request: web.Request) -> web.Response:
        if request.match_info["method"] == "chat.postMessage":
            args = await self._args(request)
            if not args.get("thread_ts"):
                if self.delay:
                    self.delay, wait = 0, self.delay
                    self.held += 1
                    await asyncio.sleep(wait)
                    if request.transport is None or request.transport.is_closing():
                        return web.json_response({"ok": False, "error": "client_gone"})
                self.processed.append(args)
        return await super()._api(request)


async def test_sigkill_during_delivery_then_a_rerun_posts_exactly_once(tmp_path: Path) -> None:
    """`subscriptions deliver` killed while Slack holds its post; after the claim lapses a rerun
    posts once, and a third run posts nothing."""
    slack = SlowSlack(delay=6.0)
    await slack.start()
    db = f"sqlite:///{tmp_path / 'store.db'}"
    config = tmp_path / "config.toml"
    config.write_text(
        f'[slack]\nmode = "http"\napi_base_url = "{slack.api_url}"\n'
        "[run]\nclaim_ttl_seconds = 3\npost_timeout_seconds = 2\n",
        encoding="utf-8",
    )
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(ROOT),
        "HOME": str(tmp_path),
        "PRBOT_DATA_DIR": str(tmp_path),
        "SLACK_BOT_TOKEN": TOKEN,
        "SLACK_SIGNING_SECRET": SIGNING_SECRET,
    }
    base = [sys.executable, "-m", "bot", "--config", str(config), "--store", db]
    records = tmp_path / "prs.jsonl"
    records.write_text(json.dumps(merged_pr(501, "[ROCm] kernel fix", T0 + timedelta(minutes=5))) + "\n")
    later = stamp(T0 + timedelta(hours=1))

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*base, *args], env=env, capture_output=True, text=True, timeout=60, check=False
        )

    try:
        assert (
            run("subscriptions", "add", "--channel", "slack:C0SUBS", "--now", stamp(T0), "rocm").returncode
            == 0
        )
        assert run("import", str(records)).returncode == 0
        proc = await asyncio.create_subprocess_exec(
            *base, "subscriptions", "deliver", "--now", later, env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
        )  # fmt: skip
        await slack.wait_for(lambda calls: any(c.method == "auth.test" for c in calls), timeout=30)
        for _ in range(100):  # the post request has reached Slack and is being held
            if slack.delay == 0:
                break
            await asyncio.sleep(0.1)
        assert slack.held == 1, "the first run's post must be in flight when it is killed"
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
        await asyncio.sleep(3.5)  # the dead process's claim lapses
        second = await asyncio.to_thread(run, "subscriptions", "deliver", "--now", later)
        assert second.returncode == 0, second.stderr
        assert "posted 1 PR(s)" in second.stdout
        third = await asyncio.to_thread(run, "subscriptions", "deliver", "--now", later)
        assert third.returncode == 0 and third.stdout == ""
        assert [a["channel"] for a in slack.processed] == ["C0SUBS"]
    finally:
        await slack.stop()


async def test_digest_here_adds_the_channel_to_the_weekly_digest_and_stop_removes_it(world: World) -> None:
    """`digest here`: the weekly run posts the digest in this channel too; `digest stop`: not next week."""
    bot, runtime = await world.replica()
    assert "will get the weekly digest" in await world.answer(bot, "digest here", channel="C0DIGEST")
    assert "already gets the weekly digest" in await world.answer(bot, "digest here", channel="C0DIGEST")
    result = await runtime.jobs.weekly(REPO)  # T0 is Monday 09:00, the default digest schedule
    assert result.status == "posted"
    assert len(world.posts("C0DIGEST")) == 1 and "digest" in world.posts("C0DIGEST")[0].lower()
    assert "stops here" in await world.answer(bot, "digest stop", channel="C0DIGEST")
    world.advance(timedelta(days=7))
    assert (await runtime.jobs.weekly(REPO)).status == "no_channels"
    assert len(world.posts("C0DIGEST")) == 1
