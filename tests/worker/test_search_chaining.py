"""A capacity search's probes chained by the dispatcher's own transactions (worker/dispatch.py,
backend/runs/capacity/chain.py), against the database: each probe's end queues and claims the
next one before any other queued run of the lab, the answer is stored once the plan has one, a
search left without its next probe (the worker died between) is continued by the next claim, and
a cancelled probe ends its search failed."""

from __future__ import annotations

import uuid

from factories import lab, make_lab, make_runs, runs
from sqlalchemy import select

from backend.db import session_scope
from backend.models import CapacitySearch, Experiment, ExperimentVersion, Lab, Launch, Run
from backend.runs.capacity.chain import probe_params, probe_run_spec, search_goes_on
from backend.runs.capacity.service import launch_capacity
from backend.runs.transitions import transition
from contract.experiment import ExperimentSpec
from contract.results import Completeness, ErrorCounts, LatencyPercentiles, LoadTotals, RunSummary
from contract.run_state import RunState
from contract.search import SearchOutcome
from contract.thresholds import evaluate
from contract.verdict import RunVerdict
from worker.dispatch import claim_next_run, finish_run
from worker.lab_lock import release_lab
from worker.orchestrator import CANCELLED, RunOutcome

CAPACITY = 500.0  # the simulated config: p99 under 100 ms up to this rate
SPEC = ExperimentSpec.model_validate(
    {
        "proxy": {
            "defaults": {"mode": "http"},
            "frontends": [{"name": "fe", "bind": {"port": 8080}, "default_backend": "app"}],
            "backends": [{"name": "app", "target_servers": {}}],
        },
        "target": {"kind": "managed", "servers": 1},
        "load": {"driver": "vegeta", "path": "/fast"},
        "thresholds": [{"metric": "capacity", "operator": ">=", "value": 400}],
        "search": {
            "vary": "load.rate",
            "objective": [{"metric": "latency_p99_ms", "operator": "<", "value": 100}],
            "start": 100,
            "max": 2000,
            "precision": "5%",
        },
    }
)


def make_search(lab_id: int) -> tuple[int, int, int]:
    """A launch of SPEC on the lab as the launch API queues it: (launch, search, first probe)."""
    with session_scope() as db:
        team_id = db.get_one(Lab, lab_id).team_id
        experiment = Experiment(team_id=team_id, name=f"exp-{uuid.uuid4().hex[:8]}")
        db.add(experiment)
        db.flush()
        doc = SPEC.model_dump(mode="json", by_alias=True)
        version = ExperimentVersion(experiment_id=experiment.id, version=1, spec_version=1, spec=doc)
        db.add(version)
        db.flush()
        launch = Launch(
            team_id=team_id,
            experiment_id=experiment.id,
            experiment_version_id=version.id,
            lab_id=lab_id,
            total_runs=1,
        )
        db.add(launch)
        db.flush()
        search = CapacitySearch(
            team_id=team_id,
            launch_id=launch.id,
            lab_id=lab_id,
            point_index=0,
            repetition=0,
            params={},
            spec=doc,
        )
        db.add(search)
        db.flush()
        run = Run(
            team_id=team_id, experiment_id=experiment.id, experiment_version_id=version.id,
            launch_id=launch.id, lab_id=lab_id, point_index=0, repetition=0, search_id=search.id,
            probe_value=100.0, params=probe_params({}, "load.rate", 100), spec=probe_run_spec(SPEC, 100),
        )  # fmt: skip
        db.add(run)
        db.flush()
        return launch.id, search.id, run.id


def measure(run_id: int) -> None:
    """The probe ran and was collected: p99 over the objective above CAPACITY."""
    with session_scope() as db:
        run = db.get_one(Run, run_id)
        value = float(run.probe_value or 0)
        p99 = 40.0 if value <= CAPACITY else 140.0
        latency = LatencyPercentiles(p50=5, p90=8, p95=9, p99=p99, p999=p99, max=p99, mean=5)
        summary = RunSummary(
            total=LoadTotals(
                requests=int(value * 4), successes=int(value * 4), errors=ErrorCounts(), duration_s=4,
                rps=value, bytes_per_s=1.0, latency=latency,
            ),
            verdict=RunVerdict(kind="maxconn", sentence="maxconn"),
            completeness=Completeness(complete=True, asked_s=4, measured_s=4),
        )  # fmt: skip
        run.summary = summary
        spec = ExperimentSpec.model_validate(run.spec)
        run.thresholds = evaluate(spec.thresholds, spec=run.spec, summary=summary, seconds={})
        for state in (RunState.warming, RunState.running, RunState.collecting):
            assert transition(db, run_id, state)


