"""The store contract: every test runs against SQLite and the real Redis server (`store` fixture)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from handlers.models import (
    Classification,
    IngestCursor,
    PullRequest,
    ThreadContext,
    ThreadKey,
    UpsertResult,
)
from handlers.ports import Store

REPO = "octo/widgets"
T0 = datetime(2026, 2, 16, tzinfo=UTC)


def pr(
    number: int, *, created: int = 0, merged: int | None = None, closed: int | None = None, **kw: object
) -> PullRequest:
    """A PR created `created` hours after T0, optionally merged/closed some hours after T0."""
    created_at = T0 + timedelta(hours=created)
    merged_at = None if merged is None else T0 + timedelta(hours=merged)
    closed_at = merged_at if closed is None else T0 + timedelta(hours=closed)
    values: dict[str, object] = dict(
        repo=REPO,
        number=number,
        title=f"PR {number}",
        author=f"user{number % 3}",
        state="closed" if closed_at else "open",
        created_at=created_at,
        updated_at=closed_at or created_at,
        merged_at=merged_at,
        closed_at=closed_at,
        url=f"https://github.com/{REPO}/pull/{number}",
    )
    values.update(kw)
    return PullRequest(**values)  # type: ignore[arg-type]


async def test_upsert_then_get_returns_the_same_record(store: Store) -> None:
    """A stored PR reads back field for field, including unicode and untrusted text."""
    original = pr(
        1, merged=5, body="<!channel> ünïcødé 🚀", labels=("bug", "rocm"), files=("a/b.py",), draft=False
    )
    assert await store.upsert_prs([original]) == UpsertResult(inserted=1)
    assert await store.get_pr(REPO, 1) == original
    assert await store.get_pr(REPO, 2) is None
    assert await store.get_pr("other/repo", 1) is None


async def test_second_upsert_of_same_records_changes_nothing(store: Store) -> None:
    """Importing the same PRs twice reports them unchanged."""
    batch = [pr(n, created=n) for n in range(1, 6)]
    await store.upsert_prs(batch)
    assert await store.upsert_prs(batch) == UpsertResult(unchanged=5)
    assert await store.count_prs(REPO) == 5


async def test_changed_record_is_updated_and_reindexed(store: Store) -> None:
    """A PR that gets merged moves into the merged-time window."""
    await store.upsert_prs([pr(7, created=1)])
    week = (T0, T0 + timedelta(days=7))
    assert [p.number for p in await store.prs_in_window(REPO, *week, by=("merged",))] == []
    assert await store.upsert_prs([pr(7, created=1, merged=30)]) == UpsertResult(updated=1)
    assert [p.number for p in await store.prs_in_window(REPO, *week, by=("merged",))] == [7]
    assert (await store.get_pr(REPO, 7)).status == "merged"  # type: ignore[union-attr]


async def test_window_reads_are_half_open_and_union_the_fields(store: Store) -> None:
    """[since, until): created or merged inside counts once; the end instant is excluded."""
    await store.upsert_prs(
        [
            pr(1, created=-48, merged=2),  # opened before, merged inside
            pr(2, created=3),  # opened inside
            pr(3, created=4, merged=5),  # both inside: listed once
            pr(4, created=-100, merged=-90),  # entirely before
            pr(5, created=24),  # exactly at `until`: excluded
            pr(6, created=0),  # exactly at `since`: included
        ]
    )
    got = await store.prs_in_window(REPO, T0, T0 + timedelta(hours=24))
    assert [p.number for p in got] == [1, 2, 3, 6]
    created_only = await store.prs_in_window(REPO, T0, T0 + timedelta(hours=24), by=("created",))
    assert [p.number for p in created_only] == [2, 3, 6]


async def test_window_read_rejects_unknown_field(store: Store) -> None:
    """A typo in the time field is an error, not an empty answer."""
    from handlers.errors import StoreError

    with pytest.raises(StoreError, match="window fields"):
        await store.prs_in_window(REPO, T0, T0 + timedelta(days=1), by=("opened",))


async def test_repos_are_kept_apart(store: Store) -> None:
    """PRs with the same number in two repos never mix."""
    await store.upsert_prs([pr(1), replace(pr(1), repo="other/repo", title="elsewhere")])
    assert (await store.get_pr(REPO, 1)).title == "PR 1"  # type: ignore[union-attr]
    assert (await store.get_pr("other/repo", 1)).title == "elsewhere"  # type: ignore[union-attr]
    assert await store.count_prs(REPO) == 1
    assert [p.number for p in await store.all_prs("other/repo")] == [1]


async def test_files_survive_a_reingest_without_files_until_the_pr_changes(store: Store) -> None:
    """Changed-file lists are kept while updated_at is unchanged, dropped when the PR changes."""
    with_files = pr(9, created=1, files=("vllm/platforms/rocm.py",))
    await store.upsert_prs([with_files])
    assert await store.upsert_prs([replace(with_files, files=None)]) == UpsertResult(unchanged=1)
    assert (await store.get_pr(REPO, 9)).files == ("vllm/platforms/rocm.py",)  # type: ignore[union-attr]
    touched = replace(with_files, files=None, updated_at=with_files.updated_at + timedelta(hours=1))
    await store.upsert_prs([touched])
    assert (await store.get_pr(REPO, 9)).files is None  # type: ignore[union-attr]


async def test_get_prs_returns_only_existing_numbers(store: Store) -> None:
    """Bulk reads skip numbers that are not stored."""
    await store.upsert_prs([pr(1), pr(2), pr(3)])
    assert sorted(await store.get_prs(REPO, [3, 1, 99])) == [1, 3]


async def test_first_seen_gives_each_authors_earliest_pr(store: Store) -> None:
    """First-time authors are found from the earliest created time per author."""
    await store.upsert_prs(
        [pr(1, created=50, author="ann"), pr(2, created=10, author="ann"), pr(3, created=30, author="bob")]
    )
    seen = await store.first_seen(REPO, ["ann", "bob", "nobody"])
    assert seen == {"ann": T0 + timedelta(hours=10), "bob": T0 + timedelta(hours=30)}


async def test_classifications_are_keyed_by_content_hash_and_classifier(store: Store) -> None:
    """A cached classification only answers for the same content and classifier version."""
    c = Classification(REPO, 5, "hash-a", "heuristic:v1", ("rocm", "bugfix"), "Fix ROCm", 0.7)
    await store.put_classifications([c])
    assert await store.get_classifications(REPO, [(5, "hash-a")], "heuristic:v1") == {5: c}
    assert await store.get_classifications(REPO, [(5, "hash-b")], "heuristic:v1") == {}
    assert await store.get_classifications(REPO, [(5, "hash-a")], "heuristic:v2") == {}
    assert await store.get_classifications("other/repo", [(5, "hash-a")], "heuristic:v1") == {}


async def test_digests_round_trip_by_repo_and_window(store: Store) -> None:
    """A stored digest is found again by its repo and window key."""
    data = {"title": "PR digest", "cited": [1, 2, 3]}
    await store.put_digest(REPO, "2026-02-16..2026-02-23", data)
    assert await store.get_digest(REPO, "2026-02-16..2026-02-23") == data
    assert await store.get_digest(REPO, "2026-02-23..2026-03-02") is None


async def test_thread_context_round_trips_and_expires(store: Store) -> None:
    """A thread's context is kept until its expiry, then forgotten."""
    key = ThreadKey("slack", "C1", "1700000000.000100")
    context = ThreadContext(
        key=key,
        repo=REPO,
        kind="query",
        since=T0,
        until=T0 + timedelta(days=7),
        query_text="rocm last week",
        pr_numbers=(3, 1, 2),
        shown=2,
        turns=(("user", "more"),),
    )
    await store.put_thread(context, ttl_seconds=1)
    assert await store.get_thread(key) == context
    assert await store.get_thread(ThreadKey("slack", "C1", "other")) is None
    await asyncio.sleep(2.1)
    assert await store.get_thread(key) is None


