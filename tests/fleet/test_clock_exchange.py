"""The clock exchange over the real API (PostgreSQL, the agent routes): POST /agent/clock stamps
t2 and t3, an agent's ApiClock measures its offset through it (with the test hook's skew), the
hello stores the measurement on the agent row and the lab page shows it."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

import agents.clock
from agents.clock import ApiClock
from backend.models import Agent, Lab
from contract.clock import ClockEcho, ClockProbe
from contract.protocol import Hello
from tests.api.helpers import API, Member, make_lab, new_member
from tests.fleet.factories import agent_headers, enroll, enrollment_token, wire


@pytest.fixture
def member(db: Session) -> Member:
    return new_member(db, "editor")


@pytest.fixture
def lab(db: Session, member: Member) -> Lab:
    return make_lab(db, member.team)


@pytest.fixture
def injector(client: TestClient, db: Session, member: Member, lab: Lab) -> dict[str, Any]:
    return enroll(client, enrollment_token(db, member, lab, ["injector"]), "inj-1", ["injector"])


class ThroughTestClient:
    """agents.clock.ClockExchanger over the test client (the agent's Gateway does the same over HTTP)."""

    def __init__(self, client: TestClient, agent: dict[str, Any]) -> None:
        self.client = client
        self.headers = {**agent_headers(agent), "Content-Type": "application/json"}

    def clock(self, probe: ClockProbe) -> ClockEcho:
        response = self.client.post(
            f"{API}/agent/clock", content=probe.model_dump_json(), headers=self.headers
        )
        assert response.status_code == 200, response.text
        return ClockEcho.model_validate_json(response.content)


def test_the_api_echoes_t1_and_stamps_t2_then_t3_on_its_clock(
    client: TestClient, injector: dict[str, Any]
) -> None:
    t1 = datetime(2020, 1, 1, tzinfo=UTC)  # an agent years behind: the API does not care
    before = datetime.now(UTC)
    response = client.post(
        f"{API}/agent/clock", json={"agent_sent_at": t1.isoformat()}, headers=agent_headers(injector)
    )
    after = datetime.now(UTC)
    assert response.status_code == 200, response.text
    echo = ClockEcho.model_validate(response.json())
    assert echo.agent_sent_at == t1
    assert before <= echo.api_received_at <= echo.api_sent_at <= after


@pytest.mark.parametrize(
    "body",
    [{}, {"agent_sent_at": "2026-11-27T10:00:00"}, {"agent_sent_at": "soon"}, {"agent_sent_at": 1e30}],
    ids=["missing", "naive", "text", "huge"],
)
def test_a_probe_without_an_aware_time_is_422_naming_the_field(
    client: TestClient, injector: dict[str, Any], body: dict[str, Any]
) -> None:
    response = client.post(f"{API}/agent/clock", json=body, headers=agent_headers(injector))
    assert response.status_code == 422, response.text
    assert any("agent_sent_at" in error["field"] for error in response.json()["fields"]), response.text


def test_only_an_enrolled_agent_may_exchange(client: TestClient) -> None:
    response = client.post(f"{API}/agent/clock", json={"agent_sent_at": datetime.now(UTC).isoformat()})
    assert response.status_code == 401


@pytest.mark.parametrize("skew_ms", [0.0, 200.0, -350.0])
def test_a_measurement_finds_the_agents_skew_within_half_its_round_trip(
    client: TestClient, injector: dict[str, Any], monkeypatch: pytest.MonkeyPatch, skew_ms: float
) -> None:
    # The test hook (HAPLAB_AGENT_TEST_CLOCK_SKEW_MS): every reading of this agent's clock is off.
    monkeypatch.setattr(agents.clock, "TEST_SKEW_S", skew_ms / 1000)
    clock = ApiClock()
    measured = clock.measure(ThroughTestClient(client, injector))
    assert measured.exchanges == 8
    # Skewed ahead by skew_ms: the API's clock is behind the agent's by as much.
    assert abs(measured.offset_ms - -skew_ms) <= measured.error_bound_ms + 0.5, measured
    assert clock.offset_s == pytest.approx(measured.offset_ms / 1000)
    # The run's instants come to this host's clock and back.
    start_at = datetime.now(UTC) + timedelta(seconds=2)
    assert clock.to_host(start_at) == pytest.approx(start_at.timestamp() - measured.offset_ms / 1000)
    assert abs(clock.to_api(clock.to_host(start_at)) - start_at) <= timedelta(
        microseconds=2
    )  # float rounding


def test_hello_stores_the_measured_clock_and_the_lab_page_shows_it(
    client: TestClient,
    db: Session,
    member: Member,
    lab: Lab,
    injector: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(agents.clock, "TEST_SKEW_S", 0.2)
    measured = ApiClock().measure(ThroughTestClient(client, injector))
    body = wire(Hello(agent="inj-1", version="0.1.0", roles=["injector"], clock=measured))
    assert client.post(f"{API}/agent/hello", json=body, headers=agent_headers(injector)).status_code == 200

    db.expire_all()
    assert db.get_one(Agent, injector["agent_id"]).clock == measured
    [shown] = client.get(f"{API}/labs/{lab.id}", headers=member.headers).json()["agents"]
    assert shown["clock"]["offset_ms"] == pytest.approx(measured.offset_ms)
    assert shown["clock"]["round_trip_ms"] == pytest.approx(measured.round_trip_ms)

    # An agent that measures nothing (older, or the exchange failed) is shown as not measured.
    plain = wire(Hello(agent="inj-1", version="0.1.0", roles=["injector"]))
    assert client.post(f"{API}/agent/hello", json=plain, headers=agent_headers(injector)).status_code == 200
    assert client.get(f"{API}/labs/{lab.id}", headers=member.headers).json()["agents"][0]["clock"] is None


@pytest.mark.parametrize(
    ("clock", "field"),
    [
        ({"offset_ms": "NaN", "round_trip_ms": 1, "measured_at": "2026-11-27T10:00:00Z"}, "offset_ms"),
        ({"offset_ms": 1, "round_trip_ms": -1, "measured_at": "2026-11-27T10:00:00Z"}, "round_trip_ms"),
        (
            {"offset_ms": 1, "round_trip_ms": "Infinity", "measured_at": "2026-11-27T10:00:00Z"},
            "round_trip_ms",
        ),
        ({"offset_ms": 1, "round_trip_ms": 1, "measured_at": "2026-11-27T10:00:00"}, "measured_at"),
        ({"offset_ms": 1, "round_trip_ms": 1, "measured_at": "2026-11-27T10:00:00Z", "x": 1}, "x"),
    ],
)
def test_a_hello_with_an_unreadable_clock_is_422_naming_the_field_and_stores_nothing(
    client: TestClient, db: Session, injector: dict[str, Any], clock: dict[str, Any], field: str
) -> None:
    body = wire(Hello(agent="inj-1", version="0.1.0", roles=["injector"]))
    body["body"]["clock"] = clock
    response = client.post(f"{API}/agent/hello", json=body, headers=agent_headers(injector))
    assert response.status_code == 422, response.text
    assert any(error["field"].endswith(f"clock.{field}") for error in response.json()["fields"]), (
        response.text
    )
    db.expire_all()
    row = db.get_one(Agent, injector["agent_id"])
    assert (row.clock, row.version) == (None, "")


def test_a_slow_api_shortens_the_measurement_to_its_time_budget(
    client: TestClient, injector: dict[str, Any]
) -> None:
    """Hundreds of labs at once slowed each exchange to ~0.6 s, and eight of them made a run's
    StartSampling outlast its timeout: the agent stops exchanging once the budget is spent."""
    exchange = ThroughTestClient(client, injector)

    class SlowApi:
        def clock(self, probe: ClockProbe) -> ClockEcho:
            time.sleep(0.1)  # on the way there and back: a slow round trip, not a skew
            echo = exchange.clock(probe)
            time.sleep(0.1)
            return echo

    started = time.monotonic()
    measured = ApiClock().measure(SlowApi(), budget_s=0.5)
    took = time.monotonic() - started

    assert 2 <= measured.exchanges <= 4, measured  # started at 0, 0.2, 0.4 s; none from 0.5 s on
    assert took < 1.5
    assert abs(measured.offset_ms) <= measured.error_bound_ms + 0.5, measured
