"""vegeta's per-request results read back against its send schedule (pure logic, no processes).

`vegeta attack` records, per request: the time it was actually sent, its sequence number, the
status, the latency measured from that send, the error text and the response headers. Its
constant pacer puts request number k (counting from 0) at `began + (k + 1) * interval`, where
`interval = per_ns // freq` (lib/pacer.go, integer nanoseconds). `began` is not in the output,
but no request can leave before its slot, so `began = min(sent_k - (k + 1) * interval)`: the
least-late request defines the origin, and every other request's lag is measured from it.

From that:
- a request belongs to the measured window by its SLOT (warm-up slots are left out), so a
  request sent late is still counted where the schedule wanted it;
- its latency is timed from its slot (lag + vegeta's latency): coordinated-omission free, a
  tool that falls behind shows it in the percentiles, not only in a counter;
- slots of the window never sent are dropped sends; sends more than LATE_THRESHOLD_MS after
  their slot are late sends; the send rate counts requests whose ACTUAL send time falls in
  the window, so late sends that spill out of it lower the rate;
- successes (the rate's numerator), their latency and the bytes received are the answers that
  ARRIVED within the window (send + latency), whatever their slot: every rate divides what
  happened in the window by its seconds. Answers to the window's requests that arrived after
  it ended are the drain, reported apart (an overloaded server keeps answering after the load
  stops; folding those in inflated the rate of an overloaded link by 15%).
"""

from __future__ import annotations

import base64
import csv
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass

from agents.drivers.hey import classify_error  # Go net/http error texts, same as hey's
from common.histograms import encode, histogram_of, percentiles
from spec.results import Drain, ErrorCounts, LatencyPercentiles, OpenLoopStats

LATE_THRESHOLD_MS = 10.0  # Go timers on a shared two-core box jitter by a few ms; beyond 10 ms is late
NS_PER_S = 1_000_000_000
_CONTENT_LENGTH = re.compile(rb"^content-length:\s*(\d+)\s*$", re.IGNORECASE | re.MULTILINE)


@dataclass(frozen=True)
class Pace:
    """vegeta's `-rate freq/per`: `freq` requests every `per_ns` nanoseconds."""

    freq: int
    per_ns: int

    @classmethod
    def of(cls, rate: float) -> Pace:
        """Whole requests per second when the rate is whole, else per 1000 s (vegeta wants integers)."""
        if rate == int(rate):
            return cls(int(rate), NS_PER_S)
        return cls(max(1, round(rate * 1000)), 1000 * NS_PER_S)

    @property
    def interval_ns(self) -> int:
        return self.per_ns // self.freq

    @property
    def flag(self) -> str:
        return f"{self.freq}/{self.per_ns // NS_PER_S}s"

    @property
    def rate(self) -> float:
        return self.freq * NS_PER_S / self.per_ns


@dataclass(frozen=True)
class Result:
    """One request as vegeta recorded it."""

    sent_ns: int  # Unix time of the actual send
    seq: int
    code: int  # 0 when no response came back
    latency_ns: int  # from the actual send
    error: str
    body_bytes: int  # the response's Content-Length (vegeta keeps no body here: -max-body 0)


@dataclass(frozen=True)
class Window:
    """The measured part of the run, in nanoseconds after the schedule's origin."""

    start_ns: int
    end_ns: int

    @property
    def seconds(self) -> float:
        return (self.end_ns - self.start_ns) / NS_PER_S


@dataclass(frozen=True)
class Reading:
    """What the results say about the measured window."""

    successes: int
    errors: ErrorCounts
    bytes_received: int
    latency: LatencyPercentiles | None
    histogram: str | None
    open_loop: OpenLoopStats | None
    drain: Drain | None = None


def parse_csv(text: str) -> list[Result]:
    """Rows of `vegeta encode -to csv` (12 columns, no header; see `vegeta encode -h`)."""
    results = []
    for row in csv.reader(io.StringIO(text)):
        if len(row) != 12:
            raise ValueError(f"vegeta csv: expected 12 columns, got {len(row)}")
        headers = base64.b64decode(row[11]) if row[11] else b""
        length = _CONTENT_LENGTH.search(headers)
        results.append(
            Result(
                sent_ns=int(row[0]),
                seq=int(row[8]),
                code=int(row[1]),
                latency_ns=int(row[2]),
                error=row[5],
                body_bytes=int(length.group(1)) if length else 0,
            )
        )
    return results


