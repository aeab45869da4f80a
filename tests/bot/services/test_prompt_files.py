"""Prompt files: loaded with their version, rendered by one renderer that refuses a missing value."""

from __future__ import annotations

import pytest

from bot.services.prompt_files import load_prompt, render
from handlers.errors import BotError

# The placeholders each shipped prompt documents (system, user).
PLACEHOLDERS = {
    "classify": ({"repo", "taxonomy"}, {"count", "prs"}),
    "digest": ({"repo"}, {"repo", "start", "end", "areas", "records"}),
    "followup": (
        {"repo"},
        {"repo", "subject", "window", "records", "omitted", "bodies", "turns", "question"},
    ),
    "query_synthesis": ({"repo"}, {"understood", "prs"}),
    "question_reading": ({"repo", "topics"}, {"question"}),
}


@pytest.mark.parametrize("name", sorted(PLACEHOLDERS))
def test_every_shipped_prompt_renders_all_its_placeholders(name: str) -> None:
    """With its documented values a prompt renders each of them and leaves no template syntax."""
    prompt = load_prompt(name)
    system_keys, user_keys = PLACEHOLDERS[name]
    system = prompt.render_system(**{k: f"<{k.upper()}>" for k in system_keys})
    user = prompt.render_user(**{k: f"<{k.upper()}>" for k in user_keys})
    assert prompt.version
    for key in system_keys:
        assert f"<{key.upper()}>" in system
    for key in user_keys:
        assert f"<{key.upper()}>" in user
    assert "{{" not in system + user and "$" not in system + user


def test_a_missing_placeholder_is_an_error_naming_it() -> None:
    """Forgetting a value fails loudly instead of sending `{{ question }}` to the model."""
    prompt = load_prompt("followup")
    values = dict.fromkeys(PLACEHOLDERS["followup"][1], "x")
    del values["question"]
    with pytest.raises(BotError, match=r"followup\.toml \(f1\).*'question' is undefined"):
        prompt.render_user(**values)


def test_values_are_data_not_templates() -> None:
    """A value that looks like template syntax (from a PR title) is copied, never evaluated."""
    assert (
        render("t", "Title: {{ title }}", {"title": "{{ 7 * 7 }} {% if x %}"})
        == "Title: {{ 7 * 7 }} {% if x %}"
    )


def test_a_broken_template_is_one_clear_error() -> None:
    """Template syntax errors name the prompt and the line."""
    with pytest.raises(BotError, match=r"prompt t: line 2: "):
        render("t", "ok\n{{ unclosed", {})


def test_an_unknown_prompt_file_is_one_clear_error() -> None:
    """A prompt name with no file names the file."""
    with pytest.raises(BotError, match=r"prompt nonexistent\.toml: cannot load"):
        load_prompt("nonexistent")
