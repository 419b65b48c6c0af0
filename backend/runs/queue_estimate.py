"""When a queued run should start: its place in its lab's queue and the time the runs ahead take.

A lab runs its runs one at a time, queued ones in id order (worker/dispatch.py). A queued run
waits for the lab's active run to end and for every queued run with a smaller id on the same lab.
Each run is estimated as warm-up + duration + the lab's orchestration overhead: the median of
(finished_at - started_at) - warm-up - duration over the lab's last succeeded runs, or
DEFAULT_OVERHEAD_S when it has none yet. The database's clock is "now", the clock that wrote
started_at.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import Float, ScalarSelect, func, select
from sqlalchemy.orm import QueryableAttribute, Session, aliased
from sqlalchemy.orm.util import AliasedClass
from sqlalchemy.sql.elements import ColumnElement

from backend.models import Run
from backend.runs.schemas import RunQueue
from contract.run_state import ACTIVE_STATES, RunState

# Orchestration per run beyond warm-up + duration on a lab with no history: prepare, start lead,
# collect, teardown. docs/benchmarks.md measures a median of 1.2 s (2.1 s on a loaded machine); 3 s
# leaves room for slower labs. The designer's estimate reads this figure from the OpenAPI document
# (DefaultRunOverheadSeconds, backend/api/constants.py).
DEFAULT_OVERHEAD_S = 3.0
# How many of the lab's latest succeeded runs the overhead is the median of.
OVERHEAD_SAMPLE_RUNS = 20


def _load_seconds(run: type[Run] | AliasedClass[Run] = Run) -> ColumnElement[float]:
    """warmup_s + duration_s of a run's resolved spec, in SQL."""
    load = run.spec["load"]
    return func.coalesce(load["warmup_s"].as_float(), 0.0) + func.coalesce(load["duration_s"].as_float(), 0.0)


def lab_overhead(lab_id: QueryableAttribute[int | None]) -> ScalarSelect[float]:
    """Median orchestration seconds per run on the outer query's run's lab: a scalar subquery, so
    a run's page reads it in the same query as the run. Correlated explicitly: the runs it reads
    sit in a derived table, which SQLAlchemy would otherwise give a FROM `run` of its own (a cross
    join with every run, so every page showed one median over every lab's latest runs)."""
    latest_run = aliased(Run)
    wall = func.extract("epoch", latest_run.finished_at - latest_run.started_at).cast(Float)
    latest = (
        select(func.greatest(0.0, wall - _load_seconds(latest_run)).label("overhead"))
        .where(
            latest_run.lab_id == lab_id,
            latest_run.state == RunState.succeeded,
            latest_run.started_at.is_not(None),
            latest_run.finished_at.is_not(None),
        )
        .order_by(latest_run.id.desc())
        .limit(OVERHEAD_SAMPLE_RUNS)
        .correlate(Run)
        .subquery()
    )
    median = func.percentile_cont(0.5).within_group(latest.c.overhead)
    return select(func.coalesce(median, DEFAULT_OVERHEAD_S)).scalar_subquery()


def queue_estimate(db: Session, run_id: int, lab_id: int | None, overhead: float) -> RunQueue | None:
    """Where a queued run stands on its lab and when it should start; None without a lab."""
    if lab_id is None:
        return None
    now: datetime = db.execute(select(func.now())).scalar_one()
    ahead_count, ahead_load_s = db.execute(
        select(func.count(), func.coalesce(func.sum(_load_seconds()), 0.0)).where(
            Run.lab_id == lab_id, Run.state == RunState.queued, Run.id < run_id
        )
    ).one()
    active = db.execute(
        select(Run.id, Run.started_at, _load_seconds())
        .where(Run.lab_id == lab_id, Run.state.in_(ACTIVE_STATES))
        .order_by(Run.id)
    ).all()
    # What the active run still needs: its whole estimate less what it has already spent.
    active_left_s = sum(
        max(0.0, float(load_s) + overhead - ((now - started).total_seconds() if started else 0.0))
        for _, started, load_s in active
    )
    wait_s = active_left_s + float(ahead_load_s) + ahead_count * overhead
    return RunQueue(
        position=ahead_count + 1,
        runs_ahead=ahead_count + len(active),
        active_run_id=active[0].id if active else None,
        expected_start_at=now + timedelta(seconds=wait_s),
    )
