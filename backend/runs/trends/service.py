"""One metric over each experiment's recent runs, in one query.

A trend compares like with like: only succeeded runs (a partial or failed run's figures measure
something else), and only those at the sweep point of the experiment's latest one (its params),
so a sweep's maxconn 10 and maxconn 100 are not drawn as one line. Each experiment's runs are read
by two LATERAL subqueries walking run's (experiment_id, id) index from the newest, stopping at
the limit; the work is bounded by experiments x runs asked, not by the history's size.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select, true
from sqlalchemy.orm import Session

from backend.models import Experiment, Run
from backend.runs.schemas import RunFigureKey
from backend.runs.trends.schemas import ExperimentTrend, TrendPoint, Trends
from backend.teams.scoping import owned_by, readable
from contract.run_state import RunState

DEFAULT_RUNS = 12
MAX_RUNS = 50
DEFAULT_EXPERIMENTS = 10
MAX_EXPERIMENTS = 20


def _recent_experiments(db: Session, team_id: int, limit: int) -> list[int]:
    # max(id) of each experiment is one probe of its (experiment_id, id) index, not a team scan.
    latest = select(func.max(Run.id)).where(Run.experiment_id == Experiment.id).scalar_subquery()
    rows = db.execute(
        readable(Experiment, team_id, Experiment.id)
        .where(latest.is_not(None))
        .order_by(latest.desc())
        .limit(limit)
    )
    return list(rows.scalars())


def trends(
    db: Session,
    team_id: int,
    metric: RunFigureKey,
    experiment_ids: list[int] | None = None,
    runs: int = DEFAULT_RUNS,
) -> Trends:
    """`metric` over the last `runs` succeeded runs of each experiment (the team's most recently
    run ones unless named; another team's experiment is simply absent)."""
    ids = experiment_ids or _recent_experiments(db, team_id, DEFAULT_EXPERIMENTS)
    value = getattr(Run, metric)
    counted: list[Any] = [owned_by(Run, team_id), Run.state == RunState.succeeded, value.is_not(None)]
    experiment = (
        readable(Experiment, team_id, Experiment.id, Experiment.name)
        .where(Experiment.id.in_(ids))
        .subquery("experiment")
    )
    point = (
        select(Run.params)
        .where(Run.experiment_id == experiment.c.id, *counted)
        .order_by(Run.id.desc())
        .limit(1)
        .lateral("point")
    )
    recent = (
        select(Run.id, Run.created_at, value.label("value"))
        .where(Run.experiment_id == experiment.c.id, Run.params == point.c.params, *counted)
        .order_by(Run.id.desc())
        .limit(runs)
        .lateral("recent")
    )
    rows = db.execute(
        select(
            experiment.c.id,
            experiment.c.name,
            point.c.params,
            recent.c.id.label("run_id"),
            recent.c.created_at,
            recent.c.value,
        )
        .select_from(experiment.join(point, true()).join(recent, true()))
        .order_by(experiment.c.id, recent.c.id)
    )
    by_experiment: dict[int, ExperimentTrend] = {}
    for row in rows:
        trend = by_experiment.setdefault(
            row.id,
            ExperimentTrend(experiment_id=row.id, experiment_name=row.name, params=row.params, points=[]),
        )
        trend.points.append(TrendPoint(run_id=row.run_id, created_at=row.created_at, value=row.value))
    items = sorted(by_experiment.values(), key=lambda t: t.points[-1].run_id, reverse=True)
    return Trends(metric=metric, runs=runs, items=items)
