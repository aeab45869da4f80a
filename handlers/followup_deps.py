"""What a follow-up needs from the core's facade, as a Protocol.

`handlers.app.BotHandlers` satisfies it; handlers/followup.py types against it, so the follow-up
module does not import handlers/app.py (which imports it): no cycle, even a TYPE_CHECKING one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from handlers.models import FollowupLimits, Prompt, RepoSettings
from handlers.ports import LLM, ClassificationSource, Clock, Store
from handlers.query import QueryHandler


class FollowupServices(Protocol):
    """The ports, settings and limits a follow-up reads."""

    store: Store
    repos: dict[str, RepoSettings]
    classifications: dict[str, ClassificationSource]
    clock: Clock
    llm: LLM | None
    limits: FollowupLimits
    followup_prompt: Prompt | None
    answer_max_tokens: int
    clean_body: Callable[[str | None, int], str] | None
    query: QueryHandler
