"""The reaper: a run whose worker died ends failed, its lab is freed, and the queue moves on."""

from __future__ import annotations

import base64
import json
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
import redis
from factories import RUN_SPEC, hold_lab_with_expired_lease, lab, make_lab, make_runs, runs
from live_processes import StartWorker, wait_until
from sqlalchemy import select, update

from backend.db import session_scope
from backend.models import Lab, Run, Sample
from backend.queue import DISPATCH_LAB_TASK, LAB_QUEUE, enqueue_lab_dispatch, reset_celery_client
from backend.runs.transitions import transition
from contract.experiment import ExperimentSpec
from contract.results import RunSummary
from contract.run_state import RunState
from worker.completeness import entry_sections
from worker.dispatch import dispatch_lab
from worker.reaper import ReapReport, reap_labs


def queued_kicks(redis_client: redis.Redis) -> list[tuple[str, list[int]]]:
    """The dispatch messages waiting in the broker: (task name, args)."""
    kicks = []
    for raw in redis_client.lrange(LAB_QUEUE, 0, -1):  # type: ignore[union-attr]
        message = json.loads(raw)
        body = json.loads(base64.b64decode(message["body"]))
        kicks.append((message["headers"]["task"], body[0]))
    return kicks


def test_reaper_fails_the_run_of_an_expired_lease_frees_the_lab_and_kicks_it(
    fresh_database: str, redis_client: redis.Redis
) -> None:
    reset_celery_client()
    lab_id = make_lab("bench-a")
    stuck, waiting = make_runs(lab_id, 2)
    hold_lab_with_expired_lease(lab_id, stuck)

    report = reap_labs()

    assert [(r.lab_id, r.run_id) for r in report.reaped] == [(lab_id, stuck)]
    assert report.kicked_lab_ids == [lab_id]
    stuck_row, waiting_row = runs([stuck, waiting])
    assert stuck_row.state == RunState.failed
    assert stuck_row.error is not None and stuck_row.error.startswith("worker lost: lab lease expired at ")
    assert stuck_row.finished_at is not None
    assert waiting_row.state == RunState.queued
    assert lab(lab_id).active_run_id is None and lab(lab_id).lease_expires_at is None
    assert queued_kicks(redis_client) == [(DISPATCH_LAB_TASK, [lab_id])]

    # Idempotent: nothing more to reap; the error stays the first one.
    again = reap_labs()
    assert again.reaped == []
    assert runs([stuck])[0].error == stuck_row.error


def reap_by_reaper(lab_id: int) -> None:
    reap_labs()


def reap_by_a_redelivered_kick(lab_id: int) -> None:
    # The dead worker's dispatch message, redelivered to a new worker (acks late), may find the
    # expired lease before the reaper does.
    assert dispatch_lab(lab_id, "redelivered") is None  # nothing queued after the dead run


@pytest.mark.parametrize("reap", [reap_by_reaper, reap_by_a_redelivered_kick], ids=lambda f: f.__name__)
def test_a_reaped_run_keeps_a_summary_of_what_haproxy_counted_before_its_worker_died(
    reap: Callable[[int], None], fresh_database: str, redis_client: redis.Redis
) -> None:
    reset_celery_client()
    lab_id = make_lab("bench-a")
    [stuck] = make_runs(lab_id, 1)
    hold_lab_with_expired_lease(lab_id, stuck)
    spec = ExperimentSpec.model_validate(RUN_SPEC)
    frontend, _ = entry_sections(spec)
    t0 = datetime.now(UTC) - timedelta(seconds=30)
    busy = {f"{frontend}.req_tot": 30, f"{frontend}.hrsp_2xx": 30, f"{frontend}.bout": 3000}
    with session_scope() as db:
        for t in range(-2, 12):  # load stopped after second 5; HAProxy kept being sampled
            db.add(
                Sample(
                    run_id=stuck,
                    source="proxy",
                    t=t,
                    ts=t0 + timedelta(seconds=t + 1.05),
                    data=busy if 0 <= t < 6 else {},
                )
            )

    reap(lab_id)

    with session_scope() as db:
        summary = RunSummary.model_validate(db.scalar(select(Run.summary).where(Run.id == stuck)))
    assert runs([stuck])[0].state == RunState.failed
    assert summary.completeness is not None and not summary.completeness.complete
    assert summary.completeness.reasons[0].startswith("worker lost")
    assert summary.completeness.totals_from == "proxy" and summary.completeness.measured_s == 6
    assert summary.total.successes == 180 and summary.total.rps == 30.0
    started = summary.completeness.load_started_at
    assert started is not None and abs((started - t0).total_seconds()) < 0.1  # from the samples' clock


