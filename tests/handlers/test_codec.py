"""The stored form of the core's values (handlers/codec.py): round-trips, and records written
in the format earlier versions stored (SQLite and Redis data from before the codec must load)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from handlers.codec import decode, encode
from handlers.models import Classification, DigestPoint, PullRequest, Subscription, ThreadContext, ThreadKey

T0 = datetime(2026, 2, 13, 10, 0, tzinfo=UTC)

# Records exactly as the hand-written to_dict methods stored them (before handlers/codec.py).
STORED_PR = (
    '{"repo": "vllm-project/vllm", "number": 12022, "title": "[Doc] update docs for nightly benchmarks", '
    '"author": "andrewkchan", "state": "closed", "created_at": "2025-07-25T16:13:47Z", '
    '"updated_at": "2025-08-02T00:13:47Z", "url": "https://github.com/vllm-project/vllm/pull/12022", '
    '"body": null, "author_type": "User", "labels": ["documentation"], "draft": false, '
    '"merged_at": "2025-08-02T00:13:47Z", "closed_at": "2025-08-02T00:13:47Z", "files": ["docs/a.md"], '
    '"base_ref": "main"}'
)
STORED_CLASSIFICATION = (
    '{"repo": "o/r", "number": 7, "content_hash": "abc", "classifier": "h:v1", "topics": ["rocm", '
    '"kernels"], "summary": "S", "impact": 0.7, "fallback": true}'
)
STORED_THREAD = (
    '{"key": {"platform": "slack", "channel": "C1", "thread": "1.2"}, "repo": "o/r", "kind": "digest", '
    '"since": "2026-02-13T10:00:00Z", "until": "2026-02-20T10:00:00Z", "query_text": "q || only: x", '
    '"pr_numbers": [1, 2], "shown": 1, "turns": [["user", "more"], ["bot", "x"]]}'
)
STORED_SUBSCRIPTION = (
    '{"id": "s1", "repo": "o/r", "platform": "slack", "channel": "C1", "user": "U1", "kind": "query", '
    '"question": "rocm", "cadence": "daily", "at": "09:00", "personal": true, '
    '"created_at": "2026-02-13T10:00:00Z", "status": "suspended", "reason": "gone"}'
)


def make_pr(**changes: Any) -> PullRequest:
    values: dict[str, Any] = {
        "repo": "o/r",
        "number": 7,
        "title": "Fix the thing",
        "author": "dev",
        "state": "open",
        "created_at": T0,
        "updated_at": T0,
        "url": "https://github.com/o/r/pull/7",
        "body": "Body text",
        "labels": ("bug", "rocm"),
    }
    return PullRequest(**(values | changes))


def stored(value: object) -> str:
    """The text a store writes for `value`."""
    return json.dumps(encode(value), ensure_ascii=False)


def test_a_stored_pull_request_of_the_earlier_format_loads_and_is_written_back_byte_for_byte() -> None:
    """A PR record as SQLite/Redis hold it today decodes to the PR, and encodes to the same text."""
    pr = decode(PullRequest, json.loads(STORED_PR))
    assert (pr.number, pr.status, pr.labels, pr.files, pr.body) == (
        12022,
        "merged",
        ("documentation",),
        ("docs/a.md",),
        None,
    )
    assert pr.merged_at == datetime(2025, 8, 2, 0, 13, 47, tzinfo=UTC)
    assert stored(pr) == STORED_PR


def test_stored_classifications_threads_and_subscriptions_of_the_earlier_format_load() -> None:
    """Each stored record decodes to its value and encodes back to the same text."""
    cls = decode(Classification, json.loads(STORED_CLASSIFICATION))
    assert cls == Classification("o/r", 7, "abc", "h:v1", ("rocm", "kernels"), "S", 0.7, True)
    thread = decode(ThreadContext, json.loads(STORED_THREAD))
    assert thread.key == ThreadKey("slack", "C1", "1.2")
    assert thread.until - thread.since == timedelta(days=7)
    assert thread.turns == (("user", "more"), ("bot", "x")) and thread.pr_numbers == (1, 2)
    sub = decode(Subscription, json.loads(STORED_SUBSCRIPTION))
    assert (sub.cadence, sub.at, sub.personal, sub.status, sub.created_at) == (
        "daily",
        "09:00",
        True,
        "suspended",
        T0,
    )
    for value, text in ((cls, STORED_CLASSIFICATION), (thread, STORED_THREAD), (sub, STORED_SUBSCRIPTION)):
        assert stored(value) == text


def test_a_pull_request_survives_its_dict_form() -> None:
    """encode -> decode gives the same PR (times, labels, files, None kept apart from ())."""
    for pr in (
        make_pr(),
        make_pr(state="closed", merged_at=T0, closed_at=T0, files=("a.py",), base_ref="main"),
        make_pr(files=()),
    ):
        data = encode(pr)
        assert data["created_at"] == "2026-02-13T10:00:00Z"
        again = decode(PullRequest, data)
        assert again == pr and again.files == pr.files and again.content_hash() == pr.content_hash()


def test_unknown_keys_in_a_stored_pull_request_are_ignored() -> None:
    """A record written by a newer version (an extra key) still loads."""
    data = encode(make_pr()) | {"added_later": 1}
    assert decode(PullRequest, data) == make_pr()


def test_missing_or_null_keys_take_the_field_default() -> None:
    """A record from an older version without a field (or with null where None is no value) loads
    with the field's default; a null where None is a value stays None."""
    data = encode(make_pr())
    del data["author_type"]
    data["labels"] = None
    pr = decode(PullRequest, data)
    assert (pr.author_type, pr.labels, pr.files) == ("User", (), None)
    sub = decode(
        Subscription, {"id": "s", "repo": "o/r", "platform": "console", "channel": "x", "created_at": None}
    )
    assert sub.created_at.tzinfo is not None and sub.cadence == "realtime"


def test_a_classification_survives_its_dict_form() -> None:
    """Topics come back as a tuple; every field is kept."""
    cls = Classification("o/r", 7, "abc", "heuristic:v1", ("rocm", "kernels"), "Fuses a kernel.", 0.7, True)
    assert decode(Classification, encode(cls)) == cls


def test_a_thread_context_survives_its_dict_form() -> None:
    """Key, window, shown count and the conversation turns round-trip."""
    context = ThreadContext(
        key=ThreadKey("discord", "123", "456"),
        repo="o/r",
        kind="query",
        since=T0,
        until=T0 + timedelta(days=7),
        query_text="rocm last week",
        pr_numbers=(1, 2, 3),
        shown=2,
        turns=(("user", "more"), ("bot", "3 PRs")),
    )
    assert decode(ThreadContext, encode(context)) == context


def test_a_stored_span_of_an_unknown_kind_is_refused_with_its_keys_named() -> None:
    """A digest span that is none of text, code or PR citation fails loudly rather than
    loading as empty text."""
    with pytest.raises(ValueError, match=r"Text \| Code \| PRRef is none of them: its keys are \['link'\]"):
        decode(DigestPoint, {"lead": "x", "body": [{"text": "see "}, {"link": "https://x"}], "children": []})
