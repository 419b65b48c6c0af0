"""Labs, their agents' status, and enrollment tokens (one-time, expiring, role-restricted)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from httpx import Response
from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from backend.accounts.secret_tokens import hash_secret
from backend.errors import ApiError
from backend.labs.enrollment import create_enrollment_token, redeem_enrollment_token
from backend.models import Agent, EnrollmentToken, Experiment, ExperimentVersion, Lab, Launch, Run, Team
from backend.settings import get_settings
from contract.run_state import RunState
from tests.api.helpers import API, make_lab, new_member


def _count(db: Session, model: type) -> int:
    return db.scalar(select(func.count()).select_from(model)) or 0


def _fields(response: Response) -> list[str]:
    return [f["field"] for f in response.json()["fields"]]


def _db_now(db: Session):
    return db.scalar(select(func.now()))


def _enroll(db: Session, lab: Lab, name: str, roles: list[str]) -> tuple[Agent, str]:
    _, secret = create_enrollment_token(db, lab.team_id, lab.id, None, roles)
    agent, agent_secret = redeem_enrollment_token(db, secret, name, roles)
    db.commit()
    return agent, agent_secret


def _queue_run(db: Session, team: Team, lab: Lab, state: RunState = RunState.queued) -> Run:
    """The smallest real experiment -> version -> launch -> run chain on `lab`."""
    experiment = Experiment(team_id=team.id, name=f"exp-{lab.id}-{state}")
    db.add(experiment)
    db.flush()
    version = ExperimentVersion(experiment_id=experiment.id, version=1, spec_version=1, spec={})
    db.add(version)
    db.flush()
    launch = Launch(
        team_id=team.id,
        experiment_id=experiment.id,
        experiment_version_id=version.id,
        lab_id=lab.id,
        total_runs=1,
    )
    db.add(launch)
    db.flush()
    run = Run(
        team_id=team.id,
        experiment_id=experiment.id,
        experiment_version_id=version.id,
        launch_id=launch.id,
        lab_id=lab.id,
        point_index=0,
        repetition=0,
        params={},
        spec={},
        state=state,
    )
    db.add(run)
    db.commit()
    return run


# --- labs --------------------------------------------------------------------------------------


def test_viewer_cannot_create_a_lab_editor_can(client: TestClient, db: Session) -> None:
    viewer = new_member(db, "viewer")
    editor = new_member(db, "editor")

    refused = client.post(f"{API}/labs", json={"name": "bench"}, headers=viewer.headers)
    created = client.post(
        f"{API}/labs",
        json={"name": "bench", "description": "two VMs", "settings": {"link": {"delay_ms": 1}}},
        headers=editor.headers,
    )

    assert refused.status_code == 403
    assert created.status_code == 201, created.text
    body = created.json()
    assert body["name"] == "bench"
    assert body["settings"] == {"link": {"delay_ms": 1}}
    assert body["agents"] == []
    assert db.scalar(select(Lab.team_id).where(Lab.id == body["id"])) == editor.team.id
    assert _count(db, Lab) == 1


def test_lab_validation_names_the_field_and_writes_nothing(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")

    response = client.post(f"{API}/labs", json={"name": "", "settings": "fast"}, headers=editor.headers)

    assert response.status_code == 422
    assert sorted(_fields(response)) == ["name", "settings"]
    assert _count(db, Lab) == 0


def test_lab_names_are_unique_in_a_team(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    other_team = new_member(db, "editor")
    make_lab(db, editor.team, name="bench")

    again = client.post(f"{API}/labs", json={"name": "bench"}, headers=editor.headers)
    elsewhere = client.post(f"{API}/labs", json={"name": "bench"}, headers=other_team.headers)

    assert again.status_code == 409
    assert _fields(again) == ["name"]
    assert elsewhere.status_code == 201


def test_list_labs_counts_agents_and_online_ones(client: TestClient, db: Session) -> None:
    viewer = new_member(db, "viewer")
    lab = make_lab(db, viewer.team, name="bench")
    make_lab(db, viewer.team, name="empty")
    fresh, _ = _enroll(db, lab, "proxy-1", ["proxy"])
    stale, _ = _enroll(db, lab, "injector-1", ["injector"])
    _enroll(db, lab, "target-1", ["target"])  # never seen
    now = _db_now(db)
    fresh.last_seen_at = now - timedelta(seconds=3)
    stale.last_seen_at = now - timedelta(seconds=60)
    db.commit()

    body = client.get(f"{API}/labs", headers=viewer.headers).json()

    summary = {lab["name"]: (lab["agent_count"], lab["online_agent_count"], lab["busy"]) for lab in body}
    assert summary == {"bench": (3, 1, False), "empty": (0, 0, False)}


def test_lab_detail_shows_agents_online_busy_offline(client: TestClient, db: Session) -> None:
    viewer = new_member(db, "viewer")
    lab = make_lab(db, viewer.team, name="bench")
    fresh, _ = _enroll(db, lab, "proxy-1", ["proxy"])
    stale, _ = _enroll(db, lab, "injector-1", ["injector"])
    fresh.last_seen_at = _db_now(db) - timedelta(seconds=14)
    fresh.version = "0.1.0"
    fresh.capabilities = {"haproxy": "3.0.5"}
    stale.last_seen_at = _db_now(db) - timedelta(seconds=16)
    db.commit()

    idle = client.get(f"{API}/labs/{lab.id}", headers=viewer.headers).json()
    assert {a["name"]: a["status"] for a in idle["agents"]} == {"proxy-1": "online", "injector-1": "offline"}
    proxy = next(a for a in idle["agents"] if a["name"] == "proxy-1")
    assert (proxy["roles"], proxy["version"], proxy["capabilities"]["haproxy"]) == (
        ["proxy"],
        "0.1.0",
        "3.0.5",
    )

    run = _queue_run(db, viewer.team, lab, RunState.running)
    lab.active_run_id = run.id
    db.commit()

    busy = client.get(f"{API}/labs/{lab.id}", headers=viewer.headers).json()
    assert busy["busy"] is True
    assert {a["name"]: a["status"] for a in busy["agents"]} == {"proxy-1": "busy", "injector-1": "offline"}


def test_patch_lab_changes_only_given_fields(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    lab = make_lab(db, editor.team, name="bench", description="old")

    response = client.patch(f"{API}/labs/{lab.id}", json={"description": "new"}, headers=editor.headers)

    assert response.status_code == 200
    assert (response.json()["name"], response.json()["description"]) == ("bench", "new")
    db.refresh(lab)
    assert lab.description == "new"


def test_patch_lab_to_a_taken_name_is_409(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    make_lab(db, editor.team, name="one")
    two = make_lab(db, editor.team, name="two")

    response = client.patch(f"{API}/labs/{two.id}", json={"name": "one"}, headers=editor.headers)

    assert response.status_code == 409
    assert _fields(response) == ["name"]
    db.refresh(two)
    assert two.name == "two"


def test_only_admins_delete_labs(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    lab = make_lab(db, editor.team)

    assert client.delete(f"{API}/labs/{lab.id}", headers=editor.headers).status_code == 403
    assert db.get(Lab, lab.id) is not None


def test_admin_deletes_an_idle_lab_with_its_agents(client: TestClient, db: Session) -> None:
    admin = new_member(db, "admin")
    lab = make_lab(db, admin.team)
    _enroll(db, lab, "proxy-1", ["proxy"])

    response = client.delete(f"{API}/labs/{lab.id}", headers=admin.headers)

    assert response.status_code == 204
    assert _count(db, Lab) == 0
    assert _count(db, Agent) == 0
    assert client.get(f"{API}/labs/{lab.id}", headers=admin.headers).status_code == 404


@pytest.mark.parametrize("state", [RunState.queued, RunState.running])
def test_deleting_a_lab_with_a_queued_or_active_run_is_409(
    client: TestClient, db: Session, state: RunState
) -> None:
    admin = new_member(db, "admin")
    lab = make_lab(db, admin.team)
    _queue_run(db, admin.team, lab, state)

    response = client.delete(f"{API}/labs/{lab.id}", headers=admin.headers)

    assert response.status_code == 409
    assert db.get(Lab, lab.id) is not None


def test_a_lab_whose_runs_all_ended_can_be_deleted_and_its_history_stays(
    client: TestClient, db: Session
) -> None:
    admin = new_member(db, "admin")
    lab = make_lab(db, admin.team)
    run = _queue_run(db, admin.team, lab, RunState.succeeded)

    assert client.delete(f"{API}/labs/{lab.id}", headers=admin.headers).status_code == 204
    db.expire_all()  # the database set run.lab_id to NULL; this shared test session must reread it

    detail = client.get(f"{API}/runs/{run.id}", headers=admin.headers)
    assert detail.status_code == 200
    assert detail.json()["lab_id"] is None and detail.json()["lab_name"] is None


# --- enrollment tokens -------------------------------------------------------------------------


def test_create_enrollment_token_returns_the_secret_once_with_the_command(
    client: TestClient, db: Session
) -> None:
    editor = new_member(db, "editor")
    lab = make_lab(db, editor.team)

    response = client.post(
        f"{API}/labs/{lab.id}/enrollment-tokens",
        json={"roles": ["proxy", "injector"]},
        headers=editor.headers,
    )

    assert response.status_code == 201, response.text
    body = response.json()
    assert body["token"].startswith(f"hle_{body['prefix']}_")
    assert body["roles"] == ["injector", "proxy"]
    assert body["command"] == (
        f"haplab-agent enroll --server {get_settings().public_url} --token {body['token']}"
        " --name NAME --roles injector,proxy"
    )
    stored = db.get(EnrollmentToken, body["id"])
    assert stored.token_hash == hash_secret(body["token"])
    assert stored.expires_at - stored.created_at == pytest.approx(
        timedelta(minutes=60), abs=timedelta(seconds=5)
    )
    listed = client.get(f"{API}/labs/{lab.id}/enrollment-tokens", headers=editor.headers).json()
    assert [t["id"] for t in listed] == [body["id"]]
    assert "token" not in listed[0]


def test_enrollment_token_validation_names_the_field(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    lab = make_lab(db, editor.team)

    response = client.post(
        f"{API}/labs/{lab.id}/enrollment-tokens",
        json={"roles": ["proxy", "database"], "expires_in_minutes": 0},
        headers=editor.headers,
    )

    assert response.status_code == 422
    assert sorted(_fields(response)) == ["expires_in_minutes", "roles.1"]
    assert _count(db, EnrollmentToken) == 0


def test_viewer_cannot_create_enrollment_tokens(client: TestClient, db: Session) -> None:
    viewer = new_member(db, "viewer")
    lab = make_lab(db, viewer.team)

    response = client.post(f"{API}/labs/{lab.id}/enrollment-tokens", json={}, headers=viewer.headers)

    assert response.status_code == 403
    assert _count(db, EnrollmentToken) == 0


def test_redeeming_creates_the_agent_once(db: Session) -> None:
    editor = new_member(db, "editor")
    lab = make_lab(db, editor.team)
    row, secret = create_enrollment_token(db, editor.team.id, lab.id, editor.user.id, ["proxy"])
    db.commit()

    agent, agent_secret = redeem_enrollment_token(db, secret, "proxy-1", [])
    db.commit()

    assert (agent.lab_id, agent.team_id, agent.name, agent.roles) == (
        lab.id,
        editor.team.id,
        "proxy-1",
        ["proxy"],
    )
    assert agent.token_hash == hash_secret(agent_secret)
    assert agent_secret.startswith("hla_")
    db.refresh(row)
    assert row.used_at is not None and row.agent_id == agent.id

    with pytest.raises(ApiError) as second:
        redeem_enrollment_token(db, secret, "proxy-2", ["proxy"])
    assert second.value.status == 401
    db.rollback()
    assert db.scalars(select(Agent.name)).all() == ["proxy-1"]


def test_an_expired_enrollment_token_cannot_be_redeemed(db: Session) -> None:
    editor = new_member(db, "editor")
    lab = make_lab(db, editor.team)
    row, secret = create_enrollment_token(db, editor.team.id, lab.id, editor.user.id, ["proxy"])
    row.expires_at = _db_now(db) - timedelta(seconds=1)
    db.commit()

    with pytest.raises(ApiError) as refused:
        redeem_enrollment_token(db, secret, "proxy-1", ["proxy"])

    assert refused.value.status == 401
    db.rollback()
    assert _count(db, Agent) == 0


def test_redeeming_with_a_role_the_token_does_not_allow_fails_and_keeps_the_token(db: Session) -> None:
    editor = new_member(db, "editor")
    lab = make_lab(db, editor.team)
    row, secret = create_enrollment_token(db, editor.team.id, lab.id, editor.user.id, ["target"])
    db.commit()

    with pytest.raises(ApiError) as refused:
        redeem_enrollment_token(db, secret, "box", ["target", "injector"])
    assert (refused.value.status, refused.value.fields[0].field) == (422, "roles")
    db.rollback()  # what the agent gateway's request does on error

    db.refresh(row)
    assert row.used_at is None
    agent, _ = redeem_enrollment_token(db, secret, "box", ["target"])
    assert agent.roles == ["target"]


def test_an_unrestricted_token_takes_the_roles_the_agent_asks_for(db: Session) -> None:
    editor = new_member(db, "editor")
    lab = make_lab(db, editor.team)
    _, secret = create_enrollment_token(db, editor.team.id, lab.id, editor.user.id, [])

    agent, _ = redeem_enrollment_token(db, secret, "all-in-one", ["target", "proxy", "injector"])

    assert agent.roles == ["injector", "proxy", "target"]


def test_garbage_tokens_are_refused(db: Session) -> None:
    for token in ("", "hle_", "hl_abcdefgh_xyz", "hle_abcdefgh_not-a-real-one"):
        with pytest.raises(ApiError) as refused:
            redeem_enrollment_token(db, token, "box", ["proxy"])
        assert refused.value.status == 401, token


def test_revoked_enrollment_token_cannot_be_redeemed(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    lab = make_lab(db, editor.team)
    created = client.post(f"{API}/labs/{lab.id}/enrollment-tokens", json={}, headers=editor.headers).json()

    response = client.delete(f"{API}/labs/{lab.id}/enrollment-tokens/{created['id']}", headers=editor.headers)

    assert response.status_code == 204
    assert client.get(f"{API}/labs/{lab.id}/enrollment-tokens", headers=editor.headers).json() == []
    with pytest.raises(ApiError):
        redeem_enrollment_token(db, created["token"], "box", ["proxy"])


def test_a_used_enrollment_token_cannot_be_revoked(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    lab = make_lab(db, editor.team)
    created = client.post(f"{API}/labs/{lab.id}/enrollment-tokens", json={}, headers=editor.headers).json()
    redeem_enrollment_token(db, created["token"], "box", ["proxy"])
    db.commit()

    response = client.delete(f"{API}/labs/{lab.id}/enrollment-tokens/{created['id']}", headers=editor.headers)

    assert response.status_code == 409
    assert db.get(EnrollmentToken, created["id"]) is not None


def test_two_live_agents_in_a_lab_never_share_a_name(db: Session) -> None:
    admin = new_member(db, "admin")
    lab = make_lab(db, admin.team)
    first, _ = _enroll(db, lab, "box", ["proxy"])
    _, secret = create_enrollment_token(db, admin.team.id, lab.id, admin.user.id, ["proxy"])
    db.commit()

    # The same name again replaces the agent (rotation): the first is revoked, not a second live "box".
    second, _ = redeem_enrollment_token(db, secret, "box", ["proxy"])
    db.commit()

    db.refresh(first)
    assert first.revoked_at is not None and second.revoked_at is None
    live = db.scalars(select(Agent.id).where(Agent.name == "box", Agent.revoked_at.is_(None))).all()
    assert live == [second.id]
    # And the database itself holds the rule (the partial unique index of migration 0017).
    with pytest.raises(IntegrityError), db.begin_nested():
        db.execute(update(Agent).where(Agent.id == first.id).values(revoked_at=None))


def test_the_lab_ca_certificate_is_downloadable_and_stable_and_other_teams_cannot_see_it(
    client: TestClient, db: Session
) -> None:
    viewer = new_member(db, "viewer")
    lab = make_lab(db, viewer.team)
    stranger = new_member(db, "admin")

    first = client.get(f"{API}/labs/{lab.id}/ca.pem", headers=viewer.headers)
    second = client.get(f"{API}/labs/{lab.id}/ca.pem", headers=viewer.headers)
    foreign = client.get(f"{API}/labs/{lab.id}/ca.pem", headers=stranger.headers)

    assert first.status_code == 200, first.text
    assert first.headers["content-type"].startswith("application/x-pem-file")
    assert first.text.startswith("-----BEGIN CERTIFICATE-----")
    assert "PRIVATE KEY" not in first.text
    assert second.text == first.text  # one CA per lab, made once
    assert foreign.status_code == 404
