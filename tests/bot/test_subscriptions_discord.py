"""Subscriptions end to end on Discord: `/vllm subscribe ...` as an interaction from the Discord
stand-in's gateway to the real discord.py adapter, PRs merging in the GitHub stand-in, and the
run mode's refresh job posting the delivery in the channel."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.bootstrap import build_core, build_discord, build_runtime, build_store
from bot.config import load_config
from bot.metrics import Metrics
from bot.runtime import Runtime
from handlers.ports import Store
from standins.discord_server import DiscordStandIn, Recorded
from standins.github_server import GitHubStandIn, github_pr

REPO = "vllm-project/vllm"
T0 = datetime(2026, 3, 2, 9, tzinfo=UTC)


def stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class World:
    discord: DiscordStandIn
    github: GitHubStandIn
    store: Store
    runtime: Runtime
    clock: list[datetime]

    async def answer(self, text: str) -> str:
        """Run `/vllm query:text` and return the bot's (ephemeral) answer."""
        interaction = await self.discord.send_command("vllm", text)
        hook = f"/webhooks/{self.discord.app_id}/{interaction.token}"
        found = await self.discord.wait_for(lambda r: r.method == "POST" and r.path == hook)
        return str(found.content)

    def channel_posts(self) -> list[Recorded]:
        path = f"/channels/{self.discord.channel_id}/messages"
        return self.discord.sent(lambda r: r.method == "POST" and r.path == path)

    def merge(self, number: int, title: str) -> None:
        at = self.clock[0] + timedelta(minutes=5)
        self.github.add_pr(
            github_pr(number, title=title, state="closed", created_at=stamp(T0), merged_at=stamp(at))
        )
        self.clock[0] += timedelta(hours=1)
        self.github.set_now(self.clock[0])


@asynccontextmanager
async def world(folder: Path, admins: str) -> AsyncIterator[World]:
    discord = DiscordStandIn()
    await discord.start()
    github = GitHubStandIn([], now=T0).start()
    (folder / "config.toml").write_text(
        f"""
[store]
url = "sqlite:///{folder / "store.db"}"
[github]
base_url = "{github.base_url}"
max_retries = 0
[discord]
api_base_url = "{discord.api_base_url}"
guild_ids = [{discord.guild_id}]
[subscriptions]
admins = [{admins}]
[[repos]]
name = "{REPO}"
""",
        encoding="utf-8",
    )
    config = load_config(
        folder / "config.toml", env={"DISCORD_TOKEN": discord.token, "GITHUB_TOKEN": "ghp_standin"}
    )
    store = build_store(config)
    clock = [T0]
    core = build_core(config, store, clock=lambda: clock[0])
    adapter = build_discord(config, core.handlers)
    assert adapter is not None
    await adapter.start()
    runtime = build_runtime(
        config, store, core=core, platforms={"discord": adapter}, metrics=Metrics(),
        clock=lambda: clock[0],
    )  # fmt: skip
    try:
        await adapter.wait_until_ready(15)
        yield World(discord, github, store, runtime, clock)
    finally:
        await adapter.stop()
        await discord.close()
        github.stop()
        await store.close()


async def test_subscribe_in_a_channel_then_a_matching_merge_is_posted_there_once(tmp_path: Path) -> None:
    """An admin subscribes; a ROCm and a docs PR merge; the refresh posts one message with the
    ROCm PR and opens its thread; a second refresh posts nothing; unsubscribe stops it."""
    async with world(tmp_path, '"1210000000000000001"') as w:
        answer = await w.answer("subscribe rocm -ci")
        [sub] = await w.store.list_subscriptions(REPO)
        assert f"Subscribed: {sub.id}" in answer
        assert (sub.platform, sub.channel) == ("discord", str(w.discord.channel_id))
        w.merge(101, "[ROCm] fused MoE kernel for MI300X")
        w.merge(102, "[Doc] fix a typo in the install guide")
        await w.runtime.jobs.refresh_job(REPO)
        [post] = w.channel_posts()
        assert "1 PR newly merged" in str(post.content)
        assert "/pull/101" in str(post.content) and "/pull/102" not in str(post.content)
        assert w.discord.threads, "the delivery opens a thread for follow-ups"
        await w.runtime.jobs.refresh_job(REPO)
        assert len(w.channel_posts()) == 1
        assert f"Unsubscribed: {sub.id}" in await w.answer(f"unsubscribe {sub.id}")
        w.merge(103, "[ROCm] AITER paged attention")
        await w.runtime.jobs.refresh_job(REPO)
        assert len(w.channel_posts()) == 1


async def test_a_member_without_manage_channels_is_refused(tmp_path: Path) -> None:
    """No admins configured: a member lacking Manage Channels cannot subscribe the channel."""
    async with world(tmp_path, "") as w:
        answer = await w.answer("subscribe rocm")
        assert "needs the Manage Channels permission" in answer
        assert await w.store.list_subscriptions() == []
