"""The agent gateway over real PostgreSQL and Redis: enroll, hello, the commands long-poll and
the messages an agent posts (heartbeats, sample batches, command results).

The agent is played by the test client; the worker side by worker.agent_rpc itself.
"""

from __future__ import annotations

import json
import threading
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from backend.fleet.service import ENDED_RUN_TAKES_SAMPLES_S
from backend.messaging import keys, load_leases
from backend.models import Agent, Lab, Run, Sample
from contract.command_results import LoadStopped
from contract.protocol import LOAD_LEASE_HEADER, CommandResult, Heartbeat, StopLoad, Teardown
from contract.run_state import RunState
from tests.api.experiment_factories import launch, make_experiment, sample_points
from tests.api.helpers import API, Member, make_lab, new_member
from tests.fleet.factories import (
    agent_headers,
    enroll,
    enrollment_token,
    finish,
    hello,
    running_run,
    sample_batch,
    wire,
)
from worker.agent_rpc import post_command


@pytest.fixture
def member(db: Session) -> Member:
    return new_member(db, "editor")


@pytest.fixture
def lab(db: Session, member: Member) -> Lab:
    return make_lab(db, member.team)


@pytest.fixture
def proxy_agent(client: TestClient, db: Session, member: Member, lab: Lab) -> dict[str, Any]:
    """An enrolled (not yet hello'd) agent with the proxy role."""
    return enroll(client, enrollment_token(db, member, lab, ["proxy"]), "proxy-1", ["proxy"])


def agent_row(db: Session, agent_id: int) -> Agent:
    db.expire_all()
    return db.get_one(Agent, agent_id)


# ---------------------------------------------------------------- enroll


def test_an_enrollment_token_enrolls_one_agent_once(
    client: TestClient, db: Session, member: Member, lab: Lab
) -> None:
    token = enrollment_token(db, member, lab, ["proxy", "target"])
    first = enroll(client, token, "edge-1", ["proxy"])
    assert first["agent_token"].startswith("hla_")
    assert (first["lab_id"], first["name"], first["roles"]) == (lab.id, "edge-1", ["proxy"])
    assert agent_row(db, first["agent_id"]).roles == ["proxy"]

    again = client.post(f"{API}/agent/enroll", json={"token": token, "name": "edge-2", "roles": ["proxy"]})
    assert again.status_code == 401
    assert again.json()["message"] == "this enrollment token is unknown, already used or expired"


def test_an_agent_enrolled_without_roles_takes_the_tokens(
    client: TestClient, db: Session, member: Member, lab: Lab
) -> None:
    agent = enroll(client, enrollment_token(db, member, lab, ["injector", "target"]), "loadgen-1", [])
    assert agent["roles"] == ["injector", "target"]


def test_enroll_refuses_unknown_roles(client: TestClient, db: Session, member: Member, lab: Lab) -> None:
    # (A taken name is a rotation: tests/fleet/test_agent_revocation.py.)
    unknown = client.post(
        f"{API}/agent/enroll",
        json={"token": enrollment_token(db, member, lab, []), "name": "edge-2", "roles": ["chef"]},
    )
    assert unknown.status_code == 422
    assert [f["field"] for f in unknown.json()["fields"]] == ["roles.0"]


def test_a_bad_enrollment_token_is_401(client: TestClient) -> None:
    response = client.post(f"{API}/agent/enroll", json={"token": "hle_nope", "name": "x", "roles": ["proxy"]})
    assert response.status_code == 401


# ---------------------------------------------------------------- agent auth and hello


