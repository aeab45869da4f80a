"""Scheduling: local fire times across DST, the weekly window, catch-up within and beyond grace."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.metrics import Metrics
from bot.scheduler import (
    BotScheduler,
    DigestJobs,
    RepoSchedule,
    weekly_window,
)
from bot.services.posting import Channel, DigestPoster, post_key
from bot.store import open_store
from handlers.models import Digest, Window
from handlers.ports import Store
from tests.bot.digests import sample_digest
from tests.bot.services.test_posting import RecordingTarget

REPO = "vllm-project/vllm"
BERLIN = ZoneInfo("Europe/Berlin")
MONDAY_FIRE = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # Mon 09:00 UTC


def test_weekly_window_is_the_previous_calendar_week() -> None:
    """A Monday run covers Monday..Sunday of the week before, ending at the run's week start."""
    window = weekly_window(MONDAY_FIRE, UTC)
    assert (window.since, window.until) == (
        datetime(2026, 2, 23, tzinfo=UTC),
        datetime(2026, 3, 2, tzinfo=UTC),
    )
    assert window.label == "Feb 23 – Mar 1, 2026"


def test_weekly_window_follows_the_repo_timezone_and_week_start() -> None:
    """Berlin weeks start at local midnight; a Sunday-start week ends on Saturday."""
    berlin = weekly_window(MONDAY_FIRE, BERLIN)
    assert berlin.since == datetime(2026, 2, 22, 23, tzinfo=UTC)
    sunday = weekly_window(MONDAY_FIRE, UTC, "sunday")
    assert (sunday.since, sunday.until) == (
        datetime(2026, 2, 22, tzinfo=UTC),
        datetime(2026, 3, 1, tzinfo=UTC),
    )


@pytest.fixture
async def sqlite_store(tmp_path: Path) -> AsyncIterator[Store]:
    store = open_store(f"sqlite:///{tmp_path / 'sched.db'}")
    yield store
    await store.close()


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def make_jobs(store: Store, target: RecordingTarget, clock: Clock, cron: str = "0 9 * * mon") -> DigestJobs:
    schedule = RepoSchedule(
        repo=REPO,
        tz=ZoneInfo("UTC"),
        week_start="monday",
        cron=cron,
        grace=timedelta(hours=24),
        refresh_minutes=60,
        channels=(Channel("slack", "C1"), Channel("slack", "C2")),
    )
    refreshed: list[tuple[str, datetime | None]] = []

    async def refresh(repo: str, since: datetime | None) -> None:
        refreshed.append((repo, since))

    async def build(repo: str, window: Window) -> Digest:
        return sample_digest(repo, window)

    poster = DigestPoster(store, {"slack": target}, Metrics(), clock=clock)
    return DigestJobs([schedule], poster, build, refresh, Metrics(), clock=clock)


async def test_missed_run_within_grace_is_caught_up(sqlite_store: Store) -> None:
    """Starting 3 hours after a missed Monday run posts last week's digest to every channel."""
    target = RecordingTarget()
    jobs = make_jobs(sqlite_store, target, Clock(MONDAY_FIRE + timedelta(hours=3)))
    result = await jobs.weekly(REPO)
    assert result.status == "posted"
    assert sorted(c for _, c, _ in target.posts) == ["C1", "C2"]
    assert target.posts[0][2].window.since == datetime(2026, 2, 23, tzinfo=UTC)


async def test_missed_run_beyond_grace_is_skipped(
    sqlite_store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """Starting 30 hours after the run (grace 24 h) posts nothing and logs the skip."""
    target = RecordingTarget()
    jobs = make_jobs(sqlite_store, target, Clock(MONDAY_FIRE + timedelta(hours=30)))
    result = await jobs.weekly(REPO)
    assert result.status == "stale" and target.posts == []
    assert "beyond the grace period" in caplog.text


async def test_a_run_already_posted_is_not_repeated_on_restart(sqlite_store: Store) -> None:
    """With receipts for every channel, a restart within grace posts nothing."""
    target = RecordingTarget()
    clock = Clock(MONDAY_FIRE + timedelta(minutes=5))
    await make_jobs(sqlite_store, target, clock).weekly(REPO)
    again = await make_jobs(sqlite_store, target, clock).weekly(REPO)
    assert again.status == "done" and len(target.posts) == 2


async def test_only_channels_without_a_receipt_are_caught_up(sqlite_store: Store) -> None:
    """After a crash that posted to C1 only, the restart posts to C2 alone."""
    window = weekly_window(MONDAY_FIRE, UTC)
    await sqlite_store.put_receipt(post_key(REPO, window, Channel("slack", "C1")), {"message_id": "1.1"})
    target = RecordingTarget()
    await make_jobs(sqlite_store, target, Clock(MONDAY_FIRE + timedelta(hours=1))).weekly(REPO)
    assert [c for _, c, _ in target.posts] == ["C2"]


async def test_scheduler_registers_stable_job_ids_once(sqlite_store: Store) -> None:
    """Adding the jobs twice keeps one digest and one refresh job per repo."""
    jobs = make_jobs(sqlite_store, RecordingTarget(), Clock(MONDAY_FIRE))
    sched = BotScheduler(jobs)
    sched.add_jobs()
    sched.add_jobs()
    sched.scheduler.start(paused=True)
    try:
        assert sorted(sched.next_runs()) == [f"digest:{REPO}", f"refresh:{REPO}"]
    finally:
        sched.shutdown()


async def test_scheduled_job_fires_and_posts(sqlite_store: Store) -> None:
    """A cron due every second really fires the weekly job through APScheduler."""
    target = RecordingTarget()
    jobs = make_jobs(sqlite_store, target, Clock(MONDAY_FIRE), cron="* * * * * *")
    jobs.clock = jobs.poster.clock = lambda: datetime.now(UTC)  # this test runs on the real clock
    sched = BotScheduler(jobs)
    sched.add_jobs()
    sched.scheduler.start()
    try:
        for _ in range(50):
            if len(target.posts) == 2:
                break
            await asyncio.sleep(0.1)
    finally:
        sched.shutdown()
    assert sorted(c for _, c, _ in target.posts) == ["C1", "C2"]
