"""Redis store for several bot replicas sharing state (redis-py's asyncio client).

Layout under a key prefix (default `prbot:`):
  pr:{repo}                 hash   number -> PR JSON
  rev:{repo}                hash   number -> revision token, new on every write of the PR
  ver:{repo}                string data version, INCR on every write of PRs or classifications
  idx:{repo}:{field}        zset   number scored by created/updated/merged/closed epoch
  authors:{repo}            zset   author scored by their earliest created time (ZADD LT)
  cls:{repo}:{classifier}   hash   "{number}:{content_hash}" -> classification JSON
  digest:{repo}             hash   window key -> digest JSON
  thread:{key}              string context JSON, with the thread's expiry as Redis TTL
  cursor                    hash   repo -> cursor JSON
  claim:{key}               string owner, SET NX PX (atomic across replicas)
  receipt                   hash   key -> receipt JSON
  hit:{key}                 string fixed-window counter with EXPIRE
  sub                       hash   subscription id -> subscription JSON
"""

from __future__ import annotations

import functools
import json
from collections.abc import Awaitable, Callable, Iterable, Sequence
from datetime import UTC, datetime
from typing import Any, ParamSpec, TypeVar

import redis.asyncio as aioredis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

from handlers.codec import decode, encode
from handlers.models import (
    Classification,
    IngestCursor,
    PullRequest,
    Subscription,
    ThreadContext,
    ThreadKey,
    UpsertResult,
    format_time,
    parse_time,
)
from handlers.ports import StoreError, StoreUnavailable

from .common import ParseMemo, RecordMemo, merge_files, new_revision, window_fields

P = ParamSpec("P")
T = TypeVar("T")