def claim(lab_id: int) -> int | None:
    with session_scope() as db:
        return claim_next_run(db, lab_id, "task-1").run_id


def test_probes_run_back_to_back_until_the_search_answers(fresh_database: str) -> None:
    lab_id = make_lab()
    launch_id, search_id, first = make_search(lab_id)
    (other,) = make_runs(lab_id, 1)  # queued after the search's first probe, before its others
    assert claim(lab_id) == first
    probes, run_id = [first], first
    while True:
        with session_scope() as db:
            assert search_goes_on(db, run_id)
        measure(run_id)
        following = finish_run(lab_id, run_id, RunOutcome(RunState.succeeded))
        if following is None:
            break
        # Claimed in finish_run's transaction: the lab is the probe's, the other run still waits.
        assert lab(lab_id).active_run_id == following
        assert runs([following])[0].state == RunState.preparing
        assert runs([other])[0].state == RunState.queued
        probes.append(following)
        run_id = following
    with session_scope() as db:
        answer = db.get_one(CapacitySearch, search_id).answer
        values = [
            float(v or 0)
            for v in db.scalars(select(Run.probe_value).where(Run.id.in_(probes)).order_by(Run.id))
        ]
        verdict = launch_capacity(db, launch_id)
    assert answer is not None and answer.outcome == SearchOutcome.capacity
    assert answer.capacity is not None and 0.95 * CAPACITY <= answer.capacity <= CAPACITY
    assert values[:4] == [100, 200, 400, 800] and len(values) == answer.probes
    assert lab(lab_id).active_run_id is None
    assert claim(lab_id) == other  # then the lab's other runs
    assert verdict is not None and verdict.outcome == "passed"
    (point,) = verdict.capacity.points
    assert point.capacity == answer.capacity and point.safe == answer.capacity * 0.8
    assert [p.passed for p in point.searches[0].probes][:4] == [True, True, True, False]
    assert verdict.point_thresholds[0].passed and verdict.point_thresholds[0].value == answer.capacity


def test_a_search_left_without_its_next_probe_goes_on_at_the_next_claim(fresh_database: str) -> None:
    lab_id = make_lab()
    _, search_id, first = make_search(lab_id)
    (other,) = make_runs(lab_id, 1)
    assert claim(lab_id) == first
    measure(first)
    # The worker ended the run, then died before chaining (finish_run of old did only this).
    with session_scope() as db:
        release_lab(db, lab_id, first)
        transition(db, first, RunState.succeeded)
    following = claim(lab_id)
    assert following not in (None, other)
    with session_scope() as db:
        row = db.get_one(Run, following)
        assert (row.search_id, row.probe_value, row.params) == (search_id, 200, {"load.rate": 200})
    assert runs([other])[0].state == RunState.queued
    # Advancing is idempotent: nothing more is queued for the search while its probe runs.
    with session_scope() as db:
        assert len(db.scalars(select(Run.id).where(Run.search_id == search_id)).all()) == 2


def test_a_cancelled_probe_ends_its_search_failed(fresh_database: str) -> None:
    lab_id = make_lab()
    launch_id, search_id, first = make_search(lab_id)
    assert claim(lab_id) == first
    assert finish_run(lab_id, first, CANCELLED) is None
    with session_scope() as db:
        answer = db.get_one(CapacitySearch, search_id).answer
        verdict = launch_capacity(db, launch_id)
    assert answer is not None and answer.outcome == SearchOutcome.failed
    assert answer.sentence == f"stopped: probe run {first} cancelled"
    assert verdict is not None and verdict.outcome == "runs_failed"
    assert claim(lab_id) is None  # nothing more was queued
