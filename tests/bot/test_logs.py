"""Logging: one line per event, and secret values never reach the log."""

from __future__ import annotations

import logging

import pytest

from bot.config import Secrets
from bot.logs import setup_logging


def test_secret_values_are_redacted_from_log_lines(capfd: pytest.CaptureFixture[str]) -> None:
    """A token that ends up in a message or its arguments is printed as ***."""
    secrets = Secrets(github_token="ghp_topsecretvalue123", slack_bot_token="xoxb-another-secret-1")
    setup_logging("INFO", secrets)
    log = logging.getLogger("bot.test")
    log.info("request failed with token ghp_topsecretvalue123")
    log.warning("slack said %s", "bad auth for xoxb-another-secret-1")
    err = capfd.readouterr().err
    assert "topsecret" not in err and "another-secret" not in err
    assert err.count("***") == 2
    assert len(err.strip().splitlines()) == 2  # one line per event


def test_exception_text_is_redacted_too(capfd: pytest.CaptureFixture[str]) -> None:
    """A traceback logged with exc_info does not leak a secret either."""
    setup_logging("INFO", Secrets(discord_token="MTAx.discord.secret.token"))
    log = logging.getLogger("bot.test")
    try:
        raise RuntimeError("login failed for MTAx.discord.secret.token")
    except RuntimeError:
        log.exception("discord start failed")
    assert "discord.secret" not in capfd.readouterr().err
