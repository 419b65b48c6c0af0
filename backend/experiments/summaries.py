"""Read models of experiments: owner, run counts and last run state, loaded for a whole page
in three queries (not three per experiment)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import BigInteger, Select, column, func, select, true, values
from sqlalchemy.orm import Session

from backend.experiments.schemas import ExperimentDetail, ExperimentSummary, Owner, RunCounts
from backend.models import Experiment, Run, User
from contract.experiment import ExperimentSpec
from contract.run_state import RunState


def summarize(db: Session, experiments: Sequence[Experiment]) -> list[ExperimentSummary]:
    ids = [e.id for e in experiments]
    owners = _owners(db, {e.owner_id for e in experiments if e.owner_id is not None})
    counts = _run_counts(db, ids)
    last_states = _last_run_states(db, ids)
    return [
        ExperimentSummary(
            id=e.id,
            name=e.name,
            description=e.description,
            tags=list(e.tags),
            owner=owners.get(e.owner_id) if e.owner_id is not None else None,
            latest_version=e.latest_version,
            created_at=e.created_at,
            updated_at=e.updated_at,
            run_counts=counts.get(e.id, RunCounts()),
            last_run_state=last_states.get(e.id),
        )
        for e in experiments
    ]


def detail(db: Session, experiment: Experiment, spec: ExperimentSpec) -> ExperimentDetail:
    (summary,) = summarize(db, [experiment])
    return ExperimentDetail(**summary.model_dump(), spec=spec)


def _owners(db: Session, user_ids: set[int]) -> dict[int, Owner]:
    if not user_ids:
        return {}
    users = db.scalars(select(User).where(User.id.in_(user_ids)))
    return {u.id: Owner(id=u.id, name=u.name, email=u.email) for u in users}


def run_counts_query(experiment_ids: list[int]) -> Select[int, RunState, int]:
    # Every run of each experiment is counted, from ix_run_experiment alone (it carries the state,
    # migration 0015): an index-only scan, not a read of each run's row.
    return (
        select(Run.experiment_id, Run.state, func.count())
        .where(Run.experiment_id.in_(experiment_ids))
        .group_by(Run.experiment_id, Run.state)
    )


def _run_counts(db: Session, experiment_ids: list[int]) -> dict[int, RunCounts]:
    if not experiment_ids:
        return {}
    rows = db.execute(run_counts_query(experiment_ids))
    out: dict[int, RunCounts] = {}
    for experiment_id, state, count in rows:
        counts = out.setdefault(experiment_id, RunCounts())
        counts.total += count
        state = RunState(state)
        if state.is_active:
            counts.active += count
        else:
            setattr(counts, state.value, getattr(counts, state.value) + count)
    return out


def last_run_states_query(experiment_ids: list[int]) -> Select[int, RunState]:
    # Each experiment's newest run: one entry read from the end of its range of ix_run_experiment
    # (which carries the state). DISTINCT ON read every run of the experiments to keep the first
    # of each: a million index entries for five experiments holding a million runs.
    listed = values(column("id", BigInteger), name="listed").data([(i,) for i in experiment_ids])
    newest = (
        select(Run.state)
        .where(Run.experiment_id == listed.c.id)
        .order_by(Run.id.desc())
        .limit(1)
        .lateral("newest")
    )
    return select(listed.c.id, newest.c.state).select_from(listed.join(newest, true()))


def _last_run_states(db: Session, experiment_ids: list[int]) -> dict[int, RunState]:
    if not experiment_ids:
        return {}
    rows = db.execute(last_run_states_query(experiment_ids))
    return {experiment_id: RunState(state) for experiment_id, state in rows}
