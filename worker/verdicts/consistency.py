"""Every figure agrees: the figures of one run that describe the same thing, held to each other.

A run page puts the clients' headline rate beside HAProxy's requests chart, the clients' successes
beside HAProxy's 2xx, the errors beside the errors chart, and the sweep analysis' "in flight"
beside the bound. Each comparison here takes two such figures, says where each came from, and
fails only when they differ by more than the measured window's edges can explain. A failed
comparison is a `figures_disagree` caveat on the run, shown first on its page (collected.py), and
fails the end-to-end tests (tests/e2e/run_helpers.py runs `check_figures` on every run they wait
for). Pure: a run's spec, summary and samples by source in, comparisons out.

The comparisons (HTTP drivers; the HAProxy ones only through the proxy, with its samples):
- window: the seconds the clients' figures cover (`total.duration_s`) against the measured window.
  A rate is what completed in the window over its seconds; a tool whose figures cover its
  warm-up or wait for its last replies past the window (hey's Total, wrk's run) divides by
  something else.
- rate_vs_haproxy: the headline rate (`total.rps`) against HAProxy's 2xx deltas of the measured
  seconds over those seconds (the requests chart's 2xx line; its steady mean is in the evidence:
  the window rate is the steady mean plus what the two edge seconds held, so a headline that
  agrees with the window rate agrees with the chart's flat line as far as those seconds explain).
- rate_vs_client_series: the headline rate against the steady mean of the clients' own
  per-second successes, where the driver reports them (a sample source other than the proxy and
  the hosts carrying a `successes` counter).
- successes_vs_haproxy: the clients' successes against HAProxy's 2xx over the measured seconds.
- errors_vs_haproxy: the clients' non-2xx replies against HAProxy's 3xx/4xx/5xx/other answers
  over the measured seconds (the errors chart's 4xx and 5xx lines, and what else was not a 2xx).
- in_flight_vs_maxconn: where the run is maxconn-bound (sessions at maxconn, HTTP/1.1), the
  sweep analysis' in-flight (Little's law, backend.runs.analysis.sweep.in_flight) against
  maxconn: HAProxy cannot hold more requests than sessions, and sessions full of requests that
  take most of the clients' wait hold about maxconn of them.

What the window's edges explain (the tolerances, derived, not tuned):
- A request in flight at each edge, per client connection. Each side counts a request once, when
  it completes for it: HAProxy when it answers, the client when the answer has arrived. An answer
  sent before the window opens and received after it counts for the client only; one sent before
  it closes and received after, for HAProxy only. So each edge can put at most one request per
  connection on one side, and the two edges push in opposite directions (what the client gains
  at the opening edge HAProxy gains at the closing one): their net is at most one per connection.
- One second of samples at each edge. HAProxy's readings are labelled in whole seconds from t0
  on its own host's clock, and the tool starts within a second of t0
  (agents.roles.injector.LATE_START_TOLERANCE_S): a reading may hold a second's worth from the
  other side of an edge. Again the edges push in opposite directions: one second's worth net,
  HAProxy's busiest measured second. A second HAProxy did not send (samples_missing tolerates
  one) is one more second's worth missing from its count.
- HAProxy may answer more than the clients received: a client that timed out or failed after
  sending still cost HAProxy its reply (no abortonclose: seed 000's impatient clients), and an
  answer it sent inside the window may arrive after it (behind seed 002's capped link: the drain
  a tool that times every request reports apart). Those widen that side only.
- The tool's window may reach one second past the measured window (EDGE_S: the same second a
  timed tool is allowed to stop early, worker.completeness.SHORT_TOLERANCE_S).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from backend.runs.analysis.sweep import in_flight
from backend.runs.seconds import RunSeconds, SampleRows, Second, Seconds
from contract.drivers import DRIVERS
from contract.experiment import ExperimentSpec
from contract.injector_split import lab_connections
from contract.metrics import series_sample_key
from contract.numbers import fixed
from contract.results import RunSummary
from contract.verdict import Caveat, Evidence
from worker.completeness import SHORT_TOLERANCE_S, entry_sections

# The tool's window may end one second after the measured window's end (see the module's doc).
EDGE_S = SHORT_TOLERANCE_S
# Requests one client connection has in flight at once: HTTP/1.1 one; the HTTP/2 drivers are run
# with one stream per connection (h2load -m 1), so one too.
IN_FLIGHT_PER_CONNECTION = 1
# Sessions count as "full" for the in-flight comparison when the verdict saw them at maxconn in at
# least this share of the steady seconds (worker.verdicts.rules.SATURATED_SHARE).
FULL_SHARE_PCT = 50.0
# HAProxy's answers that are not a 2xx (1xx are interim, never a final answer).
NOT_2XX_SERIES = ("http_3xx", "http_4xx", "http_5xx", "http_other")
# A client counter per second that a driver may report (any source but the proxy and the hosts).
CLIENT_SUCCESSES_KEY = "successes"


@dataclass(frozen=True)
class Figure:
    """One number of the run, with what it is and where it came from."""

    value: float
    label: str
    source: str
    unit: str = ""
    decimals: int | None = None  # None: one with a unit, none for a count

    def text(self) -> str:
        decimals = self.decimals if self.decimals is not None else 1 if self.unit else 0
        number = fixed(self.value, decimals, grouping=True)
        if self.unit == "s":
            return f"{number} s"
        return f"{number} {self.unit}".rstrip()


@dataclass(frozen=True)
class Comparison:
    """Two figures that describe the same thing, and how far apart the window's edges may put them:
    `first` may exceed `second` by `allowed_above` and fall short of it by `allowed_below`."""

    key: str
    first: Figure
    second: Figure
    allowed_above: float
    allowed_below: float
    allowance: str  # the tolerance in words: what the edges (and the rest) explain
    hint: str = ""  # what usually causes such a disagreement

    @property
    def gap(self) -> float:
        return self.first.value - self.second.value

    @property
    def agrees(self) -> bool:
        return -self.allowed_below - 1e-9 <= self.gap <= self.allowed_above + 1e-9

    def allowed(self) -> float:
        return self.allowed_above if self.gap > 0 else self.allowed_below

    def caveat(self) -> Caveat:
        unit = self.first.unit
        decimals = self.first.decimals
        amount = Figure(abs(self.gap), "", "", unit, decimals).text()
        limit = Figure(self.allowed(), "", "", unit, decimals).text()
        label = self.first.label[:1].upper() + self.first.label[1:]
        sentence = (
            f"{label}: {self.first.text()}, from {self.first.source}; {self.second.label}: "
            f"{self.second.text()}, from {self.second.source}. They are {amount} apart, more than the "
            f"window's edges explain ({limit}: {self.allowance}). {self.hint}"
        ).strip()
        return Caveat(
            kind="figures_disagree",
            sentence=sentence[:1000],
            evidence=[
                _evidence(f"{self.key}.first", self.first),
                _evidence(f"{self.key}.second", self.second),
                Evidence(
                    name=f"{self.key}.allowed"[:64],
                    label=f"what the window's edges explain: {self.allowance}"[:200],
                    value=round(self.allowed(), 3),
                    unit=unit,
                ),
            ],
        )

    def describe(self) -> str:
        """One line for test output: both figures, the gap and the allowance."""
        state = "agree" if self.agrees else "DISAGREE"
        return (
            f"{self.key}: {self.first.text()} ({self.first.source}) vs {self.second.text()} "
            f"({self.second.source}), gap {self.gap:+.3f}, allowed +{fixed(self.allowed_above, 3)}/"
            f"-{fixed(self.allowed_below, 3)}: {state}"
        )


def _evidence(name: str, figure: Figure) -> Evidence:
    return Evidence(
        name=name[:64],
        label=f"{figure.label}, from {figure.source}"[:200],
        value=round(figure.value, 3),
        unit=figure.unit,
    )


def figure_caveats(
    spec: ExperimentSpec, summary: RunSummary, samples: RunSeconds | SampleRows
) -> list[Caveat]:
    """A `figures_disagree` caveat per comparison that fails, in the order of check_figures, then
    the request log's own: timers that do not add up, log lines HAProxy dropped."""
    found = [c.caveat() for c in check_figures(spec, summary, samples) if not c.agrees]
    return found + request_log_caveats(summary)


