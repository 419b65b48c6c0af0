"""Detecting a point's changes after each of its runs, and the team's list of them.

After a run succeeds (worker: `haplab.changes.detect`), the series of its point (the
experiment's succeeded runs with the same swept values, oldest first, the newest SERIES_LIMIT)
is searched again for each detected figure. The point's open changes are replaced by what the
search finds now (a later run may show an earlier "change" was a wild run); accepted ones stay.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from backend.errors import not_found
from backend.models import ChangePoint, Experiment, ExperimentVersion, Run, User
from backend.runs.changes.detection import Settings, find_changes
from backend.runs.changes.differences import what_differs
from backend.runs.changes.schemas import ChangeOut, ChangePage
from backend.runs.point_key import point_key
from backend.teams.scoping import owned_by, readable
from backend.webhooks import notify
from contract.metrics import BY_KEY, run_metrics
from contract.run_state import RunState

DETECTED_METRICS = ("rps", "latency_p50_ms", "latency_p99_ms")
SERIES_LIMIT = 200
ChangeStatus = Literal["open", "accepted"]


def _series(db: Session, run: Run) -> list[Run]:
    newest = (
        select(Run)
        .where(
            Run.experiment_id == run.experiment_id,
            Run.params == run.params,
            Run.state == RunState.succeeded,
        )
        .order_by(Run.id.desc())
        .limit(SERIES_LIMIT)
    )
    return list(reversed(db.scalars(newest).all()))


def detect_for_run(db: Session, run_id: int, settings: Settings = Settings()) -> list[ChangePoint]:
    """Search the run's point again; returns its open and accepted changes afterwards."""
    run = db.get(Run, run_id)
    if run is None or run.state != RunState.succeeded:
        return []
    key = point_key(run.params)
    series = _series(db, run)
    version_ids = {r.experiment_version_id for r in series}
    versions = dict(
        db.execute(
            select(ExperimentVersion.id, ExperimentVersion.version).where(
                ExperimentVersion.id.in_(version_ids)
            )
        ).all()
    )
    existing = {
        (c.metric, c.run_id): c
        for c in db.scalars(
            select(ChangePoint).where(
                ChangePoint.experiment_id == run.experiment_id, ChangePoint.params_key == key
            )
        )
    }
    found: set[tuple[str, int]] = set()
    new: list[ChangePoint] = []
    for metric in DETECTED_METRICS:
        runs = [r for r in series if run_metrics(r.summary).get(metric) is not None]
        values = [float(run_metrics(r.summary)[metric] or 0.0) for r in runs]
        better = BY_KEY[metric].better
        for change in find_changes(values, settings):
            after, before = runs[change.index], runs[change.index - 1]
            found.add((metric, after.id))
            row = existing.get((metric, after.id))
            if row is None:
                row = ChangePoint(
                    team_id=run.team_id,
                    experiment_id=run.experiment_id,
                    params=run.params,
                    params_key=key,
                    metric=metric,
                    run_id=after.id,
                    status="open",
                )
                db.add(row)
                existing[(metric, after.id)] = row
                new.append(row)
            row.before_run_id = before.id
            row.before_mean = change.before_mean
            row.after_mean = change.after_mean
            row.before_n = change.before_n
            row.after_n = change.after_n
            row.change_pct = change.change_pct
            row.p_value = change.p_value
            row.worse = None if better is None else (change.change_pct < 0) == (better == "higher")
            row.differences = what_differs(before, after, versions)
    gone = [c.id for k, c in existing.items() if k not in found and c.status == "open" and c.id is not None]
    if gone:
        db.execute(delete(ChangePoint).where(ChangePoint.id.in_(gone)))
    db.flush()
    if new:
        experiment = db.scalar(select(Experiment.name).where(Experiment.id == run.experiment_id)) or ""
        for row in new:
            notify.change_detected(db, row, experiment)
    return [c for k, c in existing.items() if k in found or c.status != "open"]


def list_changes(
    db: Session,
    team_id: int,
    status: ChangeStatus | None = None,
    experiment_id: int | None = None,
    run_id: int | None = None,
    limit: int = 100,
) -> ChangePage:
    where = [owned_by(ChangePoint, team_id)]
    if status is not None:
        where.append(ChangePoint.status == status)
    if experiment_id is not None:
        where.append(ChangePoint.experiment_id == experiment_id)
    if run_id is not None:
        where.append(ChangePoint.run_id == run_id)
    rows = db.execute(
        select(ChangePoint, Experiment.name, User.email)
        .join(Experiment, Experiment.id == ChangePoint.experiment_id)
        .outerjoin(User, User.id == ChangePoint.status_by_id)
        .where(*where)
        .order_by(ChangePoint.run_id.desc(), ChangePoint.metric)
        .limit(limit)
    ).all()
    total = db.scalar(select(func.count()).select_from(ChangePoint).where(*where)) or 0
    return ChangePage(items=[_out(change, name, email) for change, name, email in rows], total=total)


def _out(change: ChangePoint, experiment_name: str, status_by: str | None) -> ChangeOut:
    metric = BY_KEY[change.metric]
    return ChangeOut.model_validate(
        {
            **{c.key: getattr(change, c.key) for c in ChangePoint.__mapper__.column_attrs},
            "experiment_name": experiment_name,
            "metric_label": metric.label,
            "metric_unit": metric.unit,
            "status_by_email": status_by,
        }
    )


def set_status(db: Session, team_id: int, user_id: int, change_id: int, status: ChangeStatus) -> ChangeOut:
    change = db.scalar(readable(ChangePoint, team_id).where(ChangePoint.id == change_id))
    if change is None:
        raise not_found("change", change_id)
    change.status = status
    change.status_by_id = user_id
    change.status_at = datetime.now(UTC)
    db.flush()
    name = db.scalar(select(Experiment.name).where(Experiment.id == change.experiment_id)) or ""
    email = db.scalar(select(User.email).where(User.id == user_id))
    return _out(change, name, email)
