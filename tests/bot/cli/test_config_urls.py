"""URLs in the configuration: credentials refused without being echoed, Redis database numbers checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import assert_clean_error, run_cli

TOKEN = "ghp_abcdefSECRET123"
URL_KEYS = [
    ("github", "base_url", f"http://{TOKEN}@127.0.0.1:9"),
    ("github", "base_url", f"https://x-access-token:{TOKEN}@ghe.example/api/v3"),
    ("llm", "base_url", f"http://user:{TOKEN}@127.0.0.1:9"),
    ("slack", "api_base_url", f"http://{TOKEN}@127.0.0.1:9/api/"),
    ("discord", "api_base_url", f"http://{TOKEN}@127.0.0.1:9"),
    ("store", "url", f"redis://:{TOKEN}@127.0.0.1:6379/15"),
]


@pytest.mark.parametrize(("section", "key", "url"), URL_KEYS)
def test_credentials_in_a_config_url_are_refused_without_echo(
    tmp_path: Path, section: str, key: str, url: str
) -> None:
    """A token inside a configured URL stops start-up with an error naming the key, not the token."""
    config = tmp_path / "config.toml"
    config.write_text(f'[{section}]\n{key} = "{url}"\n')
    result = run_cli("--config", str(config), "--store", f"sqlite:///{tmp_path / 'x.db'}", "stats")
    assert_clean_error(result, f"{section}.{key}", "credentials")
    assert TOKEN not in result.stderr + result.stdout


@pytest.mark.parametrize("db", ["abc", "-1", "1.5", "%20"])
def test_a_redis_url_with_a_bad_database_is_refused(db: str) -> None:
    """redis://host:port/abc is an error naming the database, not a silent database 0."""
    result = run_cli("--store", f"redis://127.0.0.1:6379/{db}", "stats")
    assert_clean_error(result, "is not a number")


def test_a_redis_url_with_a_good_database_is_used() -> None:
    """redis://host:port/15 opens database 15."""
    result = run_cli("--store", "redis://127.0.0.1:6379/15", "stats", "--repo", "nobody/nothing")
    assert "is not a number" not in result.stderr
