"""Runs of a team: list, detail, cancel, re-run. Every query is scoped to the caller's team."""

from __future__ import annotations

from datetime import datetime
from typing import Any, get_args

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from backend.errors import conflict, not_found
from backend.models import Experiment, ExperimentVersion, Lab, Launch, Note, Run, Schedule
from backend.queue import after_commit
from backend.runs.launches import NewRun, queue_launch
from backend.runs.queue_estimate import lab_overhead_s, queue_estimate
from backend.runs.schemas import (
    LaunchDetail,
    RunCancelled,
    RunDetail,
    RunFigureKey,
    RunFigures,
    RunLaunched,
    RunPage,
    RunSlim,
    RunSortKey,
    SortDirection,
    ThresholdFilter,
)
from backend.runs.search import runs_matching
from backend.runs.transitions import request_cancel
from backend.runs.verdict import JudgedRun, judge_points, outcome
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
    Run.bound,
    Run.thresholds_passed,
    # How many notes the team wrote on the run (History's marker); note.run_id is indexed.
    select(func.count(Note.id))
    .where(Note.run_id == Run.id)
    .correlate(Run)
    .scalar_subquery()
    .label("note_count"),
    *(getattr(Run, key) for key in get_args(RunFigureKey)),
)

# What the list sorts by: created is the id (it follows creation); the others have an index per
# direction with NULLs last (migration 0004), so a sorted page stops early like the newest one.
_SORT_COLUMNS: dict[RunSortKey, Any] = {
    "created": Run.id,
    "finished": Run.finished_at,
    **{key: getattr(Run, key) for key in get_args(RunFigureKey)},
}


def _ordering(sort: RunSortKey, direction: SortDirection) -> tuple[Any, ...]:
    """ORDER BY for the list: runs without the value (no summary yet) last either way, ties by id."""
    if sort == "created":
        return (Run.id.desc() if direction == "desc" else Run.id.asc(),)
    column = _SORT_COLUMNS[sort]
    if direction == "desc":
        return (column.desc().nulls_last(), Run.id.desc())
    return (column.asc().nulls_last(), Run.id.asc())


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
    q: str | None = None,
    thresholds: ThresholdFilter | None = None,
    limit: int = DEFAULT_PAGE,
    offset: int = 0,
    sort: RunSortKey = "created",
    direction: SortDirection = "desc",
) -> RunPage:
    # Every filter is a column of run (or of the experiment, for tags and text), so the queries
    # walk one of run's indexes in the order asked (see _ordering) and LIMIT stops early instead of
    # sorting the whole team.
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
    if q:
        where.append(runs_matching(team_id, q))
    if thresholds == "judged":
        where.append(Run.thresholds_passed.is_not(None))
    elif thresholds is not None:
        where.append(Run.thresholds_passed.is_(thresholds == "passed"))

    total = db.scalar(select(func.count()).select_from(Run).where(*where)) or 0
    page: Select[Any] = (
        select(*_SLIM_COLUMNS)
        .join(Experiment, Experiment.id == Run.experiment_id)
        .join(ExperimentVersion, ExperimentVersion.id == Run.experiment_version_id)
        .where(*where)
        .order_by(*_ordering(sort, direction))
        .limit(limit)
        .offset(offset)
    )
    items = [RunSlim.model_validate({**row._mapping, "figures": row._mapping}) for row in db.execute(page)]
    return RunPage(items=items, total=total, limit=limit, offset=offset)


def run_detail(db: Session, team_id: int, run_id: int) -> RunDetail:
    row = db.execute(
        select(Run, Experiment.name, ExperimentVersion.version, Lab.name, Schedule.id, Schedule.name)
        .join(Experiment, Experiment.id == Run.experiment_id)
        .join(ExperimentVersion, ExperimentVersion.id == Run.experiment_version_id)
        .outerjoin(Lab, Lab.id == Run.lab_id)  # the lab may have been deleted since
        .outerjoin(Launch, Launch.id == Run.launch_id)
        .outerjoin(Schedule, Schedule.id == Launch.schedule_id)
        .where(Run.id == run_id, Run.team_id == team_id)
    ).one_or_none()
    if row is None:
        raise not_found("run", run_id)
    run, experiment_name, version, lab_name, schedule_id, schedule_name = row
    # For estimates of what is still to come (this run's start, its sweep's end); one indexed query.
    overhead = lab_overhead_s(db, run.lab_id) if run.lab_id is not None else None
    return RunDetail.model_validate(
        {
            **{c.key: getattr(run, c.key) for c in Run.__mapper__.column_attrs},
            "figures": RunFigures.model_validate(run),
            "experiment_name": experiment_name,
            "experiment_version": version,
            "lab_name": lab_name,
            "schedule": {"id": schedule_id, "name": schedule_name} if schedule_id is not None else None,
            "queue": queue_estimate(db, run, overhead) if overhead is not None else None,
            "note_count": db.scalar(select(func.count(Note.id)).where(Note.run_id == run.id)) or 0,
            "overhead_s": round(overhead, 2) if overhead is not None else None,
        }
    )


def launch_detail(db: Session, team_id: int, launch_id: int) -> LaunchDetail:
    """The team's launch with its verdict, judged from its runs as they are now."""
    row = db.execute(
        select(Launch, Experiment.name, ExperimentVersion.version)
        .join(Experiment, Experiment.id == Launch.experiment_id)
        .join(ExperimentVersion, ExperimentVersion.id == Launch.experiment_version_id)
        .where(Launch.id == launch_id, Launch.team_id == team_id)
    ).one_or_none()
    if row is None:
        raise not_found("launch", launch_id)
    launch, experiment_name, version = row
    runs = [
        JudgedRun(
            id=run.id,
            point_index=run.point_index,
            params=run.params,
            spec=run.spec,
            state=run.state,
            summary=run.summary,
            thresholds=run.thresholds,
        )
        for run in db.scalars(select(Run).where(Run.launch_id == launch.id).order_by(Run.id))
    ]
    points = judge_points(runs)
    states: dict[RunState, int] = {}
    for run in runs:
        states[run.state] = states.get(run.state, 0) + 1
    return LaunchDetail(
        id=launch.id,
        experiment_id=launch.experiment_id,
        experiment_name=experiment_name,
        experiment_version=version,
        lab_id=launch.lab_id,
        created_at=launch.created_at,
        overrides=launch.overrides,
        total_runs=launch.total_runs,
        run_states=states,
        outcome=outcome(runs, points),
        runs_judged=sum(1 for run in runs if run.thresholds is not None),
        runs_failing_thresholds=sum(
            1 for run in runs if run.thresholds is not None and not run.thresholds.passed
        ),
        point_thresholds=points,
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
