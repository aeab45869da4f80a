"""GitHub failing during the weekly job (bot/scheduler.py: refresh -> classify -> digest -> post).

The real refresh use case (bot.services.refresh.Refresher: PyGithub against the GitHub stand-in,
`github.max_retries` bounded retries) and the real facade's digest over a SQLite store seeded with the sample; posts go to an
in-memory target. Decisions under test: after the source's bounded retries the digest is posted
from the cache with a note; an empty cache postpones it; a week without PRs after a successful
refresh is posted saying so; nothing is ever posted twice.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.adapters.slack_render import render_digest_blocks
from bot.bootstrap import build_core, build_refresher
from bot.config import Config, FileConfig, GitHubConfig, Secrets
from bot.metrics import Metrics
from bot.scheduler import DigestJobs, RepoSchedule
from bot.services.importer import import_file, sample_path
from bot.services.posting import Channel, DigestPoster
from bot.store import open_store
from handlers.ports import Store
from standins.github_server import GitHubStandIn, load_records
from tests.bot.services.test_posting import RecordingTarget
from tests.faults.conftest import NOW, REPO

FIRE_PLUS_1H = NOW + timedelta(hours=1)  # NOW is Monday 09:00 UTC, the scheduled run


@dataclass
class World:
    jobs: DigestJobs
    target: RecordingTarget
    github: GitHubStandIn
    store: Store


@pytest.fixture
def github() -> Iterator[GitHubStandIn]:
    with GitHubStandIn(load_records(sample_path()), now=NOW) as server:
        yield server


async def make_world(tmp: Path, github: GitHubStandIn, *, seeded: bool) -> World:
    store = open_store(f"sqlite:///{tmp / 'store.db'}")
    if seeded:
        await import_file(store, sample_path(), REPO)
    settings = FileConfig(github=GitHubConfig(base_url=github.base_url, max_retries=2, max_wait_seconds=1))
    config = Config(settings=settings, secrets=Secrets(github_token="t"), store_url=store.url, source="t")
    core = build_core(config, store, clock=lambda: FIRE_PLUS_1H)
    metrics = Metrics()
    target = RecordingTarget()
    schedule = RepoSchedule(REPO, ZoneInfo("UTC"), "monday", "0 9 * * mon", timedelta(hours=24), 60, (
        Channel("slack", "C1"),
    ))  # fmt: skip
    poster = DigestPoster(store, {"slack": target}, metrics, clock=lambda: FIRE_PLUS_1H)
    refresh = build_refresher(config, store, core.classifications, metrics, clock=lambda: FIRE_PLUS_1H)
    jobs = DigestJobs([schedule], poster, core.handlers.digest, refresh, metrics, clock=lambda: FIRE_PLUS_1H)
    return World(jobs, target, github, store)


@pytest.fixture
async def world(tmp_path: Path, github: GitHubStandIn) -> AsyncIterator[World]:
    built = await make_world(tmp_path, github, seeded=True)
    yield built
    await built.store.close()


@pytest.fixture
async def empty_world(tmp_path: Path, github: GitHubStandIn) -> AsyncIterator[World]:
    built = await make_world(tmp_path, github, seeded=False)
    yield built
    await built.store.close()


async def test_502s_post_the_cached_digest_once_with_a_note(world: World) -> None:
    """GitHub answering 502 to everything: bounded retries, then the cached digest with a note, once."""
    world.github.inject(502, times=None)
    first = await world.jobs.weekly(REPO)
    again = await world.jobs.weekly(REPO)
    assert (first.status, again.status) == ("posted", "done")
    assert len(world.target.posts) == 1
    digest = world.target.posts[0][2]
    assert digest.counts.total > 0
    assert digest.notes[0].startswith("GitHub was unreachable, so this digest uses the PRs cached")
    assert world.github.count(status=502) == 3  # one request, two retries (github.max_retries = 2)


async def test_secondary_rate_limit_posts_the_cached_digest_with_a_note(world: World) -> None:
    """A secondary rate limit that never lifts: same as an outage, the cached digest with a note."""
    world.github.inject(403, times=None, retry_after=1)
    result = await world.jobs.weekly(REPO)
    assert result.status == "posted" and len(world.target.posts) == 1
    assert "GitHub was unreachable" in world.target.posts[0][2].notes[0]


async def test_a_passing_502_is_retried_and_the_digest_has_no_note(world: World) -> None:
    """One 502 is retried by the source; the digest is posted fresh, without an outage note."""
    world.github.inject(502, times=1)
    result = await world.jobs.weekly(REPO)
    assert result.status == "posted"
    assert not any("GitHub" in note for note in world.target.posts[0][2].notes)


async def test_graphql_down_still_posts_a_fresh_digest(empty_world: World) -> None:
    """Changed files failing (GraphQL 502s) does not make the refresh fail: the listed PRs are
    stored without files and the digest is posted from them, with no outage note."""
    empty_world.github.inject(502, match="graphql", times=None)
    result = await empty_world.jobs.weekly(REPO)
    assert result.status == "posted"
    digest = empty_world.target.posts[0][2]
    assert digest.counts.total > 0 and not any("GitHub" in note for note in digest.notes)
    assert empty_world.github.count("/graphql", status=502) == 3  # one batch, two retries, then no more


async def test_outage_with_an_empty_cache_postpones_until_github_is_back(
    empty_world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """Nothing cached and GitHub down: no post (logged as postponed); the next run posts real data."""
    empty_world.github.inject(502, times=None)
    with caplog.at_level(logging.WARNING):
        first = await empty_world.jobs.weekly(REPO)
    assert first.status == "postponed" and empty_world.target.posts == []
    assert "postponing the digest" in caplog.text
    empty_world.github.clear_faults()
    second = await empty_world.jobs.weekly(REPO)
    assert second.status == "posted" and empty_world.target.posts[0][2].counts.total > 0


async def test_a_week_without_prs_is_posted_saying_so(empty_world: World) -> None:
    """GitHub fine but no PR in the week: the posted digest says plainly that there were none."""
    empty_world.github.set_now(NOW - timedelta(days=30))  # every sample PR is in the future
    result = await empty_world.jobs.weekly(REPO)
    assert result.status == "posted"
    digest = empty_world.target.posts[0][2]
    assert digest.counts.total == 0
    text = str(render_digest_blocks(digest))
    assert "No PRs were opened or merged in this window." in text