def test_hello_stores_what_the_agent_says_and_bumps_last_seen(
    client: TestClient, db: Session, proxy_agent: dict[str, Any]
) -> None:
    assert agent_row(db, proxy_agent["agent_id"]).last_seen_at is None
    capabilities = {"drivers": ["hey", "wrk"], "haproxy": "HAProxy version 2.8.5", "cores": 4}

    response = client.post(
        f"{API}/agent/hello",
        json=hello("proxy-1", ["proxy"], **capabilities),
        headers=agent_headers(proxy_agent),
    )

    assert response.status_code == 200, response.text
    assert response.json() == {
        "agent_id": proxy_agent["agent_id"],
        "lab_id": proxy_agent["lab_id"],
        "name": "proxy-1",
        "protocol_version": 1,
        "heartbeat_interval_s": 5,
    }
    row = agent_row(db, proxy_agent["agent_id"])
    assert (row.version, row.capabilities.model_dump(exclude_defaults=True)) == ("0.1.0", capabilities)
    assert row.last_seen_at is not None


def test_hello_with_roles_beyond_the_enrollment_is_409(
    client: TestClient, db: Session, proxy_agent: dict[str, Any]
) -> None:
    response = client.post(
        f"{API}/agent/hello", json=hello("proxy-1", ["proxy", "injector"]), headers=agent_headers(proxy_agent)
    )
    assert response.status_code == 409
    assert "cannot take role(s) injector" in response.json()["message"]
    assert agent_row(db, proxy_agent["agent_id"]).last_seen_at is None


@pytest.mark.parametrize(
    "authorization",
    [None, "Bearer hla_00000000_not-a-real-secret", "Bearer hl_00000000_a-user-api-token", "Basic abc"],
)
def test_requests_without_a_valid_agent_token_are_401(
    client: TestClient, proxy_agent: dict[str, Any], authorization: str | None
) -> None:
    headers = {"Authorization": authorization} if authorization else {}
    response = client.post(f"{API}/agent/hello", json=hello("proxy-1", ["proxy"]), headers=headers)
    assert response.status_code == 401
    assert response.json()["error"] == "unauthenticated"


def test_a_revoked_agent_is_401(client: TestClient, db: Session, proxy_agent: dict[str, Any]) -> None:
    db.execute(update(Agent).where(Agent.id == proxy_agent["agent_id"]).values(revoked_at=func.now()))
    db.commit()
    response = client.post(
        f"{API}/agent/hello", json=hello("proxy-1", ["proxy"]), headers=agent_headers(proxy_agent)
    )
    assert response.status_code == 401


def test_a_wrong_protocol_version_is_400_naming_both_versions(
    client: TestClient, proxy_agent: dict[str, Any]
) -> None:
    envelope = hello("proxy-1", ["proxy"]) | {"v": 2}
    response = client.post(f"{API}/agent/hello", json=envelope, headers=agent_headers(proxy_agent))
    assert response.status_code == 400
    assert response.json()["message"] == "protocol version 2 is not supported; this server speaks 1"


def test_messages_take_only_agent_messages(client: TestClient, proxy_agent: dict[str, Any]) -> None:
    headers = agent_headers(proxy_agent)
    for body in (hello("proxy-1", ["proxy"]), wire(Teardown(run_id=1))):  # type: ignore[arg-type]
        response = client.post(f"{API}/agent/messages", json=body, headers=headers)
        assert response.status_code == 422
        assert response.json()["fields"][0]["field"] == "body"


# ---------------------------------------------------------------- commands (long-poll)


def poll(client: TestClient, agent: dict[str, Any], wait_s: float) -> list[dict[str, Any]]:
    response = client.get(f"{API}/agent/commands", params={"wait_s": wait_s}, headers=agent_headers(agent))
    assert response.status_code == 200, response.text
    commands: list[dict[str, Any]] = response.json()
    return commands


def test_commands_come_in_order_and_the_poll_is_a_heartbeat(
    client: TestClient, db: Session, redis_client: Any, proxy_agent: dict[str, Any]
) -> None:
    first = post_command(proxy_agent["agent_id"], StopLoad(run_id=7))
    second = post_command(proxy_agent["agent_id"], Teardown(run_id=7))

    commands = poll(client, proxy_agent, wait_s=5)

    assert [(c["id"], c["type"]) for c in commands] == [(first, "stop_load"), (second, "teardown")]
    assert commands[1]["body"] == {"type": "teardown", "run_id": 7}
    assert redis_client.llen(keys.agent_commands_key(proxy_agent["agent_id"])) == 0
    assert agent_row(db, proxy_agent["agent_id"]).last_seen_at is not None


