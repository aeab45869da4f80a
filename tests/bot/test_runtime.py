"""`python -m bot run` as a real process: start-up without platforms, health, clean SIGTERM."""

from __future__ import annotations

import signal
from pathlib import Path

import aiohttp

from tests.bot.runner import BotProcess, clean_env, free_port


def write_config(tmp: Path, port: int, extra: str = "") -> Path:
    config = tmp / "config.toml"
    config.write_text(
        f"""
[store]
url = "sqlite:///{tmp / "bot.db"}"

[health]
host = "127.0.0.1"
port = {port}
{extra}
"""
    )
    return config


async def test_run_without_platforms_serves_health_and_says_how_to_enable_them(tmp_path: Path) -> None:
    """No chat secrets: the scheduler and /healthz still run, and the log names the env vars."""
    port = free_port()
    bot = BotProcess(write_config(tmp_path, port), clean_env(tmp_path), tmp_path / "bot.log")
    try:
        body = await bot.wait_healthy(port)
        assert body["adapters"] == {} and body["scheduler"] == "running"
        log = bot.text()
        assert "no chat platform is configured" in log
        assert "SLACK_BOT_TOKEN" in log and "DISCORD_TOKEN" in log
    finally:
        bot.kill()


async def test_metrics_are_served_by_the_running_bot(tmp_path: Path) -> None:
    """/metrics of a running bot lists the bot's counters in Prometheus text."""
    port = free_port()
    bot = BotProcess(write_config(tmp_path, port), clean_env(tmp_path), tmp_path / "bot.log")
    try:
        await bot.wait_healthy(port)
        async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{port}/metrics") as resp:
            text = await resp.text()
        assert "# TYPE prbot_digests_posted_total counter" in text
    finally:
        bot.kill()


async def test_sigterm_exits_cleanly_with_status_zero(tmp_path: Path) -> None:
    """SIGTERM stops the bot with exit status 0 and a 'stopped' log line."""
    port = free_port()
    bot = BotProcess(write_config(tmp_path, port), clean_env(tmp_path), tmp_path / "bot.log")
    try:
        await bot.wait_healthy(port)
        bot.signal(signal.SIGTERM)
        assert await bot.wait_exit() == 0
        assert "stopped" in bot.text()
    finally:
        bot.kill()
