"""Is every agent of a running run still heard from? (Heartbeats and polls bump last_seen_at.)"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select

from backend.db import session_scope
from backend.models import Agent
from spec.protocol import ONLINE_WINDOW_S
from worker.execution import Execution


def lost_agent(execution: Execution) -> str | None:
    """The name of an agent of this run that has gone silent, or None."""
    ids = [a.id for a in execution.involved_agents]
    with session_scope() as db:
        silent = db.scalars(
            select(Agent.name).where(
                Agent.id.in_(ids),
                Agent.last_seen_at < func.now() - timedelta(seconds=ONLINE_WINDOW_S),
            )
        ).first()
    return silent
