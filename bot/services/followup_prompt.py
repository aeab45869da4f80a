"""Load the follow-up prompt (bot/services/prompts/followup.toml) for the follow-up handler.

Handlers never read package files: bootstrap calls `load_followup_prompt()` and passes the
resulting `FollowupPrompt` into `BotHandlers`.
"""

from __future__ import annotations

import tomllib
from importlib import resources

from handlers.errors import BotError
from handlers.followup import FollowupPrompt


def load_followup_prompt(name: str = "followup") -> FollowupPrompt:
    """The shipped prompt file; a missing key is one clear error naming it."""
    try:
        text = (resources.files("bot.services") / "prompts" / f"{name}.toml").read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise BotError(f"prompt {name}.toml: cannot load ({exc})") from None
    try:
        return FollowupPrompt(
            version=str(data["version"]), system=str(data["system"]), user=str(data["user"])
        )
    except KeyError as exc:
        raise BotError(f"prompt {name}.toml: missing key {exc.args[0]!r}") from None
