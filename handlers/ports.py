"""The ports the platform-neutral core needs: Store, Classifier, LLM, PullSource, Clock.

Concrete implementations live in `bot/` (SQLite and Redis stores, the heuristic and Anthropic
classifiers, the PyGithub source); `bot/bootstrap.py` picks them and passes them in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from handlers.errors import LLMError, StoreError, StoreUnavailable
from handlers.models import (
    Classification,
    IngestCursor,
    PullRequest,
    Subscription,
    ThreadContext,
    ThreadKey,
    UpsertResult,
)

__all__ = [
    "ClassificationSource",
    "Classifier",
    "Clock",
    "LLM",
    "LLMError",
    "LLMResult",
    "PullSource",
    "Store",
    "StoreError",
    "StoreUnavailable",
]

Clock = Callable[[], datetime]
"""Returns the current aware UTC time; tests pass a fixed one."""


class Store(Protocol):
    """Persistent state: PRs, classifications, digests, threads, cursors, claims, receipts.

    Both backends (SQLite, Redis) pass the same contract suite in tests/bot/store/.
    Window reads are indexed by time; nothing scans every PR for a one-week question.
    """

    url: str

    async def ping(self) -> None:
        """Raise StoreUnavailable unless the backend answers."""

    async def close(self) -> None: ...

    # -- pull requests -------------------------------------------------------------------
    async def upsert_prs(self, prs: Iterable[PullRequest]) -> UpsertResult:
        """Insert or replace PRs by (repo, number), atomically per call.

        A record whose `files` is None keeps the stored files when `updated_at` is unchanged
        (so a plain re-ingest does not forget files fetched earlier); a changed `updated_at`
        drops them, so they are fetched again.
        """

    async def get_pr(self, repo: str, number: int) -> PullRequest | None: ...

    async def get_prs(self, repo: str, numbers: Iterable[int]) -> dict[int, PullRequest]: ...

    async def prs_in_window(
        self,
        repo: str,
        since: datetime,
        until: datetime,
        by: Sequence[str] = ("created", "merged"),
    ) -> list[PullRequest]:
        """PRs with any of the `by` times (created, updated, merged, closed) in [since, until),
        sorted by number."""

    async def all_prs(self, repo: str) -> list[PullRequest]:
        """Every PR of a repo (for stats and bulk jobs, never for a slash command)."""

    async def count_prs(self, repo: str) -> int: ...

    async def first_seen(self, repo: str, authors: Iterable[str]) -> dict[str, datetime]:
        """For each author, the created time of their earliest stored PR in the repo."""

    async def data_version(self, repo: str) -> str:
        """A token that changes whenever the repo's PRs or classifications change (one cheap
        read), so answers computed from them can be cached until it moves."""

    # -- classifications ---------------------------------------------------------------------
    async def get_classifications(
        self, repo: str, keys: Iterable[tuple[int, str]], classifier: str
    ) -> dict[int, Classification]:
        """Cached classifications by (number, content_hash) for one classifier version."""

    async def put_classifications(self, items: Iterable[Classification]) -> None: ...

    # -- digests -------------------------------------------------------------------------------
    async def put_digest(self, repo: str, window_key: str, data: dict[str, Any]) -> None: ...

    async def get_digest(self, repo: str, window_key: str) -> dict[str, Any] | None: ...

    # -- threads ---------------------------------------------------------------------------------
    async def put_thread(self, context: ThreadContext, ttl_seconds: int) -> None: ...

    async def get_thread(self, key: ThreadKey) -> ThreadContext | None:
        """The stored context, or None when it never existed or has expired."""

    # -- ingest cursors --------------------------------------------------------------------------
    async def get_cursor(self, repo: str) -> IngestCursor | None: ...

    async def set_cursor(self, cursor: IngestCursor) -> None: ...

    # -- exactly-once posting and counters -------------------------------------------------------
    async def claim(self, key: str, owner: str, ttl_seconds: float) -> bool:
        """Atomically take `key` for `owner` until the TTL lapses; exactly one caller wins.
        The owner may re-claim its own key (refreshing the TTL)."""

    async def release(self, key: str, owner: str) -> None:
        """Drop a claim, only if `owner` still holds it."""

    async def put_receipt(self, key: str, data: dict[str, Any]) -> None:
        """Record that the work behind `key` is done (kept forever)."""

    async def get_receipt(self, key: str) -> dict[str, Any] | None: ...

    async def hit(self, key: str, window_seconds: int) -> int:
        """Count one event in a fixed window and return the count so far (rate limits)."""

    # -- subscriptions -----------------------------------------------------------------------------
    async def put_subscription(self, sub: Subscription) -> None:
        """Insert or replace a subscription by id."""

    async def get_subscription(self, sub_id: str) -> Subscription | None: ...

    async def list_subscriptions(self, repo: str | None = None) -> list[Subscription]:
        """Every subscription (of one repo when given), oldest first (then by id)."""

    async def remove_subscription(self, sub_id: str) -> bool:
        """Delete one; False when there was none with that id."""


@dataclass(frozen=True, slots=True)
class LLMResult:
    text: str
    data: Any = None  # parsed tool input when a schema was asked for
    input_tokens: int = 0
    output_tokens: int = 0


class LLM(Protocol):
    """A chat model. Implementations retry transient failures and raise LLMError."""

    model: str

    async def complete(
        self,
        system: str,
        user: str,
        *,
        max_tokens: int,
        schema: dict[str, Any] | None = None,
        cache_system: bool = False,
    ) -> LLMResult: ...


class Classifier(Protocol):
    """Turns PRs into Classifications. `version` is part of every cache key."""

    version: str

    async def classify(self, prs: Sequence[PullRequest]) -> list[Classification]: ...


class ClassificationSource(Protocol):
    """Current classifications of PRs, from the cache (heuristic on the spot for misses)."""

    async def for_prs(self, repo: str, prs: Sequence[PullRequest]) -> dict[int, Classification]: ...


class PullSource(Protocol):
    """Where PRs come from (GitHub)."""

    async def pulls_updated_since(self, repo: str, since: datetime) -> Sequence[PullRequest]: ...