def check_figures(
    spec: ExperimentSpec, summary: RunSummary, samples: RunSeconds | SampleRows
) -> list[Comparison]:
    """Every comparison that applies to the run, agreeing or not."""
    run = RunSeconds.of(samples)
    load, completeness = spec.load, summary.completeness
    if completeness is None:
        return []
    window = completeness.window_s
    connections = lab_connections(load, len(summary.injectors), shares_kept=summary.shares_kept)
    connections *= IN_FLIGHT_PER_CONNECTION
    # HAProxy's request log against its own counters: HTTP and TCP alike, whoever counted the totals.
    logged = _request_log(summary, connections)
    # A run whose totals ARE HAProxy's counters (cut short before any tool reported) has one
    # source; a SQL load's figures (mariadb-slap) have no per-request counterpart at HAProxy.
    if completeness.totals_from != "injectors" or not DRIVERS[load.driver].http:
        return logged
    tools = sorted({i.driver for i in summary.injectors}) or [load.driver]
    clients = f"{tools[0]}'s report" if len(tools) == 1 else f"the load tools' reports ({', '.join(tools)})"
    found = [_window(summary, clients)]
    found += _client_series(summary, run, window, clients)
    if load.via == "proxy":
        found += _haproxy(spec, summary, run, window, connections, clients)
    return [c for c in found if c is not None] + logged


