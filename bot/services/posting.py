"""Exactly-once digest posting: claim -> post -> receipt, for each (repo, window, channel).

Used by the scheduler and by `digest --post`. Any number of bot processes may share one store:

1. a receipt for the key means the post is done: nothing happens;
2. otherwise the poster claims the key (`Store.claim`, atomic, with a TTL); a loser skips;
3. the winner re-reads the receipt (another process may have finished between 1 and 2), posts,
   writes the receipt, and only then releases the claim.

A failed or timed-out post keeps its claim until the TTL lapses, so nobody retries sooner than
that; the next catch-up check after the TTL retries once. The claim TTL must exceed the longest
a post can take (`post_timeout_seconds`, enforced by config), or a slow post could be repeated.

A post the platform refused for sure (the adapter raises BotError, e.g. Slack `not_in_channel`,
or reports it posted nothing) releases its claim at once, so a rerun tries again and says why.

A process that dies after the platform accepted the message but before the receipt was written
leaves no receipt; when its claim expires the post is retried, and the platform adapters make
that retry idempotent themselves: Slack finds the earlier messages by their metadata in the
channel's history and posts only the missing parts; Discord sends each part with a nonce derived
from (repo, window, channel, part) and `enforce_nonce`, so Discord returns the earlier message
instead of posting again (Discord honours a nonce only for a few minutes; see
docs/operations.md for what remains).
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import uuid
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, Protocol

from handlers.calendar import window_key
from handlers.errors import BotError, StoreError
from handlers.models import Digest, Window, format_time, utcnow
from handlers.ports import Clock, Store

if TYPE_CHECKING:
    from bot.metrics import Metrics  # the CLI's `ask` path imports Channel; it loads no prometheus_client

log = logging.getLogger(__name__)


class Platform(Protocol):
    """A chat platform as the shell drives it (the Slack and Discord adapters): started (listening
    for events, or posting only), posting digests, reporting whether it is connected, stopped.

    The one platform protocol: `run`, `digest --post`, the poster and /healthz all type against it.
    """

    @property
    def connected(self) -> bool: ...

    async def start(self, *, listen: bool = True) -> None:
        """Connect; `listen=False` uses only the platform's Web API / REST (no events)."""

    async def stop(self) -> None: ...

    async def post_digest(self, repo: str, channel_id: Any, digest: Digest) -> str | int | None:
        """Post the digest to a channel; return the platform's message id (Slack: ts), None
        when the platform reports it could not post."""


@dataclass(frozen=True, slots=True)
class Channel:
    platform: str  # "slack" | "discord"
    id: str | int

    def __str__(self) -> str:
        return f"{self.platform}:{self.id}"


Status = Literal["posted", "already_posted", "claimed_elsewhere", "failed"]


@dataclass(frozen=True, slots=True)
class PostOutcome:
    channel: Channel
    status: Status
    message_id: str | None = None
    error: str = ""


OnPosted = Callable[[str, Digest, Channel, str], Awaitable[None]]


def post_key(repo: str, window: Window, channel: Channel) -> str:
    return f"post:{repo.lower()}:{window_key(window)}:{channel.platform}:{channel.id}"


def instance_name() -> str:
    """Who holds a claim: host and pid, readable in the store when debugging."""
    return f"{socket.gethostname()}:{os.getpid()}"


