"""Sign-in, sessions, CSRF and API tokens, through the real app on real PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from backend.accounts.secret_tokens import hash_secret
from backend.auth.sessions import SESSION_COOKIE
from backend.models import ApiToken, Membership, Role, User, UserSession
from tests.api.helpers import (
    API,
    DEFAULT_PASSWORD,
    add_member,
    login_client,
    make_team,
    make_team_user,
    make_user,
    new_member,
    token_headers,
)

LAB = {"name": "bench-1"}


def _count(db: Session, model: type) -> int:
    return db.scalar(select(func.count()).select_from(model)) or 0


def _db_now(db: Session):
    return db.scalar(select(func.now()))


def test_login_sets_httponly_lax_cookie_and_stores_only_its_hash(client: TestClient, db: Session) -> None:
    team, user = make_team_user(db, role="editor")

    response = client.post(
        f"{API}/auth/login", json={"email": user.email.upper(), "password": DEFAULT_PASSWORD}
    )

    assert response.status_code == 200, response.text
    set_cookie = response.headers["set-cookie"]
    assert set_cookie.startswith(f"{SESSION_COOKIE}=")
    assert "HttpOnly" in set_cookie
    assert "SameSite=lax" in set_cookie or "samesite=lax" in set_cookie.lower()
    assert "Secure" not in set_cookie  # settings.session_cookie_secure is off in tests
    cookie = client.cookies[SESSION_COOKIE]
    stored = db.scalar(select(UserSession).where(UserSession.user_id == user.id))
    assert stored is not None
    assert stored.token_hash == hash_secret(cookie) != cookie
    body = response.json()
    assert body["via"] == "session"
    assert body["user"]["email"] == user.email
    assert body["current_team"]["id"] == team.id
    assert body["role"] == "editor"
    assert body["csrf_token"] == stored.csrf_token


def test_session_reports_user_team_role_and_all_teams(client: TestClient, db: Session) -> None:
    first, user = make_team_user(db, role="admin")
    second = make_team(db)
    add_member(db, second, user, "viewer")
    login_client(client, user.email)

    body = client.get(f"{API}/auth/session").json()

    assert body["current_team"]["id"] == first.id
    assert body["role"] == "admin"
    assert {(t["id"], t["role"]) for t in body["teams"]} == {(first.id, "admin"), (second.id, "viewer")}


def test_wrong_password_and_unknown_email_get_the_same_401(client: TestClient, db: Session) -> None:
    _, user = make_team_user(db)

    wrong = client.post(f"{API}/auth/login", json={"email": user.email, "password": "nope-nope"})
    unknown = client.post(f"{API}/auth/login", json={"email": "ghost@example.test", "password": "nope-nope"})

    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert wrong.json()["error"] == "unauthenticated"
    assert SESSION_COOKIE not in client.cookies
    assert _count(db, UserSession) == 0


def test_disabled_user_cannot_sign_in(client: TestClient, db: Session) -> None:
    _, user = make_team_user(db)
    user.is_active = False
    db.commit()

    response = client.post(f"{API}/auth/login", json={"email": user.email, "password": DEFAULT_PASSWORD})

    assert response.status_code == 401


def test_login_validation_error_names_the_field_and_writes_nothing(client: TestClient, db: Session) -> None:
    response = client.post(f"{API}/auth/login", json={"password": "whatever"})

    assert response.status_code == 422
    assert response.json()["error"] == "validation_error"
    assert [f["field"] for f in response.json()["fields"]] == ["email"]
    assert _count(db, UserSession) == 0


def test_login_rehashes_a_password_hashed_with_old_parameters(client: TestClient, db: Session) -> None:
    user = make_user(db)
    old_hash = PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1).hash(DEFAULT_PASSWORD)
    user.password_hash = old_hash
    db.commit()

    login_client(client, user.email)

    db.refresh(user)
    assert user.password_hash != old_hash
    assert not PasswordHasher().check_needs_rehash(user.password_hash)
    assert PasswordHasher().verify(user.password_hash, DEFAULT_PASSWORD)


def test_logout_ends_the_session(client: TestClient, db: Session) -> None:
    _, user = make_team_user(db)
    csrf = login_client(client, user.email)
    cookie = client.cookies[SESSION_COOKIE]

    response = client.post(f"{API}/auth/logout", headers=csrf)

    assert response.status_code == 204
    stored = db.scalar(select(UserSession).where(UserSession.token_hash == hash_secret(cookie)))
    assert stored is not None and stored.revoked_at is not None
    # Even a client that kept the old cookie is signed out.
    client.cookies.set(SESSION_COOKIE, cookie)
    assert client.get(f"{API}/auth/session").status_code == 401


def test_no_credentials_is_401(client: TestClient) -> None:
    response = client.get(f"{API}/labs")

    assert response.status_code == 401
    assert response.json()["error"] == "unauthenticated"


def test_unknown_session_cookie_is_401(client: TestClient) -> None:
    client.cookies.set(SESSION_COOKIE, "made-up")

    assert client.get(f"{API}/auth/session").status_code == 401


def test_expired_session_is_401(client: TestClient, db: Session) -> None:
    _, user = make_team_user(db)
    login_client(client, user.email)
    session = db.scalar(select(UserSession).where(UserSession.user_id == user.id))
    assert session is not None
    session.expires_at = _db_now(db) - timedelta(seconds=1)
    db.commit()

    assert client.get(f"{API}/auth/session").status_code == 401


def test_cookie_request_without_csrf_header_is_403(client: TestClient, db: Session) -> None:
    _, user = make_team_user(db, role="editor")
    login_client(client, user.email)

    missing = client.post(f"{API}/labs", json=LAB)
    wrong = client.post(f"{API}/labs", json=LAB, headers={"X-CSRF-Token": "guess"})

    assert missing.status_code == wrong.status_code == 403
    assert "X-CSRF-Token" in missing.json()["message"]
    assert client.get(f"{API}/labs").json() == []  # nothing was created


def test_cookie_request_with_csrf_header_succeeds(client: TestClient, db: Session) -> None:
    _, user = make_team_user(db, role="editor")
    csrf = login_client(client, user.email)

    response = client.post(f"{API}/labs", json=LAB, headers=csrf)

    assert response.status_code == 201, response.text
    assert [lab["name"] for lab in client.get(f"{API}/labs").json()] == ["bench-1"]


def test_bearer_token_needs_no_csrf(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")

    response = client.post(f"{API}/labs", json=LAB, headers=member.headers)

    assert response.status_code == 201, response.text


def test_bearer_token_session_view_has_no_csrf_token(client: TestClient, db: Session) -> None:
    member = new_member(db, "admin", scope="viewer")

    body = client.get(f"{API}/auth/session", headers=member.headers).json()

    assert body["via"] == "token"
    assert body["csrf_token"] is None
    assert body["current_team"]["id"] == member.team.id
    assert body["role"] == "viewer"  # capped by the token's scope


def test_malformed_or_unknown_bearer_token_is_401(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    secret = member.headers["Authorization"].removeprefix("Bearer ")

    for header in ("Bearer", "Basic abc", f"Bearer {secret}x", "Bearer hl_zzzzzzzz_abc", "Bearer nonsense"):
        assert client.get(f"{API}/labs", headers={"Authorization": header}).status_code == 401, header


def test_revoked_token_is_401(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    token = db.scalar(select(ApiToken).where(ApiToken.user_id == member.user.id))
    assert token is not None
    assert client.get(f"{API}/labs", headers=member.headers).status_code == 200

    assert client.delete(f"{API}/tokens/{token.id}", headers=member.headers).status_code == 204

    assert client.get(f"{API}/labs", headers=member.headers).status_code == 401


def test_expired_token_is_401(client: TestClient, db: Session) -> None:
    team, user = make_team_user(db, role="editor")
    expired = token_headers(db, user, team, scope="editor", expires_at=_db_now(db) - timedelta(seconds=1))
    live = token_headers(db, user, team, scope="editor", expires_at=_db_now(db) + timedelta(days=1))

    assert client.get(f"{API}/labs", headers=expired).status_code == 401
    assert client.get(f"{API}/labs", headers=live).status_code == 200


def test_token_scope_caps_the_members_role(client: TestClient, db: Session) -> None:
    team, admin = make_team_user(db, role="admin")
    viewer_token = token_headers(db, admin, team, scope="viewer")

    assert client.get(f"{API}/labs", headers=viewer_token).status_code == 200
    response = client.post(f"{API}/labs", json=LAB, headers=viewer_token)

    assert response.status_code == 403
    assert "editor" in response.json()["message"]


def test_demotion_applies_to_the_next_request(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    assert client.post(f"{API}/labs", json=LAB, headers=member.headers).status_code == 201

    membership = db.get(Membership, (member.team.id, member.user.id))
    assert membership is not None
    membership.role = Role.viewer
    db.commit()

    assert client.post(f"{API}/labs", json={"name": "bench-2"}, headers=member.headers).status_code == 403


def test_token_of_a_removed_member_is_401(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    db.delete(db.get(Membership, (member.team.id, member.user.id)))
    db.commit()

    assert client.get(f"{API}/labs", headers=member.headers).status_code == 401


def test_session_of_a_user_removed_from_the_current_team_is_403(client: TestClient, db: Session) -> None:
    team, user = make_team_user(db, role="editor")
    other = make_team(db)
    add_member(db, other, user, "viewer")
    csrf = login_client(client, user.email)
    assert client.get(f"{API}/labs").status_code == 200

    db.delete(db.get(Membership, (team.id, user.id)))
    db.commit()

    assert client.get(f"{API}/labs").status_code == 403
    # Who-am-I still works, and switching to a team they still belong to recovers.
    assert client.get(f"{API}/auth/session").json()["current_team"] is None
    assert (
        client.post(f"{API}/auth/session/team", json={"team_id": other.id}, headers=csrf).status_code == 200
    )
    assert client.get(f"{API}/labs").status_code == 200


def test_switching_team_changes_the_current_team_and_role(client: TestClient, db: Session) -> None:
    _, user = make_team_user(db, role="admin")
    second = make_team(db)
    add_member(db, second, user, "viewer")
    csrf = login_client(client, user.email)

    response = client.post(f"{API}/auth/session/team", json={"team_id": second.id}, headers=csrf)

    assert response.status_code == 200
    assert response.json()["current_team"]["id"] == second.id
    assert response.json()["role"] == "viewer"
    assert client.post(f"{API}/labs", json=LAB, headers=csrf).status_code == 403


def test_switching_to_a_team_you_are_not_in_is_404(client: TestClient, db: Session) -> None:
    first, user = make_team_user(db)
    stranger_team = make_team(db)
    csrf = login_client(client, user.email)

    response = client.post(f"{API}/auth/session/team", json={"team_id": stranger_team.id}, headers=csrf)

    assert response.status_code == 404
    assert client.get(f"{API}/auth/session").json()["current_team"]["id"] == first.id


def test_switching_team_needs_csrf(client: TestClient, db: Session) -> None:
    _, user = make_team_user(db)
    second = make_team(db)
    add_member(db, second, user, "viewer")
    login_client(client, user.email)

    assert client.post(f"{API}/auth/session/team", json={"team_id": second.id}).status_code == 403


def test_last_used_at_is_written_at_most_once_a_minute(client: TestClient, db: Session) -> None:
    member = new_member(db, "viewer")
    token = db.scalar(select(ApiToken).where(ApiToken.user_id == member.user.id))
    assert token is not None and token.last_used_at is None

    client.get(f"{API}/labs", headers=member.headers)
    db.refresh(token)
    first_use = token.last_used_at
    assert first_use is not None

    # Pretend the first use was 30 s ago: within the resolution, so a new use writes nothing.
    token.last_used_at = first_use - timedelta(seconds=30)
    db.commit()
    client.get(f"{API}/labs", headers=member.headers)
    db.refresh(token)
    assert token.last_used_at == first_use - timedelta(seconds=30)

    # 2 minutes ago: outside it, so the use is recorded.
    token.last_used_at = first_use - timedelta(minutes=2)
    db.commit()
    client.get(f"{API}/labs", headers=member.headers)
    db.refresh(token)
    assert token.last_used_at == first_use


def test_users_are_unique_by_email_case_insensitively(db: Session) -> None:
    user = make_user(db, email="Someone@Example.test")
    before = _count(db, User)

    try:
        make_user(db, email="someone@example.TEST")
    except Exception as exc:  # ApiError 409
        assert getattr(exc, "status", None) == 409
    else:
        raise AssertionError("a second user with the same email was created")
    assert _count(db, User) == before
    assert user.id is not None
