"""Where the bench scripts find the shared data: $PRBOT_SHARED, else ../shared beside the checkout
(the same rule as tests/conftest.py)."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def shared_dir() -> Path:
    """The shared/ folder (holding data/vllm/)."""
    return Path(os.environ.get("PRBOT_SHARED") or ROOT.parent / "shared")


def vllm_data() -> Path:
    """shared/data/vllm: merged-pulls.jsonl, pr-bodies-sample.jsonl, the labelled week."""
    return shared_dir() / "data" / "vllm"
