"""The sample sink: batches per run, resends a failed batch with the same id, bounded memory.

The sink's `send` is where the connection posts to the backend; here it is a recorder that can
be told to fail, which is exactly what the sink sees of an unreachable backend.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime

import httpx
import pytest
from live_processes import wait_until

from agents.backoff import Backoff
from agents.connection import SERVER_FAILURES_PER_BATCH, Connection
from agents.gateway import Gateway
from agents.sampling import SampleSink
from contract.protocol import LIVE_VIEWERS_HEADER, LOAD_LEASE_HEADER, SampleBatch
from contract.results import SamplePoint


class Backend:
    """Records delivered batches; raises while `down` is set."""

    def __init__(self) -> None:
        self.down = threading.Event()
        self.attempts: list[tuple[str, int, int]] = []
        self.delivered: list[SampleBatch] = []
        self.delivered_at: list[float] = []
        self.viewers: int | None = None  # what each reply says of the run's live viewers
        self._lock = threading.Lock()

    def send(self, batch: SampleBatch) -> int | None:
        with self._lock:
            self.attempts.append((batch.run_id, batch.batch_id, len(batch.samples)))
            if self.down.is_set():
                raise ConnectionError("backend unreachable")
            self.delivered.append(batch)
            self.delivered_at.append(time.monotonic())
            return self.viewers

    def delivered_ts(self, run_id: int) -> list[int]:
        with self._lock:
            return [s.t for b in self.delivered if b.run_id == run_id for s in b.samples]


def point(t: int) -> SamplePoint:
    return SamplePoint(source="proxy", t=t, ts=datetime.now(UTC), data={"fe.req_tot": 1})


@pytest.fixture
def backend() -> Backend:
    return Backend()


@pytest.fixture
def sink(backend: Backend) -> Iterator[SampleSink]:
    s = SampleSink(
        backend.send, flush_interval_s=0.1, batch_size=5, max_pending=50, backoff=Backoff(0.05, 0.1)
    )
    s.start()
    yield s
    backend.down.clear()
    s.stop(flush_timeout_s=2)


def test_samples_go_out_in_numbered_batches_per_run(sink: SampleSink, backend: Backend) -> None:
    sink.emit(1, [point(t) for t in range(12)])
    assert sink.flush(10, 1)
    assert backend.delivered_ts(1) == list(range(12))
    assert [b.batch_id for b in backend.delivered] == list(range(len(backend.delivered)))
    assert all(len(b.samples) <= 5 for b in backend.delivered)

    sink.end_run(1)
    sink.emit(2, [point(0)])
    assert sink.flush(10)
    assert backend.delivered[-1].run_id == 2 and backend.delivered[-1].batch_id == 0


def test_a_failed_batch_is_resent_with_the_same_id_and_content(sink: SampleSink, backend: Backend) -> None:
    backend.down.set()
    sink.emit(1, [point(0), point(1), point(2)])
    wait_until(lambda: len(backend.attempts) >= 3, 10, "several failed attempts")
    backend.down.clear()
    assert sink.flush(10)

    assert len(backend.delivered) == 1
    assert set(backend.attempts) == {(1, 0, 3)}, "every attempt is the same batch"
    assert backend.delivered_ts(1) == [0, 1, 2]


def test_while_the_backend_is_away_memory_is_bounded_by_dropping_the_oldest(
    sink: SampleSink, backend: Backend
) -> None:
    backend.down.set()
    sink.emit(1, [point(0)])
    wait_until(lambda: backend.attempts, 10, "the first batch to be in flight")
    sink.emit(1, [point(t) for t in range(1, 201)])  # 200 more; at most 50 may wait
    assert sink.dropped_overflow == 150
    backend.down.clear()
    assert sink.flush(10)
    delivered = backend.delivered_ts(1)
    assert delivered == [0, *range(151, 201)], "the in-flight batch and the newest 50 survive"


def test_samples_of_a_run_torn_down_here_are_dropped_and_counted(sink: SampleSink, backend: Backend) -> None:
    """A straggling reading of a run that ended must not be sent, nor land in the next run."""
    sink.begin_run(1)
    sink.end_run(1)
    sink.begin_run(2)  # the next run is under way when run-a's last reading comes in
    sink.emit(1, [point(0), point(1)])
    assert sink.dropped_no_run == 2
    assert sink.flush(1)
    assert backend.attempts == []
    assert sink.run_id == 2


class StatusBackend:
    """The agent gateway's HTTP answers, chosen per batch id: a list of statuses to answer in turn."""

    def __init__(self, statuses: dict[int, list[int]]) -> None:
        self.statuses = statuses
        self.attempts: list[int] = []

    def handle(self, request: httpx.Request) -> httpx.Response:
        batch_id = json.loads(request.content)["body"]["batch_id"]
        self.attempts.append(batch_id)
        answers = self.statuses.get(batch_id, [])
        status = answers.pop(0) if answers else 202
        return httpx.Response(status, json={"message": f"answer {status}"} if status >= 400 else {})


