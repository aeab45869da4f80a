"""Load the versioned prompts shipped in bot/services/prompts/*.toml.

Handlers never read package files: bootstrap loads each prompt here and passes it into
`BotHandlers`, so a prompt is data with a `version`, changed without touching code.
"""

from __future__ import annotations

import tomllib
from importlib import resources

from handlers.errors import BotError
from handlers.models import Prompt


def load_prompt(name: str) -> Prompt:
    """`prompts/<name>.toml` (keys version, system, user); one clear error naming what is wrong."""
    try:
        text = (resources.files("bot.services") / "prompts" / f"{name}.toml").read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise BotError(f"prompt {name}.toml: cannot load ({exc})") from None
    try:
        return Prompt(version=str(data["version"]), system=str(data["system"]), user=str(data["user"]))
    except KeyError as exc:
        raise BotError(f"prompt {name}.toml: missing key {exc.args[0]!r}") from None
