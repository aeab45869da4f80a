"""One calendar for the whole bot: windows, week starts, labels and the time words of questions.

Every window is a `Window`: a half-open UTC range [since, until) with the label users see.
Calendar words (`today`, `this week`, `last month`, `feb`, `2026-W09`, `since feb 20`,
`2026-02-20..2026-02-26`, `past 3 weeks`, `next week`) are read in the repo's timezone and week
start by `TimeReader`; the digest, the scheduler and the CLI use `previous_week`,
`window_for_dates` and `window_key` from here, so a week means the same everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo

from handlers.models import Window, format_time

MIN_YEAR, MAX_YEAR = 1970, 2100
MAX_DAYS = 3660

_MONTH_SPELLINGS = (
    ("january", "jan"),
    ("february", "feb"),
    ("march", "mar"),
    ("april", "apr"),
    ("may",),
    ("june", "jun"),
    ("july", "jul"),
    ("august", "aug"),
    ("september", "sep", "sept"),
    ("october", "oct"),
    ("november", "nov"),
    ("december", "dec"),
)
MONTH_NAMES = tuple(names[0] for names in _MONTH_SPELLINGS)  # "january" .. "december"
MONTHS = {name: i + 1 for i, names in enumerate(_MONTH_SPELLINGS) for name in names}
# The months in the languages the community mixes in ("spec decode im september vs oktober", "en
# octubre", "em outubro"); names that are English words or names ("mars", "marco") are left out.
MONTHS.update(
    {
        name: i + 1
        for i, names in enumerate(
            [
                ("januar", "enero", "janeiro", "janvier", "gennaio"),
                ("februar", "febrero", "fevereiro", "février", "fevrier", "febbraio"),
                ("märz", "maerz", "marzo", "março"),
                ("abril", "avril", "aprile"),
                ("mai", "mayo", "maio", "maggio"),
                ("juni", "junio", "junho", "juin", "giugno"),
                ("juli", "julio", "julho", "juillet", "luglio"),
                ("agosto", "août", "aout"),
                ("septiembre", "setiembre", "setembro", "septembre", "settembre"),
                ("oktober", "octubre", "outubro", "octobre", "ottobre"),
                ("noviembre", "novembro", "novembre"),
                ("dezember", "diciembre", "dezembro", "décembre", "decembre", "dicembre"),
            ]
        )
        for name in names
    }
)
WEEKDAYS = {
    name: i
    for i, names in enumerate(
        [
            ("monday", "mon"),
            ("tuesday", "tue", "tues"),
            ("wednesday", "wed"),
            ("thursday", "thu", "thur", "thurs"),
            ("friday", "fri"),
            ("saturday", "sat"),
            ("sunday", "sun"),
        ]
    )
    for name in names
}


def history_start(until: datetime) -> datetime:
    """The start of "any time" up to `until`: the earliest date PR data can hold (a day before
    `until` when a clock sits before it)."""
    return min(datetime(MIN_YEAR, 1, 1, tzinfo=UTC), until - timedelta(days=1))


# how far "older ones too" reaches: the first of these spans at least twice the thread's, then all time
_LONGER_SPANS = (timedelta(days=7), timedelta(days=30), timedelta(days=90), timedelta(days=365))


def further_back_window(since: datetime, until: datetime) -> tuple[datetime, datetime]:
    """ "older ones too" under a thread's window: a longer one that ends where it ends (a day
    becomes the 7 days up to its end, a week the 30 days, a month 90 days, a quarter the year,
    a year all time)."""
    span = until - since
    longer = next((s for s in _LONGER_SPANS if s >= 2 * span), None)
    return (until - longer if longer else history_start(until)), until


UNITS = {
    "h": "hours", "hr": "hours", "hrs": "hours", "hour": "hours", "hours": "hours",
    "d": "days", "day": "days", "days": "days",
    "w": "weeks", "wk": "weeks", "wks": "weeks", "week": "weeks", "weeks": "weeks",
    "m": "months", "mo": "months", "month": "months", "months": "months",
    "y": "years", "yr": "years", "year": "years", "years": "years",
}  # fmt: skip
TIME_VOCAB = (
    "today", "yesterday", "this", "last", "past", "next", "week", "weeks", "month", "months", "days",
    "since", "from", "until", "between", "weekend", "ago", "fortnight", "quarter", "tonight",
    "summer", "autumn", "winter", "spring",
    *(m for m in MONTHS if len(m) > 3), *(d for d in WEEKDAYS if len(d) > 3),
)  # fmt: skip
RANGE_SEPS = {"..", "to", "until", "till", "through", "thru", "-", "and"}
NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "couple": 2, "few": 3, "several": 3,
}  # fmt: skip
PERIODS = ("week", "month", "year")
# year / month / week to date, as reports abbreviate them
_TO_DATE = {"ytd": "year", "mtd": "month", "wtd": "week", "year-to-date": "year", "month-to-date": "month"}

_ISO_DATE = re.compile(r"^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$")
# "since 11/1", "11/15/2026": month/day as most English-speaking chats write it (day/month when the
# first number cannot be a month, "25/11")
_SLASH_DATE = re.compile(r"^(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?$")
_ISO_WEEK = re.compile(r"^(\d{4})-?w(\d{1,2})$")
_COUNT_UNIT = re.compile(r"^(\d{1,6})(h|hr|hrs|d|w|wk|wks|mo|y|yr)$")
_ORDINAL = re.compile(r"^(\d{1,2})(?:st|nd|rd|th)?$")
_DAY_OF_MONTH = re.compile(r"^(\d{1,2})(?:st|nd|rd|th)$")  # "the 15th": the suffix makes it a day
# What an ordinal ranks when it is no day ("the 2nd guy", "the 3rd pr", "the 1st one")
_RANKED = frozenset(
    {"one", "ones", "guy", "gal", "person", "people", "pr", "prs", "author", "authors", "contributor",
     "dev", "developer", "place", "item", "entry", "result", "link", "commit", "revert", "fix", "bug"}
)  # fmt: skip
# Words that lead a day in ("since the 15th", "after 20th"): an ordinal after one is a date
DAY_LEADS = frozenset({"since", "from", "after", "before", "until", "till", "til", "through", "thru", "on"})
PERIOD_SHORT = {"wk": "week", "mo": "month", "yr": "year"}


def _period_word(word: str) -> str:
    """A period named short or possessive, with or without its apostrophe: `wk` -> week; `week's`,
    `weeks` ("this weeks prs", "last weeks digest") -> week. A count ("last 3 weeks") is read
    before this, so a plural here is a possessive typed without its apostrophe."""
    word = PERIOD_SHORT.get(word, word)
    for ending in ("'s", "’s", "s"):
        if word.endswith(ending) and word[: -len(ending)] in PERIODS:
            return word[: -len(ending)]
    return word


def _slip_of_period(word: str) -> str:
    """A period typed one slip away ("this wek", "last mnth", "this yaer"): that period; any other
    word unchanged. Read only right after "this" / "last" / "past", where a period is expected."""
    if word in PERIODS or not 3 <= len(word) <= 6 or not word.isalpha():
        return word
    near = [p for p in PERIODS if _one_edit(word, p)]
    return near[0] if len(near) == 1 else word


def _slip_of_anchor(word: str, period: str) -> str:
    """ "ths week", "lsat month": this / last / past typed one slip away, right before a period."""
    if (
        period not in PERIODS
        or word in ("this", "last", "past")
        or not 3 <= len(word) <= 5
        or not word.isalpha()
    ):
        return word
    near = [a for a in ("this", "last", "past") if _one_edit(word, a)]
    return near[0] if len(near) == 1 else word


def _one_edit(a: str, b: str) -> bool:
    """Whether `a` is `b` with one letter changed, added, dropped, or two neighbours swapped."""
    if abs(len(a) - len(b)) > 1:
        return False
    i = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    if len(a) == len(b):
        return a[i + 1 :] == b[i + 1 :] or (a[i : i + 2] == b[i : i + 2][::-1] and a[i + 2 :] == b[i + 2 :])
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    return longer[i + 1 :] == shorter[i:]


_QUARTER = re.compile(r"^(?:q([1-4])|([1-4])q)$|^(?:(\d{4})-?q([1-4]))$")
_HALF = re.compile(r"^h([12])$|^(\d{4})-?h([12])$")  # "h2", "h1 2026", "2026h2": half-years
# Seasons by their meteorological months in the northern hemisphere, where most of the
# project's contributors live ("over the summer": June to August); the month each begins in
SEASONS = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
# the words that make a season word a time ("did throughput fall" is no autumn)
_SEASON_LEADS = frozenset(
    {"the", "this", "last", "past", "previous", "in", "over", "during", "since", "until", "before", "after",
     "across", "through", "early", "late", "mid"}
)  # fmt: skip
DAY_PARTS = {"morning", "afternoon", "evening", "night"}
# The year-end holidays, when most contributors are away: from the last full weeks of December
# to the first days of January ("over the xmas / new year holidays", "during the christmas break")
YEAR_END_START = (12, 20)
YEAR_END_LENGTH = timedelta(days=16)  # Dec 20 to Jan 4, both included
_YEAR_END_QUALIFIERS = frozenset(
    {"christmas", "xmas", "x-mas", "winter", "festive", "year-end", "yearend", "end-of-year", "nye"}
)
_YEAR_END_JOINERS = frozenset({"/", "and", "&", "+", "or", "n"})
_YEAR_END_HEADS = frozenset({"holidays", "holiday", "break", "season", "period", "vacation", "shutdown"})


# -- windows -------------------------------------------------------------------------------------


def local_midnight(day: date, tz: tzinfo) -> datetime:
    """The UTC instant at which `day` starts in `tz`."""
    return datetime.combine(day, time(), tzinfo=tz).astimezone(UTC)


def week_start_of(day: date, week_start: str) -> date:
    """The first day of the week holding `day` (weeks start on Monday or Sunday)."""
    offset = day.weekday() if week_start != "sunday" else (day.weekday() + 1) % 7
    return day - timedelta(days=offset)


def add_months(day: date, months: int) -> date:
    """`day` moved by whole months, clamped to the month's last day (Jan 31 + 1 = Feb 28)."""
    from dateutil.relativedelta import relativedelta  # only month arithmetic needs it: not `ask` itself

    try:
        return day + relativedelta(months=months)
    except (ValueError, OverflowError):
        return date(MAX_YEAR if months > 0 else MIN_YEAR, 1, 1)


