"""Revoking an agent and enrolling its name again (rotation), over real PostgreSQL and Redis: who
may revoke, what a revoked agent still counts for (nothing: not online, not picked, not in the
boundary, not told offline, yet listed), its token refused on every agent route, the run watch
told, and nothing announced for a revocation that is rolled back.

The held poll and the real agent process: tests/agents/test_connection.py; a run on a real lab:
tests/e2e/test_agent_revocation.py.
"""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

import pytest
import redis as redis_lib
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from backend.labs.revocation import revoke
from backend.labs.service import online_agent_ids
from backend.messaging import keys, revoked_agents
from backend.models import Agent, EnrollmentToken, Lab
from backend.webhooks.notify import agents_gone_silent
from contract.protocol import AGENT_REVOKED_ERROR, StopLoad
from contract.run_state import RunState
from tests.api.helpers import API, Member, make_lab, make_team_user, new_member, token_headers
from tests.fleet.factories import agent_headers, agent_requests, enroll, enrollment_token, hello, running_run
from worker.agent_rpc import post_command
from worker.phases.agents import missing_roles


@pytest.fixture
def admin(db: Session) -> Member:
    return new_member(db, "admin")


@pytest.fixture
def lab(db: Session, admin: Member) -> Lab:
    return make_lab(db, admin.team)


def member_of(db: Session, admin: Member, role: str) -> Member:
    """Another member of the admin's team, with `role`."""
    team, user = make_team_user(db, role=role, team=admin.team)
    return Member(team=team, user=user, headers=token_headers(db, user, team, scope=role))


def enrolled(
    client: TestClient, db: Session, member: Member, lab: Lab, name: str, roles: list[str]
) -> dict[str, Any]:
    """An agent that said hello (with a data address): online, in the boundary."""
    agent = enroll(client, enrollment_token(db, member, lab, roles), name, roles)
    said = client.post(
        f"{API}/agent/hello",
        json=hello(name, roles, data_address=f"10.9.0.{agent['agent_id'] % 250 + 1}"),
        headers=agent_headers(agent),
    )
    assert said.status_code == 200, said.text
    return agent


def revoke_via_api(client: TestClient, member: Member, lab_id: int, agent_id: int) -> Any:
    return client.post(f"{API}/labs/{lab_id}/agents/{agent_id}/revoke", headers=member.headers)


def lab_detail(client: TestClient, member: Member, lab: Lab) -> dict[str, Any]:
    response = client.get(f"{API}/labs/{lab.id}", headers=member.headers)
    assert response.status_code == 200, response.text
    detail: dict[str, Any] = response.json()
    return detail


def refused_as_revoked(response: Any) -> bool:
    return bool(response.status_code == 401 and response.json()["error"] == AGENT_REVOKED_ERROR)


def test_a_revoked_agent_is_listed_as_revoked_and_counts_for_nothing(
    client: TestClient, db: Session, admin: Member, lab: Lab
) -> None:
    proxy = enrolled(client, db, admin, lab, "proxy-1", ["proxy"])
    enrolled(client, db, admin, lab, "target-1", ["target"])
    before = lab_detail(client, admin, lab)
    assert (before["agent_count"], before["online_agent_count"]) == (2, 2)
    proxy_address = next(a["address"] for a in before["boundary"]["agents"] if a["agent"] == "proxy-1")

    response = revoke_via_api(client, admin, lab.id, proxy["agent_id"])

    assert response.status_code == 200, response.text
    out = response.json()
    assert (out["id"], out["name"], out["status"]) == (proxy["agent_id"], "proxy-1", "revoked")
    assert out["revoked_at"] is not None
    after = lab_detail(client, admin, lab)
    # Listed (runs name it), apart from the live agents, and counted nowhere.
    assert [a["name"] for a in after["agents"]] == ["target-1"]
    assert [(a["id"], a["status"]) for a in after["revoked_agents"]] == [(proxy["agent_id"], "revoked")]
    assert (after["agent_count"], after["online_agent_count"]) == (1, 1)
    summary = next(s for s in client.get(f"{API}/labs", headers=admin.headers).json() if s["id"] == lab.id)
    assert (summary["agent_count"], summary["online_agent_count"]) == (1, 1)
    # Not in the boundary: a run may no longer send traffic to its address.
    assert proxy_address not in [a["address"] for a in after["boundary"]["agents"]]
    # Not online (it was heard a moment ago), not dispatchable, not told offline when silent.
    assert proxy["agent_id"] not in online_agent_ids(db, [lab.id])
    assert missing_roles(db, lab.id) == ["proxy", "injector"]
    db.execute(update(Agent).values(last_seen_at=func.now() - timedelta(minutes=5)))
    agents_gone_silent(db)
    silent = db.scalars(select(Agent.name).where(Agent.offline_notified_at.is_not(None))).all()
    assert silent == ["target-1"]


