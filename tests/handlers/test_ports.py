"""The ports the core needs (handlers/ports.py) and the implementations bot/ passes in: each
implementation offers every method of its port with the same parameters, so the core can be
given either store backend, the classification service or the Anthropic client unchanged."""

from __future__ import annotations

import inspect

import pytest

from bot.services.classify import ClassificationService
from bot.services.llm import AnthropicLLM
from bot.store.redis import RedisStore
from bot.store.sqlite import SQLiteStore
from handlers.ports import LLM, ClassificationSource, Store


def _methods(port: type) -> dict[str, inspect.Signature]:
    return {
        name: inspect.signature(member)
        for name, member in vars(port).items()
        if callable(member) and not name.startswith("_")
    }


def _parameters(signature: inspect.Signature) -> list[tuple[str, object, object]]:
    return [(p.name, p.kind, p.default) for p in signature.parameters.values()]


@pytest.mark.parametrize(
    ("port", "implementation"),
    [
        (Store, SQLiteStore),
        (Store, RedisStore),
        (ClassificationSource, ClassificationService),
        (LLM, AnthropicLLM),
    ],
)
def test_each_implementation_offers_every_method_of_its_port(port: type, implementation: type) -> None:
    """Same method names, parameter names, kinds and defaults; async where the port is async."""
    for name, signature in _methods(port).items():
        method = getattr(implementation, name, None)
        assert method is not None, f"{implementation.__name__} lacks {name}"
        assert _parameters(inspect.signature(method)) == _parameters(signature), name
        assert inspect.iscoroutinefunction(method) == inspect.iscoroutinefunction(getattr(port, name)), name