def sink_over_gateway(backend: StatusBackend) -> SampleSink:
    gateway = Gateway("http://backend.invalid", "hla_test", transport=httpx.MockTransport(backend.handle))
    connection = Connection(
        gateway,
        make_hello=lambda: None,
        on_command=lambda _: None,
        busy_run_id=lambda: None,  # type: ignore[arg-type,return-value]
        stop=threading.Event(),
    )
    sink = SampleSink(connection.send_batch, flush_interval_s=0.05, batch_size=1, backoff=Backoff(0.01, 0.02))
    sink.start()
    return sink


def test_a_batch_the_backend_keeps_failing_on_is_given_up_so_later_batches_flow() -> None:
    backend = StatusBackend({0: [500] * 10})
    sink = sink_over_gateway(backend)
    try:
        sink.emit(1, [point(0)])
        sink.emit(1, [point(1)])
        assert sink.flush(10)
    finally:
        sink.stop()
    assert backend.attempts == [0] * SERVER_FAILURES_PER_BATCH + [1]


def test_a_backend_that_is_down_is_waited_for_however_long_it_takes() -> None:
    backend = StatusBackend({0: [503] * 12 + [500] * (SERVER_FAILURES_PER_BATCH - 1)})
    sink = sink_over_gateway(backend)
    try:
        sink.emit(1, [point(0)])
        assert sink.flush(10)
    finally:
        sink.stop()
    # Every 503 and the 500s short of the limit were retried; the batch then went through.
    assert backend.attempts == [0] * (12 + SERVER_FAILURES_PER_BATCH - 1 + 1)


def test_a_sample_goes_out_at_once_with_the_rest_of_its_tick(backend: Backend) -> None:
    """The sender wakes on each emit (not after a fixed sleep) and gathers a tick's sources."""
    sink = SampleSink(backend.send, flush_interval_s=30, linger_s=0.2)
    sink.start()
    try:
        wait_until(lambda: sink._thread.is_alive(), 5, "the sender to start")
        emitted = time.monotonic()
        sink.emit(1, [point(0)])
        sink.emit(1, [SamplePoint(source="host:proxy-1", t=0, ts=datetime.now(UTC), data={"cpu": 1})])
        wait_until(lambda: backend.delivered, 5, "the tick's batch")
        delay = time.monotonic() - emitted
        assert delay < 1.0, f"sent {delay:.2f} s after the emit: the sender slept instead of waking"
        assert len(backend.delivered) == 1 and len(backend.delivered[0].samples) == 2
    finally:
        sink.stop(flush_timeout_s=2)


