"""Rows for worker tests, committed for real (a Celery worker in another process must see them).

Written with plain SQLAlchemy so these tests do not depend on the experiments API.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import select, update

from backend.db import session_scope
from backend.models import Agent, Experiment, ExperimentVersion, Lab, Launch, Run, Team
from backend.runs.transitions import transition
from contract.examples import seed_examples
from contract.results import ErrorCounts, LatencyPercentiles, LoadTotals, RunSummary
from contract.run_state import RunState
from contract.sweep import Sweep


@dataclass(frozen=True)
class RunRow:
    id: int
    lab_id: int
    state: RunState
    started_at: datetime | None
    finished_at: datetime | None
    error: str | None
    celery_task_id: str | None
    cancel_requested_at: datetime | None


@dataclass(frozen=True)
class LabRow:
    id: int
    active_run_id: int | None
    lease_expires_at: datetime | None


# A valid run spec (seed 000 without its sweep), as the launch API would store it.
RUN_SPEC = seed_examples()["000"].model_copy(update={"sweep": Sweep()}).model_dump(mode="json", by_alias=True)


def make_lab(name: str = "bench-a") -> int:
    with session_scope() as db:
        slug = f"team-{uuid.uuid4().hex[:8]}"
        team = Team(name=slug, slug=slug)
        db.add(team)
        db.flush()
        lab = Lab(team_id=team.id, name=name)
        db.add(lab)
        db.flush()
        return lab.id


def make_runs(lab_id: int, count: int) -> list[int]:
    """An experiment, one version, one launch, and `count` queued runs on the lab (id order)."""
    with session_scope() as db:
        lab = db.get_one(Lab, lab_id)
        experiment = Experiment(team_id=lab.team_id, name=f"exp-{uuid.uuid4().hex[:8]}")
        db.add(experiment)
        db.flush()
        version = ExperimentVersion(experiment_id=experiment.id, version=1, spec_version=1, spec=RUN_SPEC)
        db.add(version)
        db.flush()
        launch = Launch(
            team_id=lab.team_id,
            experiment_id=experiment.id,
            experiment_version_id=version.id,
            lab_id=lab_id,
            total_runs=count,
        )
        db.add(launch)
        db.flush()
        run_ids = []
        for i in range(count):
            run = Run(
                team_id=lab.team_id,
                experiment_id=experiment.id,
                experiment_version_id=version.id,
                launch_id=launch.id,
                lab_id=lab_id,
                point_index=i,
                repetition=0,
                params={"proxy.global.maxconn": 20 + 10 * i},
                spec=RUN_SPEC,
            )
            db.add(run)
            db.flush()
            run_ids.append(run.id)
        return run_ids


def add_agent(
    lab_id: int,
    name: str,
    roles: Sequence[str],
    *,
    seen_seconds_ago: float | None = 0,
    revoked: bool = False,
) -> int:
    now = datetime.now(UTC)
    with session_scope() as db:
        lab = db.get_one(Lab, lab_id)
        agent = Agent(
            team_id=lab.team_id,
            lab_id=lab_id,
            name=name,
            roles=list(roles),
            token_hash=uuid.uuid4().hex,
            last_seen_at=None if seen_seconds_ago is None else now - timedelta(seconds=seen_seconds_ago),
            revoked_at=now if revoked else None,
        )
        db.add(agent)
        db.flush()
        return agent.id


def hold_lab_with_expired_lease(lab_id: int, run_id: int) -> None:
    """What a worker that died mid-run leaves behind: the run active, the lease in the past."""
    with session_scope() as db:
        assert transition(db, run_id, RunState.preparing, expected=RunState.queued)
        db.execute(
            update(Lab)
            .where(Lab.id == lab_id)
            .values(active_run_id=run_id, lease_expires_at=datetime.now(UTC) - timedelta(seconds=1))
        )


def runs(run_ids: Sequence[int]) -> list[RunRow]:
    with session_scope() as db:
        rows = db.execute(
            select(
                Run.id,
                Run.lab_id,
                Run.state,
                Run.started_at,
                Run.finished_at,
                Run.error,
                Run.celery_task_id,
                Run.cancel_requested_at,
            )
            .where(Run.id.in_(run_ids))
            .order_by(Run.id)
        ).all()
    return [RunRow(*row) for row in rows]


def lab(lab_id: int) -> LabRow:
    with session_scope() as db:
        query = select(Lab.id, Lab.active_run_id, Lab.lease_expires_at).where(Lab.id == lab_id)
        row = db.execute(query).one()
    return LabRow(*row)


def summary_at_rps(rps: float) -> dict[str, object]:
    """A stored run summary of 10 s at `rps` (fixed latencies): a point's history for change search."""
    total = LoadTotals(
        requests=int(rps * 10), successes=int(rps * 10), errors=ErrorCounts(), duration_s=10, rps=rps,
        bytes_per_s=rps * 1000,
        latency=LatencyPercentiles(p50=5, p90=8, p95=9, p99=10, p999=10, max=12, mean=5),
    )  # fmt: skip
    return RunSummary(total=total).model_dump(mode="json")
