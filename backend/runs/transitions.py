"""The only way a run's state changes: guarded UPDATEs.

    UPDATE run SET state = :new ... WHERE id = :id AND state IN (:legal sources)

If the row was not in a legal source state (someone else moved it first: a cancel racing a
completion), nothing is written and the caller gets False. Callers never assign Run.state.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from sqlalchemy import event, func, update
from sqlalchemy.orm import Session

from backend.messaging.run_control import publish_run_control
from backend.messaging.run_events import publish_state
from backend.models import Run
from contract.run_state import ACTIVE_STATES, RunState, sources_of

log = logging.getLogger(__name__)


def transition(
    db: Session,
    run_id: int,
    new: RunState,
    *,
    expected: RunState | None = None,
    error: str | None = None,
    **values: Any,
) -> bool:
    """Move run `run_id` to `new` if the move is legal from its current state (or from `expected`).

    Returns whether the row changed. Extra column values are written in the same UPDATE.
    """
    legal = sources_of(new)
    if expected is not None:
        if expected not in legal:
            raise ValueError(f"{expected.value} -> {new.value} is not an allowed run transition")
        legal = frozenset({expected})
    # When this statement runs, not when its transaction began (now()): a claim that waited on the
    # lab's row for another worker's finish must not be stamped as starting before that run ended.
    now = func.statement_timestamp()
    extra: dict[str, Any] = dict(values)
    extra["state_changed_at"] = now
    if new == RunState.preparing:
        extra.setdefault("started_at", now)
    if new.is_terminal:
        extra.setdefault("finished_at", now)
    if error is not None:
        extra["error"] = error
    result = db.execute(
        update(Run)
        .where(Run.id == run_id, Run.state.in_(list(legal)))
        .values(state=new, **extra)
        .execution_options(synchronize_session="fetch")
    )
    changed = bool(result.rowcount == 1)  # type: ignore[attr-defined]
    if changed:
        _publish_after_commit(db, run_id, new, error)
    return changed


def _publish_after_commit(db: Session, run_id: int, new: RunState, error: str | None) -> None:
    """Tell live subscribers (SSE) once the change is committed, never before or if rolled back;
    an end also wakes the run's worker (ended elsewhere: the reaper, or a cancel of a queued run)."""

    def publish(_session: Session) -> None:
        try:
            publish_state(run_id, new, error)
            if new.is_terminal:
                publish_run_control(run_id, "ended")
        except Exception:  # the live view is best effort; the database has the truth
            log.warning("could not publish state %s of run %s", new.value, run_id, exc_info=True)

    event.listen(db, "after_commit", publish, once=True)


def _wake_worker_after_commit(db: Session, run_id: int) -> None:
    """The run's worker hears of the cancel once it is committed (worker/run_watch.py)."""

    def publish(_session: Session) -> None:
        publish_run_control(run_id, "cancel")

    event.listen(db, "after_commit", publish, once=True)


def request_cancel(db: Session, run_id: int) -> RunState | None:
    """Cancel a run: a queued run is cancelled at once; an active one is marked for the worker.

    Returns the resulting state, or None if the run was already finished (nothing written).
    """
    if transition(db, run_id, RunState.cancelled, expected=RunState.queued):
        return RunState.cancelled
    marked = db.execute(
        update(Run)
        .where(Run.id == run_id, Run.state.in_(ACTIVE_STATES))
        .values(cancel_requested_at=func.now())
        .returning(Run.state)
        .execution_options(synchronize_session="fetch")
    ).scalar_one_or_none()
    if marked is None:
        return None
    _wake_worker_after_commit(db, run_id)
    return RunState(marked)


def cancel_requested_at(db: Session, run_id: int) -> datetime | None:
    return db.execute(
        Run.__table__.select().with_only_columns(Run.cancel_requested_at).where(Run.id == run_id)
    ).scalar_one_or_none()
