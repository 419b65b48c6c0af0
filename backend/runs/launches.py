"""Creating queued runs: one Launch and its runs, in order, then a kick of the lab's dispatcher.

Used by an experiment's launch (a whole sweep) and by a re-run (a launch of one run).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, insert, select
from sqlalchemy.orm import Session

from backend.models import Launch, Run
from backend.queue import after_commit
from backend.runs.schemas import RunLaunched
from spec.run_state import RunState


@dataclass(frozen=True)
class NewRun:
    point_index: int
    repetition: int
    params: dict[str, Any]
    spec: dict[str, Any]
    rerun_of_id: int | None = None
    config_warnings: list[dict[str, Any]] = field(default_factory=list)  # spec.lint at launch


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

    A lab executes its queued runs in id order, so ids must follow `runs`' order exactly. A
    multi-row INSERT does not promise the order in which it draws from the sequence, so the
    ids are reserved first and handed out in ascending order.
    """
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
                for run_id, new in zip(run_ids, runs, strict=True)
            ],
        )
    after_commit(db, {lab_id})
    return RunLaunched(launch_id=launch.id, run_ids=run_ids, total_runs=len(runs))


def _reserve_run_ids(db: Session, count: int) -> list[int]:
    if count == 0:
        return []
    sequence = func.pg_get_serial_sequence(Run.__tablename__, "id")
    ids = db.scalars(select(func.nextval(sequence)).select_from(func.generate_series(1, count))).all()
    return sorted(int(i) for i in ids)
