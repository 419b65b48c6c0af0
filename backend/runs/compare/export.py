"""CSV of a comparison table: the run columns, then its params and metrics (header row, stable columns)."""

from __future__ import annotations

import csv
import io

from backend.runs.compare.schemas import CompareTable
from backend.runs.downloads import csv_cell

# Columns of a comparison export before the param and metric columns, in this order.
RUN_COLUMNS = (
    "run_id",
    "experiment_id",
    "experiment_name",
    "experiment_version",
    "lab_id",
    "point_index",
    "repetition",
    "state",
    "finished_at",
)


def compare_csv(table: CompareTable) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*RUN_COLUMNS, *table.param_columns, *table.metric_columns])
    for row in table.rows:
        fixed = row.model_dump(mode="json", include=set(RUN_COLUMNS))
        writer.writerow(
            [csv_cell(fixed[c]) for c in RUN_COLUMNS]
            + [csv_cell(row.params.get(c)) for c in table.param_columns]
            + [csv_cell(row.metrics.get(c)) for c in table.metric_columns]
        )
    return out.getvalue()
