"""`python -m bot run`: one asyncio process for the chat platforms, the scheduler and the health server.

Start-up: ping the store, start whichever of Slack and Discord have their secrets set, start the
health server, start the scheduler (which refreshes and catches up each repository at once).
SIGTERM/SIGINT: stop firing jobs and starting posts, let in-flight work finish within
`[run] shutdown_seconds`, stop the platforms, close the store, return 0.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import time
from collections.abc import Mapping
from typing import Any

from bot.config import Config
from bot.health import HealthServer
from bot.metrics import Metrics
from bot.scheduler import BotScheduler, DigestJobs
from bot.services.posting import Channel, DigestPoster, Platform
from handlers.app import BotHandlers
from handlers.models import Reply, ThreadKey, utcnow
from handlers.ports import Clock, Store

log = logging.getLogger(__name__)


class InstrumentedHandlers:
    """The facade as the platforms see it, counting and timing every answer for /metrics."""

    def __init__(self, inner: BotHandlers, metrics: Metrics) -> None:
        self._inner = inner
        self._metrics = metrics

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    async def command(self, repo: str, text: str, *, user: str = "", context: Any = None) -> Reply:
        return await self._timed("command", self._inner.command(repo, text, user=user, context=context))

    async def followup(self, key: ThreadKey, text: str, *, user: str = "", addressed: bool = False) -> Reply:
        return await self._timed(
            f"followup:{key.platform}", self._inner.followup(key, text, user=user, addressed=addressed)
        )

    async def _timed(self, what: str, work: Any) -> Reply:
        started = time.monotonic()
        try:
            reply: Reply = await work
        except Exception:
            self._metrics.inc("prbot_errors_total", {"where": what.split(":")[0]})
            raise
        finally:
            self._metrics.observe("prbot_command_seconds", time.monotonic() - started)
        self._metrics.inc("prbot_commands_total", {"type": what.split(":")[0], "kind": reply.kind})
        if reply.kind == "error":
            self._metrics.inc("prbot_errors_total", {"where": what.split(":")[0]})
        return reply


class Runtime:
    """Everything `run` starts, built once and passed in (tests build it with stand-ins)."""

    def __init__(
        self,
        config: Config,
        *,
        store: Store,
        handlers: BotHandlers,
        platforms: Mapping[str, Platform],
        metrics: Metrics,
        clock: Clock = utcnow,
    ) -> None:
        self.config = config
        self.store = store
        self.handlers = handlers
        self.platforms = dict(platforms)
        self.metrics = metrics
        run = config.settings.run
        self.poster = DigestPoster(
            store,
            self.platforms,
            metrics,
            claim_ttl_seconds=run.claim_ttl_seconds,
            post_timeout_seconds=run.post_timeout_seconds,
            clock=clock,
        )
        from bot.adapters.subscription_posts import batch_targets
        from bot.services.subscriptions import SubscriptionDeliverer

        self.deliverer = SubscriptionDeliverer(
            handlers,
            batch_targets(self.platforms),
            metrics,
            claim_ttl_seconds=run.claim_ttl_seconds,
            post_timeout_seconds=run.post_timeout_seconds,
        )
        self.clock = clock
        from bot.bootstrap import build_refresher, repo_schedule

        refresher = build_refresher(config, store, handlers, metrics, clock=clock)
        self.jobs = DigestJobs(
            [repo_schedule(r) for r in config.settings.repos],
            self.poster,
            lambda repo, window: handlers.digest(repo, window),
            refresher,
            metrics,
            clock=clock,
            # The digest is due now: what is still unclassified goes by direct requests, not a
            # Message Batch that may take hours (the hourly refresh uses batches when enabled).
            digest_refresh=lambda repo, since: refresher(repo, since, allow_batch=False),
            deliver=self.deliver_subscriptions,
            more_channels=self.digest_subscribers,
        )
        self.scheduler = BotScheduler(self.jobs)
        health = config.settings.health
        self.health = HealthServer(
            store=store,
            targets=self.platforms,
            metrics=metrics,
            host=health.host,
            port=health.port,
            last_digest=lambda: self.poster.last_posted_at,
            scheduler_running=lambda: self.scheduler.running,
        )
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

    async def deliver_subscriptions(self, repo: str, cadences: tuple[str, ...]) -> None:
        """Deliver the repo's due subscriptions (weekly ones at the digest's schedule)."""
        from bot.cron import last_fire

        now = self.clock()
        schedule = self.jobs.schedules[repo]
        await self.deliverer.deliver(
            repo, cadences=cadences, weekly_fire=last_fire(schedule.trigger, now), now=now
        )

    async def digest_subscribers(self, repo: str) -> list[Channel]:
        """Channels subscribed to the weekly digest from chat (`/vllm digest here`)."""
        subs = await self.store.list_subscriptions(repo)
        return [
            Channel(s.platform, int(s.channel) if s.platform == "discord" else s.channel)
            for s in subs
            if s.kind == "digest" and s.status == "active"
        ]

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
        finished = await self.jobs.drain(self.config.settings.run.shutdown_seconds)
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


def build_platforms(config: Config, handlers: Any, metrics: Metrics | None = None) -> dict[str, Platform]:
    """Slack and/or Discord, as their secrets allow; logs which are off and how to turn them on."""
    enabled, hint = config.enabled_platforms()
    if not enabled:
        log.warning(
            "no chat platform is configured: running the scheduler and health server only; set %s", hint
        )
    elif hint:
        log.info("also available: %s", hint)
    from bot.bootstrap import platform_builders

    return {name: build() for name, build in platform_builders(config, handlers, metrics).items()}


async def run_bot(config: Config) -> int:
    """Build everything from config and run until SIGTERM/SIGINT."""
    from bot.bootstrap import build_handlers, build_store

    metrics = Metrics()
    store = build_store(config)
    try:
        handlers = build_handlers(config, store)
        platforms = build_platforms(config, InstrumentedHandlers(handlers, metrics), metrics)
        runtime = Runtime(config, store=store, handlers=handlers, platforms=platforms, metrics=metrics)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        return await runtime.serve(stop)
    finally:
        await store.close()
