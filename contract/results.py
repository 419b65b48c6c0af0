"""Result types: per-second samples and the summaries of a run.

Samples. A SamplePoint is one second of one source. Its `data` mixes two kinds of numbers:
- COUNTERS: the change during that second (requests, errors_timeout, connect, reuse, bin ...).
  Downsampling sums them.
- GAUGES: a level at that moment (scur, qcur, cpu_pct, latency_p99_ms ...). Downsampling
  averages them.
`is_gauge(name)` tells them apart: a name is a gauge when it is in GAUGE_NAMES or ends with
one of GAUGE_SUFFIXES (_cur, _max, _min, _avg, _pct, _ms, _us, _rate); everything else is a
counter. Names may be prefixed with a dotted scope ("app.s1.scur"); only the last part counts.
Sources are named "proxy" (HAProxy's Runtime API; keys scoped by section and server:
"fe.scur", "be.connect", "be.t1.used_conns") and "host:<agent>" (CPU and network of a lab
host, sampled by every agent whatever its roles).

Histograms. Latency histograms travel as base64 of HdrHistogram's standard compressed V2
encoding (the `encode()` of the `hdrhistogram` package, HdrHistogram_c and the Java one), with
values in MICROSECONDS and 3 significant digits, so histograms of many injectors and many
seconds merge exactly (up to HdrHistogram's bounded error). Decoding and merging happen
outside spec (worker and agents use the `hdrhistogram` package).
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any, Literal

from pydantic import ConfigDict, Field, computed_field, model_validator

from contract.drivers import DriverName
from contract.injector_split import InjectorShare
from contract.request_timers import RequestTimers, TimerSecond
from contract.strict import StrictModel
from contract.text_types import AgentName
from contract.verdict import RunVerdict

HISTOGRAM_UNIT = "us"
HISTOGRAM_SIGNIFICANT_DIGITS = 3

GAUGE_NAMES = frozenset(
    {
        "scur",
        "qcur",
        "rate",
        "req_rate",
        "conn_rate",
        "sess_rate",
        "cur_conns",
        "idle_conns",
        "used_conns",
        "safe_conns",
        "qtime",
        "ctime",
        "rtime",
        "ttime",
        "weight",
        "status",
        "active_connections",
        "in_flight",
        "threads",
    }
)
GAUGE_SUFFIXES = ("_cur", "_max", "_min", "_avg", "_pct", "_ms", "_us", "_rate")


def is_gauge(name: str) -> bool:
    """True when `name` is a gauge (averaged on downsampling), False for a counter (summed)."""
    last = name.rsplit(".", 1)[-1]
    return last in GAUGE_NAMES or last.endswith(GAUGE_SUFFIXES)


class SamplePoint(StrictModel):
    """One second of one source."""

    source: str = Field(
        min_length=1, max_length=200, description="Who measured: proxy (HAProxy) or host:<agent> (a host)."
    )
    t: int = Field(
        ge=-3600,
        le=86_400,
        description="Seconds since the load started (negative: sampled before it started).",
    )
    ts: datetime = Field(description="When the sample was taken (UTC).")
    data: dict[str, float | int] = Field(
        max_length=500, description="Counter deltas for this second and gauge levels (see is_gauge)."
    )
    histogram: str | None = Field(
        default=None,
        max_length=1_000_000,
        description="Latency of this second: base64 HdrHistogram V2, microseconds, 3 significant digits.",
    )
    timers: TimerSecond | None = Field(
        default=None,
        description="HAProxy's request log of this second (source timers): per-timer histograms, states.",
    )


class ErrorCounts(StrictModel):
    """Failed requests by kind; never hidden, never merged into one number."""

    # One schema, with its computed total, whether read (an agent's LoadFinished) or shown: the
    # OpenAPI document keeps one ErrorCounts instead of an -Input and an -Output.
    model_config = ConfigDict(json_schema_mode_override="serialization")

    connect: int = Field(
        default=0, ge=0, description="Connections refused or reset before a request was sent."
    )
    timeout: int = Field(default=0, ge=0, description="Requests without a reply within the request timeout.")
    non_2xx: int = Field(default=0, ge=0, description="Replies with a status outside 2xx.")
    other: int = Field(default=0, ge=0, description="Any other failure (read errors, protocol errors ...).")

    @model_validator(mode="before")
    @classmethod
    def _derived_total_is_not_input(cls, data: Any) -> Any:
        # `total` is serialized for readers; when a dump is read back it must agree, then go.
        if isinstance(data, dict) and "total" in data:
            data = dict(data)
            total = data.pop("total")
            parts = sum(int(data.get(kind, 0)) for kind in ("connect", "timeout", "non_2xx", "other"))
            if total != parts:
                raise ValueError(f"total: {total} is not the sum of the error counts ({parts})")
        return data

    @computed_field  # type: ignore[prop-decorator]
    @property
    def total(self) -> int:
        return self.connect + self.timeout + self.non_2xx + self.other


class LatencyPercentiles(StrictModel):
    """Latency of successful requests, in milliseconds."""

    p50: float = Field(ge=0)
    p90: float = Field(ge=0)
    p95: float | None = Field(
        default=None, ge=0, description="None in summaries recorded before p95 was kept."
    )
    p99: float = Field(ge=0)
    p999: float = Field(ge=0)
    max: float = Field(ge=0)
    mean: float = Field(ge=0)


class OpenLoopStats(StrictModel):
    """How well an open-loop injector held its schedule (rate asked vs rate sent, late and dropped sends).

    A send is late when it left more than `late_threshold_ms` after its slot in the schedule; a
    dropped send is a slot of the measured duration that was never sent at all. Latencies of an
    open-loop driver are timed from the slot, so lateness shows in them too.
    """

    target_rate: float = Field(ge=0, description="Requests/s the schedule asked for.")
    sent: int = Field(ge=0, description="Requests sent during the measured duration.")
    send_rate: float = Field(ge=0, description="Requests/s actually sent (sent / duration).")
    late_sends: int = Field(ge=0, description="Requests sent more than late_threshold_ms after their slot.")
    dropped_sends: int = Field(ge=0, description="Slots of the schedule never sent (the tool fell behind).")
    max_send_lag_ms: float = Field(ge=0, description="Worst delay between a slot and its actual send.")
    late_threshold_ms: float = Field(ge=0, description="Lag beyond which a send counts as late.")
    answered: int | None = Field(
        default=None,
        ge=0,
        description=(
            "2xx answers to the requests sent in the window (the `sent` ones), whenever they arrived (in "
            "the window or in its drain): of what the window sent, what was answered, never more than "
            "`sent`. None in older summaries."
        ),
    )


class ToolCpu(StrictModel):
    """How much CPU the load tool got of what it wanted: its threads' time on a CPU and waiting for
    one (the kernel's per-thread scheduler statistics), from its start to its last reading."""

    cpu_s: float = Field(ge=0, description="Seconds the tool's threads ran on a CPU.")
    wait_s: float = Field(
        ge=0,
        description=(
            "Seconds the tool's threads were ready to run but waited for a CPU (another process had it, "
            "or a CPU quota was spent)."
        ),
    )
    wall_s: float = Field(ge=0, description="Seconds from the tool's start to the reading.")


# Where the figures of the measured window come from (LoadTotals.window_source):
# - tool_records: the tool timed every request, so its counts are the requests that COMPLETED
#   inside the window [t0, t0 + duration) (vegeta, h2load's request log, wrk's response hook);
# - proxy_counters: the tool cannot tell when each request completed (hey's text summary), so
#   the successes are HAProxy's frontend 2xx over the window's seconds (its per-second deltas);
# - tool_totals: the tool's own totals over its own run, which is not the window (mariadb-slap
#   runs a fixed number of queries; hey without a proxy to count): `window_note` says what.
WindowSource = Literal["tool_records", "proxy_counters", "tool_totals"]


class Drain(StrictModel):
    """Answers to requests of the measured window that arrived after the window ended.

    They are not in the rate (which counts what arrived within the window, over its seconds):
    an overloaded server keeps answering after the load stops, and folding those answers in
    would report more than it delivered while measured.
    """

    responses: int = Field(ge=0, description="2xx answers that arrived after the window's end.")
    last_after_s: float = Field(
        ge=0,
        description=(
            "Seconds after the window's end the last one arrived (from HAProxy's counters: the end of "
            "the last second that had one)."
        ),
    )
    latency: LatencyPercentiles | None = Field(default=None, description="Their latency (from the slot).")
    histogram: str | None = Field(default=None, description="base64 HdrHistogram V2 of their latency (us).")


# Where an injector's start (InjectorSummary.started_at) was read from.
StartSource = Literal["first_request", "tool_started"]


class LoadTotals(StrictModel):
    """What the clients saw over the measured window [t0, t0 + duration): what COMPLETED in it.

    `window_source` says where the window's counts come from and `window_note` what a reader must
    know about them (a tool that cannot tell when each request completed, errors counted over the
    tool's whole run ...). Answers before the window (the warm-up) and after it (the drain) are
    reported apart and are in no rate.
    """

    requests: int = Field(ge=0, description="Requests completed or failed (successes + errors).")
    successes: int = Field(ge=0, description="Requests with a 2xx reply that completed in the window.")
    errors: ErrorCounts = Field(default_factory=ErrorCounts)
    duration_s: float = Field(ge=0, description="Seconds of the measured window the counts cover.")
    rps: float = Field(
        ge=0, description="Successful requests per second of the window (successes / duration_s)."
    )
    bytes_per_s: float = Field(ge=0, description="Bytes received per second.")
    latency: LatencyPercentiles | None = Field(
        default=None,
        description="None when nothing succeeded or the tool measures no latency (latency_note).",
    )
    latency_note: str | None = Field(
        default=None,
        max_length=300,
        description="Why there is no latency when there is none ('not measured by mariadb-slap').",
    )
    window_source: WindowSource | None = Field(
        default=None,
        description=(
            "Where the window's counts come from: tool_records (the tool timed each request), "
            "proxy_counters (HAProxy's 2xx over the window's seconds), tool_totals (the tool's own "
            "totals over its own run). None in summaries recorded before it was kept."
        ),
    )
    window_note: str | None = Field(
        default=None,
        max_length=500,
        description="What the figures of the window are, when not plainly the tool's records of it.",
    )
    warmup_responses: int | None = Field(
        default=None,
        ge=0,
        description="2xx answers that completed during the warm-up (before t0); in no rate. None: not known.",
    )
    histogram: str | None = Field(
        default=None, description="base64 HdrHistogram V2 of the latency, microseconds, 3 significant digits."
    )
    open_loop: OpenLoopStats | None = Field(
        default=None, description="Open-loop drivers only: the schedule asked for vs what was sent."
    )
    drain: Drain | None = Field(
        default=None,
        description="2xx answers that arrived after the window ended; not in rps. None: none, or not known.",
    )

    @property
    def error_pct(self) -> float | None:
        """Failed requests, % of all requests; None when there were none. Derived, not stored:
        stored summaries of every age have the counts (and run.error_pct mirrors this in SQL)."""
        return 100.0 * self.errors.total / self.requests if self.requests else None


class StageResult(StrictModel):
    """One load stage's figures (LoadProfile.stages) over its measured window: the stage's seconds
    after its ramp and a settling second. As the run's totals: the rate is what completed inside
    the window over its seconds, errors by the requests' slots, latency from a histogram (several
    injectors' merge exactly)."""

    index: int = Field(ge=0, description="The stage's place in load.stages (0-based).")
    kind: Literal["rate", "connections"] = Field(description="rate: an open-loop stage; connections: closed.")
    target: float = Field(
        ge=0, description="The stage's rate (req/s) or connections (the lab's, or this injector's share)."
    )
    start_s: float = Field(
        description="Run time t (seconds after t0) where the stage's measured window starts."
    )
    end_s: float = Field(description="Run time t where it ends (the stage's end; a stopped run's last send).")
    requests: int = Field(
        ge=0, description="Requests completed or failed in the window (successes + errors)."
    )
    successes: int = Field(ge=0, description="2xx replies that arrived inside the window.")
    rps: float = Field(ge=0, description="successes / the window's seconds.")
    errors: ErrorCounts = Field(default_factory=ErrorCounts)
    latency: LatencyPercentiles | None = Field(
        default=None, description="Latency of the window's successes (ms)."
    )
    histogram: str | None = Field(default=None, description="base64 HdrHistogram V2 of that latency (us).")
    sent: int | None = Field(default=None, ge=0, description="Open loop: requests sent inside the window.")
    late_sends: int | None = Field(
        default=None, ge=0, description="Open loop: sends of the window's slots that were late."
    )
    dropped_sends: int | None = Field(
        default=None, ge=0, description="Open loop: slots of the window never sent."
    )
    error_pct: float = Field(
        default=0.0, ge=0, le=100, description="errors.total as a percentage of requests."
    )

    @model_validator(mode="after")
    def _error_pct_agrees(self) -> StageResult:
        expected = error_pct(self.errors.total, self.requests)
        if abs(self.error_pct - expected) > 0.001:
            raise ValueError(f"error_pct: {self.error_pct} is not errors / requests ({expected})")
        return self


def error_pct(errors: int, requests: int) -> float:
    """Errors as a percentage of requests, as stage figures carry it."""
    return round(100 * errors / requests, 3) if requests else 0.0


class SqlBenchmark(StrictModel):
    """What mariadb-slap measures: the time every client needed to run all its queries, per
    iteration (no per-query latency), and the queries/s that makes."""

    iterations: int = Field(ge=1, description="How many times the whole workload ran.")
    clients: int = Field(ge=0, description="Concurrent clients running queries.")
    queries_per_client: int = Field(ge=0, description="Queries each client ran per iteration.")
    avg_s: float = Field(ge=0, description="Average seconds to run all queries (one iteration).")
    min_s: float = Field(ge=0, description="Fastest iteration, seconds.")
    max_s: float = Field(ge=0, description="Slowest iteration, seconds.")
    queries_per_s: float = Field(ge=0, description="All clients' queries per second of an average iteration.")


class InjectorSummary(LoadTotals):
    """One injector's view of the run."""

    agent: AgentName
    driver: DriverName
    sql: SqlBenchmark | None = Field(default=None, description="mariadb-slap's own figures (SQL load only).")
    warnings: list[str] = Field(
        default_factory=list,
        description="The tool's blind spots, e.g. 'wrk does not count connections that were never accepted'.",
    )
    stop_reason: str | None = Field(
        default=None,
        max_length=500,
        description="Why the load stopped before its end (lease expired ...); None when it ran its course.",
    )
    tool_cpu: ToolCpu | None = Field(
        default=None,
        description="Whether the load tool got the CPU it wanted (None: not read, or an older agent).",
    )
    window_s: float | None = Field(
        default=None,
        ge=0,
        description=(
            "Seconds of the measured window this injector's load covered (from t0 to the window's end, "
            "or to where the tool stopped or finished); None in summaries recorded before it was kept."
        ),
    )
    asked: InjectorShare | None = Field(
        default=None,
        description=(
            "What this injector was asked to send: its share of the profile (or the whole of it). "
            "Set by the worker; None in summaries recorded before the split."
        ),
    )
    stages: list[StageResult] | None = Field(
        default=None, description="Per-stage figures of a staged load (LoadProfile.stages); None otherwise."
    )
    started_at: datetime | None = Field(
        default=None,
        description=(
            "When this injector's load began, on the API's clock (its own clock corrected by its "
            "measured offset, contract.clock): see start_source. None in summaries recorded before it "
            "was kept."
        ),
    )
    start_source: StartSource | None = Field(
        default=None,
        description=(
            "Where started_at comes from: first_request, the tool's own record of its first request's "
            "send time (vegeta, h2load); tool_started, the moment the agent started the tool (tools "
            "that keep no per-request send times)."
        ),
    )


class ProxySummary(StrictModel):
    """What HAProxy counted over the measured duration (from the Runtime API)."""

    requests: int = Field(default=0, ge=0, description="HTTP requests received by the frontends.")
    connects: int = Field(default=0, ge=0, description="Server connections established.")
    reuses: int = Field(default=0, ge=0, description="Requests sent over an already open server connection.")
    econ: int = Field(default=0, ge=0, description="Failed server connection attempts.")
    eresp: int = Field(default=0, ge=0, description="Server responses aborted or refused.")
    ereq: int = Field(default=0, ge=0, description="Client requests in error.")
    max_scur: int = Field(default=0, ge=0, description="Most concurrent sessions seen.")
    max_qcur: int = Field(default=0, ge=0, description="Most requests queued at once.")
    hrsp_1xx: int = Field(default=0, ge=0)
    hrsp_2xx: int = Field(default=0, ge=0)
    hrsp_3xx: int = Field(default=0, ge=0)
    hrsp_4xx: int = Field(default=0, ge=0)
    hrsp_5xx: int = Field(default=0, ge=0)
    hrsp_other: int = Field(default=0, ge=0)
    bytes_in: int = Field(default=0, ge=0, description="Bytes received from clients.")
    bytes_out: int = Field(default=0, ge=0, description="Bytes sent to clients.")
    avg_qtime_ms: float | None = Field(
        default=None,
        ge=0,
        description=(
            "HAProxy's average queue time of its last 1,024 requests, as read over the window's seconds "
            "(not the window's own: see averaged_before_window)."
        ),
    )
    avg_ttime_ms: float | None = Field(
        default=None,
        ge=0,
        description=(
            "HAProxy's average total time (accept to last byte; a whole session in TCP mode) of its "
            "last 1,024 requests, as read over the window's seconds."
        ),
    )
    averaged_before_window: int | None = Field(
        default=None,
        ge=0,
        description=(
            "Of the requests HAProxy's qtime/ttime averages covered at the window's end (its last "
            "1,024), how many were served before the window (the warm-up). None: not known."
        ),
    )
    mode: Literal["http", "tcp"] | None = Field(
        default=None, description="The entry point's mode: in tcp, a 'request' is a whole client session."
    )
    max_used_conns: int | None = Field(
        default=None, ge=0, description="Most server connections in use (show servers conn)."
    )
    max_server_conns: int | None = Field(
        default=None,
        ge=0,
        description="Most server connections open at once, in use + idle (show servers conn, each second).",
    )
    bytes_out_per_s: float | None = Field(
        default=None, ge=0, description="Bytes sent to clients per second (HAProxy's bout; MB/s = / 1e6)."
    )
    max_conn_rate: int | None = Field(
        default=None,
        ge=0,
        description="Most client connections the entry frontend accepted in a second (its conn_tot).",
    )
    maxconn: int | None = Field(
        default=None, ge=0, description="The entry point's client connection limit, to read max_scur against."
    )

    @property
    def connects_per_request(self) -> float | None:
        """Server connections opened per request received: ~1 without connection reuse, near 0
        with it (seed 004's figure). Derived, not stored, so older summaries have it too."""
        return self.connects / self.requests if self.requests else None


class Completeness(StrictModel):
    """Whether the run measured what it was asked to measure.

    A run that is not complete is never shown as if it were: it ends `partial` (or `failed`), its
    rates divide by the seconds it did measure, and sweep analysis leaves it out by default.
    """

    complete: bool = Field(description="The load covered the whole measured window it was asked for.")
    asked_s: float = Field(ge=0, description="Measured duration the spec asked for, seconds.")
    measured_s: float = Field(ge=0, description="Seconds the load really covered (from t0).")
    load_started_at: datetime | None = Field(
        default=None, description="When the measured load began (t0, after warm-up), UTC."
    )
    load_ended_at: datetime | None = Field(
        default=None, description="When the measured load ended (t0 + measured_s), UTC."
    )
    reasons: list[str] = Field(
        default_factory=list, description="Why the run is not complete, one sentence each; empty if complete."
    )
    too_short: bool = Field(
        default=False,
        description=(
            "The measured window was far shorter than asked (under half, or under 2 s): its figures "
            "describe too little to measure anything, and no threshold is judged on them."
        ),
    )
    totals_from: Literal["injectors", "proxy"] = Field(
        default="injectors",
        description=(
            "Where `total` comes from: the load tools' own reports, or (when no tool reported, e.g. an "
            "injector was lost) HAProxy's per-second counters of the seconds sampled before the fault."
        ),
    )

    @property
    def window_s(self) -> int:
        """The whole seconds HAProxy's counters are summed over (0 <= t < window_s): the seconds the
        load ran, never more than asked. Derived, not stored, so every summary has it."""
        asked = int(self.asked_s)
        return min(asked, math.ceil(self.measured_s)) or asked


class RunSummary(StrictModel):
    """The result of one run."""

    injectors: list[InjectorSummary] = Field(default_factory=list)
    total: LoadTotals = Field(
        description="All injectors merged (histograms merged, not percentiles averaged)."
    )
    proxy: ProxySummary | None = None
    timers: RequestTimers | None = Field(
        default=None,
        description="HAProxy's per-request timers over the window (its log); None when not collected.",
    )
    verdict: RunVerdict | None = Field(
        default=None,
        description=(
            "What bounded the run: its kind, the sentence people read, and the numbers it was read from "
            "(worker.verdicts). None until collected."
        ),
    )
    completeness: Completeness | None = Field(
        default=None,
        description="Did the load cover the window asked for? None for runs recorded before this existed.",
    )
    stages: list[StageResult] | None = Field(
        default=None,
        description=(
            "Per-stage figures of a staged load, the injectors merged (counts add, histograms merge); "
            "None for a constant load. The total stays the whole window's."
        ),
    )

    @property
    def shares_kept(self) -> bool:
        """Every injector's asked share is recorded: False for runs recorded before the split,
        where every injector ran the whole profile (contract.injector_split.lab_connections)."""
        return all(injector.asked is not None for injector in self.injectors)


def stored_summary(doc: object) -> RunSummary:
    """A RunSummary as stored in the database, including the shapes older workers stored.

    Before the verdict had one home, a summary carried it twice: `bound` (the typed verdict) and
    `verdict` (its sentence alone, or the only reading of runs older still). Raises
    pydantic.ValidationError when `doc` is not a summary in any of those shapes.
    """
    if isinstance(doc, dict) and ("bound" in doc or isinstance(doc.get("verdict"), str)):
        doc = dict(doc)
        bound = doc.pop("bound", None)
        sentence = doc.pop("verdict", None) if isinstance(doc.get("verdict"), str) else None
        if bound is not None:
            doc["verdict"] = bound
        elif sentence:
            doc["verdict"] = {"kind": "unknown", "sentence": sentence[:1000]}
    return RunSummary.model_validate(doc)
