"""The sweep analysis' pure logic: the knee and Little's law over synthetic points."""

from __future__ import annotations

from typing import Any

import pytest

from backend.runs.analysis.schemas import AnalysisPoint
from backend.runs.analysis.sweep import (
    RunResult,
    advice_from_the_sweep,
    analyze_point,
    find_knee,
    littles_law,
)
from contract.results import Completeness, RunSummary, stored_summary
from contract.verdict import ADVICE, Advice


def summary(
    rps: float,
    *,
    errors: int = 0,
    requests: int = 1000,
    mean: float = 10.0,
    p50: float = 9.0,
    ttime: float | None = None,
    maxconn: int | None = None,
    bound: str | None = None,
) -> RunSummary:
    # The analysis reads the mean and p50; the other percentiles are there to make a summary.
    latency = {"mean": mean, "p50": p50, "p90": p50, "p99": p50, "p999": p50, "max": p50}
    doc: dict[str, Any] = {
        "total": {
            "requests": requests,
            "successes": requests - errors,
            "rps": rps,
            "errors": {"connect": 0, "timeout": errors, "non_2xx": 0, "other": 0},
            "latency": latency,
            "duration_s": 5,
            "bytes_per_s": 0,
        },
        "proxy": {"avg_ttime_ms": ttime, "maxconn": maxconn},
    }
    if bound:  # as older workers stored it, read through stored_summary like the database does
        doc["bound"] = {"kind": bound, "sentence": f"{bound} sentence", "evidence": []}
    return stored_summary(doc)


def point(
    index: int,
    *summaries: RunSummary | None,
    connections: int = 50,
    rate: float | None = None,
    maxconn: int | None = None,
) -> AnalysisPoint:
    runs = [
        RunResult(
            run_id=10 * index + i,
            point_index=index,
            params={"load.connections": connections},
            summary=s,
            connections=connections,
            offered_rps=rate,
            maxconn=maxconn,
        )
        for i, s in enumerate(summaries)
    ]
    return analyze_point(runs)


def test_knee_is_the_last_point_before_throughput_stops_rising() -> None:
    points = [point(0, summary(100)), point(1, summary(190)), point(2, summary(200)), point(3, summary(240))]

    knee = find_knee(points, axis_count=1)

    # 190 -> 200 is +5%, below the 10% that shared cores can make up: the knee is at 190.
    assert (knee.reason, knee.point_index, knee.rps) == ("throughput_flat", 1, 190)
    assert "connections 50" in knee.sentence and "gains 5%" in knee.sentence


def test_knee_is_before_errors_start_even_while_throughput_rises() -> None:
    points = [point(0, summary(100)), point(1, summary(200, errors=10)), point(2, summary(300, errors=200))]

    knee = find_knee(points, axis_count=1)

    assert (knee.reason, knee.point_index) == ("errors_start", 1)


def test_a_capacity_sweep_still_rising_has_no_knee_and_other_shapes_say_why() -> None:
    rising = [point(0, summary(5, errors=300)), point(1, summary(15, errors=200)), point(2, summary(30))]
    assert find_knee(rising, axis_count=1).reason == "still_rising"
    assert find_knee(rising, axis_count=2).reason == "several_axes"
    assert find_knee(rising[:1], axis_count=1).reason == "too_few_points"
    # A point without results (failed run) is skipped, not read as zero throughput.
    failed = point(1, None)
    assert failed.rps is None and failed.run_ids == []
    assert find_knee([rising[0], failed, rising[2]], axis_count=1).reason == "still_rising"


def test_repetitions_are_averaged_and_the_most_frequent_verdict_wins() -> None:
    p = point(0, summary(10, bound="maxconn"), summary(12, bound="maxconn"), summary(14, bound="errors"))

    assert p.rps == 12.0 and p.run_ids == [0, 1, 2]
    assert (p.bound, p.verdict) == ("maxconn", "maxconn sentence")


def test_littles_law_for_the_seed_000_shape() -> None:
    """15 clients on a 1 s endpoint behind maxconn 5: 5 in flight, 15 needed."""
    p = point(0, summary(5.0, ttime=1000.0, mean=1600, p50=1500, maxconn=5), connections=15)

    assert p.maxconn == 5  # from the summary, as the worker saw it
    assert p.in_flight == 5.0  # rps x HAProxy's ttime: what HAProxy really held
    assert (p.concurrency_needed, p.recommended_maxconn, p.maxconn_sufficient) == (15.0, 15, False)
    law = littles_law([p])
    assert law.recommended_maxconn == 15
    assert "15 clients" in law.sentence and "1 of 1 points" in law.sentence


