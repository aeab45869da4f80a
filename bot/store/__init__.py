"""Store backends behind one interface (`handlers.ports.Store`): SQLite (default) and Redis."""

from __future__ import annotations

from pathlib import Path

from handlers.ports import Store, StoreError


def open_store(url: str, *, redis_prefix: str = "prbot:") -> Store:
    """Build the store a URL names: `sqlite:///path/file.db`, `sqlite:///:memory:` or
    `redis://host:port/db` (also `rediss://`, `unix://`). Raises StoreError naming the URL."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        raise StoreError(f"store URL {url!r} has no scheme: use sqlite:///PATH or redis://HOST:PORT/DB")
    scheme = scheme.lower()
    if scheme == "sqlite":
        # sqlite:///relative.db and sqlite:////abs/path.db, as SQLAlchemy spells them.
        path = rest[1:] if rest.startswith("/") else rest
        if not path:
            raise StoreError(f"store URL {url!r} names no file: use sqlite:///PATH")
        if path != ":memory:":
            path = str(Path(path).expanduser())
        from .sqlite import SQLiteStore

        return SQLiteStore(url, path)
    if scheme in ("redis", "rediss", "unix"):
        from .redis import RedisStore, _redact

        db = _redis_db(scheme, rest)
        if db is not None and not (db.isdigit() and int(db) < 2**31):
            raise StoreError(
                f"store URL {_redact(url)}: Redis database {db[:20]!r} is not a number "
                "(use redis://HOST:PORT/0 .. /15)"
            )

        return RedisStore(url, prefix=redis_prefix)
    raise StoreError(
        f"unknown store URL scheme {scheme!r} in {url!r}: use sqlite:///PATH or redis://HOST:PORT/DB"
    )


def _redis_db(scheme: str, rest: str) -> str | None:
    """The database a Redis URL names (the path, or ?db= for unix sockets), None when absent."""
    from urllib.parse import parse_qs, urlsplit

    parts = urlsplit(f"{scheme}://{rest}")
    query = parse_qs(parts.query).get("db")
    if query:
        return query[0]
    if scheme == "unix":
        return None
    path = parts.path.strip("/")
    return path or None
