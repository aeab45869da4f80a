"""Threaded follow-ups: a message in a followed thread + its stored context -> Reply.

Minimal first version: states what the thread is about and what can be asked. The follow-up
handler proper (narrowing, `more`, `#N`, counts, window shifts, LLM answers) replaces
`answer_followup` with the same signature.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from handlers.models import Reply, ThreadContext

if TYPE_CHECKING:
    from handlers.app import BotHandlers


async def answer_followup(app: BotHandlers, context: ThreadContext, text: str, *, user: str = "") -> Reply:
    return Reply(
        kind="answer",
        title=f"This thread is about {len(context.pr_numbers)} PRs of {context.repo}",
        notes=("Ask `more`, `only the merged ones` or `tell me about #N`.",),
    )
