"""The core's facade (handlers/app.py): routing by repo and command, threads, digests, a down store."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.services.classify import ClassificationService
from bot.services.heuristic import HeuristicClassifier
from bot.services.taxonomy import load_taxonomy
from bot.store import open_store
from handlers.app import NO_CONTEXT, UNAVAILABLE, BotHandlers
from handlers.digest import window_key
from handlers.errors import BotError
from handlers.models import PullRequest, RepoSettings, ThreadKey, ThreadSeed, Window
from handlers.ports import Store
from tests.prs import merged_pr

REPO = "vllm-project/vllm"
TAX = load_taxonomy("vllm")
NOW = datetime(2026, 3, 4, 12, tzinfo=UTC)  # a Wednesday
SETTINGS = RepoSettings(name=REPO, command="vllm", tz=UTC, tz_name="UTC", week_start="monday", taxonomy=TAX)
KEY = ThreadKey("slack", "C1", "1700000000.000100")


def build(store: Store) -> BotHandlers:
    heuristic = HeuristicClassifier(TAX)
    return BotHandlers(
        store=store,
        repos=[SETTINGS],
        classifications={REPO: ClassificationService(store, heuristic, heuristic)},
        clock=lambda: NOW,
    )


def pr(number: int, title: str, merged: str) -> PullRequest:
    return merged_pr(REPO, number, title, datetime.fromisoformat(merged))


@pytest.fixture
async def sqlite(tmp_path: Path) -> AsyncIterator[Store]:
    store = open_store(f"sqlite:///{tmp_path / 'app.db'}")
    await store.upsert_prs(
        [
            pr(101, "[ROCm] Fuse AITER attention", "2026-02-24T10:00:00+00:00"),
            pr(102, "[Docs] Fix a typo", "2026-02-25T10:00:00+00:00"),
        ]
    )
    try:
        yield store
    finally:
        await store.close()


def test_repo_lookup_by_name_and_by_command_ignores_case(sqlite: Store) -> None:
    """`/VLLM` and `vLLM-project/VLLM` find the configured repo; an unknown command finds none."""
    app = build(sqlite)
    assert app.repo("vLLM-project/VLLM") is SETTINGS
    assert app.repo_for_command("/VLLM") is SETTINGS
    assert app.repo_for_command("/other") is None


def test_topic_words_list_each_word_once_for_autocomplete(sqlite: Store) -> None:
    """Every word of every topic, without repeats, for autocomplete and help."""
    words = build(sqlite).topic_words(REPO)
    assert "rocm" in words
    assert len(words) == len(set(words))


async def test_a_command_is_answered_from_the_store(sqlite: Store) -> None:
    """`rocm last week` on Wednesday lists the ROCm PR merged the Tuesday before, not the docs one."""
    reply = await build(sqlite).command(REPO, "rocm last week")
    assert [item.number for item in reply.items] == [101]
    assert reply.seed is not None and reply.seed.pr_numbers == (101,)


async def test_an_unreachable_store_gives_the_unavailable_reply_not_an_exception() -> None:
    """A Redis nobody listens on: commands and follow-ups answer 'temporarily unavailable'."""
    store = open_store("redis://127.0.0.1:9/0", redis_prefix="prbot-app-test:")
    try:
        app = build(store)
        assert await app.command(REPO, "rocm last week") == UNAVAILABLE
        assert await app.followup(KEY, "more") == UNAVAILABLE
    finally:
        await store.close()


async def test_a_follow_up_in_an_unknown_thread_says_the_context_is_gone(sqlite: Store) -> None:
    """A thread the bot never remembered (or forgot) gets the no-context reply."""
    assert await build(sqlite).followup(KEY, "which of these are merged?") == NO_CONTEXT


async def test_a_remembered_reply_can_be_followed_up(sqlite: Store) -> None:
    """After `remember`, the thread's follow-up is answered from the stored PRs."""
    app = build(sqlite)
    reply = await app.command(REPO, "rocm last week")
    await app.remember(KEY, reply.seed)
    context = await sqlite.get_thread(KEY)
    assert context is not None and context.pr_numbers == (101,)
    answer = await app.followup(KEY, "how many?")
    assert answer != NO_CONTEXT and answer.kind != "error"


async def test_remembering_nothing_stores_nothing(sqlite: Store) -> None:
    """A reply without a seed (help, errors) leaves no thread behind."""
    app = build(sqlite)
    await app.remember(KEY, None)
    assert await sqlite.get_thread(KEY) is None


async def test_the_default_digest_is_last_full_week_and_is_stored(sqlite: Store) -> None:
    """On Wednesday 2026-03-04 the digest covers Feb 23 – Mar 1 and is stored under that window."""
    digest = await build(sqlite).digest(REPO)
    assert (digest.window.since, digest.window.until) == (
        datetime(2026, 2, 23, tzinfo=UTC),
        datetime(2026, 3, 2, tzinfo=UTC),
    )
    assert await sqlite.get_digest(REPO, window_key(digest.window)) is not None


async def test_a_digest_of_an_unconfigured_repo_names_the_configured_ones(sqlite: Store) -> None:
    """One clear error instead of a KeyError."""
    with pytest.raises(BotError, match=r"'other/repo' is not configured \(configured: vllm-project/vllm\)"):
        await build(sqlite).digest("other/repo")


async def test_seed_kinds_are_kept_in_the_remembered_context(sqlite: Store) -> None:
    """A digest seed is remembered as a digest thread with its window."""
    seed = ThreadSeed(repo=REPO, kind="digest", since=NOW, until=NOW, pr_numbers=(101, 102), shown=2)
    app = build(sqlite)
    await app.remember(KEY, seed)
    context = await sqlite.get_thread(KEY)
    assert context is not None and (context.kind, context.pr_numbers, context.shown) == (
        "digest",
        (101, 102),
        2,
    )


@pytest.mark.parametrize("text", ["weekly digest", "can u post the digest for last week", "digest pls"])
async def test_asking_for_the_digest_answers_with_it_and_its_thread_follows_up(
    sqlite: Store, text: str
) -> None:
    """ "/vllm weekly digest" is answered with last week's digest (its areas as groups, every
    count the digest's own), stored as the posted one is, and its thread is a digest thread:
    `docs` there narrows to the week's doc PRs, not cited ones alone."""
    app = build(sqlite)
    reply = await app.command(REPO, text)
    assert reply.kind == "answer" and "Feb 23 – Mar 1, 2026" in reply.title
    assert reply.seed is not None and reply.seed.kind == "digest"
    assert set(reply.seed.pr_numbers) == {101, 102}
    assert {i.number for i in reply.items} <= {101, 102} and 101 in {i.number for i in reply.items}
    week = Window(datetime(2026, 2, 23, tzinfo=UTC), datetime(2026, 3, 2, tzinfo=UTC))
    assert await sqlite.get_digest(REPO, window_key(week)) is not None
    await app.remember(KEY, reply.seed)
    docs = await app.followup(KEY, "only docs")
    assert [i.number for i in docs.items] == [102]


async def test_a_digest_word_with_a_topic_is_that_topic_s_answer(sqlite: Store) -> None:
    """ "rocm digest" asks for the ROCm PRs (a list), not the whole digest."""
    reply = await build(sqlite).command(REPO, "rocm digest last week")
    assert reply.kind == "list" and [i.number for i in reply.items] == [101]
