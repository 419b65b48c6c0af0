"""Merging injector summaries and summing proxy samples: pure logic on real HdrHistograms."""

from __future__ import annotations

from hdrh.histogram import HdrHistogram

from common.latency_histograms import HIGHEST_US as HISTOGRAM_MAX_US
from common.latency_histograms import percentiles as percentiles_of
from contract.examples import seed_000_maxconn_capacity
from contract.results import ErrorCounts, InjectorSummary, LatencyPercentiles
from worker.completeness import window_total
from worker.summaries import merge_injectors, proxy_summary


def _histogram(values_us: list[int]) -> HdrHistogram:
    h = HdrHistogram(1, HISTOGRAM_MAX_US, 3)
    for v in values_us:
        h.record_value(v)
    return h


def _summary(agent: str, values_us: list[int], errors: ErrorCounts, duration: float = 10) -> InjectorSummary:
    h = _histogram(values_us)
    return InjectorSummary(
        agent=agent,
        driver="wrk",
        requests=len(values_us) + errors.total,
        successes=len(values_us),
        errors=errors,
        duration_s=duration,
        rps=len(values_us) / duration,
        bytes_per_s=1000,
        latency=percentiles_of(h),
        histogram=h.encode().decode(),
    )


def test_two_injectors_merge_counts_and_histograms_not_percentiles() -> None:
    fast = _summary("inj-1", [1_000] * 900, ErrorCounts(connect=2))  # 1 ms
    slow = _summary("inj-2", [100_000] * 100, ErrorCounts(timeout=3, non_2xx=1))  # 100 ms

    total = merge_injectors([fast, slow])

    assert total.successes == 1000 and total.requests == 1006
    assert total.errors == ErrorCounts(connect=2, timeout=3, non_2xx=1)
    assert total.rps == 100.0
    assert total.latency is not None
    # 10% of the requests took 100 ms: p50 is fast, p99 slow. Averaging the injectors' p50s
    # would have given ~50 ms, which no request took.
    assert abs(total.latency.p50 - 1.0) < 0.01
    assert abs(total.latency.p99 - 100.0) < 0.1
    merged = HdrHistogram.decode(total.histogram)
    assert merged.get_total_count() == 1000


def test_one_injector_is_passed_through() -> None:
    only = _summary("inj-1", [2_000, 4_000], ErrorCounts())
    total = merge_injectors([only])
    assert total.latency == only.latency
    assert total.histogram == only.histogram


def test_injectors_without_histograms_get_no_merged_percentiles_and_say_why() -> None:
    """hey reports percentiles, not a histogram: two hey injectors' p50s cannot be combined, and a
    merge of only the injectors that have histograms would describe part of the run. Before, the
    merged latency was silently that of the others (or none, without a reason)."""
    hey = _summary("inj-2", [100_000] * 100, ErrorCounts()).model_copy(
        update={"histogram": None, "driver": "hey"}
    )
    for injectors in (
        [_summary("inj-1", [1_000] * 900, ErrorCounts()), hey],
        [hey, hey.model_copy(update={"agent": "inj-3"})],
    ):
        total = merge_injectors(injectors)
        assert total.latency is None and total.histogram is None
        assert total.latency_note is not None and "cannot be merged exactly" in total.latency_note
        assert "inj-2" in total.latency_note
        assert total.successes == sum(i.successes for i in injectors)  # the counts still add up


def test_no_injector_gives_zero_totals() -> None:
    total = merge_injectors([])
    assert (total.requests, total.successes, total.latency) == (0, 0, None)


def test_proxy_summary_sums_measured_seconds_only_and_never_double_counts() -> None:
    def second(t: int, req: int, connect: int, scur: int) -> dict[str, object]:
        return {
            "t": t,
            "data": {
                "fe.req_tot": req,
                "fe.hrsp_2xx": req,
                "be.hrsp_2xx": req,  # both sections count 2xx
                "be.connect": connect,
                "be.reuse": req - connect,
                "fe.scur": scur,
                "be.qcur": 1,
                "be.t1.connect": connect,  # a server's own counter: part of the backend's, not added
            },
        }

    samples = [second(-1, 50, 50, 5)] + [second(t, 100, 10, 20 + t) for t in range(5)] + [second(5, 7, 7, 1)]

    summary = proxy_summary(samples, frontend="fe", backend="be", duration_s=5)

    assert summary.requests == 500  # warm-up (t=-1) and after the end (t=5) excluded
    assert summary.hrsp_2xx == 500  # the frontend's, not frontend + backend
    assert summary.connects == 50 and summary.reuses == 450
    assert summary.max_scur == 24 and summary.max_qcur == 1


def test_percentiles_are_in_milliseconds() -> None:
    p = percentiles_of(_histogram([500, 1_500, 2_500]))
    assert isinstance(p, LatencyPercentiles)
    assert abs(p.max - 2.5) < 0.01


# ---------------------------------------------------------------- one measured window


