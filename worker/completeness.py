"""Did the run measure what it was asked to? And what did a run that was cut short measure?

`assess` is pure: from the tools' summaries and the seconds each source sampled it says whether
the load covered the window the spec asked for, and if not, why. A run that is not complete
ends `partial` (worker/orchestrator.py), never plainly `succeeded`.

`cut_short_summary` serves runs that failed after their load began (an injector lost, the
worker killed and reaped): it rebuilds what was measured from the samples stored before the
fault, so the run keeps comparable numbers, marked as incomplete.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any, Literal

from spec.drivers import DRIVERS
from spec.experiment import ExperimentSpec
from spec.haproxy.model import Frontend
from spec.results import Completeness, ErrorCounts, InjectorSummary, LoadTotals, RunSummary
from worker.summaries import merge_injectors, proxy_summary
from worker.verdicts.observation import HOST_PREFIX, PROXY_SOURCE, Seconds, merged_by_t

# A timed tool stops within a few hundred milliseconds of its duration; one whose measured
# duration falls short of the asked one by more than this did not cover the window.
SHORT_TOLERANCE_S = 1.0
SHORT_TOLERANCE_SHARE = 0.05
# One measured second may be lost at either end (a batch racing the collect). A source missing
# more than this share of the window (and at least two seconds) leaves the run partial.
MISSING_SHARE = 0.05
MISSING_AT_LEAST_S = 2


def assess(
    spec: ExperimentSpec,
    injectors: Sequence[InjectorSummary],
    samples: Mapping[str, Seconds],
    t0: datetime | None,
) -> Completeness:
    """Whether the load covered the window asked for; every shortfall named."""
    asked = float(spec.load.duration_s)
    timed = DRIVERS[spec.load.driver].http  # mariadb-slap's duration is only a time cap
    reasons: list[str] = []
    for summary in injectors:
        if summary.stop_reason is not None:
            reasons.append(
                f"{summary.agent}: the load stopped after {summary.duration_s:.1f} s of {asked:g} s "
                f"({summary.stop_reason})"
            )
        elif timed and summary.duration_s < asked - max(SHORT_TOLERANCE_S, SHORT_TOLERANCE_SHARE * asked):
            reasons.append(
                f"{summary.agent}: {summary.driver} measured {summary.duration_s:.1f} s "
                f"of the {asked:g} s asked"
            )
    measured = min((s.duration_s for s in injectors), default=0.0)
    measured = min(measured, asked) if timed else measured
    # Samples are expected for the seconds the load ran: after a tool stopped early, the missing
    # seconds are already the reason above.
    window = int(measured)
    sources = {name: seconds for name, seconds in samples.items() if name.startswith(HOST_PREFIX)}
    if spec.load.via != "direct":
        sources[PROXY_SOURCE] = proxy_seconds(samples)
    for source, seconds in sorted(sources.items()):
        present = len({int(s["t"]) for s in seconds if 0 <= int(s["t"]) < window})
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
    )


def proxy_seconds(samples: Mapping[str, Seconds]) -> list[dict[str, Any]]:
    """HAProxy's seconds, its overflow parts (proxy:2 ...) merged in."""
    return merged_by_t([seconds for name, seconds in samples.items() if name.split(":")[0] == PROXY_SOURCE])


def entry_sections(spec: ExperimentSpec) -> tuple[str, str]:
    """(frontend, backend) section names of the entry point; a listen is both."""
    _, entry = spec.entry_point()
    if isinstance(entry, Frontend):
        return entry.name, entry.default_backend or entry.name
    return entry.name, entry.name


def cut_short_summary(
    spec: ExperimentSpec,
    reason: str,
    injectors: Sequence[InjectorSummary],
    samples: Mapping[str, Seconds],
    t0: datetime | None,
) -> RunSummary | None:
    """What a run that failed mid-load measured before the fault; None when nothing was.

    The tools' own reports when they got to report; otherwise HAProxy's counters of the seconds
    in which requests still arrived (after an injector dies, the proxy keeps sampling an idle
    frontend until the worker notices: those seconds would only dilute the rates).
    """
    frontend, backend = entry_sections(spec)
    seconds = proxy_seconds(samples)
    busy = [int(s["t"]) for s in seconds if int(s["t"]) >= 0 and s["data"].get(f"{frontend}.req_tot", 0) > 0]
    span = min(max(busy) + 1, spec.load.duration_s) if busy else 0
    proxy = proxy_summary(seconds, frontend, backend, span) if span else None
    if injectors:
        total = merge_injectors(injectors)
        measured = min(s.duration_s for s in injectors)
        totals_from: Literal["injectors", "proxy"] = "injectors"
    elif proxy is not None:
        total = LoadTotals(
            requests=proxy.requests,
            successes=proxy.hrsp_2xx,
            errors=ErrorCounts(non_2xx=proxy.hrsp_3xx + proxy.hrsp_4xx + proxy.hrsp_5xx + proxy.hrsp_other),
            duration_s=span,
            rps=round(proxy.hrsp_2xx / span, 3),
            bytes_per_s=round(proxy.bytes_out / span, 3),
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
    return RunSummary(injectors=list(injectors), total=total, proxy=proxy, completeness=completeness)