class DigestPoster:
    """Posts one digest to channels, each at most once across processes (see module docstring)."""

    def __init__(
        self,
        store: Store,
        targets: Mapping[str, Platform],
        metrics: Metrics,
        *,
        claim_ttl_seconds: float = 600.0,
        post_timeout_seconds: float = 120.0,
        clock: Clock = utcnow,
        instance: str | None = None,
        on_posted: OnPosted | None = None,
    ) -> None:
        self.store = store
        self.targets = targets
        self.metrics = metrics
        self.claim_ttl = claim_ttl_seconds
        self.post_timeout = post_timeout_seconds
        self.clock = clock
        self.instance = instance or instance_name()
        self.on_posted = on_posted
        self.last_posted_at: datetime | None = None

    async def pending(self, repo: str, window: Window, channels: Iterable[Channel]) -> list[Channel]:
        """The channels that have no receipt for this window yet."""
        out = []
        for channel in channels:
            if await self.store.get_receipt(post_key(repo, window, channel)) is None:
                out.append(channel)
        return out

    async def post_all(
        self,
        repo: str,
        digest: Digest,
        channels: Iterable[Channel],
        *,
        keep_going: Callable[[], bool] = lambda: True,
    ) -> list[PostOutcome]:
        """Post to each channel in turn; stops starting new posts once `keep_going()` is false."""
        outcomes = []
        for channel in channels:
            if not keep_going():
                log.info("shutting down: not starting the post to %s (caught up on next start)", channel)
                break
            outcomes.append(await self.post_one(repo, digest, channel))
        return outcomes

    async def post_one(self, repo: str, digest: Digest, channel: Channel) -> PostOutcome:
        key = post_key(repo, digest.window, channel)
        if await self.store.get_receipt(key) is not None:
            return PostOutcome(channel, "already_posted")
        target = self.targets.get(channel.platform)
        if target is None:
            return self._failed(channel, f"{channel.platform} is not configured")
        if not target.connected:
            return self._failed(channel, f"{channel.platform} is not connected")
        owner = f"{self.instance}:{uuid.uuid4().hex[:8]}"  # unique per attempt, even within a process
        if not await self.store.claim(key, owner, self.claim_ttl):
            log.info("digest %s for %s: another process is posting it", window_key(digest.window), channel)
            return PostOutcome(channel, "claimed_elsewhere")
        receipt = await self.store.get_receipt(key)
        if receipt is not None:  # finished by another process between our first look and the claim
            await self.store.release(key, owner)
            return PostOutcome(channel, "already_posted", receipt.get("message_id"))
        try:
            message_id = await asyncio.wait_for(
                target.post_digest(repo, channel.id, digest), timeout=self.post_timeout
            )
        except TimeoutError:
            # The platform may have posted it: keep the claim so no retry happens before the TTL.
            return self._failed(channel, f"no answer within {self.post_timeout:g} s")
        except BotError as exc:  # the platform refused the post for sure (e.g. not_in_channel)
            await self.store.release(key, owner)  # a rerun tries again and says why, not "claimed"
            return self._failed(channel, str(exc))
        except Exception as exc:  # platform or network error: keep the claim (outcome unknown)
            log.debug("post to %s failed", channel, exc_info=True)
            return self._failed(channel, f"{type(exc).__name__}: {exc}")
        if message_id is None:  # the adapter logged why (e.g. Discord: no access to the channel)
            await self.store.release(key, owner)  # nothing was posted: no reason to block a rerun
            return self._failed(channel, f"{channel.platform} did not post it (see its log line above)")
        now = self.clock()
        try:
            await self.store.put_receipt(
                key,
                {
                    "repo": repo,
                    "window": window_key(digest.window),
                    "platform": channel.platform,
                    "channel": str(channel.id),
                    "message_id": str(message_id),
                    "posted_at": format_time(now),
                    "by": owner,
                },
            )
        except StoreError as exc:
            # Posted but not recorded: the claim still blocks retries until it expires.
            return self._failed(channel, f"posted as {message_id} but the receipt was not stored: {exc}")
        await self.store.release(key, owner)
        self.last_posted_at = now
        self.metrics.inc("prbot_digests_posted_total", {"platform": channel.platform})
        log.info(
            "posted the %s digest for %s to %s (%s)", repo, window_key(digest.window), channel, message_id
        )
        if self.on_posted is not None:
            try:
                await self.on_posted(repo, digest, channel, str(message_id))
            except Exception:
                log.warning("after posting to %s: follow-up bookkeeping failed", channel, exc_info=True)
        return PostOutcome(channel, "posted", str(message_id))

    def _failed(self, channel: Channel, error: str) -> PostOutcome:
        log.error("posting the digest to %s failed: %s", channel, error)
        self.metrics.inc("prbot_errors_total", {"where": "post_digest"})
        return PostOutcome(channel, "failed", error=error)


async def post_digest_now(
    store: Store,
    repo: str,
    digest: Digest,
    channels: Sequence[Channel],
    platforms: Mapping[str, Callable[[], Platform]],
    *,
    unavailable: Mapping[str, str],
    claim_ttl_seconds: float,
    post_timeout_seconds: float,
) -> list[PostOutcome]:
    """`digest --post`: start the platforms the channels need in posting-only mode (Web API /
    REST: a running bot keeps its port, socket and gateway events), post `digest` to every
    channel through the scheduler's exactly-once guard (DigestPoster: claim -> post -> receipt),
    stop them. One outcome per channel, in order.

    `platforms` builds each platform whose secrets are set; `unavailable` says why each other
    one is not configured. A channel whose platform is unavailable or did not start fails with
    the reason."""
    from bot.metrics import Metrics

    problems = dict(unavailable)
    started: list[Platform] = []
    targets: dict[str, Platform] = {}
    try:
        for name in sorted({c.platform for c in channels} - set(problems)):
            try:
                platform = platforms[name]()
                started.append(platform)
                await platform.start(listen=False)
            except Exception as exc:  # a refused token, an unreachable API: that platform's channels fail
                reason = str(exc) if isinstance(exc, BotError) else f"{type(exc).__name__}: {exc}"
                problems[name] = f"{name} did not start: {reason}"
                log.error("%s", problems[name], exc_info=log.isEnabledFor(logging.DEBUG))
                continue
            targets[name] = platform
        poster = DigestPoster(
            store,
            targets,
            Metrics(),
            claim_ttl_seconds=claim_ttl_seconds,
            post_timeout_seconds=post_timeout_seconds,
        )
        outcomes = []
        for channel in channels:
            if channel.platform in problems:
                outcomes.append(PostOutcome(channel, "failed", error=problems[channel.platform]))
            else:
                outcomes.append(await poster.post_one(repo, digest, channel))
        return outcomes
    finally:
        for platform in reversed(started):
            try:
                await platform.stop()
            except Exception:
                log.warning("stopping %s failed", type(platform).__name__, exc_info=True)
