"""The lab dispatcher: run a lab's queued runs one at a time, oldest first.

A dispatch message is only a kick; the database decides. The dispatcher claims the lab for its
oldest queued run (guarded UPDATE), executes it, then releases the lab and kicks it again if
more runs wait. A kick for a busy lab returns at once: the dispatcher holding the lab kicks it
when its run ends, and the reaper kicks labs nobody kicks.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

import sqlalchemy.exc
from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from backend.db import session_scope
from backend.models import Run
from backend.queue import enqueue_change_detection
from backend.runs.capacity.chain import advance, stalled_searches
from backend.runs.transitions import transition
from backend.settings import get_settings
from contract.run_state import STOPPED_STATES, RunState
from worker.kicks import kick_lab
from worker.lab_lock import ReapedRun, claim_lab, lock_lab, reap_expired_lease, release_lab
from worker.orchestrator import RunOutcome, execute_run
from worker.phases.collect import record_cut_short
from worker.reaper import settle_reaped_run, tell_webhooks

log = logging.getLogger(__name__)

# If the worker is interrupted before the orchestrator says how the run ended.
INTERRUPTED = RunOutcome.failed("the worker stopped before the run ended")


def dispatch_lab(lab_id: int, task_id: str | None) -> int | None:
    """Execute the lab's oldest queued run if the lab is free, then the probes of its capacity
    search one after the other (finish_run claims each); returns the first run's id."""
    with session_scope() as db:
        claim = claim_next_run(db, lab_id, task_id)
    if claim.reaped is not None:
        # A redelivered kick may find the dead worker's lease before the reaper does.
        settle_reaped_run(claim.reaped)
    first = run_id = claim.run_id
    while run_id is not None:
        run_id = _execute_claimed(lab_id, run_id, task_id)
    if first is not None:
        kick_if_queued(lab_id)
    return first


def _execute_claimed(lab_id: int, run_id: int, task_id: str | None) -> int | None:
    """Execute a run the lab is claimed for; returns the search probe claimed after it, if any."""
    log.info("lab %s: run %s is preparing", lab_id, run_id)
    outcome = INTERRUPTED
    next_probe = None
    try:
        outcome = execute_run(run_id)
    finally:
        next_probe = finish_run(lab_id, run_id, outcome, task_id)
        if outcome.state == RunState.succeeded:
            detect_changes_later(run_id)
        if outcome.state in STOPPED_STATES:
            # Usually stored already by the orchestrator; not when PostgreSQL was away then.
            record_cut_short(run_id, outcome.error or f"the run was {outcome.state.value}")
    return next_probe


@dataclass(frozen=True)
class Claim:
    run_id: int | None  # the run now `preparing` on the lab; None when the lab is busy or idle
    reaped: ReapedRun | None = None  # a dead worker's run found holding the lab, failed first


def claim_next_run(db: Session, lab_id: int, task_id: str | None) -> Claim:
    """Claim the lab for its oldest queued run and move that run to `preparing`, atomically.

    The caller settles `reaped` (teardown, what it measured) once this transaction commits.
    """
    # The lab row first (the lock order everywhere): concurrent kicks for one lab queue up here.
    if not lock_lab(db, lab_id):
        return Claim(None)
    reaped = reap_expired_lease(db, lab_id, skip_locked=False)
    if reaped is not None:
        log.warning("lab %s: run %s failed: %s", lab_id, reaped.run_id, reaped.error)
    # A search whose last probe ended without a successor or an answer (its worker died between
    # the two, or the probe was reaped just now) goes on first, as finish_run would have done.
    continued = [run for search in stalled_searches(db, lab_id) if (run := advance(db, search)) is not None]
    return Claim(_claim_oldest_queued(db, lab_id, task_id, first=continued), reaped)


def _claim_oldest_queued(
    db: Session, lab_id: int, task_id: str | None, first: list[int] | None = None
) -> int | None:
    lease_seconds = get_settings().lab_lease_seconds
    skipped: list[int] = []
    while True:
        # SKIP LOCKED: with the lab locked, only the API (cancelling it) can hold a queued run's
        # row; rather than wait for it, take the next one. `first`: probes that go before the rest.
        waiting = select(Run.id).where(
            Run.lab_id == lab_id, Run.state == RunState.queued, Run.id.not_in(skipped)
        )
        ahead = [run for run in first or [] if run not in skipped]
        if ahead:
            waiting = waiting.where(Run.id.in_(ahead))
        run_id = db.scalar(waiting.order_by(Run.id).limit(1).with_for_update(skip_locked=True))
        if run_id is None and ahead:
            skipped.extend(ahead)
            continue
        if run_id is None:
            return None
        if not claim_lab(db, lab_id, run_id, lease_seconds):
            return None  # busy: its dispatcher kicks the lab again when its run ends
        if transition(db, run_id, RunState.preparing, expected=RunState.queued, celery_task_id=task_id):
            return run_id
        # The run left `queued` under us (cancelled): give the claim back and try the next one.
        release_lab(db, lab_id, run_id)
        skipped.append(run_id)


# PostgreSQL restarted by its supervisor is back within seconds: keep the run's true outcome
# rather than leave it to the reaper, which could only say "worker lost". Within the lab lease.
FINISH_RETRY_S = 20.0


def finish_run(lab_id: int, run_id: int, outcome: RunOutcome, task_id: str | None = None) -> int | None:
    """Release the lab and write the run's end state, both guarded, in one transaction; for a
    search's probe, in the same transaction, answer its search or queue its next probe and claim
    the lab for that probe (a concurrent kick waits on the lab's row, then finds it busy).
    Returns the probe claimed, for the caller to execute next."""
    deadline = time.monotonic() + FINISH_RETRY_S
    while True:
        try:
            with session_scope() as db:
                lock_lab(db, lab_id)  # the lock order everywhere: the lab's row first
                released = release_lab(db, lab_id, run_id)
                ended = transition(db, run_id, outcome.state, error=outcome.error)
                next_probe = _next_probe(db, lab_id, run_id, task_id) if released else None
            break
        except sqlalchemy.exc.OperationalError:
            if time.monotonic() >= deadline:
                raise
            log.warning(
                "lab %s: run %s ended %s but PostgreSQL is away; retrying",
                lab_id,
                run_id,
                outcome.state.value,
            )
            time.sleep(1)
    if ended:
        log.info("lab %s: run %s %s %s", lab_id, run_id, outcome.state.value, outcome.error or "")
        tell_webhooks(run_id)
    else:
        log.info("lab %s: run %s had already ended elsewhere", lab_id, run_id)
    return next_probe


def _next_probe(db: Session, lab_id: int, run_id: int, task_id: str | None) -> int | None:
    """The search's next probe, claimed for the lab (which this worker just released); None when
    `run_id` is no probe, its search answered, or the probe could not be claimed."""
    search_id = db.scalar(select(Run.search_id).where(Run.id == run_id))
    if search_id is None:
        return None
    probe = advance(db, search_id)
    if probe is None:
        return None
    return _claim_oldest_queued(db, lab_id, task_id, first=[probe])


def detect_changes_later(run_id: int) -> None:
    """The run's point is searched for changes by another task: a lost message loses only that
    search (the point's next run searches the whole series again), never the run."""
    try:
        enqueue_change_detection(run_id)
    except Exception:
        log.exception("run %s: could not queue its change detection", run_id)


def kick_if_queued(lab_id: int) -> None:
    with session_scope() as db:
        waiting = db.scalar(select(exists().where(Run.lab_id == lab_id, Run.state == RunState.queued)))
    if waiting:
        kick_lab(lab_id)
