"""A run's live event stream (SSE): GET /api/v1/runs/{run_id}/events.

Events (data is JSON):
    state   {state, error, at}       id "state:<state>"; first event of every connection
    sample  {source, t, ts, data}    id "<t>:<source>"
    end     {state, error}           id "end"; the run is terminal, the stream closes

On connect: SUBSCRIBE to the run's channel first, then replay from PostgreSQL (current state,
then every stored sample in (source, t) order, in pages), then relay live messages. Subscribing
first means nothing published during the replay is missed; what the replay already sent is
skipped when it also arrives live (a batch committed just before the replay query is announced
just after it, so the replayed ids are remembered for DEDUP_WINDOW_S after the replay, then
dropped to keep memory flat on long runs). States only move forward: a stale state message
(published before the replay read a newer one) is skipped.

Event ids name what an event carries (a sample's primary key within the run), not a position,
because samples of different agents arrive out of (t, source) order and no sequence would be
both replayable from PostgreSQL and shared with the live messages. So every connection,
including a browser's reconnect with Last-Event-ID, gets the full replay, and the browser keeps
samples keyed by id, which makes a repeated event harmless. The one use of Last-Event-ID: a
browser that already saw `end` of a finished run gets 204, which tells EventSource to stop
reconnecting.

The state is re-read from PostgreSQL every STATE_POLL_S as well, so the stream ends with the
run even if a state message was lost (or the reaper, not the worker, ended the run). Relay
latency is that of Redis pub/sub: get_message returns as soon as a message arrives.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from datetime import datetime
from functools import partial
from typing import Any

from fastapi import Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import StreamingResponse
from pydantic import ValidationError
from sqlalchemy import select
from starlette.types import Receive, Scope, Send

from backend.db import session_scope
from backend.messaging import run_events
from backend.messaging.run_events import (
    EndEvent,
    LiveEnd,
    LiveSample,
    LiveState,
    SampleEvent,
    SamplesMessage,
    StateEvent,
    StateMessage,
)
from backend.models import Run
from backend.runs.live.stream_slots import StreamSlot
from backend.runs.seconds import read_seconds
from contract.run_state import RunState, progress_rank

KEEPALIVE_S = 15
STATE_POLL_S = 2.0
DEDUP_WINDOW_S = 10.0
REPLAY_PAGE = 1000
# How long a browser waits before reconnecting (the `retry:` field of the first event).
RETRY_MS = 2000
END_EVENT_ID = EndEvent.model_fields["id"].default
KEEPALIVE = b": keep-alive\n\n"


def _one_line(text: str) -> str:
    # An id is a single line: a source name with a line break would split the event.
    return text.replace("\r", "\ufffd").replace("\n", "\ufffd").replace("\0", "\ufffd")


def sse_event(event: StateEvent | SampleEvent | EndEvent, retry_ms: int | None = None) -> bytes:
    """One SSE event (its data as single-line JSON)."""
    retry = f"retry: {retry_ms}\n" if retry_ms is not None else ""
    data = event.data.model_dump_json()
    return f"{retry}id: {_one_line(event.id)}\nevent: {event.event}\ndata: {data}\n\n".encode()


def sample_event_id(t: int, source: str) -> str:
    return f"{t}:{source}"


def _sample(sample: LiveSample, event_id: str) -> bytes:
    return sse_event(SampleEvent(id=event_id, data=sample))


class _Relay:
    """What one connection has sent: orders states, skips samples the replay already sent."""

    def __init__(self) -> None:
        self.rank = -1
        self.final: LiveState | None = None
        self.replayed: set[str] | None = set()
        self.replay_done_at: float | None = None

    def state(self, state: LiveState, retry_ms: int | None = None) -> bytes:
        if progress_rank(state.state) <= self.rank:
            return b""
        self.rank = progress_rank(state.state)
        if state.state.is_terminal:
            self.final = state
        return sse_event(StateEvent(id=f"state:{state.state.value}", data=state), retry_ms)

    def end(self) -> bytes:
        assert self.final is not None
        return sse_event(EndEvent(data=LiveEnd(state=self.final.state, error=self.final.error)))

    def replayed_sample(self, sample: LiveSample) -> bytes:
        event_id = sample_event_id(sample.t, sample.source)
        if self.replayed is not None:
            self.replayed.add(event_id)
        return _sample(sample, event_id)

    def replay_done(self) -> None:
        self.replay_done_at = time.monotonic()

    def live_sample(self, sample: LiveSample) -> bytes:
        event_id = sample_event_id(sample.t, sample.source)
        if self.replayed is not None and event_id in self.replayed:
            return b""
        return _sample(sample, event_id)

    def forget_old_replay(self) -> None:
        """Past the window, nothing live can repeat the replay any more: free the ids."""
        if (
            self.replayed is not None
            and self.replay_done_at is not None
            and time.monotonic() - self.replay_done_at > DEDUP_WINDOW_S
        ):
            self.replayed = None

    def live_message(self, raw: bytes | str) -> bytes:
        if self.final is not None:
            return b""
        try:
            message = run_events.run_event_message.validate_json(raw)
        except ValidationError:
            return b""  # not ours to crash on: the channel is only written by backend/messaging/run_events.py
        if isinstance(message, SamplesMessage):
            return b"".join(self.live_sample(s) for s in message.samples)
        assert isinstance(message, StateMessage)
        return self.state(message.state)


def _read_state(run_id: int) -> LiveState | None:
    with session_scope() as db:
        row = db.execute(
            select(Run.state, Run.error, Run.state_changed_at, Run.created_at).where(Run.id == run_id)
        ).one_or_none()
    if row is None:
        return None
    state, error, changed_at, created_at = row
    at: datetime = changed_at or created_at
    return LiveState(state=state, error=error, at=at)


def _replay_page(run_id: int, after: tuple[str, int] | None) -> list[LiveSample]:
    # Keyset pages in primary-key order: each page is one short index range scan.
    with session_scope() as db:
        page = read_seconds(db, run_id, after=after, limit=REPLAY_PAGE, with_timers=False)
    return [LiveSample(source=s.source, t=s.t, ts=s.ts, data=s.data) for s in page]


async def run_event_stream(run_id: int) -> AsyncIterator[bytes]:
    """The bytes of the stream: replay, then live relay until the run is terminal."""
    relay = _Relay()
    async with run_events.run_event_subscription(run_id) as pubsub:
        state = await run_in_threadpool(_read_state, run_id)
        if state is None:
            return
        yield relay.state(state, retry_ms=RETRY_MS)
        after: tuple[str, int] | None = None
        while True:
            page = await run_in_threadpool(_replay_page, run_id, after)
            if page:
                yield b"".join(relay.replayed_sample(s) for s in page)
            if len(page) < REPLAY_PAGE:
                break
            after = (page[-1].source, page[-1].t)
        relay.replay_done()
        if relay.final is not None:
            yield relay.end()
            return

        last_write = last_poll = time.monotonic()
        while True:
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            out = relay.live_message(message["data"]) if message is not None else b""
            relay.forget_old_replay()
            now = time.monotonic()
            if relay.final is None and now - last_poll >= STATE_POLL_S:
                last_poll = now
                state = await run_in_threadpool(_read_state, run_id)
                if state is None:  # the run was deleted
                    return
                out += relay.state(state)
            if relay.final is not None:
                yield out + relay.end()
                return
            if out:
                yield out
                last_write = now
            elif now - last_write >= KEEPALIVE_S:
                yield KEEPALIVE
                last_write = now


def saw_the_end(state: RunState, last_event_id: str | None) -> bool:
    """A browser reconnecting after the `end` of a run that is over: answer 204 (stop reconnecting)."""
    return last_event_id == END_EVENT_ID and state.is_terminal


class HeldStreamingResponse(StreamingResponse):
    """A stream that holds its slot (backend/runs/live/stream_slots.py) while it is served."""

    def __init__(self, content: AsyncIterator[bytes], slot: StreamSlot, **kwargs: Any) -> None:
        super().__init__(content, **kwargs)
        self.slot = slot

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.slot.hold_while(partial(super().__call__, scope, receive, send))


def event_stream_response(run_id: int, slot: StreamSlot) -> Response:
    """The SSE response, holding `slot` until it ends."""
    return HeldStreamingResponse(
        run_event_stream(run_id),
        slot,
        media_type="text/event-stream",
        # No caching, and no buffering by a reverse proxy (nginx) in front of the API.
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
