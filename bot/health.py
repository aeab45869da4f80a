"""The small HTTP server of `run`: `/healthz` (JSON, 200 or 503) and `/metrics` (Prometheus text).

Healthy means: the store answers a ping, every started chat platform is connected, and the
scheduler is running. The time of the last digest posted by this process is reported, not judged
(a fresh process has posted none).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from aiohttp import web

from bot.metrics import CONTENT_TYPE, Metrics
from bot.services.posting import Platform
from handlers.models import format_time
from handlers.ports import Store

log = logging.getLogger(__name__)

PING_TIMEOUT = 3.0


class HealthServer:
    def __init__(
        self,
        *,
        store: Store,
        targets: Mapping[str, Platform],
        metrics: Metrics,
        host: str,
        port: int,
        last_digest: Callable[[], datetime | None] = lambda: None,
        scheduler_running: Callable[[], bool] = lambda: True,
    ) -> None:
        self.store = store
        self.targets = targets
        self.metrics = metrics
        self.host = host
        self.port = port
        self.last_digest = last_digest
        self.scheduler_running = scheduler_running
        self._runner: web.AppRunner | None = None

    async def status(self) -> tuple[bool, dict[str, Any]]:
        """(healthy, the JSON body)."""
        problems: list[str] = []
        try:
            await asyncio.wait_for(self.store.ping(), PING_TIMEOUT)
            store = "ok"
        except Exception as exc:  # any failure to answer is "unreachable" for a health check
            store = f"unreachable: {exc}" if str(exc) else f"unreachable: {type(exc).__name__}"
            problems.append("store")
        adapters = {name: bool(target.connected) for name, target in self.targets.items()}
        problems += [f"{name} disconnected" for name, ok in adapters.items() if not ok]
        scheduler = self.scheduler_running()
        if not scheduler:
            problems.append("scheduler stopped")
        body = {
            "status": "ok" if not problems else "unhealthy",
            "problems": problems,
            "store": store,
            "adapters": adapters,
            "scheduler": "running" if scheduler else "stopped",
            "last_digest_at": format_time(self.last_digest()),
        }
        return not problems, body

    async def _healthz(self, request: web.Request) -> web.Response:
        healthy, body = await self.status()
        return web.Response(
            status=200 if healthy else 503, text=json.dumps(body), content_type="application/json"
        )

    async def _metrics(self, request: web.Request) -> web.Response:
        return web.Response(
            body=self.metrics.render().encode(),
            headers={"Content-Type": CONTENT_TYPE},
        )

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/metrics", self._metrics)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        try:
            await site.start()
        except OSError as exc:
            await runner.cleanup()
            from handlers.errors import BotError

            raise BotError(
                f"health server: cannot listen on {self.host}:{self.port}: {exc.strerror}"
            ) from None
        self._runner = runner
        self.port = int(runner.addresses[0][1])  # the real port when 0 was asked
        log.info("health: http://%s:%d/healthz and /metrics", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
