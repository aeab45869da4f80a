"""Test harness for the Slack adapter: the bot in HTTP mode against the Slack stand-in.

Builds the real facade (bootstrap.build_handlers) over a real store seeded with the packaged
sample, starts the adapter on 127.0.0.1 (a free port) with its Web API pointed at the stand-in,
and sends requests exactly as Slack does: slash commands form-encoded, events as JSON, both
signed `v0=HMAC-SHA256(secret, "v0:{timestamp}:{body}")` with X-Slack-Request-Timestamp.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlencode

import aiohttp

from bot.adapters.slack_adapter import SlackAdapter
from bot.bootstrap import build_handlers, build_slack
from bot.config import Config, FileConfig, FollowupConfig, Secrets, SlackConfig
from bot.services.importer import import_file, sample_path
from handlers.app import BotHandlers
from handlers.models import PullRequest
from handlers.ports import Store
from standins.slack_requests import CHANNEL, SIGNING_SECRET, USER, fixture, sign
from standins.slack_server import TEST_PACING, TOKEN, SlackStandIn
from tests.prs import merged_pr

__all__ = ["CHANNEL", "SIGNING_SECRET", "USER", "fixture", "sign"]  # re-exported for the tests

REPO = "vllm-project/vllm"
NOW = datetime(2026, 3, 2, tzinfo=UTC)  # the sample's last week is Feb 23 - Mar 2
_ids = itertools.count(1)


# Most tests send many commands as one person; the per-minute limits get their own tests.
NO_LIMITS = FollowupConfig(per_user_per_minute=0, per_channel_per_minute=0)


def config(
    slack: SlackStandIn, store: Store, *, followup: FollowupConfig = NO_LIMITS, **slack_settings: Any
) -> Config:
    settings = FileConfig(
        followup=followup,
        slack=SlackConfig(
            mode="http",
            host="127.0.0.1",
            port=0,
            api_base_url=slack.api_url,
            **{**TEST_PACING, **slack_settings},
        ),
    )
    secrets = Secrets(slack_bot_token=TOKEN, slack_signing_secret=SIGNING_SECRET)
    return Config(settings=settings, secrets=secrets, store_url=store.url, source="test")


async def seeded(store: Store) -> Store:
    await import_file(store, sample_path(), REPO)
    return store


def hostile_pr(number: int = 99999) -> PullRequest:
    """A PR whose title tries every Slack injection a stranger could type."""
    title = (
        "[ROCm] <!channel> @everyone @here fix *all* <@U0123> <!subteam^S1|devs> "
        "<http://evil.example|click> & `x` ~y~ _z_"
    )
    return merged_pr(REPO, number, title, datetime(2026, 3, 1, 12, tzinfo=UTC), author="mallory")


@dataclass
class Bot:
    """The running adapter plus what tests need to talk to it."""

    adapter: SlackAdapter
    handlers: BotHandlers
    slack: SlackStandIn
    http: aiohttp.ClientSession

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.adapter.port}/slack/events"

    async def post(
        self, body: str, content_type: str, headers: dict[str, str] | None = None
    ) -> tuple[int, str]:
        all_headers = {"Content-Type": content_type, **sign(body), **(headers or {})}
        async with self.http.post(self.url, data=body.encode(), headers=all_headers) as response:
            return response.status, await response.text()

    async def command(self, text: str, *, channel: str = CHANNEL, command: str = "/vllm") -> tuple[int, str]:
        """Send a slash command as Slack does; its response_url points at the stand-in."""
        fields = fixture("slash_command.json")
        hook = f"hook{next(_ids)}"
        fields.update(
            text=text,
            channel_id=channel,
            command=command,
            response_url=self.slack.response_url(hook),
            trigger_id=f"1334.{next(_ids)}.abc",
        )
        return await self.post(urlencode(fields), "application/x-www-form-urlencoded")

    async def event(self, payload: dict[str, Any], headers: dict[str, str] | None = None) -> tuple[int, str]:
        return await self.post(json.dumps(payload), "application/json", headers)


def thread_message(thread_ts: str, text: str, *, ts: str | None = None, **changes: Any) -> dict[str, Any]:
    """A person's reply in the thread under one of the bot's messages (a fresh event id)."""
    payload = fixture("event_thread_message.json")
    ts = ts or f"1700009{next(_ids):03d}.000100"
    payload["event"].update(thread_ts=thread_ts, text=text, ts=ts, event_ts=ts, **changes)
    payload["event_id"] = f"Ev{next(_ids):08d}"
    return payload


async def start_bot(
    store: Store, slack: SlackStandIn, *, followup: FollowupConfig = NO_LIMITS, **slack_settings: Any
) -> Bot:
    cfg = config(slack, store, followup=followup, **slack_settings)
    handlers = build_handlers(cfg, store, clock=lambda: NOW)
    adapter = build_slack(cfg, handlers)
    await adapter.start()
    return Bot(adapter, handlers, slack, aiohttp.ClientSession())


async def stop_bot(bot: Bot) -> None:
    await bot.http.close()
    await bot.adapter.stop()
