"""The facade as the chat platforms see it: every answer counted and timed for /metrics.

`InstrumentedHandlers` wraps `handlers.app.BotHandlers` for the running bot (bot/bootstrap.py:
build_runtime); each call the adapters make is written out, so nothing reaches the facade
unseen.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable
from typing import TYPE_CHECKING

from handlers.app import BotHandlers
from handlers.models import Reply, RepoSettings, ThreadKey, ThreadSeed
from handlers.subscriptions import CommandContext

if TYPE_CHECKING:
    from bot.metrics import Metrics


class InstrumentedHandlers:
    """The facade as the platforms see it, counting and timing every answer for /metrics."""

    def __init__(self, inner: BotHandlers, metrics: Metrics) -> None:
        self._inner = inner
        self._metrics = metrics
        self.store = inner.store
        self.repos = inner.repos

    async def command(
        self, repo: str, text: str, *, user: str = "", context: CommandContext | None = None
    ) -> Reply:
        return await self._timed("command", self._inner.command(repo, text, user=user, context=context))

    async def followup(self, key: ThreadKey, text: str, *, user: str = "", addressed: bool = False) -> Reply:
        return await self._timed(
            f"followup:{key.platform}", self._inner.followup(key, text, user=user, addressed=addressed)
        )

    async def remember(self, key: ThreadKey, seed: ThreadSeed | None) -> None:
        await self._inner.remember(key, seed)

    async def followup_not_posted(self, key: ThreadKey) -> None:
        await self._inner.followup_not_posted(key)

    def repo_for_command(self, command: str) -> RepoSettings | None:
        return self._inner.repo_for_command(command)

    def topic_words(self, repo: str) -> tuple[str, ...]:
        return self._inner.topic_words(repo)

    async def _timed(self, what: str, work: Awaitable[Reply]) -> Reply:
        started = time.monotonic()
        try:
            reply = await work
        except Exception:
            self._metrics.inc("prbot_errors_total", {"where": what.split(":")[0]})
            raise
        finally:
            self._metrics.observe("prbot_command_seconds", time.monotonic() - started)
        self._metrics.inc("prbot_commands_total", {"type": what.split(":")[0], "kind": reply.kind})
        if reply.kind == "error":
            self._metrics.inc("prbot_errors_total", {"where": what.split(":")[0]})
        return reply
