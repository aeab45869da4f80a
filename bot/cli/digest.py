"""`digest`: build (and store) the digest of a window and print it as Markdown, text or JSON.

The window is the last full calendar week in the repo's timezone unless `--since/--until`
(local dates, both included) or `--week-ending` say otherwise. Slack and Discord JSON come from
their renderers when those modules are installed.

`--post` posts it instead of printing it: to the repo's configured Slack and Discord channels,
through the scheduler's exactly-once guard (bot/services/posting.py), one line per channel.
"""

from __future__ import annotations

import importlib
import json
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, tzinfo
from pathlib import Path
from typing import Any

import click

from bot.bootstrap import build_handlers, build_store, digest_channels, platform_builders
from bot.cli import CliState, cli, run_command
from bot.cli.ask import _now as parse_now
from bot.config import PLATFORMS, Config
from bot.services.posting import PostOutcome
from handlers.calendar import week_start_of
from handlers.digest import digest_json, last_full_week, window_for_dates
from handlers.digest import week_ending as week_ending_window
from handlers.errors import BotError
from handlers.models import Digest, Window

FORMATS = ("markdown", "text", "json", "slack-json", "discord-json")
_JSON_RENDERERS = {
    "slack-json": ("bot.adapters.slack_render", "render_digest_blocks"),
    "discord-json": ("bot.adapters.discord_render", "render_digest_messages"),
}


def renderer_for(fmt: str, tz: tzinfo = UTC) -> Callable[[Digest], str]:
    """The function turning a Digest into the output text; a clear error if it is not installed."""
    if fmt == "json":
        return lambda digest: json.dumps(digest_json(digest, tz), indent=2, ensure_ascii=False) + "\n"
    if fmt == "markdown":
        from bot.adapters.markdown_render import render_digest_markdown

        return render_digest_markdown
    if fmt == "text":
        from bot.adapters.digest_text_render import render_digest_text

        return render_digest_text
    module_name, function = _JSON_RENDERERS[fmt]
    try:
        render: Callable[[Digest], Any] = getattr(importlib.import_module(module_name), function)
    except (ImportError, AttributeError):
        raise BotError(f"--format {fmt} is not available yet ({module_name}.{function} is missing)") from None
    return lambda digest: json.dumps(render(digest), indent=2, ensure_ascii=False) + "\n"


_DATE = click.DateTime(formats=["%Y-%m-%d"])


@cli.command()
@click.option("--repo", metavar="OWNER/NAME", help="Repository (default: the first configured).")
@click.option("--since", type=_DATE, help="First day of the window (YYYY-MM-DD, repo timezone).")
@click.option("--until", type=_DATE, help="Last day of the window, included (YYYY-MM-DD).")
@click.option("--week-ending", type=_DATE, help="The 7 days ending on this day (YYYY-MM-DD), included.")
@click.option(
    "--now",
    "now_text",
    metavar="ISO-TIME",
    help="Build the last full week before this time (UTC if no offset), as `ask --now` reads it.",
)
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="markdown", show_default=True)
@click.option(
    "--out", type=click.Path(dir_okay=False, path_type=Path), help="Write to FILE instead of stdout."
)
@click.option(
    "--post",
    is_flag=True,
    help="Post it to the repo's configured Slack/Discord channels (each at most once per window).",
)
@click.pass_context
def digest(
    ctx: click.Context,
    repo: str | None,
    since: datetime | None,
    until: datetime | None,
    week_ending: datetime | None,
    now_text: str | None,
    fmt: str,
    out: Path | None,
    post: bool,
) -> None:
    """Build the weekly PR digest (default: the last full calendar week) and store it.

    LLM-written when [llm] is configured (falling back to offline with a note), offline
    otherwise. Every count in it is computed from the store.

    With --post it is posted to [repos.digest] slack_channels / discord_channels instead of
    printed: one line per channel (posted, already posted, failed and why); exit status 1 when
    any channel failed. A channel that already has this window's digest, from the scheduler or an
    earlier --post, is not posted again.
    """
    state: CliState = ctx.obj
    if post and out is None and ctx.get_parameter_source("fmt") is not click.core.ParameterSource.DEFAULT:
        raise click.UsageError("with --post, --format only applies to the file written by --out")
    if week_ending and (since or until):
        raise click.UsageError("give --week-ending or --since/--until, not both")
    if now_text and (week_ending or since or until):
        raise click.UsageError("give --now or an explicit window (--week-ending, --since/--until), not both")
    if (since is None) != (until is None):
        raise click.UsageError("give --since and --until together (both are days, both included)")
    config = state.config
    repo_cfg = config.repo(repo)
    render = renderer_for(fmt, repo_cfg.tz)
    window: Window | None = None
    if since and until:
        window = window_for_dates(since.date(), until.date(), repo_cfg.tz)
    elif week_ending:
        window = week_ending_window(week_ending.date(), repo_cfg.tz)
    elif now_text:
        window = last_full_week(parse_now(now_text), repo_cfg.tz, repo_cfg.week_start)

    if post:
        _post(config, repo_cfg.name, window, render, out)
        return

    async def work() -> tuple[Digest, str]:
        store = build_store(config)
        try:
            await store.ping()
            handlers = build_handlers(config, store)
            built = await handlers.digest(repo_cfg.name, window)
            hint = (
                ""
                if built.counts.total
                else await _empty_hint(store, repo_cfg.name, repo_cfg.tz, repo_cfg.week_start)
            )
            return built, hint
        finally:
            await store.close()

    built, hint = run_command(work)
    if hint:
        click.echo(f"{built.repo}: no PRs in {built.window.label or 'this window'}. {hint}", err=True)
    text = render(built)
    if out is None:
        click.echo(text, nl=False)
        return
    _write(out, text)
    click.echo(
        f"{built.repo}: {built.mode} digest of {built.window.label} ({built.counts.total} PRs, "
        f"{len(built.sections)} areas) written to {out}",
        err=True,
    )


