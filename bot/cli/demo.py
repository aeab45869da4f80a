"""`python -m bot demo` (offline showcase on the bundled vLLM sample) and `python -m bot console`.

`demo` needs nothing: no config, network or secrets. It loads the real vLLM PRs shipped in the
package into a fresh temporary SQLite store, classifies them with the heuristic classifier, and
prints the digest of the week 2026-02-23..2026-03-01 and a few example answers, with the clock
fixed at Monday 2026-03-02 09:00 UTC.

`console` is a chat without a chat platform: each line is a slash command's text, and a line
starting with `>` is a follow-up in the thread of the last answer, through the same facade
(threads are ThreadKey("console", "console", n)).
"""

from __future__ import annotations

import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click

from bot.cli import CliState, cli, run_command
from bot.config import Config, FileConfig, Secrets
from handlers.errors import BotError
from handlers.models import Digest, Reply, ThreadKey

DEMO_NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DEMO_COMMANDS = ("rocm last week", "what did amd land last week?", "nvfp4 past 2 weeks", "#29856")


def render(value: Digest | Reply) -> str:
    """Plain text for the terminal: Markdown for a digest, the text renderer for a reply."""
    if isinstance(value, Digest):
        from bot.adapters.markdown_render import render_digest_markdown

        return render_digest_markdown(value, full=False)  # the digest proper; the rest is its thread
    from bot.adapters.text_render import render_reply_text

    return render_reply_text(value)


def _demo_config(store_url: str) -> Config:
    """Built-in defaults (one repo: vllm-project/vllm, UTC), offline: no LLM, no secrets."""
    return Config(settings=FileConfig(), secrets=Secrets(), store_url=store_url, source="demo")


async def _demo(store_url: str) -> str:
    from bot.bootstrap import build_handlers, build_store
    from bot.scheduler import weekly_window
    from bot.services.classify import ClassificationService
    from bot.services.importer import SAMPLE_REPO, import_file, sample_path

    started = time.monotonic()
    config = _demo_config(store_url)
    store = build_store(config)
    out: list[str] = []
    try:
        report = await import_file(store, sample_path(), SAMPLE_REPO)
        handlers = build_handlers(config, store, clock=lambda: DEMO_NOW)
        service = handlers.classifications[SAMPLE_REPO]
        assert isinstance(service, ClassificationService)
        classified = await service.run(SAMPLE_REPO, await store.all_prs(SAMPLE_REPO))
        settings = handlers.repo(SAMPLE_REPO)
        window = weekly_window(DEMO_NOW, settings.tz, settings.week_start)
        out.append(
            f"# prbot demo: {report.read} real {SAMPLE_REPO} PRs, {classified.total} classified offline "
            f"(heuristic), clock fixed at {DEMO_NOW:%Y-%m-%d %H:%M} UTC\n"
        )
        out.append(render(await handlers.digest(SAMPLE_REPO, window)))
        for text in DEMO_COMMANDS:
            out.append(f"\n---\n/{settings.command} {text}\n")
            out.append(render(await handlers.command(SAMPLE_REPO, text, user="demo")))
        out.append(f"\n(done in {time.monotonic() - started:.1f} s)")
    finally:
        await store.close()
    return "\n".join(out)


@cli.command()
@click.pass_obj
def demo(state: CliState) -> None:
    """Offline showcase: the bundled real vLLM PRs -> a weekly digest and example answers."""
    if state.store_url:
        click.echo(run_command(lambda: _demo(state.store_url or "")))
        return
    with tempfile.TemporaryDirectory(prefix="prbot-demo-") as tmp:
        url = f"sqlite:///{Path(tmp) / 'demo.db'}"
        click.echo(run_command(lambda: _demo(url)))


HINT = (
    "Type what you would after /{command} (e.g. `rocm last week`); start a line with `>` to follow up "
    "in the thread of the last answer; `quit` or Ctrl-D ends."
)


class Console:
    """One console session: numbered threads, the last one open for `>` follow-ups."""

    def __init__(self, handlers: Any, repo: str) -> None:
        self.handlers = handlers
        self.repo = repo
        self.threads = 0
        self.current: ThreadKey | None = None

    async def line(self, text: str) -> str:
        text = text.strip()
        if text.startswith(">"):
            if self.current is None:
                return "(no thread yet: ask something first, then follow up with `> ...`)"
            reply = await self.handlers.followup(self.current, text[1:].strip(), user="console")
        else:
            reply = await self.handlers.command(self.repo, text, user="console")
            if reply.seed is not None:
                self.threads += 1
                self.current = ThreadKey("console", "console", str(self.threads))
                await self.handlers.remember(self.current, reply.seed)
        prefix = f"[thread {self.current.thread}] " if self.current is not None else ""
        return prefix + render(reply)


def quiet_unless_asked(state: CliState) -> None:
    """A chat-like session shows answers, not INFO log lines, unless --log-level asks for them."""
    import logging

    if state.log_level is None:
        logging.getLogger().setLevel(logging.WARNING)


@cli.command()
@click.option("--repo", metavar="OWNER/NAME", help="Repository (default: the first configured).")
@click.option(
    "--now",
    metavar="TIME",
    help="Pretend it is this UTC time, e.g. 2026-03-02T09:00:00Z (handy with `import --sample`).",
)
@click.pass_obj
def console(state: CliState, repo: str | None, now: str | None) -> None:
    """Talk to the bot in the terminal, as in a chat channel (uses the configured store)."""
    from bot.bootstrap import build_handlers, build_store
    from handlers.models import parse_time

    config = state.config
    quiet_unless_asked(state)
    name = config.repo(repo).name
    try:
        fixed = parse_time(now) if now else None
    except ValueError:
        raise click.BadParameter(
            f"{now!r} is not an ISO time like 2026-03-02T09:00:00Z", param_hint="--now"
        ) from None

    async def work() -> None:
        import asyncio
        import sys

        store = build_store(config)
        try:
            await store.ping()
            handlers = build_handlers(config, store, clock=(lambda: fixed) if fixed else None)
            if name.lower() not in handlers.repos:
                raise BotError(f"--repo: {name} is not configured (configured: {', '.join(handlers.repos)})")
            settings = handlers.repo(name)
            session = Console(handlers, settings.name)
            click.echo(HINT.format(command=settings.command))
            if not await store.count_prs(settings.name):
                click.echo(
                    f"(the store has no PRs of {settings.name} yet: try `python -m bot import --sample`)"
                )
            while True:
                if sys.stdin.isatty():
                    click.echo(f"/{settings.command} ", nl=False)
                text = await asyncio.to_thread(sys.stdin.readline)
                if not text or text.strip() in ("quit", "exit"):
                    break
                if not text.strip():
                    continue
                click.echo(await session.line(text))
        finally:
            await store.close()

    run_command(work)
