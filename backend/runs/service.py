"""Runs of a team: list, detail, cancel, re-run. Every query is scoped to the caller's team."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any, get_args

from sqlalchemy import (
    ColumnElement,
    Select,
    Text,
    bindparam,
    case,
    cast,
    func,
    literal_column,
    select,
    type_coerce,
    union_all,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Session

from backend.api.storable import BIGINT_MAX
from backend.errors import conflict, invalid, not_found
from backend.models import Experiment, ExperimentVersion, Lab, Launch, Note, Run, Schedule
from backend.queue import after_commit
from backend.runs.capacity.service import launch_capacity
from backend.runs.launch_outcome import JudgedRun, judge_points, outcome
from backend.runs.paging import TOTAL_CAP, Cursor, after
from backend.runs.queue_estimate import lab_overhead, queue_estimate
from backend.runs.queued_runs import NewRun, queue_launch
from backend.runs.resolved_specs import resolved_spec
from backend.runs.run_outcome import rule_counts, run_outcome
from backend.runs.schemas import (
    LaunchDetail,
    RunCancelled,
    RunDetail,
    RunFigureKey,
    RunLaunched,
    RunPage,
    RunSortKey,
    SortDirection,
    ThresholdFilter,
)
from backend.runs.search import runs_matching
from backend.runs.transitions import request_cancel
from backend.teams.scoping import owned_by, readable
from contract.run_state import RunState

DEFAULT_PAGE = 50
MAX_PAGE = 500

_THRESHOLDS = type_coerce(Run.thresholds, JSONB)
# A rule the run measured too little to judge (judged false) neither held nor failed; reports
# written before `judged` existed judged every rule.
_JUDGED_RULES: ColumnElement[Any] = literal_column(
    "'$.results[*] ? (!exists(@.judged) || @.judged == true)'::jsonpath"
)
_FAILED_RULES: ColumnElement[Any] = literal_column(
    "'$.results[*] ? (@.passed == false && (!exists(@.judged) || @.judged == true))'::jsonpath"
)

# The list's columns: the big ones (spec, rendered_config, environment, summary) stay on disk.
_SLIM_COLUMNS = (
    Run.id,
    Run.experiment_id,
    Experiment.name.label("experiment_name"),
    ExperimentVersion.version.label("experiment_version"),
    Run.launch_id,
    Run.lab_id,
    Run.rerun_of_id,
    Run.search_id,
    Run.probe_value,
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
    # The run's rules, judged and failed (its outcome), read from the small thresholds report.
    func.coalesce(
        func.jsonb_array_length(func.jsonb_path_query_array(_THRESHOLDS, _JUDGED_RULES)),
        0,
    ).label("rules_judged"),
    func.coalesce(
        func.jsonb_array_length(func.jsonb_path_query_array(_THRESHOLDS, _FAILED_RULES)),
        0,
    ).label("rules_failed"),
    # How many notes the team wrote on the run (History's marker); note.run_id is indexed.
    select(func.count(Note.id))
    .where(Note.run_id == Run.id)
    .correlate(Run)
    .scalar_subquery()
    .label("note_count"),
    *(getattr(Run, key) for key in get_args(RunFigureKey)),
)

# What the list sorts by: created is the creation time, ties by id, through (team_id, created_at,
# id) read either way (migration 0013), where the date filters are a range too; the others have an
# index per direction with NULLs last (migration 0004). Within a state filter: (team_id, state,
# created_at, id) (0013) and (team_id, state, <sort>, id) per direction (0014). Each page stops
# early like the newest one.
_SORT_COLUMNS: dict[RunSortKey, Any] = {
    "created": Run.created_at,
    "finished": Run.finished_at,
    **{key: getattr(Run, key) for key in get_args(RunFigureKey)},
}


def _ordering(
    sort: RunSortKey, direction: SortDirection, value: Any = None, run_id: Any = Run.id
) -> tuple[Any, ...]:
    """ORDER BY for the list: runs without the value (no summary yet) last either way, ties by id.
    Of run's own columns unless `value` and `run_id` name a subquery's."""
    column = _SORT_COLUMNS[sort] if value is None else value
    if sort == "created":  # never NULL: PostgreSQL's own NULL placement, so one index serves both ways
        return (column.desc(), run_id.desc()) if direction == "desc" else (column.asc(), run_id.asc())
    if direction == "desc":
        return (column.desc().nulls_last(), run_id.desc())
    return (column.asc().nulls_last(), run_id.asc())


def _page_keys(
    where: list[Any],
    states: list[RunState],
    sort: RunSortKey,
    direction: SortDirection,
    limit: int,
    offset: int,
    cursor: Cursor | None,
) -> Any:
    """The ids of the page and one more run (to know whether a next page exists), from run alone.

    Only these few rows are then joined to their experiment and version and have their notes
    counted: with the joins and the count in the same SELECT as OFFSET, PostgreSQL computed them
    for every run it skipped (a million at the last page).

    The page is read from ranges of indexes that each return their runs in the list's order, and
    stops after the page: the whole list or, after a cursor, the rest of the runs with a value then
    those without (paging.after); and, under a state filter, each state's own range of a
    (team_id, state, <sort>, id) index (migrations 0013, 0014). Several ranges are merged in
    order (a Merge Append that reads each only as far as the page needs)."""
    column = _SORT_COLUMNS[sort]
    columns = (Run.id, column.label("sort_key"))  # both in the sort's index: no heap read to skip one
    ordering = _ordering(sort, direction)
    ranges: list[list[Any]] = [[]]
    if cursor is not None:
        with_value, without_value = after(cursor, column)
        ranges = [[with_value]] if without_value is None else [[with_value], [without_value]]
    # One range per state: `state IN (a, b)` would be one scan of both ranges, unordered
    # (PostgreSQL 15 keeps an index's order only under equalities on the columns before the
    # sort's), so the page would sort every run of those states, or walk the sort's
    # (team_id, <sort>, id) index and test each run's state, through a million runs when those
    # states have no value to sort by (failed runs by p99).
    by_state: list[list[Any]] = [[Run.state == state] for state in dict.fromkeys(states)] or [[]]
    parts = [
        select(*columns).where(*where, *in_state, *in_range).order_by(*ordering)
        for in_state in by_state
        for in_range in ranges
    ]
    if len(parts) == 1:
        return parts[0].limit(limit + 1).offset(offset).subquery("page")
    # Each part stops where the page would end if it held all of it.
    enough = min(offset + limit + 1, BIGINT_MAX)
    merged = union_all(*(part.limit(enough) for part in parts)).subquery("merged")
    ordered = select(merged).order_by(*_ordering(sort, direction, merged.c.sort_key, merged.c.id))
    return ordered.limit(limit + 1).offset(offset).subquery("page")


def get_run(db: Session, team_id: int, run_id: int) -> Run:
    """The team's run, or 404 (another team's run does not exist for the caller)."""
    run = db.scalar(readable(Run, team_id).where(Run.id == run_id))
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
    cursor: str | None = None,
    sort: RunSortKey = "created",
    direction: SortDirection = "desc",
) -> RunPage:
    # Every filter is a column of run (or of the experiment, for tags and text), so the queries
    # walk one of run's indexes in the order asked (see _ordering) and LIMIT stops early instead of
    # sorting the whole team.
    where: list[Any] = [owned_by(Run, team_id)]
    if experiment_id is not None:
        where.append(Run.experiment_id == experiment_id)
    if launch_id is not None:
        where.append(Run.launch_id == launch_id)
    if lab_id is not None:
        where.append(Run.lab_id == lab_id)
    if tag is not None:
        where.append(Run.experiment_id.in_(select(Experiment.id).where(Experiment.tags.contains([tag]))))
    if since is not None:
        where.append(Run.created_at >= since)
    if until is not None:
        where.append(Run.created_at < until)
    if q:
        where.append(runs_matching(db, team_id, q))
    if thresholds == "judged":
        where.append(Run.thresholds_passed.is_not(None))
    elif thresholds is not None:
        where.append(Run.thresholds_passed.is_(thresholds == "passed"))

    if cursor is not None and offset:
        raise invalid("cursor", "give either offset or cursor, not both")
    after_run = Cursor.decode(cursor, sort, direction) if cursor is not None else None

    # Counted exactly up to TOTAL_CAP; past it the answer is "more than" (paging.py).
    in_states = [Run.state.in_(states)] if states else []
    counted = select(Run.id).where(*where, *in_states).limit(TOTAL_CAP + 1).subquery()
    total = db.scalar(select(func.count()).select_from(counted)) or 0
    keys = _page_keys(where, states or [], sort, direction, limit, offset, after_run)
    # The last run's sort value goes into the next cursor as PostgreSQL prints it (every digit).
    sort_value = cast(_SORT_COLUMNS[sort], Text)
    page: Select[Any] = (
        select(*_SLIM_COLUMNS, sort_value.label("sort_value"))
        .join(keys, keys.c.id == Run.id)
        .join(Experiment, Experiment.id == Run.experiment_id)
        .join(ExperimentVersion, ExperimentVersion.id == Run.experiment_version_id)
        .order_by(*_ordering(sort, direction))
    )
    # Plain rows (Core execution: no ORM row processing) made into dicts with the keys read once,
    # validated as one page: the ORM's row loading and each row's RowMapping cost more than that.
    result = db.connection().execute(page)
    keys = list(result.keys())
    rows = result.all()
    next_cursor = None
    if len(rows) > limit:
        rows = rows[:limit]
        last = rows[-1]
        next_cursor = Cursor(sort, direction, last.sort_value, last.id).encode()
    items = []
    for row in rows:
        item = dict(zip(keys, row, strict=True))
        item["figures"] = {key: item[key] for key in _FIGURE_COLUMNS}
        item["outcome"] = run_outcome(
            item["state"],
            item.pop("rules_judged"),
            item.pop("rules_failed"),
            probe=item["search_id"] is not None,
        )
        items.append(item)
    return RunPage.model_validate(
        {
            "items": items,
            "total": min(total, TOTAL_CAP),
            "total_exact": total <= TOTAL_CAP,
            "limit": limit,
            "offset": offset,
            "next_cursor": next_cursor,
        }
    )


# The run's own columns the detail shows (not the deferred tool output), and its headline figures.
_DETAIL_COLUMNS = [c.key for c in Run.__mapper__.column_attrs if c.key in RunDetail.model_fields]
_FIGURE_COLUMNS = list(get_args(RunFigureKey))


@cache
def _run_detail_query() -> Select[Any]:
    """Built once: constructing this statement (an aliased subquery) costs more CPU than running it.
    Columns, not the Run entity: a page view needs their values, not an ORM object to track."""
    note_count = select(func.count(Note.id)).where(Note.run_id == Run.id).scalar_subquery()
    overhead = case((Run.lab_id.is_not(None), lab_overhead(Run.lab_id)))
    return (
        select(
            *(getattr(Run, key) for key in dict.fromkeys([*_DETAIL_COLUMNS, *_FIGURE_COLUMNS])),
            Experiment.name.label("experiment_name"),
            ExperimentVersion.version.label("experiment_version"),
            Lab.name.label("lab_name"),
            Schedule.id.label("schedule_id"),
            Schedule.name.label("schedule_name"),
            note_count.label("note_count"),
            overhead.label("overhead_s"),
        )
        .join(Experiment, Experiment.id == Run.experiment_id)
        .join(ExperimentVersion, ExperimentVersion.id == Run.experiment_version_id)
        .outerjoin(Lab, Lab.id == Run.lab_id)  # the lab may have been deleted since
        .outerjoin(Launch, Launch.id == Run.launch_id)
        .outerjoin(Schedule, Schedule.id == Launch.schedule_id)
        .where(Run.id == bindparam("run_id"), owned_by(Run, bindparam("team_id")))
    )


def run_detail(db: Session, team_id: int, run_id: int) -> RunDetail:
    """One query (two more for a queued run): every page view and every polling script reads this."""
    # Core execution (the session's connection): the columns as they are, without the ORM's
    # statement compilation and row loading around them (a tenth of the route's own CPU).
    params = {"run_id": run_id, "team_id": team_id}
    row = db.connection().execute(_run_detail_query(), params).one_or_none()
    if row is None:
        raise not_found("run", run_id)
    values = row._mapping
    overhead_s = values["overhead_s"]
    queue = None
    if overhead_s is not None and values["state"] == RunState.queued:
        queue = queue_estimate(db, run_id, values["lab_id"], overhead_s)
    return RunDetail.model_validate(
        {
            **{key: values[key] for key in _DETAIL_COLUMNS},
            "spec": resolved_spec(run_id, values["created_at"], values["spec"]),
            "figures": {key: values[key] for key in _FIGURE_COLUMNS},
            "outcome": run_outcome(
                values["state"], *rule_counts(values["thresholds"]), probe=values["search_id"] is not None
            ),
            "experiment_name": values["experiment_name"],
            "experiment_version": values["experiment_version"],
            "lab_name": values["lab_name"],
            "schedule": {"id": values["schedule_id"], "name": values["schedule_name"]}
            if values["schedule_id"] is not None
            else None,
            "queue": queue,
            "note_count": values["note_count"],
            "overhead_s": round(overhead_s, 2) if overhead_s is not None else None,
        }
    )


def launch_detail(db: Session, team_id: int, launch_id: int) -> LaunchDetail:
    """The team's launch with its verdict, judged from its runs as they are now."""
    row = db.execute(
        readable(Launch, team_id, Launch, Experiment.name, ExperimentVersion.version)
        .join(Experiment, Experiment.id == Launch.experiment_id)
        .join(ExperimentVersion, ExperimentVersion.id == Launch.experiment_version_id)
        .where(Launch.id == launch_id)
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
    verdict = outcome(runs, points)
    searched = launch_capacity(db, team_id, launch.id)
    if searched is not None:  # a search launch: its answer per point is what its rules judge
        points, verdict = searched.point_thresholds, searched.outcome
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
        outcome=verdict,
        runs_judged=sum(1 for run in runs if run.thresholds is not None),
        runs_failing_thresholds=sum(
            1 for run in runs if run.thresholds is not None and not run.thresholds.passed
        ),
        point_thresholds=points,
        capacity=searched.capacity if searched is not None else None,
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
