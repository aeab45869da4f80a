"""`python -m bot ask "rocm last week"`: the slash-command handler on the command line.

Runs exactly what Slack and Discord run (bootstrap.build_handlers -> BotHandlers.command) and
prints the plain-text rendering, or with --json how the question was read, every matching
PR number in answer order, the total and the text. --now fixes the clock for reproducible answers.
"""

from __future__ import annotations

import json
from datetime import datetime

import click

from bot.adapters.text_render import render_reply_text
from bot.bootstrap import build_handlers, build_store
from bot.cli import CliState, cli, run_command
from handlers.errors import BotError
from handlers.models import Reply, format_time, parse_time, utcnow
from handlers.parse import Query


def _now(value: str | None) -> datetime:
    if not value:
        return utcnow()
    try:
        moment = parse_time(value)
    except ValueError:
        raise click.BadParameter(
            f"{value!r} is not an ISO time like 2026-03-02T09:00:00Z", param_hint="--now"
        ) from None
    assert moment is not None
    return moment


@cli.command(context_settings={"ignore_unknown_options": True})
@click.argument("words", nargs=-1, type=click.UNPROCESSED)
@click.option("--repo", metavar="OWNER/NAME", help="Repository (default: the first configured).")
@click.option(
    "--now", "now_text", metavar="ISO-TIME", help="Answer as if it were this time (UTC if no offset)."
)
@click.option(
    "--json", "as_json", is_flag=True, help="Print the reading, every matching PR and the text as JSON."
)
@click.pass_obj
def ask(
    state: CliState, words: tuple[str, ...], repo: str | None, now_text: str | None, as_json: bool
) -> None:
    """Answer a slash-command question, e.g. `ask rocm last week` or `ask "#35483"`."""
    config = state.config
    now = _now(now_text)
    names = [r.name for r in config.settings.repos]
    name = repo or names[0]
    if name.lower() not in {n.lower() for n in names}:
        raise BotError(f"--repo {name} is not configured (configured: {', '.join(names)})")
    text = " ".join(words)

    async def work() -> tuple[Reply, Query]:
        store = build_store(config)
        try:
            await store.ping()
            handlers = build_handlers(config, store, clock=lambda: now)
            settings = handlers.repo(name)
            query = handlers.query.parse(settings, text, now)
            reply = await handlers.command(settings.name, text)
            return reply, query
        finally:
            await store.close()

    reply, query = run_command(work)
    rendered = render_reply_text(reply)
    if as_json:
        click.echo(json.dumps(_as_json(reply, query, rendered), indent=2, ensure_ascii=False))
    else:
        click.echo(rendered)
    if reply.kind == "error":
        raise SystemExit(1)


def _as_json(reply: Reply, query: Query, rendered: str) -> dict[str, object]:
    if reply.seed is not None:
        prs = list(reply.seed.pr_numbers)
    elif reply.detail is not None:
        prs = [reply.detail.number]
    else:
        prs = [item.number for item in reply.items]
    return {
        "query": {
            "topics": list(query.topics),
            "exclude": list(query.exclude),
            "since": format_time(query.since),
            "until": format_time(query.until),
            "window": query.window_label,
            "states": list(query.states),
            "authors": list(query.authors),
            "text": query.text,
            "terms": list(query.terms),
            "ignored": list(query.ignored),
            "readings": list(query.readings),
            "pr_numbers": list(query.pr_numbers),
            "help": query.is_help,
        },
        "kind": reply.kind,
        "prs": prs,
        "total": reply.total if reply.kind == "list" else len(prs),
        "text": rendered,
    }
