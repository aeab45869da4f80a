"""Errors a user may see (handlers/errors.py): each is a BotError, so every front end prints its
one line instead of a traceback."""

from __future__ import annotations

import pytest

from handlers.errors import BotError, LLMError, StoreError, StoreUnavailable


@pytest.mark.parametrize("error", [StoreError, StoreUnavailable, LLMError])
def test_every_error_meant_for_a_person_is_a_bot_error(error: type[Exception]) -> None:
    """The CLI and the adapters catch BotError to print its message: every kind is one."""
    assert issubclass(error, BotError)


def test_an_unreachable_store_is_a_store_error() -> None:
    """Code that handles a refused store operation also handles a store that is down."""
    assert issubclass(StoreUnavailable, StoreError)
    assert str(StoreUnavailable("redis at 127.0.0.1:1 is down")) == "redis at 127.0.0.1:1 is down"
