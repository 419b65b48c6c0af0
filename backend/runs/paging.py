"""Pages of the run list: the total counted up to a cap, and keyset cursors for deep pages.

A team's history grows without end, so the list never counts or skips more rows than it must:

- The total is counted exactly up to TOTAL_CAP; past it the page says so (`total_exact` false:
  "more than TOTAL_CAP"), instead of counting a million index entries on every call.
- A cursor names the last run of a page (its sort value and id); the next page starts right after
  it by walking the sort's index from that position, so page 20,000 costs what page 2 does. Offset
  paging stays for compatibility (and for the History's page numbers), cheap for the first pages.

The order is (value, id) with runs without the value last, either direction (service._ordering).
After a run with a value the next page is the rest of the runs with values, then those without;
after a run without one, only the rest of those without. Values travel as PostgreSQL's own text
(numeric's every digit, a timestamp with its zone), so ties compare exactly.
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, and_, literal, or_

from backend.api.storable import BIGINT_MAX
from backend.errors import invalid
from backend.models import Run
from backend.runs.schemas import RunSortKey, SortDirection

# Exactly counted up to here (10,001 index entries: a few ms; ~40 ms where a filter reads each
# run, at any history size); beyond, the page says "more than 10,000".
TOTAL_CAP = 10_000


@dataclass(frozen=True)
class Cursor:
    sort: RunSortKey
    direction: SortDirection
    value: str | None  # the last run's sort value as PostgreSQL prints it; None: it had none
    id: int

    def encode(self) -> str:
        doc = json.dumps([self.sort, self.direction, self.value, self.id], separators=(",", ":"))
        return base64.urlsafe_b64encode(doc.encode()).decode().rstrip("=")

    @classmethod
    def decode(cls, text: str, sort: RunSortKey, direction: SortDirection) -> Cursor:
        """The cursor a page gave, for the same sort and direction; 422 otherwise."""
        try:
            doc = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
            got_sort, got_direction, value, run_id = doc
            valid = (
                isinstance(run_id, int)
                and not isinstance(run_id, bool)
                and 0 < run_id <= BIGINT_MAX  # a run's id: a BIGINT (PostgreSQL refuses more: a 500)
                and (value is None or _readable(got_sort, value))
            )
        except (ValueError, TypeError, binascii.Error, ArithmeticError):
            valid = False
        if not valid:
            raise invalid("cursor", "not a cursor this list gave (pass next_cursor back unchanged)")
        if (got_sort, got_direction) != (sort, direction):
            raise invalid(
                "cursor",
                f"the cursor is for sort={got_sort} {got_direction}; ask with the same sort and direction",
            )
        return cls(sort=sort, direction=direction, value=value, id=run_id)


# A cursor's value is a figure or a timestamp as PostgreSQL printed it: never this long. A longer
# (or larger) one is not ours, and numeric would refuse it (overflow, too many digits): a 500.
CURSOR_VALUE_MAX_CHARS = 64
CURSOR_NUMBER_LIMIT = Decimal("1e100")


def _readable(sort: object, value: object) -> bool:
    """Whether PostgreSQL will read `value` as the sort's type (else the query would fail, 500)."""
    if not isinstance(value, str) or len(value) > CURSOR_VALUE_MAX_CHARS:
        return False
    if sort in ("created", "finished"):
        datetime.fromisoformat(value)
        return True
    number = Decimal(value)
    return number.is_finite() and abs(number) < CURSOR_NUMBER_LIMIT


def after(cursor: Cursor, column: Any) -> tuple[ColumnElement[bool], ColumnElement[bool] | None]:
    """Conditions for the runs after `cursor` in the list's order: (those with a value, those
    without, or None when no value-less run can follow). Each is a range of the sort's index, so
    the scan starts at the cursor instead of skipping to it."""
    before_id = Run.id < cursor.id if cursor.direction == "desc" else Run.id > cursor.id
    rest_without = and_(column.is_(None), before_id)
    if cursor.value is None:
        return rest_without, None
    value = literal(cursor.value).cast(column.type)
    beyond = column < value if cursor.direction == "desc" else column > value
    # `column <= value` (>=) bounds the index scan; the OR drops the ties already shown.
    bound = column <= value if cursor.direction == "desc" else column >= value
    return and_(bound, or_(beyond, before_id)), (column.is_(None) if column.nullable else None)
