"""Anthropic answering 529 (overloaded) to every call: everything falls back offline, with notes.

The real SDK against the stand-in (retries are the SDK's own, bounded by `llm.max_retries`).
Follow-ups: the follow-up handler on main makes no LLM call yet, so there is nothing to fall back.
"""

from __future__ import annotations

from datetime import timedelta

from bot.services.classify import ClassificationService
from handlers.digest import last_full_week
from standins.anthropic_server import error
from tests.faults.conftest import NOW, REPO, LLMWorld


async def _week(world: LLMWorld) -> list:
    return (await world.store.prs_in_window(REPO, NOW - timedelta(days=7), NOW))[:20]


async def test_classification_falls_back_and_is_retried_once_the_model_is_back(llm_world: LLMWorld) -> None:
    """Fallbacks are not cached as the model's answer: the next run asks the model again."""
    service = llm_world.facade.classifications[REPO]
    assert isinstance(service, ClassificationService)
    prs = await _week(llm_world)
    llm_world.standin.always(error(529))
    down = await service.run(REPO, prs)
    assert down.fallbacks == len(prs)
    llm_world.standin.always(None)
    back = await service.run(REPO, prs)
    assert (back.cached, back.classified, back.fallbacks) == (0, len(prs), 0)
    current = await service.for_prs(REPO, prs)
    assert {c.classifier for c in current.values()} == {service.classifier.version}


async def test_answers_use_the_heuristic_while_the_model_is_down(llm_world: LLMWorld) -> None:
    """While the model is down, classifications come from the heuristic (cached, not marked final)."""
    service = llm_world.facade.classifications[REPO]
    prs = await _week(llm_world)
    llm_world.standin.always(error(529))
    await service.run(REPO, prs)
    current = await service.for_prs(REPO, prs)
    assert {c.classifier for c in current.values()} == {service.heuristic.version}


async def test_digest_falls_back_to_offline_with_a_note(llm_world: LLMWorld) -> None:
    """The weekly digest is built offline and says the AI writer was unavailable."""
    llm_world.standin.always(error(529))
    digest = await llm_world.facade.digest(REPO, last_full_week(NOW, llm_world.facade.repo(REPO).tz))
    assert digest.mode == "offline" and digest.counts.total > 0
    assert "AI writer was unavailable" in digest.notes[0] and "529" in digest.notes[0]


async def test_slash_command_answers_the_list_with_a_note_instead_of_a_summary(llm_world: LLMWorld) -> None:
    """A slash command still lists the PRs; the missing summary paragraph is explained."""
    llm_world.standin.always(error(529))
    reply = await llm_world.facade.command(REPO, "rocm last week", user="U1")
    assert reply.kind == "list" and reply.total > 3 and reply.synthesis == ()
    assert any("summary paragraph is unavailable" in note for note in reply.notes)