def test_only_a_lab_admin_of_the_team_revokes(
    client: TestClient, db: Session, admin: Member, lab: Lab
) -> None:
    agent = enrolled(client, db, admin, lab, "injector-1", ["injector"])
    for role in ("viewer", "editor"):
        member = member_of(db, admin, role)
        refused = revoke_via_api(client, member, lab.id, agent["agent_id"])
        assert refused.status_code == 403, (role, refused.text)
    # Another team's admin does not learn the lab exists.
    stranger = new_member(db, "admin")
    assert revoke_via_api(client, stranger, lab.id, agent["agent_id"]).status_code == 404
    # An agent of another lab of the same team, named through this lab: not found either.
    other_lab = make_lab(db, admin.team)
    assert revoke_via_api(client, admin, other_lab.id, agent["agent_id"]).status_code == 404
    assert revoke_via_api(client, admin, lab.id, 2**62).status_code == 404

    # None of them touched it: it still works.
    db.expire_all()
    assert db.get_one(Agent, agent["agent_id"]).revoked_at is None
    assert client.post(
        f"{API}/agent/hello", json=hello("injector-1", ["injector"]), headers=agent_headers(agent)
    ).is_success


def test_revoking_again_changes_nothing(client: TestClient, db: Session, admin: Member, lab: Lab) -> None:
    agent = enrolled(client, db, admin, lab, "target-1", ["target"])
    first = revoke_via_api(client, admin, lab.id, agent["agent_id"]).json()
    time.sleep(0.01)
    again = revoke_via_api(client, admin, lab.id, agent["agent_id"])
    assert again.status_code == 200
    assert again.json()["revoked_at"] == first["revoked_at"]


def test_a_revoked_token_is_refused_on_every_agent_route(
    client: TestClient, db: Session, admin: Member, lab: Lab, redis_client: redis_lib.Redis
) -> None:
    agent = enrolled(client, db, admin, lab, "proxy-1", ["proxy"])
    requests = agent_requests("proxy-1", ["proxy"])
    # Each request is one the agent may make: accepted before the revocation.
    for method, path, body in requests:
        accepted = client.request(method, path, json=body, headers=agent_headers(agent))
        assert accepted.is_success, (method, path, accepted.status_code, accepted.text)
    post_command(agent["agent_id"], StopLoad(run_id=1))  # queued: never handed out once revoked

    assert revoke_via_api(client, admin, lab.id, agent["agent_id"]).status_code == 200

    for method, path, body in requests:
        refused = client.request(method, path, json=body, headers=agent_headers(agent))
        assert refused_as_revoked(refused), (method, path, refused.status_code, refused.text)
        assert "enroll the agent again" in refused.json()["message"]
    assert redis_client.llen(keys.agent_commands_key(agent["agent_id"])) == 0


