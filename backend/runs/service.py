"""Runs of a team: list, detail, cancel, re-run. Every query is scoped to the caller's team."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from backend.errors import conflict, not_found
from backend.models import Experiment, ExperimentVersion, Lab, Run
from backend.queue import after_commit
from backend.runs.launches import NewRun, queue_launch
from backend.runs.schemas import RunCancelled, RunDetail, RunLaunched, RunOrder, RunPage, RunSlim
from backend.runs.transitions import request_cancel
from spec.run_state import RunState

DEFAULT_PAGE = 50
MAX_PAGE = 500

# The list's columns: the big ones (spec, rendered_config, environment, summary) stay on disk.
_SLIM_COLUMNS = (
    Run.id,
    Run.experiment_id,
    Experiment.name.label("experiment_name"),
    ExperimentVersion.version.label("experiment_version"),
    Run.launch_id,
    Run.lab_id,
    Run.rerun_of_id,
    Run.point_index,
    Run.repetition,
    Run.params,
    Run.state,
    Run.created_at,
    Run.state_changed_at,
    Run.started_at,
    Run.finished_at,
    Run.cancel_requested_at,
)


def get_run(db: Session, team_id: int, run_id: int) -> Run:
    """The team's run, or 404 (another team's run does not exist for the caller)."""
    run = db.scalar(select(Run).where(Run.id == run_id, Run.team_id == team_id))
    if run is None:
        raise not_found("run", run_id)
    return run


def list_runs(
    db: Session,
    team_id: int,
    *,
    experiment_id: int | None = None,
    launch_id: int | None = None,
    lab_id: int | None = None,
    states: list[RunState] | None = None,
    tag: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    limit: int = DEFAULT_PAGE,
    offset: int = 0,
    order: RunOrder = "newest",
) -> RunPage:
    # Every filter is a column of run (or of the experiment, for tags), so the queries walk one
    # of run's (team|experiment|launch|lab, id) indexes; the page is sorted by id, which follows
    # creation, so ORDER BY id LIMIT stops early instead of sorting the whole team.
    where: list[Any] = [Run.team_id == team_id]
    if experiment_id is not None:
        where.append(Run.experiment_id == experiment_id)
    if launch_id is not None:
        where.append(Run.launch_id == launch_id)
    if lab_id is not None:
        where.append(Run.lab_id == lab_id)
    if states:
        where.append(Run.state.in_(states))
    if tag is not None:
        where.append(Run.experiment_id.in_(select(Experiment.id).where(Experiment.tags.contains([tag]))))
    if since is not None:
        where.append(Run.created_at >= since)
    if until is not None:
        where.append(Run.created_at < until)

    total = db.scalar(select(func.count()).select_from(Run).where(*where)) or 0
    page: Select[Any] = (
        select(*_SLIM_COLUMNS)
        .join(Experiment, Experiment.id == Run.experiment_id)
        .join(ExperimentVersion, ExperimentVersion.id == Run.experiment_version_id)
        .where(*where)
        .order_by(Run.id.desc() if order == "newest" else Run.id.asc())
        .limit(limit)
        .offset(offset)
    )
    items = [RunSlim.model_validate(row._mapping) for row in db.execute(page)]
    return RunPage(items=items, total=total, limit=limit, offset=offset)


def run_detail(db: Session, team_id: int, run_id: int) -> RunDetail:
    row = db.execute(
        select(Run, Experiment.name, ExperimentVersion.version, Lab.name)
        .join(Experiment, Experiment.id == Run.experiment_id)
        .join(ExperimentVersion, ExperimentVersion.id == Run.experiment_version_id)
        .outerjoin(Lab, Lab.id == Run.lab_id)  # the lab may have been deleted since
        .where(Run.id == run_id, Run.team_id == team_id)
    ).one_or_none()
    if row is None:
        raise not_found("run", run_id)
    run, experiment_name, version, lab_name = row
    return RunDetail.model_validate(
        {
            **{c.key: getattr(run, c.key) for c in Run.__mapper__.column_attrs},
            "experiment_name": experiment_name,
            "experiment_version": version,
            "lab_name": lab_name,
        }
    )


def cancel_run(db: Session, team_id: int, run_id: int) -> RunCancelled:
    """Cancel a queued run at once, or ask the worker to stop an active one; 409 if finished."""
    run = get_run(db, team_id, run_id)
    new_state = request_cancel(db, run.id)
    db.refresh(run)
    if new_state is None:
        raise conflict(f"run {run.id} is already finished ({run.state.value}); there is nothing to cancel")
    if new_state == RunState.cancelled and run.lab_id is not None:
        # The run may have been next in line: let the dispatcher move on to the one after it.
        after_commit(db, {run.lab_id})
    return RunCancelled(id=run.id, state=run.state, cancel_requested_at=run.cancel_requested_at)


def rerun(db: Session, team_id: int, run_id: int, created_by_id: int | None) -> RunLaunched:
    """Queue the same run again (same experiment version, params and resolved spec) on its lab."""
    original = get_run(db, team_id, run_id)
    if original.lab_id is None:
        raise conflict(f"run {run_id}'s lab was deleted; launch its experiment on another lab instead")
    return queue_launch(
        db,
        team_id=team_id,
        experiment_id=original.experiment_id,
        experiment_version_id=original.experiment_version_id,
        lab_id=original.lab_id,
        created_by_id=created_by_id,
        runs=[
            NewRun(
                point_index=original.point_index,
                repetition=original.repetition,
                params=original.params,
                spec=original.spec,
                rerun_of_id=original.id,
                config_warnings=original.config_warnings,
            )
        ],
    )
