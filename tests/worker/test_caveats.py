"""Caveats: when the lab itself may have distorted a run's figures, read from synthetic samples."""

from __future__ import annotations

from typing import Any

from worker.verdicts.caveats import STALL_MS, run_caveats

DURATION = 8


def seconds(ts: range = range(-1, DURATION + 1), **per_key: float | list[float]) -> list[dict[str, Any]]:
    """One sample per t; a key's value is the same every second, or one value per second."""
    return [
        {"t": t, "data": {k: (v[i % len(v)] if isinstance(v, list) else v) for k, v in per_key.items()}}
        for i, t in enumerate(ts)
    ]


def healthy_run() -> dict[str, list[dict[str, Any]]]:
    return {
        "proxy": seconds(**{"fe.scur": 10.0}),
        "host:proxy-1": seconds(cpu_pct=40.0, steal_pct=0.0, tick_late_ms=2.0),
        "host:injector-1": seconds(cpu_pct=60.0, steal_pct=0.5, tick_late_ms=[3.0, 40.0]),
    }


def test_a_healthy_run_has_no_caveat() -> None:
    assert run_caveats(healthy_run(), DURATION, expect_proxy=True) == []


def test_a_host_whose_sampler_woke_late_stalled() -> None:
    samples = healthy_run()
    late = [2.0, 2.0, 1250.0, 2.0, STALL_MS, 2.0, 2.0, 2.0, 2.0, 2.0]  # t = -1 .. 8
    samples["host:injector-1"] = seconds(cpu_pct=99.0, tick_late_ms=late)
    [caveat] = run_caveats(samples, DURATION, expect_proxy=True)
    assert caveat.kind == "host_stalled"
    assert "injector-1" in caveat.sentence and "1.25 s late" in caveat.sentence
    evidence = {e.name: e.value for e in caveat.evidence}
    assert evidence == {"max_tick_late_ms": 1250.0, "stalled_seconds": 2}


def test_a_stall_outside_the_measured_seconds_does_not_count() -> None:
    samples = healthy_run()
    samples["host:proxy-1"] = seconds(tick_late_ms=[5000.0] + [1.0] * (DURATION + 1))  # t = -1: warm-up
    assert run_caveats(samples, DURATION, expect_proxy=True) == []


def test_cpu_stolen_by_the_hypervisor() -> None:
    samples = healthy_run()
    samples["host:proxy-1"] = seconds(steal_pct=[4.0, 12.0], tick_late_ms=1.0)
    [caveat] = run_caveats(samples, DURATION, expect_proxy=True)
    assert caveat.kind == "cpu_steal" and "proxy-1" in caveat.sentence
    assert {e.name: e.value for e in caveat.evidence} == {"mean_steal_pct": 8.0, "max_steal_pct": 12.0}


def test_a_source_with_gaps_is_named_and_one_lost_second_is_tolerated() -> None:
    samples = healthy_run()
    samples["proxy"] = seconds(range(0, 3), **{"fe.scur": 1.0})  # the proxy's batches stopped after t = 2
    samples["host:proxy-1"] = seconds(
        range(0, DURATION - 1), tick_late_ms=1.0
    )  # the last second raced collect
    [caveat] = run_caveats(samples, DURATION, expect_proxy=True)
    assert caveat.kind == "samples_missing" and caveat.sentence.startswith(
        "HAProxy (source proxy) sent 3 of the 8"
    )
    # A direct baseline bypasses the proxy: no proxy samples are expected.
    assert run_caveats(samples, DURATION, expect_proxy=False) == []
