"""A run's live events: the models live viewers get (GET /runs/{id}/events) and their
publication on the run's channel, after the data is in PostgreSQL."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Annotated, Literal, cast

import anyio
import redis
from pydantic import BaseModel, Field, TypeAdapter
from redis.asyncio.client import PubSub

from backend.messaging.clients import CLOSE_TIMEOUT_S, async_redis, sync_redis
from backend.messaging.keys import run_events_channel, team_scraped_key
from contract.results import SamplePoint
from contract.run_state import RunState

log = logging.getLogger(__name__)


@asynccontextmanager
async def run_event_subscription(run_id: int) -> AsyncIterator[PubSub]:
    """Subscribed to the run's event channel (SUBSCRIBE done when this yields)."""
    async with async_redis() as client:
        pubsub = client.pubsub()
        try:
            await pubsub.subscribe(run_events_channel(run_id))
            await _subscribed(pubsub)
            yield pubsub
        finally:
            with anyio.move_on_after(CLOSE_TIMEOUT_S, shield=True):
                await pubsub.aclose()  # type: ignore[no-untyped-call]  # redis-py leaves it unannotated


# How long a new stream waits for Redis to confirm its subscription.
SUBSCRIBE_CONFIRM_S = 5.0


async def _subscribed(pubsub: PubSub) -> None:
    """Wait for Redis's confirmation of the SUBSCRIBE: redis-py only sends it, and a stream that
    replays from PostgreSQL before Redis has taken the subscription could miss what is published
    meanwhile (the replay-then-live promise of backend/runs/live/events.py)."""
    with anyio.move_on_after(SUBSCRIBE_CONFIRM_S):
        while True:
            message = await pubsub.get_message(timeout=SUBSCRIBE_CONFIRM_S)
            if message is not None and message.get("type") == "subscribe":
                return
    log.warning("Redis did not confirm a run event subscription within %s s", SUBSCRIBE_CONFIRM_S)


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


def publish_state(run_id: int, state: RunState | str, error: str | None = None) -> None:
    """Tell live viewers the run is now in `state` (call after the transition committed)."""
    at = datetime.now(UTC)
    _publish(run_id, StateMessage(state=LiveState(state=RunState(state), error=error, at=at)))
