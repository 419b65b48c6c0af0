"""Is every agent of a running run still the one that started it, and still heard from?

Heartbeats and polls bump last_seen_at. An agent restarted by its supervisor answers again
within seconds, but the new process knows nothing of the run (and stops what the old one left
running): its hello's `process_started_at` differs from the one the run picked.
"""

from __future__ import annotations

from sqlalchemy import not_, select

from backend.db import session_scope
from backend.models import Agent
from worker.execution import Execution


def lost_agent(execution: Execution, during: str) -> str | None:
    """Why an agent of this run is gone ("agent injector-1 lost during running"), or None."""
    picked = {a.id: a for a in execution.involved_agents}
    with session_scope() as db:
        rows = db.execute(
            select(
                Agent.id,
                Agent.name,
                Agent.capabilities,
                not_(Agent.heard_within()),
            ).where(Agent.id.in_(picked))
        ).all()
    for agent_id, name, capabilities, silent in rows:
        if silent:
            return f"agent {name} lost during {during}"
        started = capabilities.process_started_at if capabilities else None
        if started is not None and started != picked[agent_id].capabilities.process_started_at:
            return f"agent {name} restarted during {during}: the process running this run died"
    return None
