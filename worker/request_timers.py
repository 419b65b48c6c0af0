"""The run's summary of HAProxy's request log (RunSummary.timers) over the measured window.

The proxy agent sends one TimerSecond a second (source "timers", contract.request_timers): per
timer and scope an HdrHistogram (microseconds), termination states, the bands of the breakdown.
Over the same seconds HAProxy's counters are summed over (0 <= t < completeness.window_s,
backend.runs.seconds) this merges them:
- each timer's histograms per scope, merged, read as p50 .. max (never percentiles averaged);
- counts (a timer's requests, its unset ones, the states) are HAProxy's requests estimated from
  the log: each second's count x its one_in (HAProxy logged one request in N). Percentiles,
  shares and means are the logged requests' as they are: a fixed 1-in-N (HAProxy's `log ...
  sample`, a counter, not a coin) keeps every Nth request whatever its timers;
- line counts (lines, unparsed, sum_checked, sum_mismatches) are the log's own, never scaled;
- the breakdown at p50/p90/p99: the band of the requests' own time (their phases summed) that
  holds that percentile of the logged requests, and their mean total and mean per phase;
- HAProxy's own count over the same seconds (the entry frontend's requests, in TCP its sessions)
  and the log lines it dropped, read through the registry's series (contract.metrics).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Literal

from hdrh.histogram import HdrHistogram

from backend.runs.seconds import RunSeconds, Seconds
from common.latency_histograms import decode, new_histogram
from contract.metrics import series_sample_key
from contract.request_timers import (
    SCOPE_ALL,
    TIMER_KEYS,
    PhaseName,
    PhaseSplit,
    RequestTimers,
    TimerName,
    TimerSecond,
    TimerStats,
    state_group,
)

# The breakdown's percentiles of the requests' own time.
BREAKDOWN_PERCENTILES = (50.0, 90.0, 99.0)
# HAProxy's count the log is held to: each request logs a line in HTTP mode, each session in TCP.
HAPROXY_COUNT_SERIES = {"http": "req_s", "tcp": "sessions"}
DROPPED_LOGS_SERIES = "dropped_logs"


def timer_seconds(seconds: Seconds, window_s: float) -> list[TimerSecond]:
    """The measured window's TimerSeconds, in t order (a second without its log is skipped)."""
    return [
        TimerSecond.model_validate(second.timers)
        for second in seconds.measured(window_s).in_order()
        if second.timers is not None
    ]


def timer_stats(histogram: HdrHistogram, count: int, unset: int) -> TimerStats:
    """A timer's figures: its percentiles from `histogram` (µs, read as ms), its counts as given."""
    if histogram.get_total_count() == 0:
        return TimerStats(count=count, unset=unset)

    def ms(us: float) -> float:
        return round(us / 1000.0, 3)

    return TimerStats(
        count=count,
        unset=unset,
        p50=ms(histogram.get_value_at_percentile(50)),
        p90=ms(histogram.get_value_at_percentile(90)),
        p99=ms(histogram.get_value_at_percentile(99)),
        p999=ms(histogram.get_value_at_percentile(99.9)),
        mean=ms(histogram.get_mean_value()),
        max=ms(histogram.get_max_value()),
    )


def _scope_stats(
    logged: Sequence[TimerSecond], scope: str, unset: dict[TimerName, int]
) -> dict[TimerName, TimerStats]:
    """Each timer the scope has histograms of, merged over the seconds."""
    stats: dict[TimerName, TimerStats] = {}
    for timer in TIMER_KEYS:
        held = [(s, s.histograms[scope][timer]) for s in logged if timer in s.histograms.get(scope, {})]
        if not held and not unset.get(timer):
            continue
        merged, count = new_histogram(), 0
        for second, blob in held:
            histogram = decode(blob)
            merged.add(histogram)
            # A second's histogram counts its logged requests; each stands for one_in of HAProxy's.
            count += histogram.get_total_count() * second.one_in
        stats[timer] = timer_stats(merged, count, unset.get(timer, 0))
    return stats


