"""Pinning, listing and removing baselines, and comparing a run with its point's.

A point is its swept values (`params`), so every later run of the experiment with the same
values compares with the baseline: another launch, a re-run, a new version that changed what
was not swept (the config change a baseline is there to catch). Only succeeded runs make a
baseline or are compared: a partial or failed run measured something else than was asked.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from backend.accounts.users import emails_of
from backend.errors import invalid, not_found
from backend.models import Baseline, Experiment, Run
from backend.runs.baselines.schemas import BaselineOut, BaselinePin, MetricAgainstBaseline, RunAgainstBaseline
from backend.runs.point_key import point_key
from backend.runs.statistics import Difference, against_one, difference, interval
from backend.teams.scoping import owned_by, readable
from contract.metrics import BY_KEY, run_metrics
from contract.numbers import fixed
from contract.run_state import RunState

# The figures a run is compared on, the first one the headline's (per the load's loop).
COMPARED_METRICS = ("rps", "latency_p50_ms", "latency_p99_ms", "error_pct")


def _experiment(db: Session, team_id: int, experiment_id: int) -> Experiment:
    experiment = db.scalar(readable(Experiment, team_id).where(Experiment.id == experiment_id))
    if experiment is None:
        raise not_found("experiment", experiment_id)
    return experiment


def _pinned_runs(db: Session, team_id: int, experiment_id: int, pin: BaselinePin) -> list[Run]:
    """The succeeded runs the pin names, or a 4xx naming the field."""
    query = readable(Run, team_id).order_by(Run.id)
    if pin.run_id is not None:
        runs = list(db.scalars(query.where(Run.id == pin.run_id)))
        if not runs:
            raise not_found("run", pin.run_id)
        field = "run_id"
    else:
        query = query.where(Run.launch_id == pin.launch_id)
        if pin.point_index is not None:
            query = query.where(Run.point_index == pin.point_index)
        runs = list(db.scalars(query))
        if not runs:
            what = "launch" if pin.point_index is None else f"point {pin.point_index} of launch"
            raise not_found(what, pin.launch_id)
        field = "launch_id" if pin.point_index is None else "point_index"
    if any(run.experiment_id != experiment_id for run in runs):
        raise invalid(field, f"its runs are not of experiment {experiment_id}")
    succeeded = [run for run in runs if run.state == RunState.succeeded]
    if not succeeded:
        states = ", ".join(sorted({run.state.value for run in runs}))
        raise invalid(
            field, f"no run of it succeeded ({states}): a baseline is made of complete measurements"
        )
    return succeeded


def pin(db: Session, team_id: int, user_id: int, experiment_id: int, body: BaselinePin) -> list[BaselineOut]:
    """Pin the runs as their points' baselines, replacing any baseline those points had."""
    _experiment(db, team_id, experiment_id)
    by_point: dict[str, list[Run]] = {}
    for run in _pinned_runs(db, team_id, experiment_id, body):
        by_point.setdefault(point_key(run.params), []).append(run)
    keys = list(by_point)
    db.execute(delete(Baseline).where(Baseline.experiment_id == experiment_id, Baseline.params_key.in_(keys)))
    rows = [
        Baseline(
            team_id=team_id,
            experiment_id=experiment_id,
            params=runs[0].params,
            params_key=key,
            run_ids=[run.id for run in runs],
            pinned_from=body.pinned_from,
            launch_id=runs[0].launch_id if body.launch_id is not None else None,
            created_by_id=user_id,
        )
        for key, runs in by_point.items()
    ]
    db.add_all(rows)
    db.flush()
    return _out(db, rows)


def _out(db: Session, rows: Sequence[Baseline]) -> list[BaselineOut]:
    emails = emails_of(db, (row.created_by_id for row in rows))
    return [
        BaselineOut.model_validate(row).model_copy(
            update={"created_by_email": emails.get(row.created_by_id) if row.created_by_id else None}
        )
        for row in rows
    ]


def list_baselines(db: Session, team_id: int, experiment_id: int) -> list[BaselineOut]:
    _experiment(db, team_id, experiment_id)
    rows = db.scalars(select(Baseline).where(Baseline.experiment_id == experiment_id).order_by(Baseline.id))
    return _out(db, list(rows))


def unpin(db: Session, team_id: int, experiment_id: int, baseline_id: int) -> None:
    _experiment(db, team_id, experiment_id)
    gone = db.execute(
        delete(Baseline).where(
            owned_by(Baseline, team_id), Baseline.id == baseline_id, Baseline.experiment_id == experiment_id
        )
    )
    if gone.rowcount == 0:  # type: ignore[attr-defined]
        raise not_found("baseline", baseline_id)


