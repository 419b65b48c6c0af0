"""Cancelling runs with a real Celery worker: queued runs are skipped, active ones stop quickly.

An active run's worker hears of a cancel through Redis (worker/run_watch.py) and reads the run's
row only every few seconds otherwise; both paths are tested here with a real worker.
"""

from __future__ import annotations

import time

import pytest
from factories import lab, make_lab, make_runs, runs
from live_processes import StartWorker, wait_until
from sqlalchemy import func, update

from backend.db import session_scope
from backend.models import Run
from backend.queue import enqueue_lab_dispatch
from backend.runs.transitions import request_cancel
from contract.run_state import RunState

pytestmark = pytest.mark.slow


def state_of(run_id: int) -> RunState:
    return runs([run_id])[0].state


def test_cancel_skips_a_queued_run_and_stops_a_preparing_one(start_worker: StartWorker) -> None:
    start_worker(agent_wait=20)  # long enough that only a cancel ends a run in time
    lab_id = make_lab("bench-a")
    first, skipped, last = make_runs(lab_id, 3)
    with session_scope() as db:
        assert request_cancel(db, skipped) == RunState.cancelled

    enqueue_lab_dispatch(lab_id)
    wait_until(lambda: state_of(first) == RunState.preparing, 15, "the first run to be preparing")
    time.sleep(0.5)  # well inside the phase, not at its edge
    with session_scope() as db:
        assert request_cancel(db, first) == RunState.preparing  # marked; the worker does the rest
    asked = time.monotonic()
    wait_until(lambda: state_of(first) == RunState.cancelled, 5, "the first run to be cancelled")
    assert time.monotonic() - asked < 2.0

    # The lab moved on to the next queued run, skipping the cancelled one.
    wait_until(lambda: state_of(last) == RunState.preparing, 10, "the last run to be preparing")
    assert lab(lab_id).active_run_id == last
    with session_scope() as db:
        request_cancel(db, last)
    wait_until(lambda: state_of(last) == RunState.cancelled, 5, "the last run to be cancelled")

    first_row, skipped_row, last_row = runs([first, skipped, last])
    assert skipped_row.state == RunState.cancelled
    assert skipped_row.started_at is None and skipped_row.celery_task_id is None
    assert first_row.error is None and first_row.finished_at is not None
    assert last_row.started_at is not None and first_row.finished_at <= last_row.started_at
    wait_until(lambda: lab(lab_id).active_run_id is None, 5, "the lab to be released")


def test_a_cancel_is_heard_through_redis_without_waiting_for_a_read(start_worker: StartWorker) -> None:
    # The run's row is read only every 30 s here: a stop within a second is the message's doing.
    start_worker(agent_wait=60, env={"HAPLAB_RUN_WATCH_FALLBACK_SECONDS": "30"})
    lab_id = make_lab("bench-a")
    [run_id] = make_runs(lab_id, 1)
    enqueue_lab_dispatch(lab_id)
    wait_until(lambda: state_of(run_id) == RunState.preparing, 15, "the run to be preparing")
    time.sleep(1.0)  # past the first read of the row, which the worker makes when the run starts
    with session_scope() as db:
        assert request_cancel(db, run_id) == RunState.preparing
    asked = time.monotonic()
    wait_until(lambda: state_of(run_id) == RunState.cancelled, 5, "the run to be cancelled", interval=0.02)
    took = time.monotonic() - asked
    print(f"cancelled {took:.3f} s after the request")
    assert took < 1.0
    wait_until(lambda: lab(lab_id).active_run_id is None, 5, "the lab to be released")


def test_without_a_message_the_fallback_read_notices_a_cancel_and_an_end_elsewhere(
    start_worker: StartWorker,
) -> None:
    """A message lost (Redis restarted, written by hand): the row read every 1 s here still
    stops the run, both when it was marked cancelled and when it was ended by someone else."""
    start_worker(agent_wait=60, env={"HAPLAB_RUN_WATCH_FALLBACK_SECONDS": "1"})
    lab_id = make_lab("bench-a")
    cancelled, ended = make_runs(lab_id, 2)
    enqueue_lab_dispatch(lab_id)

    wait_until(lambda: state_of(cancelled) == RunState.preparing, 15, "the first run to be preparing")
    time.sleep(0.5)
    with session_scope() as db:  # what request_cancel writes, without its message
        db.execute(update(Run).where(Run.id == cancelled).values(cancel_requested_at=func.now()))
    asked = time.monotonic()
    wait_until(lambda: state_of(cancelled) == RunState.cancelled, 5, "the first run to be cancelled")
    assert time.monotonic() - asked < 1.0 + 1.5  # one fallback interval, and the worker's own work

    wait_until(lambda: state_of(ended) == RunState.preparing, 15, "the second run to be preparing")
    time.sleep(0.5)
    with session_scope() as db:  # an end by someone else, without its message
        db.execute(
            update(Run)
            .where(Run.id == ended)
            .values(state=RunState.failed, error="ended by hand", finished_at=func.now())
        )
    ended_at = time.monotonic()
    wait_until(lambda: lab(lab_id).active_run_id is None, 5, "the worker to let the lab go")
    assert time.monotonic() - ended_at < 1.0 + 1.5
    [row] = runs([ended])
    assert row.state == RunState.failed and row.error == "ended by hand"  # the worker wrote nothing
