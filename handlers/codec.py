"""One codec for the values the stores keep: a frozen dataclass <-> a JSON-ready dict.

`encode` and `decode` read each dataclass's field types once (a per-class plan) and convert by
type: datetimes are `2026-02-13T10:00:00Z` text (`format_time` / `parse_time`), tuples are JSON
lists, nested dataclasses are dicts, and a union of dataclasses (a digest's `Text | Code | PRRef`
spans) is the member's dict, told apart on reading by its keys; every other value is stored as it
is. Fields declared `init=False` (derived, like a PR's content hash) are neither written nor read.

Where records already stored spell a value differently from its dataclass, `_STORED_NAMES` and
`_STORED_ORDER` say how (a PR citation's `number` is stored as `pr`, a digest writes `mode`
before its spans), so that the stored text stays what it was.

Decoding is lenient, so records written by older or newer versions still load: unknown keys
are ignored, and a missing key, or a None where the field admits no None, takes the field's
default. Only a dict that is no member of its union (a span of a kind this version does not
know) is refused, with a ValueError. The stored form is the one the hand-written `to_dict`s
wrote, byte for byte (tests/handlers/test_codec.py and test_digest.py decode records in that
format).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, TypeVar

from handlers.models import Code, Digest, DigestSection, PRRef, ThreadContext, format_time, parse_time

T = TypeVar("T")

Convert = Callable[[Any], Any]

# Stored keys that are not the field's name, as digests have stored their spans since format 1:
# {"pr": 1, "url": ...}, {"code": "x"}, {"text": "x"}.
_STORED_NAMES: dict[type, dict[str, str]] = {PRRef: {"number": "pr"}, Code: {"text": "code"}}
# Classes whose stored keys come in another order than their fields.
# fmt: off
_STORED_ORDER: dict[type, tuple[str, ...]] = {
    Digest: ("repo", "window", "title", "mode", "takeaways", "sections", "more", "topics", "scope",
             "table", "counts", "notes", "highlights"),
    DigestSection: ("title", "key", "headline", "prs", "pr_count", "points"),
}
# fmt: on
# Fields added later that are left out while unset (None or empty), so records without them keep
# their stored form.
_LEFT_OUT_WHEN_NONE: dict[type, frozenset[str]] = {
    ThreadContext: frozenset({"start", "earlier", "page_start"})
}


def encode(value: Any) -> dict[str, Any]:
    """A dataclass instance as a JSON-ready dict, in field order (or its `_STORED_ORDER`)."""
    out = {}
    optional = _LEFT_OUT_WHEN_NONE.get(type(value), frozenset())
    for name, key, convert, _ in _plan(type(value))[0]:
        raw = getattr(value, name)
        if name in optional and (raw is None or raw == () or raw == 0):
            continue
        out[key] = None if raw is None else convert(raw)
    return out


def decode(cls: type[T], data: Mapping[str, Any]) -> T:
    """An instance of the dataclass `cls` from its dict form (see the module docstring)."""
    values = {}
    for name, key, convert, nullable in _plan(cls)[1]:
        raw = data.get(key)
        if raw is None and not nullable:
            continue  # missing (or null where None is no value): the field's default
        values[name] = None if raw is None else convert(raw)
    return cls(**values)


Plan = tuple[tuple[str, str, Convert, bool], ...]
_PLANS: dict[type, tuple[Plan, Plan]] = {}


def _plan(cls: type) -> tuple[Plan, Plan]:
    """For each stored field: its name, its stored key, how to encode / decode it, and whether
    None is a value (worked out once per class)."""
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _make_plan(cls)
    return plan


def _make_plan(cls: type) -> tuple[Plan, Plan]:
    hints = typing.get_type_hints(cls)
    names = _STORED_NAMES.get(cls, {})
    writing: list[tuple[str, str, Convert, bool]] = []
    reading: list[tuple[str, str, Convert, bool]] = []
    for f in _stored_fields(cls):
        hint = hints[f.name]
        nullable = _is_union(hint) and type(None) in typing.get_args(hint)
        to_stored, from_stored = _converters(hint)
        key = names.get(f.name, f.name)
        writing.append((f.name, key, to_stored, nullable))
        reading.append((f.name, key, from_stored, nullable))
    order = _STORED_ORDER.get(cls)
    if order is not None:
        if sorted(order) != sorted(name for name, *_ in writing):
            raise TypeError(f"_STORED_ORDER of {cls.__name__} must list each of its fields once")
        writing.sort(key=lambda entry: order.index(entry[0]))
    return tuple(writing), tuple(reading)


def _stored_fields(cls: type) -> list[dataclasses.Field[Any]]:
    return [f for f in dataclasses.fields(cls) if f.init]


def _required_keys(cls: type) -> frozenset[str]:
    """The stored keys every record of `cls` has: those of fields without a default."""
    names = _STORED_NAMES.get(cls, {})
    return frozenset(
        names.get(f.name, f.name)
        for f in _stored_fields(cls)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    )


def _union_decoder(members: tuple[type, ...]) -> Convert:
    """Reads a dict as the member of a union of dataclasses whose required keys it has; members
    with more required keys are tried first, and two members with the same keys are refused."""
    candidates = sorted(((_required_keys(m), m) for m in members), key=lambda c: -len(c[0]))
    for i, (keys, member) in enumerate(candidates):
        for other_keys, other in candidates[i + 1 :]:
            if keys == other_keys:
                raise TypeError(f"{member.__name__} and {other.__name__} are stored with the same keys")

    def back(value: Mapping[str, Any]) -> Any:
        for keys, member in candidates:
            if keys <= value.keys():
                return decode(member, value)
        names = " | ".join(m.__name__ for m in members)
        raise ValueError(f"a stored {names} is none of them: its keys are {sorted(value)}")

    return back


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
    if _is_union(hint):
        members = tuple(a for a in typing.get_args(hint) if a is not type(None))
        if all(dataclasses.is_dataclass(a) for a in members):
            return encode, _union_decoder(members)  # encode goes by the value's own class
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
