"""Rules both store backends share, so they cannot drift apart."""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import replace

from handlers.models import PullRequest
from handlers.ports import StoreError

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


class DecodeCache:
    """Stored PR JSON -> PullRequest, memoised by the exact stored text.

    Decoding dominates a window read (about 30 us a record); the same text always decodes to
    the same record, so reusing it is safe even when other processes write the store.
    """

    def __init__(self, size: int = 50_000) -> None:
        self._size = size
        self._items: OrderedDict[str, PullRequest] = OrderedDict()

    def pr(self, raw: str) -> PullRequest:
        found = self._items.get(raw)
        if found is None:
            found = PullRequest.from_dict(json.loads(raw))
            self._items[raw] = found
            if len(self._items) > self._size:
                self._items.popitem(last=False)
        return found
