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
    from bot.runtime import run_bot

    config = state.config
    code = run_command(lambda: run_bot(config))
    if code:
        raise SystemExit(code)


@cli.command("post-digest")
@click.option("--repo", metavar="OWNER/NAME", help="Repository (default: the first configured).")
@click.option(
    "--at",
    metavar="TIME",
    help="Post the week of the latest scheduled run before this UTC time (default: now).",
)
@click.pass_obj
def post_digest(state: CliState, repo: str | None, at: str | None) -> None:
    """Post the weekly digest now, through the same exactly-once guard as the scheduler.

    Channels that already have this week's digest are skipped; exit status 1 when any post failed.
    """
    from bot.runtime import post_digest_now
    from handlers.models import parse_time

    config = state.config
    try:
        when = parse_time(at) if at else None
    except ValueError:
        raise click.BadParameter(
            f"{at!r} is not an ISO time like 2026-03-02T09:00:00Z", param_hint="--at"
        ) from None
    outcomes = run_command(lambda: post_digest_now(config, config.repo(repo).name, when))
    for outcome in outcomes:
        detail = outcome.message_id or outcome.error
        click.echo(
            f"{outcome.channel}: {outcome.status.replace('_', ' ')}" + (f" ({detail})" if detail else "")
        )
    if any(o.status == "failed" for o in outcomes):
        raise SystemExit(1)
