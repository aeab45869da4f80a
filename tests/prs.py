"""Pull requests for tests, built the way GitHub describes them."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from handlers.models import PullRequest


def merged_pr(repo: str, number: int, title: str, when: datetime, **changes: Any) -> PullRequest:
    """A PR opened, closed and merged at `when` by `dev`, with its GitHub URL; `changes` override."""
    pr = PullRequest(
        repo=repo,
        number=number,
        title=title,
        author="dev",
        state="closed",
        created_at=when,
        updated_at=when,
        merged_at=when,
        closed_at=when,
        url=f"https://github.com/{repo}/pull/{number}",
    )
    return replace(pr, **changes) if changes else pr
