"""`python -m bot run`: the lifecycle of the running bot -- start, stop, health.

Everything it runs is built by bot/bootstrap.py (`build_runtime`) and passed in: the store, the
chat platforms, the scheduler and its jobs, the health server. This module builds nothing.

Start-up: ping the store, start the platforms (waiting, bounded, for those that connect in the
background), start the health server, start the scheduler (which refreshes and catches up each
repository at once). SIGTERM/SIGINT: stop firing jobs and starting posts, let in-flight work
finish within `[run] shutdown_seconds`, stop the platforms and the health server, return 0.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Mapping

from bot.health import HealthServer
from bot.scheduler import BotScheduler, DigestJobs
from bot.services.posting import Platform
from handlers.ports import Store

log = logging.getLogger(__name__)


class Runtime:
    """Starts, serves and stops what bootstrap built (tests build it with stand-ins)."""

    def __init__(
        self,
        *,
        store: Store,
        platforms: Mapping[str, Platform],
        jobs: DigestJobs,
        scheduler: BotScheduler,
        health: HealthServer,
        shutdown_seconds: float,
    ) -> None:
        self.store = store
        self.platforms = dict(platforms)
        self.jobs = jobs
        self.scheduler = scheduler
        self.health = health
        self.shutdown_seconds = shutdown_seconds
        self._started: list[Platform] = []
        self.fatal: str | None = None  # why a platform ended for good; `serve` then exits 1
        self._stop: asyncio.Event | None = None
        for platform in self.platforms.values():
            if hasattr(platform, "on_fatal"):
                platform.on_fatal = self._platform_failed

    def _platform_failed(self, reason: str) -> None:
        self.fatal = reason
        if self._stop is not None:
            self._stop.set()

    async def start(self) -> None:
        await self.store.ping()
        for name, platform in self.platforms.items():
            await platform.start()
            self._started.append(platform)
            await _wait_ready(name, platform)
            log.info("%s: started", name)
        await self.health.start()
        self.scheduler.start()

    async def stop(self) -> bool:
        """Stop in order; True when every job in flight finished within the bound."""
        self.scheduler.shutdown()
        finished = await self.jobs.drain(self.shutdown_seconds)
        for platform in reversed(self._started):
            try:
                await platform.stop()
            except Exception:
                log.warning("stopping %s failed", type(platform).__name__, exc_info=True)
        await self.health.stop()
        return finished

    async def serve(self, stop: asyncio.Event) -> int:
        """Run until `stop` is set; returns the exit status (0 after a clean shutdown)."""
        self._stop = stop
        try:
            await self.start()
            if self.fatal is None:
                log.info("running; SIGTERM or Ctrl-C stops")
                await stop.wait()
            log.info("stopping: no new jobs or posts; waiting for work in flight")
        finally:
            finished = await self.stop()
        log.info("stopped%s", "" if finished else " (some work was cancelled at the shutdown bound)")
        if self.fatal is not None:
            from handlers.errors import BotError

            raise BotError(self.fatal)
        return 0

    async def run(self) -> int:
        """Serve until SIGTERM or SIGINT; the exit status."""
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        return await self.serve(stop)


async def _wait_ready(name: str, platform: Platform, timeout: float = 30.0) -> None:
    """Platforms that connect in the background (Discord's gateway) get a bounded wait, so the
    start-up catch-up does not find them disconnected."""
    wait = getattr(platform, "wait_until_ready", None)
    if wait is None:
        return
    try:
        await wait(timeout)
    except TimeoutError:
        log.warning("%s: not ready after %g s; continuing (health reports it)", name, timeout)
