"""One codec for the values the stores keep: a frozen dataclass <-> a JSON-ready dict.

`encode` and `decode` read each dataclass's field types once (a per-class plan) and convert by
type: datetimes are `2026-02-13T10:00:00Z` text (`format_time` / `parse_time`), tuples are JSON
lists, nested dataclasses are dicts; every other value is stored as it is. Fields declared
`init=False` (derived, like a PR's content hash) are neither written nor read.

Decoding is lenient, so records written by older or newer versions still load: unknown keys
are ignored, and a missing key, or a None where the field admits no None, takes the field's
default. The stored form is the one the hand-written `to_dict`s wrote, byte for byte
(tests/handlers/test_codec.py decodes records in that format).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, TypeVar

from handlers.models import format_time, parse_time

T = TypeVar("T")

Convert = Callable[[Any], Any]


def encode(value: Any) -> dict[str, Any]:
    """A dataclass instance as a JSON-ready dict, in field order."""
    out = {}
    for name, convert, _ in _plan(type(value))[0]:
        raw = getattr(value, name)
        out[name] = None if raw is None else convert(raw)
    return out


def decode(cls: type[T], data: Mapping[str, Any]) -> T:
    """An instance of the dataclass `cls` from its dict form (see the module docstring)."""
    values = {}
    for name, convert, nullable in _plan(cls)[1]:
        raw = data.get(name)
        if raw is None and not nullable:
            continue  # missing (or null where None is no value): the field's default
        values[name] = None if raw is None else convert(raw)
    return cls(**values)


Plan = tuple[tuple[str, Convert, bool], ...]
_PLANS: dict[type, tuple[Plan, Plan]] = {}


def _plan(cls: type) -> tuple[Plan, Plan]:
    """For each stored field: its name, how to encode / decode it, and whether None is a value
    (worked out once per class)."""
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _make_plan(cls)
    return plan


def _make_plan(cls: type) -> tuple[Plan, Plan]:
    hints = typing.get_type_hints(cls)
    writing: list[tuple[str, Convert, bool]] = []
    reading: list[tuple[str, Convert, bool]] = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        hint = hints[f.name]
        nullable = _is_union(hint) and type(None) in typing.get_args(hint)
        to_stored, from_stored = _converters(hint)
        writing.append((f.name, to_stored, nullable))
        reading.append((f.name, from_stored, nullable))
    return tuple(writing), tuple(reading)


def _is_union(hint: Any) -> bool:
    return typing.get_origin(hint) in (typing.Union, types.UnionType)


def _without_none(hint: Any) -> Any:
    if _is_union(hint):
        rest = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(rest) == 1:
            return rest[0]
    return hint


def _identity(value: Any) -> Any:
    return value


def _converters(hint: Any) -> tuple[Convert, Convert]:
    """How a value of type `hint` (never None) is stored, and read back."""
    hint = _without_none(hint)
    if hint is datetime:
        return format_time, parse_time
    if dataclasses.is_dataclass(hint):
        cls = typing.cast(type, hint)
        return encode, lambda value: decode(cls, value)
    if typing.get_origin(hint) is tuple:
        items = [_converters(a) for a in typing.get_args(hint) if a is not Ellipsis]
        if all(to is _identity and back is _identity for to, back in items):
            return list, tuple
        if len(items) == 1:  # tuple[X, ...]
            to, back = items[0]
            return (lambda value: [to(v) for v in value]), (lambda value: tuple(back(v) for v in value))
        tos, backs = [to for to, _ in items], [back for _, back in items]
        return (
            lambda value: [c(v) for c, v in zip(tos, value, strict=True)],
            lambda value: tuple(c(v) for c, v in zip(backs, value, strict=True)),
        )
    return _identity, _identity
