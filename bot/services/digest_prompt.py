"""Load the digest prompt (bot/services/prompts/digest.toml) for the digest handler.

Handlers never read package files: bootstrap calls `load_digest_prompt()` and passes the
resulting `DigestPrompt` into `BotHandlers`.
"""

from __future__ import annotations

import tomllib
from importlib import resources

from handlers.digest import DigestPrompt
from handlers.errors import BotError


def load_digest_prompt(name: str = "digest") -> DigestPrompt:
    """The shipped prompt file; a missing key is one clear error naming it."""
    try:
        text = (resources.files("bot.services") / "prompts" / f"{name}.toml").read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise BotError(f"prompt {name}.toml: cannot load ({exc})") from None
    try:
        return DigestPrompt(version=str(data["version"]), system=str(data["system"]), user=str(data["user"]))
    except KeyError as exc:
        raise BotError(f"prompt {name}.toml: missing key {exc.args[0]!r}") from None
