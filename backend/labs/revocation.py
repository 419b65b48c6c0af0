"""Revoking an agent: its token refused at once, everywhere, and its runs in flight failed.

A lab admin revokes an agent (POST /labs/{lab}/agents/{agent}/revoke), or enrolling its name
again replaces it (backend/labs/enrollment.py: rotation). Either way the row's `revoked_at` is
set, once, and never cleared: the row stays as the record of the agent that was (runs name the
agents they ran on; the lab page lists it as revoked), and it counts for nothing any more: not
online, not picked for a run, not in the lab's boundary, not told offline.

"At once" has three parts, all after the revocation commits:
- every agent route looks the token up in PostgreSQL (backend/fleet/service.calling_agent) and
  answers 401 `agent_revoked` from that commit on;
- a long-poll that passed that check before, held open in any API process, waits on Redis: the
  agent's revocation mark wakes it (backend.messaging.revoked_agents.mark_agent_revoked,
  backend/fleet/mailbox.py);
- the worker executing a run of the lab is told on the run's control channel; it checks whether
  an agent of that run was revoked and fails the run naming it (worker/run_watch.py), then
  tears it down. The revoked agent's own load stops when the agent hears its 401 (it stops
  everything and exits) or, at the latest, when its load lease runs out: renewals ride on the
  replies to its sample batches, which are refused now.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from backend.db import after_outer_commit
from backend.errors import not_found
from backend.labs.service import get_lab
from backend.messaging import revoked_agents, run_control
from backend.models import Agent, Run
from contract.run_state import ACTIVE_STATES

log = logging.getLogger(__name__)


def revoke_agent(db: Session, team_id: int, lab_id: int, agent_id: int) -> Agent:
    """Revoke an agent of the team's lab (404 for another team's lab or another lab's agent).

    Revoking a revoked agent changes nothing (its revocation time stays): a retry is harmless."""
    lab = get_lab(db, team_id, lab_id)
    agent = db.scalar(select(Agent).where(Agent.id == agent_id, Agent.lab_id == lab.id))
    if agent is None:
        raise not_found("agent", agent_id)
    if revoke(db, agent.id):
        db.refresh(agent)
    return agent


def revoke(db: Session, agent_id: int) -> bool:
    """Set the agent's revoked_at if it is not set yet (a guarded UPDATE: of two revocations
    racing, one writes); once committed, the revocation is announced (see the module's note).
    Returns whether this call revoked it."""
    lab_id = db.execute(
        update(Agent)
        .where(Agent.id == agent_id, Agent.revoked_at.is_(None))
        .values(revoked_at=func.now())
        .returning(Agent.lab_id)
        .execution_options(synchronize_session=False)
    ).scalar_one_or_none()
    if lab_id is None:
        return False
    # Every run of the lab that is executing now may be using the agent; the worker knows which.
    runs = db.scalars(select(Run.id).where(Run.lab_id == lab_id, Run.state.in_(ACTIVE_STATES))).all()
    _announce_after_commit(db, agent_id, runs)
    log.info("agent %s of lab %s revoked (runs in flight on the lab: %s)", agent_id, lab_id, list(runs))
    return True


def _announce_after_commit(db: Session, agent_id: int, run_ids: Sequence[int]) -> None:
    """Wake the agent's held polls and the workers of the lab's runs once the revocation is
    committed, never before (a rolled-back revocation must not cut an agent off)."""

    def announce() -> None:
        revoked_agents.mark_agent_revoked(agent_id)
        for run_id in run_ids:
            run_control.publish_run_control(run_id, "agent_revoked")

    after_outer_commit(db, announce)
