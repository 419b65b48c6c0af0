"""A sweep's points: the runs of a comparison grouped by (experiment, point), repetitions aggregated.

Charting a metric against a swept parameter needs one value per point with its spread, not one
per run: repetitions of a point are summarised as n, mean, min, max and sample stddev. Only
succeeded runs count (a failed, cancelled or partial repetition has no comparable result: the
partial ones are named); a point
whose repetitions all failed still appears, with no metrics, so the gap is visible.
"""

from __future__ import annotations

import json
import statistics

from sqlalchemy.orm import Session

from backend.runs.compare import compare_runs
from backend.runs.compare_schemas import ComparePoint, ComparePoints, Spread
from backend.runs.schemas import CompareRow
from spec.run_state import RunState


def spread(values: list[float]) -> Spread:
    return Spread(
        n=len(values),
        mean=statistics.fmean(values),
        min=min(values),
        max=max(values),
        stddev=statistics.stdev(values) if len(values) > 1 else 0.0,
    )


def _point_key(row: CompareRow) -> tuple[int, str]:
    # Params, not point_index, identify a point: re-runs and other launches of the same
    # experiment with the same values belong together even if the sweep's order changed.
    return row.experiment_id, json.dumps(row.params, sort_keys=True)


def compare_points(db: Session, team_id: int, run_ids: list[int]) -> ComparePoints:
    table = compare_runs(db, team_id, run_ids)
    groups: dict[tuple[int, str], list[CompareRow]] = {}
    for row in table.rows:
        groups.setdefault(_point_key(row), []).append(row)
    points = []
    for rows in groups.values():
        done = [r for r in rows if r.state == RunState.succeeded]
        metrics = {}
        for name in table.metric_columns:
            values = [float(v) for r in done if (v := r.metrics.get(name)) is not None]
            if values:
                metrics[name] = spread(values)
        first = rows[0]
        points.append(
            ComparePoint(
                experiment_id=first.experiment_id,
                experiment_name=first.experiment_name,
                point_index=first.point_index,
                params=first.params,
                run_ids=[r.run_id for r in rows],
                metrics=metrics,
                partial_run_ids=[r.run_id for r in rows if r.state == RunState.partial],
            )
        )
    points.sort(key=lambda p: (p.experiment_id, p.point_index))
    return ComparePoints(
        param_columns=table.param_columns, metric_columns=table.metric_columns, points=points
    )
