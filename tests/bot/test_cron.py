"""Cron expressions: local fire times across DST, the latest fire before now, six-field crons."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from bot.cron import last_fire, next_fire, parse_cron

BERLIN = ZoneInfo("Europe/Berlin")
NEW_YORK = ZoneInfo("America/New_York")
MONDAY_FIRE = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # Mon 09:00 UTC


def test_weekly_fire_stays_at_nine_local_across_the_berlin_dst_change() -> None:
    """Mondays before and after 2026-03-29 both fire at 09:00 Berlin time (08:00Z, then 07:00Z)."""
    trigger = parse_cron("0 9 * * mon", BERLIN)
    before = next_fire(trigger, datetime(2026, 3, 22, tzinfo=UTC))
    after = next_fire(trigger, before + timedelta(minutes=1))
    assert [t.astimezone(BERLIN).hour for t in (before, after)] == [9, 9]
    assert [t.astimezone(UTC).hour for t in (before, after)] == [8, 7]
    assert after.astimezone(BERLIN).date().isoformat() == "2026-03-30"


def test_daily_fire_stays_at_nine_local_across_the_new_york_dst_change() -> None:
    """2026-03-07, 08 and 09 all fire at 09:00 New York time (14:00Z, then 13:00Z)."""
    trigger = parse_cron("0 9 * * *", NEW_YORK)
    fires = [next_fire(trigger, datetime(2026, 3, 7, tzinfo=UTC))]
    for _ in range(2):
        fires.append(next_fire(trigger, fires[-1] + timedelta(seconds=1)))
    assert [t.astimezone(NEW_YORK).strftime("%d %H:%M") for t in fires] == [
        "07 09:00",
        "08 09:00",
        "09 09:00",
    ]
    assert [t.astimezone(UTC).hour for t in fires] == [14, 13, 13]


def test_last_fire_is_the_latest_scheduled_time_before_now() -> None:
    """On a Wednesday the latest Monday-09:00 run is two days earlier."""
    trigger = parse_cron("0 9 * * mon", UTC)
    assert last_fire(trigger, datetime(2026, 3, 4, 12, tzinfo=UTC)) == MONDAY_FIRE
    assert last_fire(trigger, MONDAY_FIRE) == MONDAY_FIRE


def test_six_field_cron_puts_seconds_first() -> None:
    """`*/5 * * * * *` fires every five seconds (used by tests and demos)."""
    trigger = parse_cron("*/5 * * * * *", UTC)
    assert next_fire(trigger, datetime(2026, 3, 2, 9, 0, 1, tzinfo=UTC)) == datetime(
        2026, 3, 2, 9, 0, 5, tzinfo=UTC
    )