def _journey_seconds(section: str) -> list[dict[str, object]]:
    """HAProxy's seconds of the journey run (maxconn 10, a 1 s endpoint, 2 s warm-up, 6 s measured):
    10 answers a second, then 2 more as the last requests in flight drain, 3 s later."""
    rows: list[dict[str, object]] = [
        {"t": t, "data": {f"{section}.hrsp_2xx": 9 if t == -2 else 10, f"{section}.bout": 2000}}
        for t in range(-2, 6)
    ]
    rows += [{"t": 6, "data": {f"{section}.hrsp_2xx": 2}}, {"t": 8, "data": {f"{section}.hrsp_2xx": 0}}]
    return rows


def _hey(successes: int, total_s: float) -> InjectorSummary:
    return InjectorSummary(
        agent="injector-1",
        driver="hey",
        requests=successes + 2,
        successes=successes,
        errors=ErrorCounts(timeout=2),
        duration_s=total_s,
        rps=round(successes / total_s, 3),
        bytes_per_s=88.6,
        window_source="tool_totals",
        window_note="hey's own run",
        window_s=6.0,
    )


def test_a_tool_that_cannot_tell_the_window_gets_haproxys_count_of_it() -> None:
    """hey read 80 successes over its 9.03 s Total: 8.86 req/s, where HAProxy served 10 a second."""
    spec = seed_000_maxconn_capacity()
    section = spec.proxy.listens[0].name
    total = window_total(spec, [_hey(80, 9.0275)], _journey_seconds(section), 6)
    assert (total.successes, total.duration_s, total.rps) == (60, 6.0, 10.0)
    assert total.window_source == "proxy_counters" and "hey cannot tell" in (total.window_note or "")
    assert total.warmup_responses == 19 and total.drain is not None
    assert (total.drain.responses, total.drain.last_after_s) == (2, 1.0)
    # hey's own errors stay (HAProxy never sees a client's timeout), and the counts add up.
    assert total.errors.timeout == 2 and total.requests == 62
    assert total.bytes_per_s == 2000.0


def test_without_haproxys_seconds_the_tools_own_run_stays_and_says_so() -> None:
    """No HAProxy to count (its samples lost; a direct run, which only mariadb-slap may make today):
    the tool's own figures, with its note, rather than nothing."""
    total = window_total(seed_000_maxconn_capacity(), [_hey(80, 9.0275)], [], 6)
    assert (total.successes, total.rps, total.window_source) == (80, 8.862, "tool_totals")
    assert total.window_note == "hey's own run"


def test_a_tool_that_counted_the_window_itself_keeps_its_counts() -> None:
    counted = _summary("inj-1", [1_000_000] * 60, ErrorCounts()).model_copy(
        update={"window_source": "tool_records", "warmup_responses": 18, "duration_s": 6.0, "rps": 10.0}
    )
    spec = seed_000_maxconn_capacity()
    total = window_total(spec, [counted], _journey_seconds(spec.proxy.listens[0].name), 6)
    assert (total.successes, total.rps, total.window_source, total.warmup_responses) == (
        60,
        10.0,
        "tool_records",
        18,
    )


def test_haproxys_averages_say_how_many_requests_came_before_the_window() -> None:
    """qtime/ttime average HAProxy's last 1,024 requests: with 60 in the window and 19 before it,
    19 of the requests averaged at the window's end were the warm-up's."""
    rows = [
        {"t": t, "data": {"be.stot": 9 if t < 0 else 10, "be.ttime": 1000, "fe.req_tot": 10}}
        for t in range(-2, 6)
    ]
    proxy = proxy_summary(rows, "fe", "be", 6, "http")
    assert proxy.averaged_before_window == 18 and proxy.avg_ttime_ms == 1000 and proxy.mode == "http"
    busy = [{"t": t, "data": {"be.stot": 500, "be.ttime": 5}} for t in range(-2, 6)]
    assert proxy_summary(busy, "fe", "be", 6).averaged_before_window == 0  # 3,000 in the window


def test_answers_that_reached_no_client_are_not_successes() -> None:
    """Seed 000's impatient clients (2 s timeout, 5 per slot): HAProxy answered 20 in the window and
    31 in all, but hey got 7: some of HAProxy's answers went to clients that had given up. The
    window's successes are at most 7, at least 0, and the note says both."""
    spec = seed_000_maxconn_capacity().model_copy(deep=True)
    spec.load.connections = 5  # (fewer clients than answers lost: more than the load's end explains)
    section = spec.proxy.listens[0].name
    rows = [{"t": t, "data": {f"{section}.hrsp_2xx": 4 if t >= 0 else 3}} for t in range(-2, 5)]
    rows.append({"t": 5, "data": {f"{section}.hrsp_2xx": 5}})
    total = window_total(spec, [_hey(7, 7.2)], rows, 5)
    assert (total.successes, total.rps) == (7, 1.4)
    assert (total.window_note or "").startswith(
        "At most 7 successes in the window, at least 0: hey counted 7 2xx"
    )
