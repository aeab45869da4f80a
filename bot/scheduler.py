"""The weekly digest and the cache refresh, on APScheduler 3 (AsyncIOScheduler), per repository.

Jobs have stable ids (`digest:<repo>`, `refresh:<repo>`) and `replace_existing=True`. The weekly
job and the start-up catch-up are the same function, `DigestJobs.weekly`: find the latest
scheduled fire time before now, the calendar week before it, and the channels without a receipt
for that week; post when the fire time is within the grace period, log a skip when it is older.
The exactly-once guard is DigestPoster's (claim -> post -> receipt), so any number of processes
may run these jobs at once.

GitHub failing at digest time (after the source's own bounded retries): the digest is posted from
the cache with a note ("GitHub was unreachable, so this digest uses the PRs cached up to …"); if
the cache holds no PR of the week, the post is postponed to the next refresh run (and skipped,
with a warning, once the grace period is over). A week with no PRs after a successful refresh is
posted: the digest itself says "No PRs were opened or merged in this window."
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Protocol
from zoneinfo import ZoneInfo

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.cron import CronTrigger
from apscheduler.triggers.interval import IntervalTrigger

from bot.cron import last_fire, parse_cron
from bot.metrics import Metrics
from bot.services.posting import Channel, DigestPoster, PostOutcome
from handlers.calendar import previous_week, window_key
from handlers.errors import BotError
from handlers.models import Digest, Window, utcnow
from handlers.ports import Clock

log = logging.getLogger(__name__)

Refresh = Callable[[str, datetime | None], Awaitable[None]]
"""Bring a repo's PRs and classifications up to date (ingest since the cursor, or since the
given time when there is no cursor yet; then classify what changed)."""

BuildDigest = Callable[[str, Window], Awaitable[Digest]]


class Deliver(Protocol):
    """Deliver a repo's due subscriptions of the given cadences, weekly ones as of the digest's
    latest scheduled run (bot/services/subscriptions.py: SubscriptionDeliverer.deliver)."""

    def __call__(
        self, repo: str, *, cadences: tuple[str, ...], weekly_fire: datetime | None, now: datetime
    ) -> Awaitable[object]: ...


MoreChannels = Callable[[str], Awaitable[Iterable[Channel]]]
"""Channels subscribed to a repo's weekly digest from chat (`/vllm digest here`)."""


def weekly_window(fire: datetime, tz: tzinfo, week_start: str = "monday") -> Window:
    """The full calendar week (in `tz`) before the week containing `fire`."""
    return previous_week(fire, tz, week_start)


@dataclass(frozen=True)
class RepoSchedule:
    """What the scheduler needs to know about one repository (bot/bootstrap.py projects it from
    the repo's config)."""

    repo: str
    tz: ZoneInfo
    week_start: str
    cron: str
    grace: timedelta
    refresh_minutes: int
    channels: tuple[Channel, ...]

    @property
    def trigger(self) -> CronTrigger:
        return parse_cron(self.cron, self.tz)


@dataclass(frozen=True)
class WeeklyResult:
    # "posted" | "done" | "stale" | "no_run_yet" | "no_channels" | "stopping" | "failed" | "postponed"
    status: str
    window: Window | None = None
    outcomes: tuple[PostOutcome, ...] = ()


