"""The refresh use case: bring a repository's PRs and classifications up to date.

Ingest from GitHub since the stored cursor when a GitHub source is configured (else read the
PRs already stored for the recent window), then classify what changed. The scheduler runs it
hourly and before each digest; bootstrap builds it (`build_refresher`) with the source to use.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import Any

from bot.metrics import Metrics
from bot.services.classify import ClassificationService
from handlers.models import utcnow
from handlers.ports import ClassificationSource, Clock, Store

log = logging.getLogger(__name__)


class Refresher:
    """Ingest a repository from GitHub (when a source is configured), then classify what changed."""

    def __init__(
        self,
        store: Store,
        classifications: Mapping[str, ClassificationSource],
        metrics: Metrics,
        *,
        source: Callable[[], Any | None],
        clock: Clock = utcnow,
    ) -> None:
        """`source` builds the GitHub source on first use, or returns None when GitHub is not
        configured (GITHUB_TOKEN unset)."""
        self.store = store
        self.classifications = classifications
        self.metrics = metrics
        self.clock = clock
        self._build_source = source
        self._github: Any = None
        self._said_offline = False

    def _source(self) -> Any:
        if self._github is None:
            self._github = self._build_source()
        if self._github is None and not self._said_offline:
            self._said_offline = True
            log.info(
                "GITHUB_TOKEN is not set: not ingesting from GitHub; digests and answers use the PRs "
                "already stored (python -m bot import / ingest)"
            )
        return self._github

    async def __call__(self, repo: str, since: datetime | None, *, allow_batch: bool = True) -> None:
        now = self.clock()
        source = self._source()
        if source is not None:
            from bot.services.ingest import ingest

            cursor = await self.store.get_cursor(repo)
            report = await ingest(self.store, source, repo, None if cursor else since, clock=self.clock)
            self.metrics.inc("prbot_github_requests_total", {"repo": repo}, report.requests)
            prs = list((await self.store.get_prs(repo, report.numbers)).values())
            log.info("refresh: %s", report.line())
        else:
            start = since or now - timedelta(days=8)
            prs = await self.store.prs_in_window(
                repo, start, now, by=("created", "updated", "merged", "closed")
            )
        service = self.classifications.get(repo)
        if isinstance(service, ClassificationService) and prs:
            result = await service.run(repo, prs, allow_batch=allow_batch)
            self.metrics.inc("prbot_llm_tokens_total", {"direction": "input"}, result.input_tokens)
            self.metrics.inc("prbot_llm_tokens_total", {"direction": "output"}, result.output_tokens)
            if result.classified:
                log.info("refresh: %s: classified %d PRs (%d cached)", repo, result.classified, result.cached)
