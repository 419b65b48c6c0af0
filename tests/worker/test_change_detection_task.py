"""The change search after a run, in a real Celery worker: the task the worker queues when a run
succeeds (`haplab.changes.detect`) finds the step in a stored history and records it."""

from __future__ import annotations

import pytest
from factories import make_lab, make_runs, summary_at_rps
from live_processes import StartWorker, wait_until
from sqlalchemy import select, update

from backend.db import session_scope
from backend.models import ChangePoint, Run
from backend.queue import enqueue_change_detection
from contract.run_state import RunState

pytestmark = pytest.mark.slow


def test_a_step_in_a_points_history_is_recorded_by_the_worker(start_worker: StartWorker) -> None:
    start_worker(agent_wait=1)
    history = [100.0, 100.4, 99.7, 100.1, 99.9, 60.0]
    run_ids = make_runs(make_lab("bench-a"), len(history))
    with session_scope() as db:
        for run_id, rps in zip(run_ids, history, strict=True):
            db.execute(
                update(Run)
                .where(Run.id == run_id)
                .values(state=RunState.succeeded, params={}, summary=summary_at_rps(rps))
            )

    enqueue_change_detection(run_ids[-1])

    def recorded() -> list[tuple[str, int, int, float]] | None:
        with session_scope() as db:
            rows = db.execute(
                select(
                    ChangePoint.metric, ChangePoint.run_id, ChangePoint.before_run_id, ChangePoint.change_pct
                )
            ).all()
        return [tuple(row) for row in rows] or None  # type: ignore[misc]

    [(metric, run_id, before, pct)] = wait_until(recorded, 30, "the worker to record the change")
    assert (metric, run_id, before) == ("rps", run_ids[-1], run_ids[-2])
    assert pct == pytest.approx(-40, abs=0.5)
