"""Merging injector summaries and summing proxy samples: pure logic on real HdrHistograms."""

from __future__ import annotations

from hdrh.histogram import HdrHistogram

from common.histograms import HIGHEST_US as HISTOGRAM_MAX_US
from common.histograms import percentiles as percentiles_of
from spec.results import ErrorCounts, InjectorSummary, LatencyPercentiles
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
