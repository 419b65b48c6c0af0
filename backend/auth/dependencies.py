"""Resolve the caller of a request (session cookie or bearer API token) to a Principal.

- `Authorization: Bearer hl_...` wins when present; such requests need no CSRF header (a
  browser never attaches it by itself, so a forged cross-site request cannot carry it).
- Otherwise the `haplab_session` cookie; unsafe methods must echo the session's CSRF token in
  `X-CSRF-Token`.
- The membership role is read on every request, so demotions and removals apply at once; a
  token's scope caps it.

401: no credentials, or unknown/expired/revoked ones. 403: a bad CSRF token, or a session whose
user is no longer a member of its current team.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from backend.api.session import SessionDep
from backend.auth.principal import Principal
from backend.auth.sessions import CSRF_HEADER, SESSION_COOKIE, find_live_session
from backend.errors import ApiError, forbidden
from backend.models import ApiToken, Role, User, UserSession
from backend.teams.service import membership_role
from backend.teams.tokens import find_live_token, touch_token

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def unauthenticated(message: str) -> ApiError:
    return ApiError(401, "unauthenticated", message)


@dataclass(frozen=True)
class Caller:
    """An authenticated user and how they came: exactly one of session or token is set."""

    user: User
    session: UserSession | None = None
    token: ApiToken | None = None


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise unauthenticated("the Authorization header must be 'Bearer <token>'")
    return value.strip()


def _active_user(db: Session, user_id: int) -> User:
    user = db.get(User, user_id)
    if user is None or not user.is_active:
        raise unauthenticated("this account is disabled")
    return user


def _check_csrf(request: Request, session: UserSession) -> None:
    if request.method not in UNSAFE_METHODS:
        return
    sent = request.headers.get(CSRF_HEADER, "")
    if not hmac.compare_digest(sent.encode(), session.csrf_token.encode()):
        raise forbidden(f"missing or wrong {CSRF_HEADER} header (it comes with the session)")


def get_caller(request: Request, db: SessionDep) -> Caller:
    """Who is calling, before any team is involved (the auth endpoints need only this)."""
    presented = _bearer(request)
    if presented is not None:
        token = find_live_token(db, presented)
        if token is None:
            raise unauthenticated("invalid, expired or revoked API token")
        user = _active_user(db, token.user_id)
        touch_token(db, token.id)
        return Caller(user=user, token=token)

    cookie = request.cookies.get(SESSION_COOKIE)
    if not cookie:
        raise unauthenticated("sign in, or send an API token as 'Authorization: Bearer <token>'")
    session = find_live_session(db, cookie)
    if session is None:
        raise unauthenticated("your session has ended; sign in again")
    _check_csrf(request, session)
    return Caller(user=_active_user(db, session.user_id), session=session)


def get_principal(db: SessionDep, caller: Caller = Depends(get_caller)) -> Principal:
    if caller.token is not None:
        token = caller.token
        role = membership_role(db, token.team_id, caller.user.id)
        if role is None:
            raise unauthenticated("this API token's user is no longer a member of its team")
        effective = role if token.scope.allows(role) else token.scope
        return Principal(
            user_id=caller.user.id, team_id=token.team_id, role=effective, via="token", token_id=token.id
        )

    session = caller.session
    assert session is not None  # get_caller returns a session or a token
    if session.team_id is None:
        raise forbidden("you have no current team; choose one with POST /api/v1/auth/session/team")
    role = membership_role(db, session.team_id, caller.user.id)
    if role is None:
        raise forbidden("you are no longer a member of your current team; switch to another team")
    return Principal(
        user_id=caller.user.id, team_id=session.team_id, role=Role(role), via="session", session_id=session.id
    )
