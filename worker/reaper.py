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
from backend.models import Agent, CapacitySearch, Lab, Run
from backend.settings import get_settings
from backend.webhooks import notify
from contract.protocol import StopLoad, Teardown
from contract.run_state import RunState
from worker import agent_rpc
from worker.kicks import kick_lab
from worker.lab_lock import ReapedRun, reap_expired_lease
from worker.phases.collect import record_cut_short

log = logging.getLogger(__name__)


@dataclass
class ReapReport:
    reaped: list[ReapedRun] = field(default_factory=list)
    kicked_lab_ids: list[int] = field(default_factory=list)


def tear_down_on_lab(lab_id: int, run_id: int) -> None:
    """Tell every agent of the lab to stop the dead run's load and clean up after it.

    The load would stop by itself when its lease runs out; this makes it sooner and also stops
    HAProxy and the targets, which hold no lease. Best effort: agents that are gone are gone.
    """
    with session_scope() as db:
        agent_ids = db.scalars(
            select(Agent.id).where(Agent.lab_id == lab_id, Agent.revoked_at.is_(None))
        ).all()
    for agent_id in agent_ids:
        try:
            agent_rpc.post_command(agent_id, StopLoad(run_id=run_id))
            agent_rpc.post_command(agent_id, Teardown(run_id=run_id))
        except Exception:
            log.warning("could not ask agent %s to tear down run %s", agent_id, run_id, exc_info=True)


def settle_reaped_run(reaped: ReapedRun) -> None:
    """After a dead worker's run was failed: stop what it left running, keep what it measured,
    tell the team's webhooks."""
    tear_down_on_lab(reaped.lab_id, reaped.run_id)
    record_cut_short(reaped.run_id, reaped.error)
    tell_webhooks(reaped.run_id)


def tell_webhooks(run_id: int) -> None:
    """The team's webhooks hear how the run ended; a problem there never touches the run."""
    try:
        with session_scope() as db:
            notify.run_ended(db, run_id)
    except Exception:
        log.exception("run %s: could not queue its webhook deliveries", run_id)


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
            settle_reaped_run(reaped)
    with session_scope() as db:
        idle_with_queue = db.scalars(
            select(Lab.id)
            .join(Run, Run.lab_id == Lab.id)
            .where(Run.state == RunState.queued, Lab.active_run_id.is_(None))
            .union(
                # A search still probing on an idle lab: its next probe was never queued (its
                # worker died between the two); a kick continues it (worker/dispatch.py).
                select(Lab.id)
                .join(CapacitySearch, CapacitySearch.lab_id == Lab.id)
                .where(CapacitySearch.answer.is_(None), Lab.active_run_id.is_(None))
            )
            .order_by(Lab.id)
        ).all()
    # Usually a lab just between two runs; a duplicate kick is harmless, and these expire so
    # they do not pile up while every worker is busy.
    expires = 2 * get_settings().reap_interval_seconds
    for lab_id in idle_with_queue:
        kick_lab(lab_id, expires_seconds=expires)
        report.kicked_lab_ids.append(lab_id)
    try:
        with session_scope() as db:
            notify.agents_gone_silent(db)
    except Exception:  # telling webhooks never stops the reaper's own work
        log.exception("could not tell webhooks of silent agents")
    return report
