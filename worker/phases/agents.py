"""`preparing`: wait until the lab has an online agent for every role a run needs."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.db import session_scope
from backend.models import Agent
from backend.settings import get_settings
from contract.run_state import RunState
from worker.phases.base import Phase, RunContext

# Every run drives a proxy, sends load from an injector and serves it from a target.
REQUIRED_ROLES: tuple[str, ...] = ("proxy", "injector", "target")


def online_roles(db: Session, lab_id: int) -> set[str]:
    """Roles of the lab's agents that are not revoked and were heard from recently."""
    rows = db.scalars(
        select(Agent.roles).where(
            Agent.lab_id == lab_id,
            Agent.revoked_at.is_(None),
            Agent.heard_within(),
        )
    )
    return {role for roles in rows for role in roles}


def missing_roles(db: Session, lab_id: int, required: Iterable[str] = REQUIRED_ROLES) -> list[str]:
    present = online_roles(db, lab_id)
    return [role for role in required if role not in present]


def describe_missing(lab_name: str, missing: list[str], waited_seconds: float) -> str:
    roles = f"role {missing[0]}" if len(missing) == 1 else f"roles {', '.join(missing)}"
    return f"lab {lab_name!r} has no online agent with {roles} (waited {waited_seconds:g} s)"


class WaitForAgents(Phase):
    state = RunState.preparing

    def timeout_seconds(self) -> float:
        return get_settings().agent_wait_seconds

    def poll(self, ctx: RunContext) -> bool:
        with session_scope() as db:
            return not missing_roles(db, ctx.lab_id)

    def timeout_error(self, ctx: RunContext) -> str:
        with session_scope() as db:
            missing = missing_roles(db, ctx.lab_id)
        waited = self.timeout_seconds()
        if not missing:  # they came online between the last poll and now: too late all the same
            return f"lab {ctx.lab_name!r} agents were not all online within {waited:g} s"
        return describe_missing(ctx.lab_name, missing, waited)
