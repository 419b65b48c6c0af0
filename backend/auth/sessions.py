"""Browser sessions: a random cookie value (only its SHA-256 stored) and a CSRF token per session."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from sqlalchemy import BindParameter, ColumnElement, Select, bindparam, func, select, update
from sqlalchemy.orm import Session

from backend.accounts.secret_tokens import hash_secret, new_secret
from backend.accounts.users import UserRecord, user_record_columns
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
class SessionRecord:
    """What a request needs of the browser session it came with (plain values, see UserRecord)."""

    id: int
    team_id: int | None
    csrf_token: str
    expires_at: datetime

    @classmethod
    def of(cls, session: UserSession) -> SessionRecord:
        return cls(session.id, session.team_id, session.csrf_token, session.expires_at)


@dataclass(frozen=True)
class SessionCaller:
    """A live session with its user and the user's role in the session's current team (None: no
    current team, or no longer a member), read in one query."""

    session: SessionRecord
    user: UserRecord
    role: Role | None


@cache
def _resolve_session_query() -> Select[Any]:
    # Built once: every request runs it, and building a statement costs more CPU than running it.
    member = (Membership.team_id == UserSession.team_id) & (Membership.user_id == UserSession.user_id)
    session_columns = (UserSession.id, UserSession.team_id, UserSession.csrf_token, UserSession.expires_at)
    return (
        select(*session_columns, *user_record_columns(), Membership.role)
        .join(User, User.id == UserSession.user_id)
        .outerjoin(Membership, member)
        .where(*_live(bindparam("token_hash")))
    )


def resolve_session(db: Session, cookie_value: str) -> SessionCaller | None:
    row = db.execute(_resolve_session_query(), {"token_hash": hash_secret(cookie_value)}).one_or_none()
    if row is None:
        return None
    session_id, team_id, csrf_token, expires_at, user_id, email, name, is_active, role = row
    return SessionCaller(
        SessionRecord(session_id, team_id, csrf_token, expires_at),
        UserRecord(user_id, email, name, is_active),
        role,
    )


def end_session(db: Session, session_id: int) -> None:
    db.execute(
        update(UserSession)
        .where(UserSession.id == session_id, UserSession.revoked_at.is_(None))
        .values(revoked_at=func.now())
        .execution_options(synchronize_session=False)
    )


def switch_team(db: Session, session_id: int, team_id: int) -> None:
    db.execute(
        update(UserSession)
        .where(UserSession.id == session_id)
        .values(team_id=team_id)
        .execution_options(synchronize_session=False)
    )
