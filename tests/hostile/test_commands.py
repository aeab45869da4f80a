"""Hostile command and follow-up text: never an exception, always a Reply, sane windows.

Property-based (hypothesis) over arbitrary unicode mixed with control characters, bidi and
zero-width characters, NUL, markup fragments and 100 KB inputs, through the parser
(handlers/parse.py) and the facade (`command`, `followup`) over a real seeded SQLite store.
Whatever comes back renders without a mention or a foreign link on every platform.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.adapters.discord_render import render_reply_messages
from bot.adapters.slack_render import render_reply_blocks
from bot.adapters.text_render import render_reply_text
from handlers.app import BotHandlers
from handlers.models import Reply, ThreadKey, ThreadSeed
from handlers.parse import parse_query
from tests.hostile.checks import FRAGMENTS, discord_problems, slack_problems, text_problems
from tests.hostile.conftest import NOW, REPO

WORDS = (
    "rocm", "last", "week", "merged", "open", "since", "monday", "2026-02-30", "yesterday", "between",
    "and", "#35483", "#0", "#99999999999", "-merged", "only", "more", "today", "days", "999999", "-1",
    "feb", "31", "1970-01-01", "9999-12-31", "ago", "this", "month", "year", "tell", "me", "about",
)  # fmt: skip
ODD = (
    "\x00",
    "\u202e",
    "\u2066",
    "\u200b",
    "\u200f",
    "\ufeff",
    "\r",
    "\n",
    "\t",
    "\x1b",
    "\ud7ff",
    "🦀",
    "ﷺ",
)
text_input = st.lists(
    st.sampled_from(WORDS) | st.sampled_from(ODD) | st.sampled_from(FRAGMENTS) | st.text(max_size=8),
    max_size=14,
).map(" ".join)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
HUGE = ("rocm last week \x00\u202e <!channel> " * 4000)[:100_000]


def rendered_problems(reply: Reply) -> list[str]:
    """Mentions or foreign links in the reply on any platform (fences: the asker's own words)."""
    return (
        slack_problems(*render_reply_blocks(reply), fences=False)
        + discord_problems(render_reply_messages(reply), fences=False)
        + text_problems(render_reply_text(reply))
    )


@SETTINGS
@given(
    text=text_input,
    now=st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)),
    tz=st.sampled_from(["UTC", "Europe/Berlin", "America/New_York", "Pacific/Kiritimati", "Asia/Kolkata"]),
    week_start=st.sampled_from(["monday", "sunday"]),
)
def test_parser_never_fails_and_windows_are_ordered(
    facade: BotHandlers, text: str, now: datetime, tz: str, week_start: str
) -> None:
    """Any text at any moment in any timezone parses to a window with since < until."""
    taxonomy = facade.repo(REPO).taxonomy
    query = parse_query(text, taxonomy, tz=ZoneInfo(tz), tz_name=tz, week_start=week_start, now=now)
    assert query.since < query.until


def test_parser_survives_100_kb_of_hostile_text(facade: BotHandlers) -> None:
    """A 100 KB command with NUL, bidi overrides and mentions still parses to an ordered window."""
    query = parse_query(HUGE, facade.repo(REPO).taxonomy, now=NOW)
    assert query.since < query.until


@SETTINGS
@given(text=text_input)
def test_any_command_text_gets_a_safe_reply(facade: BotHandlers, text: str) -> None:
    """Any command text gets a Reply whose thread window is ordered and whose rendering is inert."""
    reply = asyncio.run(facade.command(REPO, text, user="U1"))
    assert isinstance(reply, Reply)
    if reply.seed is not None:
        assert reply.seed.since < reply.seed.until
    assert rendered_problems(reply) == []


def test_a_100_kb_command_gets_a_safe_reply(facade: BotHandlers) -> None:
    """A 100 KB command is answered (not crashed on) and renders within the platforms' limits."""
    reply = asyncio.run(facade.command(REPO, HUGE, user="U1"))
    assert isinstance(reply, Reply) and rendered_problems(reply) == []


def _thread(facade: BotHandlers, name: str) -> ThreadKey:
    key = ThreadKey("slack", "C1", name)
    seed = ThreadSeed(REPO, "query", NOW - timedelta(days=7), NOW, "rocm last week", (35483, 35334), 2)
    asyncio.run(facade.remember(key, seed))
    return key


@SETTINGS
@given(text=text_input)
def test_any_follow_up_text_gets_a_safe_reply(facade: BotHandlers, text: str) -> None:
    """Any follow-up text in a followed thread gets a Reply that renders inert."""
    reply = asyncio.run(facade.followup(_thread(facade, "1700000000.000100"), text, user="U1"))
    assert isinstance(reply, Reply)
    if reply.seed is not None:
        assert reply.seed.since < reply.seed.until
    assert rendered_problems(reply) == []


def test_a_100_kb_follow_up_gets_a_safe_reply(facade: BotHandlers) -> None:
    """A 100 KB follow-up is answered and renders within the platforms' limits."""
    reply = asyncio.run(facade.followup(_thread(facade, "1700000000.000200"), HUGE, user="U1"))
    assert isinstance(reply, Reply) and rendered_problems(reply) == []