def test_an_empty_poll_returns_nothing_after_waiting(
    client: TestClient, redis_client: Any, proxy_agent: dict[str, Any]
) -> None:
    assert poll(client, proxy_agent, wait_s=1) == []


def test_a_waiting_poll_gets_a_command_queued_while_it_waits(
    client: TestClient, redis_client: Any, proxy_agent: dict[str, Any]
) -> None:
    got: list[list[dict[str, Any]]] = []
    waiter = threading.Thread(target=lambda: got.append(poll(client, proxy_agent, wait_s=20)))
    waiter.start()
    # Queue once the poll is blocked on the list (Redis reports a client blocked in BLPOP).
    for _ in range(100):
        if redis_client.info("clients")["blocked_clients"] >= 1:
            break
        threading.Event().wait(0.05)
    envelope_id = post_command(proxy_agent["agent_id"], StopLoad(run_id=9))
    waiter.join(timeout=25)
    assert not waiter.is_alive()
    assert [c["id"] for c in got[0]] == [envelope_id]


def test_a_poll_hands_over_at_most_50_commands(
    client: TestClient, redis_client: Any, proxy_agent: dict[str, Any]
) -> None:
    for _ in range(60):
        post_command(proxy_agent["agent_id"], StopLoad(run_id=7))
    assert len(poll(client, proxy_agent, wait_s=0)) == 50
    assert len(poll(client, proxy_agent, wait_s=0)) == 10


def test_wait_s_is_bounded(client: TestClient, proxy_agent: dict[str, Any]) -> None:
    response = client.get(f"{API}/agent/commands", params={"wait_s": 31}, headers=agent_headers(proxy_agent))
    assert response.status_code == 422


# ---------------------------------------------------------------- messages


def post_message(client: TestClient, agent: dict[str, Any], body: dict[str, Any]) -> Any:
    return client.post(f"{API}/agent/messages", json=body, headers=agent_headers(agent))


def stored_samples(db: Session, run_id: int) -> int:
    return db.scalar(select(func.count()).select_from(Sample).where(Sample.run_id == run_id)) or 0


def test_a_heartbeat_bumps_last_seen(client: TestClient, db: Session, proxy_agent: dict[str, Any]) -> None:
    response = post_message(client, proxy_agent, wire(Heartbeat()))
    assert response.status_code == 202
    assert response.json() == {"accepted": True, "inserted": 0}
    assert agent_row(db, proxy_agent["agent_id"]).last_seen_at is not None


def test_last_seen_is_written_at_most_once_a_second(
    client: TestClient, db: Session, proxy_agent: dict[str, Any]
) -> None:
    """An agent sends a batch a second during a run: liveness needs no write per request."""
    agent_id = proxy_agent["agent_id"]

    def seen_ago(seconds: float) -> None:
        db.execute(
            update(Agent)
            .where(Agent.id == agent_id)
            .values(last_seen_at=func.now() - timedelta(seconds=seconds))
        )

    seen_ago(0.4)  # heard 0.4 s ago: a request now writes nothing
    before = agent_row(db, agent_id).last_seen_at
    assert post_message(client, proxy_agent, wire(Heartbeat())).status_code == 202
    assert agent_row(db, agent_id).last_seen_at == before

    seen_ago(5)  # 5 s ago: it is written (the database clock's now)
    assert post_message(client, proxy_agent, wire(Heartbeat())).status_code == 202
    assert agent_row(db, agent_id).last_seen_at == db.scalar(select(func.now()))


