"""The dependency rules: handlers/ is platform-neutral, adapters are independent, config is a
leaf, no module imports another that imports it back, only the CLI imports the composition root
(bot/bootstrap.py), the runtime builds nothing, and services know no chat platform (contracts in
pyproject.toml, [tool.importlinter], checked with import-linter; function-local and
TYPE_CHECKING imports count)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HANDLERS = ROOT / "handlers"
CONTRACTS = (
    "handlers/ is the platform-neutral core: nothing of bot/, no SDK",
    "the Slack adapter knows nothing of Discord",
    "the Discord adapter knows nothing of Slack",
    "config is a leaf: it imports nothing of bot/ but the cron parser",
    "no import cycles between sibling modules",
    "only the CLI imports the composition root",
    "the runtime builds nothing: no config, store, platform or use case",
    "services know no chat platform, runtime or scheduler",
)


def test_layer_contracts_hold() -> None:
    """Every import-linter contract is checked and kept (the report names each one KEPT)."""
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "from importlinter.cli import lint_imports_command; lint_imports_command()",
            "--no-cache",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    report = result.stdout + result.stderr
    assert result.returncode == 0, report
    for name in CONTRACTS:
        assert f"{name} KEPT" in report, f"contract {name!r} missing from pyproject.toml\n{report}"


# Pure computation libraries (no I/O, no platform) the core may use besides the standard library
# (english_words reads only its own packaged word list).
PURE_LIBRARIES = {"cachetools", "dateutil", "english_words", "rapidfuzz"}


def test_handlers_import_only_the_standard_library_pure_libraries_and_themselves() -> None:
    """No module under handlers/ imports anything but the standard library, the listed pure
    libraries and handlers/ itself, so no SDK can creep in under a name the forbidden list lacks."""
    allowed = set(sys.stdlib_module_names) | PURE_LIBRARIES | {"handlers", "__future__"}
    offenders = []
    for path in sorted(HANDLERS.rglob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] not in allowed]
    assert offenders == []


def test_handlers_are_mypy_clean() -> None:
    """The platform-neutral core type-checks (mypy, project settings)."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(ROOT / ".mypy_cache"), "handlers"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def _imported_roots(path: Path) -> set[str]:
    """The top-level names a module imports, function-local imports included."""
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_bench_and_the_stand_ins_import_nothing_from_tests() -> None:
    """bench/ and standins/ run without tests/ (the stand-ins are shared through standins/), and
    the stand-ins, playing GitHub, Slack, Discord and Anthropic, know nothing of the bot."""
    offenders = [
        f"{path.relative_to(ROOT)}: {name}"
        for folder, forbidden in (("bench", {"tests"}), ("standins", {"tests", "bot", "handlers"}))
        for path in sorted((ROOT / folder).rglob("*.py"))
        for name in sorted(_imported_roots(path) & forbidden)
    ]
    assert offenders == []


def test_bench_finds_the_shared_data_only_through_bench_paths() -> None:
    """No bench script builds a path to ../shared itself: all go through bench/paths.py, which
    honours PRBOT_SHARED as tests/conftest.py does."""
    offenders = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "bench").glob("*.py"))
        if path.name != "paths.py"
        and any(
            isinstance(node, ast.Constant) and node.value == "shared"
            for node in ast.walk(ast.parse(path.read_text(), filename=str(path)))
        )
    ]
    assert offenders == []