def window_label(since: datetime, until: datetime, tz: tzinfo = UTC, tz_name: str = "") -> str:
    """`Feb 23 – Mar 1, 2026`: the inclusive first and last local day of [since, until);
    rolling windows (`past 24 hours`) show both instants. With `tz_name`, ` (UTC)` follows."""
    first = since.astimezone(tz)
    last = (until - timedelta(microseconds=1)).astimezone(tz)
    zone = f" ({tz_name})" if tz_name else ""
    if since.year <= MIN_YEAR:  # the whole history ("open deepseek prs", "ever")
        return f"any time up to {day_range_label(last.date(), last.date())}{zone}"
    aligned = first.time() == time() and until.astimezone(tz).time() == time()
    if not aligned:
        last = until.astimezone(tz)
        if first.year == last.year:
            return (
                f"{first:%b} {first.day} {first:%H:%M} – {last:%b} {last.day} {last:%H:%M}, {last.year}{zone}"
            )
        return (
            f"{first:%b} {first.day}, {first.year} {first:%H:%M} – "
            f"{last:%b} {last.day}, {last.year} {last:%H:%M}{zone}"
        )
    return day_range_label(first.date(), last.date()) + zone


def day_range_label(first: date, last: date) -> str:
    """`Feb 23 – Mar 1, 2026`; one day is `Feb 23, 2026`; both years across a year end."""
    if first == last:
        return f"{first:%b} {first.day}, {first.year}"
    if first.year == last.year:
        return f"{first:%b} {first.day} – {last:%b} {last.day}, {last.year}"
    return f"{first:%b} {first.day}, {first.year} – {last:%b} {last.day}, {last.year}"


def make_window(since: datetime, until: datetime, tz: tzinfo = UTC, tz_name: str = "") -> Window:
    return Window(since, until, window_label(since, until, tz, tz_name))


def window_for_dates(first: date, last: date, tz: tzinfo) -> Window:
    """The local days first..last (inclusive) as a window; the caller checks first <= last."""
    return make_window(local_midnight(first, tz), local_midnight(last + timedelta(days=1), tz), tz)


def week_ending(last: date, tz: tzinfo) -> Window:
    return window_for_dates(last - timedelta(days=6), last, tz)


def previous_week(moment: datetime, tz: tzinfo, week_start: str = "monday") -> Window:
    """The last complete calendar week before the week holding `moment` (the digest's week)."""
    start = week_start_of(moment.astimezone(tz).date(), week_start)
    return week_ending(start - timedelta(days=1), tz)


def window_key(window: Window) -> str:
    """A window's store key: its UTC bounds, so equal windows share one entry."""
    return f"{format_time(window.since)}/{format_time(window.until)}"


def default_window(now: datetime, tz: tzinfo, days: int) -> tuple[datetime, datetime]:
    """The last `days` local days, today included."""
    today = now.astimezone(tz).date()
    days = min(max(days, 1), MAX_DAYS)
    return local_midnight(today - timedelta(days=days - 1), tz), local_midnight(today + timedelta(days=1), tz)


