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

The origin is the least-late of the first ORIGIN_SLOTS requests (by sequence number), not of
all of them: that is what lets ResultsTally read the rows WHILE vegeta runs, in memory that does
not grow with the run (the global least-late request may be the last one; with it, every
latency could only be timed at the end). The later requests' lags are measured from it like the
others; one sent less late than all the first ORIGIN_SLOTS shows a lag a few microseconds below
zero (its latency from the slot is then that much below vegeta's own), see docs/benchmarks.md.
A closed loop's origin (its first send) is the same under both rules: vegeta stamps the send
time and the sequence number under one lock, so the first requests are the earliest sent.

ResultsTally folds rows in any order (vegeta writes them as they complete): every aggregate is
a count, a sum, a maximum or an HdrHistogram. A row waits in memory only while what decides it
is unknown: before the origin is known (until the first ORIGIN_SLOTS requests are all in), and,
because a stopped run's window ends at its last send, while one of its times lies after the
latest send seen so far (about one latency's worth of rows). read() is the same reading over a
whole list, kept as the plain statement of the rules the tally must match.
"""

from __future__ import annotations

import base64
import csv
import heapq
import io
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from hdrh.histogram import HdrHistogram

from agents.drivers.hey import classify_error  # Go net/http error texts, same as hey's
from agents.drivers.vegeta_stages import StagedPace, StageSpan
from common.latency_histograms import HIGHEST_US, encode, histogram_of, new_histogram, percentiles
from contract.results import Drain, ErrorCounts, LatencyPercentiles, OpenLoopStats, StageResult, error_pct

LATE_THRESHOLD_MS = 10.0  # Go timers on a shared two-core box jitter by a few ms; beyond 10 ms is late
NS_PER_S = 1_000_000_000
ORIGIN_SLOTS = 5_000  # the schedule's origin is the least-late of the first requests
ERROR_KINDS = ("connect", "timeout", "non_2xx", "other")
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

    def slot_ns(self, seq: int) -> int:
        """When request `seq` (from 0) is due, ns after the attack began."""
        return (seq + 1) * self.interval_ns

    def slots_until(self, t_ns: int) -> int:
        """How many slots are due at or before t_ns."""
        return max(0, t_ns) // self.interval_ns

    def mean_rate(self, start_ns: int, end_ns: int) -> float:
        return self.rate


# The send schedule of an open loop: one constant rate (the vegeta CLI's), or a staged one.
Schedule = Pace | StagedPace


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
    warmup_responses: int = 0  # 2xx that arrived before the window (the warm-up's)
    stages: list[StageResult] | None = None  # a staged load's figures per stage


def parse_csv(text: str) -> list[Result]:
    """Rows of `vegeta encode -to csv` (12 columns, no header; see `vegeta encode -h`)."""
    return [parse_row(row) for row in csv.reader(io.StringIO(text))]


def parse_row(row: list[str]) -> Result:
    """One row of `vegeta encode -to csv`, already split by a csv reader."""
    if len(row) != 12:
        raise ValueError(f"vegeta csv: expected 12 columns, got {len(row)}")
    headers = base64.b64decode(row[11]) if row[11] else b""
    length = _CONTENT_LENGTH.search(headers)
    return Result(
        sent_ns=int(row[0]),
        seq=int(row[8]),
        code=int(row[1]),
        latency_ns=int(row[2]),
        error=row[5],
        body_bytes=int(length.group(1)) if length else 0,
    )


def schedule_origin(results: Iterable[Result], pace: Schedule | None) -> int:
    """The attack's start as the schedule sees it: no request leaves before its slot, so the
    least-late of the first ORIGIN_SLOTS requests (all of them when none is among the first,
    which only a cut-short file can do). A closed loop (`pace` None): the first send."""
    rows = list(results)
    early = [r for r in rows if r.seq < ORIGIN_SLOTS] or rows
    if pace is None:
        return min(r.sent_ns for r in early)
    return min(r.sent_ns - pace.slot_ns(r.seq) for r in early)


def window_of(total_s: int, warmup_s: int, ran_ns: int | None) -> Window:
    """The measured seconds after the warm-up; a stopped run (`ran_ns`: its first to last send)
    only up to its last send (the rest of the schedule was never due, so it is not dropped)."""
    end_s = float(total_s)
    if ran_ns is not None:
        end_s = max(min(end_s, ran_ns / NS_PER_S), warmup_s + 0.001)
    return Window(start_ns=warmup_s * NS_PER_S, end_ns=int(end_s * NS_PER_S))


def count_failure(row: Result, kinds: dict[str, int]) -> None:
    """A request that did not succeed, counted by its kind: a non-2xx answer, or how it failed."""
    if row.code and not 200 <= row.code < 300:
        kinds["non_2xx"] += 1
    elif not row.code:
        kinds[classify_error(row.error)] += 1


def planned_slots(pace: Schedule, window: Window) -> int:
    """Slots inside (start, end]: what the schedule wanted sent in the window."""
    return pace.slots_until(window.end_ns) - pace.slots_until(window.start_ns)


def read(results: list[Result], window: Window, pace: Schedule | None) -> Reading:
    """Counts, latency and schedule-keeping of the requests of the measured window.

    `pace` None is a closed loop (`-rate 0`): no schedule, so the window is read from the first
    send and latency is vegeta's own.
    """
    if not results:
        return Reading(0, ErrorCounts(), 0, None, None, _schedule(pace, window, [], 0))
    origin = schedule_origin(results, pace)

    def slot(r: Result) -> int:  # relative to origin
        return pace.slot_ns(r.seq) if pace else r.sent_ns - origin

    def arrived(r: Result) -> int:  # when the answer came, relative to origin
        return r.sent_ns - origin + r.latency_ns

    def timed_us(r: Result) -> tuple[int, int]:  # latency from the slot, one count
        return (r.latency_ns + r.sent_ns - origin - slot(r)) // 1000, 1

    measured = [r for r in results if window.start_ns < slot(r) <= window.end_ns]
    kinds = {"connect": 0, "timeout": 0, "non_2xx": 0, "other": 0}
    for r in measured:
        count_failure(r, kinds)
    ok = [r for r in results if 200 <= r.code < 300]
    answered = [r for r in ok if window.start_ns < arrived(r) <= window.end_ns]
    drained = [r for r in ok if arrived(r) > window.end_ns and window.start_ns < slot(r) <= window.end_ns]
    warmed = sum(1 for r in ok if arrived(r) <= window.start_ns)
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
        warmup_responses=warmed,
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


def _schedule(
    pace: Schedule | None, window: Window, results: list[Result], origin: int
) -> OpenLoopStats | None:
    if pace is None:
        return None
    in_window = [r for r in results if window.start_ns < pace.slot_ns(r.seq) <= window.end_ns]
    lags_ms = [(r.sent_ns - origin - pace.slot_ns(r.seq)) / 1e6 for r in in_window]
    sent_in_window = sum(1 for r in results if _sent_in(window, r, origin))
    seconds = window.seconds
    return OpenLoopStats(
        target_rate=round(pace.mean_rate(window.start_ns, window.end_ns), 6),
        sent=sent_in_window,
        send_rate=round(sent_in_window / seconds, 3) if seconds > 0 else 0.0,
        late_sends=sum(1 for lag in lags_ms if lag > LATE_THRESHOLD_MS),
        dropped_sends=max(0, planned_slots(pace, window) - len(in_window)),
        max_send_lag_ms=round(max(lags_ms, default=0.0), 3),
        late_threshold_ms=LATE_THRESHOLD_MS,
        answered=sum(1 for r in results if _sent_in(window, r, origin) and 200 <= r.code < 300),
    )


def _sent_in(window: Window, row: Result, origin: int) -> bool:
    """Was the request sent inside the window? `sent` and `answered` count the same requests: a
    slot of the window sent after it (a late send) is in neither, so answered <= sent."""
    return window.start_ns < row.sent_ns - origin <= window.end_ns


@dataclass
class _Counts:
    """The aggregates of read(), folded one row at a time."""

    kinds: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ERROR_KINDS, 0))
    successes: int = 0
    bytes_received: int = 0
    answered: HdrHistogram = field(default_factory=new_histogram)
    drained: int = 0
    drained_histogram: HdrHistogram = field(default_factory=new_histogram)
    warmed: int = 0  # 2xx that arrived before the window
    last_arrival_ns: int = 0
    in_window: int = 0  # requests whose slot is in the window (open loop)
    sent_answered: int = 0  # of the requests sent in the window, those answered with a 2xx (whenever)
    sent_in_window: int = 0
    late_sends: int = 0
    max_lag_ms: float | None = None


@dataclass
class _StageCounts:
    """One stage's aggregates (its own window; the run's rules)."""

    kinds: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ERROR_KINDS, 0))
    successes: int = 0
    answered: HdrHistogram = field(default_factory=new_histogram)
    in_window: int = 0
    sent: int = 0
    late_sends: int = 0


class ResultsTally:
    """read() of rows that arrive one at a time and in any order, in memory that does not grow
    with their number (the module docstring says which rows wait, and why).

    `add` each row as it comes, then `finish` once: it gives the same Reading and Window as
    read(rows, window_of(...), pace) over all the rows.
    """

    def __init__(
        self, pace: Schedule | None, total_s: int, warmup_s: int, stages: list[StageSpan] | None = None
    ) -> None:
        self._pace = pace
        self._stages = [(span, _StageCounts()) for span in stages or []]
        self._total_s = total_s
        self._warmup_s = warmup_s
        self._start_ns = window_of(total_s, warmup_s, None).start_ns
        self._max_end_ns = window_of(total_s, warmup_s, None).end_ns  # the window never ends later
        self._min_end_ns = self._start_ns  # nor earlier than this (raised as sends come in)
        self._origin: int | None = None
        self._early: list[Result] = []  # rows that came before the origin was known
        self._early_first = 0  # of them, among the first ORIGIN_SLOTS requests
        self._waiting: list[tuple[int, int, Result]] = []  # heap: (time that decides, arrival no., row)
        self._first_sent: int | None = None
        self._last_sent: int | None = None
        self._order = itertools.count()  # breaks ties in the heap (rows do not compare)
        self._counts = _Counts()
        self.rows = 0

    @property
    def first_sent_ns(self) -> int | None:
        """The earliest send of the rows added so far (Unix ns), None before the first."""
        return self._first_sent

    @property
    def held(self) -> int:
        """Rows in memory now (waiting for the origin or for the window's end)."""
        return len(self._early) + len(self._waiting)

    def add(self, row: Result) -> None:
        self.rows += 1
        self._first_sent = row.sent_ns if self._first_sent is None else min(self._first_sent, row.sent_ns)
        self._last_sent = row.sent_ns if self._last_sent is None else max(self._last_sent, row.sent_ns)
        if self._origin is None:
            self._early.append(row)
            self._early_first += row.seq < ORIGIN_SLOTS
            if self._early_first >= ORIGIN_SLOTS:
                self._settle_origin()
            return
        self._raise_min_end()
        self._place(row)
        self._release(self._min_end_ns)

    def finish(self, stopped_early: bool) -> tuple[Reading, Window]:
        """The reading of every row added; a stopped run's window ends at its last send."""
        ran_ns = self._ran_ns() if stopped_early and self.rows else None
        window = window_of(self._total_s, self._warmup_s, ran_ns)
        if self._origin is None and self._early:
            self._settle_origin()
        self._release(window.end_ns, final=True)
        return self._reading(window), window

    # ------------------------------------------------------------ internals

    def _raise_min_end(self) -> None:
        """The window ends no earlier than where a run stopped at the latest send seen would end."""
        ran_end = window_of(self._total_s, self._warmup_s, self._ran_ns()).end_ns
        self._min_end_ns = max(self._min_end_ns, ran_end)

    def _ran_ns(self) -> int:
        assert self._first_sent is not None and self._last_sent is not None
        return self._last_sent - self._first_sent

    def _settle_origin(self) -> None:
        early, self._early = self._early, []
        self._origin = schedule_origin(early, self._pace)
        self._raise_min_end()
        for row in early:
            self._place(row)
        self._release(self._min_end_ns)

    def _times(self, row: Result) -> tuple[int, int, int]:
        """Slot, actual send and arrival of a row, in ns after the origin."""
        assert self._origin is not None
        sent = row.sent_ns - self._origin
        slot = self._pace.slot_ns(row.seq) if self._pace else sent
        return slot, sent, sent + row.latency_ns

    def _place(self, row: Result) -> None:
        """Fold the row now when the window's end cannot change how it counts, else hold it until
        the window's end has passed the last of its times that the end could still decide."""
        undecided = [t for t in self._times(row) if t <= self._max_end_ns]
        decides = max(undecided, default=self._min_end_ns)
        if decides <= self._min_end_ns:
            self._fold(row, self._min_end_ns)
        else:
            heapq.heappush(self._waiting, (decides, next(self._order), row))

    def _release(self, end_ns: int, final: bool = False) -> None:
        while self._waiting and (final or self._waiting[0][0] <= end_ns):
            self._fold(heapq.heappop(self._waiting)[2], end_ns)

    def _fold(self, row: Result, end_ns: int) -> None:
        """read()'s rules for one row, for a window ending at `end_ns` (or any end it is sure of)."""
        assert self._origin is not None
        c = self._counts
        start = self._start_ns
        slot, sent, arrived = self._times(row)
        in_slot = start < slot <= end_ns
        if in_slot:
            count_failure(row, c.kinds)
            if self._pace:
                c.in_window += 1
                lag_ms = (sent - slot) / 1e6
                c.late_sends += lag_ms > LATE_THRESHOLD_MS
                c.max_lag_ms = lag_ms if c.max_lag_ms is None else max(c.max_lag_ms, lag_ms)
        sent_in_window = bool(self._pace) and start < sent <= end_ns
        c.sent_in_window += sent_in_window
        for span, counts in self._stages:
            self._fold_stage(row, span, counts, min(span.end_ns, end_ns))
        if not 200 <= row.code < 300:
            return
        c.sent_answered += sent_in_window
        timed_us = min(max((row.latency_ns + sent - slot) // 1000, 0), HIGHEST_US)
        if start < arrived <= end_ns:
            c.successes += 1
            c.bytes_received += row.body_bytes
            c.answered.record_value(timed_us)
        elif arrived <= start:
            c.warmed += 1
        elif arrived > end_ns and in_slot:
            c.drained += 1
            c.drained_histogram.record_value(timed_us)
            c.last_arrival_ns = max(c.last_arrival_ns, arrived)

    def _fold_stage(self, row: Result, span: StageSpan, c: _StageCounts, end_ns: int) -> None:
        """The run's rules over one stage's window: errors and schedule by slot, successes by arrival."""
        slot, sent, arrived = self._times(row)
        if span.start_ns < slot <= end_ns:
            count_failure(row, c.kinds)
            if self._pace:
                c.in_window += 1
                c.late_sends += (sent - slot) / 1e6 > LATE_THRESHOLD_MS
        c.sent += span.start_ns < sent <= end_ns
        if 200 <= row.code < 300 and span.start_ns < arrived <= end_ns:
            c.successes += 1
            c.answered.record_value(min(max((row.latency_ns + sent - slot) // 1000, 0), HIGHEST_US))

    def _stage_results(self, window: Window) -> list[StageResult] | None:
        if not self._stages:
            return None
        results = []
        for span, c in self._stages:
            end_ns = min(span.end_ns, window.end_ns)
            if end_ns <= span.start_ns:
                continue  # a stopped run never reached this stage's window
            seconds = (end_ns - span.start_ns) / NS_PER_S
            errors = ErrorCounts(**c.kinds)
            requests = c.successes + errors.total
            counted = c.answered.get_total_count()
            results.append(
                StageResult(
                    index=span.index,
                    kind="rate" if span.kind == "rate" else "connections",
                    target=span.target,
                    start_s=span.start_s,
                    end_s=round(span.start_s + seconds, 3),
                    requests=requests,
                    successes=c.successes,
                    rps=round(c.successes / seconds, 3),
                    errors=errors,
                    error_pct=error_pct(errors.total, requests),
                    latency=percentiles(c.answered) if counted else None,
                    histogram=encode(c.answered) if counted else None,
                    sent=c.sent if self._pace else None,
                    late_sends=c.late_sends if self._pace else None,
                    dropped_sends=max(
                        0, planned_slots(self._pace, Window(span.start_ns, end_ns)) - c.in_window
                    )
                    if self._pace
                    else None,
                )
            )
        return results

    def _reading(self, window: Window) -> Reading:
        c = self._counts
        drain = None
        if c.drained:
            drain = Drain(
                responses=c.drained,
                last_after_s=round((c.last_arrival_ns - window.end_ns) / NS_PER_S, 3),
                latency=percentiles(c.drained_histogram),
                histogram=encode(c.drained_histogram),
            )
        open_loop = None
        if self._pace is not None:
            seconds = window.seconds
            open_loop = OpenLoopStats(
                target_rate=round(self._pace.mean_rate(window.start_ns, window.end_ns), 6),
                sent=c.sent_in_window,
                send_rate=round(c.sent_in_window / seconds, 3) if seconds > 0 else 0.0,
                late_sends=c.late_sends,
                dropped_sends=max(0, planned_slots(self._pace, window) - c.in_window),
                max_send_lag_ms=round(c.max_lag_ms if c.max_lag_ms is not None else 0.0, 3),
                late_threshold_ms=LATE_THRESHOLD_MS,
                answered=c.sent_answered,
            )
        return Reading(
            successes=c.successes,
            errors=ErrorCounts(**c.kinds),
            bytes_received=c.bytes_received,
            latency=percentiles(c.answered),
            histogram=encode(c.answered) if c.answered.get_total_count() else None,
            open_loop=open_loop,
            drain=drain,
            warmup_responses=c.warmed,
            stages=self._stage_results(window),
        )
