"""The lab lock: `lab.active_run_id` + `lab.lease_expires_at`, changed only by guarded UPDATEs.

A worker claims a free lab for one run, renews the lease while the run executes, and releases it
when the run ends. A worker that dies stops renewing, so its lease expires and the lab can be
reaped. Every time is the database's clock (`now()`), so workers on hosts with skewed clocks
still agree. Lock order everywhere is lab row, then run row, so these never deadlock each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, or_, select, update
from sqlalchemy.orm import Session

from backend.models import Lab
from backend.runs.transitions import transition
from contract.run_state import RunState


@dataclass(frozen=True)
class ReapedRun:
    lab_id: int
    run_id: int
    lease_expired_at: datetime

    @property
    def error(self) -> str:
        at = self.lease_expired_at.astimezone(UTC).isoformat(timespec="seconds")
        return f"worker lost: lab lease expired at {at}"


def lock_lab(db: Session, lab_id: int) -> bool:
    """Lock the lab row until commit, so claims on one lab happen one after the other.

    Without it, two dispatchers could each lock a different queued run (SKIP LOCKED) and the
    one holding the younger run could win the lab. False if the lab no longer exists.
    """
    return db.scalar(select(Lab.id).where(Lab.id == lab_id).with_for_update()) is not None


def claim_lab(db: Session, lab_id: int, run_id: int, lease_seconds: float) -> bool:
    """Take the lab for `run_id` if nobody holds it (or the holder's lease expired)."""
    result = db.execute(
        update(Lab)
        .where(Lab.id == lab_id, or_(Lab.active_run_id.is_(None), Lab.lease_expires_at < func.now()))
        .values(active_run_id=run_id, lease_expires_at=func.now() + timedelta(seconds=lease_seconds))
        .execution_options(synchronize_session=False)
    )
    return bool(result.rowcount == 1)  # type: ignore[attr-defined]


def renew_lease(db: Session, lab_id: int, run_id: int, lease_seconds: float) -> bool:
    """Extend the lease; False means the lab is no longer ours (reaped, or released)."""
    result = db.execute(
        update(Lab)
        .where(Lab.id == lab_id, Lab.active_run_id == run_id)
        .values(lease_expires_at=func.now() + timedelta(seconds=lease_seconds))
        .execution_options(synchronize_session=False)
    )
    return bool(result.rowcount == 1)  # type: ignore[attr-defined]


def release_lab(db: Session, lab_id: int, run_id: int) -> bool:
    """Free the lab, but only if `run_id` still holds it (a reaper may have moved on already)."""
    result = db.execute(
        update(Lab)
        .where(Lab.id == lab_id, Lab.active_run_id == run_id)
        .values(active_run_id=None, lease_expires_at=None)
        .execution_options(synchronize_session=False)
    )
    return bool(result.rowcount == 1)  # type: ignore[attr-defined]


def reap_expired_lease(db: Session, lab_id: int, *, skip_locked: bool) -> ReapedRun | None:
    """If the lab's lease expired with a run on it, fail that run and free the lab.

    The lab row stays locked until the caller commits, so a late lease renewal from a worker
    that was only slow waits, then finds the lab no longer its own and stops its run.
    """
    row = db.execute(
        select(Lab.active_run_id, Lab.lease_expires_at)
        .where(Lab.id == lab_id, Lab.active_run_id.is_not(None), Lab.lease_expires_at < func.now())
        .with_for_update(skip_locked=skip_locked)
    ).first()
    if row is None or row.active_run_id is None or row.lease_expires_at is None:
        return None
    reaped = ReapedRun(lab_id=lab_id, run_id=row.active_run_id, lease_expired_at=row.lease_expires_at)
    release_lab(db, lab_id, reaped.run_id)
    # A no-op if the run already ended (its worker died between ending it and releasing the lab).
    transition(db, reaped.run_id, RunState.failed, error=reaped.error)
    return reaped
