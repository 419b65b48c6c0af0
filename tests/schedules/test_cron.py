"""Cron expressions read as Celery beat reads them, and the times they fire (backend/schedules/cron.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from backend.schedules.cron import CronError, parse


def _times(expression: str, zone: str, after: datetime, count: int = 4) -> list[str]:
    return [t.strftime("%Y-%m-%d %H:%M") for t in parse(expression, zone).next_times(count, after)]


SATURDAY_NOON = datetime(2027, 3, 27, 12, 0, tzinfo=UTC)


def test_every_minute_and_weekday_office_hours() -> None:
    assert _times("* * * * *", "UTC", SATURDAY_NOON) == [
        "2027-03-27 12:01",
        "2027-03-27 12:02",
        "2027-03-27 12:03",
        "2027-03-27 12:04",
    ]
    # Monday 29 March 2027 is after the switch to summer time in Paris (UTC+2).
    assert _times("*/15 9-17 * * mon-fri", "Europe/Paris", SATURDAY_NOON) == [
        "2027-03-29 07:00",
        "2027-03-29 07:15",
        "2027-03-29 07:30",
        "2027-03-29 07:45",
    ]


def test_times_are_read_in_the_zone_across_daylight_saving() -> None:
    # 28 March 2027: Paris skips 02:00-03:00; 02:30 that night fires at 03:30 local (01:30 UTC).
    assert _times("30 2 * * *", "Europe/Paris", SATURDAY_NOON, 3) == [
        "2027-03-28 01:30",
        "2027-03-29 00:30",
        "2027-03-30 00:30",
    ]
    assert _times("@daily", "America/New_York", SATURDAY_NOON, 2) == ["2027-03-28 04:00", "2027-03-29 04:00"]
    assert _times("0 0 31 * *", "UTC", SATURDAY_NOON, 3) == [
        "2027-03-31 00:00",
        "2027-05-31 00:00",
        "2027-07-31 00:00",
    ]


def test_shorthands_and_spacing_are_normalised() -> None:
    assert parse("  0   2 *  * mon-fri ", "UTC").expression == "0 2 * * mon-fri"
    assert parse("@weekly", "UTC").expression == "0 0 * * 0"


def test_names_steps_and_wrapping_ranges_read_as_celery_reads_them() -> None:
    # Names in the month and day-of-week fields, any case; a step on a range of names.
    assert _times("0 0 * jan-mar/2 MON-fri", "UTC", SATURDAY_NOON, 2) == [
        "2027-03-29 00:00",
        "2027-03-30 00:00",
    ]
    # A range that wraps past the field's end (Celery's reading): 58, 59, 0, 1.
    assert _times("58-1 * * * *", "UTC", SATURDAY_NOON, 4) == [
        "2027-03-27 12:01",
        "2027-03-27 12:58",
        "2027-03-27 12:59",
        "2027-03-27 13:00",
    ]
    assert _times("*/20,7 * * * *", "UTC", SATURDAY_NOON, 3) == [
        "2027-03-27 12:07",
        "2027-03-27 12:20",
        "2027-03-27 12:40",
    ]


@pytest.mark.parametrize(
    ("expression", "zone", "field", "says"),
    [
        ("0 0 * *", "UTC", "cron", "needs 5 fields"),
        ("0 0 * * * *", "UTC", "cron", "needs 5 fields"),
        ("", "UTC", "cron", "needs 5 fields"),
        ("61 * * * *", "UTC", "cron", "minute field '61'"),
        ("0 24 * * *", "UTC", "cron", "hour field '24'"),
        ("0 0 * * 7", "UTC", "cron", "Sunday is 0"),
        ("0 0 32 * *", "UTC", "cron", "day of month field '32'"),
        ("0 0 * 13 *", "UTC", "cron", "month field '13'"),
        ("0 0 30 2 *", "UTC", "cron", "never fires"),
        # What Celery's parser raises ParseException for (a 500 before): an empty step, a
        # negative number, an empty part.
        ("*/ * * * *", "UTC", "cron", "minute field '*/' is not a comma-separated list"),
        ("-5 * * * *", "UTC", "cron", "minute field '-5' is not a comma-separated list"),
        ("1,,2 * * * *", "UTC", "cron", "minute field '1,,2' is not a comma-separated list"),
        ("0 ,3 * * *", "UTC", "cron", "hour field ',3' is not"),
        ("0 0 - * *", "UTC", "cron", "day of month field '-' is not"),
        # What Celery would read only in part, or as something else.
        ("1-2-3 * * * *", "UTC", "cron", "minute field '1-2-3' is not"),
        ("*/5/7 * * * *", "UTC", "cron", "minute field '*/5/7' is not"),
        ("5/15 * * * *", "UTC", "cron", "minute field '5/15' is not"),
        ("*/0 * * * *", "UTC", "cron", "minute field '*/0' is not"),
        ("jan * * * *", "UTC", "cron", "minute field 'jan' is not"),
        ("0 0 * mon *", "UTC", "cron", "month field 'mon' is not"),
        ("0 0 * * sunny", "UTC", "cron", "day of week field 'sunny' is not"),
        ("0 0 * * mar", "UTC", "cron", "day of week field 'mar' is not"),
        # Longer than beat's column for the field (a 500 from PostgreSQL at create before).
        (
            "0 0 * * " + ",".join(["1"] * 40),
            "UTC",
            "cron",
            "day of week field is 79 characters long, more than 64",
        ),
        ("0 0 * " + ",".join(["1"] * 40) + " *", "UTC", "cron", "month field is 79 characters long"),
        ("0 $(id) * * *", "UTC", "cron", "may hold only"),
        ("0 0 * * *;reboot", "UTC", "cron", "may hold only"),
        ("0 0 * * *", "Mars/Olympus", "timezone", "not an IANA time zone"),
        ("0 0 * * *", "../../etc/passwd", "timezone", "not an IANA time zone"),
        ("0 0 * * *", "/usr/share/zoneinfo/UTC", "timezone", "not an IANA time zone"),
    ],
)
def test_what_beat_could_not_read_is_refused_naming_the_field(
    expression: str, zone: str, field: str, says: str
) -> None:
    with pytest.raises(CronError) as caught:
        parse(expression, zone)
    assert caught.value.field == field
    assert says in caught.value.message
