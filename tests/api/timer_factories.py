"""Runs with HAProxy's request log written as the proxy agent and the worker will write it: per
second a TimerSecond of real HdrHistograms (values in microseconds), and a RequestTimers summary.

The collection and the summary are built in parallel with the pictures; these seed the database
the way they will (contract.request_timers), so the API and the browser suite read real rows.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from common.latency_histograms import encode, histogram_of
from contract.request_timers import (
    PHASES,
    SCOPE_ALL,
    TIMER_KEYS,
    PhaseSplit,
    RequestTimers,
    TimerName,
    TimerSecond,
    TimerStats,
    state_group,
)
from contract.results import SamplePoint

TIMERS_SOURCE = "timers"


def timer_second(
    values_ms: dict[TimerName, list[int]],
    states: dict[str, int],
    *,
    scopes: tuple[str, ...] = (SCOPE_ALL,),
    one_in: int = 1,
) -> TimerSecond:
    """One second whose requests had these timer values (ms), each scope holding the same ones."""
    histograms = {
        timer: encode(histogram_of((value * 1000, 1) for value in values if value >= 0))
        for timer, values in values_ms.items()
    }
    lines = sum(states.values())
    return TimerSecond(
        one_in=one_in,
        lines=lines,
        histograms={scope: dict(histograms) for scope in scopes},
        states={scope: dict(states) for scope in scopes},
    )


def timer_points(seconds: dict[int, TimerSecond]) -> list[SamplePoint]:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    return [
        SamplePoint(source=TIMERS_SOURCE, t=t, ts=start + timedelta(seconds=t), data={}, timers=second)
        for t, second in seconds.items()
    ]


def queueing_seconds(
    count: int, *, scopes: tuple[str, ...] = (SCOPE_ALL,), one_in: int = 1
) -> dict[int, TimerSecond]:
    """A server of maxconn 1 behind 8 clients: ~350 ms in the queue, 50 ms at the server; from the
    middle on, a few clients time out waiting (cQ) and the server answers some late (sH)."""
    seconds: dict[int, TimerSecond] = {}
    for t in range(count):
        queue = [300 + 10 * i + 5 * t for i in range(10)]
        seconds[t] = timer_second(
            {
                "th": [0] * 10,
                "ti": [1] * 10,
                "treq": [0] * 10,
                "tw": queue,
                "tc": [1] * 10,
                "tr": [50 + i for i in range(10)],
                "td": [0] * 10,
                "ta": [q + 51 for q in queue],
                "tt": [q + 52 for q in queue],
            },
            {"--": 18, **({"cQ": 2, "sH": 1} if t >= count // 2 else {})},
            scopes=scopes,
            one_in=one_in,
        )
    return seconds


def _stats(p50: float, p99: float, count: int = 1000, unset: int = 0) -> TimerStats:
    return TimerStats(
        count=count,
        unset=unset,
        p50=p50,
        p90=p50 + (p99 - p50) * 0.6,
        p99=p99,
        p999=p99 * 1.1,
        mean=p50 * 1.02,
        max=p99 * 1.3,
    )


def queueing_summary(one_in: int = 1, scopes: tuple[str, ...] = ()) -> RequestTimers:
    """The summary the worker would write of queueing_seconds: p99's time in Tw."""
    states = {"--": 990, "cQ": 7, "sH": 3}
    ended = {
        group: sum(n for s, n in states.items() if state_group(s) == group)
        for group in ("client", "server", "proxy")
    }
    stats: dict[TimerName, TimerStats] = {
        "th": _stats(0, 0),
        "ti": _stats(1, 2),
        "treq": _stats(0, 0),
        "tw": _stats(350, 420, unset=7),
        "tc": _stats(1, 2, unset=7),
        "tr": _stats(52, 59, unset=10),
        "td": _stats(0, 1, unset=10),
        "ta": _stats(403, 480),
        "tt": _stats(404, 482),
    }
    assert set(stats) == set(TIMER_KEYS)
    return RequestTimers(
        mode="http",
        one_in=one_in,
        lines=1000 // one_in,
        **stats,
        queued_share=0.97,
        connects_per_request=1.0,
        states=states,
        ended_by_client=ended["client"],
        ended_by_server=ended["server"],
        ended_by_proxy=ended["proxy"],
        unset_by_state={"tc": {"cQ": 7}, "tr": {"cQ": 7, "sH": 3}},
        breakdown=[
            PhaseSplit(
                percentile=p, total_ms=total, requests=40, phases=dict(zip(PHASES, split, strict=True))
            )
            for p, total, split in (
                (50, 402.0, (0.0, 0.0, 350.0, 1.0, 51.0, 0.0)),
                (90, 445.0, (0.0, 0.0, 390.0, 1.0, 54.0, 0.0)),
                (99, 480.0, (0.0, 0.0, 420.0, 1.0, 58.5, 0.5)),
            )
        ],
        sum_checked=990,
        scopes={scope: dict(stats) for scope in scopes},
    )
