"""`haplab-admin create-admin` (backend.cli) and ensure_admin, on a real committed database."""

from __future__ import annotations

import stat
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from backend.accounts.passwords import verify_password
from backend.bootstrap import ensure_admin
from backend.cli import main
from backend.db import session_scope
from backend.models import Membership, Role, Team, User
from backend.teams.tokens import find_live_token
from tests.api.helpers import make_team_user


def test_create_admin_writes_a_working_admin_token_with_mode_600(fresh_database: str, tmp_path: Path) -> None:
    token_file = tmp_path / "secrets" / "admin.token"

    admin = ["--email", "root@example.test", "--password", "s3cret-pass", "--team", "Perf Lab"]
    code = main(["create-admin", *admin, "--token-file", str(token_file)])

    assert code == 0
    assert stat.S_IMODE(token_file.stat().st_mode) == 0o600
    secret = token_file.read_text().strip()
    with session_scope() as db:
        user = db.scalar(select(User).where(User.email == "root@example.test"))
        team = db.scalar(select(Team).where(Team.slug == "perf-lab"))
        assert user is not None and team is not None
        assert verify_password(user.password_hash, "s3cret-pass")[0]
        assert db.get(Membership, (team.id, user.id)).role == Role.admin
        token = find_live_token(db, secret)
        assert token is not None
        assert (token.user_id, token.team_id, token.scope) == (user.id, team.id, Role.admin)


def test_create_admin_is_idempotent_and_keeps_the_password(fresh_database: str, tmp_path: Path) -> None:
    args = ["create-admin", "--email", "root@example.test", "--team", "Perf Lab"]
    assert main([*args, "--password", "first-password"]) == 0
    token_file = tmp_path / "admin.token"
    token_file.write_text("old")
    token_file.chmod(0o644)

    assert main([*args, "--password", "second-password", "--token-file", str(token_file)]) == 0

    assert stat.S_IMODE(token_file.stat().st_mode) == 0o600
    with session_scope() as db:
        assert db.scalar(select(func.count()).select_from(User)) == 1
        assert db.scalar(select(func.count()).select_from(Team)) == 1
        user = db.scalar(select(User))
        assert verify_password(user.password_hash, "first-password")[0]
        assert find_live_token(db, token_file.read_text().strip()) is not None


def test_create_admin_replaces_the_token_it_wrote_before(fresh_database: str, tmp_path: Path) -> None:
    token_file = tmp_path / "admin.token"
    args = ["create-admin", "--email", "root@example.test", "--password", "s3cret-pass", "--team", "Perf Lab"]
    assert main([*args, "--token-file", str(token_file)]) == 0
    first = token_file.read_text().strip()

    assert main([*args, "--token-file", str(token_file)]) == 0
    second = token_file.read_text().strip()

    assert first != second
    with session_scope() as db:
        assert find_live_token(db, first) is None
        assert find_live_token(db, second) is not None


def test_create_admin_refuses_a_short_password(fresh_database: str) -> None:
    assert main(["create-admin", "--email", "a@example.test", "--password", "short", "--team", "T"]) == 2
    with session_scope() as db:
        assert db.scalar(select(func.count()).select_from(User)) == 0


def test_ensure_admin_promotes_an_existing_member(db: Session) -> None:
    team, user = make_team_user(db, "viewer")

    got_user, got_team = ensure_admin(db, user.email, "ignored-password", team.name)

    assert (got_user.id, got_team.id) == (user.id, team.id)
    assert db.get(Membership, (team.id, user.id)).role == Role.admin
