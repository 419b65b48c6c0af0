"""Turn what the agents measured into a RunSummary.

Injector summaries merge by adding counts and merging latency histograms (percentiles are
computed from the merged histogram, never averaged). The proxy summary comes from the
per-second Runtime API samples of the measured seconds (backend.runs.seconds): counters are
per-second deltas and add up exactly; gauges give their maximum.

One measured window: every count of the total is what completed in [t0, t0 + duration). A tool
that timed each request counted that itself (`window_source` tool_records). One that cannot tell
when each request completed (hey: tool_totals) has the window's successes taken from HAProxy's
2xx of the measured seconds (`counted_by_proxy`: proxy_counters), which are exact for what
HAProxy answered; without a proxy in the path its own totals stay, said to be its own run.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from backend.runs.seconds import PROXY_SOURCE, SecondRows, Seconds
from common.latency_histograms import encode, merge, percentiles
from contract.load import LoadProfile
from contract.metrics import (
    BY_KEY,
    SERIES_FIGURES,
    Metric,
    backend_row_value,
    series_sample_key,
    servers_total,
)
from contract.results import (
    Drain,
    ErrorCounts,
    InjectorSummary,
    LoadTotals,
    OpenLoopStats,
    ProxySummary,
    StageResult,
    WindowSource,
    error_pct,
)

# HAProxy's qtime/ttime are averages over its last this many requests (TIME_STATS_SAMPLES).
HAPROXY_AVERAGED_REQUESTS = 1024
# counted_by_proxy: bounds of the window's successes this close together are one figure (a
# request in flight at each of the window's two edges, a sample racing the collect).
BOUNDS_SLACK = 2
BOUNDS_SLACK_SHARE = 0.02


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
    unmergeable = [s.agent for s in summaries if s.latency is not None and not s.histogram]
    merged_note = None
    if len(summaries) == 1:  # nothing to merge: the injector's own figures, as it reported them
        latency, encoded = summaries[0].latency, summaries[0].histogram
    elif unmergeable:
        # Percentiles without a histogram (hey's text summary) cannot be combined exactly, and a
        # merge of the others' histograms would describe only part of the run: none, and why.
        latency, encoded = None, None
        merged_note = (
            f"{', '.join(unmergeable)} reported percentiles without a histogram ({summaries[0].driver}): "
            "percentiles of several injectors cannot be merged exactly; each injector's own are on its row"
        )[:300]
    else:
        histogram = merge(s.histogram for s in summaries if s.histogram)
        latency = percentiles(histogram)
        encoded = encode(histogram) if histogram.get_total_count() else None
    sources = {s.window_source for s in summaries}
    source: WindowSource | None = sources.pop() if len(sources) == 1 else "tool_totals"
    warmups = [s.warmup_responses for s in summaries]
    return LoadTotals(
        requests=sum(s.requests for s in summaries),
        successes=successes,
        errors=errors,
        duration_s=duration,
        rps=round(successes / duration, 3) if duration else 0.0,
        bytes_per_s=round(sum(s.bytes_per_s for s in summaries), 3),
        latency=latency,
        latency_note=None
        if latency is not None
        else merged_note or next((s.latency_note for s in summaries if s.latency_note), None),
        histogram=encoded,
        open_loop=merge_open_loop(summaries),
        drain=merge_drains(summaries),
        window_source=source,
        window_note=next((s.window_note for s in summaries if s.window_note), None),
        warmup_responses=None if None in warmups else sum(w for w in warmups if w is not None),
    )


def counted_by_proxy(
    total: LoadTotals,
    seconds: Seconds,
    frontend: str,
    window_s: int,
    driver: str,
    connections: int = 0,
) -> LoadTotals:
    """The window's successes of a tool that cannot tell when each request completed, from
    HAProxy's entry frontend: its 2xx over the measured seconds (t in [0, window_s)), with their
    2xx before them (the warm-up) and after them (the drain) apart, and its bytes sent.

    Every success the tool counted is one of HAProxy's 2xx, but not every 2xx reached a client
    still waiting (one that timed out while its connection sat in the backlog gets no answer,
    and HAProxy counts the one it sends anyway). So the window's successes are at most HAProxy's
    2xx in it and at most the tool's own successes, and at least the tool's successes less
    HAProxy's 2xx outside the window. The figure is the upper bound; when the two bounds are
    further apart than the load's end explains (each of `connections` clients may leave one
    answer behind as the tool stops waiting), the note gives both.
    The tool's errors and latency stay its own, over its whole run: HAProxy never sees a
    client's timeout."""

    def summed(key: str, part: Seconds) -> int:
        return int(part.total(key))

    # The samples of HAProxy's 2xx figure (the registry's proxy_2xx), as the entry frontend's.
    ok_2xx = series_sample_key(str(BY_KEY["proxy_2xx"].series), frontend, "")
    sent = series_sample_key("bytes_out", frontend, "")
    in_window = summed(ok_2xx, seconds.measured(window_s))
    before = summed(ok_2xx, seconds.warmup())
    after = summed(ok_2xx, seconds.drain(window_s))
    drained = [s.t for s in seconds.drain(window_s) if s.data.get(ok_2xx, 0)]
    successes = min(in_window, total.successes)
    at_least = max(0, total.successes - before - after)
    note = f"HAProxy's count over the window: {driver} cannot tell when each request completed"
    if successes - at_least > max(BOUNDS_SLACK, BOUNDS_SLACK_SHARE * successes, connections):
        note = (
            f"At most {successes} successes in the window, at least {at_least}: {driver} counted "
            f"{total.successes} 2xx over its whole run where HAProxy answered {before + in_window + after} "
            f"(answers to clients that had given up), and {driver} cannot tell when each request completed"
        )
    return total.model_copy(
        update={
            "successes": successes,
            "requests": successes + total.errors.total,
            "duration_s": float(window_s),
            "rps": round(successes / window_s, 3),
            "bytes_per_s": round(summed(sent, seconds.measured(window_s)) / window_s, 3),
            "window_source": "proxy_counters",
            "window_note": (
                f"{note}. Errors and latency are {driver}'s own, over its whole run (the warm-up and "
                "the requests it waited for after the window included); bytes are what HAProxy sent"
            ),
            "warmup_responses": before,
            # HAProxy's seconds give no arrival times: the last is the end of the last second with one.
            "drain": Drain(responses=after, last_after_s=float(max(drained) + 1 - window_s))
            if after
            else None,
        }
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
        answered=None if any(x.answered is None for x in stats) else sum(x.answered or 0 for x in stats),
    )


