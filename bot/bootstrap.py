"""The composition root: the one place that picks concrete implementations from config.

SQLite or Redis, heuristic or Anthropic, which chat platforms: decided here, built once and
passed in. Nothing else reads config to choose an implementation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.config import Config
from bot.store import open_store
from handlers.app import BotHandlers, FollowupLimits, RepoSettings
from handlers.models import utcnow
from handlers.ports import Clock, Store

if TYPE_CHECKING:
    from bot.adapters.slack_adapter import SlackAdapter


def build_store(config: Config) -> Store:
    return open_store(config.store_url, redis_prefix=config.settings.store.redis_prefix)


def build_handlers(config: Config, store: Store, *, clock: Clock | None = None) -> BotHandlers:
    """The facade every front end uses, with one classification service per repo."""
    from bot.services.classify import ClassificationService
    from bot.services.heuristic import HeuristicClassifier
    from bot.services.taxonomy import load_taxonomy

    repos = []
    classifications = {}
    for repo in config.settings.repos:
        taxonomy = load_taxonomy(repo.taxonomy, repo.name)
        heuristic = HeuristicClassifier(taxonomy)
        classifications[repo.name] = ClassificationService(store, heuristic, heuristic)
        repos.append(
            RepoSettings(
                name=repo.name,
                command=repo.command,
                tz=repo.tz,
                tz_name=repo.timezone,
                week_start=repo.week_start,
                taxonomy=taxonomy,
                default_days=config.settings.query.default_days,
                max_items=config.settings.query.max_items,
                digest_scope=repo.digest.scope,
                include_bots=repo.digest.include_bots,
            )
        )
    f = config.settings.followup
    limits = FollowupLimits(
        thread_ttl_seconds=int(f.thread_ttl_days * 86400),
        llm_per_user_per_hour=f.llm_per_user_per_hour,
        llm_per_channel_per_hour=f.llm_per_channel_per_hour,
        max_turns=f.max_turns,
    )
    return BotHandlers(
        store=store, repos=repos, classifications=classifications, clock=clock or utcnow, limits=limits
    )


def build_slack(config: Config, handlers: BotHandlers) -> SlackAdapter:
    """The Slack front end (not started); raises SlackSetupError naming a missing secret."""
    from bot.adapters.slack_adapter import SlackAdapter

    return SlackAdapter(handlers, config.settings.slack, config.secrets)
