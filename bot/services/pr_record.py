"""A GitHub REST pull-request record, validated field by field before it becomes a PullRequest.

The one reader of GitHub's wire format: the core (handlers/) knows only `PullRequest`. Used by
`import` (files anyone may hand us), by ingest (GitHub's answers), and by tests, bench/ and
tools/ reading recorded data. A record with a wrong type anywhere is refused with a reason
naming the field, instead of being coerced (`labels: "bug"` read as three labels) or failing
later inside the store (`number: 10**30`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    model_validator,
)

from handlers.models import PullRequest, parse_time, pr_url

MAX_NUMBER = 2**31 - 1  # GitHub issue numbers are 32-bit; the store keeps 64-bit integers


def _iso_time(value: Any) -> datetime | None:
    """Only ISO 8601 text (GitHub's format) or null: a number is not read as a Unix time."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"expected an ISO 8601 time string, got {type(value).__name__}")
    try:
        return parse_time(value)
    except ValueError:
        raise ValueError(f"not an ISO 8601 time: {value[:40]!r}") from None


Time = Annotated[datetime | None, BeforeValidator(_iso_time)]


class _Lenient(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class _User(_Lenient):
    login: StrictStr | None = None
    type: StrictStr | None = None


class _Label(_Lenient):
    name: StrictStr


class _Base(_Lenient):
    ref: StrictStr | None = None


class PullRecord(_Lenient):
    number: StrictInt = Field(ge=1, le=MAX_NUMBER)
    title: StrictStr = Field(min_length=1)
    body: StrictStr | None = None
    user: _User | None = None
    labels: list[_Label | StrictStr] | None = None
    state: Literal["open", "closed"] | None = None
    draft: StrictBool | None = None
    created_at: Time
    updated_at: Time = None
    merged_at: Time = None
    closed_at: Time = None
    base: _Base | None = None

    @model_validator(mode="after")
    def _ordered(self) -> PullRecord:
        if self.created_at is None:
            raise ValueError("created_at: required")
        for name in ("updated_at", "merged_at", "closed_at"):
            when = getattr(self, name)
            if when is not None and when < self.created_at:
                raise ValueError(f"{name} ({when:%Y-%m-%d %H:%M}) is before created_at")
        return self


def _reason(exc: ValidationError) -> str:
    errors = exc.errors()
    missing = [str(e["loc"][0]) for e in errors if e["type"] == "missing" and len(e["loc"]) == 1]
    parts = [f"missing field(s): {', '.join(missing)}"] if missing else []
    others = [e for e in errors if not (e["type"] == "missing" and len(e["loc"]) == 1)]
    for error in others[:3]:
        where = ".".join(str(p) for p in error["loc"])
        message = str(error["msg"]).removeprefix("Value error, ")
        parts.append(f"{where}: {message}" if where else message)
    if len(others) > 3:
        parts.append(f"and {len(others) - 3} more")
    return "; ".join(parts)


def pull_request_from_record(repo: str, obj: object) -> PullRequest:
    """A validated record -> PullRequest. Raises ValueError naming the bad field(s)."""
    if not isinstance(obj, dict):
        raise ValueError("not a JSON object")
    try:
        record = PullRecord.model_validate(obj)
    except ValidationError as exc:
        raise ValueError(_reason(exc)) from None
    assert record.created_at is not None
    labels = tuple(label if isinstance(label, str) else label.name for label in record.labels or ())
    user = record.user or _User()
    return PullRequest(
        repo=repo,
        number=record.number,
        title=record.title,
        body=record.body,
        author=user.login or "ghost",
        author_type=user.type or "User",
        labels=labels,
        state=record.state or "open",
        draft=bool(record.draft),
        created_at=record.created_at,
        updated_at=record.updated_at or record.created_at,
        merged_at=record.merged_at,
        closed_at=record.closed_at,
        url=pr_url(repo, record.number),
        base_ref=record.base.ref if record.base else None,
    )
