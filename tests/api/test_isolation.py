"""Team isolation: nothing of team B is visible or changeable from team A, and it looks absent
(404), not forbidden, so ids don't leak."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.labs.enrollment import create_enrollment_token
from backend.models import ApiToken, EnrollmentToken, Lab, Membership
from tests.api.helpers import (
    API,
    Member,
    add_member,
    login_client,
    make_lab,
    make_team_user,
    new_member,
    token_headers,
)


@pytest.fixture
def teams(db: Session) -> tuple[Member, Member, Lab]:
    """An admin of team A, an admin of team B, and B's lab."""
    a = new_member(db, "admin")
    b = new_member(db, "admin")
    return a, b, make_lab(db, b.team, name="b-lab")


def test_another_teams_lab_is_not_listed(
    client: TestClient, db: Session, teams: tuple[Member, Member, Lab]
) -> None:
    a, b, _ = teams
    make_lab(db, a.team, name="a-lab")

    assert [lab["name"] for lab in client.get(f"{API}/labs", headers=a.headers).json()] == ["a-lab"]
    assert [lab["name"] for lab in client.get(f"{API}/labs", headers=b.headers).json()] == ["b-lab"]


def test_another_teams_lab_is_404_for_every_verb(
    client: TestClient, db: Session, teams: tuple[Member, Member, Lab]
) -> None:
    a, _, b_lab = teams
    url = f"{API}/labs/{b_lab.id}"

    responses = [
        client.get(url, headers=a.headers),
        client.patch(url, json={"name": "mine now"}, headers=a.headers),
        client.delete(url, headers=a.headers),
        client.get(f"{url}/enrollment-tokens", headers=a.headers),
        client.post(f"{url}/enrollment-tokens", json={}, headers=a.headers),
    ]

    assert [r.status_code for r in responses] == [404] * 5
    assert all(r.json()["error"] == "not_found" for r in responses)
    db.refresh(b_lab)
    assert b_lab.name == "b-lab"
    assert db.scalars(select(EnrollmentToken).where(EnrollmentToken.lab_id == b_lab.id)).all() == []


def test_isolation_holds_for_browser_sessions_too(client: TestClient, db: Session) -> None:
    _, user = make_team_user(db, "admin")
    b = new_member(db, "admin")
    b_lab = make_lab(db, b.team)
    csrf = login_client(client, user.email)

    assert client.get(f"{API}/labs/{b_lab.id}").status_code == 404
    assert client.delete(f"{API}/labs/{b_lab.id}", headers=csrf).status_code == 404
    assert db.get(Lab, b_lab.id) is not None


def test_another_teams_enrollment_token_cannot_be_revoked(
    client: TestClient, db: Session, teams: tuple[Member, Member, Lab]
) -> None:
    a, b, b_lab = teams
    a_lab = make_lab(db, a.team)
    row, _ = create_enrollment_token(db, b.team.id, b_lab.id, b.user.id, [])
    db.commit()

    via_b_lab = client.delete(f"{API}/labs/{b_lab.id}/enrollment-tokens/{row.id}", headers=a.headers)
    via_own_lab = client.delete(f"{API}/labs/{a_lab.id}/enrollment-tokens/{row.id}", headers=a.headers)

    assert (via_b_lab.status_code, via_own_lab.status_code) == (404, 404)
    assert db.get(EnrollmentToken, row.id) is not None


def test_members_and_tokens_of_another_team_are_out_of_reach(
    client: TestClient, db: Session, teams: tuple[Member, Member, Lab]
) -> None:
    a, b, _ = teams
    b_token = db.scalar(select(ApiToken).where(ApiToken.user_id == b.user.id))

    members = client.get(f"{API}/teams/current/members", headers=a.headers).json()
    demote = client.patch(
        f"{API}/teams/current/members/{b.user.id}", json={"role": "viewer"}, headers=a.headers
    )
    remove = client.delete(f"{API}/teams/current/members/{b.user.id}", headers=a.headers)
    revoke = client.delete(f"{API}/tokens/{b_token.id}", headers=a.headers)

    assert [m["user_id"] for m in members] == [a.user.id]
    assert (demote.status_code, remove.status_code, revoke.status_code) == (404, 404, 404)
    assert db.get(Membership, (b.team.id, b.user.id)).role == "admin"
    assert client.get(f"{API}/labs", headers=b.headers).status_code == 200


def test_a_token_acts_only_in_its_own_team(client: TestClient, db: Session) -> None:
    """A member of two teams: each token sees only the labs of the team it was made for."""
    a = new_member(db, "editor")
    b = new_member(db, "editor")
    add_member(db, b.team, a.user, "editor")
    make_lab(db, a.team, name="a-lab")
    make_lab(db, b.team, name="b-lab")
    in_b = token_headers(db, a.user, b.team, scope="editor")

    assert [lab["name"] for lab in client.get(f"{API}/labs", headers=a.headers).json()] == ["a-lab"]
    assert [lab["name"] for lab in client.get(f"{API}/labs", headers=in_b).json()] == ["b-lab"]
