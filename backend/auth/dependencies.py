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

from fastapi import Request
from sqlalchemy.orm import Session

from backend.accounts.secret_tokens import parse_prefixed_token
from backend.accounts.users import UserRecord
from backend.api.session import SessionDep
from backend.auth.principal import Principal
from backend.auth.sessions import CSRF_HEADER, SESSION_COOKIE, SessionRecord, resolve_session
from backend.errors import ApiError, forbidden
from backend.models import Role
from backend.teams.tokens import TOKEN_KIND, TokenRecord, resolve_token, touch_token

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def unauthenticated(message: str) -> ApiError:
    return ApiError(401, "unauthenticated", message)


@dataclass(frozen=True)
class Caller:
    """An authenticated user and how they came: exactly one of session or token is set. `role` is
    their membership role in the token's team or the session's current team (None: not a member,
    or no current team), read with the credential in one query."""

    user: UserRecord
    session: SessionRecord | None = None
    token: TokenRecord | None = None
    role: Role | None = None


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise unauthenticated("the Authorization header must be 'Bearer <token>'")
    return value.strip()


def _check_active(user: UserRecord) -> None:
    if not user.is_active:
        raise unauthenticated("this account is disabled")


def _check_csrf(credentials: Credentials, session: SessionRecord) -> None:
    if credentials.method not in UNSAFE_METHODS:
        return
    if not hmac.compare_digest(credentials.csrf_sent.encode(), session.csrf_token.encode()):
        raise forbidden(f"missing or wrong {CSRF_HEADER} header (it comes with the session)")


@dataclass(frozen=True)
class Credentials:
    """What a request presents, read from its headers without I/O: a bearer token (its form
    already checked) or a session cookie, with what a session's CSRF check needs."""

    bearer: str | None
    cookie: str | None
    method: str
    csrf_sent: str


def presented_credentials(request: Request) -> Credentials:
    """401 at once for a request with no credentials or a malformed one (before its parameters
    are looked at); the database decides on the rest (`resolve_caller`)."""
    presented = _bearer(request)
    if presented is not None:
        if parse_prefixed_token(TOKEN_KIND, presented) is None:
            raise unauthenticated("invalid, expired or revoked API token")
        return Credentials(bearer=presented, cookie=None, method=request.method, csrf_sent="")
    cookie = request.cookies.get(SESSION_COOKIE)
    if not cookie:
        raise unauthenticated("sign in, or send an API token as 'Authorization: Bearer <token>'")
    return Credentials(
        bearer=None, cookie=cookie, method=request.method, csrf_sent=request.headers.get(CSRF_HEADER, "")
    )


def resolve_caller(db: Session, credentials: Credentials) -> Caller:
    """Who presented these credentials (one query; an UPDATE of a token's last use at most once
    a second), or 401/403."""
    if credentials.bearer is not None:
        found = resolve_token(db, credentials.bearer)
        if found is None:
            raise unauthenticated("invalid, expired or revoked API token")
        _check_active(found.user)
        if found.stale_last_use:
            touch_token(db, found.token.id)
        return Caller(user=found.user, token=found.token, role=found.role)

    assert credentials.cookie is not None  # presented_credentials gives a token or a cookie
    live = resolve_session(db, credentials.cookie)
    if live is None:
        raise unauthenticated("your session has ended; sign in again")
    _check_csrf(credentials, live.session)
    _check_active(live.user)
    return Caller(user=live.user, session=live.session, role=live.role)


def get_caller(request: Request, db: SessionDep) -> Caller:
    """Who is calling, before any team is involved (the auth endpoints need only this)."""
    return resolve_caller(db, presented_credentials(request))


def principal_of(caller: Caller) -> Principal:
    """The caller's team and effective role (no I/O: the role came with the credential)."""
    if caller.token is not None:
        token = caller.token
        if caller.role is None:
            raise unauthenticated("this API token's user is no longer a member of its team")
        effective = caller.role if token.scope.allows(caller.role) else token.scope
        return Principal(
            user_id=caller.user.id, team_id=token.team_id, role=effective, via="token", token_id=token.id
        )

    session = caller.session
    assert session is not None  # resolve_caller returns a session or a token
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
