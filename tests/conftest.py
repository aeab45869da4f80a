"""Shared fixtures: the store under test (SQLite and the real Redis), shared data paths.

Redis: REDIS_URL, default redis://127.0.0.1:6379/15. Each test gets its own key prefix and
deletes only its own keys. When Redis cannot be reached the Redis tests fail with one line naming
the server: every development and CI machine runs one, so they never skip.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.store import open_store
from handlers.ports import Store

pytest_plugins = ["tests.anthropic_fixture"]

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("PRBOT_SHARED") or ROOT.parent / "shared") / "data" / "vllm"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/15")


def _redis_reachable() -> str | None:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except Exception as exc:  # any failure means the server is not usable
        return f"Redis at {REDIS_URL} is unreachable ({exc})"
    return None


@pytest.fixture(scope="session")
def redis_url() -> str:
    """The real Redis server's URL. Every development and CI machine runs one, so an unreachable
    server fails the tests that need it (a skip would count a missing service as passing)."""
    problem = _redis_reachable()
    if problem:
        pytest.fail(f"{problem}; start one with `redis-server --daemonize yes`", pytrace=False)
    return REDIS_URL


@pytest.fixture
def redis_prefix(redis_url: str) -> Iterator[str]:
    """A key prefix of this test's own; its keys are deleted afterwards."""
    import redis

    prefix = f"prbot-test-{uuid.uuid4().hex[:10]}:"
    yield prefix
    client = redis.Redis.from_url(redis_url)
    keys = list(client.scan_iter(match=prefix + "*", count=1000))
    if keys:
        client.delete(*keys)


@pytest.fixture(params=["sqlite", "redis"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh store URL for each backend; combine with `store`."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    return request.getfixturevalue("redis_url")


@pytest.fixture
async def store(request: pytest.FixtureRequest, store_url: str) -> AsyncIterator[Store]:
    """The store under test, once per backend (SQLite file, real Redis)."""
    prefix = request.getfixturevalue("redis_prefix") if store_url.startswith("redis") else "prbot:"
    opened = open_store(store_url, redis_prefix=prefix)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """../shared/data/vllm (the 12k PRs and the labelled week). Tests needing it fail without it."""
    if not (SHARED / "merged-pulls.jsonl").is_file():
        pytest.fail(
            f"shared data not found at {SHARED}; set PRBOT_SHARED to the shared/ folder", pytrace=False
        )
    return SHARED
