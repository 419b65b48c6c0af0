"""Differences vs a baseline run: each metric's % change, for the compare page's table."""

from __future__ import annotations

from backend.errors import invalid
from backend.runs.compare.schemas import CompareTable


def percent_change(value: float | None, base: float | None) -> float | None:
    # Undefined without both numbers, or from a zero baseline (no % of nothing).
    if value is None or base is None or base == 0:
        return None
    return round(100.0 * (value - base) / abs(base), 3)


def with_changes(table: CompareTable, baseline_run_id: int) -> CompareTable:
    base = next((row for row in table.rows if row.run_id == baseline_run_id), None)
    if base is None:
        raise invalid("baseline_run_id", "must be one of run_ids")
    rows = [
        row.model_copy(
            update={
                "change_pct": {
                    name: percent_change(row.metrics.get(name), base.metrics.get(name))
                    for name in table.metric_columns
                }
            }
        )
        for row in table.rows
    ]
    return table.model_copy(update={"rows": rows})
