"""Embedded SQLite store (the default): stdlib sqlite3 in WAL mode.

No SQLite call runs on the event loop: reads run on one thread with its own connection, writes
on another with theirs (WAL lets reads proceed while any process holds the write lock), so a
platform acknowledgement never waits behind a query, a large upsert or another process's lock.
Writes go through `BEGIN IMMEDIATE`, so several processes sharing a file (two `run` instances, a
CLI beside the bot) stay consistent and `claim` is atomic across them; a write that cannot get
the lock within WRITE_WAIT_SECONDS raises StoreUnavailable ("busy, try again").
`sqlite:///:memory:` has one database per connection, so there both run on one thread.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

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

from .common import TIME_FIELDS, ParseMemo, RecordMemo, merge_files, new_revision, window_fields

SCHEMA = """
CREATE TABLE IF NOT EXISTS prs (
    repo TEXT NOT NULL, number INTEGER NOT NULL, data TEXT NOT NULL, author TEXT NOT NULL,
    created REAL NOT NULL, updated REAL NOT NULL, merged REAL, closed REAL,
    rev INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (repo, number)
);
DROP INDEX IF EXISTS prs_created;
DROP INDEX IF EXISTS prs_updated;
DROP INDEX IF EXISTS prs_merged;
DROP INDEX IF EXISTS prs_closed;
CREATE INDEX IF NOT EXISTS prs_created_n ON prs (repo, created, number);
CREATE INDEX IF NOT EXISTS prs_updated_n ON prs (repo, updated, number);
CREATE INDEX IF NOT EXISTS prs_merged_n ON prs (repo, merged, number);
CREATE INDEX IF NOT EXISTS prs_closed_n ON prs (repo, closed, number);
CREATE INDEX IF NOT EXISTS prs_author ON prs (repo, author, created);
CREATE TABLE IF NOT EXISTS classifications (
    repo TEXT NOT NULL, number INTEGER NOT NULL, classifier TEXT NOT NULL,
    content_hash TEXT NOT NULL, data TEXT NOT NULL,
    PRIMARY KEY (repo, classifier, number, content_hash)
);
CREATE TABLE IF NOT EXISTS digests (
    repo TEXT NOT NULL, window_key TEXT NOT NULL, data TEXT NOT NULL,
    PRIMARY KEY (repo, window_key)
);
CREATE TABLE IF NOT EXISTS threads (key TEXT PRIMARY KEY, data TEXT NOT NULL, expires REAL NOT NULL);
CREATE TABLE IF NOT EXISTS cursors (repo TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS claims (key TEXT PRIMARY KEY, owner TEXT NOT NULL, expires REAL NOT NULL);
CREATE TABLE IF NOT EXISTS receipts (key TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS versions (repo TEXT PRIMARY KEY, v INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, count INTEGER NOT NULL, expires REAL NOT NULL);
CREATE TABLE IF NOT EXISTS subscriptions (
    id TEXT PRIMARY KEY, repo TEXT NOT NULL, created REAL NOT NULL, data TEXT NOT NULL
);
"""


WRITE_WAIT_SECONDS = 5.0  # then the write fails as "busy": the asker is told to try again
T = TypeVar("T")


def _epoch(moment: datetime | None) -> float | None:
    return None if moment is None else moment.timestamp()


def _bump(db: sqlite3.Connection, repo: str) -> None:
    db.execute("INSERT INTO versions VALUES (?, 1) ON CONFLICT (repo) DO UPDATE SET v = v + 1", (repo,))


class SQLiteStore:
    """Store backed by one SQLite file (or `:memory:`)."""

    def __init__(self, url: str, path: str) -> None:
        self.url = url
        self._pr = ParseMemo(lambda raw: decode(PullRequest, json.loads(raw)))
        self._records = RecordMemo()
        self._cls = ParseMemo(lambda raw: decode(Classification, json.loads(raw)))
        self.path = path
        if path != ":memory:":
            try:
                Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(f"cannot create the directory for {path}: {exc.strerror}") from None
        self._readers = ThreadPoolExecutor(1, thread_name_prefix="sqlite-read")
        shared = path == ":memory:"
        self._writers = self._readers if shared else ThreadPoolExecutor(1, thread_name_prefix="sqlite-write")
        self._closed = threading.Event()
        try:
            self._wdb = self._writers.submit(self._connect, True).result()
            self._db = self._wdb if shared else self._readers.submit(self._connect, False).result()
        except sqlite3.DatabaseError as exc:
            self._shutdown()
            raise StoreError(f"cannot open SQLite store {path}: {exc}") from None

    def _connect(self, writer: bool) -> sqlite3.Connection:
        db = sqlite3.connect(
            self.path, isolation_level=None, timeout=WRITE_WAIT_SECONDS, check_same_thread=False
        )
        db.execute(f"PRAGMA busy_timeout = {int(WRITE_WAIT_SECONDS * 1000)}")
        if writer:
            if self.path != ":memory:":
                db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            self._migrate(db)
            db.executescript(SCHEMA)
        return db

    def _shutdown(self) -> None:
        self._readers.shutdown(wait=False)
        self._writers.shutdown(wait=False)

    async def _read(self, fn: Callable[..., T], *args: Any) -> T:
        return await self._call(self._readers, fn, *args)

    async def _write_call(self, fn: Callable[..., T], *args: Any) -> T:
        return await self._call(self._writers, fn, *args)

    async def _call(self, pool: ThreadPoolExecutor, fn: Callable[..., T], *args: Any) -> T:
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)
        except RuntimeError as exc:  # the executor was shut down: the store is closed
            raise StoreUnavailable(f"SQLite store {self.path} is closed") from exc
        except sqlite3.OperationalError as exc:
            raise StoreUnavailable(f"SQLite store {self.path} is busy, try again: {exc}") from None

    @staticmethod
    def _migrate(db: sqlite3.Connection) -> None:
        """Bring a store made by an older version up to this schema (columns only; indexes in SCHEMA)."""
        columns = {row[1] for row in db.execute("PRAGMA table_info(prs)")}
        if columns and "rev" not in columns:
            db.execute("ALTER TABLE prs ADD COLUMN rev INTEGER NOT NULL DEFAULT 0")

    def _load(self, repo: str, pairs: list[tuple[int, int]]) -> dict[int, PullRequest]:
        """Records by (number, revision): reused when this process has seen that revision."""
        found: dict[int, PullRequest] = {}
        missing: list[int] = []
        for number, rev in pairs:
            hit = self._records.get(repo, number, rev)
            if hit is None:
                missing.append(number)
            else:
                found[number] = hit
        for start in range(0, len(missing), 500):
            chunk = missing[start : start + 500]
            marks = ",".join("?" * len(chunk))
            rows = self._db.execute(
                f"SELECT data, rev FROM prs WHERE repo = ? AND number IN ({marks})", (repo, *chunk)
            )
            for data, rev in rows:
                pr = self._pr(data)
                self._records.put(pr, rev)
                found[pr.number] = pr
        return found

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        try:
            self._wdb.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise StoreUnavailable(f"SQLite store {self.path} is busy, try again: {exc}") from None
        try:
            yield self._wdb
        except BaseException:
            self._wdb.execute("ROLLBACK")
            raise
        else:
            self._wdb.execute("COMMIT")

    async def ping(self) -> None:
        try:
            await self._read(lambda: self._db.execute("SELECT 1").fetchone())
        except sqlite3.Error as exc:
            raise StoreUnavailable(f"SQLite store {self.path}: {exc}") from None

    async def close(self) -> None:
        if self._closed.is_set():
            return
        self._closed.set()
        if self._db is not self._wdb:
            await self._read(self._db.close)
        await self._write_call(self._wdb.close)
        self._shutdown()

    # -- pull requests -------------------------------------------------------------------
    async def upsert_prs(self, prs: Iterable[PullRequest]) -> UpsertResult:
        return await self._write_call(self._upsert_prs, prs)

    def _upsert_prs(self, prs: Iterable[PullRequest]) -> UpsertResult:
        batch = list(prs)
        if not batch:
            return UpsertResult()
        inserted = updated = unchanged = 0
        with self._write() as db:
            for pr in batch:
                row = db.execute(
                    "SELECT data FROM prs WHERE repo = ? AND number = ?", (pr.repo, pr.number)
                ).fetchone()
                old = self._pr(row[0]) if row else None
                new = merge_files(old, pr)
                if old == new:
                    unchanged += 1
                    continue
                if old is None:
                    inserted += 1
                else:
                    updated += 1
                db.execute(
                    "INSERT OR REPLACE INTO prs (repo, number, data, author, created, updated, merged, closed, rev)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        new.repo,
                        new.number,
                        json.dumps(encode(new), ensure_ascii=False),
                        new.author,
                        _epoch(new.created_at),
                        _epoch(new.updated_at),
                        _epoch(new.merged_at),
                        _epoch(new.closed_at),
                        new_revision(),
                    ),
                )
                _bump(db, new.repo)
        return UpsertResult(inserted, updated, unchanged)

    async def get_pr(self, repo: str, number: int) -> PullRequest | None:
        return (await self.get_prs(repo, [number])).get(number)

    async def get_prs(self, repo: str, numbers: Iterable[int]) -> dict[int, PullRequest]:
        return await self._read(self._get_prs, repo, numbers)

    def _get_prs(self, repo: str, numbers: Iterable[int]) -> dict[int, PullRequest]:
        wanted = sorted(set(numbers))
        pairs: list[tuple[int, int]] = []
        for start in range(0, len(wanted), 500):
            chunk = wanted[start : start + 500]
            marks = ",".join("?" * len(chunk))
            pairs += self._db.execute(
                f"SELECT number, rev FROM prs WHERE repo = ? AND number IN ({marks})", (repo, *chunk)
            ).fetchall()
        return self._load(repo, pairs)

    async def prs_in_window(
        self, repo: str, since: datetime, until: datetime, by: Sequence[str] = ("created", "merged")
    ) -> list[PullRequest]:
        return await self._read(self._prs_in_window, repo, since, until, by)

    def _prs_in_window(
        self, repo: str, since: datetime, until: datetime, by: Sequence[str] = ("created", "merged")
    ) -> list[PullRequest]:
        columns = window_fields(by)
        # One covering-index range read per time column yields PR numbers; the union of numbers
        # (not of whole rows, which would compare the JSON) then fetches each row once.
        parts = " UNION ".join(
            f"SELECT number FROM prs WHERE repo = ? AND {col} >= ? AND {col} < ?" for col in columns
        )
        params: list[Any] = [repo]
        for _ in columns:
            params += [repo, since.timestamp(), until.timestamp()]
        pairs = self._db.execute(
            f"SELECT number, rev FROM prs WHERE repo = ? AND number IN ({parts}) ORDER BY number", params
        ).fetchall()
        found = self._load(repo, pairs)
        return [found[number] for number, _ in pairs if number in found]

    async def all_prs(self, repo: str) -> list[PullRequest]:
        return await self._read(self._all_prs, repo)

    def _all_prs(self, repo: str) -> list[PullRequest]:
        # (number, revision) pairs first: records this process has decoded are reused, so the
        # query index rebuilt after a refresh decodes only what changed.
        pairs = self._db.execute(
            "SELECT number, rev FROM prs WHERE repo = ? ORDER BY number", (repo,)
        ).fetchall()
        found = self._load(repo, pairs)
        return [found[number] for number, _ in pairs if number in found]

    async def count_prs(self, repo: str) -> int:
        return await self._read(self._count_prs, repo)

    def _count_prs(self, repo: str) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM prs WHERE repo = ?", (repo,)).fetchone()[0])

    async def first_seen(self, repo: str, authors: Iterable[str]) -> dict[str, datetime]:
        return await self._read(self._first_seen, repo, authors)

    def _first_seen(self, repo: str, authors: Iterable[str]) -> dict[str, datetime]:
        result: dict[str, datetime] = {}
        for author in set(authors):
            row = self._db.execute(
                "SELECT MIN(created) FROM prs WHERE repo = ? AND author = ?", (repo, author)
            ).fetchone()
            if row and row[0] is not None:
                result[author] = datetime.fromtimestamp(row[0], UTC)
        return result

    async def data_version(self, repo: str) -> str:
        return await self._read(self._data_version, repo)

    def _data_version(self, repo: str) -> str:
        row = self._db.execute("SELECT v FROM versions WHERE repo = ?", (repo,)).fetchone()
        return str(row[0]) if row else "0"

    # -- classifications ---------------------------------------------------------------------
    async def get_classifications(
        self, repo: str, keys: Iterable[tuple[int, str]], classifier: str
    ) -> dict[int, Classification]:
        return await self._read(self._get_classifications, repo, keys, classifier)

    def _get_classifications(
        self, repo: str, keys: Iterable[tuple[int, str]], classifier: str
    ) -> dict[int, Classification]:
        wanted = dict(keys)
        found: dict[int, Classification] = {}
        numbers = sorted(wanted)
        for start in range(0, len(numbers), 500):
            chunk = numbers[start : start + 500]
            marks = ",".join("?" * len(chunk))
            rows = self._db.execute(
                "SELECT number, content_hash, data FROM classifications"
                f" WHERE repo = ? AND classifier = ? AND number IN ({marks})",
                (repo, classifier, *chunk),
            )
            for number, content_hash, data in rows:
                if wanted.get(number) == content_hash:
                    found[number] = self._cls(data)
        return found

    async def put_classifications(self, items: Iterable[Classification]) -> None:
        return await self._write_call(self._put_classifications, items)

    def _put_classifications(self, items: Iterable[Classification]) -> None:
        rows = [
            (c.repo, c.number, c.classifier, c.content_hash, json.dumps(encode(c), ensure_ascii=False))
            for c in items
        ]
        if not rows:
            return
        with self._write() as db:
            db.executemany("INSERT OR REPLACE INTO classifications VALUES (?, ?, ?, ?, ?)", rows)
            for repo in {row[0] for row in rows}:
                _bump(db, repo)

    # -- digests -------------------------------------------------------------------------------
    async def put_digest(self, repo: str, window_key: str, data: dict[str, Any]) -> None:
        return await self._write_call(self._put_digest, repo, window_key, data)

    def _put_digest(self, repo: str, window_key: str, data: dict[str, Any]) -> None:
        with self._write() as db:
            db.execute(
                "INSERT OR REPLACE INTO digests VALUES (?, ?, ?)",
                (repo, window_key, json.dumps(data, ensure_ascii=False)),
            )

    async def get_digest(self, repo: str, window_key: str) -> dict[str, Any] | None:
        return await self._read(self._get_digest, repo, window_key)

    def _get_digest(self, repo: str, window_key: str) -> dict[str, Any] | None:
        row = self._db.execute(
            "SELECT data FROM digests WHERE repo = ? AND window_key = ?", (repo, window_key)
        ).fetchone()
        return json.loads(row[0]) if row else None

    # -- threads ---------------------------------------------------------------------------------
    async def put_thread(self, context: ThreadContext, ttl_seconds: int) -> None:
        return await self._write_call(self._put_thread, context, ttl_seconds)

    def _put_thread(self, context: ThreadContext, ttl_seconds: int) -> None:
        with self._write() as db:
            db.execute("DELETE FROM threads WHERE expires < ?", (time.time(),))
            db.execute(
                "INSERT OR REPLACE INTO threads VALUES (?, ?, ?)",
                (
                    context.key.as_str(),
                    json.dumps(encode(context), ensure_ascii=False),
                    time.time() + ttl_seconds,
                ),
            )

    async def get_thread(self, key: ThreadKey) -> ThreadContext | None:
        return await self._read(self._get_thread, key)

    def _get_thread(self, key: ThreadKey) -> ThreadContext | None:
        row = self._db.execute(
            "SELECT data FROM threads WHERE key = ? AND expires > ?", (key.as_str(), time.time())
        ).fetchone()
        return decode(ThreadContext, json.loads(row[0])) if row else None

    # -- ingest cursors --------------------------------------------------------------------------
    async def get_cursor(self, repo: str) -> IngestCursor | None:
        return await self._read(self._get_cursor, repo)

    def _get_cursor(self, repo: str) -> IngestCursor | None:
        row = self._db.execute("SELECT data FROM cursors WHERE repo = ?", (repo,)).fetchone()
        if not row:
            return None
        data = json.loads(row[0])
        updated = parse_time(data["updated_at"])
        assert updated is not None
        return IngestCursor(repo=repo, updated_at=updated, etag=data.get("etag"))

    async def set_cursor(self, cursor: IngestCursor) -> None:
        return await self._write_call(self._set_cursor, cursor)

    def _set_cursor(self, cursor: IngestCursor) -> None:
        data = {"updated_at": format_time(cursor.updated_at), "etag": cursor.etag}
        with self._write() as db:
            db.execute("INSERT OR REPLACE INTO cursors VALUES (?, ?)", (cursor.repo, json.dumps(data)))

    # -- claims, receipts, counters --------------------------------------------------------------
    async def claim(self, key: str, owner: str, ttl_seconds: float) -> bool:
        return await self._write_call(self._claim, key, owner, ttl_seconds)

    def _claim(self, key: str, owner: str, ttl_seconds: float) -> bool:
        now = time.time()
        with self._write() as db:
            row = db.execute("SELECT owner, expires FROM claims WHERE key = ?", (key,)).fetchone()
            if row and row[1] > now and row[0] != owner:
                return False
            db.execute("INSERT OR REPLACE INTO claims VALUES (?, ?, ?)", (key, owner, now + ttl_seconds))
            return True

    async def release(self, key: str, owner: str) -> None:
        return await self._write_call(self._release, key, owner)

    def _release(self, key: str, owner: str) -> None:
        with self._write() as db:
            db.execute("DELETE FROM claims WHERE key = ? AND owner = ?", (key, owner))

    async def put_receipt(self, key: str, data: dict[str, Any]) -> None:
        return await self._write_call(self._put_receipt, key, data)

    def _put_receipt(self, key: str, data: dict[str, Any]) -> None:
        with self._write() as db:
            db.execute(
                "INSERT OR REPLACE INTO receipts VALUES (?, ?)", (key, json.dumps(data, ensure_ascii=False))
            )

    async def get_receipt(self, key: str) -> dict[str, Any] | None:
        return await self._read(self._get_receipt, key)

    def _get_receipt(self, key: str) -> dict[str, Any] | None:
        row = self._db.execute("SELECT data FROM receipts WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else None

    async def hit(self, key: str, window_seconds: int) -> int:
        return await self._write_call(self._hit, key, window_seconds)

    def _hit(self, key: str, window_seconds: int) -> int:
        now = time.time()
        with self._write() as db:
            row = db.execute("SELECT count, expires FROM counters WHERE key = ?", (key,)).fetchone()
            if row is None or row[1] <= now:
                db.execute("INSERT OR REPLACE INTO counters VALUES (?, 1, ?)", (key, now + window_seconds))
                return 1
            db.execute("UPDATE counters SET count = count + 1 WHERE key = ?", (key,))
            return int(row[0]) + 1

    # -- subscriptions -----------------------------------------------------------------------------
    async def put_subscription(self, sub: Subscription) -> None:
        with self._write() as db:
            db.execute(
                "INSERT OR REPLACE INTO subscriptions VALUES (?, ?, ?, ?)",
                (sub.id, sub.repo, sub.created_at.timestamp(), json.dumps(encode(sub), ensure_ascii=False)),
            )

    async def get_subscription(self, sub_id: str) -> Subscription | None:
        row = self._db.execute("SELECT data FROM subscriptions WHERE id = ?", (sub_id,)).fetchone()
        return decode(Subscription, json.loads(row[0])) if row else None

    async def list_subscriptions(self, repo: str | None = None) -> list[Subscription]:
        if repo is None:
            rows = self._db.execute("SELECT data FROM subscriptions ORDER BY created, id")
        else:
            rows = self._db.execute(
                "SELECT data FROM subscriptions WHERE repo = ? ORDER BY created, id", (repo,)
            )
        return [decode(Subscription, json.loads(data)) for (data,) in rows]

    async def remove_subscription(self, sub_id: str) -> bool:
        with self._write() as db:
            return db.execute("DELETE FROM subscriptions WHERE id = ?", (sub_id,)).rowcount > 0


__all__ = ["SQLiteStore", "TIME_FIELDS"]
