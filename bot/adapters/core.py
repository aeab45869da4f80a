"""What a chat adapter asks of the neutral core, and that core counted and timed for /metrics.

`ChatCore` is the port the Slack and Discord adapters get (with a `Store` for their delivery
claims and thread lookups, and the repositories' settings): answers, thread bookkeeping and the
command and topic lookups -- not the whole facade. `handlers.app.BotHandlers` satisfies it;
`InstrumentedHandlers` wraps it for the running bot (bot/bootstrap.py), each call written out.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Protocol

from handlers.app import BotHandlers
from handlers.models import Reply, RepoSettings, ThreadKey, ThreadSeed
from handlers.subscriptions import CommandContext

if TYPE_CHECKING:
    from bot.metrics import Metrics


class ChatCore(Protocol):
    """The calls a chat adapter makes on the neutral core."""

    async def command(
        self, repo: str, text: str, *, user: str = "", context: CommandContext | None = None
    ) -> Reply: ...

    async def followup(
        self, key: ThreadKey, text: str, *, user: str = "", addressed: bool = False
    ) -> Reply: ...

    async def remember(self, key: ThreadKey, seed: ThreadSeed | None) -> None: ...

    async def followup_not_posted(self, key: ThreadKey) -> None: ...

    def repo_for_command(self, command: str) -> RepoSettings | None: ...

    def topic_words(self, repo: str) -> tuple[str, ...]: ...


class InstrumentedHandlers:
    """The facade as the platforms see it, counting and timing every answer for /metrics."""

    def __init__(self, inner: BotHandlers, metrics: Metrics) -> None:
        self._inner = inner
        self._metrics = metrics

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
