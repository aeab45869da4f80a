"""Slash-command queries: command text -> Query -> Reply (minimal first version).

Understands `help`, topic words (key, name or alias) and the default window; every reply
states how it was read. The full grammar (time words, states, people, PR numbers, typos)
replaces `parse` with the same `QueryHandler.answer` signature.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from handlers.models import ItemGroup, Reply, ReplyItem, ThreadSeed
from handlers.ports import LLM, ClassificationSource, Store

if TYPE_CHECKING:
    from handlers.app import RepoSettings


@dataclass(frozen=True)
class Query:
    topics: tuple[str, ...]
    since: datetime
    until: datetime
    text: str = ""
    is_help: bool = False


def parse(text: str, settings: RepoSettings, now: datetime) -> Query:
    words = text.lower().split()
    if not words or words == ["help"]:
        return Query((), now, now, is_help=True)
    aliases = {w: t.key for t in settings.taxonomy.topics for w in t.words}
    topics = tuple(dict.fromkeys(aliases[w] for w in words if w in aliases))
    rest = " ".join(w for w in words if w not in aliases)
    return Query(topics, now - timedelta(days=settings.default_days), now, text=rest)


class QueryHandler:
    def __init__(
        self, *, store: Store, classifications: Mapping[str, ClassificationSource], llm: LLM | None = None
    ) -> None:
        self.store = store
        self.classifications = classifications
        self.llm = llm

    async def answer(self, settings: RepoSettings, text: str, *, now: datetime, user: str = "") -> Reply:
        query = parse(text, settings, now)
        if query.is_help:
            example = settings.taxonomy.topics[0].key
            return Reply(
                kind="help",
                title=f"/{settings.command} help",
                notes=(f"Try `/{settings.command} {example}`.",),
                ephemeral=True,
            )
        prs = await self.store.prs_in_window(settings.name, query.since, query.until)
        classes = await self.classifications[settings.name].for_prs(settings.name, prs)
        matches = [pr for pr in prs if all(t in classes[pr.number].topics for t in query.topics)]
        matches.sort(key=lambda pr: (-classes[pr.number].impact, pr.status != "merged", -pr.number))
        names = (
            ", ".join(settings.taxonomy.topic(t).name for t in query.topics if settings.taxonomy.topic(t))
            or "All PRs"
        )
        understood = (
            f"{names} · merged or opened {query.since:%b %-d} – {query.until:%b %-d, %Y} · {len(matches)} PRs"
        )
        items = tuple(
            ReplyItem(
                pr.number,
                pr.title,
                pr.url,
                pr.author,
                pr.status,
                classes[pr.number].topics,
                classes[pr.number].summary,
                pr.merged_at or pr.created_at,
            )
            for pr in matches[: settings.max_items]
        )
        seed = ThreadSeed(
            settings.name,
            "query",
            query.since,
            query.until,
            text,
            tuple(pr.number for pr in matches),
            len(items),
        )
        if not matches:
            return Reply(
                kind="empty",
                title=f"No PRs found for {text!r}",
                understood=understood,
                ephemeral=True,
                seed=None,
            )
        return Reply(
            kind="list",
            title=names,
            understood=understood,
            groups=(ItemGroup("", items),),
            total=len(matches),
            overflow=len(matches) - len(items),
            seed=seed,
        )
