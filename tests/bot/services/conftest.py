"""Fixtures for service tests: the GitHub stand-in serving the shared vLLM PRs, and a source
talking to it whose sleeps are recorded instead of slept."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.services.github import GitHubSource
from standins.github_server import GitHubStandIn, standin_from

REPO = "vllm-project/vllm"


@pytest.fixture
def github(shared_data: Path) -> Iterator[GitHubStandIn]:
    """The GitHub stand-in on 127.0.0.1; its "now" is the end of the week ending 2026-02-13."""
    with standin_from(shared_data / "merged-pulls.jsonl") as server:
        yield server


@pytest.fixture
def sleeps() -> list[float]:
    """Every wait the source asked for, in seconds (nothing really sleeps)."""
    return []


@pytest.fixture
def source(github: GitHubStandIn, sleeps: list[float]) -> Iterator[GitHubSource]:
    """A PyGithub source pointed at the stand-in with the default retry and wait settings."""
    src = GitHubSource(base_url=github.base_url, sleep=sleeps.append)
    yield src
    src.close()


@pytest.fixture
def authed(github: GitHubStandIn, sleeps: list[float]) -> Iterator[GitHubSource]:
    """A source with a token, as GitHub's GraphQL API (changed files) demands."""
    src = GitHubSource(base_url=github.base_url, token="a-token", sleep=sleeps.append)
    yield src
    src.close()