def breakdown(logged: Iterable[TimerSecond]) -> list[PhaseSplit]:
    """Where the time of the requests at p50, p90 and p99 of their own time went: the merged band
    holding that rank of the logged requests, its mean own time and mean time per phase."""
    counts: Counter[int] = Counter()
    totals: Counter[int] = Counter()
    sums: dict[int, Counter[PhaseName]] = {}
    for second in logged:
        for band in second.bands:
            counts[band.upper_ms] += band.count
            totals[band.upper_ms] += band.total_ms
            sums.setdefault(band.upper_ms, Counter()).update(band.sums_ms)
    requests = sum(counts.values())
    if not requests:
        return []
    ordered = sorted(counts)
    splits = []
    for percentile in BREAKDOWN_PERCENTILES:
        rank = max(1, math.ceil(percentile / 100.0 * requests))  # the rank-th request, 1 first
        seen = 0
        for upper in ordered:
            seen += counts[upper]
            if seen >= rank:
                held = counts[upper]
                splits.append(
                    PhaseSplit(
                        percentile=percentile,
                        total_ms=round(totals[upper] / held, 3),
                        requests=held,
                        phases={phase: round(total / held, 3) for phase, total in sums[upper].items()},
                    )
                )
                break
    return splits


def request_timers(
    run: RunSeconds,
    window_s: float,
    mode: Literal["http", "tcp"],
    frontend: str,
    backend: str,
) -> RequestTimers | None:
    """RunSummary.timers over the measured window; None when the run has no timer seconds in it
    (not collected, or a run stored before they were)."""
    logged = timer_seconds(run.timers(), window_s)
    if not logged:
        return None
    states: Counter[str] = Counter()
    unset_by_state: dict[TimerName, Counter[str]] = {}
    for second in logged:
        states.update({state: n * second.one_in for state, n in second.states.get(SCOPE_ALL, {}).items()})
        for timer, by_state in second.unset.items():
            unset_by_state.setdefault(timer, Counter()).update(
                {state: n * second.one_in for state, n in by_state.items()}
            )
    unset_total = {timer: sum(by_state.values()) for timer, by_state in unset_by_state.items()}
    whole = _scope_stats(logged, SCOPE_ALL, unset_total)
    # The log's unset timers are counted for the whole only: a scope's `unset` is 0.
    scopes = sorted({scope for s in logged for scope in s.histograms} - {SCOPE_ALL})
    ended: Counter[str] = Counter()
    for state, requests in states.items():
        ended[state_group(state)] += requests
    lines = sum(s.lines for s in logged)
    with_server = sum(s.with_server for s in logged)
    proxy = run.proxy().measured(window_s)
    dropped_key = series_sample_key(DROPPED_LOGS_SERIES, frontend, backend)
    dropped = proxy.values(dropped_key)
    return RequestTimers(
        mode=mode,
        one_in=max(s.one_in for s in logged),
        lines=lines,
        unparsed=sum(s.unparsed for s in logged),
        th=whole.get("th"),
        ti=whole.get("ti"),
        treq=whole.get("treq"),
        tw=whole.get("tw"),
        tc=whole.get("tc"),
        tr=whole.get("tr"),
        td=whole.get("td"),
        ta=whole.get("ta"),
        tt=whole.get("tt"),
        queued_share=round(sum(s.queued for s in logged) / lines, 6) if lines else None,
        connects_per_request=round(sum(s.connections for s in logged) / with_server, 6)
        if with_server
        else None,
        states=dict(sorted(states.items())),
        ended_by_client=ended["client"],
        ended_by_server=ended["server"],
        ended_by_proxy=ended["proxy"],
        unset_by_state={timer: dict(sorted(c.items())) for timer, c in unset_by_state.items()},
        breakdown=breakdown(logged),
        scopes={scope: _scope_stats(logged, scope, {}) for scope in scopes},
        sum_checked=sum(s.sum_checked for s in logged),
        sum_mismatches=sum(s.sum_mismatches for s in logged),
        haproxy_requests=int(proxy.total(series_sample_key(HAPROXY_COUNT_SERIES[mode], frontend, backend)))
        if proxy
        else None,
        dropped_lines=int(sum(dropped)) if dropped else None,
    )
