"""Everything that goes through Redis besides Celery: names, clients, and the run event messages.

This module is the ONE place for live Redis names, so API, worker and tests agree on them:

    haplab:agent:{agent_id}:commands    list  command Envelopes (JSON) waiting for the agent;
                                              the worker RPUSHes, the API's long-poll pops
    haplab:agent:{agent_id}:revoked     list  one word, pushed once the agent's revocation is
                                              committed: a long-poll of that agent waits on it
                                              beside its commands, so a poll held open in any
                                              API process is answered 401 at once (expires
                                              after REVOKED_MARK_TTL_S)
    haplab:command:{command_id}:reply   list  the agent's CommandResult (JSON); the API RPUSHes,
                                              the worker waiting in send_command BLPOPs
    haplab:run:{run_id}:events          pub/sub channel of a run's live events (RunEventMessage)
    haplab:run:{run_id}:control         pub/sub channel the run's worker listens on: a word is
                                              published when a cancel of the run is committed,
                                              the run ends (the reaper's end included) or an
                                              agent of its lab is revoked; the worker then reads
                                              the run's row (worker/run_watch.py)
    haplab:team:{team_id}:scraped       string  set while a metrics scraper reads the team's
                                              figures (GET /metrics, live gauges included),
                                              expiring SCRAPE_WATCH_S after the last scrape: it
                                              counts as a live viewer of every run of the team
                                              in the reply to an agent's sample batch
    haplab:command:{command_id}:agent   string  the id of the agent the command was sent to; only
                                              that agent's result is accepted for it
    haplab:run:{run_id}:load-lease:{agent_id}  string  the lease of the run's load on that injector
                                              (ISO 8601), set by the worker, expiring with it; the
                                              API hands it to the injector with each reply to its
                                              sample batches (spec.protocol.LOAD_LEASE_HEADER)
    haplab:login-failures:{kind}:{who}  sorted set of failed sign-in times (score = time), per
                                              account (SHA-256 of the e-mail) and per client
                                              address; expires with the throttling window
    haplab:live-streams:{kind}:{id}     sorted set of the open live event streams of a user or
                                              a team (member = a stream's slot, score = when its
                                              lease ends; backend/runs/live/stream_slots.py)
    haplab:rate:{what}:{who}            sorted set of the times of recent requests of a
                                              rate-limited kind (backend/rate_limits.py), e.g.
                                              webhook-test:webhook:12; expires with its window

Redis is a mailbox and a loudspeaker here, never a store: samples and run states live in
PostgreSQL and are written there first, so a message lost in Redis costs a live viewer a
moment (the SSE stream replays from PostgreSQL and re-reads the state), never data.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from functools import lru_cache
from typing import Annotated, Literal, cast

import anyio
import redis
import redis.asyncio as aioredis
from pydantic import BaseModel, Field, TypeAdapter
from redis.asyncio.client import PubSub

from backend.settings import get_settings
from spec.results import SamplePoint
from spec.run_state import RunState

log = logging.getLogger(__name__)

# A reply nobody collects (the worker gave up) disappears after this.
REPLY_TTL_S = 600
# Commands for an agent that never polls again disappear after this (refreshed on every push),
# so a long-gone agent that comes back does not replay a day-old queue.
COMMAND_LIST_TTL_S = 3600


def agent_commands_key(agent_id: int) -> str:
    return f"haplab:agent:{agent_id}:commands"


def agent_revoked_key(agent_id: int) -> str:
    return f"haplab:agent:{agent_id}:revoked"


def command_reply_key(command_id: str) -> str:
    return f"haplab:command:{command_id}:reply"


def run_events_channel(run_id: int) -> str:
    return f"haplab:run:{run_id}:events"


def run_control_channel(run_id: int) -> str:
    return f"haplab:run:{run_id}:control"


def team_scraped_key(team_id: int | Literal["*"]) -> str:
    """("*": the pattern of every team's, for SCAN.)"""
    return f"haplab:team:{team_id}:scraped"


def command_agent_key(command_id: str) -> str:
    return f"haplab:command:{command_id}:agent"


def load_lease_key(run_id: int, agent_id: int) -> str:
    return f"haplab:run:{run_id}:load-lease:{agent_id}"


def login_failures_key(kind: Literal["account", "client"], who: str) -> str:
    return f"haplab:login-failures:{kind}:{who}"


def live_streams_key(kind: Literal["user", "team"], ident: int) -> str:
    return f"haplab:live-streams:{kind}:{ident}"


def rate_key(what: str, who: str) -> str:
    return f"haplab:rate:{what}:{who}"


# ---------------------------------------------------------------- clients


@lru_cache
def _sync_client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_connect_timeout=5)


