"""What a follow-up message asks for (handlers/followup_intent.py): a pure reading of the text."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.services.taxonomy import load_taxonomy
from handlers.followup_intent import FURTHER_BACK, Intent, classify
from handlers.parse import parse_query

TAX = load_taxonomy("vllm")
NOW = datetime(2026, 3, 2, 9, tzinfo=UTC)


def read(text: str) -> Intent:
    query = parse_query(text, TAX, tz=UTC, tz_name="UTC", week_start="monday", now=NOW, default_days=7)
    return classify(text, query)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("more", "more"),
        ("thanks!", "chatter"),
        ("help", "help"),
        ("how many are merged?", "count"),
        ("who is working on aiter?", "who"),
        ("compare with the week before", "compare"),
        ("only the bug fixes", "narrow"),
        ("by tjtanaa", "narrow"),
        ("tell me about #35250", "detail"),
        ("what about qwen?", "switch"),
        ("why did this break the build?", "question"),
    ],
)
def test_each_kind_of_follow_up_is_read_as_such(text: str, kind: str) -> None:
    """Paging, chatter, help, counts, who, comparisons, narrowing, details, switches and free questions."""
    assert read(text).kind == kind


def test_the_week_before_and_after_shift_the_window_back_and_forth() -> None:
    """`same for the week before` shifts back one span, `... after` forward."""
    before, after = read("same for the week before"), read("same for the week after")
    assert (before.kind, before.shift) == ("shift", -1)
    assert (after.kind, after.shift) == ("shift", 1)


def test_a_place_in_the_list_is_a_detail_at_that_position() -> None:
    """`the 2nd one` is the second PR of the page shown; `the last one` the last."""
    assert (read("the 2nd one").kind, read("the 2nd one").position) == ("detail", 2)
    assert (read("the last one").kind, read("the last one").position) == ("detail", -1)


def test_who_keeps_the_subject_asked_about() -> None:
    """`who is working on aiter?` is about 'aiter'."""
    assert read("who is working on aiter?").subject == "aiter"


def test_a_free_question_is_marked_as_asking() -> None:
    """A why-question keeps its content for the model (words, or the topics they name: "break the
    build" is a CI & build bug), and asks."""
    intent = read("why did this break the build?")
    assert intent.asks and {"ci-build", "bugfix"} <= {k for g in intent.query.any_of for k in g}
    assert read("why did the tokenizer change?").words


@pytest.mark.parametrize(
    "text",
    [
        "older ones too",
        "could you go back further?",
        "anything earlier?",
        "widen the window pls",
        "anything older on that?",
    ],
)
def test_asking_for_older_ones_reaches_further_back(text: str) -> None:
    """ "older ones too" asks the thread's question over a longer time up to the same end (it
    searched the titles for "older"); written for this test."""
    intent = read(text)
    assert (intent.kind, intent.shift, intent.query.text) == ("shift", FURTHER_BACK, ""), (intent, text)


@pytest.mark.parametrize(
    "text", ["oldest first", "older ones first", "prs older than 2 weeks", "the earlier week"]
)
def test_an_order_an_age_or_the_week_before_is_no_reach_back(text: str) -> None:
    assert read(text).shift != FURTHER_BACK, text


def test_earlier_as_a_time_of_its_own_is_no_reach_back() -> None:
    """ "who wrote those? any repeat names from earlier in the month?" is a who-question whose
    "earlier" places a time, not "older ones too"."""
    assert read("who wrote those? any repeat names from earlier in the month?").shift != FURTHER_BACK
