"""Bulk classification through the Message Batches API (`[llm] use_batches_api`): the real SDK
against the stand-in's batch routes, with the poll sleeps recorded instead of slept."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.services.classify import ClassificationService
from bot.services.heuristic import HeuristicClassifier
from bot.services.importer import import_file
from bot.services.llm import AnthropicLLM
from bot.services.llm_classifier import AnthropicClassifier
from bot.services.taxonomy import load_taxonomy
from bot.store import open_store
from handlers.models import PullRequest
from handlers.ports import Store
from standins.anthropic_server import AnthropicStandIn, prs_in
from tests.cli_helpers import run_cli_async

REPO = "vllm-project/vllm"
T0 = datetime(2026, 2, 10, tzinfo=UTC)


def pr(number: int) -> PullRequest:
    return PullRequest(
        repo=REPO,
        number=number,
        title=f"[ROCm] Fix kernel {number}",
        author="someone",
        state="closed",
        created_at=T0,
        updated_at=T0,
        url=f"https://github.com/{REPO}/pull/{number}",
        merged_at=T0,
    )


PRS = [pr(n) for n in range(1000, 1045)]  # 45 PRs: 3 requests of up to 20


def service(
    store: Store, standin: AnthropicStandIn, sleeps: list[float], *, max_wait: float = 3600.0
) -> ClassificationService:
    async def sleep(seconds: float) -> None:
        sleeps.append(seconds)

    taxonomy = load_taxonomy("vllm", REPO)
    heuristic = HeuristicClassifier(taxonomy)
    llm = AnthropicLLM(
        api_key="sk-test",
        model="test-model",
        base_url=standin.base_url,
        max_retries=1,
        batch_poll_seconds=30.0,
        batch_max_wait_seconds=max_wait,
        sleep=sleep,
    )
    classifier = AnthropicClassifier(llm, taxonomy, heuristic, repo=REPO, batch_size=20, use_batches_api=True)
    return ClassificationService(store, classifier, heuristic)


def batch_creates(standin: AnthropicStandIn) -> list[Any]:
    return [r for r in standin.requests if r.method == "POST" and r.path == "/v1/messages/batches"]


async def test_bulk_run_submits_one_batch_and_stores_its_answers(
    store: Store, anthropic_standin: AnthropicStandIn
) -> None:
    """45 PRs become one batch of 3 requests, polled until it ends; the answers are cached."""
    anthropic_standin.batch_polls_in_progress = 2
    sleeps: list[float] = []
    svc = service(store, anthropic_standin, sleeps)
    report = await svc.run(REPO, PRS)
    assert len(batch_creates(anthropic_standin)) == 1 and not anthropic_standin.messages
    (batch,) = anthropic_standin.batches.values()
    assert [len(prs_in(params)) for params in batch.params] == [20, 20, 5]
    assert sleeps == [30.0, 30.0, 30.0]  # in progress twice, then ended
    assert (report.classified, report.fallbacks) == (45, 0) and report.input_tokens > 0
    cached = await store.get_classifications(
        REPO, [(p.number, p.content_hash()) for p in PRS], svc.classifier.version
    )
    assert len(cached) == 45 and cached[1007].summary.startswith("Changes: [ROCm] Fix kernel 1007")


async def test_batch_requests_match_the_direct_requests(
    store: Store, anthropic_standin: AnthropicStandIn
) -> None:
    """Each batch entry carries the same prompt, tool schema and cache marker as a direct call."""
    svc = service(store, anthropic_standin, [])
    await svc.run(REPO, PRS[:20])
    await svc.classifier.classify(PRS[:20])
    (batch,) = anthropic_standin.batches.values()
    (direct,) = anthropic_standin.messages
    assert batch.params == [direct.body]


async def test_errored_entry_falls_back_uncached_and_is_retried(
    store: Store, anthropic_standin: AnthropicStandIn
) -> None:
    """An errored batch entry gives its PRs the heuristic, marked; the next run asks again for them only."""
    anthropic_standin.fail_entry("r1", "errored")
    svc = service(store, anthropic_standin, [])
    report = await svc.run(REPO, PRS)
    assert (report.classified, report.fallbacks) == (45, 20)
    answers = await svc.for_prs(REPO, PRS)
    assert answers[1025].classifier == svc.heuristic.version  # the retried PRs read the heuristic
    assert answers[1005].classifier == svc.classifier.version
    anthropic_standin.fail_entry("r1", None)
    again = await svc.run(REPO, PRS)
    assert (again.cached, again.classified, again.fallbacks) == (25, 20, 0)
    second = list(anthropic_standin.batches.values())[1]
    assert [p["number"] for params in second.params for p in prs_in(params)] == list(range(1020, 1040))


async def test_expired_entry_falls_back(store: Store, anthropic_standin: AnthropicStandIn) -> None:
    """An expired batch entry is a fallback like an errored one."""
    anthropic_standin.fail_entry("r2", "expired")
    report = await service(store, anthropic_standin, []).run(REPO, PRS)
    assert report.fallbacks == 5


async def test_rerun_with_everything_cached_submits_no_batch(
    store: Store, anthropic_standin: AnthropicStandIn
) -> None:
    """A second bulk run over unchanged PRs reads the cache and sends nothing."""
    svc = service(store, anthropic_standin, [])
    await svc.run(REPO, PRS)
    report = await svc.run(REPO, PRS)
    assert (report.cached, report.classified) == (45, 0)
    assert len(batch_creates(anthropic_standin)) == 1


async def test_batch_past_the_wait_limit_is_cancelled_and_falls_back(
    store: Store, anthropic_standin: AnthropicStandIn, caplog: pytest.LogCaptureFixture
) -> None:
    """A batch still running after batch_max_wait_seconds is cancelled; every PR uses the heuristic."""
    anthropic_standin.batch_polls_in_progress = 1000
    sleeps: list[float] = []
    with caplog.at_level(logging.INFO, logger="bot.services"):
        report = await service(store, anthropic_standin, sleeps, max_wait=100.0).run(REPO, PRS)
    assert sum(sleeps) == 100.0 and report.fallbacks == 45
    assert any(r.path.endswith("/cancel") for r in anthropic_standin.requests)
    assert "0 of 3 requests done, waited 30 s" in caplog.text
    assert "had not ended after 100 s (llm.batch_max_wait_seconds); cancelled" in caplog.text


async def test_concurrent_bulk_runs_do_not_submit_the_same_prs_twice(
    store: Store, anthropic_standin: AnthropicStandIn
) -> None:
    """A refresh and the weekly job running at once: the second waits and finds the cache filled."""
    svc = service(store, anthropic_standin, [])
    first, second = await asyncio.gather(svc.run(REPO, PRS), svc.run(REPO, PRS))
    assert len(batch_creates(anthropic_standin)) == 1
    assert sorted([first.cached, second.cached]) == [0, 45]


async def test_slash_command_reads_never_submit_a_batch(
    store: Store, anthropic_standin: AnthropicStandIn
) -> None:
    """for_prs (what slash commands use) answers from the heuristic at once, with no API traffic."""
    answers = await service(store, anthropic_standin, []).for_prs(REPO, PRS)
    assert len(answers) == 45 and not anthropic_standin.requests


async def test_cli_classify_uses_one_batch_and_prints_the_summary(
    tmp_path: Path, shared_data: Path, anthropic_standin: AnthropicStandIn
) -> None:
    """`python -m bot classify` with use_batches_api classifies the stored PRs through one batch."""
    rows = [
        line
        for line in (shared_data / "merged-pulls.jsonl").read_text().splitlines()
        if '"merged_at": "2026-02-0' in line
    ][:30]
    (tmp_path / "prs.jsonl").write_text("\n".join(rows) + "\n")
    config = tmp_path / "config.toml"
    config.write_text(
        f'[llm]\nprovider = "anthropic"\nbase_url = "{anthropic_standin.base_url}"\n'
        "use_batches_api = true\nbatch_size = 20\nbatch_poll_seconds = 0.01\n"
    )
    store = f"sqlite:///{tmp_path / 'store.db'}"

    async def bot(*args: str) -> tuple[int, str, str]:
        return await run_cli_async(
            "--config", str(config), "--store", store, *args, env={"ANTHROPIC_API_KEY": "k"}
        )

    opened = open_store(store)
    try:
        await import_file(opened, tmp_path / "prs.jsonl", REPO, lambda n: None)
    finally:
        await opened.close()
    code, out, err = await bot("classify", "--repo", REPO)
    assert code == 0, err
    assert f"{REPO}: 30 PRs: classified 30, cached 0, fallbacks 0, tokens in " in out
    assert len(batch_creates(anthropic_standin)) == 1 and not anthropic_standin.messages
    (batch,) = anthropic_standin.batches.values()
    assert len(batch.requests) == 2


async def test_a_due_digest_classifies_by_direct_requests_not_a_batch(
    store: Store, anthropic_standin: AnthropicStandIn
) -> None:
    """allow_batch=False (the refresh right before a digest) sends direct requests: no hours-long wait."""
    svc = service(store, anthropic_standin, [])
    report = await svc.run(REPO, PRS, allow_batch=False)
    assert not batch_creates(anthropic_standin)
    assert len(anthropic_standin.messages) == 3 and report.classified == 45
