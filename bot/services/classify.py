"""Classification with a cache: unchanged PRs are never classified twice.

Keys are (repo, number, content hash, classifier version). A PR the model could not classify
(a fallback) is cached under the heuristic's version only, so the next run retries the model. `for_prs` is the hot path of slash
commands: it reads cached results and classifies any PR still missing with the heuristic
classifier on the spot (microseconds each), so answers never wait for an LLM.

`run` is the bulk path (the `classify` command, the scheduler's refresh and weekly jobs). When
the classifier has `use_batches_api` on, `run` hands it every PR to classify at once
(`classify_bulk`: one Message Batch), and bulk runs of this service take turns, so a refresh
and the weekly job never submit the same PRs twice while a batch is pending.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace

from bot.services.heuristic import HeuristicClassifier
from handlers.models import Classification, PullRequest
from handlers.ports import Classifier, Store

log = logging.getLogger(__name__)

MEMO_LIMIT = 100_000


@dataclass
class ClassifyReport:
    total: int = 0
    classified: int = 0
    cached: int = 0
    fallbacks: int = 0
    input_tokens: int = 0
    output_tokens: int = 0


class ClassificationService:
    """Reads and fills the classification cache for one repository's classifier."""

    def __init__(self, store: Store, classifier: Classifier, heuristic: HeuristicClassifier) -> None:
        self.store = store
        self.classifier = classifier
        self.heuristic = heuristic
        # Classifications are content-addressed (classifier version, number, content hash), so a
        # result once read can be reused by this process without asking the store again.
        self._known: dict[tuple[str, int, str], Classification] = {}
        self._bulk_turn = asyncio.Lock()

    def _remember(self, items: Sequence[Classification]) -> None:
        if len(self._known) + len(items) > MEMO_LIMIT:
            self._known.clear()
        for c in items:
            self._known[(c.classifier, c.number, c.content_hash)] = c

    async def _cached(self, repo: str, prs: Sequence[PullRequest], version: str) -> dict[int, Classification]:
        found: dict[int, Classification] = {}
        unknown: list[PullRequest] = []
        for pr in prs:
            hit = self._known.get((version, pr.number, pr.content_hash()))
            if hit is None:
                unknown.append(pr)
            else:
                found[pr.number] = hit
        if unknown:
            fetched = await self.store.get_classifications(
                repo, [(pr.number, pr.content_hash()) for pr in unknown], version
            )
            self._remember(list(fetched.values()))
            found.update(fetched)
        return found

    async def for_prs(self, repo: str, prs: Sequence[PullRequest]) -> dict[int, Classification]:
        """Current classifications of `prs`: the configured classifier's cached result when it
        exists, else the heuristic's (cached, or computed now)."""
        found = await self._cached(repo, prs, self.classifier.version)
        missing = [pr for pr in prs if pr.number not in found]
        if missing and self.classifier.version != self.heuristic.version:
            found.update(await self._cached(repo, missing, self.heuristic.version))
            missing = [pr for pr in prs if pr.number not in found]
        if missing:
            computed = [self.heuristic.classify_one(pr) for pr in missing]
            self._remember(computed)
            found.update((c.number, c) for c in computed)
        return found

    async def run(
        self,
        repo: str,
        prs: Sequence[PullRequest],
        *,
        reclassify: bool = False,
        on_progress: Callable[[int], None] = lambda n: None,
        chunk: int = 200,
        allow_batch: bool = True,
    ) -> ClassifyReport:
        """Classify every PR not yet cached for the configured classifier (all with `reclassify`).

        With the Message Batches API enabled, the PRs go as one batch unless `allow_batch` is
        False (a digest that is due now cannot wait hours for a batch)."""
        batched = allow_batch and getattr(self.classifier, "use_batches_api", False)
        bulk = getattr(self.classifier, "classify_bulk", None) if batched else None
        if bulk is None:
            return await self._run(repo, prs, reclassify, on_progress, chunk, self.classifier.classify)
        async with self._bulk_turn:
            return await self._run(repo, prs, reclassify, on_progress, max(1, len(prs)), bulk)

    async def _run(
        self,
        repo: str,
        prs: Sequence[PullRequest],
        reclassify: bool,
        on_progress: Callable[[int], None],
        chunk: int,
        classify: Callable[[Sequence[PullRequest]], Awaitable[list[Classification]]],
    ) -> ClassifyReport:
        report = ClassifyReport(total=len(prs))
        todo = list(prs)
        if not reclassify:
            cached = await self.store.get_classifications(
                repo, [(pr.number, pr.content_hash()) for pr in prs], self.classifier.version
            )
            report.cached = len(cached)
            on_progress(len(cached))
            todo = [pr for pr in prs if pr.number not in cached]
        before = _tokens(self.classifier)
        for start in range(0, len(todo), chunk):
            part = todo[start : start + chunk]
            results = await classify(part)
            stored = self._storable(results)
            await self.store.put_classifications(stored)
            self._remember(stored)
            report.classified += len(results)
            report.fallbacks += sum(1 for r in results if r.fallback)
            on_progress(len(part))
        after = _tokens(self.classifier)
        report.input_tokens, report.output_tokens = after[0] - before[0], after[1] - before[1]
        return report

    def _storable(self, results: Sequence[Classification]) -> list[Classification]:
        """Results to cache. A fallback (the model failed for that PR) is the heuristic's answer:
        cached under the heuristic's version, never the model's, so the next run asks the model
        again instead of keeping the stand-in answer as if it were final."""
        out = []
        for item in results:
            if item.fallback and self.classifier.version != self.heuristic.version:
                item = replace(item, classifier=self.heuristic.version, fallback=False)
            out.append(item)
        return out


def _tokens(classifier: Classifier) -> tuple[int, int]:
    llm = getattr(classifier, "llm", None)
    return (getattr(llm, "input_tokens", 0), getattr(llm, "output_tokens", 0))