def test_in_flight_is_what_haproxy_held_not_what_the_clients_received() -> None:
    """Seed 000's impatient clients: 0.9 successes/s reached them while HAProxy served 4 requests/s
    on a 1 s endpoint; its slots held 4 requests, not 0.9."""
    impatient = summary(0.9, ttime=1000.0, maxconn=5).model_copy(deep=True)
    assert impatient.proxy is not None
    impatient.proxy.requests = 24  # over a 6 s window
    impatient.completeness = Completeness(complete=True, asked_s=6, measured_s=6)
    assert point(0, impatient, connections=25).in_flight == 4.0
    # A partial run: its window is the seconds the load ran (here 4 of 6).
    impatient.completeness = Completeness(complete=False, asked_s=6, measured_s=3.2)
    assert point(0, impatient, connections=25).in_flight == 6.0


def test_littles_law_for_an_open_loop_adds_headroom() -> None:
    p = point(0, summary(400, p50=250.0, mean=260.0), rate=400.0, maxconn=200)

    # 400 req/s x 0.25 s = 100 in flight; with a fifth more, 120; maxconn 200 holds it.
    assert (p.concurrency_needed, p.recommended_maxconn, p.maxconn_sufficient) == (100.0, 120, True)
    assert p.in_flight == 104.0  # no HAProxy ttime: the clients' mean latency
    assert "Every point's maxconn held it" in littles_law([p]).sentence


def test_a_point_carries_the_interval_of_its_repetitions() -> None:
    p = point(0, summary(100), summary(110), summary(90))
    assert p.rps_runs == [100, 110, 90] and p.rps == 100
    # mean 100, sd 10, n 3: t(0.975, 2) x 10 / sqrt(3) = 24.84
    assert p.rps_ci_low is not None and p.rps_ci_high is not None
    assert round(p.rps_ci_low, 1) == 75.2 and round(p.rps_ci_high, 1) == 124.8
    assert p.noisy  # +-25%: too wide to read a 10% step from
    assert not point(1, summary(1000), summary(1010), summary(990)).noisy


def test_a_gain_within_the_repetitions_noise_is_the_knee() -> None:
    # +20% on the means, but the repetitions scatter more than that: no real gain.
    noisy = [
        point(0, summary(100), summary(140), summary(60)),
        point(1, summary(120), summary(170), summary(70)),
    ]
    knee = find_knee(noisy, axis_count=1)
    assert (knee.reason, knee.point_index) == ("throughput_flat", 0)
    assert "within its repetitions' noise" in knee.sentence and "p = " in knee.sentence
    # The same +20% with tight repetitions is a real gain: the sweep still rises.
    tight = [
        point(0, summary(100), summary(101), summary(99)),
        point(1, summary(120), summary(121), summary(119)),
    ]
    assert find_knee(tight, axis_count=1).reason == "still_rising"


def threads_point(index: int, nbthread: int, *rps: float) -> AnalysisPoint:
    runs = [
        RunResult(
            run_id=10 * index + i,
            point_index=index,
            params={"proxy.global.nbthread": nbthread},
            summary=summary(r, bound="proxy_cpu"),
            connections=50,
            offered_rps=None,
            maxconn=None,
        )
        for i, r in enumerate(rps)
    ]
    point = analyze_point(runs)
    sentence = f"Proxy CPU-bound: HAProxy was 99% busy at {rps[0]:.0f} req/s; more threads or cores raise it."
    return point.model_copy(update={"verdict": sentence})


def test_advice_to_add_threads_follows_what_the_sweep_measured() -> None:
    axis = "proxy.global.nbthread"
    # The case: nbthread 2 was slower than nbthread 1 (275 vs 334).
    slower = advice_from_the_sweep([threads_point(0, 1, 334), threads_point(1, 2, 275)], axis, axis_count=1)
    assert "more threads" not in slower[0].verdict
    assert "raising nbthread does not help here: nbthread 2 measured 275 req/s (-18%)" in slower[0].verdict
    assert slower[1].verdict.endswith("more threads or cores raise it.")  # no higher point to read
    # Where more threads did help, the advice stands and says so.
    faster = advice_from_the_sweep([threads_point(0, 1, 200), threads_point(1, 2, 380)], axis, axis_count=1)
    agrees = "more threads or cores raise it. The sweep agrees: nbthread 2 measured 380 req/s (+90%)"
    assert agrees in faster[0].verdict
    # A gain within the repetitions' noise is no help.
    noisy = advice_from_the_sweep(
        [threads_point(0, 1, 300, 380, 220), threads_point(1, 2, 340, 420, 260)], axis, axis_count=1
    )
    assert "does not help" in noisy[0].verdict and "within noise" in noisy[0].verdict
    # Another axis says nothing about threads: the verdict is left as it is.
    other = advice_from_the_sweep([threads_point(0, 1, 334)], "load.connections", axis_count=1)
    assert other[0].verdict.endswith("more threads or cores raise it.")


