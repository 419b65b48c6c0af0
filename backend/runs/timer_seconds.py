"""A run's seconds of HAProxy's request log (contract.request_timers.TimerSecond, stored in
sample.timers), read per scope and merged into buckets of `step` seconds.

The run page's timers (backend/runs/timers/) and Compare's overlay of a timer (backend/runs/compare/)
read them here, once. A bucket's percentiles come from its seconds' histograms merged (counts
added), never from averaged percentiles, which no request ever had.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from hdrh.histogram import HdrHistogram
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from backend.models import Sample
from common.latency_histograms import decode, new_histogram
from contract.request_timers import SCOPE_ALL, TIMER_KEYS, TimerName

# The percentiles the per-second pictures show (the summary's table adds p99.9, mean and unset).
SERIES_PERCENTILES: tuple[int, ...] = (50, 90, 99)


@dataclass(slots=True)
class TimerBucket:
    """`step` seconds of one scope of the log, merged: the bucket starts at second `t`."""

    t: int
    one_in: int = 1
    lines: int = 0
    histograms: dict[TimerName, HdrHistogram] = field(default_factory=dict)
    states: dict[str, int] = field(default_factory=dict)

    def percentile_ms(self, timer: TimerName, percentile: float) -> float | None:
        """The timer's value at `percentile` over the bucket's requests, ms; None when none had it."""
        histogram = self.histograms.get(timer)
        if histogram is None or histogram.get_total_count() == 0:
            return None
        value_us: int = histogram.get_value_at_percentile(percentile)
        return round(value_us / 1000.0, 3)


def timer_scopes(db: Session, run_id: int) -> list[str]:
    """The scopes the run's log seconds hold: "*" (the whole) first, then backends and their
    servers ("<backend>/<server>") by name."""
    keys = db.scalars(
        select(func.jsonb_object_keys(Sample.timers["histograms"]))
        .where(Sample.run_id == run_id, Sample.timers.is_not(None))
        .distinct()
    )
    found = set(keys)
    return ([SCOPE_ALL] if SCOPE_ALL in found else []) + sorted(found - {SCOPE_ALL})


def has_timer_seconds(db: Session, run_id: int) -> bool:
    return (
        db.scalar(select(Sample.t).where(Sample.run_id == run_id, Sample.timers.is_not(None)).limit(1))
        is not None
    )


def bucket_start(t: int, step: int) -> int:
    """The first second of t's bucket (floor: warm-up seconds are negative)."""
    return (t // step) * step


def read_timer_buckets(
    db: Session, run_ids: Iterable[int], scope: str, step: int, timers: Iterable[TimerName] = TIMER_KEYS
) -> dict[int, list[TimerBucket]]:
    """Per run, its log's buckets of `step` seconds in time order, for one scope: only that scope's
    histograms and states are read out of the JSONB (a backend's scope leaves the others on disk)."""
    wanted = tuple(timers)
    rows = db.execute(
        select(
            Sample.run_id,
            Sample.t,
            Sample.timers["one_in"].astext,
            Sample.timers["lines"].astext,
            Sample.timers["histograms"][scope],
            Sample.timers["states"][scope],
        )
        .where(Sample.run_id.in_(list(run_ids)), Sample.timers.is_not(None))
        .order_by(Sample.run_id, Sample.t)
    )
    by_run: dict[int, dict[int, TimerBucket]] = {}
    for run_id, t, one_in, lines, histograms, states in rows:
        start = bucket_start(t, step)
        bucket = by_run.setdefault(run_id, {}).get(start)
        if bucket is None:
            bucket = by_run[run_id][start] = TimerBucket(t=start)
        bucket.one_in = max(bucket.one_in, int(one_in or 1))
        bucket.lines += int(lines or 0)
        for timer, encoded in (histograms or {}).items():
            if timer in wanted and encoded:
                bucket.histograms.setdefault(timer, new_histogram()).add(decode(encoded))
        for state, count in (states or {}).items():
            bucket.states[state] = bucket.states.get(state, 0) + int(count)
    return {run_id: list(buckets.values()) for run_id, buckets in by_run.items()}
