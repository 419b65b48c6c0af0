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

from backend.api.session import SessionDep
from backend.auth.principal import Principal
from backend.auth.sessions import CSRF_HEADER, SESSION_COOKIE, resolve_session
from backend.errors import ApiError, forbidden
from backend.models import ApiToken, Role, User, UserSession
from backend.teams.tokens import resolve_token, touch_token

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def unauthenticated(message: str) -> ApiError:
    return ApiError(401, "unauthenticated", message)


@dataclass(frozen=True)
class Caller:
    """An authenticated user and how they came: exactly one of session or token is set. `role` is
    their membership role in the token's team or the session's current team (None: not a member,
    or no current team), read with the credential in one query."""

    user: User
    session: UserSession | None = None
    token: ApiToken | None = None
    role: Role | None = None


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise unauthenticated("the Authorization header must be 'Bearer <token>'")
    return value.strip()


def _check_active(user: User) -> None:
    if not user.is_active:
        raise unauthenticated("this account is disabled")


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
        found = resolve_token(db, presented)
        if found is None:
            raise unauthenticated("invalid, expired or revoked API token")
        _check_active(found.user)
        if found.stale_last_use:
            touch_token(db, found.token.id)
        return Caller(user=found.user, token=found.token, role=found.role)

    cookie = request.cookies.get(SESSION_COOKIE)
    if not cookie:
        raise unauthenticated("sign in, or send an API token as 'Authorization: Bearer <token>'")
    live = resolve_session(db, cookie)
    if live is None:
        raise unauthenticated("your session has ended; sign in again")
    _check_csrf(request, live.session)
    _check_active(live.user)
    return Caller(user=live.user, session=live.session, role=live.role)


async def get_principal(caller: Caller = Depends(get_caller)) -> Principal:
    """No I/O (the role came with the credential), so it runs on the event loop, not in a thread."""
    if caller.token is not None:
        token = caller.token
        if caller.role is None:
            raise unauthenticated("this API token's user is no longer a member of its team")
        effective = caller.role if token.scope.allows(caller.role) else token.scope
        return Principal(
            user_id=caller.user.id, team_id=token.team_id, role=effective, via="token", token_id=token.id
        )

    session = caller.session
    assert session is not None  # get_caller returns a session or a token
    if session.team_id is None:
        raise forbidden("you have no current team; choose one with POST /api/v1/auth/session/team")
    if caller.role is None:
        raise forbidden("you are no longer a member of your current team; switch to another team")
    return Principal(
        user_id=caller.user.id,
        team_id=session.team_id,
        role=Role(caller.role),
        via="session",
        session_id=session.id,
    )
