"""DigestPoster: claim -> post -> receipt, once per (repo, window, channel) across posters."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from bot.metrics import Metrics
from bot.services.posting import Channel, DigestPoster, post_key
from handlers.models import Digest, Window
from handlers.ports import Store
from tests.bot.digests import sample_digest

REPO = "vllm-project/vllm"
WINDOW = Window(datetime(2026, 2, 23, tzinfo=UTC), datetime(2026, 3, 2, tzinfo=UTC), "Feb 23 – Mar 1, 2026")
SLACK = Channel("slack", "C0DIGEST")


class RecordingTarget:
    """An in-memory chat platform (the poster uses `connected` and `post_digest`): records posts,
    optionally slow or failing."""

    def __init__(self, delay: float = 0.0, fail: bool = False, connected: bool = True) -> None:
        self.posts: list[tuple[str, str | int, Digest]] = []
        self.delay = delay
        self.fail = fail
        self.connected = connected

    async def post_digest(self, repo: str, channel_id: str | int, digest: Digest) -> str:
        if self.delay:
            await asyncio.sleep(self.delay)
        if self.fail:
            raise RuntimeError("channel_not_found")
        self.posts.append((repo, channel_id, digest))
        return f"1700000000.{len(self.posts):06d}"


def poster(store: Store, target: RecordingTarget, **kw: float) -> DigestPoster:
    return DigestPoster(store, {"slack": target}, Metrics(), **kw)


async def test_posts_once_and_records_a_receipt(store: Store) -> None:
    """A second run for the same window and channel posts nothing."""
    target = RecordingTarget()
    first = await poster(store, target).post_one(REPO, sample_digest(REPO, WINDOW), SLACK)
    second = await poster(store, target).post_one(REPO, sample_digest(REPO, WINDOW), SLACK)
    assert (first.status, second.status) == ("posted", "already_posted")
    assert len(target.posts) == 1
    receipt = await store.get_receipt(post_key(REPO, WINDOW, SLACK))
    assert receipt is not None and receipt["message_id"] == first.message_id


async def test_concurrent_posters_post_each_channel_once(store: Store) -> None:
    """Five posters racing on two channels give exactly one post per channel."""
    target = RecordingTarget(delay=0.05)
    channels = [SLACK, Channel("slack", "C0OTHER")]
    posters = [poster(store, target) for _ in range(5)]
    await asyncio.gather(*(p.post_all(REPO, sample_digest(REPO, WINDOW), channels) for p in posters))
    assert sorted(channel for _, channel, _ in target.posts) == ["C0DIGEST", "C0OTHER"]


async def test_a_crashed_posters_claim_blocks_until_it_expires_then_one_retry_posts(store: Store) -> None:
    """A claim left by a dead process delays the post until its TTL lapses, then it is posted once."""
    await store.claim(post_key(REPO, WINDOW, SLACK), "dead-host:1:abcd", 0.3)
    target = RecordingTarget()
    blocked = await poster(store, target).post_one(REPO, sample_digest(REPO, WINDOW), SLACK)
    await asyncio.sleep(0.5)
    retried = await poster(store, target).post_one(REPO, sample_digest(REPO, WINDOW), SLACK)
    assert (blocked.status, retried.status) == ("claimed_elsewhere", "posted")
    assert len(target.posts) == 1


async def test_a_failed_post_is_not_retried_before_the_claim_expires(store: Store) -> None:
    """After a platform error nobody posts again until the claim TTL lapses."""
    failing = RecordingTarget(fail=True)
    first = await poster(store, failing, claim_ttl_seconds=30).post_one(
        REPO, sample_digest(REPO, WINDOW), SLACK
    )
    healthy = RecordingTarget()
    second = await poster(store, healthy, claim_ttl_seconds=30).post_one(
        REPO, sample_digest(REPO, WINDOW), SLACK
    )
    assert first.status == "failed" and "channel_not_found" in first.error
    assert second.status == "claimed_elsewhere" and healthy.posts == []


async def test_a_post_that_times_out_is_reported_failed(store: Store) -> None:
    """A platform that never answers gives a failure naming the timeout, no receipt."""
    slow = RecordingTarget(delay=5)
    outcome = await poster(store, slow, post_timeout_seconds=0.1).post_one(
        REPO, sample_digest(REPO, WINDOW), SLACK
    )
    assert outcome.status == "failed" and "0.1 s" in outcome.error
    assert await store.get_receipt(post_key(REPO, WINDOW, SLACK)) is None


async def test_a_disconnected_platform_is_skipped_without_claiming(store: Store) -> None:
    """While Slack is disconnected nothing is claimed, so a connected process can post at once."""
    offline = await poster(store, RecordingTarget(connected=False)).post_one(
        REPO, sample_digest(REPO, WINDOW), SLACK
    )
    online = RecordingTarget()
    posted = await poster(store, online).post_one(REPO, sample_digest(REPO, WINDOW), SLACK)
    assert offline.status == "failed" and "not connected" in offline.error
    assert posted.status == "posted" and len(online.posts) == 1


async def test_posted_digests_are_counted_in_metrics(store: Store) -> None:
    """Each post increments prbot_digests_posted_total for its platform."""
    metrics = Metrics()
    p = DigestPoster(store, {"slack": RecordingTarget()}, metrics)
    await p.post_all(REPO, sample_digest(REPO, WINDOW), [SLACK, Channel("slack", "C2")])
    assert metrics.value("prbot_digests_posted_total", {"platform": "slack"}) == 2


async def test_a_platform_reporting_no_message_is_a_failure_without_receipt(store: Store) -> None:
    """An adapter returning None (it logged why) records no receipt."""

    class Refusing(RecordingTarget):
        async def post_digest(self, repo: str, channel_id: str | int, digest: Digest) -> None:  # type: ignore[override]
            return None

    outcome = await poster(store, Refusing()).post_one(REPO, sample_digest(REPO, WINDOW), SLACK)
    assert outcome.status == "failed"
    assert await store.get_receipt(post_key(REPO, WINDOW, SLACK)) is None
