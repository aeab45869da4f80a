"""The Anthropic classifier: PRs -> topics, a one-line summary and an impact score, in batches.

Implements `handlers.ports.Classifier`. Several PRs go into one request (`llm.batch_size`);
requests run concurrently up to the LLM's own bound. The system prompt (instructions plus the
taxonomy) is identical for every batch and marked for prompt caching; PR text is cleaned
(`bodies.clean_body`) and sent as a JSON array inside delimiting tags, framed as untrusted data.
The answer is forced through a tool whose JSON schema enumerates the taxonomy keys.

It never raises for a bad answer: a PR whose entry is missing or malformed gets the heuristic
classification marked `fallback=True`, unknown topic keys are dropped, impact is clamped; when
the model cannot be reached at all, every PR falls back the same way.

With `use_batches_api` (and an LLM that has `complete_batch`), `classify_bulk` sends the same
requests as one Message Batch instead (half price, minutes to hours); `ClassificationService.run`
uses it for bulk runs. `classify` always uses the Messages API directly.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from bot.services.bodies import clean_body, clean_text
from bot.services.prompt_files import load_prompt_data
from bot.services.taxonomy import prompt_version
from handlers.errors import LLMError
from handlers.models import Classification, PullRequest, Taxonomy
from handlers.models import Prompt as TextPrompt
from handlers.ports import LLM, LLMResult

log = logging.getLogger(__name__)

MAX_FILES = 15
MAX_SUMMARY = 200


class Fallback(Protocol):
    """What answers when the model does not: the heuristic classifier."""

    def classify_one(self, pr: PullRequest) -> Classification: ...


@dataclass(frozen=True)
class Prompt:
    """The classifier's prompt file: the versioned templates plus its output budget per PR."""

    text: TextPrompt
    max_tokens_per_pr: int = 120

    @property
    def version(self) -> str:
        return self.text.version

    @classmethod
    def load(cls, name: str = "classify") -> Prompt:
        text, data = load_prompt_data(name)
        return cls(text=text, max_tokens_per_pr=int(data.get("max_tokens_per_pr", 120)))


