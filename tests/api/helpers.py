"""Factories for API tests. They go through the real services (no raw inserts), so they stay
true to what the API does.

    team, user = make_team_user(db, role="editor")
    headers = token_headers(db, user, team, scope="editor")      # Authorization: Bearer ...
    client.post("/api/v1/labs", json={...}, headers=headers)

    headers = as_member(client, db, "viewer")                     # a new viewer of a new team

    csrf = login_client(client, user.email)                       # browser session (cookie)
    client.post("/api/v1/labs", json={...}, headers=csrf)         # X-CSRF-Token

Users made here share one password, DEFAULT_PASSWORD, hashed once per test process (argon2 is
deliberately slow).

Every factory ends with `db.commit()`. In the `db` fixture a commit only releases a savepoint
(the whole test is still rolled back at the end), but it matters: a request that fails rolls
the shared session back to the last commit, and without it the test's own setup would vanish
with the failed request. Do the same after changing rows by hand (`db.commit()`, not flush()).
"""

from __future__ import annotations

import itertools
import uuid
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from backend.accounts.passwords import hash_password
from backend.accounts.users import create_user
from backend.labs.service import create_lab
from backend.models import Lab, Role, Team, User
from backend.teams.service import add_membership, create_team
from backend.teams.tokens import create_api_token

DEFAULT_PASSWORD = "correct horse battery staple"
API = "/api/v1"

_seq = itertools.count(1)


@lru_cache
def _default_password_hash() -> str:
    return hash_password(DEFAULT_PASSWORD)


def _unique(word: str) -> str:
    return f"{word}-{next(_seq)}-{uuid.uuid4().hex[:6]}"


def make_user(
    db: Session, email: str | None = None, password: str = DEFAULT_PASSWORD, name: str = ""
) -> User:
    email = email or f"{_unique('user')}@example.test"
    if password == DEFAULT_PASSWORD:
        user = create_user(db, email=email, name=name or email, password_hash=_default_password_hash())
    else:
        user = create_user(db, email=email, name=name or email, password=password)
    db.commit()
    return user


def make_team(db: Session, name: str | None = None, creator: User | None = None) -> Team:
    slug = _unique("team")
    team = create_team(db, name=name or slug, slug=slug, creator_id=creator.id if creator else None)
    db.commit()
    return team


def make_team_user(
    db: Session,
    role: Role | str = "editor",
    email: str | None = None,
    team: Team | None = None,
    password: str = DEFAULT_PASSWORD,
) -> tuple[Team, User]:
    """A new user with `role` in `team` (a new team when None)."""
    team = team or make_team(db)
    user = make_user(db, email=email, password=password)
    add_membership(db, team_id=team.id, user_id=user.id, role=Role(role))
    db.commit()
    return team, user


def add_member(db: Session, team: Team, user: User, role: Role | str) -> None:
    add_membership(db, team_id=team.id, user_id=user.id, role=Role(role))
    db.commit()


def token_headers(
    db: Session,
    user: User,
    team: Team,
    scope: Role | str = "admin",
    expires_at: datetime | None = None,
) -> dict[str, str]:
    """Bearer headers of a fresh API token of `user` in `team` (scope caps the member's role)."""
    _, secret = create_api_token(
        db, user.id, team.id, name=_unique("token"), scope=scope, expires_at=expires_at
    )
    db.commit()
    return {"Authorization": f"Bearer {secret}"}


def login_client(client: TestClient, email: str, password: str = DEFAULT_PASSWORD) -> dict[str, str]:
    """Sign `client` in (it keeps the session cookie); returns the X-CSRF-Token header to send
    with unsafe requests."""
    response = client.post(f"{API}/auth/login", json={"email": email, "password": password})
    assert response.status_code == 200, response.text
    return {"X-CSRF-Token": response.json()["csrf_token"]}


@dataclass(frozen=True)
class Member:
    team: Team
    user: User
    headers: dict[str, str]


def new_member(db: Session, role: Role | str = "editor", scope: Role | str | None = None) -> Member:
    """A new member of a new team, with bearer headers (token scope = role unless given)."""
    team, user = make_team_user(db, role=role)
    return Member(team=team, user=user, headers=token_headers(db, user, team, scope=scope or role))


def as_member(client: TestClient, db: Session, role: Role | str = "editor") -> dict[str, str]:
    """Bearer headers for a new member with `role` of a new team. `client` is not touched:
    bearer headers work on any client, so one client can act as several people."""
    del client
    return new_member(db, role).headers


def make_lab(db: Session, team: Team, name: str | None = None, **fields: Any) -> Lab:
    lab = create_lab(db, team_id=team.id, name=name or _unique("lab"), **fields)
    db.commit()
    return lab