def test_reaper_leaves_a_live_lease_alone(fresh_database: str, redis_client: redis.Redis) -> None:
    reset_celery_client()
    lab_id = make_lab("bench-a")
    active, waiting = make_runs(lab_id, 2)
    with session_scope() as db:
        assert transition(db, active, RunState.preparing)
        db.execute(
            update(Lab)
            .where(Lab.id == lab_id)
            .values(active_run_id=active, lease_expires_at=datetime.now(UTC) + timedelta(seconds=30))
        )

    report = reap_labs()

    assert report == ReapReport()
    assert [r.state for r in runs([active, waiting])] == [RunState.preparing, RunState.queued]
    assert lab(lab_id).active_run_id == active
    assert queued_kicks(redis_client) == []


def test_concurrent_reapers_fail_a_stuck_run_once(fresh_database: str, redis_client: redis.Redis) -> None:
    reset_celery_client()
    labs = [make_lab(f"bench-{i}") for i in range(3)]
    stuck = [make_runs(lab_id, 1)[0] for lab_id in labs]
    for lab_id, run_id in zip(labs, stuck, strict=True):
        hold_lab_with_expired_lease(lab_id, run_id)
    start = threading.Barrier(4, timeout=10)

    def reap() -> ReapReport:
        start.wait()
        return reap_labs()

    with ThreadPoolExecutor(4) as pool:
        reports = list(pool.map(lambda _: reap(), range(4)))

    reaped = sorted(r.run_id for report in reports for r in report.reaped)
    assert reaped == sorted(stuck)
    assert all(row.state == RunState.failed for row in runs(stuck))
    assert all(lab(lab_id).active_run_id is None for lab_id in labs)


@pytest.mark.slow
def test_a_killed_worker_s_run_is_failed_and_the_next_run_proceeds(start_worker: StartWorker) -> None:
    doomed = start_worker(agent_wait=60, lease=3)
    lab_id = make_lab("bench-a")
    stuck, following = make_runs(lab_id, 2)
    enqueue_lab_dispatch(lab_id)
    wait_until(lambda: runs([stuck])[0].state == RunState.preparing, 15, "the first run to be preparing")
    # The lease is being renewed while the run waits (3 s lease, renewed every second).
    first_lease = lab(lab_id).lease_expires_at
    assert first_lease is not None
    wait_until(
        lambda: (lease := lab(lab_id).lease_expires_at) is not None and lease > first_lease,
        5,
        "the lease to be renewed",
    )

    doomed.kill_hard()
    assert runs([stuck])[0].state == RunState.preparing  # nobody is left to end it...

    reaper = start_worker(agent_wait=1, lease=3, beat=True, reap_interval=2)  # ...but the reaper will
    [stuck_row] = wait_until(
        lambda: [r for r in runs([stuck]) if r.state.is_terminal], 20, "the stuck run to be reaped"
    )
    assert stuck_row.state == RunState.failed
    assert stuck_row.error is not None and stuck_row.error.startswith("worker lost: lab lease expired at ")

    [following_row] = wait_until(
        lambda: [r for r in runs([following]) if r.state.is_terminal], 20, "the next run to end"
    )
    assert following_row.error == (
        "lab 'bench-a' has no online agent with roles proxy, injector, target (waited 1 s)"
    )
    assert following_row.started_at is not None and stuck_row.finished_at is not None
    assert stuck_row.finished_at <= following_row.started_at
    wait_until(lambda: lab(lab_id).active_run_id is None, 5, "the lab to be released")
    # What a reap did is in the log; the reaper's routine firings (every 2 s here) are not.
    said = reaper.log()
    assert f"run {stuck} failed: worker lost" in said, said[-3000:]
    assert "Sending due task reap-labs" not in said and "haplab.lab.reap[" not in said, said[-3000:]