def sync_redis() -> redis.Redis:
    """The process's sync client (thread-safe pool) for the current settings' Redis."""
    return _sync_client(get_settings().redis_url)


def reset_live_clients() -> None:
    """Forget the sync client (after a fork: pooled sockets must not be shared with the parent)."""
    _sync_client.cache_clear()


# Closing a connection may not hang a request's end for longer than this.
CLOSE_TIMEOUT_S = 2


@asynccontextmanager
async def async_redis() -> AsyncIterator[aioredis.Redis]:
    """An asyncio client for one request or stream, closed at the end.

    One per use rather than one per process: a long-poll or a subscription holds its connection
    for its whole wait anyway, and a client made inside the running loop cannot end up bound to
    another loop (the test client runs each app in a loop of its own). The close is shielded:
    streams usually end by cancellation (the viewer left), and the socket must still be closed.
    """
    client = aioredis.Redis.from_url(get_settings().redis_url, socket_connect_timeout=5)
    try:
        yield client
    finally:
        with anyio.move_on_after(CLOSE_TIMEOUT_S, shield=True):
            await client.aclose()


@asynccontextmanager
async def run_event_subscription(run_id: int) -> AsyncIterator[PubSub]:
    """Subscribed to the run's event channel (SUBSCRIBE done when this yields)."""
    async with async_redis() as client:
        pubsub = client.pubsub()
        try:
            await pubsub.subscribe(run_events_channel(run_id))
            yield pubsub
        finally:
            with anyio.move_on_after(CLOSE_TIMEOUT_S, shield=True):
                await pubsub.aclose()  # type: ignore[no-untyped-call]  # redis-py leaves it unannotated


# ---------------------------------------------------------------- run events


class LiveSample(BaseModel):
    """A sample as live viewers get it (the `sample` SSE event's data): no histogram."""

    source: str
    t: int
    ts: datetime
    data: dict[str, float | int]


class LiveState(BaseModel):
    """A run's state as live viewers get it (the `state` SSE event's data)."""

    state: RunState
    error: str | None = None
    at: datetime


class LiveEnd(BaseModel):
    """How the run ended (the `end` SSE event's data)."""

    state: RunState
    error: str | None = None


# The SSE events of GET /runs/{id}/events, one model each: `event` is the SSE event name, `id`
# its SSE id, `data` its JSON data line. The OpenAPI names them (RunEvent) for clients.
class StateEvent(BaseModel):
    """First event of every connection, then each state change; id "state:<state>"."""

    event: Literal["state"] = "state"
    id: str
    data: LiveState


class SampleEvent(BaseModel):
    """One second of one source; id "<t>:<source>" (a replayed or repeated one replaces itself)."""

    event: Literal["sample"] = "sample"
    id: str
    data: LiveSample


class EndEvent(BaseModel):
    """The run is terminal; the stream closes. id "end"."""

    event: Literal["end"] = "end"
    id: Literal["end"] = "end"
    data: LiveEnd


RunEvent = Annotated[StateEvent | SampleEvent | EndEvent, Field(discriminator="event")]


class SamplesMessage(BaseModel):
    kind: Literal["samples"] = "samples"
    samples: list[LiveSample]


class StateMessage(BaseModel):
    kind: Literal["state"] = "state"
    state: LiveState


RunEventMessage = Annotated[SamplesMessage | StateMessage, Field(discriminator="kind")]
run_event_message = TypeAdapter[SamplesMessage | StateMessage](RunEventMessage)


def _publish(run_id: int, message: SamplesMessage | StateMessage) -> int | None:
    """How many live viewers (SSE streams, each subscribed on its own) got it; None if unknown.

    Best effort by design: the data is already in PostgreSQL, and a live viewer re-reads it
    (replay on connect, state re-checked every few seconds). A Redis blip must not fail an
    agent's batch or a run's transition."""
    try:
        return cast(int, sync_redis().publish(run_events_channel(run_id), message.model_dump_json()))
    except redis.RedisError as exc:
        log.warning("could not publish %s event of run %s: %s", message.kind, run_id, exc)
        return None


