"""Guarded transitions under real concurrency: a cancel racing a completion has one winner.

Two sessions on two connections (and two threads) update the same run row, as the API's
cancel and the worker's completion would. No Celery here: this is about the database.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

from factories import make_lab, make_runs, runs
from sqlalchemy import text

from backend.db import get_sessionmaker, session_scope
from backend.runs.transitions import transition
from contract.run_state import RunState


def collecting_runs(count: int) -> list[int]:
    run_ids = make_runs(make_lab(), count)
    with session_scope() as db:
        for run_id in run_ids:
            for state in (RunState.preparing, RunState.warming, RunState.running, RunState.collecting):
                assert transition(db, run_id, state)
    return run_ids


def test_the_second_writer_waits_for_the_first_then_loses(fresh_database: str) -> None:
    [run_id] = collecting_runs(1)
    new_session = get_sessionmaker()
    completer, canceller = new_session(), new_session()
    try:
        # The completion is written but not committed yet: it holds the row lock.
        assert transition(completer, run_id, RunState.succeeded, expected=RunState.collecting)
        completer_pid = completer.execute(text("SELECT pg_backend_pid()")).scalar_one()

        def cancel() -> bool:
            won = transition(canceller, run_id, RunState.cancelled)
            canceller.commit()
            return won

        with ThreadPoolExecutor(1) as pool:
            cancelled = pool.submit(cancel)
            # Bounded: the cancel must be blocked on the completer's row lock, not finished.
            with session_scope() as observer:
                blocked = False
                for _ in range(100):
                    blocked = bool(
                        observer.execute(
                            text(
                                "SELECT count(*) FROM pg_stat_activity "
                                "WHERE wait_event_type = 'Lock' AND :pid = ANY(pg_blocking_pids(pid))"
                            ),
                            {"pid": completer_pid},
                        ).scalar_one()
                    )
                    if blocked:
                        break
                    time.sleep(0.05)
                    observer.rollback()  # a fresh snapshot for pg_stat_activity
            assert blocked, "the cancel never waited on the completion's row lock"
            assert not cancelled.done()
            completer.commit()
            assert cancelled.result(timeout=10) is False
    finally:
        completer.close()
        canceller.close()
    [row] = runs([run_id])
    assert row.state == RunState.succeeded and row.finished_at is not None


def test_cancel_racing_completion_has_exactly_one_winner(fresh_database: str) -> None:
    run_ids = collecting_runs(20)
    start = threading.Barrier(2, timeout=10)

    def attempt(run_id: int, new: RunState) -> bool:
        with session_scope() as db:
            start.wait()
            return transition(db, run_id, new)

    with ThreadPoolExecutor(2) as pool:
        for run_id in run_ids:
            done = pool.submit(attempt, run_id, RunState.succeeded)
            cancel = pool.submit(attempt, run_id, RunState.cancelled)
            results = {RunState.succeeded: done.result(10), RunState.cancelled: cancel.result(10)}
            assert sorted(results.values()) == [False, True], results
            winner = next(state for state, won in results.items() if won)
            [row] = runs([run_id])
            assert row.state == winner
