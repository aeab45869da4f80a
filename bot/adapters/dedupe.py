"""Answer a platform delivery once: a store claim keyed by what the platform repeats on a replay
(Slack's trigger_id or message ts, Discord's interaction id)."""

from __future__ import annotations

import asyncio
import logging
import uuid
from typing import Any

from handlers.errors import StoreUnavailable

log = logging.getLogger(__name__)


async def first_delivery(
    store: Any, key: str, instance: str, seconds: float, platform: str, *, timeout: float | None = None
) -> bool:
    """Claim `key` for `seconds`; False when some delivery already claimed it. A store that is
    down, or slower than `timeout` (a check made before an acknowledgement must not make it
    late), answers True: better a rare duplicate answer than none. Logged."""
    try:
        # A fresh owner per delivery: a replay in this same process must not re-claim.
        claim = store.claim(key, f"{instance}:{uuid.uuid4().hex}", seconds)
        return bool(await asyncio.wait_for(claim, timeout))
    except StoreUnavailable as exc:
        log.warning("%s: duplicate check unavailable (%s); answering anyway", platform, exc)
        return True
    except TimeoutError:
        log.warning("%s: duplicate check took over %.1f s; answering anyway", platform, timeout or 0)
        return True
