"""The command line (`python -m bot ...`): one click group; each command lives in its own module.

Every command runs under `run_command`, which turns a BotError into one line on stderr and a
non-zero exit (1), so no user sees a traceback for bad input or an unreachable service.

Commands load lazily: `COMMANDS` names the module that registers each one, and only that module
is imported when the command runs, so `ask` does not pay for the scheduler, the chat SDKs or
the metrics client (`--help` imports them all to list them).
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import os
import pkgutil
import sys
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import click

from handlers.errors import BotError

if TYPE_CHECKING:
    from bot.config import Config

T = TypeVar("T")

# command name -> the module of this package that registers it (tests check this is complete).
COMMANDS: dict[str, str] = {
    "ask": "ask",
    "classify": "classify",
    "eval-classifier": "classify",
    "import": "data",
    "stats": "data",
    "doctor": "data",
    "demo": "demo",
    "console": "demo",
    "digest": "digest",
    "ingest": "ingest",
    "run": "run",
    "subscriptions": "subscriptions",
}


@dataclass
class CliState:
    """What the group callback parsed; commands ask it for the loaded config."""

    config_path: str | None
    store_url: str | None
    log_level: str | None
    _config: Config | None = field(default=None, repr=False)

    @property
    def config(self) -> Config:
        if self._config is None:
            from bot.config import load_config
            from bot.logs import setup_logging

            self._config = load_config(self.config_path, store_url=self.store_url)
            setup_logging(self.log_level or self._config.settings.log_level, self._config.secrets)
        return self._config


def fail(message: str, code: int = 1) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(code)


def run_command(work: Callable[[], Awaitable[T]]) -> T:
    """Run an async command body on a fresh event loop (errors are handled by BotGroup)."""
    return asyncio.run(work())  # type: ignore[arg-type]


class BotGroup(click.Group):
    """Turns every user-facing error of every command into one line and exit status 1, and loads
    each command's module only when that command is asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            if cmd_name in COMMANDS:
                importlib.import_module(f"{__name__}.{COMMANDS[cmd_name]}")
            else:  # a command missing from COMMANDS still works (tests flag the omission)
                for module in pkgutil.iter_modules(__path__):
                    importlib.import_module(f"{__name__}.{module.name}")
        return super().get_command(ctx, cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BotError as exc:
            fail(str(exc))
        except KeyboardInterrupt:
            fail("interrupted", 130)
        except BrokenPipeError:  # output piped into `head` and the like: not an error
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(0)
        except (click.exceptions.Exit, click.ClickException, SystemExit):
            raise
        except Exception as exc:  # a bug: say so in one line; the traceback goes to the debug log
            logging.getLogger("bot.cli").debug("unexpected failure", exc_info=True)
            fail(f"unexpected {type(exc).__name__}: {exc} (run with --log-level DEBUG for details)", 2)


@contextmanager
def progress(length: int | None, label: str) -> Iterator[Any]:
    """A tqdm progress bar on stderr when it is a terminal; nothing at all in pipes and logs.

    `length` None: a counter until the caller sets `bar.total`. tqdm is imported only for a
    terminal, and updates are rate-limited by tqdm (`mininterval`), so bulk work stays fast.
    """
    if not sys.stderr.isatty():
        yield _Quiet()
        return
    from tqdm import tqdm

    with tqdm(total=length, desc=label, file=sys.stderr, unit=" PRs", leave=False, dynamic_ncols=True) as bar:
        yield bar


class _Quiet:
    """The progress bar of a pipe: accepts what tqdm accepts and shows nothing."""

    total: int | None = None

    def update(self, n: int = 1) -> None:
        pass


@click.group(cls=BotGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--config",
    "config_path",
    metavar="PATH",
    help="TOML config file (default: $PRBOT_CONFIG, ./config.toml, else built-in defaults).",
)
@click.option(
    "--store",
    "store_url",
    metavar="URL",
    help="Store URL: sqlite:///PATH or redis://HOST:PORT/DB (beats REDIS_URL and the config).",
)
@click.option(
    "--log-level",
    type=click.Choice(["DEBUG", "INFO", "WARNING", "ERROR"]),
    help="Log level (default from config: INFO).",
)
@click.pass_context
def cli(ctx: click.Context, config_path: str | None, store_url: str | None, log_level: str | None) -> None:
    """A chat-ops bot that keeps Slack and Discord on top of a busy GitHub repository's pull requests."""
    ctx.obj = CliState(config_path=config_path, store_url=store_url, log_level=log_level)


def main() -> None:
    cli(prog_name="python -m bot")