def _window(summary: RunSummary, clients: str) -> Comparison | None:
    completeness = summary.completeness
    assert completeness is not None
    return Comparison(
        key="window",
        first=Figure(summary.total.duration_s, "the seconds the clients' figures cover", clients, "s"),
        second=Figure(completeness.measured_s, "the measured window", "the run's completeness", "s"),
        allowed_above=EDGE_S,
        # A tool that stopped short is the completeness check's (the run is partial): not a contradiction.
        allowed_below=float("inf"),
        allowance=f"the tool may stop up to {EDGE_S:g} s after the window",
        hint=(
            "The clients' rates divide by more than the measured window: the tool counted its warm-up, or "
            "waited past the window's end for the replies still in flight."
        ),
    )


def _client_series(
    summary: RunSummary, run: RunSeconds, window: int, clients: str
) -> list[Comparison | None]:
    parts = [
        seconds for seconds in run.clients().values() if any(CLIENT_SUCCESSES_KEY in s.data for s in seconds)
    ]
    if not parts:
        return []
    per_second = _summed_by_t(parts, CLIENT_SUCCESSES_KEY, window)
    if not per_second:
        return []
    values = [v for _, v in per_second]
    as_seconds = Seconds(tuple(Second(source="clients", t=t, data={"v": v}) for t, v in per_second))
    middle = as_seconds.steady(window).values("v")
    mean = statistics.fmean(middle or values)
    edges = abs(values[0] - mean) + abs(values[-1] - mean)
    allowed = (edges + max(values)) / window
    return [
        Comparison(
            key="rate_vs_client_series",
            first=Figure(summary.total.rps, "the headline rate", clients, "req/s"),
            second=Figure(mean, "the steady mean of the clients' successes per second", clients, "req/s"),
            allowed_above=allowed,
            allowed_below=allowed,
            allowance=(
                "what the window's first and last seconds held apart from the steady mean, and one "
                "second of samples across an edge, over the window's seconds"
            ),
        )
    ]


def _summed_by_t(parts: Sequence[Seconds], key: str, window: int) -> list[tuple[int, float]]:
    by_t: dict[int, float] = {}
    for seconds in parts:
        for second in seconds.measured(window):
            if key in second.data:
                by_t[second.t] = by_t.get(second.t, 0.0) + float(second.data[key])
    return sorted(by_t.items())