class AnthropicClassifier:
    """Classifies PRs with an LLM, falling back PR by PR to `fallback` (the heuristic)."""

    def __init__(
        self,
        llm: LLM,
        taxonomy: Taxonomy,
        fallback: Fallback,
        *,
        repo: str,
        batch_size: int = 20,
        body_limit: int = 1500,
        prompt: Prompt | None = None,
        use_batches_api: bool = False,
    ) -> None:
        self.llm = llm
        self.taxonomy = taxonomy
        self.fallback = fallback
        self.repo = repo
        self.batch_size = max(1, batch_size)
        self.body_limit = body_limit
        self.prompt = prompt or Prompt.load()
        self.use_batches_api = use_batches_api and callable(getattr(llm, "complete_batch", None))
        # The taxonomy part hashes only what the prompt shows, so tuning heuristic evidence
        # does not re-run the model over every cached PR.
        self.version = f"anthropic:{llm.model}:{self.prompt.version}:{prompt_version(taxonomy)}"
        self._keys = frozenset(taxonomy.keys)
        self._system = self.prompt.text.render_system(repo=repo, taxonomy=self._taxonomy_text())
        self._schema = self._build_schema()

    async def classify(self, prs: Sequence[PullRequest]) -> list[Classification]:
        """One Classification per PR, in input order; never raises for a bad model answer."""
        batches = [prs[i : i + self.batch_size] for i in range(0, len(prs), self.batch_size)]
        results = await asyncio.gather(*(self._classify_batch(batch) for batch in batches))
        return [item for batch in results for item in batch]

    async def classify_bulk(self, prs: Sequence[PullRequest]) -> list[Classification]:
        """Like `classify`, but as one Message Batch when `use_batches_api` is on."""
        if not self.use_batches_api or not prs:
            return await self.classify(prs)
        from bot.services.llm import BatchRequest  # the SDK-backed module, only when batching

        batches = [prs[i : i + self.batch_size] for i in range(0, len(prs), self.batch_size)]
        requests = []
        for batch in batches:
            system, user = self.request_for(batch)
            requests.append(
                BatchRequest(system, user, self._max_tokens(batch), schema=self._schema, cache_system=True)
            )
        try:
            results: list[Any] = await self.llm.complete_batch(requests)  # type: ignore[attr-defined]
        except LLMError as exc:
            log.warning("message batch failed for %d PRs, using the heuristic: %s", len(prs), exc)
            results = [exc] * len(batches)
        out: list[Classification] = []
        for batch, result in zip(batches, results, strict=True):
            out += self._answer(batch, result)
        return out

    def request_for(self, prs: Sequence[PullRequest]) -> tuple[str, str]:
        """The (system, user) texts for one batch, as sent; also used by the benchmark."""
        items = [self._pr_payload(pr) for pr in prs]
        # "<" and ">" escaped so no PR text can close the delimiting tag.
        rows = ",\n".join(json.dumps(item, ensure_ascii=False) for item in items)
        payload = f"[\n{rows}\n]".replace("<", "\\u003c").replace(">", "\\u003e")
        return self._system, self.prompt.text.render_user(prs=payload, count=len(prs))

    async def _classify_batch(self, prs: Sequence[PullRequest]) -> list[Classification]:
        system, user = self.request_for(prs)
        try:
            result: LLMResult | LLMError = await self.llm.complete(
                system, user, max_tokens=self._max_tokens(prs), schema=self._schema, cache_system=True
            )
        except LLMError as exc:
            result = exc
        except Exception:  # a bug must not lose a digest; log it loudly and fall back
            log.exception("unexpected error asking for a classification; using the heuristic")
            result = LLMError("unexpected error")
        return self._answer(prs, result)

    def _max_tokens(self, prs: Sequence[PullRequest]) -> int:
        return 200 + self.prompt.max_tokens_per_pr * len(prs)

    def _answer(self, prs: Sequence[PullRequest], result: LLMResult | LLMError) -> list[Classification]:
        """The classifications of one request's PRs from its result; fallbacks where it says nothing."""
        try:
            if isinstance(result, LLMError):
                raise result
            answers = self._parse(result.data)
        except LLMError as exc:
            log.warning("LLM classification failed for %d PRs, using the heuristic: %s", len(prs), exc)
            answers = {}
        except Exception:  # a bug in parsing must not lose a digest; log it loudly and fall back
            log.exception("unexpected error reading the classification answer; using the heuristic")
            answers = {}
        out = []
        for pr in prs:
            answer = answers.get(pr.number)
            if answer is None:
                out.append(self._fallback(pr))
                continue
            topics, summary, impact = answer
            out.append(
                Classification(
                    repo=pr.repo,
                    number=pr.number,
                    content_hash=pr.content_hash(),
                    classifier=self.version,
                    topics=topics,
                    summary=summary,
                    impact=impact,
                )
            )
        missing = sum(1 for pr in prs if pr.number not in answers)
        if answers and missing:
            log.warning(
                "model answer lacked %d of %d PRs; the heuristic answered for them", missing, len(prs)
            )
        return out

    def _fallback(self, pr: PullRequest) -> Classification:
        found = self.fallback.classify_one(pr)
        # Stored under this classifier's version, marked, so the caller can tell and retry later.
        return replace(found, classifier=self.version, content_hash=pr.content_hash(), fallback=True)

    def _parse(self, data: Any) -> dict[int, tuple[tuple[str, ...], str, float]]:
        """number -> (topics, summary, impact) for every well-formed entry; the rest are skipped."""
        entries = data.get("prs") if isinstance(data, dict) else None
        if not isinstance(entries, list):
            return {}
        answers: dict[int, tuple[tuple[str, ...], str, float]] = {}
        for entry in entries:
            if not isinstance(entry, dict):
                continue
            number, topics = entry.get("number"), entry.get("topics")
            if isinstance(number, str) and number.strip().lstrip("#").isdigit():
                number = int(number.strip().lstrip("#"))
            if not isinstance(number, int) or isinstance(number, bool) or number in answers:
                continue
            if not isinstance(topics, list):
                continue
            known = tuple(dict.fromkeys(t for t in topics if isinstance(t, str) and t in self._keys))
            summary = entry.get("summary")
            summary = clean_text(summary, MAX_SUMMARY) if isinstance(summary, str) else ""
            answers[number] = (known, summary, _clamp(entry.get("impact")))
        return answers

    def _pr_payload(self, pr: PullRequest) -> dict[str, Any]:
        item: dict[str, Any] = {"number": pr.number, "title": clean_text(pr.title, 300)}
        if pr.labels:
            item["labels"] = [clean_text(label, 60) for label in pr.labels[:10]]
        if pr.files:
            item["files"] = [clean_text(path, 120) for path in pr.files[:MAX_FILES]]
            if len(pr.files) > MAX_FILES:
                item["files_not_shown"] = len(pr.files) - MAX_FILES
        body = clean_body(pr.body, self.body_limit)
        if body:
            item["body"] = body
        return item

    def _taxonomy_text(self) -> str:
        lines = []
        for topic in self.taxonomy.topics:
            line = f"- {topic.key}: {topic.name}"
            if topic.aliases:
                line += f" (also: {', '.join(topic.aliases)})"
            lines.append(line)
        return "\n".join(lines)

    def _build_schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {
                "prs": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "number": {"type": "integer", "description": "the pull request's number"},
                            "topics": {
                                "type": "array",
                                "items": {"type": "string", "enum": list(self.taxonomy.keys)},
                            },
                            "summary": {"type": "string", "description": "one plain sentence"},
                            "impact": {"type": "number", "minimum": 0, "maximum": 1},
                        },
                        "required": ["number", "topics", "summary", "impact"],
                    },
                }
            },
            "required": ["prs"],
        }


def _clamp(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return 0.0
    try:
        number = float(value)
    except ValueError:
        return 0.0
    if math.isnan(number):
        return 0.0
    return min(1.0, max(0.0, number))
