"""The refresh use case (bot/services/refresh.py) without GitHub: classify what is stored.

With a GitHub source it is exercised end to end in tests/faults/test_github_faults.py."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.metrics import Metrics
from bot.services.classify import ClassificationService
from bot.services.heuristic import HeuristicClassifier
from bot.services.refresh import Refresher
from bot.services.taxonomy import load_taxonomy
from bot.store import open_store
from tests.prs import merged_pr

REPO = "vllm-project/vllm"
NOW = datetime(2026, 3, 4, 12, tzinfo=UTC)


async def test_without_a_source_the_stored_recent_prs_are_classified_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """No GitHub: PRs of the last 8 days in the store get classified; old ones are left alone;
    the offline notice is logged once, however often the job runs."""
    store = open_store(f"sqlite:///{tmp_path / 'r.db'}")
    try:
        prs = [
            merged_pr(REPO, 1, "[ROCm] Fuse AITER attention", NOW - timedelta(days=2)),
            merged_pr(REPO, 2, "[ROCm] Old kernel tweak", NOW - timedelta(days=30)),
        ]
        await store.upsert_prs(prs)
        heuristic = HeuristicClassifier(load_taxonomy("vllm"))
        service = ClassificationService(store, heuristic, heuristic)
        refresh = Refresher(store, {REPO: service}, Metrics(), source=lambda: None, clock=lambda: NOW)
        with caplog.at_level("INFO", logger="bot.services.refresh"):
            await refresh(REPO, None)
            await refresh(REPO, None)
        keys = [(pr.number, pr.content_hash()) for pr in prs]
        stored = await store.get_classifications(REPO, keys, heuristic.version)
        assert set(stored) == {1}
        assert sum("GITHUB_TOKEN is not set" in r.message for r in caplog.records) == 1
    finally:
        await store.close()