def _haproxy(
    spec: ExperimentSpec,
    summary: RunSummary,
    run: RunSeconds,
    window: int,
    connections: int,
    clients: str,
) -> list[Comparison | None]:
    frontend, backend = entry_sections(spec)
    seconds = run.proxy().measured(window)
    if not seconds:
        return []  # no HAProxy samples: samples_missing says so
    missing = window - len(seconds.present())
    total = summary.total
    ok_2xx = series_sample_key("ok_2xx", frontend, backend)
    served = _series(seconds, ok_2xx)
    not_2xx_keys = [series_sample_key(series, frontend, backend) for series in NOT_2XX_SERIES]
    not_2xx = [sum(float(s.data.get(key, 0)) for key in not_2xx_keys) for s in seconds]
    haproxy = f"HAProxy's per-second {frontend} counters, seconds 0-{window - 1}"
    # A client that gave up (timeout) or failed after sending still cost HAProxy its reply, and an
    # answer HAProxy sent inside the window may arrive after it (the drain a tool reports apart).
    given_up = total.errors.timeout + total.errors.other + (total.drain.responses if total.drain else 0)
    edges = (
        f"a request in flight per client connection ({connections}) and one second of HAProxy's samples"
        + (f" plus the {missing} second(s) it did not send" if missing > 0 else "")
    )

    def allowance(per_second: list[float]) -> float:
        busiest = max(per_second, default=0.0)
        return connections + busiest * (1 + max(0, missing))

    count_2xx, count_other = sum(served), sum(not_2xx)
    # Totals whose window counts ARE HAProxy's 2xx (hey, which cannot time each request) cannot be
    # held to HAProxy: one source. Their errors and window still are.
    one_source = total.window_source == "proxy_counters"
    allowed_2xx = allowance(served)
    steady_2xx = _series(seconds.steady(window), ok_2xx)
    steady_mean = statistics.fmean(steady_2xx) if steady_2xx else count_2xx / window
    gave_up = (
        f"; HAProxy may have sent the {given_up} answers the clients gave up on or got late"
        if given_up
        else ""
    )
    comparisons: list[Comparison | None] = [
        None
        if one_source
        else Comparison(
            key="rate_vs_haproxy",
            first=Figure(total.rps, "the headline rate", clients, "req/s"),
            second=Figure(
                count_2xx / window,
                f"HAProxy's 2xx/s over the {window} measured seconds "
                f"(steady mean {fixed(steady_mean, 1, grouping=True)})",
                haproxy,
                "req/s",
            ),
            allowed_above=allowed_2xx / window,
            allowed_below=(allowed_2xx + given_up) / window,
            allowance=f"{edges}, over {window} s{gave_up}",
            hint=_rate_hint(total.rps, count_2xx / window),
        ),
        None
        if one_source
        else Comparison(
            key="successes_vs_haproxy",
            first=Figure(total.successes, "the clients' successes", clients),
            second=Figure(count_2xx, "HAProxy's 2xx answers in the measured seconds", haproxy),
            allowed_above=allowed_2xx,
            allowed_below=allowed_2xx + given_up,
            allowance=f"{edges}{gave_up}",
            hint=(
                "The clients counted answers outside the measured window (their warm-up, or the drain)."
                if total.successes > count_2xx
                else "HAProxy answered requests whose answers the clients never counted."
            ),
        ),
        Comparison(
            key="errors_vs_haproxy",
            first=Figure(total.errors.non_2xx, "the clients' non-2xx replies", clients),
            second=Figure(count_other, "HAProxy's 3xx/4xx/5xx/other answers (the errors chart)", haproxy),
            allowed_above=allowance(not_2xx),
            allowed_below=allowance(not_2xx) + given_up,
            allowance=f"{edges}{gave_up}",
            hint="Errors read from one side are not the errors the other side saw.",
        ),
        _in_flight(spec, summary, window, connections, allowed_2xx),
    ]
    if not one_source:
        comparisons += _stage_rates(summary, seconds, ok_2xx, connections, clients, frontend)
    return comparisons


