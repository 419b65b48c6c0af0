"""A sweep's points: the runs of a comparison grouped by (experiment, point), repetitions aggregated.

Charting a metric against a swept parameter needs one value per point with its spread, not one
per run: repetitions of a point are summarised as n, mean, min, max, sample stddev and the 95%
confidence interval of the mean (noisy when too wide to conclude); with a baseline run, each
point's metrics are tested against the baseline's point (Welch's t-test, backend/runs/statistics.py). Only
succeeded runs count (a failed, cancelled or partial repetition has no comparable result: the
partial ones are named); a point
whose repetitions all failed still appears, with no metrics, so the gap is visible.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from backend.errors import invalid
from backend.runs.compare.schemas import ComparePoint, ComparePoints, CompareRow, PointDifference, Spread
from backend.runs.compare.table import compare_runs
from backend.runs.point_key import point_key
from backend.runs.statistics import difference, interval
from contract.run_state import RunState


def spread(values: list[float]) -> Spread:
    estimate = interval(values)
    return Spread(
        n=estimate.n,
        mean=estimate.mean,
        min=min(values),
        max=max(values),
        stddev=estimate.stddev,
        ci_low=estimate.low,
        ci_high=estimate.high,
        noisy=estimate.noisy,
    )


def against(values: list[float], baseline: list[float]) -> PointDifference:
    d = difference(baseline, values)
    return PointDifference(
        diff=d.diff,
        diff_pct=d.diff_pct,
        ci_low=d.low,
        ci_high=d.high,
        p_value=d.p_value,
        significant=d.significant,
    )


def _point_key(row: CompareRow) -> tuple[int, str]:
    return row.experiment_id, point_key(row.params)


def _values(rows: list[CompareRow], name: str) -> list[float]:
    """A metric over the point's succeeded runs (partial and failed ones have no comparable value)."""
    return [
        float(v) for r in rows if r.state == RunState.succeeded and (v := r.metrics.get(name)) is not None
    ]


def compare_points(
    db: Session, team_id: int, run_ids: list[int], baseline_run_id: int | None = None
) -> ComparePoints:
    table = compare_runs(db, team_id, run_ids)
    groups: dict[tuple[int, str], list[CompareRow]] = {}
    for row in table.rows:
        groups.setdefault(_point_key(row), []).append(row)
    baseline_rows: list[CompareRow] | None = None
    if baseline_run_id is not None:
        baseline_rows = next(
            (rows for rows in groups.values() if any(r.run_id == baseline_run_id for r in rows)), None
        )
        if baseline_rows is None:
            raise invalid("baseline_run_id", "must be one of run_ids")
    points = []
    for rows in groups.values():
        metrics = {}
        vs_baseline: dict[str, PointDifference] | None = None if baseline_rows is None else {}
        for name in table.metric_columns:
            values = _values(rows, name)
            if values:
                metrics[name] = spread(values)
            if vs_baseline is not None and baseline_rows is not None and rows is not baseline_rows:
                base = _values(baseline_rows, name)
                if values and base:
                    vs_baseline[name] = against(values, base)
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
                vs_baseline=vs_baseline,
            )
        )
    points.sort(key=lambda p: (p.experiment_id, p.point_index))
    return ComparePoints(
        param_columns=table.param_columns, metric_columns=table.metric_columns, points=points
    )