class DigestJobs:
    """The job bodies (weekly digest, refresh) and the bookkeeping for a clean shutdown."""

    def __init__(
        self,
        schedules: Iterable[RepoSchedule],
        poster: DigestPoster,
        build_digest: BuildDigest,
        refresh: Refresh,
        metrics: Metrics,
        *,
        clock: Clock = utcnow,
        digest_refresh: Refresh | None = None,
        deliver: Deliver | None = None,
        more_channels: MoreChannels | None = None,
    ) -> None:
        self.schedules = {s.repo: s for s in schedules}
        self.poster = poster
        self.build_digest = build_digest
        self.refresh = refresh
        self.digest_refresh = digest_refresh or refresh  # the refresh right before a digest
        self.metrics = metrics
        self.clock = clock
        self.deliver = deliver  # subscriptions: realtime after each refresh, daily/weekly each minute
        self.more_channels = more_channels
        self.stopping = False
        self._locks: dict[str, asyncio.Lock] = {}
        self._inflight: set[asyncio.Task[object]] = set()
        self._warned_stale: set[tuple[str, str]] = set()

    def channels(self, schedule: RepoSchedule) -> tuple[Channel, ...]:
        """The configured channels whose platform is running."""
        return tuple(c for c in schedule.channels if c.platform in self.poster.targets)

    async def weekly(self, repo: str) -> WeeklyResult:
        """Post the digest of the latest scheduled week wherever it is still missing."""
        schedule = self.schedules[repo]
        lock = self._locks.setdefault(repo, asyncio.Lock())
        async with lock:
            if self.stopping:
                return WeeklyResult("stopping")
            now = self.clock()
            fire = last_fire(schedule.trigger, now)
            if fire is None:
                return WeeklyResult("no_run_yet")
            window = weekly_window(fire, schedule.tz, schedule.week_start)
            channels = self.channels(schedule)
            if self.more_channels is not None:
                extra = [c for c in await self.more_channels(repo) if c.platform in self.poster.targets]
                channels = tuple(dict.fromkeys((*channels, *extra)))
            if not channels:
                if schedule.channels:
                    log.warning("%s: no configured chat platform is running for %s", repo, window.label)
                return WeeklyResult("no_channels", window)
            pending = await self.poster.pending(repo, window, channels)
            if not pending:
                return WeeklyResult("done", window)
            late = now - fire
            if late > schedule.grace:
                if (repo, window_key(window)) not in self._warned_stale:
                    self._warned_stale.add((repo, window_key(window)))
                    log.warning(
                        "%s: skipping the digest for %s: its run at %s was missed by %.1f h, beyond the "
                        "grace period of %.1f h (digest.grace_hours); %d channel(s) will not get it",
                        repo,
                        window.label,
                        fire.isoformat(),
                        late.total_seconds() / 3600,
                        schedule.grace.total_seconds() / 3600,
                        len(pending),
                    )
                return WeeklyResult("stale", window)
            if late > timedelta(minutes=1):
                log.info("%s: catching up the digest for %s (run due at %s)", repo, window.label, fire)
            digest = await self._fresh_or_cached_digest(repo, window)
            if digest is None:
                return WeeklyResult("postponed", window)
            outcomes = await self.poster.post_all(repo, digest, pending, keep_going=lambda: not self.stopping)
            posted = any(o.status == "posted" for o in outcomes)
            failed = any(o.status == "failed" for o in outcomes)
            status = "failed" if failed else ("posted" if posted else "done")
            return WeeklyResult(status, window, tuple(outcomes))

    async def _fresh_or_cached_digest(self, repo: str, window: Window) -> Digest | None:
        """Refresh, then build. When the refresh fails (GitHub down or rate-limited after the
        source's bounded retries) the digest is built from the cache with a note saying so; when
        the cache has nothing for the window either, None: postponed to the next refresh run
        (within the grace period), never an empty digest that only looks like a quiet week."""
        try:
            await self.digest_refresh(repo, window.since)
        except BotError as exc:
            problem = " ".join(str(exc).split())
            digest = await self.build_digest(repo, window)
            if digest.counts.total == 0:
                log.warning(
                    "%s: postponing the digest for %s: the refresh failed (%s) and the cache holds no PRs "
                    "for that week; retried at the next refresh (every %d min) within the grace period",
                    repo,
                    window.label,
                    problem,
                    self.schedules[repo].refresh_minutes,
                )
                return None
            cursor = await self.poster.store.get_cursor(repo)
            since = f"up to {cursor.updated_at:%Y-%m-%d %H:%M} UTC" if cursor else "before this run"
            log.warning(
                "%s: the refresh failed (%s); posting the digest for %s from the PRs cached %s",
                repo,
                problem,
                window.label,
                since,
            )
            note = f"GitHub was unreachable, so this digest uses the PRs cached {since}."
            return replace(digest, notes=(note, *digest.notes))
        digest = await self.build_digest(repo, window)
        if digest.counts.total == 0:
            log.warning("%s: no PRs in %s; posting a digest that says so", repo, window.label)
        return digest

    async def weekly_job(self, repo: str) -> None:
        await self._guarded(f"weekly digest of {repo}", self.weekly(repo))

    async def refresh_job(self, repo: str) -> None:
        """Keep the cache current, then retry any digest still missing within its grace period."""

        async def body() -> None:
            if self.stopping:
                return
            await self.refresh(repo, None)
            await self.weekly(repo)
            if self.deliver is not None and not self.stopping:
                await self.deliver_due(repo, ("realtime", "daily", "weekly"))

        await self._guarded(f"refresh of {repo}", body())

    async def subscriptions_job(self, repo: str) -> None:
        """Daily and weekly subscriptions due since the last check (realtime ones wait for the
        refresh, so each refresh makes one post per subscription)."""
        if self.deliver is None or self.stopping:
            return
        await self._guarded(f"subscriptions of {repo}", self.deliver_due(repo, ("daily", "weekly")))

    async def deliver_due(self, repo: str, cadences: tuple[str, ...]) -> None:
        """Deliver the repo's due subscriptions of `cadences` now (weekly ones at the digest's schedule)."""
        assert self.deliver is not None
        now = self.clock()
        fire = last_fire(self.schedules[repo].trigger, now)
        await self.deliver(repo, cadences=cadences, weekly_fire=fire, now=now)

    async def _guarded(self, what: str, work: Awaitable[object]) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._inflight.add(task)  # type: ignore[arg-type]
        try:
            await work
        except asyncio.CancelledError:
            log.warning("%s: cancelled at shutdown", what)
            raise
        except Exception as exc:
            self.metrics.inc("prbot_errors_total", {"where": "scheduler"})
            log.error("%s failed: %s: %s", what, type(exc).__name__, exc, exc_info=log.isEnabledFor(10))
        finally:
            if task is not None:
                self._inflight.discard(task)  # type: ignore[arg-type]

    async def drain(self, timeout: float) -> bool:
        """Stop starting new work, wait up to `timeout` for jobs in flight, cancel the rest.
        True when everything finished by itself."""
        self.stopping = True
        current = asyncio.current_task()
        running = {t for t in self._inflight if t is not current and not t.done()}
        if not running:
            return True
        log.info("waiting up to %g s for %d job(s) in flight", timeout, len(running))
        _, pending = await asyncio.wait(running, timeout=timeout)
        for task in pending:
            task.cancel()
        if pending:
            await asyncio.wait(pending, timeout=2)
        return not pending