def _stage_rates(
    summary: RunSummary, seconds: Seconds, ok_2xx: str, connections: int, clients: str, frontend: str
) -> list[Comparison | None]:
    """Each stage's rate against HAProxy's 2xx over the stage's measured seconds: the per-stage
    table beside the requests chart. A stage changes the rate, so the run's steady mean says
    nothing of a staged run; each stage's window (after its ramp and settling) is held alone,
    with the same edges as the run's window."""
    found: list[Comparison | None] = []
    for stage in summary.stages or []:
        first_t, end_t = math.floor(stage.start_s), math.ceil(stage.end_s)
        span = end_t - first_t
        if span <= 0 or stage.end_s - stage.start_s <= 0:
            continue
        served = [float(s.data.get(ok_2xx, 0)) for s in seconds if first_t <= s.t < end_t]
        if not served:
            continue
        missing = span - len(served)
        allowed = (connections + max(served) * (1 + max(0, missing))) / (stage.end_s - stage.start_s)
        found.append(
            Comparison(
                key=f"stage_{stage.index}_rate_vs_haproxy",
                first=Figure(stage.rps, f"stage {stage.index}'s rate", clients, "req/s"),
                second=Figure(
                    sum(served) / span,
                    f"HAProxy's 2xx/s over stage {stage.index}'s seconds {first_t}-{end_t - 1}",
                    f"HAProxy's per-second {frontend} counters",
                    "req/s",
                ),
                allowed_above=allowed,
                allowed_below=allowed,
                allowance=(
                    f"a request in flight per client connection ({connections}) and one second of "
                    f"HAProxy's samples, over the stage's {stage.end_s - stage.start_s:g} s"
                ),
                hint="A stage's figures cover other seconds than its window on the run's clock.",
            )
        )
    return found


def _series(seconds: Seconds, key: str) -> list[float]:
    """`key` of every second, 0 where a second lacks it."""
    return [float(s.data.get(key, 0)) for s in seconds]


def _rate_hint(headline: float, haproxy: float) -> str:
    if headline < haproxy:
        return (
            "The headline divides by more than the measured window (a warm-up, or the wait for the last "
            "replies), or the clients missed answers HAProxy sent."
        )
    return "The headline counts answers outside the measured window, or divides by too short a time."


def _in_flight(
    spec: ExperimentSpec, summary: RunSummary, window: int, connections: int, allowed_requests: float
) -> Comparison | None:
    """The sweep analysis' in-flight against maxconn, where the run is maxconn-bound with full
    sessions over HTTP/1.1 (an HTTP/2 session carries several requests)."""
    verdict, proxy = summary.verdict, summary.proxy
    if verdict is None or verdict.kind != "maxconn" or proxy is None or not proxy.avg_ttime_ms:
        return None
    if spec.load.http_version != "1.1":
        return None
    evidence = {e.name: e.value for e in verdict.evidence}
    maxconn, full_pct = evidence.get("maxconn"), evidence.get("seconds_at_maxconn_pct", 0.0)
    held = in_flight(summary)
    if maxconn is None or held is None or full_pct < FULL_SHARE_PCT:
        return None
    ttime_s = proxy.avg_ttime_ms / 1000
    # The edges' requests move the rate by allowed_requests / window, and in-flight by that x ttime.
    edge = allowed_requests / window * ttime_s
    # A session holds its request for ttime of each turn; the rest of the clients' wait (the
    # network, the clients' own turn) it holds none. So full sessions hold at least maxconn x the
    # share of seconds they were full x ttime / the clients' mean latency.
    latency = summary.total.latency.mean if summary.total.latency else None
    busy = min(1.0, proxy.avg_ttime_ms / latency) if latency else 0.0
    floor = maxconn * full_pct / 100 * busy
    return Comparison(
        key="in_flight_vs_maxconn",
        first=Figure(held, "the sweep analysis' in flight (Little's law)", "HAProxy's requests/s x ttime"),
        second=Figure(maxconn, "the configured maxconn the verdict names", "the run's spec"),
        allowed_above=edge,
        allowed_below=max(0.0, maxconn - floor + edge),
        allowance=(
            f"the window's edges move the rate by {fixed(allowed_requests, 0, grouping=True)} requests "
            f"over {window} s; "
            f"sessions were full in {fixed(full_pct, 0)}% of the steady seconds, each holding a request "
            f"{fixed(100 * busy, 0)}% of the clients' wait"
        ),
        hint="A maxconn-bound run held about maxconn requests: an in-flight far from it reads another rate.",
    )


