"""Turn what the agents measured into a RunSummary.

Injector summaries merge by adding counts and merging latency histograms (percentiles are
computed from the merged histogram, never averaged). The proxy summary comes from the
per-second Runtime API samples of the measured seconds (0 <= t < duration): counters are
per-second deltas and add up exactly; gauges give their maximum.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from hdrh.histogram import HdrHistogram

from spec.results import (
    HISTOGRAM_SIGNIFICANT_DIGITS,
    ErrorCounts,
    InjectorSummary,
    LatencyPercentiles,
    LoadTotals,
    ProxySummary,
)

# 1 µs .. 1 hour, in microseconds: the range every haplab histogram uses.
HISTOGRAM_MAX_US = 3_600_000_000


def merge_histograms(encoded: Iterable[str]) -> HdrHistogram | None:
    merged: HdrHistogram | None = None
    for blob in encoded:
        decoded = HdrHistogram.decode(blob)  # spec.results: hdrh's encode(), base64 of compressed V2
        if merged is None:
            merged = HdrHistogram(1, HISTOGRAM_MAX_US, HISTOGRAM_SIGNIFICANT_DIGITS)
        merged.add(decoded)
    return merged


def percentiles_of(histogram: HdrHistogram) -> LatencyPercentiles:
    def ms(us: float) -> float:
        return round(us / 1000.0, 3)

    return LatencyPercentiles(
        p50=ms(histogram.get_value_at_percentile(50)),
        p90=ms(histogram.get_value_at_percentile(90)),
        p99=ms(histogram.get_value_at_percentile(99)),
        p999=ms(histogram.get_value_at_percentile(99.9)),
        max=ms(histogram.get_max_value()),
        mean=ms(histogram.get_mean_value()),
    )


def merge_injectors(summaries: Sequence[InjectorSummary]) -> LoadTotals:
    if not summaries:
        return LoadTotals(requests=0, successes=0, duration_s=0, rps=0, bytes_per_s=0)
    duration = max(s.duration_s for s in summaries)
    successes = sum(s.successes for s in summaries)
    errors = ErrorCounts(
        connect=sum(s.errors.connect for s in summaries),
        timeout=sum(s.errors.timeout for s in summaries),
        non_2xx=sum(s.errors.non_2xx for s in summaries),
        other=sum(s.errors.other for s in summaries),
    )
    histogram = merge_histograms(s.histogram for s in summaries if s.histogram)
    if len(summaries) == 1:
        latency = summaries[0].latency
    else:
        latency = percentiles_of(histogram) if histogram is not None and histogram.get_total_count() else None
    encoded = histogram.encode().decode() if histogram is not None else None
    if len(summaries) == 1:
        encoded = summaries[0].histogram
    return LoadTotals(
        requests=sum(s.requests for s in summaries),
        successes=successes,
        errors=errors,
        duration_s=duration,
        rps=round(successes / duration, 3) if duration else 0.0,
        bytes_per_s=round(sum(s.bytes_per_s for s in summaries), 3),
        latency=latency,
        histogram=encoded,
    )


# --- proxy ---------------------------------------------------------------------------------------

_COUNTERS = {
    "requests": "req_tot",
    "connects": "connect",
    "reuses": "reuse",
    "econ": "econ",
    "eresp": "eresp",
    "ereq": "ereq",
    "hrsp_1xx": "hrsp_1xx",
    "hrsp_2xx": "hrsp_2xx",
    "hrsp_3xx": "hrsp_3xx",
    "hrsp_4xx": "hrsp_4xx",
    "hrsp_5xx": "hrsp_5xx",
    "hrsp_other": "hrsp_other",
    "bytes_in": "bin",
    "bytes_out": "bout",
}
# Which section's counter counts for the run as a whole: client-side numbers from the entry
# frontend, server-side ones from its backend (never summed over both, which would count twice).
_FRONTEND_FIELDS = {"req_tot", "ereq", "hrsp_1xx", "hrsp_2xx", "hrsp_3xx", "hrsp_4xx", "hrsp_5xx",
                    "hrsp_other", "bin", "bout"}  # fmt: skip


def proxy_summary(
    samples: Sequence[dict[str, Any]], frontend: str, backend: str, duration_s: int
) -> ProxySummary:
    """Summary of the measured seconds from `proxy` samples keyed "<section>.<field>".

    `frontend` and `backend` name the entry point's sections (a listen is both).
    """
    measured = [s for s in samples if 0 <= s["t"] < duration_s]
    values: dict[str, Any] = {}
    for name, field in _COUNTERS.items():
        section = frontend if field in _FRONTEND_FIELDS else backend
        values[name] = int(sum(s["data"].get(f"{section}.{field}", 0) for s in measured))
    values["max_scur"] = int(max((s["data"].get(f"{frontend}.scur", 0) for s in measured), default=0))
    values["max_qcur"] = int(max((s["data"].get(f"{backend}.qcur", 0) for s in measured), default=0))
    qtimes = [s["data"][f"{backend}.qtime"] for s in measured if f"{backend}.qtime" in s["data"]]
    ttimes = [s["data"][f"{backend}.ttime"] for s in measured if f"{backend}.ttime" in s["data"]]
    values["avg_qtime_ms"] = round(sum(qtimes) / len(qtimes), 3) if qtimes else None
    values["avg_ttime_ms"] = round(sum(ttimes) / len(ttimes), 3) if ttimes else None
    used = [s["data"][f"{backend}.used_conns"] for s in measured if f"{backend}.used_conns" in s["data"]]
    values["max_used_conns"] = int(max(used)) if used else None
    return ProxySummary(**values)
