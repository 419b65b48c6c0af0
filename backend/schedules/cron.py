"""Cron expressions read the way Celery beat will read them.

A schedule's five fields go to Celery's crontab (through sqlalchemy-celery-beat's time-zone
aware subclass, the class beat itself builds from the stored row), so what is accepted here and
the times shown are exactly what beat will do. Where Celery differs from classic cron it is said
in the message and in docs/history.md: day-of-week runs 0-6 (0 = Sunday; `7` is refused), and a
day-of-month and a day-of-week both restricted must *both* match.

Celery reads more than it should (a part's start only; any name in any field), so each field must
first match Celery's grammar whole, with names only in the month and day-of-week fields; whatever
Celery then raises on a text is a CronError (a 422 at `cron`), never a 500.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

from celery.schedules import ParseException
from celery.utils.time import DAYNAMES, MONTHNAMES
from sqlalchemy_celery_beat.models import CrontabSchedule
from sqlalchemy_celery_beat.tzcrontab import TzAwareCrontab

FIELD_LABELS = ("minute", "hour", "day of month", "month", "day of week")

# Classic shorthands, written out as the five fields they stand for.
MACROS = {
    "@hourly": "0 * * * *",
    "@daily": "0 0 * * *",
    "@midnight": "0 0 * * *",
    "@weekly": "0 0 * * 0",
    "@monthly": "0 0 1 * *",
    "@yearly": "0 0 1 1 *",
    "@annually": "0 0 1 1 *",
}

# What a field may hold: numbers, names (mon, jan), ranges, lists and steps. Nothing else
# reaches Celery's parser.
_CHARACTERS = re.compile(r"^[0-9A-Za-z*/,\-]+$")


def _grammar(names: tuple[str, ...]) -> re.Pattern[str]:
    """What Celery's crontab parser reads (celery.schedules.crontab_parser), matched whole: Celery
    matches a part from its start only, so `1-2-3` would silently be read as `1-2` and `*/5/7` as
    `*/5`. Names only where they mean something (Celery would read `jan` as 1 in any field and
    `sunny` as Sunday)."""
    value = "|".join(["[0-9]+", *names])  # a step is a number, never 0
    part = rf"(?:(?:\*|(?:{value})-(?:{value}))(?:/0*[1-9][0-9]*)?|(?:{value}))"
    return re.compile(rf"^{part}(?:,{part})*$", re.IGNORECASE)


# Per field (in FIELD_LABELS' order): its grammar, the values it takes, and its longest text,
# the width of beat's own column for it (a longer one would not fit in beat's row).
_FIELDS = (
    (_grammar(()), "0-59", CrontabSchedule.__table__.c.minute.type.length),
    (_grammar(()), "0-23", CrontabSchedule.__table__.c.hour.type.length),
    (_grammar(()), "1-31", CrontabSchedule.__table__.c.day_of_month.type.length),
    (_grammar(MONTHNAMES), "1-12 or jan-dec", CrontabSchedule.__table__.c.month_of_year.type.length),
    (_grammar(DAYNAMES), "0-6 or sun-sat", CrontabSchedule.__table__.c.day_of_week.type.length),
)

# What Celery's crontab raises for text it cannot read (celery/schedules.py: ParseException for
# an empty part or step and a negative number; ValueError for a value out of range, a step of 0,
# an unknown name, a number too long for int(); KeyError from its name tables; RuntimeError when
# no date ever matches). The wider families, so a text can never be a 500: tests/schedules/
# test_cron_fuzz.py holds parse() to raising only CronError for any text.
_CELERY_REFUSALS = (ParseException, ValueError, LookupError, TypeError, ArithmeticError, RuntimeError)


class CronError(ValueError):
    """`field` is "cron" or "timezone"; the message says what is wrong, in the user's terms."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


@lru_cache(maxsize=1)
def _zone_names() -> frozenset[str]:
    return frozenset(available_timezones())


