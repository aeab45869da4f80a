"""The composition root: the one place that picks concrete implementations from config.

SQLite or Redis, heuristic or Anthropic, which chat platforms: decided here, built once and
passed in. Nothing else reads config to choose an implementation. `build_core` gives the
neutral core (the facade and the classification services); `build_runtime` assembles all that
`run` runs (platforms, poster, subscription deliverer, refresh, scheduler jobs, health server)
for bot/runtime.py, which only starts and stops it. Each [[repos]] table is projected here, once,
into what the core and the scheduler know of it.

Modules are imported where they are first needed, so `ask` and `ingest` load no chat SDK,
scheduler or metrics library.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.config import Config, ConfigError, RepoConfig
from bot.store import open_store
from handlers.app import BotHandlers, FollowupLimits, RepoSettings
from handlers.models import Taxonomy, utcnow
from handlers.ports import LLM, ClassificationSource, Classifier, Clock, Store

if TYPE_CHECKING:
    from bot.metrics import Metrics
    from bot.runtime import Runtime
    from bot.scheduler import RepoSchedule
    from bot.services.classify import ClassificationService
    from bot.services.github import GitHubSource
    from bot.services.heuristic import HeuristicClassifier
    from bot.services.posting import Channel, Platform
    from bot.services.refresh import Refresher

if TYPE_CHECKING:
    from bot.adapters.core import ChatCore
    from bot.adapters.discord_adapter import DiscordAdapter
    from bot.adapters.slack_adapter import SlackAdapter


log = logging.getLogger(__name__)


def build_store(config: Config) -> Store:
    return open_store(config.store_url, redis_prefix=config.settings.store.redis_prefix)


@dataclass(frozen=True)
class Core:
    """The neutral core's facade and the classification services it was built with, which the
    refresh shares (one service per repo: its cache and its batch turn-taking are per instance)."""

    handlers: BotHandlers
    classifications: Mapping[str, ClassificationService]


def build_handlers(config: Config, store: Store, *, clock: Clock | None = None) -> BotHandlers:
    """The facade every front end uses, with one classification service per repo."""
    return build_core(config, store, clock=clock).handlers


def build_core(config: Config, store: Store, *, clock: Clock | None = None) -> Core:
    """The facade and each repository's classification service, over one LLM client."""
    from bot.services.bodies import clean_body
    from bot.services.prompt_files import load_prompt

    llm = build_llm(config)
    repos = []
    classifications = {}
    for repo in config.settings.repos:
        service = build_classification(config, store, repo, llm)
        classifications[repo.name] = service
        repos.append(repo_settings(config, repo, service.heuristic.taxonomy))
    f = config.settings.followup
    limits = FollowupLimits(
        thread_ttl_seconds=int(f.thread_ttl_days * 86400),
        llm_per_user_per_hour=f.llm_per_user_per_hour,
        llm_per_channel_per_hour=f.llm_per_channel_per_hour,
        max_turns=f.max_turns,
        per_user_per_minute=f.per_user_per_minute,
        per_channel_per_minute=f.per_channel_per_minute,
    )
    sub = config.settings.subscriptions
    from handlers.subscriptions import SubscriptionLimits

    handlers = BotHandlers(
        subscription_limits=SubscriptionLimits(
            admins=tuple(str(a) for a in sub.admins),
            max_per_channel=sub.max_per_channel,
            max_per_user=sub.max_per_user,
            warn_per_week=sub.warn_per_week,
            lookback_days=sub.lookback_days,
        ),
        digest_channels={r.name: tuple(str(c) for c in digest_channels(r)) for r in config.settings.repos},
        store=store,
        repos=repos,
        classifications=classifications,
        clock=clock or utcnow,
        llm=llm,
        limits=limits,
        digest_prompt=load_prompt("digest"),
        digest_max_tokens=config.settings.llm.digest_max_tokens,
        followup_prompt=load_prompt("followup"),
        query_prompt=load_prompt("query_synthesis"),
        reading_prompt=load_prompt("question_reading"),
        answer_max_tokens=config.settings.llm.answer_max_tokens,
        clean_body=clean_body,
    )
    return Core(handlers, classifications)