def test_a_resent_batch_is_stored_and_announced_once(
    client: TestClient,
    db: Session,
    redis_client: Any,
    member: Member,
    lab: Lab,
    proxy_agent: dict[str, Any],
) -> None:
    run_id = running_run(db, member, lab)
    listener = redis_client.pubsub()
    listener.subscribe(keys.run_events_channel(run_id))
    assert listener.get_message(timeout=5)["type"] == "subscribe"
    batch = sample_batch(run_id, sample_points("proxy:fe", {0: {"scur": 3}, 1: {"scur": 4}}))

    first = post_message(client, proxy_agent, batch)
    again = post_message(client, proxy_agent, batch)

    assert (first.status_code, first.json()["inserted"]) == (202, 2)
    assert (again.status_code, again.json()["inserted"]) == (202, 0)
    assert stored_samples(db, run_id) == 2
    announced = listener.get_message(timeout=5)
    assert announced is not None
    message = json.loads(announced["data"])
    assert message["kind"] == "samples"
    assert [(s["source"], s["t"], s["data"]) for s in message["samples"]] == [
        ("proxy:fe", 0, {"scur": 3}),
        ("proxy:fe", 1, {"scur": 4}),
    ]
    assert listener.get_message(timeout=1) is None  # the resent batch was not announced again
    listener.close()


def test_a_batch_for_a_run_of_another_lab_is_409_and_writes_nothing(
    client: TestClient, db: Session, member: Member, proxy_agent: dict[str, Any]
) -> None:
    other_lab = make_lab(db, member.team)
    run_id = running_run(db, member, other_lab)
    response = post_message(
        client, proxy_agent, sample_batch(run_id, sample_points("proxy:fe", {0: {"scur": 1}}))
    )
    assert response.status_code == 409
    assert response.json()["message"] == f"run {run_id} is not a run of this agent's lab"
    assert stored_samples(db, run_id) == 0


def test_a_run_s_last_batch_sent_while_tearing_down_is_stored_and_a_late_one_is_409(
    client: TestClient, db: Session, member: Member, lab: Lab, proxy_agent: dict[str, Any]
) -> None:
    run_id = running_run(db, member, lab)
    finish(db, run_id, RunState.succeeded)
    # The worker asks the agents to tear down as it ends the run: their last batch comes after.
    last = post_message(
        client, proxy_agent, sample_batch(run_id, sample_points("proxy:fe", {7: {"scur": 1}}))
    )
    assert (last.status_code, last.json()["inserted"]) == (202, 1)
    db.execute(
        update(Run)
        .where(Run.id == run_id)
        .values(finished_at=func.now() - timedelta(seconds=ENDED_RUN_TAKES_SAMPLES_S + 1))
    )
    db.commit()
    late = post_message(
        client, proxy_agent, sample_batch(run_id, sample_points("proxy:fe", {8: {"scur": 1}}))
    )
    assert late.status_code == 409
    assert "is succeeded" in late.json()["message"]
    assert stored_samples(db, run_id) == 1


def test_a_batch_for_a_run_not_started_is_409_and_writes_nothing(
    client: TestClient, db: Session, member: Member, lab: Lab, proxy_agent: dict[str, Any]
) -> None:
    run_id = launch(db, member, make_experiment(db, member), lab).run_ids[0]
    response = post_message(
        client, proxy_agent, sample_batch(run_id, sample_points("proxy:fe", {0: {"scur": 1}}))
    )
    assert response.status_code == 409
    assert "is queued" in response.json()["message"]
    assert stored_samples(db, run_id) == 0


def test_a_command_result_lands_on_its_reply_list(
    client: TestClient, redis_client: Any, proxy_agent: dict[str, Any]
) -> None:
    command_id = post_command(proxy_agent["agent_id"], StopLoad(run_id=7))
    result = CommandResult(command_id=command_id, ok=True, data=LoadStopped(was_running=True, exit_code=0))
    response = post_message(client, proxy_agent, wire(result))
    assert response.status_code == 202
    key = keys.command_reply_key(command_id)
    assert [CommandResult.model_validate_json(raw) for raw in redis_client.lrange(key, 0, -1)] == [result]
    assert 0 < redis_client.ttl(key) <= keys.REPLY_TTL_S


