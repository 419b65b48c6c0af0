"""Factories for experiment and run tests. They go through the real services, like the API.

spec = small_spec(sweep=[("proxy.global.maxconn", [20, 40])])
experiment = make_experiment(db, member, spec=spec)
launched = launch(db, member, experiment, lab)
finish_run(db, launched.run_ids[0], summary=summary_doc(rps=12.5))
"""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.orm import Session

from backend.experiments.launch import launch_experiment
from backend.experiments.schemas import ExperimentCreate, ExperimentDetail, LaunchRequest
from backend.experiments.service import create_experiment
from backend.models import Lab
from backend.runs.schemas import RunLaunched
from backend.runs.transitions import transition
from contract.examples import seed_000_maxconn_capacity
from contract.results import SamplePoint
from contract.run_state import RunState
from tests.api.helpers import Member

_seq = itertools.count(1)

# queued -> ... -> collecting: the states a run passes through before it can succeed.
_FORWARD = [RunState.preparing, RunState.warming, RunState.running, RunState.collecting]


def small_spec(sweep: list[tuple[str, list[Any]]] | None = None, repetitions: int = 1) -> dict[str, Any]:
    """The maxconn-capacity seed as JSON, 5 s long, with the given sweep axes (none by default)."""
    doc = seed_000_maxconn_capacity().model_dump(mode="json", by_alias=True)
    doc["load"]["duration_s"] = 5
    doc["sweep"] = {"axes": [{"path": path, "values": values} for path, values in (sweep or [])]}
    doc["repetitions"] = repetitions
    return doc


def make_experiment(
    db: Session,
    member: Member,
    spec: dict[str, Any] | None = None,
    name: str | None = None,
    tags: list[str] | None = None,
    description: str = "",
) -> ExperimentDetail:
    body = ExperimentCreate(
        name=name or f"experiment-{next(_seq)}",
        description=description,
        tags=tags or [],
        spec=spec or small_spec(),
    )
    experiment = create_experiment(db, member.team.id, member.user.id, body)
    db.commit()
    return experiment


def launch(
    db: Session,
    member: Member,
    experiment: ExperimentDetail,
    lab: Lab,
    overrides: dict[str, Any] | None = None,
    version: int | None = None,
) -> RunLaunched:
    body = LaunchRequest(lab_id=lab.id, version=version, overrides=overrides or {})
    launched = launch_experiment(db, member.team.id, member.user.id, experiment.id, body)
    db.commit()
    return launched


def finish_run(
    db: Session, run_id: int, state: RunState = RunState.succeeded, summary: dict[str, Any] | None = None
) -> None:
    """Walk a queued run through the real guarded transitions to `state`."""
    for step in _FORWARD:
        assert transition(db, run_id, step), f"run {run_id} could not move to {step}"
    values: dict[str, Any] = {"summary": summary} if summary is not None else {}
    assert transition(db, run_id, state, **values), f"run {run_id} could not move to {state}"
    db.commit()


def summary_doc(
    rps: float,
    successes: int = 100,
    timeouts: int = 0,
    p50: float = 10.0,
    p99: float = 50.0,
    connects: int = 5,
    reuses: int = 95,
) -> dict[str, Any]:
    """A RunSummary as the worker stores it (model_dump of contract.results.RunSummary)."""
    from contract.results import ErrorCounts, LatencyPercentiles, LoadTotals, ProxySummary, RunSummary

    total = LoadTotals(
        requests=successes + timeouts,
        successes=successes,
        errors=ErrorCounts(timeout=timeouts),
        duration_s=5.0,
        rps=rps,
        bytes_per_s=rps * 1000,
        latency=LatencyPercentiles(p50=p50, p90=p99 * 0.8, p99=p99, p999=p99, max=p99 * 2, mean=p50),
    )
    return RunSummary(total=total, proxy=ProxySummary(connects=connects, reuses=reuses)).model_dump(
        mode="json"
    )


def sample_points(source: str, data_by_t: dict[int, dict[str, float]]) -> list[SamplePoint]:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    return [
        SamplePoint(source=source, t=t, ts=start + timedelta(seconds=t), data=data)
        for t, data in data_by_t.items()
    ]
