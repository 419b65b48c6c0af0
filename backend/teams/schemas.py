from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from backend.accounts.passwords import MIN_PASSWORD_LENGTH
from backend.models import Role
from backend.teams.service import SLUG_PATTERN

EMAIL_PATTERN = r"^[^@\s]+@[^@\s]+\.[^@\s]+$"


class TeamOut(BaseModel):
    id: int
    name: str
    slug: str
    role: Role = Field(description="the caller's membership role in this team")
    created_at: datetime


class TeamCreate(BaseModel):
    name: str = Field(min_length=1, max_length=120)
    slug: str | None = Field(
        None, pattern=SLUG_PATTERN, description="unique; made from the name when omitted"
    )


class MemberOut(BaseModel):
    user_id: int
    email: str
    name: str
    role: Role
    joined_at: datetime


class MemberAdd(BaseModel):
    email: str = Field(max_length=254, pattern=EMAIL_PATTERN)
    role: Role = Role.viewer
    name: str = Field("", max_length=120)
    password: str | None = Field(
        None,
        min_length=MIN_PASSWORD_LENGTH,
        max_length=1024,
        description="initial password; required only when no user has this email yet",
    )


class MemberUpdate(BaseModel):
    role: Role


class TokenCreate(BaseModel):
    name: str = Field(min_length=1, max_length=120)
    scope: Role = Field(Role.viewer, description="the most this token may do; at most your own role")
    expires_in_days: int | None = Field(None, ge=1, le=3650, description="never expires when omitted")


class TokenOut(BaseModel):
    id: int
    user_id: int
    name: str
    prefix: str = Field(description="shown as hl_<prefix>_... so tokens can be told apart")
    scope: Role
    created_at: datetime
    expires_at: datetime | None
    last_used_at: datetime | None
    revoked_at: datetime | None


class TokenCreated(TokenOut):
    token: str = Field(description="the secret; shown this once and never again")