# --- HAProxy's request log (RunSummary.timers) ------------------------------------------------------

# Log lines x one_in against HAProxy's own count of the window: the 1%, or the requests in
# flight at the window's edges where that is more (a request counts for HAProxy when it arrives, in
# the log when it ends).
LOG_COUNT_SHARE = 0.01
# How far apart the sampler's reading of HAProxy's counters and the agent's reading of the log may
# put the same second's edge, in seconds of requests.
LOG_EDGE_S = 0.1
# The log's connects per request is an estimate (a server connection port not seen before is a new
# connection: a port the kernel gives out again reads as a reuse); held to HAProxy's connect counter
# (connect / (connect + reuse): each request sent to a server opened a connection or reused one)
# within this much, or this share of HAProxy's figure, whichever is more.
LOG_CONNECTS_ABSOLUTE = 0.05
LOG_CONNECTS_SHARE = 0.10


def _request_log(summary: RunSummary, connections: int) -> list[Comparison]:
    """The request log's count against HAProxy's (`connections`: the clients'), and its connects
    per request against HAProxy's connect counter. Sampling (HAProxy's `log ... sample 1:N`) keeps
    every Nth request by a counter, not by chance: over any span the lines x N are within N of the
    requests, so a sampled count is held to the same 1% plus N. The connects are not checked when
    sampled: a connection's first logged request need not be its first, so the log would count
    reused connections as new."""
    timers = summary.timers
    if timers is None:
        return []
    found = []
    log = (
        f"HAProxy's request log (one request in {timers.one_in})"
        if timers.one_in > 1
        else "HAProxy's request log"
    )
    counters = "HAProxy's counters over the same seconds"
    if timers.haproxy_requests is not None:
        counted = "sessions" if timers.mode == "tcp" else "requests"
        # HTTP logs a line for a connection that closed or timed out before sending a request too
        # (TR -1: cR, CR ...), which HAProxy's request counter never counted.
        no_request = sum(timers.unset_by_state.get("treq", {}).values()) if timers.mode == "http" else 0
        in_log = timers.lines * timers.one_in - no_request
        # In flight at an edge: one per client connection, or per session HAProxy held where it held
        # more (a client that timed out reconnects while HAProxy still serves its first request).
        held = max(connections, summary.proxy.max_scur if summary.proxy is not None else 0)
        # And the two clocks of a second's edge: HAProxy's counters are read by the sampler a little
        # after each tick, the log's lines are counted in the second the agent read them.
        window_s = summary.completeness.window_s if summary.completeness is not None else 0
        per_second = timers.haproxy_requests / window_s if window_s else 0.0
        edges = max(LOG_COUNT_SHARE * timers.haproxy_requests, held + LOG_EDGE_S * per_second)
        allowed = edges + (timers.one_in if timers.one_in > 1 else 0)
        sampled = f", plus {timers.one_in} (one sampling period)" if timers.one_in > 1 else ""
        found.append(
            Comparison(
                key="log_vs_haproxy",
                first=Figure(
                    in_log,
                    f"the {counted} in the log (lines x {timers.one_in}"
                    + (f", less {no_request} without a request" if no_request else "")
                    + ")",
                    log,
                ),
                second=Figure(timers.haproxy_requests, f"HAProxy's {counted} ({'entry frontend'})", counters),
                allowed_above=allowed,
                allowed_below=allowed,
                allowance=(
                    f"1% of HAProxy's count, or a {counted[:-1]} in flight per client connection or "
                    f"HAProxy session ({held}) and {LOG_EDGE_S:g} s of them at the window's edges{sampled}"
                ),
                hint=(
                    "The log is missing lines: HAProxy dropped them (its DroppedLogs), or the agent could "
                    "not keep up with its socket; its percentiles describe the requests it read."
                    if in_log < timers.haproxy_requests
                    else "The log holds more requests than HAProxy's entry point counted."
                ),
            )
        )
    proxy = summary.proxy
    if timers.one_in == 1 and timers.connects_per_request is not None and proxy is not None:
        sent = proxy.connects + proxy.reuses
        if sent > 0:
            haproxy = proxy.connects / sent
            margin = max(LOG_CONNECTS_ABSOLUTE, LOG_CONNECTS_SHARE * haproxy)
            found.append(
                Comparison(
                    key="log_connects_vs_haproxy",
                    first=Figure(
                        timers.connects_per_request,
                        "server connects per request, read from the log's server connection ports",
                        log,
                        decimals=3,
                    ),
                    second=Figure(
                        haproxy,
                        "HAProxy's connects per request sent to a server (connect / (connect + reuse))",
                        counters,
                        decimals=3,
                    ),
                    allowed_above=margin,
                    allowed_below=margin,
                    allowance=(
                        f"the log's figure is an estimate: {LOG_CONNECTS_ABSOLUTE:g} connects per request or "
                        f"{100 * LOG_CONNECTS_SHARE:g}% of HAProxy's, whichever is more"
                    ),
                    hint="Read connection reuse from HAProxy's counters (Server connects, Server reuses).",
                )
            )
    return found


