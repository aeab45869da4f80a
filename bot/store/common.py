"""Rules both store backends share, so they cannot drift apart."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Generic, TypeVar

from handlers.models import PullRequest
from handlers.ports import StoreError

T = TypeVar("T")

TIME_FIELDS = ("created", "updated", "merged", "closed")


def window_fields(by: Sequence[str]) -> tuple[str, ...]:
    """Validate the time fields of a window read."""
    fields = tuple(dict.fromkeys(by))
    unknown = [f for f in fields if f not in TIME_FIELDS]
    if unknown or not fields:
        raise StoreError(f"window fields must be among {', '.join(TIME_FIELDS)}; got {list(by)}")
    return fields


def merge_files(old: PullRequest | None, new: PullRequest) -> PullRequest:
    """Keep the stored changed-file list when the PR has not changed since it was fetched."""
    if old is not None and new.files is None and old.files is not None and old.updated_at == new.updated_at:
        return replace(new, files=old.files)
    return new


class ParseMemo(Generic[T]):
    """Parsed records by their exact stored JSON text.

    Decoding dominates a window read (about 30 us a record); the same text always parses to the
    same frozen record, so reusing it is safe even while other processes write the store. Keyed
    by the text itself (not a hash of it), so a hit can never be another record.
    """

    def __init__(self, parse: Callable[[str], T], limit: int = 50_000) -> None:
        self._parse = parse
        self._limit = limit
        self._items: dict[str, T] = {}

    def __call__(self, raw: str) -> T:
        value = self._items.get(raw)
        if value is None:
            value = self._parse(raw)
            if len(self._items) >= self._limit:
                self._items.clear()
            self._items[raw] = value
        return value


def new_revision() -> int:
    """A fresh token for every write of a PR record (random: no coordination across replicas)."""
    return secrets.randbits(62)


class RecordMemo:
    """PR records this process has decoded, with the revision token they were read at.

    A window read first fetches only (number, revision) pairs; records whose revision matches
    are reused, and only changed or unseen ones are fetched and decoded. That keeps a warm
    month-long read from moving ~600 KB of JSON out of the store on every slash command.
    """

    def __init__(self, limit: int = 50_000) -> None:
        self._limit = limit
        self._items: dict[tuple[str, int], tuple[int, PullRequest]] = {}

    def get(self, repo: str, number: int, revision: int | None) -> PullRequest | None:
        if revision is None:
            return None
        hit = self._items.get((repo, number))
        return hit[1] if hit is not None and hit[0] == revision else None

    def put(self, pr: PullRequest, revision: int | None) -> None:
        if revision is None:
            return
        if len(self._items) >= self._limit:
            self._items.clear()
        self._items[(pr.repo, pr.number)] = (revision, pr)
