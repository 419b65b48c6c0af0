"""GET /runs/{id}/events against a real API server: replay from PostgreSQL, live relay of what
agents post, the end of the stream with the run, and the relay's de-duplication rules."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from live_processes import wait_until
from sqlalchemy import select

from backend.db import session_scope
from backend.messaging import keys, viewers
from backend.messaging.run_events import LiveSample, LiveState, SamplesMessage, StateMessage
from backend.models import Run
from backend.runs.live.events import _Relay
from contract.protocol import LIVE_VIEWERS_HEADER
from contract.run_state import RunState
from tests.api.experiment_factories import sample_points
from tests.api.helpers import API, make_lab, make_team_user, new_member, token_headers
from tests.fleet import factories as fleet
from tests.fleet.sse import Event, read_events

# Generous bound on any single wait for the next event: a failure, never a slow pass.
READ_TIMEOUT_S = 5


@dataclass
class World:
    """A running run on a lab with one agent, and a viewer of the run's team."""

    api: str
    run_id: int
    viewer: dict[str, str]
    agent: httpx.Client

    def post_batch(self, source: str, data_by_t: dict[int, dict[str, float]], batch_id: int = 0) -> int:
        body = fleet.sample_batch(self.run_id, sample_points(source, data_by_t), batch_id)
        response = self.agent.post(f"{API}/agent/messages", json=body)
        assert response.status_code == 202, response.text
        inserted: int = response.json()["inserted"]
        return inserted

    def finish(self, state: RunState = RunState.succeeded) -> None:
        # transitions.transition publishes each state (run_events.publish_state) after commit.
        with session_scope() as db:
            fleet.finish(db, self.run_id, state)

    def events_url(self) -> str:
        return f"{self.api}{API}/runs/{self.run_id}/events"


@pytest.fixture
def world(live_api: Any, redis_client: Any) -> Iterator[World]:
    with session_scope() as db:
        member = new_member(db, "editor")
        _, viewer = make_team_user(db, "viewer", team=member.team)
        viewer_headers = token_headers(db, viewer, member.team, scope="viewer")
        lab = make_lab(db, member.team)
        run_id = fleet.running_run(db, member, lab)
        token = fleet.enrollment_token(db, member, lab, ["proxy", "injector"])
    with httpx.Client(base_url=live_api.url, timeout=10) as agent:
        enrolled = fleet.enroll(agent, token, "edge-1", ["proxy", "injector"])
        agent.headers.update(fleet.agent_headers(enrolled))
        assert (
            agent.post(f"{API}/agent/hello", json=fleet.hello("edge-1", ["proxy", "injector"])).status_code
            == 200
        )
        yield World(api=live_api.url, run_id=run_id, viewer=viewer_headers, agent=agent)


def stream(world: World, headers: dict[str, str] | None = None) -> Any:
    return httpx.stream(
        "GET", world.events_url(), headers={**world.viewer, **(headers or {})}, timeout=READ_TIMEOUT_S
    )


def take(events: Iterator[Event], count: int) -> list[Event]:
    return [next(events) for _ in range(count)]


def brief(events: list[Event]) -> list[tuple[str, str | None]]:
    return [(e.event, e.id) for e in events]


def test_a_viewer_gets_the_replay_then_live_samples_then_the_end(world: World) -> None:
    world.post_batch("proxy:fe", {0: {"scur": 3}, 1: {"scur": 5}})
    world.post_batch("host:edge-1", {0: {"requests": 100}})

    with stream(world) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        events = read_events(response)

        replay = take(events, 4)
        assert brief(replay) == [
            ("state", "state:running"),
            ("sample", "0:host:edge-1"),
            ("sample", "0:proxy:fe"),
            ("sample", "1:proxy:fe"),
        ]
        assert replay[0].data["state"] == "running"
        assert replay[3].data["data"] == {"scur": 5}

        # A resent batch is stored once and not relayed again; a new one is relayed.
        assert world.post_batch("proxy:fe", {0: {"scur": 3}, 1: {"scur": 5}}) == 0
        assert world.post_batch("proxy:fe", {2: {"scur": 8}}, batch_id=1) == 1
        relayed = next(events)
        assert (relayed.event, relayed.id) == ("sample", "2:proxy:fe")
        assert relayed.data["source"] == "proxy:fe"
        assert relayed.data["t"] == 2
        assert relayed.data["data"] == {"scur": 8}

        world.finish(RunState.succeeded)
        # Every committed transition is announced (collecting, then succeeded); a viewer that
        # only polled the state in between sees succeeded alone. Then the end, and the server
        # closes the stream (list() returns).
        rest = brief(list(events))
        assert rest[-2:] == [("state", "state:succeeded"), ("end", "end")]
        assert rest[:-2] in ([], [("state", "state:collecting")])


def test_a_late_subscriber_gets_the_whole_run_and_the_end(world: World) -> None:
    world.post_batch("proxy:fe", {0: {"scur": 3}, 1: {"scur": 5}})
    world.finish(RunState.failed)

    with stream(world) as response:
        events = list(read_events(response))
    assert brief(events) == [
        ("state", "state:failed"),
        ("sample", "0:proxy:fe"),
        ("sample", "1:proxy:fe"),
        ("end", "end"),
    ]
    assert events[-1].data == {"state": "failed", "error": None}

    # A browser that saw the end and reconnects is told to stop (EventSource stops on 204).
    with stream(world, {"Last-Event-ID": "end"}) as again:
        assert again.status_code == 204


