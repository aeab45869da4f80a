"""How everyday chat words are read (handlers/language.py): which words frame a question and
which filter it, what verbs of landing, opening and waiting mean, and small talk."""

from __future__ import annotations

import pytest

from handlers.language import (
    ACTION_REQUEST,
    in_english,
    is_function_word,
    is_set_aside,
    is_social,
    lemmas,
    question_part,
    state_verb,
)


@pytest.mark.parametrize(
    ("word", "state"),
    [
        ("landed", "merged"),
        ("shipped", "merged"),
        ("submitted", "opened"),
        ("pending", "open"),
        ("rocm", None),
    ],
)
def test_verbs_of_landing_opening_and_waiting_name_a_state(word: str, state: str | None) -> None:
    """`what landed` means merged, `submitted` opened, `pending` still open; a topic names none."""
    assert state_verb(word) == state


@pytest.mark.parametrize("word", ["the", "please", "show", "updates", "news", "important", "recently", "prs"])
def test_frame_words_are_set_aside(word: str) -> None:
    """Grammar, asking verbs, activity, judgement and recency words filter nothing."""
    assert is_set_aside(word)


@pytest.mark.parametrize("word", ["rocm", "mi300x", "merged", "fixes"])
def test_content_words_are_kept(word: str) -> None:
    """Topic, hardware and state words are content: they may narrow an answer."""
    assert not is_set_aside(word)


def test_function_words_are_grammar_not_content() -> None:
    """Determiners and chat particles are function words; a topic is not."""
    assert is_function_word("the") and is_function_word("please") and not is_function_word("rocm")


def test_small_talk_is_recognised() -> None:
    """`thanks` and `lol` are social words (a thread keeps quiet on them); a topic is not."""
    assert is_social("thanks") and is_social("lol") and not is_social("rocm")


def test_inflections_reach_their_lemma() -> None:
    """`updates` and `shipped` are compared as `update` and `ship`: inflections need no entries."""
    assert "update" in set(lemmas("updates")) and "ship" in set(lemmas("shipped"))


@pytest.mark.parametrize(
    ("message", "asked"),
    [
        # remarks beside a request are not part of it
        ("still nothing, weird. maybe he pushes from another account. drop the author", "drop the author"),
        ("hmm that's thin. widen it to all of rocm", "widen it to all of rocm"),
        ("drop the docs ones, way too noisy", "drop the docs ones"),
        ("nothing found? ok it's a holiday week I guess. try the last 30 days", "try the last 30 days"),
        # a request with its subject left out is a request, not context about the asker
        (
            "we're prepping a review for monday. need everything cutlass related from this month",
            "need everything cutlass related from this month",
        ),  # fmt: skip
        # a question embedded in context is the question
        ("i'm on the platform team and want to know which xpu prs merged", "which xpu prs merged"),
        # a reason clause goes; a "since we ..." that names a date is a time
        ("rocm prs since we need them for the sync", "rocm prs"),
        ("how many merged since we branched on feb 10", "how many merged since we branched on feb 10"),
        # a second sentence that opens with a question word asks, with or without its "?"
        (
            "h200 or mi325x for a 70b model? which is better value",
            "h200 or mi325x for a 70b model? which is better value",
        ),  # fmt: skip
        # what the asker will do with the answer
        ("who's the xpu person i should ping", "who's the xpu person"),
        ("which rocm maintainer could we contact?", "which rocm maintainer"),
        # after a question, a sentence that only wonders is the asker's background
        (
            "what did njhill land this week? she fixed our bug and im curious what else shes on",
            "what did njhill land this week?",
        ),  # fmt: skip
    ],
)
def test_the_asking_part_of_a_chatty_message(message: str, asked: str) -> None:
    assert question_part(message) == asked


def test_a_request_to_act_is_one_in_russian_too() -> None:
    """ "можно перезапустить CI на моём PR?" (can you restart CI on my PR?) asks the bot to act on
    GitHub, which it cannot, as "can you rerun ci on my pr" does."""
    assert ACTION_REQUEST.search(in_english("Привет! А можно перезапустить CI на моём PR?").lower())
    assert not ACTION_REQUEST.search(in_english("что смержили по ROCm сегодня?").lower())


def test_an_english_word_is_no_sign_of_another_language() -> None:
    """ "so how do the two compare?" is English: "compare" (Portuguese too) marked it Portuguese,
    and "do" became "by", "so" "only"."""
    assert in_english("so how do the two compare?").split() == ["so", "how", "do", "the", "two", "compare?"]
