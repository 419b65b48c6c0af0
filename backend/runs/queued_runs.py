"""Creating queued runs: one Launch and its runs, in order, then a kick of the lab's dispatcher.

Used by an experiment's launch (a whole sweep, by a person or a schedule's firing) and by a re-run
(a launch of one run). Every queued run is created here, so the caps on runs waiting (per lab and
per team, backend/settings.py) are held here, under the team's lock: two launches at once cannot
both pass them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, insert, select
from sqlalchemy.orm import Session

from backend.errors import ApiError, ErrorBody, FieldError
from backend.models import CapacitySearch, Lab, Launch, Run, Team
from backend.queue import after_commit
from backend.runs.schemas import RunLaunched
from backend.settings import get_settings
from backend.teams.scoping import owned_by
from backend.teams.service import lock_team
from contract.run_state import RunState


def queue_full_response(also: str = "") -> dict[int | str, dict[str, Any]]:
    """The 409 of a route that queues runs, for its OpenAPI responses (`also`: its other 409s)."""
    return {
        409: {
            "model": ErrorBody,
            "description": f"Refused, nothing queued: {also}the runs would take the lab's or the team's "
            "queued runs beyond their cap (HAPLAB_MAX_QUEUED_RUNS_PER_LAB, _PER_TEAM). The message "
            "gives the runs added, those queued and the cap; `fields` names `lab_id`.",
        }
    }


@dataclass(frozen=True)
class NewSearch:
    """A capacity search the run is the first probe of (backend/models/capacity_search.py)."""

    params: dict[str, Any]  # the point's swept values
    spec: dict[str, Any]  # the point's resolved spec, with its search
    probe_value: float


@dataclass(frozen=True)
class NewRun:
    point_index: int
    repetition: int
    params: dict[str, Any]
    spec: dict[str, Any]
    rerun_of_id: int | None = None
    config_warnings: list[dict[str, Any]] = field(default_factory=list)  # contract.lint at launch
    search: NewSearch | None = None


def queue_launch(
    db: Session,
    *,
    team_id: int,
    experiment_id: int,
    experiment_version_id: int,
    lab_id: int,
    created_by_id: int | None,
    runs: list[NewRun],
    overrides: dict[str, Any] | None = None,
) -> RunLaunched:
    """Insert a Launch and its runs (state queued) and enqueue the lab's dispatcher after commit.

    Refused (409, nothing written) when the runs would take the queued runs of the lab or of the
    team beyond their caps; counted under the team's lock, held until commit.

    A lab executes its queued runs in id order, so ids must follow `runs`' order exactly. A
    multi-row INSERT does not promise the order in which it draws from the sequence, so the
    ids are reserved first and handed out in ascending order.
    """
    lock_team(db, team_id)
    refuse_beyond_queue_caps(db, team_id=team_id, lab_id=lab_id, adding=len(runs))
    launch = Launch(
        team_id=team_id,
        experiment_id=experiment_id,
        experiment_version_id=experiment_version_id,
        lab_id=lab_id,
        created_by_id=created_by_id,
        total_runs=len(runs),
        overrides=overrides or {},
    )
    db.add(launch)
    db.flush()
    run_ids = _reserve_run_ids(db, len(runs))
    search_ids = _insert_searches(db, team_id, launch.id, lab_id, runs)
    if runs:
        db.execute(
            insert(Run),
            [
                {
                    "id": run_id,
                    "team_id": team_id,
                    "experiment_id": experiment_id,
                    "experiment_version_id": experiment_version_id,
                    "launch_id": launch.id,
                    "lab_id": lab_id,
                    "rerun_of_id": new.rerun_of_id,
                    "search_id": search_id,
                    "probe_value": new.search.probe_value if new.search else None,
                    "created_by_id": created_by_id,
                    "point_index": new.point_index,
                    "repetition": new.repetition,
                    "params": new.params,
                    "spec": new.spec,
                    "config_warnings": new.config_warnings,
                    "state": RunState.queued,
                    "command_lines": {},
                    "environment": {},
                }
                for run_id, new, search_id in zip(run_ids, runs, search_ids, strict=True)
            ],
        )
    after_commit(db, {lab_id})
    return RunLaunched(launch_id=launch.id, run_ids=run_ids, total_runs=len(runs))


def _insert_searches(
    db: Session, team_id: int, launch_id: int, lab_id: int, runs: list[NewRun]
) -> list[int | None]:
    """The capacity search of each run that starts one (None for the others), in `runs`' order."""
    ids: list[int | None] = []
    for new in runs:
        if new.search is None:
            ids.append(None)
            continue
        ids.append(
            db.scalar(
                insert(CapacitySearch)
                .values(
                    team_id=team_id,
                    launch_id=launch_id,
                    lab_id=lab_id,
                    point_index=new.point_index,
                    repetition=new.repetition,
                    params=new.search.params,
                    spec=new.search.spec,
                )
                .returning(CapacitySearch.id)
            )
        )
    return ids


def refuse_beyond_queue_caps(db: Session, *, team_id: int, lab_id: int, adding: int) -> None:
    """409 naming `lab_id`, with the numbers, when `adding` more queued runs would pass the lab's
    or the team's cap. queue_launch asks under the team's lock; a launch also asks before its
    config checks, so a full queue costs no `haproxy -c`."""
    settings = get_settings()
    on_lab, lab_cap = _queued(db, Run.lab_id == lab_id), settings.max_queued_runs_per_lab
    if on_lab + adding > lab_cap:
        lab = db.scalar(select(Lab.name).where(Lab.id == lab_id))
        raise _queue_full(adding, f"lab {lab!r} has {on_lab:,} queued of at most {lab_cap:,}")
    in_team, team_cap = _queued(db, owned_by(Run, team_id)), settings.max_queued_runs_per_team
    if in_team + adding > team_cap:
        team = db.scalar(select(Team.name).where(Team.id == team_id))
        raise _queue_full(adding, f"team {team!r} has {in_team:,} queued on its labs of at most {team_cap:,}")


def _queued(db: Session, where: Any) -> int:
    return db.scalar(select(func.count()).select_from(Run).where(where, Run.state == RunState.queued)) or 0


def _queue_full(adding: int, occupancy: str) -> ApiError:
    runs = "run" if adding == 1 else "runs"
    message = f"this launch adds {adding:,} {runs}; {occupancy}: wait for them to run, or cancel some"
    return ApiError(409, "conflict", message, [FieldError(field="lab_id", message=message)])


def _reserve_run_ids(db: Session, count: int) -> list[int]:
    if count == 0:
        return []
    sequence = func.pg_get_serial_sequence(Run.__tablename__, "id")
    ids = db.scalars(select(func.nextval(sequence)).select_from(func.generate_series(1, count))).all()
    return sorted(int(i) for i in ids)
