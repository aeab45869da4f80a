"""Data commands: `import`, `stats`, `doctor`."""

from __future__ import annotations

import collections
import json
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import click

from bot.bootstrap import build_store
from bot.cli import CliState, cli, progress, run_command
from bot.config import SECRET_ENV
from bot.services.importer import SAMPLE_REPO, import_file, sample_path
from handlers.calendar import week_start_of
from handlers.errors import BotError, StoreError
from handlers.models import STATUSES, PullRequest


@cli.command("import")
@click.argument("file", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--repo", metavar="OWNER/NAME", help="Repository the PRs belong to (default: the first configured)."
)
@click.option("--sample", is_flag=True, help="Load the real vLLM sample shipped with the package.")
@click.pass_obj
def import_cmd(state: CliState, file: Path | None, repo: str | None, sample: bool) -> None:
    """Load GitHub pull-request JSON (JSONL or a JSON array) into the store; safe to repeat.

    Bad records are reported with their line number and skipped; the exit status is 1
    when any record was skipped, after every good record has been stored.
    """
    if sample == (file is not None):
        raise click.UsageError("give a FILE or --sample (exactly one)")
    config = state.config
    repo_name = config.repo(repo or (SAMPLE_REPO if sample else None)).name
    path = sample_path() if sample else file
    assert path is not None

    async def work() -> int:
        store = build_store(config)
        try:
            await store.ping()
            total = _count_lines(path)
            with progress(total, f"importing {path.name}") as bar:
                report = await import_file(store, path, repo_name, bar.update)
        finally:
            await store.close()
        for _, reason in report.bad[:20]:
            click.echo(f"skipped {path}: {reason}", err=True)
        if len(report.bad) > 20:
            click.echo(f"... and {len(report.bad) - 20} more bad records", err=True)
        r = report.result
        click.echo(
            f"{repo_name}: read {report.read} records from {path.name} into {_safe(config.store_url)}: "
            f"{r.inserted} new, {r.updated} updated, {r.unchanged} unchanged, {len(report.bad)} skipped"
        )
        return 1 if report.bad else 0

    code = run_command(work)
    if code:
        raise SystemExit(code)


def _count_lines(path: Path) -> int:
    try:
        with path.open("rb") as fh:
            return sum(1 for _ in fh)
    except OSError:
        return 0  # import_file reports the real problem


def _safe(url: str) -> str:
    from bot.store.redis import _redact

    return _redact(url)


def _week_start(moment: datetime, tz: ZoneInfo, week_start: str) -> date:
    return week_start_of(moment.astimezone(tz).date(), week_start)


@cli.command()
@click.option("--repo", metavar="OWNER/NAME", help="Repository (default: the first configured).")
@click.option("--weeks", default=0, type=click.IntRange(min=0), help="Show only the last N weeks (0: all).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.pass_obj
def stats(state: CliState, repo: str | None, weeks: int, as_json: bool) -> None:
    """Total PRs, counts by state, and opened/merged/closed counts per week."""
    config = state.config
    repo_cfg = config.repo(repo)

    async def work() -> list[PullRequest]:
        store = build_store(config)
        try:
            return await store.all_prs(repo_cfg.name)
        finally:
            await store.close()

    prs = run_command(work)
    by_state = collections.Counter(pr.status for pr in prs)
    per_week: dict[date, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for pr in prs:
        per_week[_week_start(pr.created_at, repo_cfg.tz, repo_cfg.week_start)]["opened"] += 1
        if pr.merged_at:
            per_week[_week_start(pr.merged_at, repo_cfg.tz, repo_cfg.week_start)]["merged"] += 1
        elif pr.closed_at:
            per_week[_week_start(pr.closed_at, repo_cfg.tz, repo_cfg.week_start)]["closed"] += 1
    rows = sorted(per_week.items())
    if weeks:
        rows = rows[-weeks:]
    if as_json:
        click.echo(
            json.dumps(
                {
                    "repo": repo_cfg.name,
                    "total": len(prs),
                    "by_state": {s: by_state.get(s, 0) for s in STATUSES},
                    "weeks": [
                        {"week": w.isoformat(), **{k: c.get(k, 0) for k in ("opened", "merged", "closed")}}
                        for w, c in rows
                    ],
                },
                indent=2,
            )
        )
        return
    click.echo(f"{repo_cfg.name}: {len(prs)} PRs in {_safe(config.store_url)}")
    click.echo("by state: " + ", ".join(f"{s} {by_state.get(s, 0)}" for s in STATUSES))
    if not rows:
        click.echo("no PRs stored yet: run `python -m bot import --sample` or `python -m bot ingest`")
        return
    click.echo(f"\n{'week of (' + repo_cfg.timezone + ')':<22}{'opened':>8}{'merged':>8}{'closed':>8}")
    for week, counts in rows:
        click.echo(f"{week.isoformat():<22}{counts['opened']:>8}{counts['merged']:>8}{counts['closed']:>8}")


@cli.command()
@click.pass_obj
def doctor(state: CliState) -> None:
    """Check the config, the store, and which secrets are set (never their values)."""
    problems = 0
    try:
        config = state.config
    except BotError as exc:
        click.echo(f"config   FAIL {exc}")
        raise SystemExit(1) from None
    settings = config.settings
    click.echo(f"config   ok   {config.source}")
    click.echo(f"repos    ok   {', '.join(f'{r.name} (/{r.command}, {r.timezone})' for r in settings.repos)}")

    async def check_store() -> str:
        store = build_store(config)
        try:
            await store.ping()
            counts = [f"{r.name}: {await store.count_prs(r.name)} PRs" for r in settings.repos]
            return "; ".join(counts)
        finally:
            await store.close()

    import asyncio

    try:
        detail = asyncio.run(check_store())
        click.echo(f"store    ok   {_safe(config.store_url)} ({detail})")
    except StoreError as exc:
        problems += 1
        click.echo(f"store    FAIL {exc}")
    present = config.secrets.present()
    click.echo(
        "secrets       " + ", ".join(f"{name} {'set' if present[name] else 'unset'}" for name in SECRET_ENV)
    )
    llm = settings.llm
    if llm.provider == "anthropic" and not present["ANTHROPIC_API_KEY"]:
        problems += 1
        click.echo("llm      FAIL provider is anthropic but ANTHROPIC_API_KEY is unset")
    else:
        click.echo(
            f"llm      ok   {llm.provider}"
            + (f" ({llm.model})" if llm.provider != "none" else " (offline heuristic classifier)")
        )
    enabled, _ = config.enabled_platforms()
    click.echo(
        f"slack    {'on  ' if 'slack' in enabled else 'off '} {settings.slack.mode} mode"
        + ("" if "slack" in enabled else f" (needs {' and '.join(config.needed_secrets('slack'))})")
    )
    click.echo(
        f"discord  {'on  ' if 'discord' in enabled else 'off '} "
        + ("" if "discord" in enabled else f"(needs {' and '.join(config.needed_secrets('discord'))})")
    )
    if problems:
        raise SystemExit(1)
