"""Browser sessions: a random cookie value (only its SHA-256 stored) and a CSRF token per session."""

from __future__ import annotations

import secrets
from datetime import timedelta

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from backend.accounts.secret_tokens import hash_secret, new_secret
from backend.models import Membership, UserSession
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
    return db.scalar(
        select(UserSession).where(
            UserSession.token_hash == hash_secret(cookie_value),
            UserSession.revoked_at.is_(None),
            UserSession.expires_at > func.now(),
        )
    )


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