def schedule_origin(results: Iterable[Result], pace: Pace) -> int:
    """The attack's start as the schedule sees it: no request leaves before its slot."""
    return min(r.sent_ns - (r.seq + 1) * pace.interval_ns for r in results)


def planned_slots(pace: Pace, window: Window) -> int:
    """Slots (k + 1) * interval inside (start, end]: what the schedule wanted sent in the window."""
    interval = pace.interval_ns
    return window.end_ns // interval - window.start_ns // interval


def read(results: list[Result], window: Window, pace: Pace | None) -> Reading:
    """Counts, latency and schedule-keeping of the requests of the measured window.

    `pace` None is a closed loop (`-rate 0`): no schedule, so the window is read from the first
    send and latency is vegeta's own.
    """
    if not results:
        return Reading(0, ErrorCounts(), 0, None, None, _schedule(pace, window, [], 0))
    origin = schedule_origin(results, pace) if pace else min(r.sent_ns for r in results)
    interval = pace.interval_ns if pace else 0

    def slot(r: Result) -> int:  # relative to origin
        return (r.seq + 1) * interval if pace else r.sent_ns - origin

    def arrived(r: Result) -> int:  # when the answer came, relative to origin
        return r.sent_ns - origin + r.latency_ns

    def timed_us(r: Result) -> tuple[int, int]:  # latency from the slot, one count
        return (r.latency_ns + r.sent_ns - origin - slot(r)) // 1000, 1

    measured = [r for r in results if window.start_ns < slot(r) <= window.end_ns]
    kinds = {"connect": 0, "timeout": 0, "non_2xx": 0, "other": 0}
    for r in measured:
        if r.code and not 200 <= r.code < 300:
            kinds["non_2xx"] += 1
        elif not r.code:
            kinds[classify_error(r.error)] += 1
    ok = [r for r in results if 200 <= r.code < 300]
    answered = [r for r in ok if window.start_ns < arrived(r) <= window.end_ns]
    drained = [r for r in ok if arrived(r) > window.end_ns and window.start_ns < slot(r) <= window.end_ns]
    timed = [timed_us(r) for r in answered]
    histogram = histogram_of(timed)
    return Reading(
        successes=len(answered),
        errors=ErrorCounts(**kinds),
        bytes_received=sum(r.body_bytes for r in answered),
        latency=percentiles(histogram),
        histogram=encode(histogram) if timed else None,
        open_loop=_schedule(pace, window, results, origin),
        drain=_drain(
            drained, [timed_us(r) for r in drained], max((arrived(r) for r in drained), default=0), window
        ),
    )


def _drain(drained: list[Result], timed: list[tuple[int, int]], last_ns: int, window: Window) -> Drain | None:
    if not drained:
        return None
    histogram = histogram_of(timed)
    return Drain(
        responses=len(drained),
        last_after_s=round((last_ns - window.end_ns) / NS_PER_S, 3),
        latency=percentiles(histogram),
        histogram=encode(histogram),
    )


def _schedule(pace: Pace | None, window: Window, results: list[Result], origin: int) -> OpenLoopStats | None:
    if pace is None:
        return None
    interval = pace.interval_ns
    in_window = [r for r in results if window.start_ns < (r.seq + 1) * interval <= window.end_ns]
    lags_ms = [(r.sent_ns - origin - (r.seq + 1) * interval) / 1e6 for r in in_window]
    sent_in_window = sum(1 for r in results if window.start_ns < r.sent_ns - origin <= window.end_ns)
    seconds = window.seconds
    return OpenLoopStats(
        target_rate=round(pace.rate, 6),
        sent=sent_in_window,
        send_rate=round(sent_in_window / seconds, 3) if seconds > 0 else 0.0,
        late_sends=sum(1 for lag in lags_ms if lag > LATE_THRESHOLD_MS),
        dropped_sends=max(0, planned_slots(pace, window) - len(in_window)),
        max_send_lag_ms=round(max(lags_ms, default=0.0), 3),
        late_threshold_ms=LATE_THRESHOLD_MS,
    )