def test_the_stream_is_team_scoped(world: World, live_api: Any) -> None:
    with session_scope() as db:
        outsider = new_member(db, "admin")
    response = httpx.get(world.events_url(), headers=outsider.headers, timeout=READ_TIMEOUT_S)
    assert response.status_code == 404
    assert httpx.get(world.events_url(), timeout=READ_TIMEOUT_S).status_code == 401


# ---------------------------------------------------------------- the relay's rules, in isolation


def live_sample(t: int, source: str = "proxy:fe") -> LiveSample:
    return LiveSample(source=source, t=t, ts=datetime(2026, 1, 1, tzinfo=UTC), data={"scur": t})


def state(value: RunState) -> LiveState:
    return LiveState(state=value, at=datetime(2026, 1, 1, tzinfo=UTC))


def test_the_relay_skips_what_the_replay_sent_and_states_that_went_back() -> None:
    relay = _Relay()
    assert relay.state(state(RunState.running))
    assert relay.replayed_sample(live_sample(0))
    relay.replay_done()

    overlap = SamplesMessage(samples=[live_sample(0), live_sample(1)]).model_dump_json()
    assert relay.live_message(overlap).count(b"event: sample") == 1
    assert b"id: 1:proxy:fe" in relay.live_message(overlap)

    assert relay.live_message(StateMessage(state=state(RunState.warming)).model_dump_json()) == b""
    assert relay.live_message(StateMessage(state=state(RunState.running)).model_dump_json()) == b""
    assert relay.final is None
    assert b"event: state" in relay.live_message(
        StateMessage(state=state(RunState.cancelled)).model_dump_json()
    )
    assert relay.final is not None and relay.final.state == RunState.cancelled
    assert b"event: end" in relay.end()


def test_an_event_id_stays_on_one_line() -> None:
    event = _Relay().replayed_sample(live_sample(3, source="proxy:evil\nevent: end"))
    assert event.count(b"\n") == 4  # id, event, data, blank line


@pytest.mark.xfail(
    strict=False,
    reason=(
        "Open (2026-11-27): in the whole parallel suite of three fresh clones Redis counted no "
        "subscriber of the open stream for 10 s, while this file alone (and -n 3 over tests/fleet) "
        "passes and the live-relay tests beside it, which need the subscription, pass: an order "
        "dependence not yet found. Kept running: a pass is reported as XPASS."
    ),
)
def test_a_viewer_that_leaves_is_unsubscribed(world: World, redis_client: Any) -> None:
    channel = keys.run_events_channel(world.run_id)
    with stream(world) as response:
        assert next(read_events(response)).event == "state"
        # Subscribed before the first event, but on a loaded box Redis's count of subscribers can
        # lag the stream's confirmed SUBSCRIBE (the stream goes on after SUBSCRIBE_CONFIRM_S).
        wait_until(
            lambda: dict(redis_client.pubsub_numsub(channel))[channel.encode()] == 1, 10, "the subscribe"
        )
    wait_until(
        lambda: dict(redis_client.pubsub_numsub(channel))[channel.encode()] == 0, 10, "the unsubscribe"
    )


def test_a_batch_reply_counts_the_runs_live_viewers(world: World, redis_client: Any) -> None:
    """An agent told to hold a run's samples (HoldSamples) holds them while this count is 0: SSE
    streams of the run, and a metrics scraper of its team."""
    channel = keys.run_events_channel(world.run_id)

    def reply_count(batch_id: int) -> str | None:
        body = fleet.sample_batch(world.run_id, sample_points("proxy:fe", {batch_id: {"scur": 1}}), batch_id)
        response = world.agent.post(f"{API}/agent/messages", json=body)
        assert response.status_code == 202, response.text
        return response.headers.get(LIVE_VIEWERS_HEADER)

    assert reply_count(0) == "0"
    with stream(world) as first, stream(world) as second:
        # Held, not dropped: a dropped generator closes its response, and the viewer leaves.
        streams = [read_events(first), read_events(second)]
        assert [next(events).event for events in streams] == ["state", "state"]
        assert reply_count(1) == "2"
        assert reply_count(1) is None  # resent: stored and announced once, so not counted again
    wait_until(
        lambda: dict(redis_client.pubsub_numsub(channel))[channel.encode()] == 0, 10, "the unsubscribe"
    )
    assert reply_count(2) == "0"
    # A metrics scraper of the run's team watches it too (for SCRAPE_WATCH_S after each scrape).
    scrape = httpx.get(f"{world.api}/metrics", headers=world.viewer, timeout=READ_TIMEOUT_S)
    assert scrape.status_code == 200, scrape.text
    assert reply_count(3) == "1"
    with session_scope() as db:
        team_id = db.scalar(select(Run.team_id).where(Run.id == world.run_id))
    assert team_id is not None
    assert 0 < redis_client.ttl(keys.team_scraped_key(team_id)) <= viewers.SCRAPE_WATCH_S
    redis_client.delete(keys.team_scraped_key(team_id))
    assert reply_count(4) == "0"
