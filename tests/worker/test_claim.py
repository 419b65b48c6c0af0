"""Claiming a lab for its next run, straight against the database (no Celery)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from factories import hold_lab_with_expired_lease, lab, make_lab, make_runs, runs

from backend.db import session_scope
from backend.runs.transitions import request_cancel
from contract.run_state import RunState
from worker.dispatch import Claim, claim_next_run


def claim(lab_id: int, task_id: str = "task-1") -> int | None:
    return full_claim(lab_id, task_id).run_id


def full_claim(lab_id: int, task_id: str = "task-1") -> Claim:
    with session_scope() as db:
        return claim_next_run(db, lab_id, task_id)


def test_claim_takes_the_oldest_queued_run_and_holds_the_lab(fresh_database: str) -> None:
    lab_id = make_lab()
    first, second = make_runs(lab_id, 2)

    assert claim(lab_id, "task-abc") == first
    first_row, second_row = runs([first, second])
    assert first_row.state == RunState.preparing and first_row.started_at is not None
    assert first_row.celery_task_id == "task-abc"
    assert second_row.state == RunState.queued
    held = lab(lab_id)
    assert held.active_run_id == first and held.lease_expires_at is not None

    assert claim(lab_id) is None  # busy: the second run waits
    assert runs([second])[0].state == RunState.queued


def test_claim_skips_cancelled_runs(fresh_database: str) -> None:
    lab_id = make_lab()
    first, second = make_runs(lab_id, 2)
    with session_scope() as db:
        request_cancel(db, first)
    assert claim(lab_id) == second
    assert runs([first])[0].started_at is None


def test_claim_over_an_expired_lease_fails_the_dead_run_first(fresh_database: str) -> None:
    lab_id = make_lab()
    dead, waiting = make_runs(lab_id, 2)
    hold_lab_with_expired_lease(lab_id, dead)

    claimed = full_claim(lab_id)
    assert claimed.run_id == waiting
    assert claimed.reaped is not None and claimed.reaped.run_id == dead  # for the caller to settle
    dead_row = runs([dead])[0]
    assert dead_row.state == RunState.failed
    assert dead_row.error is not None and dead_row.error.startswith("worker lost: lab lease expired at ")
    assert lab(lab_id).active_run_id == waiting


def race_claims(lab_id: int, dispatchers: int) -> list[int | None]:
    """`dispatchers` threads released at once, each claiming the lab in its own transaction."""
    start = threading.Barrier(dispatchers, timeout=10)

    def racing_claim(_: int) -> int | None:
        start.wait()
        return claim(lab_id)

    with ThreadPoolExecutor(dispatchers) as pool:
        return list(pool.map(racing_claim, range(dispatchers)))


def test_concurrent_claims_on_one_lab_have_one_winner_the_oldest_run(fresh_database: str) -> None:
    for attempt in range(10):
        lab_id = make_lab(f"bench-{attempt}")
        run_ids = make_runs(lab_id, 4)

        claimed = [c for c in race_claims(lab_id, 4) if c is not None]

        assert claimed == [run_ids[0]]
        assert [r.state for r in runs(run_ids)] == [RunState.preparing] + [RunState.queued] * 3
