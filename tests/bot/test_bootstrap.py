"""The composition root (bot/bootstrap.py): config in, the concrete parts the config names out."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.bootstrap import build_classifier, build_handlers, build_llm, build_store
from bot.config import Config, ConfigError, load_config
from bot.services.heuristic import HeuristicClassifier
from bot.services.llm_classifier import AnthropicClassifier
from bot.services.taxonomy import load_taxonomy

CONFIG = """
[query]
default_days = 14
max_items = 5

[followup]
thread_ttl_days = 2
max_turns = 3

[[repos]]
name = "vllm-project/vllm"
timezone = "Europe/Berlin"
week_start = "sunday"

[[repos]]
name = "octo/Widget.js"
"""


def config_from(tmp_path: Path, text: str = CONFIG, **env: str) -> Config:
    path = tmp_path / "config.toml"
    path.write_text(text)
    return load_config(path, env={"PRBOT_DATA_DIR": str(tmp_path / "data"), **env})


async def test_handlers_get_each_repo_with_its_command_timezone_and_query_defaults(tmp_path: Path) -> None:
    """Every [[repos]] table becomes RepoSettings with the [query] and [followup] values."""
    config = config_from(tmp_path)
    store = build_store(config)
    try:
        handlers = build_handlers(config, store)
        vllm = handlers.repo("vllm-project/vllm")
        assert (vllm.command, vllm.tz, vllm.week_start) == ("vllm", ZoneInfo("Europe/Berlin"), "sunday")
        assert (vllm.default_days, vllm.max_items) == (14, 5)
        assert handlers.repo_for_command("/widget-js") is handlers.repo("octo/Widget.js")
        assert handlers.limits.thread_ttl_seconds == int(timedelta(days=2).total_seconds())
        assert handlers.limits.max_turns == 3
        assert set(handlers.classifications) == {"vllm-project/vllm", "octo/Widget.js"}
    finally:
        await store.close()


async def test_handlers_get_every_shipped_prompt_with_its_version(tmp_path: Path) -> None:
    """Digest, follow-up and synthesis prompts are loaded from the package and renderable."""
    config = config_from(tmp_path)
    store = build_store(config)
    try:
        handlers = build_handlers(config, store)
        prompts = (handlers.digest_prompt, handlers.followup_prompt, handlers.query.synthesis_prompt)
        assert all(p is not None and p.version for p in prompts)
        assert handlers.followup_prompt is not None
        assert "octo/x" in handlers.followup_prompt.render_system(repo="octo/x")
    finally:
        await store.close()


async def test_the_store_is_the_one_the_config_names(tmp_path: Path) -> None:
    """With data_dir set and no store URL, the store is a working SQLite file in that directory."""
    data = tmp_path / "mine"
    data.mkdir()
    config = config_from(tmp_path, f'data_dir = "{data}"\n' + CONFIG)
    store = build_store(config)
    try:
        await store.ping()
        assert await store.count_prs("vllm-project/vllm") == 0
    finally:
        await store.close()
    assert (data / "prbot.db").is_file()


def test_no_llm_when_the_provider_is_none(tmp_path: Path) -> None:
    """The default config runs offline: no model client is built."""
    assert build_llm(config_from(tmp_path)) is None


def test_anthropic_without_its_key_is_one_clear_error(tmp_path: Path) -> None:
    """provider = "anthropic" with no ANTHROPIC_API_KEY names the variable and the way out."""
    config = config_from(tmp_path, CONFIG + '\n[llm]\nprovider = "anthropic"\n')
    with pytest.raises(ConfigError, match=r"ANTHROPIC_API_KEY.*provider = \"none\""):
        build_llm(config)


def test_anthropic_with_its_key_classifies_with_the_heuristic_as_fallback(tmp_path: Path) -> None:
    """With a key the Anthropic classifier is chosen, batch size from [llm], heuristic behind it."""
    config = config_from(
        tmp_path, CONFIG + '\n[llm]\nprovider = "anthropic"\nbatch_size = 7\n', ANTHROPIC_API_KEY="sk-test"
    )
    llm = build_llm(config)
    assert llm is not None
    taxonomy = load_taxonomy("vllm")
    classifier, heuristic = build_classifier(config, llm, taxonomy, "vllm-project/vllm")
    assert isinstance(classifier, AnthropicClassifier) and classifier.batch_size == 7
    assert isinstance(heuristic, HeuristicClassifier) and classifier.fallback is heuristic


def test_offline_the_heuristic_is_both_classifier_and_fallback(tmp_path: Path) -> None:
    """Without an LLM the same heuristic instance answers and backs itself up."""
    config = config_from(tmp_path)
    classifier, heuristic = build_classifier(config, None, load_taxonomy("vllm"), "vllm-project/vllm")
    assert classifier is heuristic
