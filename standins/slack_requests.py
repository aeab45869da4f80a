"""What Slack sends the bot: recorded request payloads and Slack's request signature.

Slash commands are form-encoded, events JSON; both are signed
`v0=HMAC-SHA256(secret, "v0:{timestamp}:{body}")` with X-Slack-Request-Timestamp. Used by the
Slack tests (tests/bot/adapters/slack_harness.py) and the Slack load benchmark.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from pathlib import Path
from typing import Any

PAYLOADS = Path(__file__).resolve().parent / "payloads" / "slack"
SIGNING_SECRET = "8f742231b10e8888abcd99yyyzzz85a5"
CHANNEL = "C2147483705"
USER = "U2147483697"


def fixture(name: str) -> dict[str, Any]:
    """A recorded payload (`payloads/slack/<name>`), without its `_comment`, as a fresh dict."""
    data = json.loads((PAYLOADS / name).read_text())
    data.pop("_comment", None)
    return data


def sign(body: str, *, timestamp: int | None = None, secret: str = SIGNING_SECRET) -> dict[str, str]:
    """The two headers Slack adds to every request it sends."""
    stamp = str(int(time.time()) if timestamp is None else timestamp)
    digest = hmac.new(secret.encode(), f"v0:{stamp}:{body}".encode(), hashlib.sha256).hexdigest()
    return {"X-Slack-Request-Timestamp": stamp, "X-Slack-Signature": f"v0={digest}"}
