"""Logging set-up: one line per event, secrets from the environment redacted."""

from __future__ import annotations

import logging
import sys

from bot.config import Secrets


class RedactingFormatter(logging.Formatter):
    """Formats a record, then replaces every configured secret value by `***`.

    Redacting the finished text (not the record) also covers arguments and tracebacks, which
    are only rendered at formatting time.
    """

    def __init__(self, fmt: str, secrets: Secrets) -> None:
        super().__init__(fmt)
        self._values = sorted((v for v in secrets.values() if v and len(v) >= 6), key=len, reverse=True)

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        for value in self._values:
            text = text.replace(value, "***")
        return text


def setup_logging(level: str, secrets: Secrets) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(RedactingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s", secrets))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # Client libraries are chatty at INFO; their warnings still show.
    for noisy in (
        "urllib3",
        "github",
        "httpx",
        "anthropic",
        "discord",
        "slack_bolt",
        "slack_sdk",
        "apscheduler",
    ):
        logging.getLogger(noisy).setLevel(max(logging.WARNING, logging.getLevelName(level)))
