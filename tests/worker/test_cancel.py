"""Cancelling runs with a real Celery worker: queued runs are skipped, active ones stop quickly."""

from __future__ import annotations

import time

import pytest
from factories import lab, make_lab, make_runs, runs
from live_processes import StartWorker, wait_until

from backend.db import session_scope
from backend.queue import enqueue_lab_dispatch
from backend.runs.transitions import request_cancel
from spec.run_state import RunState

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
