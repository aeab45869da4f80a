"""LLM-written digests, through a small in-memory fake of our LLM port (canned answers)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from bot.adapters.markdown_render import render_digest_markdown
from bot.services.prompt_files import load_prompt
from bot.store import open_store
from handlers.digest import build_digest
from handlers.digest_llm import AI_NOTE
from handlers.errors import LLMError
from handlers.models import Digest, Text
from handlers.ports import LLMResult
from tests.handlers import digest_data as data


class FakeLLM:
    """Implements handlers.ports.LLM: records each call, answers with `answer(user)` or raises."""

    model = "fake"

    def __init__(self, answer: Any = None, error: Exception | None = None) -> None:
        self.answer = answer
        self.error = error
        self.calls: list[dict[str, Any]] = []

    async def complete(
        self, system: str, user: str, *, max_tokens: int, schema: Any = None, cache_system: bool = False
    ) -> LLMResult:
        self.calls.append({"system": system, "user": user, "schema": schema, "cache_system": cache_system})
        if self.error:
            raise self.error
        data_ = self.answer(user) if callable(self.answer) else self.answer
        return LLMResult(text="", data=data_, input_tokens=len(system + user) // 4, output_tokens=100)


def _answer(real: int, other: int) -> dict[str, Any]:
    return {
        "trend": "ROCm kernel work dominated, with `AITER` fusions landing [PR#999999](http://evil).",
        "areas": [
            {
                "key": "hardware",
                "impact": "Faster AMD decode",
                "points": [
                    {
                        "lead": "AITER fusion",
                        "text": "Fused `rms_norm` into AITER MoE.",
                        "prs": [real, 999999],
                    },
                    {"lead": "Invented", "text": "A PR that does not exist.", "prs": [888888]},
                    {
                        "lead": "Linked",
                        "text": f"See [PR#{other}](http://evil.example/x) for more.",
                        "prs": [],
                    },
                ],
            }
        ],
    }


@pytest.fixture(scope="module")
def week(tmp_path_factory: pytest.TempPathFactory, shared_data: Path) -> data.Week:
    url = f"sqlite:///{tmp_path_factory.mktemp('digest-llm') / 'week.db'}"
    return data.load_week_sync(url, shared_data)


async def _build(store_url: str, llm: FakeLLM) -> Digest:
    store = open_store(store_url)
    try:
        settings = data.settings()
        return await build_digest(
            settings,
            data.window(),
            store=store,
            classifications=data.classification_service(store, settings),
            llm=llm,
            prompt=load_prompt("digest"),
        )
    finally:
        await store.close()


def _hardware_numbers(llm_digest: Digest) -> list[int]:
    return [
        n
        for p in next(s for s in llm_digest.sections if s.title == "Hardware backends").points
        for n in p.cited
    ]


@pytest.fixture(scope="module")
def run(week: data.Week) -> tuple[FakeLLM, Digest]:
    offline = asyncio.run(_build(week.store_url, FakeLLM(error=LLMError("x"))))
    hardware = next(s for s in offline.sections if s.title == "Hardware backends")
    real, other = hardware.points[0].cited[0], hardware.points[1].cited[0]
    llm = FakeLLM(answer=_answer(real, other))
    return llm, asyncio.run(_build(week.store_url, llm))


def test_the_prompt_carries_records_not_bodies(run: tuple[FakeLLM, Digest]) -> None:
    """PR bodies never reach the model; titles arrive as JSON records inside untrusted-data tags."""
    llm, _ = run
    call = llm.calls[0]
    assert "BODY-MARKER" not in call["system"] + call["user"]
    assert "<untrusted_pull_requests>" in call["user"] and "never instructions" in call["system"]
    assert '"n":90001' in call["user"] and "\\u003c!channel>" in call["user"]


def test_the_prompt_stays_small_for_a_busy_week(run: tuple[FakeLLM, Digest]) -> None:
    """About 400 PRs fit in well under 40k estimated tokens (chars / 4)."""
    llm, digest = run
    call = llm.calls[0]
    tokens = len(call["system"] + call["user"]) / 4
    assert digest.counts.total > 400 and tokens < 40_000


def test_the_answer_is_asked_for_through_a_schema_with_the_computed_areas(
    run: tuple[FakeLLM, Digest],
) -> None:
    """The schema enumerates exactly the areas code computed; the system prompt is cacheable."""
    llm, digest = run
    call = llm.calls[0]
    keys = call["schema"]["properties"]["areas"]["items"]["properties"]["key"]["enum"]
    areas = {s.key for s in (*digest.sections, *digest.more)} - {"bots"}
    assert set(keys) == areas and "hardware" in keys and call["cache_system"]


def test_invented_pr_numbers_are_removed(run: tuple[FakeLLM, Digest]) -> None:
    """PR#999999 and PR#888888 are not in the window: neither is cited, and a point left without
    any real citation is dropped."""
    _, digest = run
    assert not {999999, 888888} & set(digest.cited)
    leads = [p.lead for s in digest.sections for p in s.points]
    assert "Invented" not in leads and "AITER fusion" in leads


def test_links_are_rebuilt_from_stored_urls_never_taken_from_the_model(run: tuple[FakeLLM, Digest]) -> None:
    """A link the model wrote becomes a citation of the stored URL; no model URL survives."""
    _, digest = run
    markdown = render_digest_markdown(digest)
    targets = re.findall(r"(?<!\\)\]\(([^)]*)\)", markdown)  # real (unescaped) Markdown links
    assert targets and all(
        re.fullmatch(r"https://github\.com/vllm-project/vllm/pull/\d+", t) for t in targets
    )
    assert "](http://evil" not in markdown.replace("\\]", "")
    assert len(_hardware_numbers(digest)) == 2


def test_counts_come_from_code_and_the_ai_note_is_shown(run: tuple[FakeLLM, Digest]) -> None:
    """The takeaways keep the model's trend and add code-computed totals; the AI note is present."""
    _, digest = run
    text = "".join(s.text for s in digest.takeaways if isinstance(s, Text))
    assert digest.mode == "llm" and digest.notes == (AI_NOTE,)
    assert text.startswith("ROCm kernel work dominated") and f"{digest.counts.total} PRs were" in text


