"""Answer a platform delivery once: a store claim keyed by what the platform repeats on a replay
(Slack's trigger_id or message ts, Discord's interaction id)."""

from __future__ import annotations

import logging
import uuid
from typing import Any

from handlers.errors import StoreUnavailable

log = logging.getLogger(__name__)


async def first_delivery(store: Any, key: str, instance: str, seconds: float, platform: str) -> bool:
    """Claim `key` for `seconds`; False when some delivery already claimed it. A store that is
    down answers True (better a rare duplicate answer than none), logged."""
    try:
        # A fresh owner per delivery: a replay in this same process must not re-claim.
        return bool(await store.claim(key, f"{instance}:{uuid.uuid4().hex}", seconds))
    except StoreUnavailable as exc:
        log.warning("%s: duplicate check unavailable (%s); answering anyway", platform, exc)
        return True