class BotScheduler:
    """APScheduler jobs for every repository; start() also runs one catch-up per repo."""

    def __init__(self, jobs: DigestJobs) -> None:
        self.jobs = jobs
        self.scheduler = AsyncIOScheduler(timezone=UTC)
        self._startup: list[asyncio.Task[None]] = []

    def add_jobs(self) -> None:
        for schedule in self.jobs.schedules.values():
            self.scheduler.add_job(
                self.jobs.weekly_job,
                schedule.trigger,
                args=[schedule.repo],
                id=f"digest:{schedule.repo}",
                name=f"weekly digest of {schedule.repo}",
                replace_existing=True,
                coalesce=True,
                max_instances=1,
                misfire_grace_time=max(1, int(schedule.grace.total_seconds())),
            )
            self._every(schedule, self.jobs.refresh_job, schedule.refresh_minutes, "refresh")
            if self.jobs.deliver is not None:
                self._every(schedule, self.jobs.subscriptions_job, 1, "subscriptions")

    def _every(
        self, schedule: RepoSchedule, job: Callable[[str], Awaitable[None]], minutes: int, what: str
    ) -> None:
        self.scheduler.add_job(
            job,
            IntervalTrigger(minutes=minutes, timezone=schedule.tz),
            args=[schedule.repo],
            id=f"{what}:{schedule.repo}",
            name=f"{what} of {schedule.repo}",
            replace_existing=True,
            coalesce=True,
            max_instances=1,
        )

    def start(self) -> None:
        """Add the jobs, start firing them, and refresh + catch up each repository now."""
        self.add_jobs()
        self.scheduler.start()
        for schedule in self.jobs.schedules.values():
            nxt = self.scheduler.get_job(f"digest:{schedule.repo}").next_run_time
            log.info("%s: next weekly digest at %s", schedule.repo, nxt.astimezone(schedule.tz).isoformat())
            self._startup.append(asyncio.create_task(self.jobs.refresh_job(schedule.repo)))

    def next_runs(self) -> dict[str, datetime | None]:
        return {job.id: job.next_run_time for job in self.scheduler.get_jobs()}

    @property
    def running(self) -> bool:
        return bool(self.scheduler.running)

    def shutdown(self) -> None:
        """Stop firing jobs (jobs in flight are DigestJobs.drain's business)."""
        if self.scheduler.running:
            self.scheduler.shutdown(wait=False)
