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
- Unless the run is held (`hold`, the worker's HoldSamples): then, while the last reply said
  nobody watches the run live (`send` returns the viewer count, None when it is unknown), its
  samples wait up to the hold and go out together: each batch costs the backend a request
  while the load runs. A count of one or more, or `flush` (the load ended: SendSamplesNow; a
  teardown) sends them now and later ones as they come. Until a reply says 0, nothing is held.
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
from contract.protocol import SampleBatch
from contract.results import SamplePoint

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
        send: Callable[[SampleBatch], int | None],
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
        # (run, sample, when it was queued: time.monotonic())
        self._pending: deque[tuple[int, SamplePoint, float]] = deque()
        self._in_flight: _Batch | None = None
        self._next_batch_id: dict[int, int] = {}
        self._run_id: int | None = None
        self._hold_s: dict[int, float] = {}  # runs whose samples may wait while nobody watches
        self._viewers: dict[int, int] = {}  # the live viewers the last reply counted, per run
        self._delivered: dict[int, tuple[int, int]] = {}  # (batches, samples) per run
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

    def end_run(self, run_id: int) -> tuple[int, int]:
        """`run_id` was torn down here: samples of it emitted from now on are dropped. Returns
        how many batches and samples of it were delivered."""
        with self._cond:
            if run_id not in self._ended:
                self._ended.append(run_id)
            if self._run_id == run_id:
                self._run_id = None
            self._hold_s.pop(run_id, None)
            self._viewers.pop(run_id, None)
            return self._delivered.pop(run_id, (0, 0))

    def hold(self, run_id: int, hold_s: float) -> None:
        """While nobody watches `run_id` live, its samples may wait up to `hold_s` seconds."""
        with self._cond:
            if run_id not in self._ended:
                self._hold_s[run_id] = hold_s

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
            now = time.monotonic()
            self._pending.extend((run_id, sample, now) for sample in samples)
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
        """Send every waiting sample (of `run_id`, or of all runs) now, and later ones as they are
        taken (no more holding); wait until those waiting were delivered. False on timeout."""
        deadline = time.monotonic() + timeout_s
        with self._cond:
            if run_id is None:
                self._hold_s.clear()
            else:
                self._hold_s.pop(run_id, None)
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
        return any(run_id in (None, queued_run) for queued_run, _, _ in self._pending)

    def _run(self) -> None:
        while True:
            with self._cond:
                if self._in_flight is None:
                    if not self._pending and not self._stopping:
                        self._cond.wait(self._flush_interval_s)
                    self._gather_locked()
                    if self._stopping:
                        return
                    self._in_flight = self._take_batch_locked()
                batch = self._in_flight
            if batch is None:
                continue
            delivered, viewers = self._deliver(batch)
            if delivered:
                with self._cond:
                    if batch.run_id not in self._ended:
                        if viewers is not None:
                            self._viewers[batch.run_id] = viewers
                        batches, samples = self._delivered.get(batch.run_id, (0, 0))
                        self._delivered[batch.run_id] = (batches + 1, samples + len(batch.samples))
                    self._in_flight = None
                    self.batches_sent += 1
                    self._cond.notify_all()
                self._backoff.reset()
            else:
                with self._cond:
                    if self._stopping:
                        return
                    self._cond.wait(self._backoff.next_delay())

    def _gather_locked(self) -> None:
        """Wait until the oldest waiting sample is due: `linger_s` after it was queued (the tick's
        other sources join it in one batch), or its run's hold while nobody watches the run. A
        full batch or a stop goes at once; `flush` wakes the wait."""
        while self._pending and len(self._pending) < self._batch_size and not self._stopping:
            run_id, _, queued_at = self._pending[0]
            remaining = queued_at + max(self._linger_s, self._held_for_locked(run_id)) - time.monotonic()
            if remaining <= 0:
                return
            self._cond.wait(remaining)

    def _held_for_locked(self, run_id: int) -> float:
        hold = self._hold_s.get(run_id, 0.0)
        return hold if hold and self._viewers.get(run_id) == 0 else 0.0

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

    def _deliver(self, batch: _Batch) -> tuple[bool, int | None]:
        """(delivered, the run's live viewers as the reply counted them, if it did)."""
        try:
            viewers = self._send(
                SampleBatch(run_id=batch.run_id, batch_id=batch.batch_id, samples=batch.samples)
            )
        except Exception as exc:
            log.warning(
                "sample batch %s/%d not delivered (%s); will resend it", batch.run_id, batch.batch_id, exc
            )
            return False, None
        return True, viewers

    def _warn_locked(self, message: str) -> None:
        now = time.monotonic()
        if now - self._last_warning >= WARN_EVERY_S:
            self._last_warning = now
            log.warning(message)
