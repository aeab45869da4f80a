"""Ingest: bring a repo's pull requests from GitHub into the store, incrementally.

`ingest(store, source, repo, since, until)` is what the CLI and the scheduler call. Without
`since` it starts from the repo's stored cursor (minus a small overlap), else `default_days`
back. Pages arrive newest-updated first and are written one by one, so a failure keeps what
was stored; the cursor (the newest `updated_at` known to be complete) moves only after a run
reached the start of its window, so nothing older than an aborted page is ever skipped.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot.services.github import GitHubSource, PullsPage
from handlers.models import IngestCursor, PullRequest, UpsertResult, format_time, utcnow
from handlers.ports import Store

OVERLAP = timedelta(minutes=5)  # re-read a little before the cursor: same-second updates, index lag


@dataclass
class IngestReport:
    """What one ingest did; `requests` counts every HTTP attempt (retries included)."""

    repo: str
    since: datetime
    until: datetime | None
    result: UpsertResult = UpsertResult()
    seen: int = 0
    skipped: int = 0
    pages: int = 0
    requests: int = 0
    files_fetched: int = 0
    not_modified: bool = False
    cursor: datetime | None = None
    cursor_moved: bool = False
    waited_seconds: float = 0.0
    seconds: float = 0.0
    numbers: list[int] = field(default_factory=list)

    def line(self) -> str:
        r = self.result
        counts = f"{r.inserted} new, {r.updated} updated" + (
            f", {r.unchanged} unchanged" if r.unchanged else ""
        )
        parts = [
            f"{self.repo}: {self.seen} PRs seen ({counts})",
            f"{self.requests} request{'s' if self.requests != 1 else ''}"
            + (" (not modified since the last run)" if self.not_modified else ""),
            f"files fetched for {self.files_fetched} PRs",
            f"cursor {format_time(self.cursor) if self.cursor else 'not set'}",
        ]
        if self.skipped:
            parts.append(f"{self.skipped} bad records skipped")
        if self.waited_seconds:
            parts.append(f"waited {self.waited_seconds:.0f} s for GitHub rate limits")
        return ", ".join(parts)


async def ingest(
    store: Store,
    source: GitHubSource,
    repo: str,
    since: datetime | None = None,
    until: datetime | None = None,
    *,
    files: bool = False,
    default_days: int = 7,
    clock: Callable[[], datetime] = utcnow,
) -> IngestReport:
    """Store the PRs of `repo` updated in [since, until) and return what happened.

    `since` None: from the stored cursor minus `OVERLAP`, else `default_days` before now.
    `until` None: up to now. `files`: also fetch changed paths, only for PRs that are new,
    changed since stored, or stored without files. Raises GitHubError (what was stored stays).
    """
    started = time.monotonic()
    cursor = await store.get_cursor(repo)
    incremental = since is None
    if since is None:
        since = cursor.updated_at - OVERLAP if cursor else clock() - timedelta(days=default_days)
    # Page 1 unchanged (304) means nothing changed at all; only meaningful for an open-ended
    # continuation of the last complete run.
    etag = cursor.etag if (cursor and incremental and until is None) else None
    report = IngestReport(repo=repo, since=since, until=until, cursor=cursor.updated_at if cursor else None)
    requests_before, waited_before = source.requests, source.waited_seconds
    newest: datetime | None = None
    first_etag: str | None = None
    pages: Generator[PullsPage, None, None] = source.pull_pages(repo, etag=etag)
    try:
        while True:
            page: PullsPage | None = await asyncio.to_thread(next, pages, None)
            if page is None:
                break
            report.pages += 1
            if report.pages == 1:
                first_etag = page.etag
            if page.not_modified:
                report.not_modified = True
                break
            report.skipped += page.skipped
            wanted = [
                pr for pr in page.prs if pr.updated_at >= since and (until is None or pr.updated_at < until)
            ]
            if wanted:
                newest = max(newest or wanted[0].updated_at, *(pr.updated_at for pr in wanted))
                if files:
                    wanted = await _with_files(store, source, repo, wanted, report)
                report.result += await store.upsert_prs(wanted)
                report.seen += len(wanted)
                report.numbers += [pr.number for pr in wanted]
            if any(pr.updated_at < since for pr in page.prs):
                break  # sorted by updated desc: every later page is older still
    finally:
        await asyncio.to_thread(pages.close)
        report.requests = source.requests - requests_before
        report.waited_seconds = source.waited_seconds - waited_before
        report.seconds = time.monotonic() - started
    if not report.not_modified:
        await _advance(store, repo, cursor, since, until, newest, first_etag, report)
    return report


async def _with_files(
    store: Store, source: GitHubSource, repo: str, prs: list[PullRequest], report: IngestReport
) -> list[PullRequest]:
    stored = await store.get_prs(repo, [pr.number for pr in prs])
    out: list[PullRequest] = []
    for pr in prs:
        old = stored.get(pr.number)
        if old is not None and old.updated_at == pr.updated_at and old.files is not None:
            out.append(pr)  # unchanged since stored: the store keeps its files
            continue
        paths = await asyncio.to_thread(source.files, repo, pr)
        report.files_fetched += 1
        out.append(pr.with_files(paths))
    return out


async def _advance(
    store: Store,
    repo: str,
    cursor: IngestCursor | None,
    since: datetime,
    until: datetime | None,
    newest: datetime | None,
    etag: str | None,
    report: IngestReport,
) -> None:
    """Move the cursor after a complete run that joins up with it and reaches the present."""
    if until is not None:
        return  # a past window says nothing about what happened after it
    if cursor is not None and since > cursor.updated_at:
        return  # a gap between the old cursor and this window stays to be filled
    candidates = [t for t in (cursor.updated_at if cursor else None, newest) if t is not None]
    moment = max(candidates) if candidates else since
    await store.set_cursor(IngestCursor(repo=repo, updated_at=moment, etag=etag))
    report.cursor = moment
    report.cursor_moved = cursor is None or moment != cursor.updated_at
