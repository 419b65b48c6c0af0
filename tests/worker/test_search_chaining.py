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
from backend.runs.capacity.chain import probe_params, probe_run_spec, search_goes_on, staircase_params
from backend.runs.capacity.service import launch_capacity
from backend.runs.transitions import transition
from contract.experiment import ExperimentSpec, staircase_spec
from contract.load import stage_windows
from contract.results import (
    Completeness,
    ErrorCounts,
    LatencyPercentiles,
    LoadTotals,
    RunSummary,
    StageResult,
)
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


STAIRCASE_SPEC = ExperimentSpec.model_validate(
    SPEC.model_dump(mode="json", by_alias=True)
    | {"search": SPEC.search.model_dump(mode="json") | {"method": "staircase"}}  # type: ignore[union-attr]
)


def make_search(lab_id: int, spec: ExperimentSpec = SPEC) -> tuple[int, int, int]:
    """A launch of `spec` on the lab as the launch API queues it: (launch, search, first probe)."""
    with session_scope() as db:
        team_id = db.get_one(Lab, lab_id).team_id
        experiment = Experiment(team_id=team_id, name=f"exp-{uuid.uuid4().hex[:8]}")
        db.add(experiment)
        db.flush()
        doc = spec.model_dump(mode="json", by_alias=True)
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
        assert spec.search is not None
        staircase = spec.search.method == "staircase"
        run = Run(
            team_id=team_id, experiment_id=experiment.id, experiment_version_id=version.id,
            launch_id=launch.id, lab_id=lab_id, point_index=0, repetition=0, search_id=search.id,
            probe_value=100.0,
            params=staircase_params({}, spec.search) if staircase else probe_params({}, "load.rate", 100),
            spec=(
                staircase_spec(spec).model_dump(mode="json", by_alias=True)
                if staircase
                else probe_run_spec(spec, 100)
            ),
        )  # fmt: skip
        db.add(run)
        db.flush()
        return launch.id, search.id, run.id


def _latency(value: float) -> LatencyPercentiles:
    p99 = 40.0 if value <= CAPACITY else 140.0
    return LatencyPercentiles(p50=5, p90=8, p95=9, p99=p99, p999=p99, max=p99, mean=5)


def _stages(spec: ExperimentSpec) -> list[StageResult] | None:
    """A staircase run's stages as the worker merges them: each stage's p99 by its rate."""
    if not spec.load.stages:
        return None
    return [
        StageResult(
            index=w.index,
            kind="rate",
            target=w.target,
            start_s=w.start_s,
            end_s=w.end_s,
            requests=int(w.target * (w.end_s - w.start_s)),
            successes=int(w.target * (w.end_s - w.start_s)),
            rps=w.target,
            latency=_latency(w.target),
            sent=int(w.target * (w.end_s - w.start_s)),
            late_sends=0,
            dropped_sends=0,
        )
        for w in stage_windows(spec.load.stages)
    ]


def measure(run_id: int) -> None:
    """The probe ran and was collected: p99 over the objective above CAPACITY (a staircase run's
    stages each by their own rate)."""
    with session_scope() as db:
        run = db.get_one(Run, run_id)
        value = float(run.probe_value or 0)
        latency = _latency(value)
        spec = ExperimentSpec.model_validate(run.spec)
        summary = RunSummary(
            total=LoadTotals(
                requests=int(value * 4), successes=int(value * 4), errors=ErrorCounts(), duration_s=4,
                rps=value, bytes_per_s=1.0, latency=latency,
            ),
            verdict=RunVerdict(kind="maxconn", sentence="maxconn"),
            completeness=Completeness(
                complete=True, asked_s=spec.load.duration_s, measured_s=spec.load.duration_s
            ),
            stages=_stages(spec),
        )  # fmt: skip
        run.summary = summary
        run.thresholds = evaluate(spec.thresholds, spec=run.spec, summary=summary, seconds={})
        for state in (RunState.warming, RunState.running, RunState.collecting):
            assert transition(db, run_id, state)


def claim(lab_id: int) -> int | None:
    with session_scope() as db:
        return claim_next_run(db, lab_id, "task-1").run_id


def run_search(lab_id: int, first: int) -> list[int]:
    """Run the search's probes to its answer, as the dispatcher chains them: their run ids."""
    probes, run_id = [first], first
    while True:
        measure(run_id)
        following = finish_run(lab_id, run_id, RunOutcome(RunState.succeeded))
        if following is None:
            return probes
        probes.append(following)
        run_id = following


def test_a_staircase_first_run_is_judged_stage_by_stage_then_bisected(fresh_database: str) -> None:
    lab_id = make_lab()
    launch_id, search_id, first = make_search(lab_id, STAIRCASE_SPEC)
    assert claim(lab_id) == first
    probes = run_search(lab_id, first)
    with session_scope() as db:
        answer = db.get_one(CapacitySearch, search_id).answer
        rows = db.scalars(select(Run).where(Run.id.in_(probes)).order_by(Run.id)).all()
        params = [row.params for row in rows]
        values = [float(row.probe_value or 0) for row in rows[1:]]
        verdict = launch_capacity(db, db.get_one(Lab, lab_id).team_id, launch_id)
    assert params[0] == {"load.rate": "staircase 100..2000"}
    # 100, 200, 400 passed, 800 failed: the probes that follow bisect 400..800, one run each.
    assert values[0] == 600 and all(400 < v < 800 for v in values)
    assert answer is not None and answer.outcome == SearchOutcome.capacity
    assert answer.capacity is not None and 0.95 * CAPACITY <= answer.capacity <= CAPACITY
    assert answer.probes == 4 + len(values)  # the staircase's counted stages, then the probes
    assert verdict is not None and verdict.outcome == "passed"
    staircase = [p for p in verdict.capacity.points[0].searches[0].probes if p.run_id == first]
    assert [(p.value, p.stage_index, p.passed, p.latency_p99_ms) for p in staircase] == [
        (100, 0, True, 40), (200, 1, True, 40), (400, 2, True, 40), (800, 3, False, 140),
    ]  # fmt: skip
    assert staircase[3].failed_rule == "latency_p99_ms < 100 (was 140.00)"


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
        verdict = launch_capacity(db, db.get_one(Lab, lab_id).team_id, launch_id)
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
        verdict = launch_capacity(db, db.get_one(Lab, lab_id).team_id, launch_id)
    assert answer is not None and answer.outcome == SearchOutcome.failed
    assert answer.sentence == f"stopped: probe run {first} cancelled"
    assert verdict is not None and verdict.outcome == "runs_failed"
    assert claim(lab_id) is None  # nothing more was queued
