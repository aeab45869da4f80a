"""Configuration loading: the shipped example is valid and secrets stay out of files."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from bot.config import FileConfig, load_config, validated

ROOT = Path(__file__).resolve().parents[2]


def test_example_config_is_valid_and_matches_the_defaults() -> None:
    """config.example.toml loads, and every value it shows is the built-in default."""
    config = load_config(ROOT / "config.example.toml", env={})
    assert config.settings == FileConfig()
    assert config.store_url.startswith("sqlite:///")


def test_the_built_in_defaults_pass_validation() -> None:
    """With no file the defaults are used without pydantic (a faster start); they are valid."""
    defaults = dataclasses.asdict(FileConfig())
    assert validated(FileConfig, defaults, "defaults") == FileConfig()


def test_example_config_documents_every_key() -> None:
    """Every option of every section appears in config.example.toml."""
    text = (ROOT / "config.example.toml").read_text()
    missing = []
    for section in dataclasses.fields(FileConfig):
        if section.name == "repos":
            continue  # a list of tables: checked through RepoConfig below
        default = section.default
        keys = (
            [f.name for f in dataclasses.fields(default)]
            if dataclasses.is_dataclass(default)
            else [section.name]
        )
        missing += [key for key in keys if f"{key} =" not in text and f"{key} = " not in text]
    from bot.config import DigestConfig, RepoConfig

    for model_cls in (RepoConfig, DigestConfig):
        missing += [
            f.name for f in dataclasses.fields(model_cls) if f"{f.name} =" not in text and f.name != "digest"
        ]
    assert missing == []


def test_redis_url_env_overrides_the_file_and_cli_overrides_both(tmp_path: Path) -> None:
    """--store beats REDIS_URL, which beats [store].url."""
    file = tmp_path / "c.toml"
    file.write_text('[store]\nurl = "sqlite:///file.db"\n')
    assert load_config(file, env={}).store_url == "sqlite:///file.db"
    assert load_config(file, env={"REDIS_URL": "redis://r:6379/0"}).store_url == "redis://r:6379/0"
    assert (
        load_config(file, store_url="sqlite:///cli.db", env={"REDIS_URL": "redis://r/0"}).store_url
        == "sqlite:///cli.db"
    )


def test_secrets_come_from_the_environment_and_never_print() -> None:
    """Secrets are read from env vars; their repr shows only set/unset."""
    config = load_config(None, env={"DISCORD_TOKEN": "abc.def.ghi", "PRBOT_CONFIG": ""})
    assert config.secrets.discord_token == "abc.def.ghi"
    assert "abc.def" not in repr(config.secrets)