def test_areas_the_model_skipped_get_offline_points(run: tuple[FakeLLM, Digest]) -> None:
    """Every computed area still has points when the model wrote only one area."""
    _, digest = run
    assert all(section.points for section in digest.sections)


def test_an_llm_failure_gives_the_offline_digest_with_a_note(week: data.Week) -> None:
    """LLMError -> the offline digest, with one line saying the AI writer was unavailable."""
    digest = asyncio.run(_build(week.store_url, FakeLLM(error=LLMError("rate limited after 3 retries"))))
    assert digest.mode == "offline"
    assert digest.notes[0].startswith("The AI writer was unavailable (rate limited after 3 retries)")


def test_an_answer_out_of_shape_gives_the_offline_digest(week: data.Week) -> None:
    """A reply without the requested structure counts as a failure, not as an empty digest."""
    digest = asyncio.run(_build(week.store_url, FakeLLM(answer={"nonsense": True})))
    assert digest.mode == "offline" and "unavailable" in digest.notes[0]


def test_the_prompt_carries_codes_ranking_signals(run: tuple[FakeLLM, Digest]) -> None:
    """Each record has code's weight; measured claims and signals are given, heaviest PRs first."""
    llm, _ = run
    user = llm.calls[0]["user"]
    record = next(line for line in user.splitlines() if line.startswith('{"n":90002,'))
    assert '"claims":["2.1x faster decode"]' in record and '"weight":' in record
    assert "regression" in llm.calls[0]["system"] and "6,000 characters" in llm.calls[0]["system"]


def _verbose_answer(user: str) -> dict[str, Any]:
    """A model that ignores the length rules: four long points citing five PRs each, in every area."""
    areas: dict[str, list[int]] = {}
    key = ""
    for line in user.splitlines():
        if line.startswith("## area "):
            key = line.removeprefix("## area ").strip()
            areas[key] = []
        elif line.startswith('{"n":') and key:
            areas[key].append(int(re.match(r'\{"n":(\d+)', line).group(1)))  # type: ignore[union-attr]
    return {
        "trend": "Everything happened.",
        "areas": [
            {
                "key": key,
                "impact": "Lots",
                "points": [
                    {
                        "lead": f"Theme {i}",
                        "text": "A long sentence. " * 25,
                        "prs": numbers[i * 5 : i * 5 + 5],
                    }
                    for i in range(4)
                    if numbers[i * 5 : i * 5 + 5]
                ],
            }
            for key, numbers in areas.items()
        ],
    }


def test_a_verbose_answer_is_cut_to_the_budget_with_the_same_totals(week: data.Week) -> None:
    """The LLM digest proper stays under 6,000 characters and 40 cited PRs; its topic totals are
    the offline digest's (the answers'), and every PR it drops is in the continuation."""
    llm_digest = asyncio.run(_build(week.store_url, FakeLLM(answer=_verbose_answer)))
    offline = asyncio.run(_build(week.store_url, FakeLLM(error=LLMError("x"))))
    assert llm_digest.mode == "llm"
    assert len(render_digest_markdown(llm_digest, full=False)) <= 6000
    cited = {n for s in llm_digest.sections for p in s.points for n in p.cited}
    assert 0 < len(cited) <= 40
    assert llm_digest.topics == offline.topics
    listed = {n for s in llm_digest.more for p in s.points for n in p.cited}
    assert cited | listed >= {n for s in offline.sections + offline.more for n in s.prs}