def test_a_batch_reply_renews_the_load_lease_and_counts_live_viewers() -> None:
    """The worker renews an injector's load lease through the replies to its sample batches
    (contract.protocol.LOAD_LEASE_HEADER): each one with the header reaches the agent's renewal. A
    reply also says how many live viewers the run has (LIVE_VIEWERS_HEADER), when it knows."""
    lease = datetime(2026, 11, 26, 9, 0, 10, tzinfo=UTC)
    replies = {
        0: {LOAD_LEASE_HEADER: lease.isoformat(), LIVE_VIEWERS_HEADER: "0"},
        1: {},
        2: {LOAD_LEASE_HEADER: "not a time", LIVE_VIEWERS_HEADER: "3"},
        3: {LIVE_VIEWERS_HEADER: "-1"},
    }
    renewed: list[tuple[int, datetime]] = []

    def handle(request: httpx.Request) -> httpx.Response:
        batch_id = json.loads(request.content)["body"]["batch_id"]
        return httpx.Response(202, json={"accepted": True, "inserted": 1}, headers=replies[batch_id])

    gateway = Gateway("http://backend.invalid", "hla_test", transport=httpx.MockTransport(handle))
    connection = Connection(
        gateway,
        make_hello=lambda: None,  # type: ignore[arg-type,return-value]
        on_command=lambda _: None,
        busy_run_id=lambda: None,
        stop=threading.Event(),
        on_load_lease=lambda run_id, until: renewed.append((run_id, until)),
    )
    # An unreadable lease or count is not acted on, and not an error either.
    counts = [
        connection.send_batch(SampleBatch(run_id=7, batch_id=batch_id, samples=[point(batch_id)]))
        for batch_id in replies
    ]
    assert counts == [0, None, 3, None]
    assert renewed == [(7, lease)]
    assert gateway.seconds_since_answered() < 5  # the replies also stand in for heartbeats


def held_sink(backend: Backend, hold_s: float) -> SampleSink:
    sink = SampleSink(backend.send, flush_interval_s=30, linger_s=0.02)
    sink.hold(1, hold_s)
    sink.start()
    return sink


def test_a_held_run_sends_its_samples_together_while_nobody_watches(backend: Backend) -> None:
    """HoldSamples: once a reply counted no live viewer, a run's samples wait up to the hold."""
    backend.viewers = 0
    sink = held_sink(backend, 1.0)
    try:
        sink.emit(1, [point(0)])  # no count yet: it goes at once, and the reply says 0
        wait_until(lambda: len(backend.delivered) == 1, 5, "the first batch")
        first_held = time.monotonic()
        for t in (1, 2, 3):
            sink.emit(1, [point(t)])
            time.sleep(0.1)
        wait_until(lambda: len(backend.delivered) == 2, 5, "the held batch")
        waited = backend.delivered_at[1] - first_held
        assert 0.9 <= waited < 3, f"the held samples went {waited:.2f} s after the first of them"
        assert [s.t for s in backend.delivered[1].samples] == [1, 2, 3], "one batch, not three"
    finally:
        sink.stop(flush_timeout_s=2)
    assert sink.end_run(1) == (2, 4), "two batches: the first sample alone, then the held three"


def test_flush_sends_what_a_held_run_holds_and_ends_the_holding(backend: Backend) -> None:
    """SendSamplesNow (the load ended) and a teardown: nothing waits for the hold any more."""
    backend.viewers = 0
    sink = held_sink(backend, 30.0)
    try:
        sink.emit(1, [point(0)])
        wait_until(lambda: len(backend.delivered) == 1, 5, "the first batch")
        sink.emit(1, [point(1)])
        time.sleep(0.3)
        assert len(backend.delivered) == 1, "held while nobody watches"
        asked = time.monotonic()
        assert sink.flush(5, 1)
        assert backend.delivered_ts(1) == [0, 1] and time.monotonic() - asked < 1
        sink.emit(1, [point(2)])  # and later samples go as they are taken
        wait_until(lambda: len(backend.delivered) == 3, 1, "a sample taken after the flush")
    finally:
        sink.stop(flush_timeout_s=2)


@pytest.mark.parametrize("viewers", [1, None], ids=["watched", "count-unknown"])
def test_a_held_run_goes_out_each_tick_while_watched_or_when_the_count_is_unknown(
    backend: Backend, viewers: int | None
) -> None:
    backend.viewers = viewers
    sink = held_sink(backend, 30.0)
    try:
        for t in range(3):
            sink.emit(1, [point(t)])
            wait_until(lambda n=t + 1: len(backend.delivered) == n, 1, f"sample {t} without a hold")
    finally:
        sink.stop(flush_timeout_s=2)
    assert sink.end_run(1) == (3, 3)


def test_the_sink_counts_what_it_delivered_per_run(sink: SampleSink, backend: Backend) -> None:
    sink.emit(1, [point(t) for t in range(7)])
    sink.emit(2, [point(0)])
    assert sink.flush(10)
    assert sink.end_run(1) == (2, 7)  # batches of at most 5
    assert sink.end_run(2) == (1, 1)
    assert sink.end_run(1) == (0, 0)