def publish_sample_batch(run_id: int, team_id: int, samples: Sequence[SamplePoint]) -> int | None:
    """Tell live viewers of the run about these (already stored) samples. Returns how many watch
    the run live: the SSE streams that got them, plus one while a metrics scraper reads the
    team's live gauges (they show the newest stored second); None when unknown (a Redis blip).
    The scraper is the team's, not the run's: it is counted from a new run's first batch on,
    before its first scrape, so even a run of a few seconds is not held."""
    if not samples:
        return None
    live = [LiveSample(source=s.source, t=s.t, ts=s.ts, data=s.data) for s in samples]
    message = SamplesMessage(samples=live)
    try:
        with sync_redis().pipeline(transaction=False) as pipe:  # one round trip for both
            pipe.publish(run_events_channel(run_id), message.model_dump_json())
            pipe.exists(team_scraped_key(team_id))
            receivers, scraped = pipe.execute()
    except redis.RedisError as exc:
        log.warning("could not publish samples of run %s: %s", run_id, exc)
        return None
    return int(receivers) + int(scraped)


# A scrape counts as a live viewer of the team's runs for this long: past Prometheus's usual
# intervals (15-30 s), so a scraped team stays watched between scrapes.
SCRAPE_WATCH_S = 60


def mark_scraped(team_id: int) -> None:
    """The metrics endpoint served the team's figures (best effort, as publishing is)."""
    try:
        sync_redis().set(team_scraped_key(team_id), "1", ex=SCRAPE_WATCH_S)
    except redis.RedisError as exc:
        log.warning("could not mark team %s as scraped: %s", team_id, exc)


# ---------------------------------------------------------------- revoked agents

# How long the mark of a revoked agent stays: longer than any long-poll that may have passed its
# token check just before the revocation (backend/fleet/mailbox.py waits 30 s at most). Polls
# that start later are refused by the token check itself (PostgreSQL).
REVOKED_MARK_TTL_S = 120
REVOKED_MARK = "revoked"


def mark_agent_revoked(agent_id: int) -> None:
    """Wake every long-poll of this agent, in every API process, with its revocation (call once
    it is committed); the commands still queued for it are dropped: no one will take them.

    Best effort, as every publication here: should Redis fail, a held poll still ends within its
    wait (30 s at most) and the next one is refused by the token check."""
    try:
        with sync_redis().pipeline(transaction=True) as pipe:
            pipe.rpush(agent_revoked_key(agent_id), REVOKED_MARK)
            pipe.expire(agent_revoked_key(agent_id), REVOKED_MARK_TTL_S)
            pipe.delete(agent_commands_key(agent_id))
            pipe.execute()
    except redis.RedisError as exc:
        log.warning("could not wake the long-polls of revoked agent %s: %s", agent_id, exc)


# ---------------------------------------------------------------- the load lease


def set_load_lease(run_id: int, agent_id: int, until: datetime, ttl_s: float) -> None:
    """The worker: the load of `run_id` on injector `agent_id` may run until `until`. The key
    expires `ttl_s` after this write, so a worker that stops renewing leaves nothing behind."""
    sync_redis().set(load_lease_key(run_id, agent_id), until.isoformat(), px=max(1, int(ttl_s * 1000)))


def clear_load_lease(run_id: int, agent_id: int) -> None:
    """The worker, when the run's execution ends (best effort: the key expires anyway)."""
    try:
        sync_redis().delete(load_lease_key(run_id, agent_id))
    except redis.RedisError as exc:
        log.warning("could not clear the load lease of run %s on agent %s: %s", run_id, agent_id, exc)


def load_lease(run_id: int, agent_id: int) -> str | None:
    """The API: the lease the worker last set for this injector's load (ISO 8601), if any.

    Best effort: without Redis the injector gets no renewal in this reply, as it would get no
    RenewLease command either."""
    try:
        value = cast("bytes | None", sync_redis().get(load_lease_key(run_id, agent_id)))
    except redis.RedisError as exc:
        log.warning("could not read the load lease of run %s on agent %s: %s", run_id, agent_id, exc)
        return None
    return None if value is None else value.decode()


# What the run's worker is told on its control channel; any message makes it read the run's row.
RunControl = Literal["cancel", "ended", "agent_revoked"]


def publish_run_control(run_id: int, what: RunControl) -> None:
    """Wake the worker executing the run (call after the cancel, the end or the revocation of an
    agent of its lab committed).

    Best effort: the worker also reads the run's row every few seconds, so a lost message
    delays a stop by that much, never forever.
    """
    try:
        sync_redis().publish(run_control_channel(run_id), what)
    except redis.RedisError as exc:
        log.warning("could not tell the worker of run %s (%s): %s", run_id, what, exc)


def publish_state(run_id: int, state: RunState | str, error: str | None = None) -> None:
    """Tell live viewers the run is now in `state` (call after the transition committed)."""
    at = datetime.now(UTC)
    _publish(run_id, StateMessage(state=LiveState(state=RunState(state), error=error, at=at)))