async def test_cursor_round_trips_per_repo(store: Store) -> None:
    """Each repo has its own ingest cursor."""
    assert await store.get_cursor(REPO) is None
    cursor = IngestCursor(REPO, T0, etag='W/"abc"')
    await store.set_cursor(cursor)
    assert await store.get_cursor(REPO) == cursor
    assert await store.get_cursor("other/repo") is None


async def test_claim_has_exactly_one_winner_among_concurrent_callers(store: Store) -> None:
    """Twenty concurrent claims of one key: exactly one wins."""
    results = await asyncio.gather(*(store.claim("post:x", f"owner{i}", 30) for i in range(20)))
    assert results.count(True) == 1


async def test_claim_can_be_renewed_by_its_owner_and_taken_after_expiry(store: Store) -> None:
    """The owner may re-claim; others wait until the claim lapses or is released."""
    assert await store.claim("k", "a", 1)
    assert await store.claim("k", "a", 1)
    assert not await store.claim("k", "b", 1)
    await asyncio.sleep(1.2)
    assert await store.claim("k", "b", 30)
    await store.release("k", "a")  # not a's any more: no effect
    assert not await store.claim("k", "a", 30)
    await store.release("k", "b")
    assert await store.claim("k", "a", 30)


async def test_receipts_are_kept(store: Store) -> None:
    """A recorded post is found again."""
    assert await store.get_receipt("post:r") is None
    await store.put_receipt("post:r", {"ts": "1.2"})
    assert await store.get_receipt("post:r") == {"ts": "1.2"}


