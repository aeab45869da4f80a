"""Per-channel pacing of posts: a token bucket per channel, so one busy channel waits its turn
while every other channel posts at once.

Slack allows about one message per second per channel with short bursts; Discord's per-channel
buckets are similar. A post waits here (outside the answer slots) instead of being refused with
a 429 and sleeping Retry-After inside a slot every answer needs. `pause(channel, seconds)`
honours a Retry-After the platform sent anyway.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

T = TypeVar("T")


@dataclass
class _Bucket:
    tokens: float
    updated: float
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    paused_until: float = 0.0


class ChannelPacer:
    """`await pacer.run(channel, post)` runs `post()` when the channel's bucket allows it."""

    def __init__(self, per_second: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_second = per_second
        self.burst = max(1, burst)
        self._clock = clock
        self._buckets: dict[str, _Bucket] = {}

    def _bucket(self, channel: str) -> _Bucket:
        bucket = self._buckets.get(channel)
        if bucket is None:
            bucket = self._buckets[channel] = _Bucket(float(self.burst), self._clock())
        return bucket

    def pause(self, channel: str, seconds: float) -> None:
        """The platform said Retry-After: nothing more to this channel for `seconds`."""
        bucket = self._bucket(channel)
        bucket.paused_until = max(bucket.paused_until, self._clock() + seconds)
        bucket.tokens = 0.0

    async def run(self, channel: str, post: Callable[[], Awaitable[T]]) -> T:
        bucket = self._bucket(channel)
        async with bucket.lock:  # posts to one channel leave in order, one at a time
            while True:
                now = self._clock()
                if self.per_second > 0:
                    bucket.tokens = min(
                        float(self.burst), bucket.tokens + (now - bucket.updated) * self.per_second
                    )
                else:
                    bucket.tokens = float(self.burst)
                bucket.updated = now
                wait = bucket.paused_until - now
                if wait <= 0 and bucket.tokens >= 1:
                    break
                if wait <= 0:
                    wait = (1 - bucket.tokens) / self.per_second
                await asyncio.sleep(wait)
            bucket.tokens -= 1
            return await post()
