"""The shared citation guard on free prose (follow-up answers): citations kept in place, unknown
PR numbers removed and counted, every model-written link dropped, code kept as code."""

from __future__ import annotations

from datetime import UTC, datetime

from handlers.citations import Guard, cap
from handlers.models import Code, PRRef, PullRequest, Text

T = datetime(2026, 2, 1, tzinfo=UTC)
PR = PullRequest("o/r", 5, "Title", "alice", "open", T, T, "https://github.com/o/r/pull/5")


def test_known_citations_become_stored_links_and_unknown_ones_disappear() -> None:
    """#5 becomes a citation with the stored URL; #999999 and its brackets are removed and counted."""
    guard = Guard({5: PR}, what="test")
    spans = guard.spans("Mostly #5 (#999999), see `fast_path` too.", 500)
    assert spans == (Text("Mostly "), PRRef(5, PR.url), Text(", see "), Code("fast_path"), Text(" too."))
    assert guard.removed == 1


def test_model_written_links_are_dropped_but_a_pr_link_is_a_citation() -> None:
    """A Markdown link keeps its words only; a link to a known PR becomes its citation."""
    guard = Guard({5: PR})
    spans = guard.spans("Read [the notes](https://evil.example/x) and https://github.com/o/r/pull/5 now", 500)
    assert PRRef(5, PR.url) in spans
    assert "evil" not in "".join(s.text for s in spans if isinstance(s, Text))


def test_long_answers_are_capped_at_a_word_boundary() -> None:
    """The rendered answer is capped in characters and ends with an ellipsis."""
    assert cap("word " * 100, 42).endswith("…") and len(cap("word " * 100, 42)) <= 42
