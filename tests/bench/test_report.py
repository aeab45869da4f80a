"""Smoke test of the benchmark report: `bench/report.py --quick` runs every bench script end to end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SECTIONS = (
    "## Machine",
    "## Targets",
    "## Store",
    "## Ingest",
    "## Classification",
    "## Digest prompt size",
    "## Query latency",
    "## Empty answers",
    "## Slack",
    "## Start-up",
    "## Memory",
)


@pytest.mark.timeout(240)
def test_quick_report_has_every_section_and_the_chart(
    tmp_path: Path, redis_url: str, shared_data: Path
) -> None:
    """A --quick report runs every script, writes each section with numbers and the latency chart."""
    out = tmp_path / "benchmarks.md"
    # The shared data the rest of the suite uses (PRBOT_SHARED or ../shared), or a clear failure.
    env = {**os.environ, "PRBOT_SHARED": str(shared_data.parents[1])}
    done = subprocess.run(
        [sys.executable, "bench/report.py", "--quick", "--out", str(out), "--redis", redis_url],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=230,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    text = out.read_text()
    assert [s for s in SECTIONS if s not in text] == []
    assert "Not measured" not in text
    assert "](query-latency.png)" in text
    assert (tmp_path / "query-latency.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