def test_enrolling_the_name_again_replaces_the_agent(
    client: TestClient, db: Session, admin: Member, lab: Lab
) -> None:
    editor = member_of(db, admin, "editor")
    old = enrolled(client, db, editor, lab, "edge-1", ["proxy"])

    # An editor may add agents but not revoke one: their token cannot take over a live name.
    taken = client.post(
        f"{API}/agent/enroll",
        json={"token": enrollment_token(db, editor, lab, ["proxy"]), "name": "edge-1", "roles": ["proxy"]},
    )
    assert taken.status_code == 409, taken.text
    assert [f["field"] for f in taken.json()["fields"]] == ["name"]
    assert "only a team admin" in taken.json()["message"]
    still = client.post(f"{API}/agent/hello", json=hello("edge-1", ["proxy"]), headers=agent_headers(old))
    assert still.status_code == 200, still.text

    # An admin's new enrollment token, used with the same name: a rotation (the old token stops
    # working).
    new = enroll(client, enrollment_token(db, admin, lab, ["proxy", "target"]), "edge-1", ["proxy", "target"])

    assert new["agent_id"] != old["agent_id"] and new["name"] == "edge-1"
    stale = client.post(f"{API}/agent/hello", json=hello("edge-1", ["proxy"]), headers=agent_headers(old))
    assert refused_as_revoked(stale)
    fresh = client.post(
        f"{API}/agent/hello", json=hello("edge-1", ["proxy", "target"]), headers=agent_headers(new)
    )
    assert fresh.status_code == 200 and fresh.json()["agent_id"] == new["agent_id"]
    detail = lab_detail(client, admin, lab)
    assert [(a["id"], a["name"], a["roles"]) for a in detail["agents"]] == [
        (new["agent_id"], "edge-1", ["proxy", "target"])
    ]
    assert [(a["id"], a["name"]) for a in detail["revoked_agents"]] == [(old["agent_id"], "edge-1")]
    # Each enrollment token stays the record of the agent row it made (the editor's refused one
    # made none and is still unspent).
    made = {
        row.agent_id: row.roles
        for row in db.execute(select(EnrollmentToken.agent_id, EnrollmentToken.roles))
        if row.agent_id is not None
    }
    assert made == {old["agent_id"]: ["proxy"], new["agent_id"]: ["proxy", "target"]}

    # And a revoked name can be enrolled again too (the host comes back under its name).
    assert revoke_via_api(client, admin, lab.id, new["agent_id"]).status_code == 200
    third = enroll(client, enrollment_token(db, editor, lab, ["proxy"]), "edge-1", ["proxy"])
    detail = lab_detail(client, admin, lab)
    assert [a["id"] for a in detail["agents"]] == [third["agent_id"]]
    assert [a["id"] for a in detail["revoked_agents"]] == [new["agent_id"], old["agent_id"]]


def test_a_revocation_wakes_the_runs_of_the_lab_once_committed_never_when_rolled_back(
    db: Session, admin: Member, lab: Lab, client: TestClient, redis_client: redis_lib.Redis
) -> None:
    agent = enrolled(client, db, admin, lab, "injector-1", ["injector"])
    run_id = running_run(db, admin, lab, RunState.running)
    pubsub = redis_client.pubsub()
    pubsub.subscribe(keys.run_control_channel(run_id))
    assert pubsub.get_message(timeout=2)["type"] == "subscribe"  # type: ignore[index]

    # Revoked inside a savepoint that commits, then the whole transaction rolls back: nothing
    # may be announced (SQLAlchemy's after_commit fires for the savepoint too).
    with db.begin_nested():
        assert revoke(db, agent["agent_id"])
    db.rollback()
    assert redis_client.exists(keys.agent_revoked_key(agent["agent_id"])) == 0
    assert pubsub.get_message(timeout=0.5) is None
    db.expire_all()
    assert db.get_one(Agent, agent["agent_id"]).revoked_at is None

    assert revoke(db, agent["agent_id"])
    assert redis_client.exists(keys.agent_revoked_key(agent["agent_id"])) == 0  # not before the commit
    db.commit()
    assert redis_client.lrange(keys.agent_revoked_key(agent["agent_id"]), 0, -1) == [b"revoked"]
    ttl = redis_client.ttl(keys.agent_revoked_key(agent["agent_id"]))
    assert 0 < ttl <= revoked_agents.REVOKED_MARK_TTL_S
    message = pubsub.get_message(timeout=2)
    assert message is not None and message["data"] == b"agent_revoked"
    pubsub.close()
