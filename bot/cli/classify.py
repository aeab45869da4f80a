"""Classification commands: `classify` (fill the cache for stored PRs) and `eval-classifier`."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path

import click

from bot.bootstrap import build_classification, build_classifier, build_llm, build_store
from bot.cli import CliState, cli, progress, run_command
from bot.config import ConfigError, RepoConfig
from bot.services.evaluate import evaluate, format_table, load_label_file
from bot.services.taxonomy import load_taxonomy
from handlers.errors import BotError

_BY = ("created", "updated", "merged", "closed")


def _window(repo_cfg: RepoConfig, since: date | None, until: date | None) -> tuple[datetime, datetime]:
    """Whole days in the repo's timezone: [since 00:00, until+1 00:00)."""
    start = datetime.combine(since, time(), repo_cfg.tz) if since else datetime(1970, 1, 1, tzinfo=UTC)
    end = (
        datetime.combine(until + timedelta(days=1), time(), repo_cfg.tz)
        if until
        else datetime(9999, 1, 1, tzinfo=UTC)
    )
    if start >= end:
        raise BotError(f"--since {since} is after --until {until}")
    return start.astimezone(UTC), end.astimezone(UTC)


@cli.command()
@click.option("--repo", metavar="OWNER/NAME", help="Repository (default: the first configured).")
@click.option("--since", type=click.DateTime(["%Y-%m-%d"]), help="First day (repo timezone), inclusive.")
@click.option("--until", type=click.DateTime(["%Y-%m-%d"]), help="Last day (repo timezone), inclusive.")
@click.option("--reclassify", is_flag=True, help="Classify again even when a cached result exists.")
@click.pass_obj
def classify(
    state: CliState, repo: str | None, since: datetime | None, until: datetime | None, reclassify: bool
) -> None:
    """Classify the stored PRs of a repo (all, or those created/updated/merged/closed in a window).

    Results are cached by PR content and classifier version, so a re-run classifies only new
    or changed PRs.
    """
    config = state.config
    repo_cfg = config.repo(repo)
    windowed = since is not None or until is not None
    start, end = _window(repo_cfg, since.date() if since else None, until.date() if until else None)

    async def work() -> str:
        store = build_store(config)
        try:
            await store.ping()
            service = build_classification(config, store, repo_cfg, build_llm(config))
            if windowed:
                prs = await store.prs_in_window(repo_cfg.name, start, end, by=_BY)
            else:
                prs = await store.all_prs(repo_cfg.name)
            with progress(len(prs), f"classifying {repo_cfg.name}") as bar:
                report = await service.run(repo_cfg.name, prs, reclassify=reclassify, on_progress=bar.update)
            return (
                f"{repo_cfg.name}: {report.total} PRs: classified {report.classified}, "
                f"cached {report.cached}, fallbacks {report.fallbacks}, "
                f"tokens in {report.input_tokens} / out {report.output_tokens} "
                f"({service.classifier.version})"
            )
        finally:
            await store.close()

    click.echo(run_command(work))


@cli.command("eval-classifier")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--classifier",
    "kind",
    type=click.Choice(["heuristic", "llm"]),
    default="heuristic",
    show_default=True,
    help="Which classifier to measure.",
)
@click.option("--repo", metavar="OWNER/NAME", help="Repository whose taxonomy applies (default: first).")
@click.option("--errors", "show_errors", is_flag=True, help="Also list every PR the classifier got wrong.")
@click.pass_obj
def eval_classifier(state: CliState, file: Path, kind: str, repo: str | None, show_errors: bool) -> None:
    """Per-topic precision/recall/F1 and macro F1 against a labelled JSONL file.

    Each line: {"number", "title", "topics"} (optionally "body", "labels", "files"); topic
    words may be keys, names or aliases ("amd" counts as rocm). The last line states macro F1.
    """
    config = state.config
    repo_cfg = config.repo(repo)
    taxonomy = load_taxonomy(repo_cfg.taxonomy, repo_cfg.name)
    labelled = load_label_file(file, taxonomy, repo_cfg.name)
    llm = build_llm(config) if kind == "llm" else None
    if kind == "llm" and llm is None:
        raise ConfigError(
            f'--classifier llm needs [llm] provider = "anthropic" in the config ({config.source}) '
            "and ANTHROPIC_API_KEY in the environment"
        )
    classifier, _ = build_classifier(config, llm, taxonomy, repo_cfg.name)

    fallbacks = 0

    async def work() -> list[tuple[str, ...]]:
        nonlocal fallbacks
        prs = [item.pr for item in labelled.items]
        found = await classifier.classify(prs)
        fallbacks = sum(c.fallback for c in found)
        results = {c.number: c.topics for c in found}
        return [results.get(pr.number, ()) for pr in prs]

    evaluation = evaluate(taxonomy, labelled.items, run_command(work))
    click.echo(f"{file.name}: {len(labelled.items)} PRs, classifier {classifier.version}")
    for line in format_table(evaluation):
        click.echo(line)
    if show_errors:
        click.echo("")
        for item, got in evaluation.errors:
            missed = ",".join(sorted(item.topics - got)) or "-"
            extra = ",".join(sorted(got - item.topics)) or "-"
            click.echo(f"#{item.pr.number} missed {missed} extra {extra}: {item.pr.title}")
    if labelled.unknown:
        words = "; ".join(
            f"{w!r} (line {', '.join(map(str, lines[:5]))})" for w, lines in labelled.unknown.items()
        )
        click.echo(f"unknown topic words (ignored; not in taxonomy {taxonomy.name}): {words}")
    if fallbacks:
        click.echo(
            f"fallbacks: the heuristic answered {fallbacks} of {len(labelled.items)} PRs "
            "(the model failed for them), so these figures are not the model's alone"
        )
    click.echo(f"macro F1: {evaluation.macro_f1:.3f}")
