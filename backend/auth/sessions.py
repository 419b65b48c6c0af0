"""Browser sessions: a random cookie value (only its SHA-256 stored) and a CSRF token per session."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from functools import cache

from sqlalchemy import BindParameter, ColumnElement, Select, bindparam, func, select, update
from sqlalchemy.orm import Session

from backend.accounts.secret_tokens import hash_secret, new_secret
from backend.models import Membership, Role, User, UserSession
from backend.models.base import utcnow
from backend.settings import get_settings

SESSION_COOKIE = "haplab_session"
CSRF_HEADER = "X-CSRF-Token"


def default_team_id(db: Session, user_id: int) -> int | None:
    """The team a fresh login starts in: the user's oldest membership."""
    return db.scalar(
        select(Membership.team_id)
        .where(Membership.user_id == user_id)
        .order_by(Membership.created_at, Membership.team_id)
        .limit(1)
    )


def start_session(db: Session, user_id: int) -> tuple[UserSession, str]:
    """A new session row and the cookie value to hand to the browser (never stored)."""
    cookie_value = new_secret()
    row = UserSession(
        user_id=user_id,
        team_id=default_team_id(db, user_id),
        token_hash=hash_secret(cookie_value),
        csrf_token=secrets.token_urlsafe(32),
        expires_at=utcnow() + timedelta(hours=get_settings().session_ttl_hours),
    )
    db.add(row)
    db.flush()
    return row, cookie_value


def find_live_session(db: Session, cookie_value: str) -> UserSession | None:
    return db.scalar(select(UserSession).where(*_live(hash_secret(cookie_value))))


def _live(token_hash: str | BindParameter[str]) -> list[ColumnElement[bool]]:
    return [
        UserSession.token_hash == token_hash,
        UserSession.revoked_at.is_(None),
        UserSession.expires_at > func.now(),
    ]


@dataclass(frozen=True)
class SessionCaller:
    """A live session with its user and the user's role in the session's current team (None: no
    current team, or no longer a member), read in one query."""

    session: UserSession
    user: User
    role: Role | None


@cache
def _resolve_session_query() -> Select[UserSession, User, Role]:
    # Built once: every request runs it, and building a statement costs more CPU than running it.
    member = (Membership.team_id == UserSession.team_id) & (Membership.user_id == UserSession.user_id)
    return (
        select(UserSession, User, Membership.role)
        .join(User, User.id == UserSession.user_id)
        .outerjoin(Membership, member)
        .where(*_live(bindparam("token_hash")))
    )


def resolve_session(db: Session, cookie_value: str) -> SessionCaller | None:
    row = db.execute(_resolve_session_query(), {"token_hash": hash_secret(cookie_value)}).one_or_none()
    if row is None:
        return None
    session, user, role = row
    return SessionCaller(session, user, role)


def end_session(db: Session, session_id: int) -> None:
    db.execute(
        update(UserSession)
        .where(UserSession.id == session_id, UserSession.revoked_at.is_(None))
        .values(revoked_at=func.now())
        .execution_options(synchronize_session=False)
    )


def switch_team(db: Session, session: UserSession, team_id: int) -> None:
    session.team_id = team_id
    db.flush()