def request_log_caveats(summary: RunSummary) -> list[Caveat]:
    """The log's own checks: each request's phases add up to its Tt within 1 ms, and HAProxy sent
    every line (its DroppedLogs)."""
    timers = summary.timers
    if timers is None:
        return []
    caveats = []
    if timers.sum_mismatches > 0:
        share = timers.sum_mismatches / timers.sum_checked if timers.sum_checked else 1.0
        caveats.append(
            Caveat(
                kind="figures_disagree",
                sentence=(
                    f"In {fixed(timers.sum_mismatches, 0, grouping=True)} of the "
                    f"{fixed(timers.sum_checked, 0, grouping=True)} logged requests with every timer set "
                    f"({fixed(100 * share, 2)}%), Th+Ti+TR+Tw+Tc+Tr+Td differ from Tt by more than 1 ms: "
                    "the breakdown of where their time went does not hold for them."
                ),
                evidence=[
                    Evidence(
                        name="timer_sums.mismatches",
                        label="requests whose phases do not add up to Tt",
                        value=timers.sum_mismatches,
                    ),
                    Evidence(
                        name="timer_sums.checked",
                        label="requests with every timer set, checked",
                        value=timers.sum_checked,
                    ),
                    Evidence(
                        name="timer_sums.share",
                        label="share that did not add up",
                        value=round(100 * share, 3),
                        unit="%",
                    ),
                ],
            )
        )
    if timers.dropped_lines:
        caveats.append(
            Caveat(
                kind="figures_disagree",
                sentence=(
                    f"HAProxy dropped {fixed(timers.dropped_lines, 0, grouping=True)} log lines over the "
                    f"window (its DroppedLogs; {fixed(timers.lines, 0, grouping=True)} were read): the timer "
                    "figures miss those requests, and a sampled log (timers.one_in) would send fewer."
                ),
                evidence=[
                    Evidence(
                        name="log_dropped.lines",
                        label="log lines HAProxy dropped (DroppedLogs)",
                        value=timers.dropped_lines,
                    ),
                    Evidence(name="log_dropped.read", label="log lines the agent read", value=timers.lines),
                ],
            )
        )
    return caveats
