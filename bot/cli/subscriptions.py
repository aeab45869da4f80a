"""`python -m bot subscriptions add|list|remove|deliver`: the chat subscriptions, for operators.

Runs the same core as `/vllm subscribe` (handlers/subscriptions.py) with operator rights (no
permission or limit checks) and the same delivery as the running bot (claim -> post -> receipts,
bot/services/subscriptions.py), so a second `deliver` posts nothing. Slack and Discord are
reached through their posting-only mode, like `digest --post`; `console:NAME` channels print
to standard output. `--now` fixes the clock.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable
from datetime import datetime
from typing import Any

import click

from bot.adapters.text_render import render_reply_text
from bot.bootstrap import build_handlers, build_store, platform_builders, repo_schedule
from bot.cli import CliState, cli, run_command
from bot.cli.ask import _now
from bot.config import Config
from bot.metrics import Metrics
from bot.services.subscriptions import DeliveryOutcome, SubscriptionDeliverer
from handlers.app import BotHandlers
from handlers.codec import encode
from handlers.errors import BotError
from handlers.models import Subscription
from handlers.subscriptions import CommandContext, describe, parse_cadence

PLATFORMS = ("slack", "discord", "console")

_now_option = click.option(
    "--now", "now_text", metavar="ISO-TIME", help="Act as if it were this time (UTC if no offset)."
)
_repo_option = click.option(
    "--repo", metavar="OWNER/NAME", help="Repository (default: the first configured)."
)


@cli.group(name="subscriptions")
def subscriptions() -> None:
    """Subscriptions to questions (`/vllm subscribe rocm -ci`), from the command line."""


def parse_channel(value: str) -> tuple[str, str]:
    platform, sep, ident = value.partition(":")
    platform = platform.lower()
    if not sep or platform not in PLATFORMS or not ident.strip():
        raise BotError(f"--channel {value!r}: use slack:CHANNEL_ID, discord:CHANNEL_ID or console:NAME")
    if platform == "discord" and not ident.isdigit():
        raise BotError(f"--channel {value!r}: a Discord channel id is a number")
    return platform, ident.strip()


async def _with_handlers(config: Config, now: datetime, work: Callable[[BotHandlers], Any]) -> Any:
    store = build_store(config)
    try:
        await store.ping()
        handlers = build_handlers(config, store, clock=lambda: now)
        return await work(handlers)
    finally:
        await store.close()


@subscriptions.command(context_settings={"ignore_unknown_options": True})
@click.argument("words", nargs=-1, required=True, type=click.UNPROCESSED)
@click.option(
    "--channel", required=True, metavar="PLATFORM:ID", help="slack:C123, discord:123 or console:NAME."
)
@click.option("--user", default="", metavar="ID", help="Who it is for (a personal subscription with --dm).")
@click.option(
    "--cadence", default="realtime", metavar="CADENCE", help="realtime (default), 'daily HH:MM' or weekly."
)
@click.option("--dm", is_flag=True, help="Personal: deliver to --user's direct messages.")
@_repo_option
@_now_option
@click.pass_obj
def add(
    state: CliState,
    words: tuple[str, ...],
    channel: str,
    user: str,
    cadence: str,
    dm: bool,
    repo: str | None,
    now_text: str | None,
) -> None:
    """Subscribe a channel to a question, e.g. `add --channel slack:C123 rocm -ci`."""
    config = state.config
    now = _now(now_text)
    platform, ident = parse_channel(channel)
    chosen = parse_cadence(cadence)
    if dm and not user:
        raise BotError("--dm needs --user (whose direct messages)")
    name = config.repo(repo).name
    ctx = CommandContext(
        platform=platform, channel=ident, user=user, is_dm=dm, dm_channel=user if dm else "", operator=True
    )

    async def work(handlers: BotHandlers) -> tuple[Subscription, str]:
        sub, reply = await handlers.subscriptions.subscribe(
            handlers.repo(name), " ".join(words), ctx, cadence=chosen
        )
        return sub, render_reply_text(reply)

    sub, text = run_command(lambda: _with_handlers(config, now, work))
    click.echo(text.rstrip())


@subscriptions.command(name="list")
@click.option("--json", "as_json", is_flag=True, help="One JSON array of every subscription.")
@_repo_option
@_now_option
@click.pass_obj
def list_(state: CliState, as_json: bool, repo: str | None, now_text: str | None) -> None:
    """Every subscription of the repository, with ids, channels and state."""
    config = state.config
    now = _now(now_text)
    name = config.repo(repo).name

    async def work(handlers: BotHandlers) -> list[str] | list[dict[str, Any]]:
        subs = await handlers.store.list_subscriptions(handlers.repo(name).name)
        if as_json:
            return [{**encode(s), "target": s.target} for s in subs]
        return [describe(handlers.repo(name), s) for s in subs]

    items = run_command(lambda: _with_handlers(config, now, work))
    if as_json:
        click.echo(json.dumps(items, indent=2, ensure_ascii=False))
    elif not items:
        click.echo("no subscriptions", err=True)
    else:
        for line in items:
            click.echo(line)


@subscriptions.command()
@click.argument("sub_id", metavar="ID")
@_repo_option
@_now_option
@click.pass_obj
def remove(state: CliState, sub_id: str, repo: str | None, now_text: str | None) -> None:
    """Remove a subscription by its id (see `subscriptions list`)."""
    config = state.config
    now = _now(now_text)

    async def work(handlers: BotHandlers) -> Subscription:
        sub = await handlers.store.get_subscription(sub_id.strip().lower())
        if sub is None:
            raise BotError(f"no subscription {sub_id!r}: see `python -m bot subscriptions list`")
        await handlers.store.remove_subscription(sub.id)
        return sub

    sub = run_command(lambda: _with_handlers(config, now, work))
    click.echo(f"removed {sub.id} ({sub.target}: {sub.question or 'weekly digest'})")


@subscriptions.command()
@click.option("--dry-run", is_flag=True, help="Print what would be posted, post nothing, record nothing.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per delivery (a line each).")
@_repo_option
@_now_option
@click.pass_obj
def deliver(state: CliState, dry_run: bool, as_json: bool, repo: str | None, now_text: str | None) -> None:
    """Deliver what every due subscription has pending, once: posted and recorded, so running it
    again posts nothing. Exit status 1 when a delivery failed."""
    config = state.config
    now = _now(now_text)
    name = config.repo(repo).name
    console_texts: list[str] = []

    def console(text: str) -> None:
        if as_json:
            console_texts.append(text)
        else:
            click.echo(text, nl=False)

    outcomes = run_command(lambda: deliver_now(config, name, now, dry_run=dry_run, console=console))
    for outcome in outcomes:
        if as_json:
            data = outcome.as_json()
            if outcome.subscription.platform == "console" and outcome.status == "posted" and console_texts:
                data["text"] = console_texts.pop(0)
            click.echo(json.dumps(data, ensure_ascii=False))
        else:
            click.echo(_line(outcome))
    if not outcomes:
        click.echo("nothing to deliver", err=True)
    if any(o.status in ("failed", "suspended") for o in outcomes):
        sys.exit(1)


def _line(outcome: DeliveryOutcome) -> str:
    sub = outcome.subscription
    prs = ", ".join(f"#{n}" for n in outcome.prs)
    head = f"{sub.id} -> {sub.target}:"
    if outcome.status == "would_post":
        return f"{head} would post {len(outcome.prs)} PR(s): {prs}"
    if outcome.status == "posted":
        return f"{head} posted {len(outcome.prs)} PR(s) as message {outcome.message_id}: {prs}"
    if outcome.status == "claimed_elsewhere":
        return f"{head} not posted: another process is delivering it right now"
    if outcome.status == "suspended":
        return f"{head} suspended: {outcome.error}"
    return f"{head} failed: {outcome.error}"


async def deliver_now(
    config: Config, repo: str, now: datetime, *, dry_run: bool, console: Callable[[str], None]
) -> list[DeliveryOutcome]:
    """Start (posting only) the platforms the subscriptions need, deliver, stop them."""
    from bot.adapters.subscription_posts import batch_targets
    from bot.cron import last_fire

    store = build_store(config)
    started: list[Any] = []
    try:
        await store.ping()
        handlers = build_handlers(config, store, clock=lambda: now)
        settings = handlers.repo(repo)
        needed = {s.platform for s in await store.list_subscriptions(settings.name) if s.status == "active"}
        platforms: dict[str, Any] = {}
        if not dry_run:
            builders = platform_builders(config, handlers)
            for name in sorted(needed & set(builders)):
                platform = builders[name]()
                started.append(platform)
                await platform.start(listen=False)
                platforms[name] = platform
        run = config.settings.run
        deliverer = SubscriptionDeliverer(
            store,
            handlers.subscriptions,
            handlers.repo,
            batch_targets(platforms, console),
            Metrics(),
            clock=lambda: now,
            claim_ttl_seconds=run.claim_ttl_seconds,
            post_timeout_seconds=run.post_timeout_seconds,
        )
        fire = last_fire(repo_schedule(config.repo(repo)).trigger, now)
        return await deliverer.deliver(settings.name, weekly_fire=fire, dry_run=dry_run, now=now)
    finally:
        for platform in reversed(started):
            with contextlib.suppress(Exception):  # stopping must not hide the deliveries' outcome
                await platform.stop()
        await store.close()