def zone(name: str) -> ZoneInfo:
    """An IANA zone by its exact name; never a path (ZoneInfo alone would open files)."""
    if name not in _zone_names():
        raise CronError("timezone", f"{name!r} is not an IANA time zone (for example UTC, Europe/Paris)")
    return ZoneInfo(name)


@dataclass(frozen=True)
class Cron:
    """Five normalised fields and the zone they are read in."""

    minute: str
    hour: str
    day_of_month: str
    month_of_year: str
    day_of_week: str
    timezone: str

    @property
    def expression(self) -> str:
        return " ".join((self.minute, self.hour, self.day_of_month, self.month_of_year, self.day_of_week))

    def crontab(self) -> TzAwareCrontab:
        return TzAwareCrontab(
            minute=self.minute,
            hour=self.hour,
            day_of_week=self.day_of_week,
            day_of_month=self.day_of_month,
            month_of_year=self.month_of_year,
            tz=zone(self.timezone),
        )

    def next_times(self, count: int, after: datetime | None = None) -> list[datetime]:
        """The next `count` firing times after `after` (now), in UTC, computed by beat's code.

        Celery measures from "now" (and asks whether the last run was today): each step sets
        now to the previous firing, which is what beat sees when it asks right after firing.
        """
        crontab = self.crontab()
        times: list[datetime] = []
        last = (after or datetime.now(UTC)).astimezone(crontab.tz)
        for _ in range(count):
            anchor = last
            crontab.nowfun = lambda anchor=anchor: anchor
            # In UTC: adding a duration to a zoned time would add wall-clock time across DST.
            following = _whole_second(anchor.astimezone(UTC) + crontab.remaining_estimate(anchor))
            times.append(following.astimezone(UTC))
            last = following.astimezone(crontab.tz)
        return times


def _whole_second(moment: datetime) -> datetime:
    return (moment + timedelta(microseconds=500_000)).replace(microsecond=0)


def parse(expression: str, timezone: str) -> Cron:
    """Five cron fields (or a @shorthand) in an IANA zone, or CronError naming the field."""
    text = " ".join(expression.split())
    text = MACROS.get(text.lower(), text)
    fields = text.split(" ") if text else []
    if len(fields) != 5:
        raise CronError(
            "cron",
            f"needs 5 fields (minute hour day-of-month month day-of-week), got {len(fields)}: {expression!r}",
        )
    for label, value, (grammar, values, longest) in zip(FIELD_LABELS, fields, _FIELDS, strict=True):
        if not _CHARACTERS.match(value):
            raise CronError("cron", f"the {label} field {value!r} may hold only digits, names, * / , -")
        if len(value) > longest:
            raise CronError("cron", f"the {label} field is {len(value)} characters long, more than {longest}")
        if not grammar.match(value):
            raise CronError(
                "cron",
                f"the {label} field {value!r} is not a comma-separated list of values ({values}), "
                "ranges a-b and *, each range or * with an optional step /n",
            )
    cron = _cron(fields, timezone)
    zone(timezone)
    for index, label in enumerate(FIELD_LABELS):
        one = ["*"] * 5
        one[index] = fields[index]
        try:
            _cron(one, timezone).crontab()
        except _CELERY_REFUSALS as exc:
            hint = " (Sunday is 0 or sun; 7 is not accepted)" if index == 4 else ""
            raise CronError("cron", f"the {label} field {fields[index]!r} is invalid: {exc}{hint}") from None
    try:
        cron.crontab().remaining_estimate(datetime.now(UTC))
    except _CELERY_REFUSALS:
        raise CronError("cron", f"{cron.expression!r} never fires (no such date)") from None
    return cron


def stored(expression: str, timezone: str) -> Cron:
    """A schedule's cron as stored (it passed parse() when saved): its five fields as they are,
    so a rule added to parse() since never makes a saved schedule unreadable."""
    return _cron(expression.split(" "), timezone)


def _cron(fields: list[str], timezone: str) -> Cron:
    minute, hour, day_of_month, month_of_year, day_of_week = fields
    return Cron(minute, hour, day_of_month, month_of_year, day_of_week, timezone)
