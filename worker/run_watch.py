"""Why an executing run must stop, noticed when it happens rather than by asking four times a second.

A run stops early when it is cancelled (the API marks `cancel_requested_at`), when it was ended
elsewhere (the reaper failed it: its lab lease expired), when an agent it uses was revoked, or
when its lab lease was lost. The first three are told on the run's control channel
(backend.messaging.keys.run_control_channel): the API publishes after a cancel or a revocation commits,
and every end of a run does after it commits (backend/runs/transitions.py). The watch listens
on a thread of its own and, on any message, sets the run's wake event (RunContext.wake), on
which the orchestrator sleeps between its checks; the orchestrator then reads the run's row
(and whether an agent the run uses is revoked, in the same query). A message is only a hint:
what counts is the row, so a stray or repeated message costs one read.

A message can be lost (Redis restarted, the subscription broke, the worker was not listening
yet): the row is also read every `fallback_s` (settings.run_watch_fallback_seconds, 2 s), so a
lost message delays a stop by that much, never forever. The subscription is made before the
first read, so a cancel committed in between is either in that read or in a message. While
the subscription is broken the listener retries every few seconds and re-reads the row after
each new subscription. Before this, the orchestrator read the row every 0.25 s: 4 queries a
second of CPU taken from the load being measured (docs/benchmarks.md, fidelity).
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from types import TracebackType

import redis
from redis.client import PubSub
from sqlalchemy import Select, bindparam, select

from backend.messaging import clients, keys
from backend.models import Agent, Run
from contract.run_state import RunState
from worker.phases.base import RunContext, check_rows

log = logging.getLogger(__name__)

# How long the listener waits for a message before it looks at whether it should stop (close()
# also publishes a word on the channel, so this only matters when that publish failed).
LISTEN_SLICE_S = 5.0
# How long the listener waits before subscribing again after Redis failed it.
RESUBSCRIBE_DELAY_S = 2.0
SUBSCRIBE_TIMEOUT_S = 5.0


@cache
def _run_row_query() -> Select[RunState, datetime | None, str | None]:
    # With the name of a revoked agent among the run's (NULL: none is), in the same round trip.
    revoked = (
        select(Agent.name)
        .where(Agent.id.in_(bindparam("agent_ids", expanding=True)), Agent.revoked_at.is_not(None))
        .order_by(Agent.name)
        .limit(1)
        .scalar_subquery()
        .label("revoked_agent")
    )
    return select(Run.state, Run.cancel_requested_at, revoked).where(Run.id == bindparam("run_id"))


@dataclass(frozen=True)
class Stopped:
    """What the run's row said when it must stop: cancelled, ended elsewhere (the reaper), or
    an agent of the run revoked (its name)."""

    cancelled: bool
    state: RunState
    revoked_agent: str | None = None


class RunWatch:
    """Listens for the run's control messages; `check()` says whether the run must stop."""

    def __init__(self, ctx: RunContext, fallback_s: float, agent_ids: Callable[[], list[int]] = list) -> None:
        self.ctx = ctx
        self.fallback_s = fallback_s
        # The agents the run uses so far (none before they are picked), checked for revocation.
        self.agent_ids = agent_ids
        self.reads = 0  # the run's row read so far (tests, logs)
        self.messages = 0  # control messages received (tests, logs)
        self._look = threading.Event()  # a message came: read the row at the next check
        self._closed = threading.Event()
        self._next_read = 0.0  # monotonic; 0: read at the first check
        self._pubsub: PubSub | None = None
        self._thread = threading.Thread(target=self._listen, name=f"run-{ctx.run_id}-watch", daemon=True)

    def __enter__(self) -> RunWatch:
        try:
            self._pubsub = self._subscribe()
        except redis.RedisError as exc:
            # The run goes on: the fallback reads still notice a cancel, and the listener
            # subscribes when Redis is back.
            log.warning(
                "run %s: no control subscription yet (%s); reading the run every %g s",
                self.ctx.run_id,
                exc,
                self.fallback_s,
            )
        self._thread.start()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._closed.set()
        with contextlib.suppress(redis.RedisError):  # wakes the listener now, not after its slice
            clients.sync_redis().publish(keys.run_control_channel(self.ctx.run_id), "closing")
        self._thread.join(0.5)

    def seconds_to_next_read(self) -> float:
        """How long the orchestrator may sleep before the row is due to be read again."""
        return max(0.0, self._next_read - time.monotonic())

    def check(self) -> Stopped | None:
        """Why the run must stop, from its row, or None; reads the row only when a message came
        or `fallback_s` has passed since the last read."""
        if not self._look.is_set() and time.monotonic() < self._next_read:
            return None
        self._look.clear()
        self._next_read = time.monotonic() + self.fallback_s
        self.reads += 1
        params = {"run_id": self.ctx.run_id, "agent_ids": self.agent_ids()}
        (row,) = check_rows(_run_row_query(), params)
        state, revoked = RunState(row.state), row.revoked_agent
        cancelled = row.cancel_requested_at is not None
        if cancelled or not state.is_active or revoked is not None:
            return Stopped(cancelled=cancelled, state=state, revoked_agent=revoked)
        return None

    # ------------------------------------------------------------ the listener thread

    def _subscribe(self) -> PubSub:
        """Subscribed to the run's control channel, Redis's confirmation received: from now on
        no message of the channel is missed."""
        # redis-py leaves PubSub's methods unannotated.
        pubsub: PubSub = clients.sync_redis().pubsub()  # type: ignore[no-untyped-call]
        try:
            pubsub.subscribe(keys.run_control_channel(self.ctx.run_id))  # type: ignore[no-untyped-call]
            deadline = time.monotonic() + SUBSCRIBE_TIMEOUT_S
            while True:
                message = pubsub.get_message(timeout=max(0.0, deadline - time.monotonic()))
                if message is not None and message["type"] == "subscribe":
                    return pubsub
                if time.monotonic() >= deadline:
                    raise redis.TimeoutError(f"no SUBSCRIBE confirmation within {SUBSCRIBE_TIMEOUT_S:g} s")
        except BaseException:
            pubsub.close()
            raise

    def _listen(self) -> None:
        pubsub = self._pubsub
        try:
            while not self._closed.is_set():
                if pubsub is None:
                    try:
                        pubsub = self._subscribe()
                    except redis.RedisError as exc:
                        log.debug("run %s: control subscription failed: %s", self.ctx.run_id, exc)
                        self._closed.wait(RESUBSCRIBE_DELAY_S)
                        continue
                    self._poke()  # a message may have been missed while there was no subscription
                try:
                    message = pubsub.get_message(timeout=LISTEN_SLICE_S)
                except redis.RedisError as exc:
                    log.warning(
                        "run %s: control subscription lost (%s); subscribing again", self.ctx.run_id, exc
                    )
                    pubsub.close()
                    pubsub = None
                    continue
                if message is not None and message["type"] == "message" and not self._closed.is_set():
                    self.messages += 1
                    self._poke()
        finally:
            if pubsub is not None:
                pubsub.close()

    def _poke(self) -> None:
        self._look.set()
        self.ctx.wake.set()
