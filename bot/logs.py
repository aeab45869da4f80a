"""Logging set-up: one line per event, secrets from the environment redacted."""

from __future__ import annotations

import logging
import sys

from bot.config import Secrets


class RedactSecrets(logging.Filter):
    """Replace every configured secret value in a log line by `***`."""

    def __init__(self, secrets: Secrets) -> None:
        super().__init__()
        self._values = sorted((v for v in secrets.values() if v and len(v) >= 6), key=len, reverse=True)

    def filter(self, record: logging.LogRecord) -> bool:
        if not self._values:
            return True
        message = record.getMessage()
        redacted = message
        for value in self._values:
            redacted = redacted.replace(value, "***")
        if redacted != message:
            record.msg, record.args = redacted, None
        if record.exc_text:
            for value in self._values:
                record.exc_text = record.exc_text.replace(value, "***")
        return True


def setup_logging(level: str, secrets: Secrets) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(RedactSecrets(secrets))
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
