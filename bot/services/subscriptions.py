"""Subscription delivery, exactly once per (subscription, PR): claim -> post -> receipts.

The same model as digest posting (bot/services/posting.py), per subscription instead of per
channel and window:

1. the neutral core (handlers/subscriptions.py) lists the matching PRs without a receipt
   `sub:{id}:pr:{number}`; none: nothing happens;
2. the deliverer claims `sub:{id}:deliver` (atomic, with a TTL) for a unique owner; a loser skips;
3. the winner lists the pending PRs again (another process may have delivered some between 1
   and 2), posts them as one message (the count, 10 PRs, the rest in its thread), writes one
   receipt per PR (and, for daily/weekly, one for the slot), and only then releases the claim.

A failed or timed-out post keeps its claim until the TTL lapses, then the next run retries it. A
channel that is unreachable for good (the bot removed, the channel archived or deleted)
suspends the subscription with the platform's reason, which `/vllm subscriptions` shows; it
resumes when someone subscribes the same question there again. The one duplicate window is the
digest's: a process dying after the platform accepted the post but before the receipts exist.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Literal, Protocol

from bot.metrics import Metrics
from bot.services.posting import Channel, instance_name
from handlers.errors import BotError, StoreError
from handlers.models import Reply, RepoSettings, Subscription, format_time, utcnow
from handlers.ports import Clock, Store
from handlers.subscriptions import Delivery, SubscriptionHandler, claim_key, receipt_key, slot_key

log = logging.getLogger(__name__)


class ChannelUnreachable(BotError):
    """The platform says the channel cannot be posted in (removed, archived, no access)."""


class BatchTarget(Protocol):
    """A chat platform that can post one delivery (see bot/adapters/subscription_posts.py)."""

    @property
    def connected(self) -> bool: ...

    async def post_batch(self, channel: str, head: Reply, rest: Sequence[Reply], *, personal: bool) -> str:
        """Post `head`, then `rest` in its thread; the first message's id. Raises
        ChannelUnreachable when the channel is gone for good, anything else for a retryable
        failure."""


Status = Literal["posted", "would_post", "claimed_elsewhere", "failed", "suspended"]


@dataclass(frozen=True)
class DeliveryOutcome:
    subscription: Subscription
    status: Status
    prs: tuple[int, ...] = ()
    message_id: str = ""
    error: str = ""
    delivery: Delivery | None = field(default=None, compare=False)

    def as_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "subscription": self.subscription.id,
            "channel": self.subscription.target,
            "question": self.subscription.question,
            "status": self.status,
            "prs": list(self.prs),
        }
        if self.message_id:
            data["message_id"] = self.message_id
        if self.error:
            data["error"] = self.error
        return data


class SubscriptionDeliverer:
    """Delivers every due subscription of a repo; any number of processes may run it at once."""

    def __init__(
        self,
        store: Store,
        subscriptions: SubscriptionHandler,
        settings: Callable[[str], RepoSettings],
        targets: Mapping[str, BatchTarget],
        metrics: Metrics,
        *,
        clock: Clock = utcnow,
        claim_ttl_seconds: float = 600.0,
        post_timeout_seconds: float = 120.0,
        instance: str | None = None,
    ) -> None:
        """`subscriptions` (the core's) says what is due and matches; `settings` gives a
        repository's settings by name; `targets` post, one per platform."""
        self.store = store
        self.subscriptions = subscriptions
        self.settings = settings
        self.clock = clock
        self.targets = targets
        self.metrics = metrics
        self.claim_ttl = claim_ttl_seconds
        self.post_timeout = post_timeout_seconds
        self.instance = instance or instance_name()

    async def digest_channels(self, repo: str) -> list[Channel]:
        """Channels subscribed to the repo's weekly digest from chat (`/vllm digest here`)."""
        subs = await self.store.list_subscriptions(repo)
        return [
            Channel(s.platform, int(s.channel) if s.platform == "discord" else s.channel)
            for s in subs
            if s.kind == "digest" and s.status == "active"
        ]

    async def deliver(
        self,
        repo: str,
        *,
        cadences: Sequence[str] = ("realtime", "daily", "weekly"),
        weekly_fire: datetime | None = None,
        dry_run: bool = False,
        now: datetime | None = None,
    ) -> list[DeliveryOutcome]:
        """One outcome per subscription that had something to deliver (or failed to)."""
        settings = self.settings(repo)
        now = now or self.clock()
        outcomes = []
        for sub in await self.store.list_subscriptions(settings.name):
            if sub.kind != "query" or sub.status != "active" or sub.cadence not in cadences:
                continue
            if sub.platform == "console" and "console" not in self.targets:
                continue  # a terminal's subscription: delivered by `subscriptions deliver` only
            outcome = await self.deliver_one(settings, sub, now, weekly_fire, dry_run=dry_run)
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes

    async def deliver_one(
        self,
        settings: RepoSettings,
        sub: Subscription,
        now: datetime,
        weekly_fire: datetime | None = None,
        *,
        dry_run: bool = False,
    ) -> DeliveryOutcome | None:
        core = self.subscriptions
        due = core.due_at(settings, sub, now, weekly_fire)
        if due is None:
            return None
        slot = "realtime" if sub.cadence == "realtime" else str(format_time(due))
        if sub.cadence != "realtime" and await self.store.get_receipt(slot_key(sub.id, slot)) is not None:
            return None
        matches, since = await core.pending(settings, sub, due)
        if dry_run:
            if not matches:
                return None
            delivery = core.delivery(settings, sub, matches, slot, since, due)
            return DeliveryOutcome(sub, "would_post", delivery.prs, delivery=delivery)
        if not matches:
            if sub.cadence != "realtime":
                await self._slot_done(sub, slot, now)
            return None
        target = self.targets.get(sub.platform)
        if target is None:
            return self._failed(sub, f"{sub.platform} is not configured")
        if not target.connected:
            return self._failed(sub, f"{sub.platform} is not connected")
        owner = f"{self.instance}:{uuid.uuid4().hex[:8]}"
        key = claim_key(sub.id)
        if not await self.store.claim(key, owner, self.claim_ttl):
            return DeliveryOutcome(sub, "claimed_elsewhere")
        matches, since = await core.pending(settings, sub, due)  # others may have delivered some
        if not matches:
            await self.store.release(key, owner)
            return None
        delivery = core.delivery(settings, sub, matches, slot, since, due)
        try:
            message_id = await asyncio.wait_for(
                target.post_batch(sub.channel, delivery.head, delivery.rest, personal=sub.personal),
                timeout=self.post_timeout,
            )
        except ChannelUnreachable as exc:
            await self.store.put_subscription(replace(sub, status="suspended", reason=str(exc)))
            await self.store.release(key, owner)  # nothing was posted
            log.warning("subscription %s to %s suspended: %s", sub.id, sub.target, exc)
            self.metrics.inc("prbot_errors_total", {"where": "subscription"})
            return DeliveryOutcome(sub, "suspended", delivery.prs, error=str(exc), delivery=delivery)
        except TimeoutError:
            return self._failed(sub, f"no answer within {self.post_timeout:g} s", delivery)
        except Exception as exc:  # platform or network error: keep the claim (outcome unknown)
            log.debug("delivery of %s failed", sub.id, exc_info=True)
            return self._failed(sub, f"{type(exc).__name__}: {exc}", delivery)
        receipt = {
            "subscription": sub.id,
            "platform": sub.platform,
            "channel": sub.channel,
            "message_id": str(message_id),
            "posted_at": format_time(now),
            "by": owner,
        }
        try:
            for number in delivery.prs:
                await self.store.put_receipt(receipt_key(sub.id, number), {**receipt, "pr": number})
            if sub.cadence != "realtime":
                await self.store.put_receipt(slot_key(sub.id, slot), receipt)
        except StoreError as exc:
            # Posted but not (fully) recorded: the claim still blocks retries until it expires.
            return self._failed(
                sub, f"posted as {message_id} but the receipts were not stored: {exc}", delivery
            )
        await self.store.release(key, owner)
        self.metrics.inc("prbot_subscription_posts_total", {"platform": sub.platform})
        log.info(
            "subscription %s: posted %d PR(s) to %s (%s)", sub.id, len(delivery.prs), sub.target, message_id
        )
        return DeliveryOutcome(sub, "posted", delivery.prs, str(message_id), delivery=delivery)

    async def _slot_done(self, sub: Subscription, slot: str, now: datetime) -> None:
        await self.store.put_receipt(
            slot_key(sub.id, slot), {"subscription": sub.id, "prs": 0, "at": format_time(now)}
        )

    def _failed(self, sub: Subscription, error: str, delivery: Delivery | None = None) -> DeliveryOutcome:
        log.error("delivering subscription %s to %s failed: %s", sub.id, sub.target, error)
        self.metrics.inc("prbot_errors_total", {"where": "subscription"})
        prs = delivery.prs if delivery else ()
        return DeliveryOutcome(sub, "failed", prs, error=error, delivery=delivery)
