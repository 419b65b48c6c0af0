"""Sign-in and the "who am I" view of a caller."""

from __future__ import annotations

from sqlalchemy.orm import Session

from backend.accounts.passwords import verify_password
from backend.accounts.users import UserRecord, find_user_by_email
from backend.auth.dependencies import Caller, unauthenticated
from backend.auth.schemas import SessionInfo, SessionUser, TeamWithRole
from backend.auth.sessions import SessionRecord, start_session
from backend.models import Role
from backend.teams.service import teams_of_user

# One message for unknown email, wrong password and disabled account: no user enumeration.
LOGIN_FAILED = "wrong email or password"


def login(db: Session, email: str, password: str) -> tuple[Caller, str]:
    """Check the password (rehashing it if argon2's parameters changed) and start a session.

    Returns the signed-in caller and the cookie value for the browser."""
    user = find_user_by_email(db, email)
    ok, new_hash = verify_password(user.password_hash if user else None, password)
    if user is None or not ok or not user.is_active:
        raise unauthenticated(LOGIN_FAILED)
    if new_hash is not None:
        user.password_hash = new_hash
    session, cookie_value = start_session(db, user.id)
    return Caller(user=UserRecord.of(user), session=SessionRecord.of(session)), cookie_value


def describe_caller(db: Session, caller: Caller) -> SessionInfo:
    teams = [
        TeamWithRole(id=team.id, name=team.name, slug=team.slug, role=role)
        for team, role in teams_of_user(db, caller.user.id)
    ]
    team_id: int | None
    csrf_token: str | None
    if caller.token is not None:
        team_id, cap = caller.token.team_id, caller.token.scope
        csrf_token, expires_at = None, caller.token.expires_at
    else:
        assert caller.session is not None  # a Caller has a session or a token
        team_id, cap = caller.session.team_id, Role.admin
        csrf_token, expires_at = caller.session.csrf_token, caller.session.expires_at
    current = next((t for t in teams if t.id == team_id), None)
    role = None
    if current is not None:
        role = current.role if cap.allows(current.role) else cap
    return SessionInfo(
        via="token" if caller.token is not None else "session",
        user=SessionUser(id=caller.user.id, email=caller.user.email, name=caller.user.name),
        current_team=current,
        role=role,
        teams=teams,
        csrf_token=csrf_token,
        expires_at=expires_at,
    )
