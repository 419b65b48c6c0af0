from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from backend.models import Role


class LoginRequest(BaseModel):
    email: str = Field(min_length=3, max_length=254)
    password: str = Field(min_length=1, max_length=1024)


class SwitchTeamRequest(BaseModel):
    team_id: int


class SessionUser(BaseModel):
    id: int
    email: str
    name: str


class TeamWithRole(BaseModel):
    id: int
    name: str
    slug: str
    role: Role


class SessionInfo(BaseModel):
    """Who is signed in, where, and the CSRF token to echo in X-CSRF-Token on unsafe requests."""

    via: Literal["session", "token"]
    user: SessionUser
    current_team: TeamWithRole | None
    # The effective role in the current team (a token's scope caps the membership role).
    role: Role | None
    teams: list[TeamWithRole]
    csrf_token: str | None = Field(description="null when authenticated by API token (no CSRF needed)")
    expires_at: datetime | None
