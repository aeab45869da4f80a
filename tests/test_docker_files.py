"""The Dockerfile and docker-compose.yml hold the deployment essentials (no Docker engine here)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from bot.config import HealthConfig

ROOT = Path(__file__).resolve().parent.parent


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of the Dockerfile, continuation lines joined."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text())
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_image_is_slim_python_311() -> None:
    """The base image is python:3.11-slim."""
    assert instructions()[0] == ("FROM", "python:3.11-slim")


def test_image_runs_as_a_non_root_user() -> None:
    """The last USER is a named non-root user."""
    users = [arg for word, arg in instructions() if word == "USER"]
    assert users and users[-1] not in ("root", "0")


def test_dependencies_are_installed_before_the_source_is_copied() -> None:
    """pyproject.toml is copied and installed before bot/ and handlers/, so the layer caches."""
    steps = instructions()
    first_pyproject = next(i for i, (w, a) in enumerate(steps) if w == "COPY" and "pyproject.toml" in a)
    first_install = next(i for i, (w, a) in enumerate(steps) if w == "RUN" and "pip install" in a)
    first_source = next(
        i for i, (w, a) in enumerate(steps) if w == "COPY" and a.startswith(("bot", "handlers"))
    )
    assert first_pyproject < first_install < first_source


def test_container_runs_python_m_bot_run() -> None:
    """ENTRYPOINT + CMD make `python -m bot run`, in exec form so SIGTERM reaches the bot."""
    steps = dict(instructions())
    assert json.loads(steps["ENTRYPOINT"]) + json.loads(steps["CMD"]) == ["python", "-m", "bot", "run"]


def test_healthcheck_hits_healthz_on_the_health_port() -> None:
    """HEALTHCHECK fetches /healthz with Python (no curl) on the default [health] port, which is exposed."""
    steps = instructions()
    check = next(arg for word, arg in steps if word == "HEALTHCHECK")
    env = next(arg for word, arg in steps if word == "ENV")
    assert "python -c" in check and "urllib.request" in check and "/healthz" in check
    assert f"PRBOT_HEALTH_PORT={HealthConfig().port}" in env
    assert ("EXPOSE", str(HealthConfig().port)) in steps


def test_config_is_read_from_the_mounted_file() -> None:
    """PRBOT_CONFIG points at /config/config.toml, where compose mounts the config."""
    env = " ".join(arg for word, arg in instructions() if word == "ENV")
    assert "PRBOT_CONFIG=/config/config.toml" in env
    bot = compose()["services"]["bot"]
    assert any(v.split(":")[1] == "/config/config.toml" for v in bot["volumes"])


def test_bot_uses_the_redis_service_through_redis_url() -> None:
    """The bot's REDIS_URL names the compose redis service, and it waits for it."""
    services = compose()["services"]
    assert services["bot"]["environment"]["REDIS_URL"] == "redis://redis:6379/0"
    assert "redis" in services
    assert "redis" in services["bot"]["depends_on"]


def test_secrets_come_from_an_env_file() -> None:
    """Secrets are loaded from an env file, not written into compose."""
    bot = compose()["services"]["bot"]
    assert bot["env_file"]
    assert not any(re.search("TOKEN|SECRET|API_KEY", k) for k in bot["environment"])


def test_redis_persists_to_a_volume() -> None:
    """Redis runs with appendonly yes and keeps /data on a named volume."""
    doc = compose()
    redis = doc["services"]["redis"]
    command = " ".join(redis["command"]) if isinstance(redis["command"], list) else redis["command"]
    assert "--appendonly yes" in command
    volume = next(v for v in redis["volumes"] if v.endswith(":/data"))
    assert volume.split(":")[0] in doc["volumes"]
