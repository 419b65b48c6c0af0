"""The sample sink: roles hand it samples, it sends them to the backend in batches per run.

- Every sampler belongs to one run and hands its samples over with that run's id (a SamplePoint
  itself is one second of one source, without a run). The sink files them under that run, not
  under whichever run the agent happens to be working for: commands of two runs overlap for a
  moment (one run's teardown, the next one's first commands), and a straggling reading of the
  old run must not land in the new one. Samples of a run that was torn down here (`end_run`)
  are dropped and counted; `begin_run`/`run_id` only say which run the agent is busy with.
- A batch goes out as soon as samples wait: the sender wakes on each emit and lingers
  `linger_s` (50 ms) to gather the other sources of the same tick into one batch, so a sample
  reaches the backend within tens of milliseconds of being taken (a fixed one-second sleep
  drifted against the 1 Hz samplers and made live charts lag 0.6-1 s). `batch_size` bounds a
  batch; `flush_interval_s` only bounds how long an idle sender sleeps between checks.
- Batches of a run are numbered from 0 (`batch_id`). A batch that fails to send is retried
  with the SAME batch_id and content until it goes through; the server de-duplicates samples
  by (run, source, t), so a resent batch is harmless.
- Memory is bounded: while the backend is unreachable, at most `max_pending` samples wait;
  beyond that the oldest are dropped and the count is logged.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from agents.backoff import Backoff
from spec.protocol import SampleBatch
from spec.results import SamplePoint

log = logging.getLogger(__name__)

WARN_EVERY_S = 10.0
ENDED_RUNS_REMEMBERED = 100


@dataclass
class _Batch:
    run_id: int
    batch_id: int
    samples: list[SamplePoint]


class SampleSink:
    def __init__(
        self,
        send: Callable[[SampleBatch], None],
        *,
        flush_interval_s: float = 1.0,
        linger_s: float = 0.05,
        batch_size: int = 500,
        max_pending: int = 50_000,
        backoff: Backoff | None = None,
    ) -> None:
        self._send = send
        self._flush_interval_s = flush_interval_s
        self._linger_s = linger_s
        self._batch_size = batch_size
        self._max_pending = max_pending
        self._backoff = backoff or Backoff(0.5, 5.0)
        self._cond = threading.Condition()
        self._pending: deque[tuple[int, SamplePoint]] = deque()
        self._in_flight: _Batch | None = None
        self._next_batch_id: dict[int, int] = {}
        self._run_id: int | None = None
        self._ended: deque[int] = deque(maxlen=ENDED_RUNS_REMEMBERED)
        self._stopping = False
        self.dropped_overflow = 0
        self.dropped_no_run = 0
        self.batches_sent = 0
        self._last_warning = 0.0
        self._thread = threading.Thread(target=self._run, name="sample-sink", daemon=True)

    # ------------------------------------------------------------ producers

    def begin_run(self, run_id: int) -> None:
        """The agent now works for `run_id` (its busy state)."""
        with self._cond:
            self._run_id = run_id

    def end_run(self, run_id: int) -> None:
        """`run_id` was torn down here: samples of it emitted from now on are dropped."""
        with self._cond:
            if run_id not in self._ended:
                self._ended.append(run_id)
            if self._run_id == run_id:
                self._run_id = None

    def has_ended(self, run_id: int) -> bool:
        """True when `run_id` was torn down here (among the last ENDED_RUNS_REMEMBERED runs)."""
        with self._cond:
            return run_id in self._ended

    @property
    def run_id(self) -> int | None:
        with self._cond:
            return self._run_id

    def emit(self, run_id: int, samples: list[SamplePoint]) -> None:
        """Queue samples of `run_id` (thread-safe, never blocks on the network)."""
        if not samples:
            return
        with self._cond:
            if run_id in self._ended:
                self.dropped_no_run += len(samples)
                self._warn_locked(
                    f"{self.dropped_no_run} sample(s) dropped: emitted after their run's teardown"
                )
                return
            self._pending.extend((run_id, sample) for sample in samples)
            overflow = len(self._pending) - self._max_pending
            for _ in range(max(0, overflow)):
                self._pending.popleft()
            if overflow > 0:
                self.dropped_overflow += overflow
                self._warn_locked(
                    f"{self.dropped_overflow} oldest sample(s) dropped: the backend has been "
                    f"unreachable while more than {self._max_pending} samples waited"
                )
            self._cond.notify_all()

    # ------------------------------------------------------------ lifecycle

    def start(self) -> None:
        self._thread.start()

    def flush(self, timeout_s: float, run_id: int | None = None) -> bool:
        """Wait until every sample (of `run_id`, or of all runs) is sent; False on timeout."""
        deadline = time.monotonic() + timeout_s
        with self._cond:
            self._cond.notify_all()
            while self._has_unsent_locked(run_id):
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._cond.wait(min(remaining, 0.1))
            return True

    def stop(self, flush_timeout_s: float = 2.0) -> None:
        self.flush(flush_timeout_s)
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        if self._thread.is_alive():
            self._thread.join(5)

    @property
    def pending(self) -> int:
        with self._cond:
            return len(self._pending) + (len(self._in_flight.samples) if self._in_flight else 0)

    # ------------------------------------------------------------ sender thread

    def _has_unsent_locked(self, run_id: int | None) -> bool:
        if self._in_flight is not None and run_id in (None, self._in_flight.run_id):
            return True
        return any(run_id in (None, queued_run) for queued_run, _ in self._pending)

    def _run(self) -> None:
        while True:
            with self._cond:
                if self._in_flight is None:
                    if not self._pending and not self._stopping:
                        self._cond.wait(self._flush_interval_s)
                    self._linger_locked()
                    if self._stopping:
                        return
                    self._in_flight = self._take_batch_locked()
                batch = self._in_flight
            if batch is None:
                continue
            if self._deliver(batch):
                with self._cond:
                    self._in_flight = None
                    self.batches_sent += 1
                    self._cond.notify_all()
                self._backoff.reset()
            else:
                with self._cond:
                    if self._stopping:
                        return
                    self._cond.wait(self._backoff.next_delay())

    def _linger_locked(self) -> None:
        """Samples wait: give the tick's other sources `linger_s` to join them in one batch."""
        deadline = time.monotonic() + self._linger_s
        while self._pending and len(self._pending) < self._batch_size and not self._stopping:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            self._cond.wait(remaining)

    def _take_batch_locked(self) -> _Batch | None:
        """The oldest waiting samples of one run (a batch never mixes runs)."""
        if not self._pending:
            return None
        run_id = self._pending[0][0]
        samples: list[SamplePoint] = []
        while self._pending and len(samples) < self._batch_size and self._pending[0][0] == run_id:
            samples.append(self._pending.popleft()[1])
        batch_id = self._next_batch_id.get(run_id, 0)
        self._next_batch_id[run_id] = batch_id + 1
        return _Batch(run_id, batch_id, samples)

    def _deliver(self, batch: _Batch) -> bool:
        try:
            self._send(SampleBatch(run_id=batch.run_id, batch_id=batch.batch_id, samples=batch.samples))
        except Exception as exc:
            log.warning(
                "sample batch %s/%d not delivered (%s); will resend it", batch.run_id, batch.batch_id, exc
            )
            return False
        return True

    def _warn_locked(self, message: str) -> None:
        now = time.monotonic()
        if now - self._last_warning >= WARN_EVERY_S:
            self._last_warning = now
            log.warning(message)
