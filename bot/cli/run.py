"""`python -m bot run`: the long-running bot (chat platforms, weekly digests, health and metrics)."""

from __future__ import annotations

import click

from bot.cli import CliState, cli, run_command


@cli.command()
@click.pass_obj
def run(state: CliState) -> None:
    """Run the bot: Slack and/or Discord (as their secrets allow), the digest schedule, /healthz and /metrics.

    SIGTERM or Ctrl-C stops it cleanly: posts in flight finish first (within [run] shutdown_seconds).
    """
    from bot.bootstrap import build_runtime, build_store

    config = state.config

    async def serve() -> int:
        store = build_store(config)
        try:
            return await build_runtime(config, store).run()
        finally:
            await store.close()

    code = run_command(serve)
    if code:
        raise SystemExit(code)
