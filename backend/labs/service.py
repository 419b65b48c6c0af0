"""Labs and their agents. Every query is scoped by team: another team's lab is "not found"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from sqlalchemy import exists, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from backend.errors import ApiError, FieldError, conflict, not_found
from backend.labs.injector_weights import check_injector_weights
from backend.labs.link_shaping import check_settings
from backend.models import Agent, Lab, Run
from backend.teams.scoping import readable, writable
from contract.run_state import IN_PROGRESS_STATES

# An agent heartbeats every second; silent for longer than this, it is offline.


def _name_taken(name: str) -> ApiError:
    return ApiError(
        409,
        "conflict",
        f"a lab named {name} already exists",
        [FieldError(field="name", message="already taken")],
    )


def create_lab(
    db: Session, team_id: int, name: str, description: str = "", settings: dict[str, Any] | None = None
) -> Lab:
    check_settings(settings or {}, [])
    check_injector_weights(settings or {}, [])
    lab = Lab(team_id=team_id, name=name, description=description, settings=settings or {})
    try:
        with db.begin_nested():
            db.add(lab)
            db.flush()
    except IntegrityError:
        raise _name_taken(name) from None
    return lab


def get_lab(db: Session, team_id: int, lab_id: int, for_update: bool = False) -> Lab:
    rows = writable(Lab, team_id) if for_update else readable(Lab, team_id)
    lab = db.scalar(rows.where(Lab.id == lab_id))
    if lab is None:
        raise not_found("lab", lab_id)
    return lab


def list_labs(db: Session, team_id: int) -> Sequence[Lab]:
    return db.scalars(readable(Lab, team_id).order_by(Lab.name, Lab.id)).all()


def lab_agents(db: Session, lab_ids: Sequence[int]) -> dict[int, list[Agent]]:
    """Live (unrevoked) agents by lab id, in name order."""
    out: dict[int, list[Agent]] = {lab_id: [] for lab_id in lab_ids}
    if not lab_ids:
        return out
    agents = db.scalars(
        select(Agent)
        .where(Agent.lab_id.in_(lab_ids), Agent.revoked_at.is_(None))
        .order_by(Agent.name, Agent.id)
    )
    for agent in agents:
        out[agent.lab_id].append(agent)
    return out


def revoked_agents(db: Session, lab_id: int) -> Sequence[Agent]:
    """The lab's revoked agents, the latest revoked first: listed, never counted
    (backend/labs/revocation.py)."""
    return db.scalars(
        select(Agent)
        .where(Agent.lab_id == lab_id, Agent.revoked_at.is_not(None))
        .order_by(Agent.revoked_at.desc(), Agent.id.desc())
    ).all()


def update_lab(db: Session, team_id: int, lab_id: int, changes: dict[str, Any]) -> Lab:
    lab = get_lab(db, team_id, lab_id)
    if "settings" in changes:
        agents = lab_agents(db, [lab.id])[lab.id]
        check_settings(changes["settings"], agents)
        check_injector_weights(changes["settings"], agents)
    for field, value in changes.items():
        setattr(lab, field, value)
    try:
        with db.begin_nested():
            db.flush()
    except IntegrityError:
        raise _name_taken(str(changes.get("name"))) from None
    return lab


def delete_lab(db: Session, team_id: int, lab_id: int) -> None:
    """Delete a lab and its agents; refused (409) while a run holds it or waits for it."""
    lab = get_lab(db, team_id, lab_id, for_update=True)
    pending = db.scalar(select(exists().where(Run.lab_id == lab.id, Run.state.in_(IN_PROGRESS_STATES))))
    if lab.active_run_id is not None or pending:
        raise conflict(f"lab {lab_id} has a queued or active run; cancel it or wait for it to end first")
    db.delete(lab)
    db.flush()


def online_agent_ids(db: Session, lab_ids: Sequence[int]) -> set[int]:
    """The agents of these labs that are online now (Agent.heard_within, the one rule); a
    revoked agent never is, even in the seconds after its last request."""
    if not lab_ids:
        return set()
    return set(
        db.scalars(
            select(Agent.id).where(
                Agent.lab_id.in_(lab_ids), Agent.revoked_at.is_(None), Agent.heard_within()
            )
        )
    )


def agent_status(
    agent: Agent, lab: Lab, online_ids: set[int]
) -> Literal["online", "busy", "offline", "revoked"]:
    """online | busy (online, and its lab is running something) | offline (silent for 15 s) |
    revoked (its token is refused for good)."""
    if agent.revoked_at is not None:
        return "revoked"
    if agent.id not in online_ids:
        return "offline"
    return "busy" if lab.active_run_id is not None else "online"
