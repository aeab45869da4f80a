"""Loading GitHub pull-request JSON into the store (bot/services/importer.py): JSONL, JSON arrays
and gzip; bad records reported by number and skipped; a second import changes nothing."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from bot.services.importer import import_file, sample_path
from handlers.errors import BotError
from handlers.ports import Store

REPO = "o/r"


def record(number: int, **fields: Any) -> dict[str, Any]:
    return {
        "number": number,
        "title": f"PR {number}",
        "user": {"login": "dev"},
        "state": "open",
        "created_at": "2026-02-25T10:00:00Z",
        "updated_at": "2026-02-25T10:00:00Z",
    } | fields


async def test_good_records_are_stored_and_bad_ones_reported_by_line(store: Store, tmp_path: Path) -> None:
    """A JSONL file with a broken line and a record without a title stores the rest and names both lines."""
    path = tmp_path / "prs.jsonl"
    lines = [json.dumps(record(1)), "{not json", json.dumps(record(2, title=None)), json.dumps(record(3))]
    path.write_text("\n".join(lines) + "\n")
    report = await import_file(store, path, REPO)
    assert (report.read, report.result.inserted) == (4, 2)
    assert [n for n, _ in report.bad] == [2, 3]
    assert "line 2: not valid JSON" in report.bad[0][1] and "title" in report.bad[1][1]
    assert sorted(await store.get_prs(REPO, [1, 2, 3])) == [1, 3]


async def test_a_second_import_of_the_same_file_changes_nothing(store: Store, tmp_path: Path) -> None:
    """Importing is idempotent: the same records again are all unchanged."""
    path = tmp_path / "prs.json"
    path.write_text(json.dumps([record(1), record(2)]))  # a JSON array works as well as JSONL
    first = await import_file(store, path, REPO)
    again = await import_file(store, path, REPO)
    assert (first.result.inserted, again.result.inserted, again.result.unchanged) == (2, 0, 2)


async def test_a_gzipped_file_is_read_as_its_text(store: Store, tmp_path: Path) -> None:
    """`.gz` exports load without unpacking them first."""
    path = tmp_path / "prs.jsonl.gz"
    path.write_bytes(gzip.compress((json.dumps(record(7)) + "\n").encode()))
    report = await import_file(store, path, REPO)
    assert report.result.inserted == 1 and (await store.get_pr(REPO, 7)) is not None


async def test_a_missing_file_is_one_readable_error(store: Store, tmp_path: Path) -> None:
    """No traceback: the error names the file."""
    with pytest.raises(BotError, match="no such file"):
        await import_file(store, tmp_path / "absent.jsonl", REPO)


def test_the_bundled_sample_ships_with_the_package() -> None:
    """`import --sample` reads a file inside the installed package."""
    assert sample_path().is_file()