async def _empty_hint(store: Any, repo: str, tz: tzinfo, week_start: str) -> str:
    """For an empty window: the store's date range and a --week-ending that has data."""
    prs = await store.all_prs(repo)
    if not prs:
        return "The store holds no PRs of this repository yet: run `import` or `ingest` first."
    moments = [m for pr in prs for m in (pr.created_at, pr.merged_at) if m is not None]
    first, last = min(moments).astimezone(tz).date(), max(moments).astimezone(tz).date()
    weeks = Counter(
        week_start_of((pr.merged_at or pr.created_at).astimezone(tz).date(), week_start) + timedelta(days=6)
        for pr in prs
    )
    busiest = weeks.most_common(1)[0][0]
    return (
        f"The store holds {len(prs)} PRs from {first:%Y-%m-%d} to {last:%Y-%m-%d}; "
        f"try `digest --week-ending {busiest:%Y-%m-%d}` (its busiest week)."
    )


def _post(
    config: Config, repo: str, window: Window | None, render: Callable[[Digest], str], out: Path | None
) -> None:
    """`digest --post`: post, print one line per channel, exit 1 when any channel failed."""
    built, outcomes = run_command(lambda: _post_now(config, repo, window))
    click.echo(
        f"{built.repo}: {built.mode} digest of {built.window.label} ({built.counts.total} PRs) "
        f"to {len(outcomes)} channel(s)",
        err=True,
    )
    if out is not None:
        _write(out, render(built))
    for outcome in outcomes:
        click.echo(f"{outcome.channel}: {_describe(outcome)}")
    if any(o.status == "failed" for o in outcomes):
        raise SystemExit(1)


async def _post_now(config: Config, repo: str, window: Window | None) -> tuple[Digest, list[PostOutcome]]:
    """Build the digest of `window` (default: the last full calendar week) and post it to every
    configured channel (bot/services/posting.py: post_digest_now, the scheduler's guard)."""
    from bot.services.posting import post_digest_now

    repo_cfg = config.repo(repo)
    channels = digest_channels(repo_cfg)
    if not channels:
        raise BotError(
            f"{repo_cfg.name}: no digest channels configured: list channel IDs under [repos.digest] "
            "slack_channels / discord_channels"
        )
    enabled, hint = config.enabled_platforms()
    if not enabled:
        raise BotError(f"no chat platform is configured: set {hint}")
    store = build_store(config)
    try:
        await store.ping()
        handlers = build_handlers(config, store)
        built = await handlers.digest(repo_cfg.name, window)
        run = config.settings.run
        outcomes = await post_digest_now(
            store,
            repo_cfg.name,
            built,
            channels,
            platform_builders(config, handlers),
            unavailable={
                name: f"{name} is not configured (set {' and '.join(config.needed_secrets(name))})"
                for name in PLATFORMS
                if name not in enabled
            },
            claim_ttl_seconds=run.claim_ttl_seconds,
            post_timeout_seconds=run.post_timeout_seconds,
        )
        return built, outcomes
    finally:
        await store.close()


def _describe(outcome: PostOutcome) -> str:
    if outcome.status == "posted":
        return f"posted (message {outcome.message_id})"
    if outcome.status == "already_posted":
        return "already posted"
    if outcome.status == "claimed_elsewhere":
        return "not posted: another process is posting it right now"
    return f"failed: {outcome.error}"


def _write(out: Path, text: str) -> None:
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise BotError(f"--out {out}: cannot write ({exc.strerror})") from None
