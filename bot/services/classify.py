"""Classification with a cache: unchanged PRs are never classified twice.

Keys are (repo, number, content hash, classifier version). A PR the model could not classify
(a fallback) is cached under the heuristic's version only, so the next run retries the model. `for_prs` is the hot path of slash
commands: it reads cached results and classifies any PR still missing with the heuristic
classifier on the spot (microseconds each), so answers never wait for an LLM.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from bot.services.heuristic import HeuristicClassifier
from handlers.models import Classification, PullRequest
from handlers.ports import Classifier, Store

log = logging.getLogger(__name__)


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
        self._hashes: dict[PullRequest, str] = {}

    def _hash(self, pr: PullRequest) -> str:
        """pr.content_hash(), remembered: stores hand back the same PR objects for unchanged
        records, so a slash command does not re-hash every PR of its window each time."""
        found = self._hashes.get(pr)
        if found is None:
            if len(self._hashes) >= 50_000:
                self._hashes.clear()
            found = self._hashes[pr] = pr.content_hash()
        return found

    async def for_prs(self, repo: str, prs: Sequence[PullRequest]) -> dict[int, Classification]:
        """Current classifications of `prs`: the configured classifier's cached result when it
        exists, else the heuristic's (cached, or computed now)."""
        keys = [(pr.number, self._hash(pr)) for pr in prs]
        found = await self.store.get_classifications(repo, keys, self.classifier.version)
        missing = [pr for pr in prs if pr.number not in found]
        if missing and self.classifier.version != self.heuristic.version:
            found.update(
                await self.store.get_classifications(
                    repo, [(pr.number, self._hash(pr)) for pr in missing], self.heuristic.version
                )
            )
            missing = [pr for pr in prs if pr.number not in found]
        for pr in missing:
            found[pr.number] = self.heuristic.classify_one(pr)
        return found

    async def run(
        self,
        repo: str,
        prs: Sequence[PullRequest],
        *,
        reclassify: bool = False,
        on_progress: Callable[[int], None] = lambda n: None,
        chunk: int = 200,
    ) -> ClassifyReport:
        """Classify every PR not yet cached for the configured classifier (all with `reclassify`)."""
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
            results = await self.classifier.classify(part)
            await self.store.put_classifications(self._storable(results))
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
