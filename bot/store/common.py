"""Rules both store backends share, so they cannot drift apart."""

from __future__ import annotations

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
    """Parsed records by their stored JSON text, so hot reads (every slash command's window)
    skip json.loads + from_dict for records that have not changed since the last read.

    Keyed by (length, hash) of the raw text rather than the text itself, to keep memory to the
    parsed objects; a false hit needs two different records with equal length and equal 64-bit
    hash. The parsed values are frozen dataclasses, so sharing them between callers is safe.
    """

    def __init__(self, parse: Callable[[str | bytes], T], limit: int = 50_000) -> None:
        self._parse = parse
        self._limit = limit
        self._items: dict[tuple[int, int], T] = {}

    def __call__(self, raw: str | bytes) -> T:
        key = (len(raw), hash(raw))
        value = self._items.get(key)
        if value is None:
            value = self._parse(raw)
            if len(self._items) >= self._limit:
                self._items.clear()
            self._items[key] = value
        return value
