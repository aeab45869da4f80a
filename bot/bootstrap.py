"""The composition root: the one place that picks concrete implementations from config.

SQLite or Redis, heuristic or Anthropic, which chat platforms: decided here, built once and
passed in. Nothing else reads config to choose an implementation.
"""

from __future__ import annotations

import logging

from bot.config import Config, ConfigError, RepoConfig
from bot.services.classify import ClassificationService
from bot.services.heuristic import HeuristicClassifier
from bot.services.taxonomy import load_taxonomy
from bot.store import open_store
from handlers.models import Taxonomy
from handlers.ports import Classifier, Store

log = logging.getLogger(__name__)


def build_store(config: Config) -> Store:
    return open_store(config.store_url, redis_prefix=config.settings.store.redis_prefix)


def build_classifier(
    config: Config, taxonomy: Taxonomy, kind: str = ""
) -> tuple[Classifier, HeuristicClassifier]:
    """The configured classifier and the heuristic one (always built: the offline fallback).

    `kind`: "" follows config (`llm.provider`), "heuristic" or "llm" force one.
    """
    heuristic = HeuristicClassifier(taxonomy)
    wants_llm = kind == "llm" or (
        kind == "" and config.settings.llm.provider == "anthropic" and bool(config.secrets.anthropic_api_key)
    )
    if not wants_llm:
        return heuristic, heuristic
    # The one place the Anthropic classifier is chosen (llm.provider == "anthropic" and a key is
    # set); it is connected here once bot/services/llm_classifier.py lands.
    if kind == "llm":
        raise ConfigError("--classifier llm: the Anthropic classifier is not available in this build yet")
    log.warning(
        "llm.provider is anthropic but the Anthropic classifier is not wired yet; using the heuristic"
    )
    return heuristic, heuristic


def build_classification(config: Config, store: Store, repo_cfg: RepoConfig) -> ClassificationService:
    """The cached classification service for one repository, with its taxonomy."""
    taxonomy = load_taxonomy(repo_cfg.taxonomy, repo_cfg.name)
    classifier, heuristic = build_classifier(config, taxonomy)
    return ClassificationService(store, classifier, heuristic)