# Re-claim by the same owner refreshes the TTL; anyone else only wins a free key.
_CLAIM = """
local cur = redis.call('GET', KEYS[1])
if cur == false or cur == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""
_HIT = """
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n
"""


def _guard(method: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    """Turn connection failures into StoreUnavailable with the URL, never a redis traceback."""

    @functools.wraps(method)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return await method(*args, **kwargs)
        except (RedisConnectionError, RedisTimeoutError, OSError) as exc:
            store = args[0]
            raise StoreUnavailable(f"Redis at {store.safe_url} is unreachable: {exc}") from None  # type: ignore[attr-defined]
        except RedisError as exc:
            store = args[0]
            raise StoreError(f"Redis at {store.safe_url} refused the operation: {exc}") from None  # type: ignore[attr-defined]

    return wrapper


def _score(moment: datetime | None) -> float | None:
    return None if moment is None else moment.timestamp()


class RedisStore:
    """Store backed by a Redis server."""

    def __init__(self, url: str, prefix: str = "prbot:") -> None:
        self.url = url
        self._pr = ParseMemo(lambda raw: decode(PullRequest, json.loads(raw)))
        self._records = RecordMemo()
        self._cls = ParseMemo(lambda raw: decode(Classification, json.loads(raw)))
        self.safe_url = _redact(url)
        self.prefix = prefix
        try:
            self._r = aioredis.Redis.from_url(
                url,
                decode_responses=True,
                socket_connect_timeout=3,
                socket_timeout=10,
                health_check_interval=15,
            )
        except ValueError as exc:
            raise StoreError(f"bad Redis URL {self.safe_url}: {exc}") from None
        self._claim = self._r.register_script(_CLAIM)
        self._release = self._r.register_script(_RELEASE)
        self._hit = self._r.register_script(_HIT)

    def _k(self, *parts: str) -> str:
        return self.prefix + ":".join(parts)

    @_guard
    async def ping(self) -> None:
        await self._r.ping()

    async def close(self) -> None:
        await self._r.aclose()

    # -- pull requests -------------------------------------------------------------------
    @_guard
    async def upsert_prs(self, prs: Iterable[PullRequest]) -> UpsertResult:
        batch = list({(pr.repo, pr.number): pr for pr in prs}.values())
        if not batch:
            return UpsertResult()
        by_repo: dict[str, list[PullRequest]] = {}
        for pr in batch:
            by_repo.setdefault(pr.repo, []).append(pr)
        inserted = updated = unchanged = 0
        pipe = self._r.pipeline(transaction=True)
        for repo, items in by_repo.items():
            before = inserted + updated
            raw = await self._r.hmget(self._k("pr", repo), [str(pr.number) for pr in items])
            for pr, old_raw in zip(items, raw, strict=True):
                old = self._pr(old_raw) if old_raw else None
                new = merge_files(old, pr)
                if old == new:
                    unchanged += 1
                    continue
                if old is None:
                    inserted += 1
                else:
                    updated += 1
                member = str(new.number)
                pipe.hset(self._k("pr", repo), member, json.dumps(encode(new), ensure_ascii=False))
                pipe.hset(self._k("rev", repo), member, new_revision())
                for field, moment in (
                    ("created", new.created_at),
                    ("updated", new.updated_at),
                    ("merged", new.merged_at),
                    ("closed", new.closed_at),
                ):
                    score = _score(moment)
                    if score is None:
                        pipe.zrem(self._k("idx", repo, field), member)
                    else:
                        pipe.zadd(self._k("idx", repo, field), {member: score})
                pipe.zadd(self._k("authors", repo), {new.author: new.created_at.timestamp()}, lt=True)
            if inserted + updated > before:
                pipe.incr(self._k("ver", repo))
        await pipe.execute()
        return UpsertResult(inserted, updated, unchanged)

    @_guard
    async def get_pr(self, repo: str, number: int) -> PullRequest | None:
        raw = await self._r.hget(self._k("pr", repo), str(number))
        return self._pr(raw) if raw else None

    @_guard
    async def get_prs(self, repo: str, numbers: Iterable[int]) -> dict[int, PullRequest]:
        wanted = sorted(set(numbers))
        if not wanted:
            return {}
        return await self._load(repo, wanted)

    async def _load(self, repo: str, numbers: list[int]) -> dict[int, PullRequest]:
        """Records by number: reused when this process has seen the stored revision."""
        revs = await self._r.hmget(self._k("rev", repo), [str(n) for n in numbers])
        found: dict[int, PullRequest] = {}
        missing: list[int] = []
        for number, rev in zip(numbers, revs, strict=True):
            hit = self._records.get(repo, number, None if rev is None else int(rev))
            if hit is None:
                missing.append(number)
            else:
                found[number] = hit
        if missing:
            members = [str(n) for n in missing]
            pipe = self._r.pipeline(transaction=True)  # record and revision read together
            pipe.hmget(self._k("pr", repo), members)
            pipe.hmget(self._k("rev", repo), members)
            raws, fresh = await pipe.execute()
            for number, raw, rev in zip(missing, raws, fresh, strict=True):
                if raw:
                    pr = self._pr(raw)
                    self._records.put(pr, None if rev is None else int(rev))
                    found[number] = pr
        return found

    @_guard
    async def prs_in_window(
        self,
        repo: str,
        since: datetime,
        until: datetime,
        by: Sequence[str] = ("created", "merged"),
    ) -> list[PullRequest]:
        pipe = self._r.pipeline(transaction=False)
        for field in window_fields(by):
            pipe.zrangebyscore(self._k("idx", repo, field), since.timestamp(), f"({until.timestamp()}")
        numbers = {int(m) for members in await pipe.execute() for m in members}
        found = await self.get_prs(repo, numbers)
        return [found[n] for n in sorted(found)]

    @_guard
    async def all_prs(self, repo: str) -> list[PullRequest]:
        # Numbers first, then get_prs: records this process has decoded at the stored revision
        # are reused, so the query index rebuilt after a refresh decodes only what changed.
        numbers = [int(n) for n in await self._r.hkeys(self._k("rev", repo))]
        found = await self.get_prs(repo, numbers)
        return [found[n] for n in sorted(found)]

    @_guard
    async def count_prs(self, repo: str) -> int:
        return int(await self._r.hlen(self._k("pr", repo)))

    @_guard
    async def first_seen(self, repo: str, authors: Iterable[str]) -> dict[str, datetime]:
        names = sorted(set(authors))
        if not names:
            return {}
        scores = await self._r.zmscore(self._k("authors", repo), names)
        return {
            name: datetime.fromtimestamp(score, UTC)
            for name, score in zip(names, scores, strict=True)
            if score is not None
        }

    @_guard
    async def data_version(self, repo: str) -> str:
        return str(await self._r.get(self._k("ver", repo)) or "0")

    # -- classifications ---------------------------------------------------------------------
    @_guard
    async def get_classifications(
        self, repo: str, keys: Iterable[tuple[int, str]], classifier: str
    ) -> dict[int, Classification]:
        pairs = list(keys)
        if not pairs:
            return {}
        raw = await self._r.hmget(self._k("cls", repo, classifier), [f"{n}:{h}" for n, h in pairs])
        return {n: self._cls(r) for (n, _), r in zip(pairs, raw, strict=True) if r}

    @_guard
    async def put_classifications(self, items: Iterable[Classification]) -> None:
        pipe = self._r.pipeline(transaction=True)
        count = 0
        repos: set[str] = set()
        for c in items:
            repos.add(c.repo)
            pipe.hset(
                self._k("cls", c.repo, c.classifier),
                f"{c.number}:{c.content_hash}",
                json.dumps(encode(c), ensure_ascii=False),
            )
            count += 1
        for repo in repos:
            pipe.incr(self._k("ver", repo))
        if count:
            await pipe.execute()

    # -- digests -------------------------------------------------------------------------------
    @_guard
    async def put_digest(self, repo: str, window_key: str, data: dict[str, Any]) -> None:
        await self._r.hset(self._k("digest", repo), window_key, json.dumps(data, ensure_ascii=False))

    @_guard
    async def get_digest(self, repo: str, window_key: str) -> dict[str, Any] | None:
        raw = await self._r.hget(self._k("digest", repo), window_key)
        return json.loads(raw) if raw else None

    # -- threads ---------------------------------------------------------------------------------
    @_guard
    async def put_thread(self, context: ThreadContext, ttl_seconds: int) -> None:
        await self._r.set(
            self._k("thread", context.key.as_str()),
            json.dumps(encode(context), ensure_ascii=False),
            ex=max(1, int(ttl_seconds)),
        )

    @_guard
    async def get_thread(self, key: ThreadKey) -> ThreadContext | None:
        raw = await self._r.get(self._k("thread", key.as_str()))
        return decode(ThreadContext, json.loads(raw)) if raw else None

    # -- ingest cursors --------------------------------------------------------------------------
    @_guard
    async def get_cursor(self, repo: str) -> IngestCursor | None:
        raw = await self._r.hget(self._k("cursor"), repo)
        if not raw:
            return None
        data = json.loads(raw)
        updated = parse_time(data["updated_at"])
        assert updated is not None
        return IngestCursor(repo=repo, updated_at=updated, etag=data.get("etag"))

    @_guard
    async def set_cursor(self, cursor: IngestCursor) -> None:
        data = {"updated_at": format_time(cursor.updated_at), "etag": cursor.etag}
        await self._r.hset(self._k("cursor"), cursor.repo, json.dumps(data))

    # -- claims, receipts, counters --------------------------------------------------------------
    @_guard
    async def claim(self, key: str, owner: str, ttl_seconds: float) -> bool:
        won = await self._claim(keys=[self._k("claim", key)], args=[owner, max(1, int(ttl_seconds * 1000))])
        return bool(won)

    @_guard
    async def release(self, key: str, owner: str) -> None:
        await self._release(keys=[self._k("claim", key)], args=[owner])

    @_guard
    async def put_receipt(self, key: str, data: dict[str, Any]) -> None:
        await self._r.hset(self._k("receipt"), key, json.dumps(data, ensure_ascii=False))

    @_guard
    async def get_receipt(self, key: str) -> dict[str, Any] | None:
        raw = await self._r.hget(self._k("receipt"), key)
        return json.loads(raw) if raw else None

    @_guard
    async def hit(self, key: str, window_seconds: int) -> int:
        return int(await self._hit(keys=[self._k("hit", key)], args=[max(1, int(window_seconds))]))

    # -- subscriptions -----------------------------------------------------------------------------
    @_guard
    async def put_subscription(self, sub: Subscription) -> None:
        await self._r.hset(self._k("sub"), sub.id, json.dumps(encode(sub), ensure_ascii=False))

    @_guard
    async def get_subscription(self, sub_id: str) -> Subscription | None:
        raw = await self._r.hget(self._k("sub"), sub_id)
        return decode(Subscription, json.loads(raw)) if raw else None

    @_guard
    async def list_subscriptions(self, repo: str | None = None) -> list[Subscription]:
        # A few hundred at most (limits per channel and user): one hash read is enough.
        subs = [decode(Subscription, json.loads(raw)) for raw in (await self._r.hvals(self._k("sub")))]
        if repo is not None:
            subs = [s for s in subs if s.repo == repo]
        return sorted(subs, key=lambda s: (s.created_at, s.id))

    @_guard
    async def remove_subscription(self, sub_id: str) -> bool:
        return bool(await self._r.hdel(self._k("sub"), sub_id))


def _redact(url: str) -> str:
    """redis://user:secret@host -> redis://user:***@host"""
    if "@" not in url or "://" not in url:
        return url
    scheme, rest = url.split("://", 1)
    creds, host = rest.rsplit("@", 1)
    user = creds.split(":", 1)[0]
    return f"{scheme}://{user}:***@{host}"
