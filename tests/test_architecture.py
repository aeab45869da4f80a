"""The dependency rule: handlers/ is platform-neutral and never imports bot/ or an SDK."""

from __future__ import annotations

import ast
from pathlib import Path

FORBIDDEN = {
    "bot",
    "slack_bolt",
    "slack_sdk",
    "discord",
    "github",
    "anthropic",
    "redis",
    "apscheduler",
    "aiohttp",
    "click",
    "pydantic",
}
HANDLERS = Path(__file__).resolve().parent.parent / "handlers"


def test_handlers_import_no_sdk_and_not_bot() -> None:
    """No module under handlers/ imports bot/ or a platform, storage or LLM SDK."""
    offenders = []
    for path in sorted(HANDLERS.rglob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert offenders == []


def test_handlers_are_mypy_clean() -> None:
    """The platform-neutral core type-checks (mypy, project settings)."""
    import subprocess
    import sys

    root = HANDLERS.parent
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(root / ".mypy_cache"), "handlers"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
