"""Posting one subscription delivery on each platform: the message, then the rest in its thread.

Thin wrappers around the running Slack and Discord adapters (their clients, their renderers),
plus the console target (`console:NAME` channels print to standard output), so delivery itself
(bot/services/subscriptions.py) stays platform-neutral. A channel the platform says is gone for
good raises ChannelUnreachable (the subscription is suspended); anything else is retried.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.adapters.text_render import render_reply_text
from bot.services.subscriptions import BatchTarget, ChannelUnreachable
from handlers.errors import StoreUnavailable
from handlers.models import Reply, ThreadKey

if TYPE_CHECKING:
    from bot.adapters.discord_adapter import DiscordAdapter
    from bot.adapters.slack_adapter import SlackAdapter

log = logging.getLogger(__name__)

# Slack errors that no retry can fix: the bot was removed, the channel archived or deleted.
SLACK_UNREACHABLE = (
    "channel_not_found",
    "not_in_channel",
    "is_archived",
    "account_inactive",
    "user_not_found",
    "user_disabled",
)
DISCORD_UNREACHABLE = (10003, 10013, 50001, 50007, 50013)  # unknown channel/user, no access, cannot DM


class _AdapterTarget:
    """Posts through a running (or posting-only) chat adapter."""

    def __init__(self, adapter: Any) -> None:
        self.adapter = adapter

    @property
    def connected(self) -> bool:
        return bool(self.adapter.connected)


class SlackBatchTarget(_AdapterTarget):
    adapter: SlackAdapter

    async def post_batch(self, channel: str, head: Reply, rest: Sequence[Reply], *, personal: bool) -> str:
        from slack_sdk.errors import SlackApiError

        from bot.adapters.slack_render import render_reply_blocks

        client = self.adapter.client
        fallback, blocks = render_reply_blocks(head)
        try:
            first = await client.chat_postMessage(
                channel=channel, text=fallback, blocks=blocks, unfurl_links=False, unfurl_media=False
            )
        except SlackApiError as exc:
            error = str(exc.response.get("error"))
            if error in SLACK_UNREACHABLE:
                raise ChannelUnreachable(f"Slack: {error}") from None
            raise
        where, ts = str(first.get("channel") or channel), str(first["ts"])
        await _remember(self.adapter.handlers, ThreadKey("slack", where, ts), head)
        for reply in rest:
            fallback, blocks = render_reply_blocks(reply)
            try:
                await client.chat_postMessage(
                    channel=where, thread_ts=ts, text=fallback, blocks=blocks, unfurl_links=False
                )
            except SlackApiError as exc:
                log.warning(
                    "slack: delivery continuation in %s not posted: %s", where, exc.response.get("error")
                )
                break
        return ts


class DiscordBatchTarget(_AdapterTarget):
    adapter: DiscordAdapter

    async def post_batch(self, channel: str, head: Reply, rest: Sequence[Reply], *, personal: bool) -> str:
        import discord

        from bot.adapters.discord_render import render_reply_messages

        client = self.adapter.client
        none = discord.AllowedMentions.none()
        try:
            if personal:
                user = await client.fetch_user(int(channel))
                dest: Any = await user.create_dm()
            else:
                dest = client.get_channel(int(channel)) or await client.fetch_channel(int(channel))
            messages = [await dest.send(part, allowed_mentions=none) for part in render_reply_messages(head)]
        except discord.HTTPException as exc:
            if exc.status in (403, 404) or exc.code in DISCORD_UNREACHABLE:
                raise ChannelUnreachable(f"Discord: {exc.text or exc.status} (code {exc.code})") from None
            raise
        first = messages[0]
        parts = [part for reply in rest for part in render_reply_messages(reply)]
        if isinstance(dest, discord.TextChannel):
            try:
                thread = await first.create_thread(name=head.title[:100], auto_archive_duration=1440)
            except discord.HTTPException as exc:
                log.warning("discord: no thread on the delivery in %s: %s", channel, exc)
                return str(first.id)
            await _remember(self.adapter.handlers, ThreadKey("discord", str(dest.id), str(thread.id)), head)
            dest = thread
        for part in parts:
            try:
                await dest.send(part, allowed_mentions=none)
            except discord.HTTPException as exc:
                log.warning("discord: delivery continuation in %s not posted: %s", channel, exc)
                break
        return str(first.id)


class ConsoleBatchTarget:
    """`console:NAME`: the delivery as plain text on standard output (or whatever `write` does)."""

    connected = True

    def __init__(self, write: Callable[[str], None]) -> None:
        self.write = write
        self._ids = itertools.count(1)

    async def post_batch(self, channel: str, head: Reply, rest: Sequence[Reply], *, personal: bool) -> str:
        message_id = f"console-{next(self._ids)}"
        lines = [f"── console:{channel} ({message_id}) ──", render_reply_text(head).rstrip()]
        for reply in rest:
            lines += ["  ── in its thread ──", render_reply_text(reply).rstrip()]
        self.write("\n".join(lines) + "\n")
        return message_id


def batch_targets(
    platforms: Mapping[str, Any], console: Callable[[str], None] | None = None
) -> dict[str, BatchTarget]:
    """The delivery targets for the running platforms (and the console, when given)."""
    targets: dict[str, BatchTarget] = {}
    for name, platform in platforms.items():
        if name == "slack":
            targets[name] = SlackBatchTarget(platform)
        elif name == "discord":
            targets[name] = DiscordBatchTarget(platform)
    if console is not None:
        targets["console"] = ConsoleBatchTarget(console)
    return targets


async def _remember(handlers: Any, key: ThreadKey, head: Reply) -> None:
    try:
        await handlers.remember(key, head.seed)
    except StoreUnavailable as exc:
        log.warning("delivery thread %s not remembered: %s", key.as_str(), exc)
