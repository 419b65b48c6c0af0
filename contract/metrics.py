"""The one vocabulary of metrics: every figure haplab shows, compares, exports or checks.

A run-level metric is a number of a run's RunSummary: its `key` names it everywhere (compare
columns, CSV/JSON exports, the UI's labels, thresholds), `label` and `unit` say it for people,
`source` says who measured it (the load tools on the clients, HAProxy, or a lab host), and `path`
is where the summary holds it. Per-second series (the live charts, the samples CSV) are in
SAMPLE_SERIES: the key a sample of source "proxy" or "host:<agent>" carries (agents/proxy/metrics.py
and agents/host_sampler.py write them), and the same label/unit/source description.

Keys are stable: stored runs and exported files use them. A summary stored by an older worker is
read through contract.results.stored_summary first, so its figures come out under these keys too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from contract.request_timers import HAPROXY_NAME, TIMER_KEYS, TIMER_MEANING, TimerName
from contract.results import RunSummary

MetricSource = Literal["client", "haproxy", "host"]
Better = Literal["higher", "lower"]
Aggregate = Literal["sum", "max"]


class Metric(BaseModel):
    """A figure of a run, as compare tables, exports, thresholds and the UI name it."""

    model_config = ConfigDict(frozen=True)

    key: str = Field(description="Its name everywhere: compare columns, exports, thresholds.")
    label: str = Field(description="Its name for people.")
    unit: str = Field(description="req/s, ms, B/s, s, or empty for a count.")
    source: MetricSource = Field(description="Who measured it: the load tools, HAProxy or a lab host.")
    path: str = Field(description="Where a RunSummary holds it, dotted (total.latency.p99).")
    description: str
    better: Better | None = Field(default=None, description="Which way is better, where one is.")
    series: str | None = Field(
        default=None,
        description=(
            "The per-second series (a sample_series key) the figure is taken from over the measured "
            "seconds, with `aggregate`; None where it is computed otherwise."
        ),
    )
    aggregate: Aggregate | None = Field(
        default=None,
        description="How the series' measured seconds make the figure: their sum or their maximum.",
    )
    history: int | None = Field(
        default=None,
        description=(
            "Its place among the figures of the run list (History), 1 first: each is a generated "
            "column of run, sortable, and a trend. None: not one of them."
        ),
    )


def _m(
    key: str,
    label: str,
    unit: str,
    source: MetricSource,
    path: str,
    description: str,
    better: Better | None = None,
    *,
    series: str | None = None,
    aggregate: Aggregate | None = None,
    history: int | None = None,
) -> Metric:
    return Metric(
        key=key,
        label=label,
        unit=unit,
        source=source,
        path=path,
        description=description,
        better=better,
        series=series,
        aggregate=aggregate,
        history=history,
    )


# The order here is the column order of compare tables and every export.
RUN_METRICS: tuple[Metric, ...] = (
    _m(
        "rps",
        "Successful requests",
        "req/s",
        "client",
        "total.rps",
        "2xx answers that completed in the measured window, per second of it (the summary's "
        "window_source says who counted them: the tool's own records, or HAProxy's counters).",
        "higher",
        history=1,
    ),
    _m("requests", "Requests", "", "client", "total.requests", "Requests completed or failed in the window."),
    _m(
        "successes",
        "Successes",
        "",
        "client",
        "total.successes",
        "Requests answered with a 2xx that completed in the window.",
    ),
    _m(
        "warmup_responses",
        "Answers in the warm-up",
        "",
        "client",
        "total.warmup_responses",
        "2xx answers that completed during the warm-up, before the window; in no rate.",
    ),
    _m(
        "drain_responses",
        "Answers after the window",
        "",
        "client",
        "total.drain.responses",
        "2xx answers that completed after the window ended (requests still in flight); in no rate.",
    ),
    _m(
        "errors_total",
        "Errors",
        "",
        "client",
        "total.errors.total",
        "Failed requests of every kind.",
        "lower",
    ),
    _m(
        "errors_connect",
        "Connect errors",
        "",
        "client",
        "total.errors.connect",
        "Connections refused or reset before a request.",
        "lower",
    ),
    _m(
        "errors_timeout",
        "Timeouts",
        "",
        "client",
        "total.errors.timeout",
        "Requests without a reply in time.",
        "lower",
    ),
    _m(
        "errors_non_2xx",
        "Non-2xx replies",
        "",
        "client",
        "total.errors.non_2xx",
        "Replies with a status outside 2xx.",
        "lower",
    ),
    _m(
        "errors_other",
        "Other errors",
        "",
        "client",
        "total.errors.other",
        "Read and protocol errors.",
        "lower",
    ),
    _m(
        "error_pct",
        "Error rate",
        "%",
        "client",
        "total.error_pct",
        "Failed requests of every kind, % of all requests (None when there were none).",
        "lower",
        history=5,
    ),
    _m(
        "latency_p50_ms",
        "Latency p50",
        "ms",
        "client",
        "total.latency.p50",
        "Median latency of successful requests.",
        "lower",
        history=2,
    ),
    _m(
        "latency_p90_ms",
        "Latency p90",
        "ms",
        "client",
        "total.latency.p90",
        "90th percentile latency.",
        "lower",
    ),
    _m(
        "latency_p95_ms",
        "Latency p95",
        "ms",
        "client",
        "total.latency.p95",
        "95th percentile latency (None in runs recorded before p95 was kept).",
        "lower",
        history=3,
    ),
    _m(
        "latency_p99_ms",
        "Latency p99",
        "ms",
        "client",
        "total.latency.p99",
        "99th percentile latency.",
        "lower",
        history=4,
    ),
    _m(
        "latency_max_ms",
        "Latency max",
        "ms",
        "client",
        "total.latency.max",
        "Slowest successful request.",
        "lower",
    ),
    _m(
        "bytes_per_s",
        "Received",
        "B/s",
        "client",
        "total.bytes_per_s",
        "Bytes the clients received per second.",
        "higher",
    ),
    _m(
        "duration_s",
        "Measured",
        "s",
        "client",
        "total.duration_s",
        "Seconds of the measured window the figures cover (a tool running a fixed amount of work: its own).",
    ),
    _m(
        "proxy_connects",
        "Server connects",
        "",
        "haproxy",
        "proxy.connects",
        "Server connections HAProxy opened.",
        series="connect",
        aggregate="sum",
    ),
    _m(
        "proxy_reuses",
        "Server reuses",
        "",
        "haproxy",
        "proxy.reuses",
        "Requests sent on an already open server connection.",
        series="reuse",
        aggregate="sum",
    ),
    _m(
        "proxy_connects_per_request",
        "Server connects per request",
        "",
        "haproxy",
        "proxy.connects_per_request",
        "Server connections HAProxy opened per request it received (about 1 without reuse, near 0 with it).",
        "lower",
    ),
    _m(
        "proxy_econ",
        "Server connect errors",
        "",
        "haproxy",
        "proxy.econ",
        "Failed server connection attempts.",
        "lower",
        series="econ",
        aggregate="sum",
    ),
    _m(
        "proxy_eresp",
        "Server response errors",
        "",
        "haproxy",
        "proxy.eresp",
        "Server responses aborted or refused.",
        "lower",
        series="eresp",
        aggregate="sum",
    ),
    _m(
        "proxy_max_scur",
        "Max client sessions",
        "",
        "haproxy",
        "proxy.max_scur",
        "Most concurrent client sessions.",
        series="scur",
        aggregate="max",
    ),
    _m(
        "proxy_max_qcur",
        "Max queued",
        "",
        "haproxy",
        "proxy.max_qcur",
        "Most requests waiting in HAProxy's queue.",
        "lower",
        series="qcur",
        aggregate="max",
    ),
    _m(
        "proxy_requests",
        "HAProxy requests",
        "",
        "haproxy",
        "proxy.requests",
        "HTTP requests HAProxy's frontends received.",
        series="req_s",
        aggregate="sum",
    ),
    _m(
        "proxy_2xx",
        "HAProxy 2xx replies",
        "",
        "haproxy",
        "proxy.hrsp_2xx",
        "Replies with a 2xx status HAProxy's entry frontend sent.",
        series="ok_2xx",
        aggregate="sum",
    ),
    _m(
        "proxy_4xx",
        "HAProxy 4xx replies",
        "",
        "haproxy",
        "proxy.hrsp_4xx",
        "Replies with a 4xx status (denied, bad or too many requests) HAProxy's entry frontend sent.",
        "lower",
        series="http_4xx",
        aggregate="sum",
    ),
    _m(
        "proxy_5xx",
        "HAProxy 5xx replies",
        "",
        "haproxy",
        "proxy.hrsp_5xx",
        "Replies with a 5xx status (no server, server error, timeout) HAProxy's entry frontend sent.",
        "lower",
        series="http_5xx",
        aggregate="sum",
    ),
    _m(
        "proxy_avg_qtime_ms",
        "HAProxy queue time (avg)",
        "ms",
        "haproxy",
        "proxy.avg_qtime_ms",
        "HAProxy's average queue time over its last 1,024 requests, read each second of the window: "
        "not the window's own, it includes earlier requests (the warm-up) until the window has served 1,024.",
        "lower",
    ),
    _m(
        "proxy_avg_ttime_ms",
        "HAProxy total time (avg)",
        "ms",
        "haproxy",
        "proxy.avg_ttime_ms",
        "HAProxy's average time from accept to last byte (in TCP mode a whole client session) over its "
        "last 1,024 requests, read each second of the window; it includes earlier requests (the warm-up) "
        "until the window has served 1,024.",
        "lower",
    ),
    _m(
        "proxy_bytes_out_per_s",
        "HAProxy sent",
        "B/s",
        "haproxy",
        "proxy.bytes_out_per_s",
        "Bytes HAProxy handed to the kernel for clients, per second.",
    ),
    _m(
        "proxy_max_server_conns",
        "Max server connections",
        "",
        "haproxy",
        "proxy.max_server_conns",
        "Most server connections open at once (in use + idle).",
    ),
    _m(
        "proxy_max_conn_rate",
        "Max connection rate",
        "/s",
        "haproxy",
        "proxy.max_conn_rate",
        "Most client connections HAProxy's entry frontend accepted in one second of the window (its "
        "conn_tot, per second): near the request rate when every request opens a connection, far below "
        "it with keep-alive; the rate of TCP (and TLS) handshakes HAProxy had to take.",
        series="conn_s",
        aggregate="max",
        history=6,
    ),
)

# HAProxy's request log (RunSummary.timers, contract.request_timers): each timer's percentiles and
# mean over the measured window, `<timer>_<stat>_ms`; the History shows the two that say where a
# slow p99 went: the queue (tw_p99_ms) and the server (tr_p99_ms).
_TIMER_STATS: tuple[tuple[str, str, str], ...] = (
    ("p50", "p50", "median"),
    ("p90", "p90", "90th percentile"),
    ("p99", "p99", "99th percentile"),
    ("p999", "p99.9", "99.9th percentile"),
    ("mean", "mean", "mean"),
)
_TIMER_HISTORY: dict[str, int] = {"tw_p99_ms": 7, "tr_p99_ms": 8}


def _timer_metric(timer: TimerName, stat: str, stat_label: str, stat_words: str) -> Metric:
    key = f"{timer}_{stat}_ms"
    return _m(
        key,
        f"{HAPROXY_NAME[timer]} {stat_label} ({TIMER_MEANING[timer].partition(':')[0]})",
        "ms",
        "haproxy",
        f"timers.{timer}.{stat}",
        f"HAProxy's {HAPROXY_NAME[timer]} ({TIMER_MEANING[timer]}): the {stat_words} over the measured "
        "window's requests, from its request log (the summary's timers.one_in says when it logged one "
        "request in N; requests where the timer was -1 are counted apart, not in it).",
        # Ti is the client's idle time between requests: no way of it is better.
        None if timer == "ti" else "lower",
        history=_TIMER_HISTORY.get(key),
    )


TIMER_METRICS: tuple[Metric, ...] = (
    *(_timer_metric(timer, *stat) for timer in TIMER_KEYS for stat in _TIMER_STATS),
    _m(
        "queued_share",
        "Requests that queued",
        "",
        "haproxy",
        "timers.queued_share",
        "The share of the window's logged requests that waited in one of HAProxy's queues (0 to 1).",
        "lower",
    ),
    _m(
        "log_connects_per_request",
        "Server connects per request (log)",
        "",
        "haproxy",
        "timers.connects_per_request",
        "Server connections opened per request that reached a server, read from the request log (a new "
        "server connection port): an estimate, held to HAProxy's connect counter by a consistency check.",
        "lower",
    ),
    _m(
        "ended_by_client",
        "Ended by the client",
        "",
        "haproxy",
        "timers.ended_by_client",
        "Requests the client aborted or whose client-side timeout expired (termination states C.., c..); "
        "estimated x one_in when HAProxy logged one request in N.",
        "lower",
    ),
    _m(
        "ended_by_server",
        "Ended by the server",
        "",
        "haproxy",
        "timers.ended_by_server",
        "Requests the server aborted or refused, or whose server-side timeout expired (S.., s..).",
        "lower",
    ),
    _m(
        "ended_by_proxy",
        "Ended by HAProxy",
        "",
        "haproxy",
        "timers.ended_by_proxy",
        "Requests HAProxy ended itself: a limit, a deny, a resource, a kill or its own answer (P, R, I, D, "
        "U, K, L).",
        "lower",
    ),
)
RUN_METRICS = (*RUN_METRICS, *TIMER_METRICS)
RUN_METRIC_KEYS: tuple[str, ...] = tuple(m.key for m in RUN_METRICS)
BY_KEY: dict[str, Metric] = {m.key: m for m in RUN_METRICS}


class SampleSeries(BaseModel):
    """A per-second series of the live view and the samples CSV."""

    model_config = ConfigDict(frozen=True)

    key: str = Field(description="The chart's name for it.")
    sample_key: str = Field(description="Its key in a sample's data (source proxy, or host:<agent>).")
    label: str
    unit: str
    source: MetricSource


def _s(key: str, sample_key: str, label: str, unit: str, source: MetricSource) -> SampleSeries:
    return SampleSeries(key=key, sample_key=sample_key, label=label, unit=unit, source=source)


# Per-second series of the live view: `key` is the chart's series name, `sample_key` the key in
# samples of source "proxy" (FRONTEND./BACKEND. are the first frontend and backend rows) or of a
# host source ("host:<agent>"). Counters are per-second deltas; gauges are levels (contract.results).
SAMPLE_SERIES: tuple[SampleSeries, ...] = (
    _s("req_s", "FRONTEND.req_tot", "requests", "req/s", "haproxy"),
    _s("ok_2xx", "FRONTEND.hrsp_2xx", "2xx replies", "req/s", "haproxy"),
    _s("http_4xx", "FRONTEND.hrsp_4xx", "4xx replies", "req/s", "haproxy"),
    _s("http_5xx", "FRONTEND.hrsp_5xx", "5xx replies", "req/s", "haproxy"),
    _s("http_1xx", "FRONTEND.hrsp_1xx", "1xx replies", "req/s", "haproxy"),
    _s("http_3xx", "FRONTEND.hrsp_3xx", "3xx replies", "req/s", "haproxy"),
    _s("http_other", "FRONTEND.hrsp_other", "replies of no other class", "req/s", "haproxy"),
    _s("econ", "BACKEND.econ", "server connect errors (econ)", "/s", "haproxy"),
    _s("eresp", "BACKEND.eresp", "server response errors (eresp)", "/s", "haproxy"),
    _s("ereq", "FRONTEND.ereq", "request errors (ereq)", "/s", "haproxy"),
    _s("srv_abrt", "BACKEND.srv_abrt", "server aborts", "/s", "haproxy"),
    _s("cli_abrt", "BACKEND.cli_abrt", "client aborts", "/s", "haproxy"),
    _s("qtime", "BACKEND.qtime", "queue time (avg, last 1024)", "ms", "haproxy"),
    _s("ttime", "BACKEND.ttime", "total time (avg, last 1024)", "ms", "haproxy"),
    _s("rtime", "BACKEND.rtime", "response time (avg, last 1024)", "ms", "haproxy"),
    _s("scur", "FRONTEND.scur", "client sessions (scur)", "", "haproxy"),
    _s("qcur", "BACKEND.qcur", "queued requests (qcur)", "", "haproxy"),
    _s("connect", "BACKEND.connect", "server connects", "/s", "haproxy"),
    _s("reuse", "BACKEND.reuse", "server reuses", "/s", "haproxy"),
    _s("conn_s", "FRONTEND.conn_tot", "client connections accepted (conn_tot)", "/s", "haproxy"),
    _s("streams", "BACKEND.stot", "server-side streams begun (stot)", "/s", "haproxy"),
    _s("sessions", "FRONTEND.stot", "client sessions begun (stot)", "/s", "haproxy"),
    _s("used_conns", "BACKEND.used_conns", "server connections in use", "", "haproxy"),
    _s("idle_conns", "BACKEND.idle_conns", "idle server connections", "", "haproxy"),
    _s("bytes_in", "FRONTEND.bin", "bytes from clients (bin)", "B/s", "haproxy"),
    _s("bytes_out", "FRONTEND.bout", "bytes to clients (bout)", "B/s", "haproxy"),
    _s("idle", "PROCESS.idle_pct", "HAProxy idle (all threads)", "%", "haproxy"),
    _s("maxconn", "PROCESS.maxconn_max", "HAProxy's global maxconn", "", "haproxy"),
    _s("dropped_logs", "PROCESS.dropped_logs", "log lines HAProxy could not send", "/s", "haproxy"),
    _s("cpu", "cpu_pct", "CPU busy", "%", "host"),
    _s("rx", "rx_bytes", "received", "B/s", "host"),
    _s("tx", "tx_bytes", "sent", "B/s", "host"),
)

SERIES_BY_KEY: dict[str, SampleSeries] = {s.key: s for s in SAMPLE_SERIES}
# Run figures taken straight from one per-second series over the measured seconds (its sum or its
# maximum): the worker measures each from its registry entry alone (worker/summaries.py).
SERIES_FIGURES: tuple[Metric, ...] = tuple(m for m in RUN_METRICS if m.series is not None)
# The run list's (History's) figures, in their order: generated columns of run named by their key
# (backend/models/run.py), the run list's `figures`, sort keys and trends (backend/runs/schemas.py).
HISTORY_METRICS: tuple[Metric, ...] = tuple(
    sorted((m for m in RUN_METRICS if m.history is not None), key=lambda m: m.history or 0)
)
HISTORY_KEYS: tuple[str, ...] = tuple(m.key for m in HISTORY_METRICS)


def entry_sample_key(sample_key: str, frontend: str, backend: str) -> str:
    """A FRONTEND./BACKEND. sample key as the named sections of a run's entry point carry it
    (agents/proxy/metrics.py writes both: FRONTEND. is the first frontend row of show stat, the
    entry point's own is `<frontend>.`); any other key is itself."""
    section, _, field = sample_key.partition(".")
    named = {"FRONTEND": frontend, "BACKEND": backend}.get(section)
    return f"{named}.{field}" if named is not None else sample_key


def series_sample_key(series: str, frontend: str, backend: str) -> str:
    """The key a registry series (SAMPLE_SERIES) has in a run's proxy samples, its entry point's
    sections named: how code past the agent reads HAProxy's seconds, by the series' name only."""
    return entry_sample_key(SERIES_BY_KEY[series].sample_key, frontend, backend)


def backend_row_value(data: Mapping[str, Any], series: str, backend: str) -> float:
    """A series' value on the backend's own row in one reading. A listen's two rows share its name
    (agents/proxy/metrics.py): `<listen>.<field>` is the frontend row's where both rows have the
    field, and the backend row's is `<listen>.backend.<field>`, read first."""
    field = SERIES_BY_KEY[series].sample_key.partition(".")[2]
    return float(data.get(f"{backend}.backend.{field}", data.get(f"{backend}.{field}", 0)))


def servers_total(data: Mapping[str, Any], series: str, backend: str) -> float:
    """A series summed over the backend's server rows (`<backend>.<server>.<field>`) in one
    reading, the backend's own rows (`<backend>.<field>`, a listen's `<backend>.backend.<field>`)
    left out."""
    field = SERIES_BY_KEY[series].sample_key.partition(".")[2]
    own = {f"{backend}.{field}", f"{backend}.backend.{field}"}
    prefix, suffix = f"{backend}.", f".{field}"
    return float(
        sum(
            value
            for key, value in data.items()
            if key.startswith(prefix) and key.endswith(suffix) and key not in own
        )
    )


def _number_at(summary: RunSummary | None, path: str) -> int | float | None:
    # Attribute by attribute: no dump of the whole summary (its histograms) for a few numbers.
    node: object = summary
    for part in path.split("."):
        node = getattr(node, part, None)
    return None if isinstance(node, bool) or not isinstance(node, int | float) else node


def run_metrics(summary: RunSummary | None) -> dict[str, int | float | None]:
    """Every run metric of a summary, by key, in registry order; None where it holds none."""
    return {metric.key: _number_at(summary, metric.path) for metric in RUN_METRICS}


class SearchFigure(BaseModel):
    """A figure of a capacity search (contract/search.py), one per sweep point: not a run's. Threshold
    rules name it (`capacity >= 5000`) and are judged per sweep point on its searches."""

    model_config = ConfigDict(frozen=True)

    key: str
    label: str
    description: str


SEARCH_FIGURES: tuple[SearchFigure, ...] = (
    SearchFigure(
        key="capacity",
        label="Capacity",
        description=(
            "The highest rate (req/s) or connections a probe of the point's search passed the "
            "objective at; with repetitions, the mean over the searches (or a bound of its 95% interval)."
        ),
    ),
    SearchFigure(
        key="safe_capacity",
        label="Safe operating point",
        description="The capacity x the search's safe_fraction (80% by default).",
    ),
)
SEARCH_BY_KEY: dict[str, SearchFigure] = {f.key: f for f in SEARCH_FIGURES}


class MetricRegistry(BaseModel):
    """The whole vocabulary, as GET /api/v1/metrics serves it."""

    run_metrics: list[Metric] = Field(description="Figures of a run, in compare/export column order.")
    sample_series: list[SampleSeries] = Field(description="Per-second series of the live view.")
    search_figures: list[SearchFigure] = Field(
        default_factory=list, description="Figures of a capacity search, judged per sweep point."
    )


REGISTRY = MetricRegistry(
    run_metrics=list(RUN_METRICS), sample_series=list(SAMPLE_SERIES), search_figures=list(SEARCH_FIGURES)
)
