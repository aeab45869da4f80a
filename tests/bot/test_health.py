"""/healthz and /metrics over real HTTP (aiohttp client against the HealthServer)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import aiohttp
import pytest

from bot.health import HealthServer
from bot.metrics import Metrics
from bot.store import open_store
from handlers.ports import Store
from tests.bot.services.test_posting import RecordingTarget


@pytest.fixture
async def sqlite_store(tmp_path: Path) -> AsyncIterator[Store]:
    store = open_store(f"sqlite:///{tmp_path / 'health.db'}")
    yield store
    await store.close()


async def serve(server: HealthServer, path: str) -> tuple[int, str, str]:
    await server.start()
    try:
        async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{server.port}{path}") as resp:
            return resp.status, resp.headers["Content-Type"], await resp.text()
    finally:
        await server.stop()


def health(store: Store, *, connected: bool = True, metrics: Metrics | None = None) -> HealthServer:
    return HealthServer(
        store=store,
        targets={"slack": RecordingTarget(connected=connected)},
        metrics=metrics or Metrics(),
        host="127.0.0.1",
        port=0,
        last_digest=lambda: datetime(2026, 3, 2, 9, 0, 3, tzinfo=UTC),
    )


async def test_healthz_is_200_with_details_when_everything_is_up(sqlite_store: Store) -> None:
    """Store reachable and Slack connected: 200 and a JSON body saying so, with the last digest time."""
    status, ctype, body = await serve(health(sqlite_store), "/healthz")
    assert status == 200 and ctype.startswith("application/json")
    data = json.loads(body)
    assert data["status"] == "ok" and data["store"] == "ok" and data["adapters"] == {"slack": True}
    assert data["last_digest_at"] == "2026-03-02T09:00:03Z"


async def test_healthz_is_503_when_a_platform_is_disconnected(sqlite_store: Store) -> None:
    """A disconnected Slack makes the bot unhealthy and the body names it."""
    status, _, body = await serve(health(sqlite_store, connected=False), "/healthz")
    assert status == 503 and "slack disconnected" in body


async def test_healthz_is_503_when_the_store_is_unreachable() -> None:
    """A Redis nobody listens on makes /healthz answer 503 naming the store."""
    store = open_store("redis://127.0.0.1:9/0", redis_prefix="prbot-health-test:")
    try:
        status, _, body = await serve(health(store), "/healthz")
    finally:
        await store.close()
    assert status == 503 and '"problems": ["store"]' in body


async def test_metrics_serves_prometheus_text(sqlite_store: Store) -> None:
    """/metrics answers in the Prometheus text format with the counters other modules increment."""
    metrics = Metrics()
    metrics.inc("prbot_digests_posted_total", {"platform": "slack"})
    metrics.observe("prbot_command_seconds", 0.2)
    status, ctype, body = await serve(health(sqlite_store, metrics=metrics), "/metrics")
    assert status == 200 and ctype.startswith("text/plain; version=0.0.4")
    assert 'prbot_digests_posted_total{platform="slack"} 1' in body
    assert "prbot_command_seconds_count 1" in body
