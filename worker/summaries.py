"""Turn what the agents measured into a RunSummary.

Injector summaries merge by adding counts and merging latency histograms (percentiles are
computed from the merged histogram, never averaged). The proxy summary comes from the
per-second Runtime API samples of the measured seconds (0 <= t < duration): counters are
per-second deltas and add up exactly; gauges give their maximum.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from common.histograms import encode, merge, percentiles
from spec.results import (
    Drain,
    ErrorCounts,
    InjectorSummary,
    LoadTotals,
    OpenLoopStats,
    ProxySummary,
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
    if len(summaries) == 1:  # nothing to merge: the injector's own figures, as it reported them
        latency, encoded = summaries[0].latency, summaries[0].histogram
    else:
        histogram = merge(s.histogram for s in summaries if s.histogram)
        latency = percentiles(histogram)
        encoded = encode(histogram) if histogram.get_total_count() else None
    return LoadTotals(
        requests=sum(s.requests for s in summaries),
        successes=successes,
        errors=errors,
        duration_s=duration,
        rps=round(successes / duration, 3) if duration else 0.0,
        bytes_per_s=round(sum(s.bytes_per_s for s in summaries), 3),
        latency=latency,
        histogram=encoded,
        open_loop=merge_open_loop(summaries),
        drain=merge_drains(summaries),
    )


def merge_drains(summaries: Sequence[InjectorSummary]) -> Drain | None:
    """The answers after the window of several injectors: counts add, histograms merge."""
    drains = [s.drain for s in summaries if s.drain is not None]
    if len(drains) <= 1:
        return drains[0] if drains else None
    histogram = merge(d.histogram for d in drains if d.histogram)
    return Drain(
        responses=sum(d.responses for d in drains),
        last_after_s=max(d.last_after_s for d in drains),
        latency=percentiles(histogram),
        histogram=encode(histogram) if histogram.get_total_count() else None,
    )


def merge_open_loop(summaries: Sequence[InjectorSummary]) -> OpenLoopStats | None:
    """Schedules of several injectors add up (rates, sends, late and dropped); the worst lag wins."""
    stats = [s.open_loop for s in summaries if s.open_loop is not None]
    if not stats:
        return None
    return OpenLoopStats(
        target_rate=round(sum(x.target_rate for x in stats), 6),
        sent=sum(x.sent for x in stats),
        send_rate=round(sum(x.send_rate for x in stats), 3),
        late_sends=sum(x.late_sends for x in stats),
        dropped_sends=sum(x.dropped_sends for x in stats),
        max_send_lag_ms=max(x.max_send_lag_ms for x in stats),
        late_threshold_ms=max(x.late_threshold_ms for x in stats),
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
_FRONTEND_FIELDS = {
    "req_tot",
    "ereq",
    "hrsp_1xx",
    "hrsp_2xx",
    "hrsp_3xx",
    "hrsp_4xx",
    "hrsp_5xx",
    "hrsp_other",
    "bin",
    "bout",
}


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
    qtimes = _since_first_reply(
        [s["data"][f"{backend}.qtime"] for s in measured if f"{backend}.qtime" in s["data"]]
    )
    ttimes = _since_first_reply(
        [s["data"][f"{backend}.ttime"] for s in measured if f"{backend}.ttime" in s["data"]]
    )
    values["avg_qtime_ms"] = round(sum(qtimes) / len(qtimes), 3) if qtimes else None
    values["avg_ttime_ms"] = round(sum(ttimes) / len(ttimes), 3) if ttimes else None
    used = [s["data"][f"{backend}.used_conns"] for s in measured if f"{backend}.used_conns" in s["data"]]
    values["max_used_conns"] = int(max(used)) if used else None
    values["max_server_conns"] = _max_server_conns(measured, backend, values["connects"])
    # The deltas of 0 <= t < duration cover the measured seconds, even when a tick was skipped.
    values["bytes_out_per_s"] = round(values["bytes_out"] / duration_s, 3) if measured else None
    return ProxySummary(**values)


def _server_sessions(data: dict[str, Any], backend: str) -> float:
    """The sessions on the backend's servers at one reading: the sum of their rows' scur
    (`<backend>.<server>.scur`; `<backend>.scur` and a listen's `<backend>.backend.scur` are the
    backend's own rows)."""
    own = {f"{backend}.scur", f"{backend}.backend.scur"}
    prefix = f"{backend}."
    return float(
        sum(
            value
            for key, value in data.items()
            if key.startswith(prefix) and key.endswith(".scur") and key not in own
        )
    )


def _since_first_reply(readings: list[Any]) -> list[Any]:
    """HAProxy's qtime/ttime average the last 1024 requests and read 0 until one completes:
    leading zeros before a non-zero reading are no measurement (a 1 s endpoint's first second)."""
    first = next((index for index, value in enumerate(readings) if value > 0), 0)
    return readings[first:]


def _max_server_conns(measured: Sequence[dict[str, Any]], backend: str, connects: int) -> int | None:
    """Most server connections open at one reading: in use + idle, both levels of the same
    `show servers conn` (a per-purge maximum plus a later idle count would count some twice).

    Private connections (`http-reuse never`) and TCP mode's are not in `show servers conn`: when
    it saw none all run long while HAProxy did connect, every connection served one session, so
    the most sessions its servers held at once is the count. The servers' (their stat rows'
    scur), not the backend's: the backend counts the sessions waiting in its queue too (40
    clients queued for 10 server slots are 40 backend sessions, 10 server connections).
    None without readings.
    """
    used, idle = f"{backend}.used_conns", f"{backend}.idle_conns"
    readings = [s["data"] for s in measured if {used, idle} & s["data"].keys()]
    shared = max((data.get(used, 0) + data.get(idle, 0) for data in readings), default=None)
    if shared == 0 and connects > 0:
        return int(max(_server_sessions(data, backend) for data in readings))
    return None if shared is None else int(shared)