def _metric_values(runs: Sequence[Run], key: str) -> list[float]:
    found = (run_metrics(run.summary).get(key) for run in runs)
    return [float(value) for value in found if value is not None]


def _compared(key: str, baseline: list[float], values: list[float]) -> MetricAgainstBaseline:
    metric = BY_KEY[key]
    spread = interval(baseline)
    test: Difference = against_one(baseline, values[0]) if len(values) == 1 else difference(baseline, values)
    worse = None
    if metric.better is not None and test.diff != 0:
        worse = (test.diff < 0) if metric.better == "higher" else (test.diff > 0)
    return MetricAgainstBaseline(
        key=key,
        label=metric.label,
        unit=metric.unit,
        better=metric.better,
        baseline_mean=spread.mean,
        baseline_n=spread.n,
        baseline_ci_low=spread.low,
        baseline_ci_high=spread.high,
        value=statistics.fmean(values),
        n=len(values),
        diff_pct=round(test.diff_pct, 3) if test.diff_pct is not None else None,
        p_value=test.p_value,
        significant=test.significant,
        worse=worse,
    )


def _lead(metrics: list[MetricAgainstBaseline], open_loop: bool) -> MetricAgainstBaseline | None:
    # Closed loop: the rate is the answer; open loop: the rate was asked, latency is the answer.
    wanted = "latency_p99_ms" if open_loop else "rps"
    return next((m for m in metrics if m.key == wanted), metrics[0] if metrics else None)


def _headline(lead: MetricAgainstBaseline | None) -> str:
    if lead is None:
        return "Nothing to compare: the baseline or this run has none of the compared figures."
    if lead.diff_pct is None:
        return f"{lead.label}: no % change from a baseline of 0."
    size = f"{fixed(abs(lead.diff_pct), 1)} %"
    way = {None: "different from", True: "slower than", False: "faster than"}[lead.worse]
    if lead.p_value is None:
        return (
            f"{size} {way} the baseline ({lead.label}; one baseline run: no significance without repetitions)"
        )
    if not lead.significant:
        return f"No significant change ({lead.label} {lead.diff_pct:+.1f} %, {_p(lead.p_value)})"
    return f"{size} {way} the baseline ({lead.label}, significant: {_p(lead.p_value)})"


def _p(p_value: float) -> str:
    return "p < 0.001" if p_value < 0.001 else f"p = {p_value:.2g}"


def run_against_baseline(db: Session, team_id: int, run_id: int) -> RunAgainstBaseline:
    run = db.scalar(readable(Run, team_id).where(Run.id == run_id))
    if run is None:
        raise not_found("run", run_id)
    row = db.scalar(
        select(Baseline).where(
            Baseline.experiment_id == run.experiment_id, Baseline.params_key == point_key(run.params)
        )
    )
    if row is None:
        return RunAgainstBaseline(
            baseline=None,
            compared_run_ids=[],
            in_baseline=False,
            headline="No baseline for this point.",
            metrics=[],
        )
    [baseline] = _out(db, [row])
    if run.id in row.run_ids:
        return RunAgainstBaseline(
            baseline=baseline,
            compared_run_ids=[],
            in_baseline=True,
            headline="This run is part of its point's baseline.",
            metrics=[],
        )
    if run.state != RunState.succeeded:
        return RunAgainstBaseline(
            baseline=baseline,
            compared_run_ids=[],
            in_baseline=False,
            headline=f"Not compared: the run ended {run.state.value}, not a complete measurement.",
            metrics=[],
        )
    # The run with its repetitions of the same point in its launch: one comparison for the point.
    compared = list(
        db.scalars(
            select(Run)
            .where(
                Run.launch_id == run.launch_id,
                Run.point_index == run.point_index,
                Run.state == RunState.succeeded,
                Run.id.not_in(row.run_ids),
            )
            .order_by(Run.id)
        )
    )
    base_runs = list(db.scalars(select(Run).where(Run.id.in_(row.run_ids))))
    metrics = []
    for key in COMPARED_METRICS:
        base_values, values = _metric_values(base_runs, key), _metric_values(compared, key)
        if base_values and values:
            metrics.append(_compared(key, base_values, values))
    lead = _lead(metrics, open_loop=(run.spec.get("load") or {}).get("rate") is not None)
    return RunAgainstBaseline(
        baseline=baseline,
        compared_run_ids=[r.id for r in compared],
        in_baseline=False,
        headline=_headline(lead),
        lead_metric=lead.key if lead else None,
        metrics=metrics,
    )
