"""Is every agent of a running run still the one that started it, still heard from, and not
revoked?

Heartbeats and polls bump last_seen_at. An agent restarted by its supervisor answers again
within seconds, but the new process knows nothing of the run (and stops what the old one left
running): its hello's `process_started_at` differs from the one the run picked.
"""

from __future__ import annotations

from functools import cache

from sqlalchemy import Select, bindparam, func, not_, select

from backend.models import Agent
from worker.execution import Execution
from worker.phases.base import check_rows


def revoked_during(agent_name: str, during: str) -> str:
    """A run's error when an agent it uses was revoked (a lab admin did, or its name was enrolled
    again): the agent's token is refused from then on, so nothing it measures is taken."""
    return (
        f"agent {agent_name} was revoked during {during}: its token is refused from then on, so "
        "the run cannot go on with it"
    )


@cache
def _agents_query() -> Select[int, str, str | None, bool, bool]:
    # Built once: the running phase asks every second. Only process_started_at of the
    # capabilities: reading them all (haproxy -vv, tool versions ...) into a model each time cost
    # more than the query.
    return select(
        Agent.id,
        Agent.name,
        func.jsonb_extract_path_text(Agent.capabilities, "process_started_at"),
        not_(Agent.heard_within()),
        Agent.revoked_at.is_not(None),
    ).where(Agent.id.in_(bindparam("ids", expanding=True)))


def lost_agent(execution: Execution, during: str) -> str | None:
    """Why an agent of this run is gone ("agent injector-1 lost during running"), or None."""
    picked = {a.id: a for a in execution.involved_agents}
    for agent_id, name, started, silent, revoked in check_rows(_agents_query(), {"ids": list(picked)}):
        if revoked:
            return revoked_during(name, during)
        if silent:
            return f"agent {name} lost during {during}"
        if started is not None and started != picked[agent_id].capabilities.process_started_at:
            return f"agent {name} restarted during {during}: the process running this run died"
    return None
