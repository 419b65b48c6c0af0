"""Teams, members and API tokens."""

from __future__ import annotations

from fastapi.testclient import TestClient
from httpx import Response
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from backend.models import ApiToken, Membership, Team, User
from tests.api.helpers import (
    API,
    add_member,
    login_client,
    make_team_user,
    make_user,
    new_member,
    token_headers,
)


def _count(db: Session, model: type) -> int:
    return db.scalar(select(func.count()).select_from(model)) or 0


def _fields(response: Response) -> list[str]:
    return [f["field"] for f in response.json()["fields"]]


# --- teams -------------------------------------------------------------------------------------


def test_list_teams_shows_my_teams_with_my_role(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    other_team, _ = make_team_user(db, "admin")
    add_member(db, other_team, member.user, "viewer")
    make_team_user(db, "admin")  # a team I am not in

    body = client.get(f"{API}/teams", headers=member.headers).json()

    assert {(t["id"], t["role"]) for t in body} == {(member.team.id, "editor"), (other_team.id, "viewer")}


def test_create_team_makes_the_creator_its_admin(client: TestClient, db: Session) -> None:
    _, user = make_team_user(db)
    csrf = login_client(client, user.email)

    response = client.post(f"{API}/teams", json={"name": "Perf Team #2"}, headers=csrf)

    assert response.status_code == 201, response.text
    body = response.json()
    assert body["slug"] == "perf-team-2"
    assert body["role"] == "admin"
    assert db.get(Membership, (body["id"], user.id)).role == "admin"


def test_create_team_with_a_taken_slug_is_409_naming_slug(client: TestClient, db: Session) -> None:
    member = new_member(db, "admin")
    assert (
        client.post(f"{API}/teams", json={"name": "A", "slug": "alpha"}, headers=member.headers).status_code
        == 201
    )
    before = _count(db, Team)

    response = client.post(f"{API}/teams", json={"name": "B", "slug": "alpha"}, headers=member.headers)

    assert response.status_code == 409
    assert _fields(response) == ["slug"]
    assert _count(db, Team) == before


def test_create_team_with_an_invalid_slug_is_422_naming_slug_and_writes_nothing(
    client: TestClient, db: Session
) -> None:
    member = new_member(db, "admin")
    teams, memberships = _count(db, Team), _count(db, Membership)

    response = client.post(f"{API}/teams", json={"name": "x", "slug": "Not A Slug"}, headers=member.headers)

    assert response.status_code == 422
    assert _fields(response) == ["slug"]
    assert (_count(db, Team), _count(db, Membership)) == (teams, memberships)


def test_a_viewer_scoped_token_cannot_create_teams(client: TestClient, db: Session) -> None:
    member = new_member(db, "admin", scope="viewer")
    before = _count(db, Team)

    response = client.post(f"{API}/teams", json={"name": "sneaky"}, headers=member.headers)

    assert response.status_code == 403
    assert _count(db, Team) == before


# --- members -----------------------------------------------------------------------------------


def test_members_list_shows_everyone_with_roles(client: TestClient, db: Session) -> None:
    admin = new_member(db, "admin")
    _, viewer = make_team_user(db, "viewer", team=admin.team)

    body = client.get(f"{API}/teams/current/members", headers=admin.headers).json()

    assert {(m["user_id"], m["role"]) for m in body} == {(admin.user.id, "admin"), (viewer.id, "viewer")}


def test_admin_adds_an_existing_user_by_email(client: TestClient, db: Session) -> None:
    admin = new_member(db, "admin")
    user = make_user(db)

    response = client.post(
        f"{API}/teams/current/members",
        json={"email": user.email.upper(), "role": "editor"},
        headers=admin.headers,
    )

    assert response.status_code == 201, response.text
    assert response.json()["user_id"] == user.id
    assert db.get(Membership, (admin.team.id, user.id)).role == "editor"


def test_admin_creates_a_user_with_an_initial_password_who_can_then_sign_in(
    client: TestClient, db: Session
) -> None:
    admin = new_member(db, "admin")

    response = client.post(
        f"{API}/teams/current/members",
        json={"email": "new.person@example.test", "role": "viewer", "password": "initial-pass-123"},
        headers=admin.headers,
    )

    assert response.status_code == 201, response.text
    csrf = login_client(client, "new.person@example.test", "initial-pass-123")
    assert csrf["X-CSRF-Token"]
    assert client.get(f"{API}/auth/session").json()["current_team"]["id"] == admin.team.id


def test_adding_an_unknown_email_without_password_is_422_naming_password(
    client: TestClient, db: Session
) -> None:
    admin = new_member(db, "admin")
    users, memberships = _count(db, User), _count(db, Membership)

    response = client.post(
        f"{API}/teams/current/members", json={"email": "nobody@example.test"}, headers=admin.headers
    )

    assert response.status_code == 422
    assert _fields(response) == ["password"]
    assert (_count(db, User), _count(db, Membership)) == (users, memberships)


def test_adding_with_a_bad_email_or_short_password_names_the_fields(client: TestClient, db: Session) -> None:
    admin = new_member(db, "admin")
    users = _count(db, User)

    response = client.post(
        f"{API}/teams/current/members",
        json={"email": "not-an-email", "password": "short"},
        headers=admin.headers,
    )

    assert response.status_code == 422
    assert sorted(_fields(response)) == ["email", "password"]
    assert _count(db, User) == users


def test_setting_a_password_for_an_existing_user_is_refused(client: TestClient, db: Session) -> None:
    admin = new_member(db, "admin")
    user = make_user(db)
    old_hash = user.password_hash

    response = client.post(
        f"{API}/teams/current/members",
        json={"email": user.email, "password": "hijacked-pass"},
        headers=admin.headers,
    )

    assert response.status_code == 422
    assert _fields(response) == ["password"]
    db.refresh(user)
    assert user.password_hash == old_hash
    assert db.get(Membership, (admin.team.id, user.id)) is None


def test_adding_someone_twice_is_409(client: TestClient, db: Session) -> None:
    admin = new_member(db, "admin")
    _, editor = make_team_user(db, "editor", team=admin.team)

    response = client.post(
        f"{API}/teams/current/members", json={"email": editor.email}, headers=admin.headers
    )

    assert response.status_code == 409
    assert db.get(Membership, (admin.team.id, editor.id)).role == "editor"


def test_only_admins_manage_members(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    _, viewer = make_team_user(db, "viewer", team=editor.team)
    outsider = make_user(db)

    add = client.post(f"{API}/teams/current/members", json={"email": outsider.email}, headers=editor.headers)
    promote = client.patch(
        f"{API}/teams/current/members/{viewer.id}", json={"role": "admin"}, headers=editor.headers
    )
    remove = client.delete(f"{API}/teams/current/members/{viewer.id}", headers=editor.headers)

    assert (add.status_code, promote.status_code, remove.status_code) == (403, 403, 403)
    assert db.get(Membership, (editor.team.id, outsider.id)) is None
    assert db.get(Membership, (editor.team.id, viewer.id)).role == "viewer"
    # Reading the member list is fine for anyone in the team.
    assert client.get(f"{API}/teams/current/members", headers=editor.headers).status_code == 200


def test_admin_changes_a_role(client: TestClient, db: Session) -> None:
    admin = new_member(db, "admin")
    _, viewer = make_team_user(db, "viewer", team=admin.team)

    response = client.patch(
        f"{API}/teams/current/members/{viewer.id}", json={"role": "editor"}, headers=admin.headers
    )

    assert response.status_code == 200
    assert response.json()["role"] == "editor"
    assert db.get(Membership, (admin.team.id, viewer.id)).role == "editor"


def test_changing_to_an_unknown_role_names_the_field(client: TestClient, db: Session) -> None:
    admin = new_member(db, "admin")
    _, viewer = make_team_user(db, "viewer", team=admin.team)

    response = client.patch(
        f"{API}/teams/current/members/{viewer.id}", json={"role": "owner"}, headers=admin.headers
    )

    assert response.status_code == 422
    assert _fields(response) == ["role"]


def test_the_last_admin_cannot_be_demoted_or_removed(client: TestClient, db: Session) -> None:
    admin = new_member(db, "admin")

    demote = client.patch(
        f"{API}/teams/current/members/{admin.user.id}", json={"role": "editor"}, headers=admin.headers
    )
    remove = client.delete(f"{API}/teams/current/members/{admin.user.id}", headers=admin.headers)

    assert (demote.status_code, remove.status_code) == (409, 409)
    assert db.get(Membership, (admin.team.id, admin.user.id)).role == "admin"


def test_a_deactivated_admin_does_not_count_as_another_admin(client: TestClient, db: Session) -> None:
    admin = new_member(db, "admin")
    _, dormant = make_team_user(db, "admin", team=admin.team)
    dormant.is_active = False
    db.commit()

    demote = client.patch(
        f"{API}/teams/current/members/{admin.user.id}", json={"role": "viewer"}, headers=admin.headers
    )
    remove = client.delete(f"{API}/teams/current/members/{admin.user.id}", headers=admin.headers)

    assert (demote.status_code, remove.status_code) == (409, 409)
    assert "at least one admin" in demote.json()["message"]


def test_an_admin_can_step_down_when_another_admin_exists(client: TestClient, db: Session) -> None:
    admin = new_member(db, "admin")
    _, second = make_team_user(db, "admin", team=admin.team)

    response = client.patch(
        f"{API}/teams/current/members/{admin.user.id}", json={"role": "viewer"}, headers=admin.headers
    )

    assert response.status_code == 200
    assert db.get(Membership, (admin.team.id, admin.user.id)).role == "viewer"
    assert db.get(Membership, (admin.team.id, second.id)).role == "admin"


def test_removing_a_member_revokes_their_tokens_for_the_team(client: TestClient, db: Session) -> None:
    admin = new_member(db, "admin")
    _, editor = make_team_user(db, "editor", team=admin.team)
    editor_headers = token_headers(db, editor, admin.team, scope="editor")
    assert client.get(f"{API}/labs", headers=editor_headers).status_code == 200

    response = client.delete(f"{API}/teams/current/members/{editor.id}", headers=admin.headers)

    assert response.status_code == 204
    assert db.get(Membership, (admin.team.id, editor.id)) is None
    assert client.get(f"{API}/labs", headers=editor_headers).status_code == 401
    token = db.scalar(select(ApiToken).where(ApiToken.user_id == editor.id))
    assert token is not None and token.revoked_at is not None


def test_changing_a_non_member_is_404(client: TestClient, db: Session) -> None:
    admin = new_member(db, "admin")
    stranger = make_user(db)

    response = client.patch(
        f"{API}/teams/current/members/{stranger.id}", json={"role": "viewer"}, headers=admin.headers
    )

    assert response.status_code == 404


# --- API tokens --------------------------------------------------------------------------------


def test_create_token_returns_the_secret_once_and_it_works(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")

    response = client.post(
        f"{API}/tokens", json={"name": "ci", "scope": "editor", "expires_in_days": 30}, headers=member.headers
    )

    assert response.status_code == 201, response.text
    created = response.json()
    assert created["token"].startswith(f"hl_{created['prefix']}_")
    assert created["expires_at"] is not None
    listed = client.get(f"{API}/tokens", headers=member.headers).json()
    assert created["id"] in [t["id"] for t in listed]
    assert all("token" not in t for t in listed)
    stored = db.get(ApiToken, created["id"])
    assert created["token"] not in (stored.token_hash, stored.prefix)
    new_headers = {"Authorization": f"Bearer {created['token']}"}
    assert client.post(f"{API}/labs", json={"name": "via-new-token"}, headers=new_headers).status_code == 201


def test_token_scope_cannot_exceed_my_role(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    before = _count(db, ApiToken)

    response = client.post(
        f"{API}/tokens", json={"name": "too-much", "scope": "admin"}, headers=member.headers
    )

    assert response.status_code == 403
    assert _fields(response) == ["scope"]
    assert "admin" in response.json()["message"]
    assert _count(db, ApiToken) == before


def test_token_validation_names_the_field_and_writes_nothing(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    before = _count(db, ApiToken)

    response = client.post(f"{API}/tokens", json={"name": "", "expires_in_days": 0}, headers=member.headers)

    assert response.status_code == 422
    assert sorted(_fields(response)) == ["expires_in_days", "name"]
    assert _count(db, ApiToken) == before


def test_tokens_list_only_mine(client: TestClient, db: Session) -> None:
    admin = new_member(db, "admin")
    _, editor = make_team_user(db, "editor", team=admin.team)
    token_headers(db, editor, admin.team, scope="editor")

    listed = client.get(f"{API}/tokens", headers=admin.headers).json()

    assert {t["user_id"] for t in listed} == {admin.user.id}


def test_members_cannot_revoke_each_others_tokens_but_admins_can(client: TestClient, db: Session) -> None:
    admin = new_member(db, "admin")
    _, alice = make_team_user(db, "editor", team=admin.team)
    _, bob = make_team_user(db, "editor", team=admin.team)
    alice_headers = token_headers(db, alice, admin.team, scope="editor")
    bob_headers = token_headers(db, bob, admin.team, scope="editor")
    bob_token = db.scalar(select(ApiToken).where(ApiToken.user_id == bob.id))

    by_alice = client.delete(f"{API}/tokens/{bob_token.id}", headers=alice_headers)
    assert by_alice.status_code == 404
    assert client.get(f"{API}/labs", headers=bob_headers).status_code == 200

    by_admin = client.delete(f"{API}/tokens/{bob_token.id}", headers=admin.headers)
    assert by_admin.status_code == 204
    assert client.get(f"{API}/labs", headers=bob_headers).status_code == 401
