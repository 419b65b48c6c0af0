"""/auth: browser sign-in (cookie session + CSRF token), sign-out, who-am-I, team switch."""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response, status

from backend.api.deps import SessionDep
from backend.api.storable import StorableRoute
from backend.auth import service, throttle
from backend.auth.dependencies import Caller, get_caller
from backend.auth.schemas import LoginRequest, SessionInfo, SwitchTeamRequest
from backend.auth.sessions import SESSION_COOKIE, SessionRecord, end_session, find_live_session, switch_team
from backend.errors import ApiError, not_found
from backend.settings import get_settings
from backend.teams.service import membership_role

router = APIRouter(tags=["auth"], route_class=StorableRoute)

CallerDep = Annotated[Caller, Depends(get_caller)]


def _set_session_cookie(response: Response, value: str) -> None:
    settings = get_settings()
    response.set_cookie(
        SESSION_COOKIE,
        value,
        max_age=settings.session_ttl_hours * 3600,
        httponly=True,
        samesite="lax",
        secure=settings.session_cookie_secure,
        path="/",
    )


def _browser_session(caller: Caller) -> SessionRecord:
    if caller.session is None:
        raise ApiError(400, "bad_request", "this acts on a browser session; API tokens have none")
    return caller.session


@router.post("/auth/login")
def login(body: LoginRequest, request: Request, response: Response, db: SessionDep) -> SessionInfo:
    """Sign in with email and password. Sets the session cookie; returns the CSRF token.

    Failed attempts are limited per account and per address (429 with Retry-After)."""
    client = request.client.host if request.client else "unknown"
    throttle.refuse_if_throttled(body.email, client)
    previous = request.cookies.get(SESSION_COOKIE)
    if previous and (old := find_live_session(db, previous)) is not None:
        end_session(db, old.id)
    try:
        caller, cookie_value = service.login(db, body.email, body.password)
    except ApiError as exc:
        if exc.status == 401:
            throttle.record_failure(body.email, client)
        raise
    throttle.clear_account(body.email)
    _set_session_cookie(response, cookie_value)
    return service.describe_caller(db, caller)


@router.post("/auth/logout", status_code=status.HTTP_204_NO_CONTENT)
def logout(caller: CallerDep, response: Response, db: SessionDep) -> None:
    end_session(db, _browser_session(caller).id)
    response.delete_cookie(SESSION_COOKIE, path="/")


@router.get("/auth/session")
def get_session(caller: CallerDep, db: SessionDep) -> SessionInfo:
    """Who am I: user, current team and role, all my teams, and the CSRF token."""
    return service.describe_caller(db, caller)


@router.post("/auth/session/team")
def switch_current_team(body: SwitchTeamRequest, caller: CallerDep, db: SessionDep) -> SessionInfo:
    """Make another of my teams the current one for this browser session."""
    session = _browser_session(caller)
    if membership_role(db, body.team_id, caller.user.id) is None:
        raise not_found("team", body.team_id)
    switch_team(db, session.id, body.team_id)
    switched = replace(caller, session=replace(session, team_id=body.team_id))
    return service.describe_caller(db, switched)
