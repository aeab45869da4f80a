"""Run the real CLI (`python -m bot ...`) in a subprocess with a clean, offline environment."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _clean_env(env: dict[str, str] | None, cwd: Path | None) -> dict[str, str]:
    """The caller's environment without secrets or config, plus `env`."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PRBOT_", "SLACK_", "DISCORD_", "GITHUB_", "ANTHROPIC_", "REDIS_"))
    }
    clean["PYTHONPATH"] = str(ROOT)
    clean.setdefault("PRBOT_DATA_DIR", str((cwd or ROOT) / ".prbot-test-data"))
    clean.update(env or {})
    return clean


def run_cli(
    *args: str, env: dict[str, str] | None = None, cwd: Path | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """`python -m bot ARGS` with no secrets and no config from the caller's environment."""
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        capture_output=True,
        text=True,
        cwd=cwd or ROOT,
        env=_clean_env(env, cwd),
        timeout=timeout,
        check=False,
    )


def run_cli_on_terminal(
    *args: str, env: dict[str, str] | None = None, cwd: Path | None = None, timeout: float = 120
) -> tuple[int, str, bytes]:
    """`python -m bot ARGS` with stderr on a 100-column pseudo-terminal and stdout on a pipe:
    (exit status, stdout, every byte drawn on the terminal)."""
    clean = _clean_env(env, cwd)
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # a fresh pty has 0 columns
    with subprocess.Popen(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd or ROOT,
        env=clean,
        stdout=subprocess.PIPE,
        stderr=child,
        text=True,
    ) as proc:
        os.close(child)
        drawn = b""
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            drawn += chunk
        out = proc.stdout.read() if proc.stdout else ""
        proc.wait(timeout)
    os.close(main)
    return proc.returncode, out, drawn


def assert_clean_error(result: subprocess.CompletedProcess[str], *fragments: str) -> None:
    """Non-zero exit, one `error:` line naming the problem, no traceback."""
    assert result.returncode != 0, result.stdout
    assert "Traceback" not in result.stderr, result.stderr
    assert "error:" in result.stderr, result.stderr
    for fragment in fragments:
        assert fragment in result.stderr, result.stderr


async def run_cli_async(
    *args: str, env: dict[str, str] | None = None, timeout: float = 120
) -> tuple[int, str, str]:
    """`python -m bot ARGS` without blocking the event loop a stand-in in this process serves on.

    Returns (exit status, stdout, stderr). The environment is minimal: no secrets but those given.
    """
    import asyncio
    import tempfile

    base = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": tempfile.gettempdir()}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", *args,
        cwd=ROOT, env={**base, **(env or {})},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(proc.communicate(), timeout)
    return proc.returncode or 0, out.decode(), err.decode()
