"""Enrollment: how an agent joins a lab.

An editor creates a one-time enrollment token for a lab (optionally restricted to some roles)
and pastes the printed command on the lab host. The agent redeems the token once, for its own
long-lived agent token. Redemption is a guarded UPDATE (`WHERE used_at IS NULL AND expires_at >
now()`), so two agents racing with the same token cannot both win.

Enrolling a name the lab already has is a rotation: the agent of that name is revoked (its token
refused from then on, everywhere at once: backend/labs/revocation.py) and a new agent row takes
the name with the new token. A new row rather than a new token on the old one: revoked_at is
set once and never cleared, so a revoked credential can never come back to life, every check
keyed on the agent's id (its revocation mark in Redis, a run's agents) stays true, and the old
row stays as the record of what ran under the old token. Replacing a live agent revokes it, which
only a team admin may do: the enrollment token must have been created by someone who is a team
admin when it is redeemed (an editor's token may add agents, or bring back a revoked name).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import timedelta

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from backend.accounts.secret_tokens import new_prefixed_token, parse_prefixed_token
from backend.errors import ApiError, FieldError, conflict, invalid, not_found
from backend.labs.revocation import revoke
from backend.labs.service import get_lab
from backend.models import Agent, EnrollmentToken, Membership, Role
from backend.models.base import utcnow
from backend.settings import get_settings
from backend.teams.scoping import readable

ENROLLMENT_KIND = "hle"
AGENT_KIND = "hla"
AGENT_ROLES = ("proxy", "injector", "target")
AGENT_NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$"


ALL_ROLES = ("proxy", "injector", "target")


def enroll_command(token: str, roles: Sequence[str] = (), agent_name: str = "NAME") -> str:
    """The one line to paste on the lab host (kept here only, so UI and docs agree).

    A token without roles admits any role; the command then names all three for the operator
    to trim, since the agent must say which roles it plays before it spends the token.
    """
    role_list = ",".join(roles or ALL_ROLES)
    return (
        f"haplab-agent enroll --server {get_settings().public_url} --token {token}"
        f" --name {agent_name} --roles {role_list}"
    )


def create_enrollment_token(
    db: Session,
    team_id: int,
    lab_id: int,
    created_by_id: int | None,
    roles: Sequence[str],
    expires_in_minutes: int = 60,
) -> tuple[EnrollmentToken, str]:
    """A one-time token for `lab_id`; returns the row and the secret (shown once)."""
    lab = get_lab(db, team_id, lab_id)
    token = new_prefixed_token(ENROLLMENT_KIND)
    row = EnrollmentToken(
        team_id=team_id,
        lab_id=lab.id,
        created_by_id=created_by_id,
        token_hash=token.hash,
        prefix=token.prefix,
        roles=sorted(set(roles)),
        expires_at=utcnow() + timedelta(minutes=expires_in_minutes),
    )
    db.add(row)
    db.flush()
    return row, token.value


def list_enrollment_tokens(db: Session, team_id: int, lab_id: int) -> Sequence[EnrollmentToken]:
    lab = get_lab(db, team_id, lab_id)
    return db.scalars(
        select(EnrollmentToken).where(EnrollmentToken.lab_id == lab.id).order_by(EnrollmentToken.id.desc())
    ).all()


def revoke_enrollment_token(db: Session, team_id: int, lab_id: int, token_id: int) -> None:
    """Delete an unused token (a used one is the record of how its agent joined: 409)."""
    lab = get_lab(db, team_id, lab_id)
    row = db.scalar(
        select(EnrollmentToken)
        .where(EnrollmentToken.id == token_id, EnrollmentToken.lab_id == lab.id)
        .with_for_update()
    )
    if row is None:
        raise not_found("enrollment token", token_id)
    if row.used_at is not None:
        raise conflict("this enrollment token was already used; revoke the agent instead")
    db.delete(row)
    db.flush()


def _created_by_an_admin(db: Session, team_id: int, user_id: int | None) -> bool:
    role = db.scalar(readable(Membership, team_id, Membership.role).where(Membership.user_id == user_id))
    return role == Role.admin


def _invalid_token() -> ApiError:
    return ApiError(
        401, "invalid_enrollment_token", "this enrollment token is unknown, already used or expired"
    )


def redeem_enrollment_token(
    db: Session, token: str, agent_name: str, roles: Sequence[str]
) -> tuple[Agent, str]:
    """Spend a one-time enrollment token: create the agent and return it with its agent token.

    `roles` must fit the token's roles (all of them when empty). A live agent of the same name
    in the lab is revoked: the new one replaces it (rotation, see the module's note). Any error
    leaves the caller's transaction to roll back, which also un-spends the token (and un-revokes
    nothing: the revocation is announced only once committed).
    """
    if not re.match(AGENT_NAME_PATTERN, agent_name):
        raise invalid("name", "letters, digits, '.', '_' and '-', up to 120 characters")
    unknown = sorted(set(roles) - set(AGENT_ROLES))
    if unknown:
        raise invalid("roles", f"unknown role(s) {', '.join(unknown)}; use {', '.join(AGENT_ROLES)}")
    parsed = parse_prefixed_token(ENROLLMENT_KIND, token)
    if parsed is None:
        raise _invalid_token()
    spent = db.execute(
        update(EnrollmentToken)
        .where(
            EnrollmentToken.token_hash == parsed.hash,
            EnrollmentToken.used_at.is_(None),
            EnrollmentToken.expires_at > func.now(),
        )
        .values(used_at=func.now())
        .returning(
            EnrollmentToken.id,
            EnrollmentToken.team_id,
            EnrollmentToken.lab_id,
            EnrollmentToken.roles,
            EnrollmentToken.created_by_id,
        )
        .execution_options(synchronize_session=False)
    ).one_or_none()
    if spent is None:
        raise _invalid_token()

    allowed = set(spent.roles) or set(AGENT_ROLES)
    wanted = set(roles) or set(spent.roles)
    if not wanted:
        raise invalid("roles", "this token allows any role; say which ones the agent takes")
    if not wanted <= allowed:
        raise invalid("roles", f"this enrollment token allows only {', '.join(sorted(allowed))}")

    replaced = db.scalar(
        select(Agent.id)
        .where(Agent.lab_id == spent.lab_id, Agent.name == agent_name, Agent.revoked_at.is_(None))
        .with_for_update()
    )
    if replaced is not None:
        if not _created_by_an_admin(db, spent.team_id, spent.created_by_id):
            message = (
                f"an agent named {agent_name} is live in this lab; replacing it revokes it, which only "
                "a team admin may do: use an enrollment token an admin created, or ask an admin to "
                "revoke it first"
            )
            raise ApiError(409, "conflict", message, [FieldError(field="name", message=message)])
        revoke(db, replaced)
    agent_token = new_prefixed_token(AGENT_KIND)
    agent = Agent(
        team_id=spent.team_id,
        lab_id=spent.lab_id,
        name=agent_name,
        roles=sorted(wanted),
        token_hash=agent_token.hash,
    )
    try:
        with db.begin_nested():
            db.add(agent)
            db.flush()
    except IntegrityError:
        # Another enrollment of the same name committed first (the row locked above was revoked
        # by it, or did not exist yet).
        raise ApiError(
            409,
            "conflict",
            f"another agent named {agent_name} was enrolled in this lab at the same moment; try again",
            [FieldError(field="name", message="enrolled by someone else at the same moment")],
        ) from None
    db.execute(
        update(EnrollmentToken)
        .where(EnrollmentToken.id == spent.id)
        .values(agent_id=agent.id)
        .execution_options(synchronize_session=False)
    )
    return agent, agent_token.value
