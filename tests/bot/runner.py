"""Start `python -m bot run` as a real subprocess with a config of the test's own."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def clean_env(tmp: Path, **extra: str) -> dict[str, str]:
    """No secrets, no config from the environment, data under tmp."""
    keep = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL", "SYSTEMROOT", "TZ")}
    keep.update(HOME=str(tmp), XDG_DATA_HOME=str(tmp / "xdg"), PRBOT_DATA_DIR=str(tmp / "data"))
    keep.update(extra)
    return keep


class BotProcess:
    """One `python -m bot run` process; its stderr goes to a file the test can read."""

    def __init__(self, config: Path, env: dict[str, str], log: Path) -> None:
        self.log = log
        self._out = log.open("wb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bot", "--config", str(config), "run"],
            cwd=ROOT,
            env=env,
            stdout=self._out,
            stderr=subprocess.STDOUT,
        )

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    async def wait_healthy(self, port: int, timeout: float = 15) -> dict:
        async with aiohttp.ClientSession() as http:
            for _ in range(int(timeout * 10)):
                if self.proc.poll() is not None:
                    raise AssertionError(f"bot exited with {self.proc.returncode}:\n{self.text()}")
                try:
                    async with http.get(f"http://127.0.0.1:{port}/healthz") as resp:
                        if resp.status == 200:
                            return await resp.json()
                except aiohttp.ClientError:
                    pass
                await asyncio.sleep(0.1)
        raise AssertionError(f"bot not healthy after {timeout} s:\n{self.text()}")

    async def wait_log(self, needle: str, timeout: float = 15) -> None:
        for _ in range(int(timeout * 10)):
            if needle in self.text():
                return
            if self.proc.poll() is not None:
                break
            await asyncio.sleep(0.1)
        raise AssertionError(f"{needle!r} not logged:\n{self.text()}")

    def signal(self, sig: int = signal.SIGTERM) -> None:
        self.proc.send_signal(sig)

    async def wait_exit(self, timeout: float = 30) -> int:
        for _ in range(int(timeout * 10)):
            if self.proc.poll() is not None:
                self._out.close()
                return self.proc.returncode
            await asyncio.sleep(0.1)
        self.proc.kill()
        raise AssertionError(f"bot did not exit within {timeout} s:\n{self.text()}")

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self._out.close()
