"""The reaper (beat, every few seconds): nothing stays stuck because a worker or a message died.

- A lab whose lease expired while a run held it: its worker died. Fail the run, free the lab.
- A lab with queued runs and no active run: its kick was lost. Kick it.
Idempotent, and safe to run concurrently with itself and with dispatchers (guarded UPDATEs,
SKIP LOCKED on the lab rows).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from sqlalchemy import func, select

from backend.db import session_scope
from backend.models import Lab, Run
from backend.settings import get_settings
from spec.run_state import RunState
from worker.kicks import kick_lab
from worker.lab_lock import ReapedRun, reap_expired_lease

log = logging.getLogger(__name__)


@dataclass
class ReapReport:
    reaped: list[ReapedRun] = field(default_factory=list)
    kicked_lab_ids: list[int] = field(default_factory=list)


def reap_labs() -> ReapReport:
    report = ReapReport()
    with session_scope() as db:
        expired = db.scalars(
            select(Lab.id).where(Lab.active_run_id.is_not(None), Lab.lease_expires_at < func.now())
        ).all()
    for lab_id in expired:
        # One transaction per lab: one lab's trouble does not hold back the others.
        with session_scope() as db:
            reaped = reap_expired_lease(db, lab_id, skip_locked=True)
        if reaped is not None:
            log.warning("lab %s: run %s failed: %s", lab_id, reaped.run_id, reaped.error)
            report.reaped.append(reaped)
    with session_scope() as db:
        idle_with_queue = db.scalars(
            select(Lab.id)
            .join(Run, Run.lab_id == Lab.id)
            .where(Run.state == RunState.queued, Lab.active_run_id.is_(None))
            .distinct()
            .order_by(Lab.id)
        ).all()
    # Usually a lab just between two runs; a duplicate kick is harmless, and these expire so
    # they do not pile up while every worker is busy.
    expires = 2 * get_settings().reap_interval_seconds
    for lab_id in idle_with_queue:
        kick_lab(lab_id, expires_seconds=expires)
        report.kicked_lab_ids.append(lab_id)
    return report