def lever_point(index: int, kind: str, advice: Advice, value: int, rps: float) -> AnalysisPoint:
    """A point whose run was bound by `kind`, its verdict ending in the kind's advice as the worker
    writes it (tests/worker/test_verdicts.py holds the worker to the same endings)."""
    axis = f"proxy.global.{advice.lever}"
    run = RunResult(
        run_id=index,
        point_index=index,
        params={axis: value},
        summary=summary(rps, bound=kind),
        connections=50,
        offered_rps=None,
        maxconn=None,
    )
    return analyze_point([run]).model_copy(
        update={"verdict": f"{kind}-bound at {rps:.0f} req/s{advice.ending}"}
    )


@pytest.mark.parametrize(("kind", "advice"), sorted(ADVICE.items()))
def test_each_bounds_advice_is_read_against_a_sweep_of_its_lever(kind: str, advice: Advice) -> None:
    """Each lever fires on a run of its kind: a queue-bound run is of kind maxconn, and a sweep of
    maxconn says whether raising it helped (the analysis once looked for a kind "queue" no run has)."""
    axis = f"proxy.global.{advice.lever}"
    helped = advice_from_the_sweep(
        [lever_point(0, kind, advice, 1, 200), lever_point(1, kind, advice, 2, 380)], axis, 1
    )
    assert helped[0].bound == kind
    agrees = f"The sweep agrees: {advice.lever} 2 measured 380 req/s (+90%)."
    assert helped[0].verdict == f"{kind}-bound at 200 req/s{advice.ending} {agrees}"
    flat = advice_from_the_sweep(
        [lever_point(0, kind, advice, 1, 334), lever_point(1, kind, advice, 2, 275)], axis, 1
    )
    assert flat[0].verdict == (
        f"{kind}-bound at 334 req/s. The sweep says raising {advice.lever} does not help here: "
        f"{advice.lever} 2 measured 275 req/s (-18%)."
    )
    # The request log's note after the advice (worker/verdicts/phases.py): the advice goes, the note stays.
    note = "p99 2.0 s: 1.0 s in HAProxy's queue (Tw), 1.0 s at the server (Tr)."
    noted = [
        p.model_copy(update={"verdict": f"{p.verdict} {note}"})
        for p in (lever_point(0, kind, advice, 1, 334), lever_point(1, kind, advice, 2, 275))
    ]
    assert advice_from_the_sweep(noted, axis, 1)[0].verdict == (
        f"{kind}-bound at 334 req/s. {note} The sweep says raising {advice.lever} does not help here: "
        f"{advice.lever} 2 measured 275 req/s (-18%)."
    )


def test_no_knee_is_read_at_or_past_a_point_whose_injectors_were_the_limit() -> None:
    """300 -> 310 would be a flat step (a knee at 300), but at 310 the injectors fell behind: the
    310 is theirs, so the analysis says HAProxy served at least 300 and reads no knee. A stored
    client_cpu verdict (older workers) counts the same."""
    points = [point(0, summary(100)), point(1, summary(300)), point(2, summary(310, bound="injector"))]
    knee = find_knee(points, axis_count=1)
    assert (knee.reason, knee.point_index, knee.rps) == ("injector_bound", None, None)
    assert "at connections 50, run 20 found the injectors, not HAProxy, to be the limit" in knee.sentence
    assert "HAProxy served at least 300.0 req/s" in knee.sentence
    assert points[2].injector_bound_run_ids == [20] and points[1].injector_bound_run_ids == []
    # One repetition of three injector-bound is enough: the point's mean carries it.
    mixed = point(1, summary(300), summary(310, bound="client_cpu"), summary(305))
    assert mixed.injector_bound_run_ids == [11]
    first = find_knee([mixed, point(2, summary(600))], axis_count=1)
    assert first.reason == "injector_bound" and "HAProxy served at least" not in first.sentence


def test_advice_is_not_checked_against_a_point_whose_injectors_were_the_limit() -> None:
    axis = "proxy.global.nbthread"
    limited = threads_point(1, 2, 280).model_copy(update={"injector_bound_run_ids": [7]})
    read = advice_from_the_sweep([threads_point(0, 1, 334), limited], axis, axis_count=1)
    assert "does not help" not in read[0].verdict
    assert (
        "The sweep cannot check this: at nbthread 2 the injectors, not HAProxy, were the limit."
        in read[0].verdict
    )
