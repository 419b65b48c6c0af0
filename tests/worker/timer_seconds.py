"""TimerSeconds built from requests whose timers a test chooses, as the proxy agent sends them
(contract.request_timers: real HdrHistograms in µs, states, bands), and stored through the real
insert path (backend.runs.samples.service.insert_samples) into the test's PostgreSQL."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from hdrh.histogram import HdrHistogram

from backend.db import session_scope
from backend.runs.samples.service import insert_samples
from backend.runs.seconds import TIMERS_SOURCE
from common.latency_histograms import encode, new_histogram
from contract.request_timers import (
    BAND_UPPER_MS,
    PHASES,
    SCOPE_ALL,
    PhaseBand,
    PhaseName,
    TimerName,
    TimerSecond,
    band_index,
)
from contract.results import SamplePoint


@dataclass(frozen=True)
class Req:
    """One logged request: its timers in ms (-1: never happened), its state and where it went."""

    tw: int = 0
    tc: int = 0
    tr: int = 0
    td: int = 0
    th: int = 0
    ti: int = 0
    treq: int = 0
    state: str = "--"
    backend: str = "be"
    server: str | None = "s1"
    queued: bool = False
    new_connection: bool = True
    tt_off_by: int = 0  # a Tt that does not add up (the consistency check's case)

    def timers(self) -> dict[TimerName, int]:
        phases = {
            "th": self.th,
            "treq": self.treq,
            "tw": self.tw,
            "tc": self.tc,
            "tr": self.tr,
            "td": self.td,
        }
        active = sum(v for k, v in phases.items() if k != "th" and v >= 0)
        total = active + max(self.th, 0) + max(self.ti, 0) + self.tt_off_by
        return {**phases, "ti": self.ti, "ta": active, "tt": total}  # type: ignore[dict-item]


def timer_second(requests: Sequence[Req], one_in: int = 1, unparsed: int = 0) -> TimerSecond:
    histograms: dict[str, dict[TimerName, HdrHistogram]] = {}
    unset: dict[TimerName, Counter[str]] = {}
    states: dict[str, Counter[str]] = {}
    bands: dict[int, tuple[int, int, Counter[PhaseName]]] = {}
    checked = mismatches = connections = with_server = queued = 0
    for request in requests:
        timers = request.timers()
        scopes = [SCOPE_ALL, request.backend]
        if request.server is not None:
            scopes.append(f"{request.backend}/{request.server}")
        for scope in scopes:
            states.setdefault(scope, Counter())[request.state] += 1
        for timer, value in timers.items():
            if value < 0:
                unset.setdefault(timer, Counter())[request.state] += 1
                continue
            for scope in scopes:
                histograms.setdefault(scope, {}).setdefault(timer, new_histogram()).record_value(value * 1000)
        if all(value >= 0 for value in timers.values()):
            checked += 1
            phases_sum = sum(timers[p] for p in PHASES) + timers["ti"]
            mismatches += abs(phases_sum - timers["tt"]) > 1
        queued += request.queued
        if timers["tc"] >= 0:
            with_server += 1
            connections += request.new_connection
        own = {p: max(timers[p], 0) for p in PHASES}
        upper = BAND_UPPER_MS[band_index(sum(own.values()))]
        count, total, sums = bands.get(upper, (0, 0, Counter()))
        sums.update(own)
        bands[upper] = (count + 1, total + sum(own.values()), sums)
    return TimerSecond(
        one_in=one_in,
        lines=len(requests),
        unparsed=unparsed,
        histograms={s: {t: encode(h) for t, h in by.items()} for s, by in histograms.items()},
        unset={t: dict(c) for t, c in unset.items()},
        states={s: dict(c) for s, c in states.items()},
        queued=queued,
        connections=connections,
        with_server=with_server,
        sum_checked=checked,
        sum_mismatches=mismatches,
        bands=[
            PhaseBand(upper_ms=upper, count=c, total_ms=total, sums_ms=dict(sums))
            for upper, (c, total, sums) in sorted(bands.items())
        ],
    )


def store(
    run_id: int, timers: Iterable[tuple[int, TimerSecond]], proxy: Iterable[tuple[int, dict[str, Any]]] = ()
) -> None:
    """Store TimerSeconds (source timers) and proxy seconds at their t through insert_samples."""
    t0 = datetime.now(UTC) - timedelta(minutes=5)
    points = [
        SamplePoint(source=TIMERS_SOURCE, t=t, ts=t0 + timedelta(seconds=t + 1), data={}, timers=second)
        for t, second in timers
    ]
    points += [
        SamplePoint(source="proxy", t=t, ts=t0 + timedelta(seconds=t + 1), data=data) for t, data in proxy
    ]
    with session_scope() as db:
        insert_samples(db, run_id, points)
