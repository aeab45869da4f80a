"""A small real Digest value for runtime, scheduler and posting tests."""

from __future__ import annotations

from handlers.models import Digest, DigestCounts, Text, Window


def sample_digest(repo: str, window: Window) -> Digest:
    """A minimal digest for `window` (the posting path never looks inside it)."""
    return Digest(
        repo=repo,
        window=window,
        title=f"{repo} weekly digest: {window.label}",
        takeaways=(Text("A quiet week."),),
        sections=(),
        table=(),
        counts=DigestCounts(0, 0, 0, 0, 0, 0, 0, 0),
        mode="offline",
    )
