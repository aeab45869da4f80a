"""Load GitHub REST pull-request JSON (one object per line, or one JSON array) into the store.

Idempotent: records go through `upsert_prs`, so importing a file twice changes nothing.
Every field of every record is validated (bot/services/pr_record.py) before anything is
written: bad records are reported with their line (or array element) number and the field, and
skipped; good records are written in batches, each batch atomically, so a bad record never stops
the import and nothing is ever half-written.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from bot.services.pr_record import pull_request_from_record
from handlers.errors import BotError
from handlers.models import PullRequest, UpsertResult
from handlers.ports import Store

BATCH = 1000
SAMPLE_NAME = "vllm-sample.jsonl"
SAMPLE_REPO = "vllm-project/vllm"


@dataclass
class ImportReport:
    result: UpsertResult = UpsertResult()
    bad: list[tuple[int, str]] = field(default_factory=list)  # (line or element number, reason)
    read: int = 0


def sample_path() -> Path:
    """The real vLLM PRs shipped inside the package (see tools/make_sample.py)."""
    return Path(str(resources.files("bot") / "data" / SAMPLE_NAME))


def _open_text(path: Path) -> str:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise BotError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise BotError(f"{path}: is a directory, not a JSON file") from None
    except OSError as exc:
        raise BotError(f"{path}: cannot read: {exc.strerror}") from None
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BotError(f"{path}: not UTF-8 text (byte {exc.start})") from None


def parse_records(path: Path, repo: str, report: ImportReport) -> Iterator[PullRequest]:
    """Yield PRs from a JSONL file or a JSON array; record bad ones in `report.bad`."""
    text = _open_text(path)
    if text.lstrip().startswith("["):
        try:
            items = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BotError(f"{path}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
        numbered: Iterator[tuple[int, object]] = enumerate(items, start=1)
        unit = "element"
    else:
        numbered = _json_lines(text, report)
        unit = "line"
    for number, obj in numbered:
        report.read += 1
        try:
            yield pull_request_from_record(repo, obj)
        except ValueError as exc:
            report.bad.append((number, f"{unit} {number}: {exc}"))


def _json_lines(text: str, report: ImportReport) -> Iterator[tuple[int, object]]:
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            yield lineno, json.loads(line)
        except json.JSONDecodeError as exc:
            report.read += 1
            report.bad.append((lineno, f"line {lineno}: not valid JSON ({exc.msg})"))


async def import_file(
    store: Store,
    path: Path,
    repo: str,
    on_progress: Callable[[int], None] = lambda n: None,
) -> ImportReport:
    report = ImportReport()
    batch: list[PullRequest] = []
    for pr in parse_records(path, repo, report):
        batch.append(pr)
        if len(batch) >= BATCH:
            report.result += await store.upsert_prs(batch)
            on_progress(len(batch))
            batch = []
    if batch:
        report.result += await store.upsert_prs(batch)
        on_progress(len(batch))
    return report
