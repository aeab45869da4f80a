"""Cron expressions for the digest schedule: parse one, find the fire times around a moment.

A leaf: bot/config.py validates `digest.schedule` with `parse_cron`, and bot/scheduler.py runs the
jobs; neither has to import the other for it.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, tzinfo

from apscheduler.triggers.cron import CronTrigger

_PROBES = (
    timedelta(minutes=2),
    timedelta(hours=2),
    timedelta(days=2),
    timedelta(days=9),
    timedelta(days=400),
)


def parse_cron(expr: str, tz: tzinfo | str = UTC) -> CronTrigger:
    """A crontab expression (`min hour day month dow`) in `tz`; six fields put seconds first.

    Use day names (`mon`): APScheduler numbers weekdays from Monday=0, unlike crontab.
    """
    fields = expr.split()
    if len(fields) == 6:
        second, minute, hour, day, month, dow = fields
        return CronTrigger(
            second=second, minute=minute, hour=hour, day=day, month=month, day_of_week=dow, timezone=tz
        )
    return CronTrigger.from_crontab(expr, timezone=tz)


def next_fire(trigger: CronTrigger, after: datetime) -> datetime | None:
    """The first fire time at or after `after` (aware)."""
    return trigger.get_next_fire_time(None, after)


def last_fire(trigger: CronTrigger, now: datetime, limit: int = 5000) -> datetime | None:
    """The latest fire time at or before `now` (looking back at most ~400 days)."""
    for back in _PROBES:
        fire = trigger.get_next_fire_time(None, now - back)
        if fire is None or fire > now:
            continue
        for _ in range(limit):
            following = trigger.get_next_fire_time(fire, fire + timedelta(microseconds=1))
            if following is None or following > now:
                return fire
            fire = following
        return fire
    return None
