"""Open-loop schedules of several injectors merge by adding rates and counts; the worst lag wins."""

from __future__ import annotations

from contract.results import InjectorSummary, OpenLoopStats
from worker.summaries import merge_injectors


def injector(name: str, stats: OpenLoopStats | None) -> InjectorSummary:
    return InjectorSummary(
        agent=name,
        driver="vegeta",
        requests=100,
        successes=100,
        duration_s=1,
        rps=100,
        bytes_per_s=0,
        open_loop=stats,
    )


def test_two_injectors_add_up_and_keep_the_worst_lag() -> None:
    a = OpenLoopStats(
        target_rate=100,
        sent=100,
        send_rate=100,
        late_sends=2,
        dropped_sends=0,
        max_send_lag_ms=12.5,
        late_threshold_ms=10,
    )
    b = OpenLoopStats(
        target_rate=100,
        sent=99,
        send_rate=99,
        late_sends=0,
        dropped_sends=1,
        max_send_lag_ms=3.0,
        late_threshold_ms=10,
    )
    merged = merge_injectors([injector("i1", a), injector("i2", b)]).open_loop
    assert merged is not None
    assert (merged.target_rate, merged.sent, merged.send_rate) == (200, 199, 199)
    assert (merged.late_sends, merged.dropped_sends, merged.max_send_lag_ms) == (2, 1, 12.5)


def test_closed_loop_injectors_have_no_schedule() -> None:
    assert merge_injectors([injector("i1", None)]).open_loop is None
