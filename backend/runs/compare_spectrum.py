"""Latency percentile spectrum of each run, 50 .. 99.99, from its merged HdrHistogram.

The worker stores the injectors' merged histogram in summary.total.histogram (base64
HdrHistogram V2, microseconds). Percentiles are read from it, never averaged. A tool without a
histogram (hey) leaves only the summary's p50/p90/p99/p99.9, which are returned as they are
(and marked so the chart can say the curve is coarse).
"""

from __future__ import annotations

import itertools
from bisect import bisect_left
from collections.abc import Sequence
from typing import Any

from hdrh.histogram import HdrHistogram
from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.errors import not_found
from backend.models import Run
from backend.runs.compare_schemas import SPECTRUM_PERCENTILES, CompareSpectra, RunSpectrum

# The summary's own percentiles, when there is no histogram: (percentile, key in latency).
_SUMMARY_PERCENTILES = ((50.0, "p50"), (90.0, "p90"), (99.0, "p99"), (99.9, "p999"))


def values_at_percentiles(histogram: HdrHistogram, percentiles: Sequence[float]) -> list[int]:
    """hdrh's get_value_at_percentile for many percentiles at C speed.

    hdrh walks the ~23,000 buckets in Python once per percentile (~4 ms each; 50 runs x 9
    percentiles took 1.7 s). Here the cumulative counts are built once (itertools.accumulate)
    and each percentile is a bisect, with hdrh's own rounding of the target count and its
    highest-equivalent value, so the answers are identical (tests/api/test_compare_views.py).
    """
    cumulative = list(itertools.accumulate(histogram.counts[: histogram.counts_len]))
    values = []
    for p in percentiles:
        index = bisect_left(cumulative, histogram.get_target_count_at_percentile(p))
        values.append(histogram.get_highest_equivalent_value(histogram.get_value_from_index(index)))
    return values


def spectrum_of(summary: dict[str, Any] | None, run_id: int) -> RunSpectrum:
    total = (summary or {}).get("total") or {}
    encoded = total.get("histogram")
    if encoded:
        histogram = HdrHistogram.decode(encoded)
        if histogram.get_total_count() > 0:
            values = values_at_percentiles(histogram, SPECTRUM_PERCENTILES)
            points = [(p, round(v / 1000.0, 3)) for p, v in zip(SPECTRUM_PERCENTILES, values, strict=True)]
            return RunSpectrum(run_id=run_id, source="histogram", points=points)
    latency = total.get("latency")
    if isinstance(latency, dict):
        points = [(p, float(latency[key])) for p, key in _SUMMARY_PERCENTILES if key in latency]
        return RunSpectrum(run_id=run_id, source="percentiles", points=points)
    return RunSpectrum(run_id=run_id, source="none", points=[])


def compare_spectra(db: Session, team_id: int, run_ids: list[int]) -> CompareSpectra:
    wanted = list(dict.fromkeys(run_ids))
    result = db.execute(select(Run.id, Run.summary).where(Run.id.in_(wanted), Run.team_id == team_id))
    rows = {run_id: summary for run_id, summary in result}
    for run_id in wanted:
        if run_id not in rows:
            raise not_found("run", run_id)
    return CompareSpectra(
        percentiles=list(SPECTRUM_PERCENTILES), runs=[spectrum_of(rows[r], r) for r in wanted]
    )
