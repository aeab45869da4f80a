"""Load and render the versioned prompts shipped in bot/services/prompts/*.toml.

Handlers never read package files: bootstrap loads each prompt here and passes it into
`BotHandlers`, so a prompt is data with a `version`, changed without touching code. Every prompt
is a Jinja2 template rendered with `StrictUndefined`: a placeholder with no value raises a
`BotError` naming the prompt and the placeholder, instead of silently staying in the text.
The `Prompt` handed to the core carries this renderer, so handlers call `prompt.render_user(...)`
without importing jinja2. Templates compile on first use (jinja2 is imported only then), so a
command that never renders a prompt, like `ask` without an LLM, does not pay for it; every shipped
prompt is compiled and rendered by the tests.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tomli

from handlers.errors import BotError
from handlers.models import Prompt

if TYPE_CHECKING:
    import jinja2

# The package's own files, read as files: importlib.resources would add ~8 ms to every start
# (it imports tempfile, shutil and zipfile) for zip imports the bot is never installed as.
PROMPTS = Path(__file__).resolve().parent / "prompts"


@functools.cache
def _environment() -> jinja2.Environment:
    import jinja2

    # Plain text, not HTML: no autoescaping (PR text is framed as data by each prompt and escaped
    # by the code that builds the values); the final newline is kept so the text is the file's.
    return jinja2.Environment(
        undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=True, auto_reload=False
    )


@functools.lru_cache(maxsize=64)
def _compile(source: str) -> jinja2.Template:
    return _environment().from_string(source)


def render(name: str, source: str, values: Mapping[str, Any]) -> str:
    """`source` with `values` filled in; a missing placeholder is a BotError naming it."""
    import jinja2

    try:
        return _compile(source).render(values)
    except jinja2.UndefinedError as exc:
        raise BotError(f"prompt {name}: placeholder without a value ({exc.message})") from None
    except jinja2.TemplateSyntaxError as exc:
        raise BotError(f"prompt {name}: line {exc.lineno}: {exc.message}") from None


def load_prompt_data(name: str) -> tuple[Prompt, dict[str, Any]]:
    """`prompts/<name>.toml` as a Prompt bound to the renderer, plus the file's other keys."""
    try:
        text = (PROMPTS / f"{name}.toml").read_text(encoding="utf-8")
        data = tomli.loads(text)
    except (OSError, tomli.TOMLDecodeError) as exc:
        raise BotError(f"prompt {name}.toml: cannot load ({exc})") from None
    try:
        version, system, user = str(data["version"]), str(data["system"]), str(data["user"])
    except KeyError as exc:
        raise BotError(f"prompt {name}.toml: missing key {exc.args[0]!r}") from None
    label = f"{name}.toml ({version})"
    prompt = Prompt(
        version=version,
        system=system,
        user=user,
        renderer=lambda source, values: render(label, source, values),
    )
    return prompt, data


def load_prompt(name: str) -> Prompt:
    """`prompts/<name>.toml` (keys version, system, user); one clear error naming what is wrong."""
    return load_prompt_data(name)[0]