# -- each [[repos]] table, projected once into what the core and the scheduler need --------------
def repo_settings(config: Config, repo: RepoConfig, taxonomy: Taxonomy) -> RepoSettings:
    """What the neutral core knows of a repository (with the [query] defaults)."""
    return RepoSettings(
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


def digest_channels(repo: RepoConfig) -> tuple[Channel, ...]:
    """The repository's configured digest channels, Slack first, in config order."""
    from bot.services.posting import Channel

    d = repo.digest
    return tuple(Channel("slack", c) for c in d.slack_channels) + tuple(
        Channel("discord", c) for c in d.discord_channels
    )


def repo_schedule(repo: RepoConfig) -> RepoSchedule:
    """What the scheduler knows of a repository: its digest cron, grace, refresh and channels."""
    from datetime import timedelta

    from bot.scheduler import RepoSchedule

    d = repo.digest
    return RepoSchedule(
        repo=repo.name,
        tz=repo.tz,
        week_start=repo.week_start,
        cron=d.schedule,
        grace=timedelta(hours=d.grace_hours),
        refresh_minutes=d.refresh_minutes,
        channels=digest_channels(repo),
    )


def build_llm(config: Config) -> LLM | None:
    """The configured chat model, or None when the bot runs offline (`[llm] provider = "none"`).

    Raises ConfigError when Anthropic is chosen but ANTHROPIC_API_KEY is not set.
    """
    settings = config.settings.llm
    if settings.provider == "none":
        return None
    key = config.secrets.anthropic_api_key
    if not key:
        raise ConfigError(
            f'{config.source}: [llm] provider = "anthropic" needs the ANTHROPIC_API_KEY environment '
            'variable; set it, or set provider = "none" to run offline'
        )
    from bot.services.llm import AnthropicLLM  # the SDK is imported only when it is used

    return AnthropicLLM(
        api_key=key,
        model=settings.model,
        base_url=settings.base_url,
        timeout=settings.timeout_seconds,
        max_retries=settings.max_retries,
        max_concurrency=settings.max_concurrency,
        batch_poll_seconds=settings.batch_poll_seconds,
        batch_max_wait_seconds=settings.batch_max_wait_seconds,
    )


def build_classifier(
    config: Config, llm: LLM | None, taxonomy: Taxonomy, repo: str
) -> tuple[Classifier, HeuristicClassifier]:
    """The configured classifier and the heuristic one (always built: the offline fallback).

    The one place the Anthropic classifier is chosen: when an LLM is configured (`build_llm`).
    """
    from bot.services.heuristic import HeuristicClassifier

    heuristic = HeuristicClassifier(taxonomy)
    if llm is None:
        return heuristic, heuristic
    from bot.services.llm_classifier import AnthropicClassifier

    settings = config.settings.llm
    classifier = AnthropicClassifier(
        llm,
        taxonomy,
        heuristic,
        repo=repo,
        batch_size=settings.batch_size,
        body_limit=settings.classify_body_chars,
        use_batches_api=settings.use_batches_api,
    )
    return classifier, heuristic


def build_classification(
    config: Config, store: Store, repo_cfg: RepoConfig, llm: LLM | None = None
) -> ClassificationService:
    """The cached classification service for one repository, with its taxonomy."""
    from bot.services.classify import ClassificationService
    from bot.services.taxonomy import load_taxonomy

    taxonomy = load_taxonomy(repo_cfg.taxonomy, repo_cfg.name)
    classifier, heuristic = build_classifier(config, llm, taxonomy, repo_cfg.name)
    return ClassificationService(store, classifier, heuristic)


def build_discord(
    config: Config, handlers: BotHandlers, metrics: Metrics | None = None
) -> DiscordAdapter | None:
    """The Discord front end, or None when DISCORD_TOKEN is not set (Discord not in use)."""
    if config.secrets.missing(config.needed_secrets("discord")):
        return None
    from bot.adapters.discord_adapter import DiscordAdapter

    return DiscordAdapter(
        _answering(handlers, metrics),
        config.settings.discord,
        config.secrets.discord_token or "",
        metrics,
        store=handlers.store,
        repos=tuple(handlers.repos.values()),
    )


def build_github(config: Config, sleep: Callable[[float], None] = time.sleep) -> GitHubSource:
    """The PyGithub source for `[github]` (base_url, retries, rate-limit waits) and GITHUB_TOKEN."""
    from bot.services.github import GitHubSource  # PyGithub is imported only by commands that use it

    settings = config.settings.github
    return GitHubSource(
        base_url=settings.base_url,
        token=config.secrets.github_token,
        timeout_seconds=settings.timeout_seconds,
        max_retries=settings.max_retries,
        min_remaining=settings.min_remaining,
        max_wait_seconds=settings.max_wait_seconds,
        sleep=sleep,
    )


def build_slack(config: Config, handlers: BotHandlers, metrics: Metrics | None = None) -> SlackAdapter:
    """The Slack front end (not started); raises SlackSetupError naming a missing secret."""
    from bot.adapters.slack_adapter import SlackAdapter

    return SlackAdapter(
        _answering(handlers, metrics),
        config.settings.slack,
        config.secrets,
        metrics,
        store=handlers.store,
        repos=tuple(handlers.repos.values()),
    )


def _answering(handlers: BotHandlers, metrics: Metrics | None) -> ChatCore:
    """The core as a platform calls it: counted and timed for /metrics when `metrics` is given."""
    if metrics is None:
        return handlers
    from bot.adapters.core import InstrumentedHandlers

    return InstrumentedHandlers(handlers, metrics)


def platform_builders(
    config: Config, handlers: BotHandlers, metrics: Metrics | None = None
) -> dict[str, Callable[[], Platform]]:
    """A builder for each chat platform whose secrets are set; nothing is built or connected yet."""
    builders: dict[str, Callable[[], Platform]] = {
        "slack": lambda: build_slack(config, handlers, metrics),
        "discord": lambda: _required(build_discord(config, handlers, metrics)),
    }
    enabled, _ = config.enabled_platforms()
    return {name: builders[name] for name in enabled}


def _required(platform: Platform | None) -> Platform:
    assert platform is not None  # enabled means its secrets are set
    return platform


def build_platforms(
    config: Config, handlers: BotHandlers, metrics: Metrics | None = None
) -> dict[str, Platform]:
    """Slack and/or Discord, as their secrets allow (answering through the instrumented facade
    when `metrics` is given); logs which are off and how to turn them on."""
    enabled, hint = config.enabled_platforms()
    if not enabled:
        log.warning(
            "no chat platform is configured: running the scheduler and health server only; set %s", hint
        )
    elif hint:
        log.info("also available: %s", hint)
    return {name: build() for name, build in platform_builders(config, handlers, metrics).items()}


def build_refresher(
    config: Config,
    store: Store,
    classifications: Mapping[str, ClassificationSource],
    metrics: Metrics,
    *,
    clock: Clock = utcnow,
) -> Refresher:
    """The refresh use case with the GitHub source GITHUB_TOKEN enables (built on first use)."""
    from bot.services.refresh import Refresher

    def source() -> GitHubSource | None:
        return build_github(config) if config.secrets.github_token else None

    return Refresher(store, classifications, metrics, source=source, clock=clock)


def build_runtime(
    config: Config,
    store: Store,
    *,
    core: Core | None = None,
    platforms: Mapping[str, Platform] | None = None,
    metrics: Metrics | None = None,
    clock: Clock = utcnow,
) -> Runtime:
    """Everything `run` runs, over `store` (its owner closes it): the core, the platforms the
    secrets enable (answering through the instrumented facade), the digest poster, the
    subscription deliverer, the refresh, the scheduler's jobs and the health server. Tests pass
    their own core, platforms and clock."""
    from bot.adapters.subscription_posts import batch_targets
    from bot.health import HealthServer
    from bot.metrics import Metrics
    from bot.runtime import Runtime
    from bot.scheduler import BotScheduler, DigestJobs
    from bot.services.posting import DigestPoster
    from bot.services.subscriptions import SubscriptionDeliverer

    metrics = metrics or Metrics()
    core = core or build_core(config, store, clock=clock)
    if platforms is None:
        platforms = build_platforms(config, core.handlers, metrics)
    run = config.settings.run
    poster = DigestPoster(
        store,
        platforms,
        metrics,
        claim_ttl_seconds=run.claim_ttl_seconds,
        post_timeout_seconds=run.post_timeout_seconds,
        clock=clock,
    )
    deliverer = SubscriptionDeliverer(
        store,
        core.handlers.subscriptions,
        core.handlers.repo,
        batch_targets(platforms),
        metrics,
        clock=clock,
        claim_ttl_seconds=run.claim_ttl_seconds,
        post_timeout_seconds=run.post_timeout_seconds,
    )
    refresher = build_refresher(config, store, core.classifications, metrics, clock=clock)
    jobs = DigestJobs(
        [repo_schedule(r) for r in config.settings.repos],
        poster,
        core.handlers.digest,
        refresher,
        metrics,
        clock=clock,
        # The digest is due now: what is still unclassified goes by direct requests, not a
        # Message Batch that may take hours (the hourly refresh uses batches when enabled).
        digest_refresh=lambda repo, since: refresher(repo, since, allow_batch=False),
        deliver=deliverer.deliver,
        more_channels=deliverer.digest_channels,
    )
    scheduler = BotScheduler(jobs)
    health = HealthServer(
        store=store,
        targets=platforms,
        metrics=metrics,
        host=config.settings.health.host,
        port=config.settings.health.port,
        last_digest=lambda: poster.last_posted_at,
        scheduler_running=lambda: scheduler.running,
    )
    return Runtime(
        store=store,
        platforms=platforms,
        jobs=jobs,
        scheduler=scheduler,
        health=health,
        shutdown_seconds=run.shutdown_seconds,
    )
