"""Hostile PR text through every renderer: no mention, no foreign link, no broken message.

Titles, authors, labels, summaries, model prose and the asker's own words are filled with
fragments built to break out of Slack mrkdwn, Discord markdown and Markdown (fixed lists and
hypothesis mixes of them); each value is rendered by all five renderers, for a list answer, a
detail card and a digest, and the output is checked by tests/hostile/checks.py.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.adapters.digest_text_render import render_digest_text
from bot.adapters.discord_render import render_digest_messages, render_reply_messages
from bot.adapters.markdown_render import render_digest_markdown
from bot.adapters.slack_render import render_digest_blocks, render_reply_blocks
from bot.adapters.text_render import render_reply_text
from handlers.models import (
    Code,
    Digest,
    DigestCounts,
    DigestPoint,
    DigestSection,
    ItemGroup,
    PRDetail,
    PRLink,
    PRRef,
    Reply,
    ReplyItem,
    TableRow,
    Text,
    Window,
)
from tests.hostile.checks import (
    FRAGMENTS,
    REPO_URL,
    discord_problems,
    markdown_problems,
    slack_problems,
    text_problems,
)

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)
ALL = "".join(FRAGMENTS)
hostile = st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=12), min_size=1, max_size=12).map("".join)
# Notes are written by the bot (they may quote the asker's own words: see test_commands.py).
NOTE = "Ask `more` in the thread."
# Minimal inputs the generated test below once found, checked on every run. Each is a whole
# field: its last character meets the span rendered after it (a PR link, a code span).
FOUND = (
    "<",  # text: "<" + "#3" made a channel mention
    "!",  # Markdown: "!" + "[PR#3](…)" made an image
    "[x](http://evil.example)\\",  # Discord: a literal "\\" right before a code span
    "\\!",  # Markdown: a literal "\\" then "!" + "[PR#3](…)" made an image
    "www.",  # Markdown: a bare "www." was left outside a code span (GitHub autolinks "www.")
    "a.://",  # Discord: "://" after a "." (a valid scheme character) was left unbroken
)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def list_reply(t: str, items: int = 3) -> Reply:
    shown = tuple(ReplyItem(n, t, f"{REPO_URL}{n}", t, "merged", (t,), t, NOW) for n in range(1, items + 1))
    return Reply(
        kind="list",
        title=t,
        understood=t,
        groups=(ItemGroup(t, shown),),
        total=items,
        synthesis=(Text(t), PRRef(1, f"{REPO_URL}1"), Code(t)),
        notes=(NOTE,),
        suggestions=(t,),
    )


def detail_reply(t: str) -> Reply:
    links = (PRLink("reverts", 8, t, f"{REPO_URL}8"), PRLink("reverted by", 9, t, f"{REPO_URL}9"))
    detail = PRDetail(7, t, f"{REPO_URL}7", t, "open", NOW, NOW, None, None, (t,), t, (t, t), (t,), links)
    return Reply(kind="detail", title=t, understood=t, detail=detail)


def digest(t: str) -> Digest:
    ref = PRRef(3, f"{REPO_URL}3")
    point = DigestPoint(t, (Text(t), Code(t), Text(" "), ref), children=((Text(t), ref),))
    return Digest(
        repo="vllm-project/vllm",
        window=Window(NOW, NOW + timedelta(days=7), "Mar 1 – Mar 7, 2026"),
        title=t,
        takeaways=(Text(t), ref, Code(t)),
        sections=(DigestSection(t, (point, point), pr_count=5),),
        table=(TableRow(t, (ref,), t),),
        counts=DigestCounts(5, 5, 3, 1, 1, 4, 1, 0),
        mode="llm",
        notes=(NOTE,),
    )


def problems(t: str) -> list[str]:
    """Every problem any renderer shows for replies and a digest built from `t`."""
    found: list[str] = []
    for reply in (list_reply(t), detail_reply(t)):
        found += slack_problems(*render_reply_blocks(reply))
        found += discord_problems(render_reply_messages(reply))
        found += text_problems(render_reply_text(reply))
    value = digest(t)
    for message in render_digest_blocks(value):
        found += slack_problems(message["text"], message["blocks"])
    found += discord_problems(render_digest_messages(value))
    found += markdown_problems(render_digest_markdown(value))
    found += text_problems(render_digest_text(value))
    return found


def test_each_known_breakout_fragment_comes_out_inert_everywhere() -> None:
    """Every fragment alone, as every untrusted field, yields no mention, link or broken message."""
    for fragment in FRAGMENTS:
        assert problems(f"fix {fragment} now") == [], fragment


def test_all_fragments_at_once_come_out_inert_everywhere() -> None:
    """One title holding every fragment at once renders safely on every platform."""
    assert problems(ALL) == []


def test_huge_hostile_text_stays_within_platform_limits() -> None:
    """100 KB of hostile text per field still gives messages within Slack's and Discord's limits."""
    assert problems((ALL * 200)[:100_000]) == []


def test_many_hostile_items_split_within_limits() -> None:
    """A long answer of hostile items is split into valid messages on both platforms."""
    reply = list_reply(ALL, items=60)
    assert slack_problems(*render_reply_blocks(reply)) == []
    assert discord_problems(render_reply_messages(reply)) == []


def test_a_line_cut_to_fit_discord_keeps_its_pr_links_whole() -> None:
    """A digest line too long for one message is cut before a PR link, never through it."""
    value = digest("fix " + "_it_![img](http://evil.example/i.png)" * 9)  # found by generation
    assert discord_problems(render_digest_messages(value)) == []


def test_a_code_span_cut_to_fit_discord_is_closed_after_one_ending_in_a_backslash() -> None:
    """The cut closes the code span it opens even when an earlier span ends in `\\`."""
    point = DigestPoint("x", (Code("fix \\"), Text(" b "), Code("[x](http://evil.example) " * 200)))
    value = digest("fix")
    value = replace(value, sections=(DigestSection("x", (point,), pr_count=1),))
    assert discord_problems(render_digest_messages(value)) == []


# Span sequences a generated run once broke a renderer with: untrusted spans that meet.
FOUND_SPANS = (
    (Text("<"), Text("@everyone")),  # Discord: "<" + "@…" is a mention tag
    (Text("www"), Text(".")),  # Markdown: "www" + "." is a bare "www." GitHub autolinks
    (Text("@"), Text("everyone")),  # Slack: "@" + "everyone" is "@everyone"
)


@pytest.mark.parametrize("spans", FOUND_SPANS)
def test_untrusted_spans_that_meet_come_out_inert_everywhere(spans: tuple[Text, ...]) -> None:
    """Adjacent untrusted spans in prose or a digest point make no mention or link together."""
    point = DigestPoint("lead", spans, children=(spans,))
    value = replace(digest("fix"), takeaways=spans, sections=(DigestSection("x", (point,), pr_count=1),))
    reply = replace(list_reply("fix"), synthesis=spans)
    found = slack_problems(*render_reply_blocks(reply)) + discord_problems(render_reply_messages(reply))
    found += text_problems(render_reply_text(reply))
    for message in render_digest_blocks(value):
        found += slack_problems(message["text"], message["blocks"])
    found += discord_problems(render_digest_messages(value))
    found += markdown_problems(render_digest_markdown(value)) + text_problems(render_digest_text(value))
    assert found == []


@pytest.mark.parametrize("t", FOUND)
def test_inputs_found_by_generation_come_out_inert_everywhere(t: str) -> None:
    """Each input the generated test once broke a renderer with renders safely everywhere."""
    assert problems("fix " + t) == []


@pytest.mark.parametrize("t", ["here", "everyone", "channel", "Everyone"])
def test_a_field_that_is_a_broadcast_word_comes_out_inert_everywhere(t: str) -> None:
    """A login such as `here` after the `@` a renderer adds pings no one (text: `@here`)."""
    assert problems(t) == []


@SETTINGS
@given(hostile)
def test_generated_hostile_text_comes_out_inert_everywhere(t: str) -> None:
    """Arbitrary mixes of breakout fragments and unicode render safely everywhere."""
    assert problems("fix " + t) == []


def test_discord_check_reads_backslashes_in_pairs_as_discord_does() -> None:
    """`\\\\` is a literal backslash: a link after it is live, a code span after it is inert."""
    assert any("masked link" in p for p in discord_problems(["a \\\\[x](y)"]))
    assert discord_problems(["a \\[x\\](y)"]) == []
    assert discord_problems(["a \\\\`[x](y)`"]) == []
    assert discord_problems(["[x]`c`(y) <`c`@123>"]) == []  # a code span keeps its sides apart
    link = "[PR#1](<https://github.com/vllm-project/vllm/pull/1>)"
    assert discord_problems([f"<{link}:emo:1>"]) == []  # and so does a PR link


def test_markdown_check_keeps_the_two_sides_of_a_code_span_apart() -> None:
    """`www` + a code span + `.` is no bare "www." (GitHub autolinks only within one text run)."""
    assert markdown_problems("www`x`.\n") == []
    assert markdown_problems("www.\n") != []
