"""Ingest: bring a repo's pull requests from GitHub into the store, incrementally.

`ingest(store, source, repo, since, until)` is what the CLI and the scheduler call. Without
`since` it starts from the repo's stored cursor (minus a small overlap), else `default_days`
back. Pages arrive newest-updated first and are written one by one, so a failure keeps what
was stored; the cursor (the newest `updated_at` known to be complete) moves only after a run
reached the start of its window, so nothing older than an aborted page is ever skipped.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot.services.github import FILES_BATCH, GitHubError, GitHubSource, PullsPage
from handlers.models import IngestCursor, PullRequest, UpsertResult, format_time, utcnow
from handlers.ports import Store

log = logging.getLogger(__name__)

OVERLAP = timedelta(minutes=5)  # re-read a little before the cursor: same-second updates, index lag
SEARCH_LAG = timedelta(minutes=10)  # GitHub's search index trails edits; windows ending later are listed


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
    files_skipped: bool = False  # files wanted by default, but no token for GraphQL
    files_error: str | None = None  # GraphQL failed: PRs stored without files, cursor held
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
            f"files fetched for {self.files_fetched} PRs"
            + (" (GITHUB_TOKEN unset: GraphQL needs it)" if self.files_skipped else "")
            + (f" (the rest stored without files: {self.files_error})" if self.files_error else ""),
            f"cursor {format_time(self.cursor) if self.cursor else 'not set'}",
        ]
        if self.skipped:
            parts.append(f"{self.skipped} bad records skipped")
        if self.waited_seconds:
            parts.append(f"waited {self.waited_seconds:.0f} s for GitHub rate limits")
        return ", ".join(parts)


Progress = Callable[[int, int | None], None]  # (PRs just read, the window's total when known)


async def ingest(
    store: Store,
    source: GitHubSource,
    repo: str,
    since: datetime | None = None,
    until: datetime | None = None,
    *,
    files: bool | None = None,
    default_days: int = 7,
    clock: Callable[[], datetime] = utcnow,
    progress: Progress | None = None,
) -> IngestReport:
    """Store the PRs of `repo` updated in [since, until) and return what happened.

    `since` None: from the stored cursor minus `OVERLAP`, else `default_days` before now.
    `until` None (or within `SEARCH_LAG` of now): up to now, newest first from the pulls
    listing; a window ending earlier is read through the search API, so its cost does not
    depend on how far back it is. `files`: also fetch changed paths (GraphQL, 50 PRs a
    request), only for PRs that are new, changed since stored, or stored without files; None:
    when a token is set (GraphQL needs one); True without a token is an error. Every window
    sends the ETag its last complete run kept. `progress(read, total)` is told after each page.
    Raises GitHubError (what was stored stays).
    """
    started = time.monotonic()
    cursor = await store.get_cursor(repo)
    incremental = since is None
    if since is None:
        since = cursor.updated_at - OVERLAP if cursor else clock() - timedelta(days=default_days)
    if files and not source.has_token:
        raise GitHubError(
            "changed files come from GitHub's GraphQL API, which answers only authenticated "
            "requests: set GITHUB_TOKEN (or leave out --files)"
        )
    want_files = source.has_token if files is None else files
    report = IngestReport(repo=repo, since=since, until=until, cursor=cursor.updated_at if cursor else None)
    report.files_skipped = files is None and not source.has_token
    # An open-ended continuation keeps its ETag in the cursor; any other window under its own key.
    window_key = None if incremental and until is None else _window_key(repo, since, until)
    kept = cursor if window_key is None else await store.get_cursor(window_key)
    etag = _usable(kept.etag if kept else None, want_files)
    requests_before, waited_before = source.requests, source.waited_seconds
    newest: datetime | None = None
    first_etag: str | None = None
    pending: list[PullRequest] = []  # PRs waiting for their files (fetched 50 at a time)
    if until is None or until >= clock() - SEARCH_LAG:
        # reaches (about) the present: the newest-first listing starts right at the window
        pages: Generator[PullsPage, None, None] = source.pull_pages(repo, etag=etag)
    else:
        pages = source.search_pages(repo, since, until, etag=etag)
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
                report.seen += len(wanted)
                report.numbers += [pr.number for pr in wanted]
                ready = wanted
                if want_files:
                    ready, needing = await _split_on_files(store, repo, wanted)
                    pending += needing
                if ready:
                    report.result += await store.upsert_prs(ready)
                while len(pending) >= FILES_BATCH:
                    await _store_with_files(store, source, repo, pending, report)
            if progress is not None:
                progress(len(wanted), page.total)
            if any(pr.updated_at < since for pr in page.prs):
                break  # sorted by updated desc: every later page is older still
        while pending:
            await _store_with_files(store, source, repo, pending, report)
    finally:
        await asyncio.to_thread(pages.close)
        report.requests = source.requests - requests_before
        report.waited_seconds = source.waited_seconds - waited_before
        report.seconds = time.monotonic() - started
    if report.not_modified:
        return report
    if report.files_error:
        return report  # the next run re-reads this window and fetches the missing files
    tag = _tag(first_etag, want_files)
    if until is None:
        await _advance(store, repo, cursor, since, until, newest, tag, report)
    if window_key is not None and tag is not None:
        await store.set_cursor(IngestCursor(repo=window_key, updated_at=until or clock(), etag=tag))
    return report


FILES_TAG = "files;"  # marks an ETag kept by a run that also fetched changed files


def _window_key(repo: str, since: datetime, until: datetime | None) -> str:
    """Where an explicit window keeps its ETag (beside the repo's cursor, under its own name)."""
    return f"{repo}@{format_time(since)}..{format_time(until) if until else ''}"


def _tag(etag: str | None, files: bool) -> str | None:
    return None if etag is None else (FILES_TAG + etag if files else etag)


def _usable(kept: str | None, files: bool) -> str | None:
    """The ETag to send: one kept by a run without files does not vouch for files."""
    if kept is None:
        return None
    if kept.startswith(FILES_TAG):
        return kept[len(FILES_TAG) :]
    return None if files else kept


async def _split_on_files(
    store: Store, repo: str, prs: list[PullRequest]
) -> tuple[list[PullRequest], list[PullRequest]]:
    """(ready to store as they are, needing files): unchanged PRs whose files are stored keep them."""
    stored = await store.get_prs(repo, [pr.number for pr in prs])
    ready: list[PullRequest] = []
    needing: list[PullRequest] = []
    for pr in prs:
        old = stored.get(pr.number)
        unchanged = old is not None and old.updated_at == pr.updated_at and old.files is not None
        (ready if unchanged else needing).append(pr)
    return ready, needing


async def _store_with_files(
    store: Store, source: GitHubSource, repo: str, pending: list[PullRequest], report: IngestReport
) -> None:
    """Fetch the files of the first 50 pending PRs in one GraphQL request and store them.

    When GraphQL fails for good, the PRs are stored without files (the listing is not lost, and
    the digest stays fresh) and no further files are asked this run; the caller then holds the
    cursor, so the next run reads these PRs again and fetches what is missing."""
    batch = pending[:FILES_BATCH]
    del pending[:FILES_BATCH]
    paths: dict[int, tuple[str, ...] | None] = {}
    if report.files_error is None:
        try:
            paths = await asyncio.to_thread(source.changed_files, repo, [pr.number for pr in batch])
        except GitHubError as exc:
            report.files_error = str(exc)
            log.warning("%s: changed files not fetched: %s", repo, exc)
    out = []
    for pr in batch:
        found = paths.get(pr.number)
        if found is not None:
            report.files_fetched += 1
            pr = pr.with_files(found)
        out.append(pr)
    report.result += await store.upsert_prs(out)


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
