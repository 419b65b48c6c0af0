"""Did the run measure what it was asked to? And what did a run that was cut short measure?

`assess` is pure: from the tools' summaries and the seconds each source sampled it says whether
the load covered the window the spec asked for, and if not, why. A run that is not complete
ends `partial` (worker/orchestrator.py), never plainly `succeeded`.

`cut_short_summary` serves runs that failed after their load began (an injector lost, the
worker killed and reaped): it rebuilds what was measured from the samples stored before the
fault, so the run keeps comparable numbers, marked as incomplete.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Literal

from backend.runs.seconds import PROXY_SOURCE, RunSeconds, SampleRows, SecondRows, Seconds, is_host
from contract.drivers import DRIVERS
from contract.experiment import ExperimentSpec
from contract.haproxy.model import Frontend
from contract.injector_split import lab_connections
from contract.metrics import series_sample_key
from contract.numbers import fixed
from contract.results import Completeness, ErrorCounts, InjectorSummary, LoadTotals, RunSummary
from worker.request_timers import request_timers
from worker.summaries import counted_by_proxy, merge_injectors, merge_stages, proxy_summary

# A timed tool stops within a few hundred milliseconds of its duration; one whose measured
# duration falls short of the asked one by more than this did not cover the window.
SHORT_TOLERANCE_S = 1.0
SHORT_TOLERANCE_SHARE = 0.05
# One measured second may be lost at either end (a batch racing the collect). A source missing
# more than this share of the window (and at least two seconds) leaves the run partial.
MISSING_SHARE = 0.05
MISSING_AT_LEAST_S = 2
# A window this much shorter than asked measured too little to stand for it: under half of it,
# or under two seconds at all (the per-second samples have one or two readings, each an edge of
# the window, and a tool's rate over a fraction of a second is its start-up as much as its
# speed: seed 001's 2,000 queries "at 8,928.6 req/s" took 0.2 s of the 5 s asked).
TOO_SHORT_SHARE = 0.5
TOO_SHORT_S = 2.0


def too_short(measured_s: float, asked_s: float) -> bool:
    """Is a window of `measured_s` too short to measure what `asked_s` asked for?"""
    return measured_s < TOO_SHORT_S or measured_s < TOO_SHORT_SHARE * asked_s


def covered_s(summary: InjectorSummary) -> float:
    """Seconds of the window an injector's load covered (older agents: the tool's own duration)."""
    return summary.window_s if summary.window_s is not None else summary.duration_s


def assess(
    spec: ExperimentSpec,
    injectors: Sequence[InjectorSummary],
    samples: RunSeconds | SampleRows,
    t0: datetime | None,
) -> Completeness:
    """Whether the load covered the window asked for; every shortfall named."""
    run = RunSeconds.of(samples)
    asked = float(spec.load.duration_s)
    timed = DRIVERS[spec.load.driver].http  # mariadb-slap runs a number of queries, not a duration
    reasons: list[str] = []
    for summary in injectors:
        covered = covered_s(summary)
        if summary.stop_reason is not None:
            reasons.append(
                f"{summary.agent}: the load stopped after {fixed(covered, 1)} s of {asked:g} s "
                f"({summary.stop_reason})"
            )
        elif timed and covered < asked - max(SHORT_TOLERANCE_S, SHORT_TOLERANCE_SHARE * asked):
            reasons.append(
                f"{summary.agent}: {summary.driver} measured {fixed(covered, 1)} s of the {asked:g} s asked"
            )
    measured = min((covered_s(s) for s in injectors), default=0.0)
    measured = min(measured, asked) if timed else measured
    short = bool(injectors) and too_short(measured, asked)
    if short:
        if timed:
            what, remedy = f"the load covered {fixed(measured, 1)} s", "its figures are not results"
        else:
            what = f"{spec.load.driver} ran its queries in {fixed(measured, 1)} s"
            remedy = "give it more queries or iterations to fill the window"
        reasons.append(
            f"too short to measure: {what} of the {asked:g} s asked (under half, or under "
            f"{TOO_SHORT_S:g} s); {remedy}"
        )
    # Samples are expected for the seconds the load ran: after a tool stopped early, the missing
    # seconds are already the reason above.
    window = int(measured)
    sources = {name: seconds for name, seconds in run.by_source.items() if is_host(name)}
    if spec.load.via != "direct":
        sources[PROXY_SOURCE] = run.proxy()
    for source, seconds in sorted(sources.items()):
        present = len(seconds.measured(window).present())
        missing = window - present
        if missing >= MISSING_AT_LEAST_S and missing > MISSING_SHARE * window:
            reasons.append(f"{source} sent {present} of the {window} measured seconds")
    return Completeness(
        complete=not reasons,
        asked_s=asked,
        measured_s=round(measured, 3),
        load_started_at=t0,
        load_ended_at=t0 + timedelta(seconds=measured) if t0 is not None else None,
        reasons=reasons,
        too_short=short,
    )


def entry_sections(spec: ExperimentSpec) -> tuple[str, str]:
    """(frontend, backend) section names of the entry point; a listen is both."""
    _, entry = spec.entry_point()
    if isinstance(entry, Frontend):
        return entry.name, entry.default_backend or entry.name
    return entry.name, entry.name


def entry_mode(spec: ExperimentSpec) -> Literal["http", "tcp"]:
    """The entry point's mode (its own, else the defaults')."""
    _, entry = spec.entry_point()
    return "tcp" if spec.proxy.effective_mode(entry) == "tcp" else "http"


def window_total(
    spec: ExperimentSpec,
    injectors: Sequence[InjectorSummary],
    seconds: Seconds | SecondRows,
    window_s: int,
) -> LoadTotals:
    """The injectors' total over the measured window: their own when they counted it; HAProxy's
    2xx of the window when their tool cannot tell when each request completed (hey) and the load
    went through it; else their own totals, whose note says they are the tool's own run."""
    total = merge_injectors(injectors)
    through_proxy = spec.load.via != "direct" and DRIVERS[spec.load.driver].http
    if total.window_source != "tool_totals" or not through_proxy or not seconds or window_s <= 0:
        return total
    frontend, _ = entry_sections(spec)
    proxy = Seconds.of(seconds, PROXY_SOURCE)
    connections = lab_connections(
        spec.load, len(injectors), shares_kept=all(i.asked is not None for i in injectors)
    )
    return counted_by_proxy(total, proxy, frontend, window_s, spec.load.driver, connections)


