"""Progress bars of long commands (`import`, `classify`, `ingest`): drawn on a terminal, absent
from pipes and logs."""

from __future__ import annotations

from pathlib import Path

from tests.cli_helpers import run_cli, run_cli_on_terminal


def test_import_and_classify_draw_progress_on_a_terminal(tmp_path: Path) -> None:
    """On a terminal, import and classify each draw a labelled bar with the total."""
    store = f"sqlite:///{tmp_path / 'store.db'}"
    code, out, drawn = run_cli_on_terminal("--store", store, "import", "--sample", cwd=tmp_path)
    assert code == 0 and "432 new" in out
    assert b"importing vllm-sample.jsonl" in drawn and b"/432 " in drawn
    code, out, drawn = run_cli_on_terminal("--store", store, "classify", cwd=tmp_path)
    assert code == 0 and "classified 432" in out
    assert b"classifying vllm-project/vllm" in drawn and b"/432 " in drawn


def test_pipes_stay_quiet(tmp_path: Path) -> None:
    """Through pipes (scripts, cron, logs) import and classify print their result line and
    nothing on stderr: no bar, no carriage returns."""
    store = f"sqlite:///{tmp_path / 'store.db'}"
    imported = run_cli("--store", store, "import", "--sample", cwd=tmp_path)
    classified = run_cli("--store", store, "classify", cwd=tmp_path)
    for result in (imported, classified):
        assert result.returncode == 0, result.stderr
        assert result.stderr == "" and "\r" not in result.stdout
        assert len(result.stdout.splitlines()) == 1