async def test_hit_counts_within_a_window_and_resets(store: Store) -> None:
    """Rate-limit counters count per key and start again after the window."""
    assert [await store.hit("u1", 1) for _ in range(3)] == [1, 2, 3]
    assert await store.hit("u2", 1) == 1
    await asyncio.sleep(1.2)
    assert await store.hit("u1", 1) == 1


async def test_a_second_connection_sees_the_same_state(
    store: Store, store_url: str, request: pytest.FixtureRequest
) -> None:
    """State survives a restart: a new store object on the same URL reads what was written."""
    from bot.store import open_store

    await store.upsert_prs([pr(1, merged=3)])
    await store.put_thread(
        ThreadContext(ThreadKey("discord", "9", "9"), REPO, "digest", T0, T0 + timedelta(days=7)), 60
    )
    prefix = request.getfixturevalue("redis_prefix") if store_url.startswith("redis") else "prbot:"
    again = open_store(store_url, redis_prefix=prefix)
    try:
        assert (await again.get_pr(REPO, 1)) == pr(1, merged=3)
        assert (await again.get_thread(ThreadKey("discord", "9", "9"))) is not None
    finally:
        await again.close()


async def test_a_reader_sees_changes_written_by_another_connection(
    store: Store, store_url: str, request: pytest.FixtureRequest
) -> None:
    """Records a process has already read are not served stale after another replica rewrites them."""
    from bot.store import open_store

    await store.upsert_prs([pr(1, created=1), pr(2, created=2)])
    week = (T0, T0 + timedelta(days=7))
    assert [p.title for p in await store.prs_in_window(REPO, *week)] == ["PR 1", "PR 2"]  # now remembered
    prefix = request.getfixturevalue("redis_prefix") if store_url.startswith("redis") else "prbot:"
    other = open_store(store_url, redis_prefix=prefix)
    try:
        await other.upsert_prs([pr(1, created=1, title="renamed elsewhere", labels=("rocm",))])
    finally:
        await other.close()
    assert [p.title for p in await store.prs_in_window(REPO, *week)] == ["renamed elsewhere", "PR 2"]
    assert (await store.get_pr(REPO, 1)).labels == ("rocm",)  # type: ignore[union-attr]


async def test_data_version_moves_on_every_change_of_prs_or_classifications(store: Store) -> None:
    """The version token changes when PRs or classifications of the repo change, and only then."""
    v0 = await store.data_version(REPO)
    await store.upsert_prs([pr(1)])
    v1 = await store.data_version(REPO)
    await store.upsert_prs([pr(1)])  # unchanged
    assert await store.data_version(REPO) == v1 != v0
    await store.put_classifications([Classification(REPO, 1, "h", "heuristic:v1", ("rocm",))])
    v2 = await store.data_version(REPO)
    assert v2 != v1
    await store.upsert_prs([replace(pr(1), repo="other/repo")])
    assert await store.data_version(REPO) == v2


async def test_subscriptions_round_trip_list_by_repo_in_creation_order_and_remove(store: Store) -> None:
    """Subscriptions read back field for field, list oldest first per repo, and delete by id."""
    from handlers.models import Subscription

    later = Subscription(
        id="s2", repo=REPO, platform="slack", channel="C1", user="U1", question="rocm -ci",
        cadence="daily", at="09:00", created_at=T0 + timedelta(hours=2),
    )  # fmt: skip
    first = Subscription(
        id="s1", repo=REPO, platform="discord", channel="42", user="7", kind="digest", created_at=T0
    )
    other = Subscription(id="s3", repo="other/repo", platform="console", channel="me", created_at=T0)
    for sub in (later, first, other):
        await store.put_subscription(sub)
    assert await store.get_subscription("s2") == later
    assert await store.get_subscription("nope") is None
    assert [s.id for s in await store.list_subscriptions(REPO)] == ["s1", "s2"]
    assert [s.id for s in await store.list_subscriptions()] == ["s1", "s3", "s2"]
    suspended = replace(later, status="suspended", reason="channel_not_found")
    await store.put_subscription(suspended)
    assert await store.get_subscription("s2") == suspended
    assert await store.remove_subscription("s2") is True
    assert await store.remove_subscription("s2") is False
    assert [s.id for s in await store.list_subscriptions(REPO)] == ["s1"]