def test_a_result_for_a_command_not_sent_to_this_agent_is_refused(
    client: TestClient, db: Session, member: Member, lab: Lab, redis_client: Any, proxy_agent: dict[str, Any]
) -> None:
    other = enroll(client, enrollment_token(db, member, lab, ["injector"]), "injector-9", ["injector"])
    sent_to_other = post_command(other["agent_id"], StopLoad(run_id=7))

    for command_id in (sent_to_other, "never-sent-1"):
        forged = CommandResult(command_id=command_id, ok=False, error="forged")
        response = post_message(client, proxy_agent, wire(forged))
        assert response.status_code == 404, response.text
        assert redis_client.llen(keys.command_reply_key(command_id)) == 0

    genuine = CommandResult(command_id=sent_to_other, ok=True, data={})
    assert post_message(client, other, wire(genuine)).status_code == 202
    assert redis_client.llen(keys.command_reply_key(sent_to_other)) == 1


@pytest.mark.parametrize("run_ref", ["warmup-1", "9" * 40, "12"])
def test_a_batch_whose_run_id_is_not_a_run_id_is_422_naming_it(
    client: TestClient, proxy_agent: dict[str, Any], run_ref: str
) -> None:
    body = sample_batch(1, sample_points("proxy:fe", {0: {"scur": 1}}))
    body["body"]["run_id"] = run_ref  # run ids are integers on the wire (BIGINT in the database)
    response = post_message(client, proxy_agent, body)
    assert response.status_code == 422, response.text
    assert "run_id" in response.text


def test_a_batch_naming_no_run_id_of_ours_is_409(client: TestClient, proxy_agent: dict[str, Any]) -> None:
    body = sample_batch(1, sample_points("proxy:fe", {0: {"scur": 1}}))
    body["body"]["run_id"] = run_ref = 9_000_000_000
    response = post_message(client, proxy_agent, body)
    assert response.status_code == 409
    assert response.json()["message"] == f"run {run_ref} is not a run of this agent's lab"


def test_an_injectors_batch_reply_carries_its_load_lease(
    client: TestClient, db: Session, redis_client: Any, member: Member, lab: Lab, proxy_agent: dict[str, Any]
) -> None:
    injector = enroll(client, enrollment_token(db, member, lab, ["injector"]), "injector-1", ["injector"])
    run_id = running_run(db, member, lab)
    lease = datetime.now(UTC) + timedelta(seconds=10)

    def reply_lease(agent: dict[str, Any], t: int) -> str | None:
        source = f"host:{agent['name']}"
        response = post_message(
            client, agent, sample_batch(run_id, sample_points(source, {t: {"cpu_pct": 1}}))
        )
        assert response.status_code == 202
        return response.headers.get(LOAD_LEASE_HEADER)

    assert reply_lease(injector, 0) is None  # the worker renews nothing (yet)
    load_leases.set_load_lease(run_id, injector["agent_id"], lease, ttl_s=10)
    assert reply_lease(injector, 1) == lease.isoformat()
    load_leases.set_load_lease(run_id, proxy_agent["agent_id"], lease, ttl_s=10)
    assert reply_lease(proxy_agent, 1) is None  # not an injector: its replies carry no lease
    load_leases.clear_load_lease(run_id, injector["agent_id"])
    assert reply_lease(injector, 2) is None
    load_leases.set_load_lease(run_id, injector["agent_id"], lease, ttl_s=0.2)
    time.sleep(0.3)  # a worker that stopped renewing: the lease is gone with its key
    assert reply_lease(injector, 3) is None


def test_an_answer_that_is_no_commands_model_is_422_naming_data(
    client: TestClient, redis_client: Any, proxy_agent: dict[str, Any]
) -> None:
    command_id = post_command(proxy_agent["agent_id"], StopLoad(run_id=7))
    body = wire(CommandResult(command_id=command_id, ok=True))
    body["body"]["data"] = {"removed": ["haproxy.cfg"]}  # untyped, as any dict once passed
    response = post_message(client, proxy_agent, body)
    assert response.status_code == 422, response.text
    assert "data" in response.text
    assert redis_client.llen(keys.command_reply_key(command_id)) == 0
