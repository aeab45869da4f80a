"""SubscriptionDeliverer over both store backends, delivering to the console target: cadences,
late matches, retries and exactly-once bookkeeping."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from bot.adapters.subscription_posts import ConsoleBatchTarget
from bot.metrics import Metrics
from bot.services.classify import ClassificationService
from bot.services.heuristic import HeuristicClassifier
from bot.services.subscriptions import SubscriptionDeliverer
from bot.services.taxonomy import load_taxonomy
from handlers.app import BotHandlers, RepoSettings
from handlers.models import PullRequest
from handlers.ports import Store
from handlers.subscriptions import CommandContext

REPO = "vllm-project/vllm"
TAX = load_taxonomy("vllm")
T0 = datetime(2026, 3, 2, 9, tzinfo=UTC)  # a Monday
CONSOLE = CommandContext("console", "ops", "me", operator=True)


def merged(number: int, title: str, at: datetime) -> PullRequest:
    return PullRequest(
        repo=REPO, number=number, title=title, author="dev", state="closed",
        created_at=at - timedelta(hours=3), updated_at=at, merged_at=at, closed_at=at,
        url=f"https://github.com/{REPO}/pull/{number}",
    )  # fmt: skip


def build(store: Store, clock: list[datetime]) -> tuple[BotHandlers, SubscriptionDeliverer, list[str]]:
    heuristic = HeuristicClassifier(TAX)
    settings = RepoSettings(
        name=REPO, command="vllm", tz=UTC, tz_name="UTC", week_start="monday", taxonomy=TAX
    )
    handlers = BotHandlers(
        store=store,
        repos=[settings],
        classifications={REPO: ClassificationService(store, heuristic, heuristic)},
        clock=lambda: clock[0],
    )
    printed: list[str] = []
    deliverer = SubscriptionDeliverer(
        store,
        handlers.subscriptions,
        handlers.repo,
        {"console": ConsoleBatchTarget(printed.append)},
        Metrics(),
        clock=lambda: clock[0],
    )
    return handlers, deliverer, printed


async def test_daily_posts_once_after_its_time_with_what_landed_before_it(store: Store) -> None:
    """daily 08:00: nothing before 08:00; at 08:00 the PRs merged until then, once."""
    clock = [T0]
    handlers, deliverer, printed = build(store, clock)
    await handlers.command(REPO, "subscribe rocm daily 08:00", context=CONSOLE)
    await store.upsert_prs([merged(1, "[ROCm] one", T0 + timedelta(hours=2))])
    assert await deliverer.deliver(REPO, now=T0 + timedelta(hours=20)) == []  # 05:00 next day
    await store.upsert_prs([merged(2, "[ROCm] two", T0 + timedelta(hours=22, minutes=30))])  # 07:30
    [outcome] = await deliverer.deliver(REPO, now=T0 + timedelta(hours=23, minutes=30))  # 08:30
    assert (outcome.status, outcome.prs) == ("posted", (1, 2))
    assert await deliverer.deliver(REPO, now=T0 + timedelta(hours=23, minutes=45)) == []
    assert len(printed) == 1 and "2 PRs newly merged" in printed[0]


async def test_weekly_posts_at_the_digest_fire_time(store: Store) -> None:
    """weekly: due at the weekly fire time given by the scheduler, not before."""
    clock = [T0]
    handlers, deliverer, _ = build(store, clock)
    await handlers.command(REPO, "subscribe rocm weekly", context=CONSOLE)
    await store.upsert_prs([merged(1, "[ROCm] one", T0 + timedelta(days=1))])
    later = T0 + timedelta(days=3)
    assert await deliverer.deliver(REPO, now=later, weekly_fire=T0) == []  # the last run predates it
    [outcome] = await deliverer.deliver(REPO, now=T0 + timedelta(days=7), weekly_fire=T0 + timedelta(days=7))
    assert outcome.prs == (1,)


async def test_a_pr_that_starts_to_match_later_is_delivered_once(store: Store) -> None:
    """A merged PR retitled into the topic (reclassified) is delivered at the next run, once."""
    clock = [T0]
    handlers, deliverer, _ = build(store, clock)
    await handlers.command(REPO, "subscribe rocm", context=CONSOLE)
    pr = merged(1, "[Misc] tune a kernel", T0 + timedelta(hours=1))
    await store.upsert_prs([pr])
    assert await deliverer.deliver(REPO, now=T0 + timedelta(hours=2)) == []
    await store.upsert_prs(
        [replace(pr, title="[ROCm] tune a kernel for MI300", updated_at=T0 + timedelta(hours=3))]
    )
    [outcome] = await deliverer.deliver(REPO, now=T0 + timedelta(hours=4))
    assert outcome.prs == (1,)
    assert await deliverer.deliver(REPO, now=T0 + timedelta(hours=5)) == []


async def test_a_claim_held_elsewhere_skips_until_it_is_released(store: Store) -> None:
    """Another process's live claim: skipped, nothing recorded; after it lapses: posted once."""
    clock = [T0]
    handlers, deliverer, printed = build(store, clock)
    await handlers.command(REPO, "subscribe rocm", context=CONSOLE)
    [sub] = await store.list_subscriptions(REPO)
    await store.upsert_prs([merged(1, "[ROCm] one", T0 + timedelta(hours=1))])
    assert await store.claim(f"sub:{sub.id}:deliver", "crashed-process", 60)
    [skipped] = await deliverer.deliver(REPO, now=T0 + timedelta(hours=2))
    assert skipped.status == "claimed_elsewhere" and printed == []
    await store.release(f"sub:{sub.id}:deliver", "crashed-process")
    [posted] = await deliverer.deliver(REPO, now=T0 + timedelta(hours=2))
    assert posted.status == "posted" and len(printed) == 1