# -- time words in questions ---------------------------------------------------------------------


@dataclass
class Span:
    """A time phrase as read: local days [start, end), or exact instants for rolling windows."""

    start: date | None = None
    end: date | None = None
    since: datetime | None = None
    until: datetime | None = None
    note: str = ""


_PAIR_JOINERS = frozenset({"or", "and", "&", "+", "/"})
# A time compared with another ("older than aug 10", "newer than last week"): the pairs that say
# before it and after it ("more recent than" too)
OLDER_THAN = frozenset({("older", "than"), ("earlier", "than"), ("prior", "to")})
NEWER_THAN = frozenset({("newer", "than"), ("later", "than"), ("younger", "than"), ("recent", "than")})


class TimeReader:
    """Reads the time phrase that starts at a token, for one repo's timezone, week start and now."""

    def __init__(self, tz: tzinfo, week_start: str, now: datetime, default_days: int) -> None:
        self.tz = tz
        self.week_start = week_start
        self.now = now
        self.today = now.astimezone(tz).date()
        self.default_days = default_days
        # the question sets two things side by side ("compare july and august"): two times joined
        # by "and" are its two sides, not one range ("between X and Y" still is one)
        self.comparing = False

    def _week_of_month(self, t: Sequence[str], i: int) -> tuple[Span, int] | None:
        """ "the first week of october" (its days 1-7), "the last week of october" (its last seven
        days, Oct 25-31): a week named by its place in a month."""
        if t[i] not in ("first", "last", "final") or list(t[i + 1 : i + 3]) != ["week", "of"]:
            return None
        found = self._date(t, i + 3)
        if not found or found[2] != "month":
            return None
        start = found[0]
        if t[i] == "first":
            return Span(start, start + timedelta(days=7)), 3 + found[1]
        end = add_months(start, 1)
        return Span(end - timedelta(days=7), end), 3 + found[1]

    def _week_of_day(self, t: Sequence[str], i: int) -> tuple[Span, int] | None:
        """ "the week of nov 9", "week of 11/16": the week (the repo's week start) holding that
        day, not the day alone."""
        if list(t[i : i + 2]) != ["week", "of"]:
            return None
        found = self._date(t, i + 2)
        if not found or found[2] != "day":
            return None
        start = week_start_of(found[0], self.week_start)
        return Span(start, start + timedelta(days=7)), 2 + found[1]

    @staticmethod
    def _whole_history(t: Sequence[str], i: int) -> int:
        """How many tokens of a phrase meaning "at any time" start at t[i] ("all time", "any time", "all-time",
        "since the start", "from the beginning", "since forever", "since day one", "since launch");
        0 if none.
        "since the start of the month" is a month's start, read elsewhere."""
        tok, rest = t[i], list(t[i + 1 : i + 4])
        if tok in ("all-time", "alltime") or (tok == "all" and rest[:1] == ["time"]):
            return 1 if tok != "all" else 2
        if (tok == "anytime" or (tok == "any" and rest[:1] == ["time"])) and rest[1:2] != ["soon"]:
            return 1 if tok == "anytime" else 2  # "which prs ported parsers to it (any time)?"
        if tok in ("whole", "entire", "full", "all") and rest[:1] == ["history"]:  # "whole history pls"
            return 2
        if tok not in ("since", "from"):
            return 0
        if rest[:1] in (["forever"], ["inception"], ["launch"]):  # "k3 on rocm - prs since launch?"
            return 2
        if rest[:1] in (["its"], ["the"]) and rest[1:2] in (["launch"], ["inception"], ["debut"]):
            return 3  # "since its launch": from the thing's first PR, which the whole history holds
        if rest[:2] in (["day", "one"], ["day", "1"]):
            return 3
        if rest[:1] == ["the"] and rest[1:2] in (["start"], ["beginning"]) and rest[2:3] != ["of"]:
            return 3
        return 0

    def resolve(self, w: Span) -> tuple[datetime, datetime]:
        """A span -> UTC [since, until); a period still running ends today, not in the future."""
        if w.since is not None and w.until is not None:
            return w.since, w.until
        assert w.start is not None and w.end is not None
        start, end = w.start, w.end
        tomorrow = self.today + timedelta(days=1)
        if start <= self.today and end > tomorrow:
            end = tomorrow
        if end <= start:
            end = start + timedelta(days=1)
        if start > self.today and not w.note:
            w.note = "That time is in the future, so nothing can match yet."
        return local_midnight(start, self.tz), local_midnight(end, self.tz)

    def read(self, t: Sequence[str], i: int) -> tuple[Span, int] | None:
        """The span of the time phrase at t[i], and how many tokens it takes; None if none."""
        tok = t[i]
        nxt = _period_word(t[i + 1]) if i + 1 < len(t) else ""  # "this wk", "last mo", "this weeks"
        anchor = _slip_of_anchor(tok, _slip_of_period(nxt))
        if anchor != tok:  # "ths week", "lsat month": read as typed right
            t = [*t[:i], anchor, *t[i + 1 :]]
            tok = anchor
        if tok in ("this", "last", "past", "previous", "prev", "next"):
            nxt = _slip_of_period(nxt)  # "this wek", "last mnth"
        today = self.today
        compared = self._compared(t, i)
        if compared:  # "older than aug 10", "newer than 2 weeks", "prior to october"
            return compared
        pair = self._elided_pair(t, i)
        if pair:  # "this week or last", "this or last month": both periods
            return pair
        whole = self._whole_history(t, i)
        if whole:  # "all time", "since the start", "since forever": every PR there is
            return Span(date(MIN_YEAR, 1, 1), today + timedelta(days=1), note="The whole history."), whole
        edge = self._week_of_month(t, i) or self._week_of_day(t, i)
        if edge:  # "the last week of october": its last seven days; "the week of nov 9": that week
            return edge
        if tok in ("last", "previous") and nxt in PERIODS and list(t[i + 2 : i + 4]) == ["or", "so"]:
            # "last month or so": about that long back from today, not the calendar month before
            return self._rolling(nxt), 4
        if tok == "since" and nxt in ("last", "previous", "this", "the") and i + 2 < len(t):
            # "since last tuesday", "since last week", "since the weekend": from then until now,
            # not that day alone
            skip = 2 if nxt == "the" else 1
            then = self.read(t, i + skip)
            if then is not None and then[0].start is not None:
                return Span(then[0].start, today + timedelta(days=1)), skip + then[1]
        if tok == "last" and t[i + 1 : i + 2] in (["night"], ["nite"], ["evening"]):
            # "anything from last night": yesterday evening into today
            return Span(today - timedelta(days=1), today + timedelta(days=1)), 2
        if tok == "overnight":  # "what landed overnight": the same night
            return Span(today - timedelta(days=1), today + timedelta(days=1)), 1
        if tok in _TO_DATE:  # "rocm prs ytd", "xpu mtd": this year (month, week) up to today
            return self._period(_TO_DATE[tok], 0), 1
        if (tok == "this" and nxt in DAY_PARTS) or tok in ("tonight", "tonite"):
            return Span(today, today + timedelta(days=1)), 2 if tok == "this" else 1
        if tok in ("past", "last", "this") and nxt == "fortnight":
            return self._last_days(14), 2
        quarter = _QUARTER.match(tok)
        if quarter:  # "q3", "q3 2026", "2026q3"
            year, used = self._explicit_year(t, i + 1)
            number = int(quarter.group(1) or quarter.group(2) or quarter.group(4))
            year = int(quarter.group(3)) if quarter.group(3) else year
            if year is None:  # the most recent such quarter, this one included
                year = today.year if number <= (today.month - 1) // 3 + 1 else today.year - 1
            start = date(year, 3 * number - 2, 1)
            return Span(start, add_months(start, 3)), 1 + used
        half = _HALF.match(tok)
        if half:  # "anything in h2?": January-June or July-December
            year, used = self._explicit_year(t, i + 1)
            number = int(half.group(1) or half.group(3))
            year = int(half.group(2)) if half.group(2) else year
            if year is None:  # the most recent such half, this one included
                year = today.year if number <= (today.month - 1) // 6 + 1 else today.year - 1
            start = date(year, 6 * number - 5, 1)
            return Span(start, add_months(start, 6)), 1 + used
        named_half = self._named_half(t, i)
        if named_half:
            return named_half
        season = self._season(t, i) or self._year_end(t, i)
        if season:
            return season
        if tok in ("this", "current", "last", "previous", "prev") and nxt == "quarter":
            current = date(today.year, 3 * ((today.month - 1) // 3) + 1, 1)
            start = current if tok in ("this", "current") else add_months(current, -3)
            return Span(start, add_months(start, 3)), 2
        if tok == "week" and t[i + 1 : i + 3] == ["before", "last"]:  # "the week before last"
            return self._period("week", -2), 3
        if tok in ("this", "current") and nxt in PERIODS:
            return self._period(nxt, 0), 2
        if (
            tok in ("last", "past")
            and nxt in PERIODS
            and i
            and t[i - 1] == "the"
            and t[i + 2 : i + 3] not in (["before"], ["of"])
        ):
            # "in the last month", "over the last week": the days up to today, not the calendar period
            return self._rolling(nxt), 2
        if tok in ("last", "previous", "prev") and nxt in PERIODS:
            return self._period(nxt, -1), 2
        if tok in ("next", "coming", "upcoming") and nxt in PERIODS:
            return self._period(nxt, 1), 2
        if tok in ("this", "last", "past", "over", "previous") and nxt == "weekend" or tok == "weekend":
            saturday = self.today - timedelta(days=(self.today.weekday() - 5) % 7)
            if tok == "last" and saturday + timedelta(days=1) >= self.today:
                saturday -= timedelta(days=7)  # "last weekend" on a Sunday is the one before
            return Span(saturday, saturday + timedelta(days=2)), 1 if tok == "weekend" else 2
        if tok in ("last", "previous", "this", "on", "since") and nxt in WEEKDAYS:
            day = self._weekday(WEEKDAYS[nxt], strictly_before=tok in ("last", "previous"))
            if tok == "since":
                return Span(day, self.today + timedelta(days=1)), 2
            return Span(day, day + timedelta(days=1)), 2
        if tok in WEEKDAYS:
            day = self._weekday(WEEKDAYS[tok])
            return Span(day, day + timedelta(days=1)), 1
        if tok == "past" and nxt in ("week", "month", "year", "day"):
            return self._rolling(nxt), 2
        if tok in ("past", "last", "previous") and nxt in ("hour", "hr", "h"):
            # "anything from the last hour": the hour up to now ("the last 3 hours" is counted below)
            return Span(since=self.now - timedelta(hours=1), until=self.now), 2
        if tok in ("past", "last", "previous", "prev"):
            counted = self._count_unit(t, i + 1)
            if counted:
                window, length = counted
                return window, 1 + length
        if tok == "since" and not self._date(t, i + 1):
            # "since we cut the release branch on nov 12": the date the clause names
            for j in range(i + 2, min(len(t), i + 10)):
                if t[j - 1] in ("on", "in") and (found := self._date(t, j)) and found[2] != "invalid":
                    day = found[0]
                    return Span(day, max(today + timedelta(days=1), day + timedelta(days=1))), j - i + found[
                        1
                    ]
                if t[j] in (",", ";", "?", "..") or t[j] in ("and", "but", "or"):
                    break
        if tok == "back" and nxt == "to" and (found := self._date(t, i + 2)) and found[2] != "invalid":
            # "go back to september", "back to nov 10": from then on (the window reaches back)
            day = found[0]
            return Span(day, max(today + timedelta(days=1), day + timedelta(days=1))), 2 + found[1]
        if tok in ("since", "after"):
            found = self._date(t, i + 1)
            if found:
                day, length, kind = found
                if kind == "invalid":
                    return self._invalid(), 1 + length
                if tok == "after":  # "after the summer", "after october": once it was over
                    day = _period_end(day, kind)
                end = max(today + timedelta(days=1), day + timedelta(days=1))
                return Span(day, end), 1 + length
            return None
        if tok in ("before", "until", "till", "til", "through", "thru", "by"):
            # "rocm prs before nov 10": everything up to that day (before it: not that day itself);
            # "by friday", "by oct 31": up to and including it (a login never reads as a date)
            found = self._date(t, i + 1)
            if found and found[2] != "invalid":
                day, length, kind = found
                end = day if tok == "before" else _period_end(day, kind)  # "until may": may's end
                if end > date(MIN_YEAR, 1, 2):
                    return Span(date(MIN_YEAR, 1, 1), end), 1 + length
            return None
        if tok == "from":  # "from september on", "from nov 10 onwards": since then
            found = self._date(t, i + 1)
            if (
                found
                and found[2] != "invalid"
                and t[i + 1 + found[1] : i + 2 + found[1]]
                in (
                    ["on"],
                    ["onward"],
                    ["onwards"],
                    ["forward"],
                )
            ):
                day = found[0]
                return Span(day, max(today + timedelta(days=1), day + timedelta(days=1))), 2 + found[1]
        if tok in ("from", "between"):
            ranged = self._range(t, i + 1)
            if ranged:
                window, length = ranged
                return window, 1 + length
            return None
        if tok in ("week", "wk") and nxt.isascii() and nxt.isdigit() and len(nxt) <= 2:
            return self._iso_week(self._recent_year_for_week(int(nxt)), int(nxt)), 2
        match = _ISO_WEEK.match(tok)
        if match:
            return self._iso_week(int(match.group(1)), int(match.group(2))), 1
        counted = self._count_unit(t, i)  # "7 days", "2w"
        if counted:
            return counted
        ranged = self._range(t, i)
        if ranged:
            return ranged
        if tok.isascii() and tok.isdigit() and len(tok) == 4 and MIN_YEAR <= int(tok) <= MAX_YEAR:
            year = int(tok)
            return Span(date(year, 1, 1), date(year + 1, 1, 1)), 1
        return None

    def _compared(self, t: Sequence[str], i: int) -> tuple[Span, int] | None:
        """A time compared with a day, a period or an age: "older than aug 10", "earlier than",
        "prior to" read as before it; "newer than", "later than", "more recent than" as after it;
        "no later than aug 10" as up to and including it. A period is compared with its first day
        or the day after it ("newer than last friday"); an age counts back from today: "older than
        30 days" ends 30 days ago (the stale ones), "newer than 2 weeks" is the last two weeks, and
        "more than 2 weeks ago" is before the day two weeks back."""
        lead = tuple(t[i : i + 3])
        used = 3 if lead == ("more", "recent", "than") else 2
        older = lead[:2] in OLDER_THAN
        newer = used == 3 or lead[:2] in NEWER_THAN
        ago = not older and not newer and lead[:2] in (("more", "than"), ("less", "than"), ("over", "than"))
        if not (older or newer or ago):
            return None
        inclusive = t[i - 1 : i] in (["no"], ["not"]) and not ago
        if inclusive:  # "no later than aug 10": up to and including it; "no earlier than": from it on
            older, newer = newer, older
        # `first`: the first day of what the time is compared with; `after`: the first day past it
        # (an age is a moment: nothing lies between the two unless "no later than" includes a day)
        age = self._count_unit(t, i + used)
        if age is not None:
            length = age[1]
            said_ago = t[i + used + length - 1] == "ago"
            if ago and not said_ago:
                return None  # "more than 2 weeks of work": no time compared
            older = older or (ago and lead[0] in ("more", "over"))
            # an age is a moment, not a day: "2 weeks" back, also when said with "ago" (that
            # reading is the calendar week then)
            counted = self._count_unit(t[: i + used + length - int(said_ago)], i + used)
            span = counted[0] if counted else age[0]
            first = (
                span.start if span.start is not None else (span.since or self.now).astimezone(self.tz).date()
            )
            after = first + timedelta(days=1) if inclusive else first
        elif ago:
            return None
        elif (found := self._date(t, i + used)) and found[2] != "invalid":
            first, length, kind = found
            after = _period_end(first, kind)
        elif i + used < len(t) and (period := self.read(t, i + used)) and period[0].start and period[0].end:
            # "newer than last friday", "older than last week": a period read as any other
            first, after, length = period[0].start, period[0].end, period[1]
        else:
            return None
        if older:
            return Span(date(MIN_YEAR, 1, 1), after if inclusive else first), used + length
        start = first if inclusive or age is not None else after
        return Span(start, max(self.today + timedelta(days=1), start + timedelta(days=1))), used + length

    def _weekday(self, weekday: int, *, strictly_before: bool = False) -> date:
        """The most recent such weekday, today included unless `strictly_before`."""
        back = (self.today.weekday() - weekday) % 7
        if back == 0 and strictly_before:
            back = 7
        return self.today - timedelta(days=back)

    def _elided_pair(self, t: Sequence[str], i: int) -> tuple[Span, int] | None:
        """Two calendar periods in a row with the unit said once: "this week or last", "last
        month or the one before", "this or last week": from the earlier's start to the later's end."""
        offsets = {"this": 0, "current": 0, "last": -1, "previous": -1, "prev": -1}
        words = [_period_word(w) if k in (1, 3) else w for k, w in enumerate(t[i : i + 6])]
        if len(words) >= 4 and words[0] in offsets and words[1] in _PAIR_JOINERS and words[2] in offsets:
            unit = _slip_of_period(words[3])
            if unit in ("week", "month", "year") and offsets[words[0]] != offsets[words[2]]:
                return self._both(unit, offsets[words[0]], offsets[words[2]]), 4
        if len(words) < 4 or words[0] not in offsets or words[2] not in _PAIR_JOINERS:
            return None
        unit = _slip_of_period(words[1])
        if unit not in ("week", "month", "year"):
            return None
        rest = words[3:]
        if rest[:1] == ["the"]:
            rest = rest[1:]
        earlier = offsets[words[0]] - 1
        for tail, second in (
            (["last", "one"], earlier),
            (["previous", "one"], earlier),
            (["one", "before"], earlier),
            ([unit, "before"], earlier),
            (["this", "one"], 0),
            (["last"], earlier),
            (["previous"], earlier),
            (["this"], 0),  # "last month and this"
        ):
            after = rest[len(tail) : len(tail) + 1]
            # ("this week or the last 3 days": a period of its own follows, no elided unit)
            alone = not after or not (after[0][:1].isdigit() or _period_word(after[0]) in PERIODS)
            if rest[: len(tail)] == tail and second != offsets[words[0]] and (len(tail) > 1 or alone):
                return self._both(unit, offsets[words[0]], second), len(words) - len(rest) + len(tail)
        return None

    def _both(self, unit: str, first: int, second: int) -> Span:
        a, b = self._period(unit, first), self._period(unit, second)
        assert a.start and a.end and b.start and b.end
        return Span(min(a.start, b.start), min(max(a.end, b.end), self.today + timedelta(days=1)))

    def _period(self, unit: str, offset: int) -> Span:
        today = self.today
        if unit == "week":
            start = week_start_of(today, self.week_start) + timedelta(days=7 * offset)
            return Span(start, start + timedelta(days=7))
        if unit == "month":
            start = add_months(today.replace(day=1), offset)
            return Span(start, add_months(start, 1))
        return Span(date(today.year + offset, 1, 1), date(today.year + offset + 1, 1, 1))

    def _rolling(self, unit: str) -> Span:
        """ "past month", "in the last month": since this day last month (Oct 26 on Nov 26), as
        people count a month back; a week or a day is its days up to today."""
        if unit == "month":
            return Span(add_months(self.today, -1), self.today + timedelta(days=1))
        return self._last_days({"week": 7, "year": 365, "day": 1}[unit])

    def _last_days(self, days: int) -> Span:
        days = min(max(days, 1), MAX_DAYS)
        return Span(self.today - timedelta(days=days - 1), self.today + timedelta(days=1))

    def _count_unit(self, t: Sequence[str], i: int) -> tuple[Span, int] | None:
        if i >= len(t):
            return None
        tok = t[i]
        compact = _COUNT_UNIT.match(tok)
        if compact:
            count, unit, length = int(compact.group(1)), UNITS[compact.group(2)], 1
        elif tok.isascii() and tok.isdigit() and len(tok) <= 6 and i + 1 < len(t) and t[i + 1] in UNITS:
            count, unit, length = int(tok), UNITS[t[i + 1]], 2
        elif tok in NUMBER_WORDS and len(t[i + 1 : i + 3]) >= 1:  # "two weeks", "couple of weeks"
            skip = 1 if t[i + 1 : i + 2] == ["of"] else 0
            unit_word = t[i + 1 + skip] if i + 1 + skip < len(t) else ""
            if unit_word not in UNITS or len(unit_word) < 3:
                return None
            count, unit, length = NUMBER_WORDS[tok], UNITS[unit_word], 2 + skip
        else:
            return None
        note = ""
        if count < 1:
            count, note = 1, "A time span needs at least 1; used 1."
        if i + length < len(t) and t[i + length] == "ago":  # "2 weeks ago": that period, not a span
            return self._ago(count, unit), length + 1
        if unit == "hours":
            hours = min(count, MAX_DAYS * 24)
            return Span(since=self.now - timedelta(hours=hours), until=self.now, note=note), length
        if unit == "months":
            months = min(count, MAX_DAYS // 31)
            start = add_months(self.today, -months)  # "past 2 months": since this day two months back
            return Span(start, self.today + timedelta(days=1), note=note), length
        per = {"days": 1, "weeks": 7, "years": 365}[unit]
        if count * per > MAX_DAYS:
            note = f"Time spans are limited to {MAX_DAYS} days."
        window = self._last_days(min(count * per, MAX_DAYS))
        window.note = note
        return window, length

    def _ago(self, count: int, unit: str) -> Span:
        """`3 days ago` is that day; `2 weeks ago` that calendar week; `a month ago` that month."""
        count = min(count, MAX_DAYS // 31 if unit == "months" else MAX_DAYS // 7)
        if unit == "hours":
            moment = self.now - timedelta(hours=count)
            return Span(since=moment - timedelta(hours=1), until=moment)
        if unit == "days":
            day = self.today - timedelta(days=count)
            return Span(day, day + timedelta(days=1))
        if unit == "weeks":
            return self._period("week", -count)
        if unit == "months":
            return self._period("month", -count)
        return Span(date(self.today.year - count, 1, 1), date(self.today.year - count + 1, 1, 1))

    def _range(self, t: Sequence[str], i: int) -> tuple[Span, int] | None:
        """`D`, `D..D`, `D to D`, `D and D` (after between), or a month (`feb`, `feb 2026`)."""
        shared = self._day_before_a_month(t, i)
        if shared:
            return shared
        first = self._date(t, i)
        if first is None:
            return None
        start, length, kind = first
        j = i + length
        apart = self.comparing and t[j : j + 1] == ["and"] and "between" not in t[max(0, i - 2) : i]
        if j + 1 < len(t) and t[j] in RANGE_SEPS and not apart:
            second = self._date(t, j + 1)
            to_day = _ORDINAL.match(t[j + 1])
            if second is None and kind == "day" and to_day and int(to_day.group(1)) > start.day:
                # "nov 13th to 19th", "nov 13-19": the second day is of the first one's month
                try:
                    second = start.replace(day=int(to_day.group(1))), 1, "day"
                except ValueError:
                    second = None
            if second is not None:
                end_day, end_len, end_kind = second
                if end_day < start and t[j + 1] in WEEKDAYS:  # "from monday to friday": the one after
                    end_day += timedelta(days=7)
                end = _period_end(end_day, end_kind)
                note = ""
                if end <= start:
                    start, end = end_day, _period_end(start, kind)
                    note = "The range was given end first; read it the other way round."
                if kind == "invalid" or end_kind == "invalid":
                    return self._invalid(), j + 1 + end_len - i
                return Span(start, end, note=note), j + 1 + end_len - i
        if kind == "invalid":
            return self._invalid(), length
        return Span(start, _period_end(start, kind)), length

    def _day_before_a_month(self, t: Sequence[str], i: int) -> tuple[Span, int] | None:
        """ "between 1 and 15 of october", "from the 3rd to the 10th of nov", "10-20 november": a
        range whose first day names no month takes the month of the day that ends it."""
        lead = i + 1 if t[i : i + 1] == ["the"] else i
        day = _ORDINAL.match(t[lead]) if lead < len(t) else None
        if not day or not 1 <= int(day.group(1)) <= 31 or lead + 2 >= len(t) or t[lead + 1] not in RANGE_SEPS:
            return None
        if t[lead + 1] == "and" and t[i - 1 : i] != ["between"]:  # "rocm 2 and 3 of nov" is no range
            return None
        second = self._date(t, lead + 2)
        if second is None or second[2] != "day" or not _names_a_month(t[lead + 2 : lead + 2 + second[1]]):
            return None
        end_day, end_len, _ = second
        month_start = end_day.replace(day=1)
        if int(day.group(1)) > end_day.day:  # "between the 25th and the 3rd of nov": from october
            month_start = add_months(month_start, -1)
        try:
            start = month_start.replace(day=int(day.group(1)))
        except ValueError:
            return self._invalid(), lead + 2 + end_len - i
        return Span(start, end_day + timedelta(days=1)), lead + 2 + end_len - i

    def _invalid(self) -> Span:
        window = self._last_days(self.default_days)
        window.note = "That date does not exist; showing the default window instead."
        return window

    def _date(self, t: Sequence[str], i: int) -> tuple[date, int, str] | None:
        """A day, a month or a season starting at t[i]: (first day, tokens used, "day" | "month" |
        "season" | "invalid")."""
        if i >= len(t):
            return None
        tok = t[i]
        nxt = t[i + 1] if i + 1 < len(t) else ""
        if tok in ("today", "2day", "tdy"):  # "whats merged in specdecode 2day"
            return self.today, 1, "day"
        if tok in ("yesterday", "yday", "yest", "ystd"):  # "merged yday"
            return self.today - timedelta(days=1), 1, "day"
        year_end = self._year_end(t, i + 1 if tok == "the" else i)
        if year_end is not None:  # "since the holidays", "before the xmas break"
            span, used = year_end
            return span.start or self.today, used + (tok == "the"), "holidays"
        holiday = _holiday(t, i)
        if holiday:  # "since halloween", "after thanksgiving": the last one, today's included
            rule, used = holiday
            when = rule(self.today.year)
            return (when if when <= self.today else rule(self.today.year - 1)), used, "day"
        match = _ISO_DATE.match(tok)
        if match:
            try:
                year, month, day = (int(g) for g in match.groups())
                if not MIN_YEAR <= year <= MAX_YEAR:
                    raise ValueError
                return date(year, month, day), 1, "day"
            except ValueError:
                return self.today, 1, "invalid"
        slash = _SLASH_DATE.match(tok) if not (i and t[i - 1] in ("part", "pt", "step", "phase")) else None
        if slash:  # not "part 1/2"
            first, second = int(slash.group(1)), int(slash.group(2))
            month, day = (second, first) if first > 12 else (first, second)
            written = int(slash.group(3)) if slash.group(3) else None
            if written is not None and written < 100:
                written += 2000
            if not 1 <= month <= 12:
                return self.today, 1, "invalid"
            return self._month_day(written, month, day, 1)
        if tok in MONTHS:
            month = MONTHS[tok]
            day_match = _ORDINAL.match(nxt)
            if day_match and 1 <= int(day_match.group(1)) <= 31:  # "feb 20"
                given, used = self._explicit_year(t, i + 2)
                return self._month_day(given, month, int(day_match.group(1)), 2 + used)
            given, used = self._explicit_year(t, i + 1)
            if given is None:
                given = self.today.year if month <= self.today.month else self.today.year - 1
            return date(given, month, 1), 1 + used, "month"
        # "the 15th of october", "15 of oct": a day and the month it is of; "(by) the end of
        # october": its last day
        lead = i + 1 if tok == "the" else i
        season = self._season(t, lead) if lead < len(t) else None
        if season is not None:  # "since the summer", "until fall 2026": its three months
            span, used = season
            return span.start or self.today, lead - i + used, "season"
        if t[lead : lead + 2] == ["end", "of"] and lead + 2 < len(t) and t[lead + 2] in MONTHS:
            month_start, used, _ = self._date(t, lead + 2) or (self.today, 1, "")
            return add_months(month_start, 1) - timedelta(days=1), lead - i + 2 + used, "day"
        of_month = _ORDINAL.match(t[lead]) if lead < len(t) else None
        if of_month and t[lead + 1 : lead + 2] == ["of"] and lead + 2 < len(t) and t[lead + 2] in MONTHS:
            given, used = self._explicit_year(t, lead + 3)
            return self._month_day(given, MONTHS[t[lead + 2]], int(of_month.group(1)), lead - i + 3 + used)
        # "since 1st october", "from the 15 nov", "depuis le 1er octobre": a day written before its
        # month (a bare number only after a word that leads a day in: "top 5 nov prs" is no date)
        day_word = t[lead] if lead < len(t) else ""
        led = tok == "the" or bool(i and t[i - 1] in DAY_LEADS)
        day_first = _DAY_OF_MONTH.match(day_word) or (_ORDINAL.match(day_word) if led else None)
        if (
            day_first
            and t[lead + 1 : lead + 2]
            and t[lead + 1] in MONTHS
            and 1 <= int(day_first.group(1)) <= 31
        ):
            given, used = self._explicit_year(t, lead + 2)
            return self._month_day(given, MONTHS[t[lead + 1]], int(day_first.group(1)), lead - i + 2 + used)
        # "since the 15th", and "since 15th" (a day after a word that leads one in)
        bare = _DAY_OF_MONTH.match(tok) if i and t[i - 1] in DAY_LEADS else None
        day_of_month = _DAY_OF_MONTH.match(nxt) if tok == "the" else bare
        after = t[i + (1 if bare else 2)] if i + (1 if bare else 2) < len(t) else ""
        if day_of_month and after in _RANKED:  # "the 2nd guy", "the 3rd one": a place, not a day
            return None
        if day_of_month:  # this month's (or last month's)
            day = int(day_of_month.group(1))
            month_start = self.today.replace(day=1)
            if day > self.today.day:
                month_start = add_months(month_start, -1)
            found = self._month_day(month_start.year, month_start.month, day, 1 if bare else 2)
            return found if found[2] == "day" else (found[0], found[1], "invalid")
        day_match = _ORDINAL.match(tok)
        if day_match and nxt in MONTHS and 1 <= int(day_match.group(1)) <= 31:  # "20 feb"
            given, used = self._explicit_year(t, i + 2)
            return self._month_day(given, MONTHS[nxt], int(day_match.group(1)), 2 + used)
        if tok in WEEKDAYS:  # "until friday", "from monday to wednesday": the last one, today's included
            return self._weekday(WEEKDAYS[tok]), 1, "day"
        return None

    def _season(self, t: Sequence[str], i: int) -> tuple[Span, int] | None:
        """ "over the summer", "this fall", "last winter", "spring 2026": that season's three
        months; with no year the latest one that has begun ("last": the latest that has ended)."""
        if i >= len(t):  # "... after the" at the end of a question
            return None
        lead = t[i] if t[i] in ("this", "last", "previous", "past") and i + 1 < len(t) else ""
        k = i + 1 if lead else i
        first = SEASONS.get(t[k]) if k < len(t) else None
        if first is None:
            return None
        year, used = self._explicit_year(t, k + 1)
        if not (lead or used or (i and t[i - 1] in _SEASON_LEADS)):
            return None
        today = self.today
        if year is None:
            year = today.year
            while (
                (date(year, first, 1) > today)
                if lead in ("", "this")
                else (add_months(date(year, first, 1), 3) > today)
            ):
                year -= 1
        start = date(year, first, 1)
        return Span(start, add_months(start, 3)), k - i + 1 + used

    def _named_half(self, t: Sequence[str], i: int) -> tuple[Span, int] | None:
        """ "this half", "last half": the half-year holding today and the one before; "the first /
        second half (of the year / of 2026)": January-June or July-December of this year (or the
        one named), as `h1` / `h2` read."""
        lead = t[i]
        if t[i + 1 : i + 2] != ["half"] or lead not in (
            "this",
            "current",
            "last",
            "previous",
            "first",
            "second",
        ):
            return None
        used = 2
        today = self.today
        current = date(today.year, 1 if today.month <= 6 else 7, 1)
        if lead in ("this", "current"):
            return Span(current, add_months(current, 6)), used
        if lead in ("last", "previous"):
            start = add_months(current, -6)
            return Span(start, current), used
        year = today.year
        if t[i + 2 : i + 3] == ["of"]:
            rest = 1 + (t[i + 3 : i + 4] in (["the"], ["this"]))
            named = t[i + 2 + rest] if i + 2 + rest < len(t) else ""
            if named in MONTHS and lead in ("first", "second"):
                # "the second half of october": the 16th to its end; "the first half of nov": 1st-15th
                given, extra = self._explicit_year(t, i + 3 + rest)
                month = MONTHS[named]
                year = given if given is not None else today.year - (month > today.month)
                start, middle = date(year, month, 1), date(year, month, 16)
                span = Span(start, middle) if lead == "first" else Span(middle, add_months(start, 1))
                return span, used + rest + 1 + extra
            given, extra = self._explicit_year(t, i + 2 + rest)
            if given is not None:
                year, used = given, used + rest + extra
            elif t[i + 2 + rest : i + 3 + rest] == ["year"]:
                used += rest + 1
            else:
                return None  # "the first half of the list": no time
        elif not (i and t[i - 1] == "the"):
            return None  # "first half" alone, without "the", names nothing
        start = date(year, 1 if lead == "first" else 7, 1)
        return Span(start, add_months(start, 6)), used

    def _year_end(self, t: Sequence[str], i: int) -> tuple[Span, int] | None:
        """ "over the holidays", "the xmas / new year holidays", "during the christmas break",
        "this holiday season": the year-end holidays, Dec 20 to Jan 4, the latest that has begun
        ("last": that has ended). A holiday's own day is a day ("since christmas": Dec 25)."""
        if i >= len(t):  # "... after the" at the end of a question
            return None
        lead = t[i] if t[i] in ("this", "last", "previous", "past") and i + 1 < len(t) else ""
        k = i + 1 if lead else i
        qualified = False
        while k < len(t) and (
            t[k] in _YEAR_END_QUALIFIERS or t[k : k + 2] in (["new", "year"], ["new", "years"])
        ):
            k += 2 if t[k] == "new" else 1
            qualified = True
            if (
                k + 1 < len(t)
                and t[k] in _YEAR_END_JOINERS
                and (t[k + 1] in _YEAR_END_QUALIFIERS or t[k + 1] == "new")
            ):
                k += 1  # "xmas / new year holidays", "christmas and new year break"
        head = t[k] if k < len(t) else ""
        if head == "holiday" and t[k + 1 : k + 2] in (["season"], ["period"], ["break"]):
            k, head, qualified = k + 1, t[k + 1], True  # "this holiday season"
        if not (
            head in _YEAR_END_HEADS
            and (qualified or (head == "holidays" and (lead or (i and t[i - 1] in _SEASON_LEADS))))
        ):
            return None
        if head == "holiday" and not qualified:
            return None
        year, used = self._explicit_year(t, k + 1)
        today = self.today
        if year is None:
            year = today.year if date(today.year, *YEAR_END_START) <= today else today.year - 1
            if lead in ("last", "previous", "past") and date(year, *YEAR_END_START) + YEAR_END_LENGTH > today:
                year -= 1
        start = date(year, *YEAR_END_START)
        return Span(start, start + YEAR_END_LENGTH), k - i + 1 + used

    def _explicit_year(self, t: Sequence[str], i: int) -> tuple[int | None, int]:
        if i < len(t) and t[i].isascii() and t[i].isdigit() and len(t[i]) == 4:
            year = int(t[i])
            if MIN_YEAR <= year <= MAX_YEAR:
                return year, 1
        return None, 0

    def _month_day(self, year: int | None, month: int, day: int, used: int) -> tuple[date, int, str]:
        try:
            if year is None:
                candidate = date(self.today.year, month, day)
                if candidate > self.today:
                    candidate = date(self.today.year - 1, month, day)
                return candidate, used, "day"
            return date(year, month, day), used, "day"
        except ValueError:
            return self.today, used, "invalid"

    def _recent_year_for_week(self, week: int) -> int:
        year = self.today.isocalendar().year
        return year if week <= self.today.isocalendar().week else year - 1

    def _iso_week(self, year: int, week: int) -> Span:
        try:
            if not MIN_YEAR <= year <= MAX_YEAR:
                raise ValueError
            start = date.fromisocalendar(year, week, 1)
        except ValueError:
            window = self._last_days(self.default_days)
            window.note = f"There is no ISO week {year}-W{week:02d}; showing the default window instead."
            return window
        return Span(start, start + timedelta(days=7))


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The n-th `weekday` (0 = Monday) of a month; n = -1 for the last."""
    if n < 0:
        last = add_months(date(year, month, 1), 1) - timedelta(days=1)
        return last - timedelta(days=(last.weekday() - weekday) % 7)
    first = date(year, month, 1)
    return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))


# Days people name by their holiday ("since thanksgiving", "before christmas"), each as a rule for
# its date in a year (US-style for the movable ones).
_HOLIDAYS: dict[tuple[str, ...], Callable[[int], date]] = {
    ("halloween",): lambda y: date(y, 10, 31),
    ("christmas",): lambda y: date(y, 12, 25),
    ("xmas",): lambda y: date(y, 12, 25),
    ("christmas", "eve"): lambda y: date(y, 12, 24),
    ("xmas", "eve"): lambda y: date(y, 12, 24),
    ("christmas", "day"): lambda y: date(y, 12, 25),
    ("xmas", "day"): lambda y: date(y, 12, 25),
    ("new", "year"): lambda y: date(y, 1, 1),
    ("new", "years"): lambda y: date(y, 1, 1),
    ("new", "year", "day"): lambda y: date(y, 1, 1),
    ("new", "years", "day"): lambda y: date(y, 1, 1),
    ("new", "year", "eve"): lambda y: date(y, 12, 31),
    ("new", "years", "eve"): lambda y: date(y, 12, 31),
    ("nye",): lambda y: date(y, 12, 31),
    ("valentine",): lambda y: date(y, 2, 14),
    ("valentines",): lambda y: date(y, 2, 14),
    ("valentines", "day"): lambda y: date(y, 2, 14),
    ("valentine", "day"): lambda y: date(y, 2, 14),
    ("thanksgiving",): lambda y: _nth_weekday(y, 11, 3, 4),
    ("black", "friday"): lambda y: _nth_weekday(y, 11, 3, 4) + timedelta(days=1),
    ("labor", "day"): lambda y: _nth_weekday(y, 9, 0, 1),
    ("memorial", "day"): lambda y: _nth_weekday(y, 5, 0, -1),
}
_HOLIDAY_LONGEST = max(len(k) for k in _HOLIDAYS)


def _holiday(t: Sequence[str], i: int) -> tuple[Callable[[int], date], int] | None:
    """The holiday named at t[i] (the longest name) and how many tokens name it."""
    for length in range(_HOLIDAY_LONGEST, 0, -1):
        rule = _HOLIDAYS.get(tuple(t[i : i + length]))
        if rule is not None:
            return rule, length
    return None


def _names_a_month(tokens: Sequence[str]) -> bool:
    return any(tok in MONTHS or _SLASH_DATE.match(tok) or _ISO_DATE.match(tok) for tok in tokens)


def _period_end(day: date, kind: str) -> date:
    """The day after the period `_date` read ("month": the first of the next, "season": three
    months on, else the next day)."""
    if kind == "holidays":
        return day + YEAR_END_LENGTH
    months = {"month": 1, "season": 3}.get(kind, 0)
    return add_months(day, months) if months else day + timedelta(days=1)