def merge_stages(profile: LoadProfile, summaries: Sequence[InjectorSummary]) -> list[StageResult] | None:
    """A staged load's figures per stage, the injectors merged as the total is: counts add,
    histograms merge (percentiles from the merge, never averaged), the rate over the stage's
    window. Only the stages every injector reported (an injector stopped early lacks the later
    ones: a stage read from some of them would undercount); the target is the lab's."""
    if not profile.stages or not summaries or any(s.stages is None for s in summaries):
        return None
    whole = profile.per_injector == "whole"
    by_injector = [{stage.index: stage for stage in s.stages or []} for s in summaries]
    merged = []
    for index, stage in enumerate(profile.stages):
        parts = [mine[index] for mine in by_injector if index in mine]
        if len(parts) < len(summaries):
            break
        seconds = min(p.end_s for p in parts) - parts[0].start_s
        successes = sum(p.successes for p in parts)
        errors = ErrorCounts(
            connect=sum(p.errors.connect for p in parts),
            timeout=sum(p.errors.timeout for p in parts),
            non_2xx=sum(p.errors.non_2xx for p in parts),
            other=sum(p.errors.other for p in parts),
        )
        histogram = merge(p.histogram for p in parts if p.histogram)
        counted = histogram.get_total_count() > 0
        requests = successes + errors.total
        merged.append(
            StageResult(
                index=index,
                kind=parts[0].kind,
                target=stage.target * (len(summaries) if whole else 1),
                start_s=parts[0].start_s,
                end_s=parts[0].start_s + seconds,
                requests=requests,
                successes=successes,
                rps=round(successes / seconds, 3) if seconds > 0 else 0.0,
                errors=errors,
                error_pct=error_pct(errors.total, requests),
                latency=percentiles(histogram) if counted else None,
                histogram=encode(histogram) if counted else None,
                sent=_summed([p.sent for p in parts]),
                late_sends=_summed([p.late_sends for p in parts]),
                dropped_sends=_summed([p.dropped_sends for p in parts]),
            )
        )
    return merged or None


def _summed(values: Sequence[int | None]) -> int | None:
    return None if any(v is None for v in values) else sum(v or 0 for v in values)


# --- proxy ---------------------------------------------------------------------------------------

# Counters the proxy summary keeps that are no run figure of the registry (the figures are its
# SERIES_FIGURES, measured from their entries): summary field -> registry series, read from the
# entry point's rows (client side from the entry frontend, server side from its backend, never
# summed over both, which would count twice).
_OTHER_COUNTERS = {
    "ereq": "ereq",
    "hrsp_1xx": "http_1xx",
    "hrsp_3xx": "http_3xx",
    "hrsp_other": "http_other",
    "bytes_in": "bytes_in",
    "bytes_out": "bytes_out",
}