def cut_short_summary(
    spec: ExperimentSpec,
    reason: str,
    injectors: Sequence[InjectorSummary],
    samples: RunSeconds | SampleRows,
    t0: datetime | None,
) -> RunSummary | None:
    """What a run that failed mid-load measured before the fault; None when nothing was.

    The tools' own reports when they got to report; otherwise HAProxy's counters of the seconds
    in which requests still arrived (after an injector dies, the proxy keeps sampling an idle
    frontend until the worker notices: those seconds would only dilute the rates).
    """
    frontend, backend = entry_sections(spec)
    seconds = RunSeconds.of(samples).proxy()
    requests = series_sample_key("req_s", frontend, backend)
    busy = [s.t for s in seconds.since_start() if s.data.get(requests, 0) > 0]
    span = min(max(busy) + 1, spec.load.duration_s) if busy else 0
    proxy = proxy_summary(seconds, frontend, backend, span, entry_mode(spec)) if span else None
    if injectors:
        measured = min(min(covered_s(s) for s in injectors), float(spec.load.duration_s))
        total = window_total(spec, injectors, seconds, min(span, math.ceil(measured)) if span else 0)
        totals_from: Literal["injectors", "proxy"] = "injectors"
    elif proxy is not None:
        total = LoadTotals(
            requests=proxy.requests,
            successes=proxy.hrsp_2xx,
            errors=ErrorCounts(non_2xx=proxy.hrsp_3xx + proxy.hrsp_4xx + proxy.hrsp_5xx + proxy.hrsp_other),
            duration_s=span,
            rps=round(proxy.hrsp_2xx / span, 3),
            bytes_per_s=round(proxy.bytes_out / span, 3),
            window_source="proxy_counters",
            window_note="HAProxy's count of the seconds in which requests arrived: no load tool reported",
        )
        measured = float(span)
        totals_from = "proxy"
    else:
        return None
    completeness = Completeness(
        complete=False,
        asked_s=float(spec.load.duration_s),
        measured_s=round(measured, 3),
        load_started_at=t0,
        load_ended_at=t0 + timedelta(seconds=measured) if t0 is not None else None,
        reasons=[reason],
        totals_from=totals_from,
    )
    timers = (
        request_timers(RunSeconds.of(samples), span, entry_mode(spec), frontend, backend) if span else None
    )
    return RunSummary(
        injectors=list(injectors),
        total=total,
        proxy=proxy,
        timers=timers,
        completeness=completeness,
        stages=merge_stages(spec.load, injectors),
    )
