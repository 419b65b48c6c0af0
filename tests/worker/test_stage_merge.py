"""A staged run's per-stage figures of several injectors merge as the totals do: counts add,
histograms merge (percentiles of the merge, never averaged), the target is the lab's."""

from __future__ import annotations

from common.latency_histograms import encode, histogram_of, percentiles
from contract.load import LoadProfile, LoadStage
from contract.results import ErrorCounts, InjectorSummary, StageResult, error_pct
from worker.summaries import merge_stages

PROFILE = LoadProfile(
    driver="vegeta", stages=[LoadStage(duration_s=5, rate=100), LoadStage(duration_s=5, rate=300)]
)


def stage(
    index: int, target: float, successes: int, latencies_us: list[int], timeouts: int = 0
) -> StageResult:
    histogram = histogram_of([(us, 1) for us in latencies_us])
    errors = ErrorCounts(timeout=timeouts)
    return StageResult(
        index=index,
        kind="rate",
        target=target,
        start_s=1 + 5 * index,
        end_s=5 + 5 * index,
        requests=successes + timeouts,
        successes=successes,
        rps=successes / 4,
        errors=errors,
        error_pct=error_pct(timeouts, successes + timeouts),
        latency=percentiles(histogram),
        histogram=encode(histogram),
        sent=successes + timeouts,
        late_sends=0,
        dropped_sends=0,
    )


def injector(name: str, stages: list[StageResult] | None) -> InjectorSummary:
    return InjectorSummary(
        agent=name,
        driver="vegeta",
        requests=0,
        successes=0,
        duration_s=10,
        rps=0,
        bytes_per_s=0,
        stages=stages,
    )


def test_two_injectors_add_up_per_stage_and_their_histograms_merge() -> None:
    fast, slow = [1_000] * 200, [9_000] * 200
    a = injector("i1", [stage(0, 50, 200, fast), stage(1, 150, 600, fast * 3)])
    b = injector("i2", [stage(0, 50, 200, slow, timeouts=4), stage(1, 150, 600, slow * 3)])
    merged = merge_stages(PROFILE, [a, b])
    assert merged is not None and [s.target for s in merged] == [100, 300]  # the lab's targets
    first = merged[0]
    assert (first.successes, first.rps, first.requests, first.errors.timeout) == (400, 100, 404, 4)
    assert first.error_pct == round(100 * 4 / 404, 3) and first.sent == 404
    # half the requests at 1 ms, half at 9 ms: the merge's p99 is 9 ms (an average of the two
    # injectors' p99s would say 5 ms)
    assert first.latency is not None and 8.9 < first.latency.p99 < 9.1 and first.latency.p50 < 1.1
    assert (merged[1].start_s, merged[1].end_s, merged[1].rps) == (6, 10, 300)


def test_only_the_stages_every_injector_reached_are_merged() -> None:
    a = injector("i1", [stage(0, 50, 200, [1_000]), stage(1, 150, 600, [1_000])])
    b = injector("i2", [stage(0, 50, 200, [1_000])])  # stopped before stage 1's window
    merged = merge_stages(PROFILE, [a, b])
    assert merged is not None and [s.index for s in merged] == [0]
    assert merge_stages(PROFILE, [a, injector("i2", None)]) is None
    assert merge_stages(LoadProfile(driver="vegeta", rate=10), [a]) is None