def _summary_field(metric: Metric) -> str:
    where, _, name = metric.path.partition(".")
    assert where == "proxy", metric  # a HAProxy figure: a field of ProxySummary
    return name


def proxy_summary(
    samples: Seconds | SecondRows,
    frontend: str,
    backend: str,
    duration_s: int,
    mode: Literal["http", "tcp"] | None = None,
) -> ProxySummary:
    """Summary of the measured seconds from `proxy` samples keyed "<section>.<field>".

    `frontend` and `backend` name the entry point's sections (a listen is both), `mode` its mode.
    """
    seconds = Seconds.of(samples, PROXY_SOURCE)
    measured = seconds.measured(duration_s)
    values: dict[str, Any] = {}
    for name, series in _OTHER_COUNTERS.items():
        values[name] = int(measured.total(series_sample_key(series, frontend, backend)))
    for metric in SERIES_FIGURES:
        key = series_sample_key(str(metric.series), frontend, backend)
        readings = [s.data[key] for s in measured if key in s.data]
        if metric.aggregate == "sum":
            values[_summary_field(metric)] = int(sum(readings))
        elif readings:  # a maximum of no readings is none: the summary's default says so
            values[_summary_field(metric)] = int(max(readings))
    qtimes = _since_first_reply(measured.values(series_sample_key("qtime", frontend, backend)))
    ttimes = _since_first_reply(measured.values(series_sample_key("ttime", frontend, backend)))
    values["avg_qtime_ms"] = round(sum(qtimes) / len(qtimes), 3) if qtimes else None
    values["avg_ttime_ms"] = round(sum(ttimes) / len(ttimes), 3) if ttimes else None
    values["averaged_before_window"] = (
        _averaged_before_window(seconds, backend, duration_s) if qtimes or ttimes else None
    )
    values["mode"] = mode
    used = measured.values(series_sample_key("used_conns", frontend, backend))
    values["max_used_conns"] = int(max(used)) if used else None
    values["max_server_conns"] = _max_server_conns(measured, frontend, backend, values["connects"])
    # The deltas of the measured seconds cover the window, even when a tick was skipped.
    values["bytes_out_per_s"] = round(values["bytes_out"] / duration_s, 3) if measured else None
    return ProxySummary(**values)


def _averaged_before_window(seconds: Seconds, backend: str, duration_s: int) -> int:
    """Of the last 1,024 requests HAProxy's qtime/ttime averaged at the window's end, how many it
    served before the window (the warm-up): those averages are not the window's own when the
    window served fewer than 1,024. Counted in the backend's streams (stot: one per HTTP request,
    one per TCP session), whose ends update those averages; a listen's backend row is
    `<listen>.backend.stot`."""

    def served(part: Seconds) -> int:
        return int(sum(backend_row_value(s.data, "streams", backend) for s in part))

    in_window = served(seconds.measured(duration_s))
    before = served(seconds.warmup())
    return max(0, min(before, HAPROXY_AVERAGED_REQUESTS - in_window))


def _server_sessions(data: Mapping[str, Any], backend: str) -> float:
    """The sessions on the backend's servers at one reading: the sum of their rows' scur
    (`<backend>.<server>.scur`; `<backend>.scur` and a listen's `<backend>.backend.scur` are the
    backend's own rows)."""
    return servers_total(data, "scur", backend)


def _since_first_reply(readings: list[Any]) -> list[Any]:
    """HAProxy's qtime/ttime average the last 1024 requests and read 0 until one completes:
    leading zeros before a non-zero reading are no measurement (a 1 s endpoint's first second)."""
    first = next((index for index, value in enumerate(readings) if value > 0), 0)
    return readings[first:]


def _max_server_conns(measured: Seconds, frontend: str, backend: str, connects: int) -> int | None:
    """Most server connections open at one reading: in use + idle, both levels of the same
    `show servers conn` (a per-purge maximum plus a later idle count would count some twice).

    Private connections (`http-reuse never`) and TCP mode's are not in `show servers conn`: when
    it saw none all run long while HAProxy did connect, every connection served one session, so
    the most sessions its servers held at once is the count. The servers' (their stat rows'
    scur), not the backend's: the backend counts the sessions waiting in its queue too (40
    clients queued for 10 server slots are 40 backend sessions, 10 server connections).
    None without readings.
    """
    used, idle = (series_sample_key(series, frontend, backend) for series in ("used_conns", "idle_conns"))
    readings = [s.data for s in measured if {used, idle} & s.data.keys()]
    shared = max((data.get(used, 0) + data.get(idle, 0) for data in readings), default=None)
    if shared == 0 and connects > 0:
        return int(max(_server_sessions(data, backend) for data in readings))
    return None if shared is None else int(shared)
