"""`ingest`: fetch a repository's pull requests from GitHub into the store (incremental)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

import click

from bot.bootstrap import build_github, build_store
from bot.cli import CliState, cli, fail, progress, run_command

if TYPE_CHECKING:
    from bot.services.ingest import IngestReport


class Moment(click.ParamType):
    """A date (YYYY-MM-DD, midnight UTC) or an ISO-8601 datetime (UTC unless it says otherwise)."""

    name = "DATE"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> datetime:
        if isinstance(value, datetime):
            return value
        text = str(value).strip()
        try:
            parsed = datetime.fromisoformat(text[:-1] + "+00:00" if text.endswith(("Z", "z")) else text)
        except ValueError:
            self.fail(
                f"{text!r} is not a date (YYYY-MM-DD) or an ISO datetime (2026-02-13T09:30:00Z)", param, ctx
            )
        return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)


@cli.command("ingest")
@click.option("--repo", metavar="OWNER/NAME", help="Repository (default: the first configured).")
@click.option(
    "--since", type=Moment(), help="Start of the window (default: the last run's cursor, else 7 days ago)."
)
@click.option("--until", type=Moment(), help="End of the window, exclusive (default: now).")
@click.option(
    "--files/--no-files",
    default=None,
    help="Fetch the changed file paths of new or changed PRs (GraphQL, 50 PRs a request). "
    "Default: yes when GITHUB_TOKEN is set (GraphQL needs it).",
)
@click.pass_obj
def ingest_cmd(
    state: CliState, repo: str | None, since: datetime | None, until: datetime | None, files: bool | None
) -> None:
    """Fetch pull requests updated in a window from GitHub into the store; safe to repeat.

    A repeated run fetches only what changed since the last one; a window with --until is read
    through the search API, so a week long ago costs as little as this week. Uses [github]
    base_url and GITHUB_TOKEN when set (without a token GitHub allows 60 requests an hour and
    no changed files). Shows progress on a terminal.
    """
    if since and until and since >= until:
        raise click.UsageError("--since must be before --until")
    config = state.config
    repo_name = config.repo(repo).name

    async def work() -> IngestReport:
        from bot.services.ingest import ingest  # PyGithub loads only for this command

        store = build_store(config)
        source = build_github(config)
        try:
            await store.ping()
            with progress(None, f"ingesting {repo_name}") as bar:

                def advance(read: int, total: int | None) -> None:
                    if total is not None:
                        bar.total = total
                    bar.update(read)

                return await ingest(
                    store,
                    source,
                    repo_name,
                    since,
                    until,
                    files=files,
                    default_days=config.settings.query.default_days,
                    progress=advance,
                )
        finally:
            source.close()
            await store.close()

    report = run_command(work)
    click.echo(report.line())
    if report.files_error:  # the PRs are stored; the paths are not: say so and exit 1 for cron
        fail(f"changed files not fetched (the next run retries): {report.files_error}")
