"""The one calendar: week starts, labels, the digest's week and window keys agree everywhere."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from bot.scheduler import weekly_window
from bot.services.taxonomy import load_taxonomy
from handlers.calendar import (
    add_months,
    further_back_window,
    previous_week,
    week_start_of,
    window_for_dates,
    window_key,
    window_label,
)
from handlers.digest import last_full_week
from handlers.parse import parse_query

MONDAY_MORNING = datetime(2026, 3, 2, 9, tzinfo=UTC)


def test_week_starts_on_monday_or_sunday():
    """Sunday Mar 1, 2026 belongs to the week of Feb 23 (Monday) or starts its own (Sunday)."""
    assert week_start_of(date(2026, 3, 1), "monday") == date(2026, 2, 23)
    assert week_start_of(date(2026, 3, 1), "sunday") == date(2026, 3, 1)


def test_digest_scheduler_and_question_mean_the_same_last_week():
    """`last week` in a question, the digest's default week and the scheduler's week are one window."""
    tax = load_taxonomy("vllm")
    query = parse_query("rocm last week", tax, now=MONDAY_MORNING)
    digest = last_full_week(MONDAY_MORNING, UTC)
    scheduled = weekly_window(MONDAY_MORNING, UTC)
    assert (query.since, query.until) == (digest.since, digest.until) == (scheduled.since, scheduled.until)
    assert window_key(digest) == window_key(scheduled) == "2026-02-23T00:00:00Z/2026-03-02T00:00:00Z"
    assert query.window_label == "Feb 23 – Mar 1, 2026 (UTC)"
    assert digest.label == "Feb 23 – Mar 1, 2026"


def test_labels_show_both_years_across_a_year_end_and_one_day_once():
    """A label names the inclusive last day, both years across New Year, and a single day once."""
    tz = ZoneInfo("America/New_York")
    window = window_for_dates(date(2025, 12, 29), date(2026, 1, 4), tz)
    assert window.label == "Dec 29, 2025 – Jan 4, 2026"
    assert window_label(window.since, window.until, tz, "America/New_York").endswith("(America/New_York)")
    day = window_for_dates(date(2026, 2, 3), date(2026, 2, 3), tz)
    assert day.label == "Feb 3, 2026"


def test_rolling_windows_show_times():
    """A window that does not start at midnight (past 24 hours) shows both instants."""
    since = datetime(2026, 3, 1, 9, 30, tzinfo=UTC)
    assert window_label(since, datetime(2026, 3, 2, 9, 30, tzinfo=UTC)) == "Mar 1 09:30 – Mar 2 09:30, 2026"


def test_sunday_weeks_in_a_timezone():
    """With Sunday weeks in New York, the previous week is Sun Feb 22 – Sat Feb 28 local time."""
    tz = ZoneInfo("America/New_York")
    week = previous_week(MONDAY_MORNING, tz, "sunday")
    assert week.label == "Feb 22 – Feb 28, 2026"
    assert week.since == datetime(2026, 2, 22, 5, tzinfo=UTC)


def test_months_clamp_to_the_last_day():
    """Jan 31 plus a month is Feb 28; minus a month from Mar 31 is Feb 28 too."""
    assert add_months(date(2026, 1, 31), 1) == date(2026, 2, 28)
    assert add_months(date(2026, 3, 31), -1) == date(2026, 2, 28)


WEDNESDAY = datetime(2026, 3, 4, 9, tzinfo=UTC)


def test_weekdays_weekends_and_ago_read_as_people_mean_them() -> None:
    """On Wednesday Mar 4: `since monday` is Mar 2–4, `last friday` Feb 27, `over the weekend`
    Feb 28–Mar 1, `2 weeks ago` the calendar week of Feb 16, `3 days ago` Mar 1."""
    cases = {
        "since monday": "Mar 2 – Mar 4, 2026 (UTC)",
        "last friday": "Feb 27, 2026 (UTC)",
        "on friday": "Feb 27, 2026 (UTC)",
        "over the weekend": "Feb 28 – Mar 1, 2026 (UTC)",
        "2 weeks ago": "Feb 16 – Feb 22, 2026 (UTC)",
        "two weeks ago": "Feb 16 – Feb 22, 2026 (UTC)",
        "3 days ago": "Mar 1, 2026 (UTC)",
        "a month ago": "Feb 1 – Feb 28, 2026 (UTC)",
    }
    _read_on_wednesday(cases)


def _read_on_wednesday(cases: dict[str, str]) -> None:
    """Each `rocm prs <words>` asked on Wednesday Mar 4 reads that window, ROCm, no search word
    and no person."""
    tax = load_taxonomy("vllm")
    for words, label in cases.items():
        query = parse_query(f"rocm prs {words}", tax, now=WEDNESDAY)
        assert (query.window_label, query.topics, query.text, query.authors) == (label, ("rocm",), "", ()), (
            words
        )


def test_a_query_window_is_the_digest_window_type() -> None:
    """`Query.window` is the same Window (bounds and label) the digest and scheduler use."""
    query = parse_query("rocm last week", load_taxonomy("vllm"), now=MONDAY_MORNING)
    week = last_full_week(MONDAY_MORNING, UTC)
    assert (query.window.since, query.window.until) == (week.since, week.until)
    assert window_key(query.window) == window_key(week)


def test_ranges_sharing_a_month_deadlines_and_month_ends() -> None:
    """On Wednesday Mar 4: a range whose first day names no month takes the month that ends it
    (`between 3 and 17 of february`); `by` a day or month is up to and including it (`by friday`,
    `by january` is all of January), `by now` any time, `the end of <month>` its last day; a
    login after `by` is still a person; a range of two weekdays ends on the first such day after
    its start."""
    cases = {
        "between 3 and 17 of february": "Feb 3 – Feb 17, 2026 (UTC)",
        "from the 2nd to the 9th of feb": "Feb 2 – Feb 9, 2026 (UTC)",
        "between 10 and 20 february": "Feb 10 – Feb 20, 2026 (UTC)",
        "between the 25th and the 2nd of march": "Feb 25 – Mar 2, 2026 (UTC)",
        "since the 12th of january": "Jan 12 – Mar 4, 2026 (UTC)",
        "by friday": "any time up to Feb 27, 2026 (UTC)",
        "until monday": "any time up to Mar 2, 2026 (UTC)",
        "by january": "any time up to Jan 31, 2026 (UTC)",
        "by the end of january": "any time up to Jan 31, 2026 (UTC)",
        "since the end of january": "Jan 31 – Mar 4, 2026 (UTC)",
        "by now": "any time up to Mar 4, 2026 (UTC)",
        "from monday to friday": "Mar 2 – Mar 4, 2026 (UTC)",  # the friday after it, not before
        "from friday to monday": "Feb 27 – Mar 2, 2026 (UTC)",
    }
    _read_on_wednesday(cases)
    assert parse_query("rocm prs by mgoin", load_taxonomy("vllm"), now=WEDNESDAY).authors == ("mgoin",)


def test_reaching_further_back_keeps_the_end_and_at_least_doubles_the_span():
    """A day becomes the 7 days up to its end, a partial week (Monday to Friday) the 30 days, a
    month 90 days, a year all time."""
    end = datetime(2026, 3, 2, tzinfo=UTC)
    for days, longer in ((1, 7), (5, 30), (7, 30), (31, 90), (92, 365)):
        since, until = further_back_window(end - timedelta(days=days), end)
        assert (until, (until - since).days) == (end, longer), days
    since, _ = further_back_window(end - timedelta(days=365), end)
    assert since.year < 2020
