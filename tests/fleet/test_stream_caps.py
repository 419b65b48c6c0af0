"""Live event streams open at once are capped per user and per team across API processes (Redis),
and per API process: real streams against two real API processes sharing one Redis, one of them
killed with its streams open."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from live_processes import ApiServer, start_api_server, wait_until
from sqlalchemy.orm import Session

from backend.app import create_app
from backend.db import session_scope
from backend.messaging import clients
from backend.models import Lab
from dev.services import Redis, free_port
from tests.api.helpers import API, Member, make_lab, make_team_user, new_member, token_headers
from tests.fleet import factories as fleet
from tests.fleet.sse import Event, read_events

pytestmark = pytest.mark.slow

PER_USER, PER_TEAM, PER_PROCESS = 2, 3, 4
CAPS = {
    "HAPLAB_LIVE_STREAMS_PER_USER": str(PER_USER),
    "HAPLAB_LIVE_STREAMS_PER_TEAM": str(PER_TEAM),
    "HAPLAB_LIVE_STREAMS_PER_PROCESS": str(PER_PROCESS),
}
SHORT_LEASE_S = 3  # the shortest the setting allows


@pytest.fixture
def lease_s() -> int:
    """The API processes' slot lease: long, so a slot given back is not one that lapsed (the
    tests of lapses parametrize it short)."""
    return 60


@dataclass
class Viewer:
    headers: dict[str, str]
    run_id: int  # a running run of the viewer's team
    member: Member  # an editor of the team, and its lab: to make more runs
    lab: Lab


@dataclass
class World:
    apis: list[ApiServer]
    alice: Viewer  # alice and bob: one team
    bob: Viewer
    carol: Viewer  # carol, dave, erin: a team each
    dave: Viewer
    erin: Viewer


def viewer_in(db: Session, member: Member, lab: Lab, run_id: int) -> Viewer:
    """A new viewer of the member's team (with a viewer API token)."""
    _, user = make_team_user(db, "viewer", team=member.team)
    headers = token_headers(db, user, member.team, scope="viewer")
    return Viewer(headers=headers, run_id=run_id, member=member, lab=lab)


def viewer_of_a_new_team(db: Session) -> Viewer:
    member = new_member(db, "editor")
    lab = make_lab(db, member.team)
    return viewer_in(db, member, lab, fleet.running_run(db, member, lab))


@pytest.fixture
def world(fresh_database: str, redis_server: Redis, tmp_path: Path, lease_s: int) -> Iterator[World]:
    redis = clients.sync_redis()
    for key in redis.scan_iter("haplab:live-streams:*"):
        redis.delete(key)
    with session_scope() as db:
        alice = viewer_of_a_new_team(db)
        bob = viewer_in(db, alice.member, alice.lab, alice.run_id)
        carol, dave, erin = (viewer_of_a_new_team(db) for _ in range(3))
    apis: list[ApiServer] = []
    try:
        for index in range(2):
            log_dir = tmp_path / f"api-{index}"
            log_dir.mkdir()
            apis.append(
                start_api_server(
                    database_url=fresh_database,
                    redis_url=redis_server.url,
                    log_dir=log_dir,
                    port=free_port(),
                    env={**CAPS, "HAPLAB_LIVE_STREAM_LEASE_SECONDS": str(lease_s)},
                )
            )
        yield World(apis=apis, alice=alice, bob=bob, carol=carol, dave=dave, erin=erin)
    finally:
        for api in apis:
            api.stop()
            print(f"===== {api.url} =====\n{api.log()}")


class Streams:
    """Streams held open (each has read its first event, so the server is streaming it)."""

    def __init__(self) -> None:
        self.stack = ExitStack()
        self.http = self.stack.enter_context(httpx.Client(timeout=10))
        self.readers: list[Iterator[Event]] = []

    def open(self, api: ApiServer, viewer: Viewer) -> httpx.Response:
        """Opens a stream; returns the refusal's response instead when it is refused."""
        request = self.http.build_request(
            "GET", f"{api.url}{API}/runs/{viewer.run_id}/events", headers=viewer.headers
        )
        response = self.http.send(request, stream=True)
        if response.status_code != 200:
            response.read()
            response.close()
            return response
        self.stack.callback(response.close)
        events = read_events(response)
        assert next(events).event == "state"
        # Kept: a reader dropped half-way closes its connection (httpx), which ends the stream.
        self.readers.append(events)
        return response

    def close(self) -> None:
        self.stack.close()


