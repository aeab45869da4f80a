"""The cached classification service, against both store backends (SQLite and real Redis)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from bot.services.classify import ClassificationService
from bot.services.heuristic import HeuristicClassifier
from bot.services.taxonomy import load_taxonomy
from handlers.models import PullRequest

REPO = "vllm-project/vllm"
T0 = datetime(2026, 2, 10, tzinfo=UTC)
TITLES = [
    "[ROCm] Fix AITER import regression",
    "[Docs] Update link to Benchmark CLI documentation",
    "[Perf] Optimize detokenizer python logic",
    "[Model] Support MiniCPM-o 4.5",
]


class CountingClassifier(HeuristicClassifier):
    """The real heuristic, counting how many PRs it was asked to classify."""

    calls = 0

    async def classify(self, prs):
        self.calls += len(prs)
        return await super().classify(prs)


def make_prs() -> list[PullRequest]:
    return [
        PullRequest(
            repo=REPO,
            number=100 + i,
            title=title,
            author="a",
            state="open",
            created_at=T0,
            updated_at=T0,
            url=f"https://github.com/{REPO}/pull/{100 + i}",
        )
        for i, title in enumerate(TITLES)
    ]


@pytest.fixture
def service(store) -> ClassificationService:
    classifier = CountingClassifier(load_taxonomy("vllm"))
    return ClassificationService(store, classifier, classifier)


async def test_first_run_classifies_every_pr(service):
    """A first run classifies and caches all PRs."""
    report = await service.run(REPO, make_prs())
    assert (report.total, report.classified, report.cached) == (4, 4, 0)


async def test_rerun_classifies_nothing(service):
    """A second run over unchanged PRs makes zero classifier calls."""
    prs = make_prs()
    await service.run(REPO, prs)
    service.classifier.calls = 0
    report = await service.run(REPO, prs)
    assert (report.classified, report.cached, service.classifier.calls) == (0, 4, 0)


async def test_changed_title_reclassifies_only_that_pr(service):
    """Editing one PR's title re-classifies just that PR."""
    prs = make_prs()
    await service.run(REPO, prs)
    service.classifier.calls = 0
    prs[2] = replace(prs[2], title="[XPU] Add wna16 xpu kernel")
    report = await service.run(REPO, prs)
    assert (report.classified, report.cached, service.classifier.calls) == (1, 3, 1)
    assert (await service.for_prs(REPO, prs))[prs[2].number].topics == ("xpu", "quantization")


async def test_reclassify_redoes_everything(service):
    """--reclassify ignores the cache."""
    prs = make_prs()
    await service.run(REPO, prs)
    report = await service.run(REPO, prs, reclassify=True)
    assert (report.classified, report.cached) == (4, 0)


async def test_progress_adds_up_to_the_total(service):
    """The progress callback is told about every PR exactly once."""
    prs = make_prs()
    await service.run(REPO, prs[:2])
    seen: list[int] = []
    await service.run(REPO, prs, on_progress=seen.append, chunk=1)
    assert sum(seen) == len(prs)


async def test_for_prs_answers_uncached_prs_offline(service):
    """Slash-command reads get topics even for PRs never classified in bulk."""
    found = await service.for_prs(REPO, make_prs())
    assert found[100].topics == ("rocm", "bugfix")
    assert service.classifier.calls == 0
