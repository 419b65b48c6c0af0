"""API tokens for scripts and CI: `Authorization: Bearer hl_<prefix>_<secret>`.

A token acts as its user in one team; its scope caps the user's membership role, which is
looked up on every request (backend.auth.dependencies), so a demotion applies at once.
The secret is returned once, at creation; only its SHA-256 is stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy import BindParameter, ColumnElement, Select, bindparam, func, or_, select, text, update
from sqlalchemy.orm import Session

from backend.accounts.secret_tokens import new_prefixed_token, parse_prefixed_token
from backend.accounts.users import UserRecord, user_record_columns
from backend.errors import not_found
from backend.models import ApiToken, Membership, Role, User
from backend.models.base import utcnow
from backend.teams.scoping import owned_by, readable

TOKEN_KIND = "hl"  # noqa: S105 - the token prefix, not a secret
# last_used_at is written at most this often per token, so busy scripts don't turn reads into writes.
LAST_USED_RESOLUTION_SECONDS = 60
_RESOLUTION = text(f"interval '{LAST_USED_RESOLUTION_SECONDS} seconds'")


def create_api_token(
    db: Session,
    user_id: int,
    team_id: int,
    name: str,
    scope: Role | str,
    expires_at: datetime | None = None,
) -> tuple[ApiToken, str]:
    """The one place API tokens are made. Returns the row and the secret (shown once)."""
    token = new_prefixed_token(TOKEN_KIND)
    row = ApiToken(
        user_id=user_id,
        team_id=team_id,
        name=name,
        scope=Role(scope),
        prefix=token.prefix,
        token_hash=token.hash,
        expires_at=expires_at,
    )
    db.add(row)
    db.flush()
    return row, token.value


def _live(token_hash: str | BindParameter[str]) -> list[ColumnElement[bool]]:
    return [
        ApiToken.token_hash == token_hash,
        ApiToken.revoked_at.is_(None),
        or_(ApiToken.expires_at.is_(None), ApiToken.expires_at > func.now()),
    ]


def find_live_token(db: Session, presented: str) -> ApiToken | None:
    """The unrevoked, unexpired token matching a presented bearer string, or None."""
    token = parse_prefixed_token(TOKEN_KIND, presented)
    if token is None:
        return None
    return db.scalar(select(ApiToken).where(*_live(token.hash)))


@dataclass(frozen=True)
class TokenRecord:
    """What a request needs of the API token it came with (plain values, see UserRecord)."""

    id: int
    team_id: int
    scope: Role
    expires_at: datetime | None


@dataclass(frozen=True)
class TokenCaller:
    """A live token with its user and the user's role in the token's team (None: not a member),
    read in one query: every API request authenticates, so each round trip counts."""

    token: TokenRecord
    user: UserRecord
    role: Role | None
    stale_last_use: bool  # last_used_at older than the resolution (by the database's clock)


@cache
def _resolve_token_query() -> Select[Any]:
    # Built once: every request runs it, and building a statement costs more CPU than running it.
    stale = or_(ApiToken.last_used_at.is_(None), ApiToken.last_used_at < func.now() - _RESOLUTION)
    return (
        select(
            ApiToken.id,
            ApiToken.team_id,
            ApiToken.scope,
            ApiToken.expires_at,
            *user_record_columns(),
            Membership.role,
            stale,
        )
        .join(User, User.id == ApiToken.user_id)
        .outerjoin(
            Membership, (Membership.team_id == ApiToken.team_id) & (Membership.user_id == ApiToken.user_id)
        )
        .where(*_live(bindparam("token_hash")))
    )


def resolve_token(db: Session, presented: str) -> TokenCaller | None:
    token = parse_prefixed_token(TOKEN_KIND, presented)
    if token is None:
        return None
    row = db.execute(_resolve_token_query(), {"token_hash": token.hash}).one_or_none()
    if row is None:
        return None
    token_id, team_id, scope, expires_at, user_id, email, name, is_active, role, stale_last_use = row
    return TokenCaller(
        TokenRecord(token_id, team_id, scope, expires_at),
        UserRecord(user_id, email, name, is_active),
        role,
        bool(stale_last_use),
    )


def touch_token(db: Session, token_id: int) -> None:
    """Record use, but only if the last record is older than the resolution (guarded UPDATE)."""
    db.execute(
        update(ApiToken)
        .where(
            ApiToken.id == token_id,
            or_(ApiToken.last_used_at.is_(None), ApiToken.last_used_at < func.now() - _RESOLUTION),
        )
        .values(last_used_at=func.now())
        .execution_options(synchronize_session=False)
    )


def list_user_tokens(db: Session, user_id: int, team_id: int) -> list[ApiToken]:
    return list(
        db.scalars(
            readable(ApiToken, team_id).where(ApiToken.user_id == user_id).order_by(ApiToken.id.desc())
        )
    )


def revoke_token(db: Session, token_id: int, team_id: int, user_id: int, may_revoke_others: bool) -> ApiToken:
    """Revoke one token of the team: the caller's own, or anyone's if `may_revoke_others` (admins).

    A token the caller may not touch is reported as missing, so ids don't leak.
    """
    row = db.scalar(readable(ApiToken, team_id).where(ApiToken.id == token_id))
    if row is None or (row.user_id != user_id and not may_revoke_others):
        raise not_found("token", token_id)
    if row.revoked_at is None:
        row.revoked_at = utcnow()
        db.flush()
    return row


def revoke_member_tokens(db: Session, user_id: int, team_id: int) -> None:
    """When someone leaves a team, their tokens for it die with the membership."""
    db.execute(
        update(ApiToken)
        .where(owned_by(ApiToken, team_id), ApiToken.user_id == user_id, ApiToken.revoked_at.is_(None))
        .values(revoked_at=func.now())
        .execution_options(synchronize_session=False)
    )


def revoke_tokens_named(db: Session, user_id: int, team_id: int, name: str) -> int:
    """Revoke a user's live tokens of one name (a tool replacing the token it made last time)."""
    result = db.execute(
        update(ApiToken)
        .where(
            owned_by(ApiToken, team_id),
            ApiToken.user_id == user_id,
            ApiToken.name == name,
            ApiToken.revoked_at.is_(None),
        )
        .values(revoked_at=func.now())
        .execution_options(synchronize_session=False)
    )
    return int(result.rowcount)  # type: ignore[attr-defined]