@contextlib.contextmanager
def streams() -> Iterator[Streams]:
    held = Streams()
    try:
        yield held
    finally:
        held.close()


def refused(response: httpx.Response, status: int, whose: str) -> bool:
    body = response.json()
    assert response.status_code == status, (response.status_code, body)
    assert int(response.headers["Retry-After"]) > 0
    assert whose in body["message"], body
    return True


def test_streams_are_capped_per_user_and_team_across_processes_and_per_process(world: World) -> None:
    one, two = world.apis
    with streams() as held:
        # alice's two streams, on two API processes: her third is refused on either.
        held.open(one, world.alice)
        held.open(two, world.alice)
        for api in (one, two):
            assert refused(held.open(api, world.alice), 429, "your account has 2 live event streams")
        assert refused(held.open(two, world.alice), 429, "try again in")
        # bob is of alice's team: one more for the team, then the team is full, for him too.
        held.open(one, world.bob)
        assert refused(held.open(two, world.bob), 429, "your team has 3")
        # Other teams are not counted with theirs; this process has 4 open then, its most.
        held.open(one, world.carol)
        held.open(one, world.carol)
        assert refused(held.open(one, world.dave), 503, "this API process serves 4")
        held.open(two, world.dave)  # another process has room

    # All closed: their slots are given back at once (far sooner than the 60 s lease would lapse).
    with streams() as held:
        wait_until(lambda: held.open(one, world.alice).status_code == 200, 10, "alice's slot back")
        held.open(one, world.alice)
        held.open(one, world.bob)
        held.open(one, world.carol)  # this process's count went down too
        assert refused(held.open(one, world.dave), 503, "this API process serves 4")


@pytest.mark.parametrize("lease_s", [SHORT_LEASE_S])
def test_an_open_stream_keeps_its_slot_past_its_lease(world: World) -> None:
    one, _ = world.apis
    with streams() as held:
        for _ in range(PER_USER):
            held.open(one, world.erin)
        time.sleep(SHORT_LEASE_S * 2.5)  # several leases: renewed all along
        assert refused(held.open(one, world.erin), 429, "your account")


@pytest.mark.parametrize("lease_s", [SHORT_LEASE_S])
def test_a_killed_api_processs_slots_lapse_after_a_lease(world: World) -> None:
    one, two = world.apis
    with streams() as held:
        for _ in range(PER_USER):
            held.open(two, world.erin)
        os.killpg(two.proc.pid, signal.SIGKILL)  # no chance to release anything
        two.proc.wait(10)
        assert refused(held.open(one, world.erin), 429, "your account")
        lapsed = wait_until(
            lambda: held.open(one, world.erin).status_code == 200,
            SHORT_LEASE_S * 3,
            "the dead process's slots to lapse",
        )
        assert lapsed


def test_a_reconnect_after_the_end_needs_no_slot(world: World) -> None:
    one, _ = world.apis
    carol = world.carol
    with session_scope() as db:
        ended = fleet.running_run(db, carol.member, carol.lab)
        fleet.finish(db, ended)
    with streams() as held, httpx.Client(timeout=10) as http:
        for _ in range(PER_USER):
            held.open(one, carol)
        url = f"{one.url}{API}/runs/{ended}/events"
        assert refused(http.get(url, headers=carol.headers), 429, "your account")
        assert http.get(url, headers={**carol.headers, "Last-Event-ID": "end"}).status_code == 204


def test_the_openapi_documents_the_refusals() -> None:
    responses = create_app().openapi()["paths"][f"{API}/runs/{{run_id}}/events"]["get"]["responses"]
    assert "Retry-After" in responses["429"]["description"]
    assert "HAPLAB_LIVE_STREAMS_PER_PROCESS" in responses["503"]["description"]
    for status in ("429", "503"):
        (content,) = responses[status]["content"].values()
        assert content["schema"]["$ref"].endswith("/ErrorBody")
