"""Completeness: a run whose load fell short of its window is named partial, with the reason;
a run cut short by a fault keeps what it measured. Pure logic on synthetic summaries and samples."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from contract.examples import seed_000_maxconn_capacity, seed_001_mariadb_maxconn
from contract.experiment import ExperimentSpec
from contract.results import InjectorSummary
from worker.completeness import assess, cut_short_summary, entry_sections

T0 = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)


def spec(duration_s: int = 40) -> ExperimentSpec:
    doc = seed_000_maxconn_capacity().model_dump(mode="json", by_alias=True)
    doc["load"]["duration_s"] = duration_s
    return ExperimentSpec.model_validate(doc)


def injector(duration_s: float, stop_reason: str | None = None, successes: int = 1000) -> InjectorSummary:
    return InjectorSummary(
        agent="injector-1",
        driver="hey",
        requests=successes,
        successes=successes,
        duration_s=duration_s,
        rps=successes / duration_s,
        bytes_per_s=0.0,
        stop_reason=stop_reason,
    )


def seconds(ts: range, **data: float) -> list[dict[str, Any]]:
    return [{"t": t, "data": dict(data)} for t in ts]


def all_sampled(duration: int) -> dict[str, list[dict[str, Any]]]:
    return {"proxy": seconds(range(-2, duration)), "host:injector-1": seconds(range(-2, duration))}


def test_a_run_that_covered_its_window_is_complete() -> None:
    done = assess(spec(40), [injector(40.02)], all_sampled(40), T0)
    assert done.complete and done.reasons == []
    assert done.measured_s == 40.0  # never more than asked: a tool's overrun is not measured time
    assert done.load_started_at == T0 and done.load_ended_at == T0 + timedelta(seconds=40)


def test_a_lease_that_expired_leaves_the_run_partial_with_the_reason() -> None:
    # The agents sampled until the worker came back (t = 25), not to the 40 s asked: those
    # missing seconds are no extra reason, the load had stopped.
    done = assess(spec(40), [injector(17.5, "stopped: lease expired")], all_sampled(25), T0)
    assert not done.complete
    assert done.measured_s == 17.5
    assert done.load_ended_at == T0 + timedelta(seconds=17.5)
    stopped, short = done.reasons
    assert "injector-1" in stopped and "17.5 s of 40 s" in stopped and "lease expired" in stopped
    # Under half the window asked: its figures stand for too little, and the page greys them.
    assert done.too_short and short.startswith("too short to measure: the load covered 17.5 s of the 40 s")


@pytest.mark.parametrize(("ran_s", "complete"), [(39.2, True), (37.9, False), (20.0, False)])
def test_a_tool_that_ended_early_is_partial_beyond_the_tolerance(ran_s: float, complete: bool) -> None:
    # 40 s asked: a shortfall up to max(1 s, 5%) = 2 s is a tool's normal edge.
    done = assess(spec(40), [injector(ran_s)], all_sampled(40), T0)
    assert done.complete is complete
    if not complete:
        assert f"{ran_s:.1f} s of the 40 s asked" in done.reasons[0]


def test_missing_samples_beyond_a_small_share_leave_the_run_partial() -> None:
    samples = all_sampled(40)
    samples["host:injector-1"] = seconds(range(-2, 39))  # the last second lost: tolerated
    assert assess(spec(40), [injector(40.0)], samples, T0).complete
    samples["proxy"] = [s for s in seconds(range(-2, 40)) if not 10 <= s["t"] < 16]  # 6 s gap
    done = assess(spec(40), [injector(40.0)], samples, T0)
    assert not done.complete
    assert done.reasons == ["proxy sent 34 of the 40 measured seconds"]


def test_overflow_parts_of_the_proxy_count_as_one_source() -> None:
    samples = all_sampled(20)
    samples["proxy:2"] = seconds(range(0, 3))  # a big config's second part, only some seconds
    assert assess(spec(20), [injector(20.0)], samples, T0).complete


def slap(covered_s: float) -> InjectorSummary:
    return InjectorSummary(
        agent="injector-1",
        driver="mariadb-slap",
        requests=2000,
        successes=2000,
        duration_s=covered_s,
        rps=round(2000 / covered_s, 3),
        bytes_per_s=0.0,
        window_source="tool_totals",
        window_s=covered_s,
    )


def test_sql_load_that_finished_far_inside_its_window_is_too_short_to_measure() -> None:
    """Seed 001 on the browser suite: 2,000 queries ran in 0.2 s of the 5 s asked, "8,928.6 req/s"
    in large type. A tool that runs a fixed amount of work must fill the window it was asked for
    (at least half of it, and 2 s): otherwise the run is partial and says why."""
    doc = ExperimentSpec.model_validate(
        {
            **seed_001_mariadb_maxconn().model_dump(mode="json", by_alias=True),
            "load": {**seed_001_mariadb_maxconn().load.model_dump(mode="json"), "duration_s": 5},
        }
    )
    samples = {"proxy": seconds(range(0, 5)), "host:injector-1": seconds(range(0, 5))}
    done = assess(doc, [slap(0.224)], samples, T0)
    assert not done.complete and done.too_short and done.measured_s == 0.224
    assert done.reasons == [
        "too short to measure: mariadb-slap ran its queries in 0.2 s of the 5 s asked (under half, or "
        "under 2 s); give it more queries or iterations to fill the window"
    ]
    # Queries that filled most of the window: complete (no tolerance applies to a fixed amount of work).
    assert assess(doc, [slap(3.1)], samples, T0).complete


def test_a_lost_injector_leaves_a_summary_from_haproxys_busy_seconds() -> None:
    frontend, _ = entry_sections(spec(40))
    busy = seconds(
        range(0, 8),
        **{
            f"{frontend}.req_tot": 50,
            f"{frontend}.hrsp_2xx": 45,
            f"{frontend}.hrsp_5xx": 5,
            f"{frontend}.bout": 1000,
        },
    )
    idle = seconds(range(8, 23), **{f"{frontend}.req_tot": 0})  # sampled until the worker noticed
    lost = "agent injector-1 lost during running"
    summary = cut_short_summary(spec(40), lost, [], {"proxy": busy + idle}, T0)
    assert summary is not None and summary.completeness is not None
    assert summary.completeness.complete is False
    assert summary.completeness.totals_from == "proxy"
    assert summary.completeness.reasons == [lost]
    assert summary.completeness.measured_s == 8  # the busy seconds, not the idle tail
    assert summary.total.successes == 8 * 45 and summary.total.errors.non_2xx == 8 * 5
    assert summary.total.rps == 45.0  # over the 8 s that had load, not 40 s asked nor 23 s sampled
    assert summary.proxy is not None and summary.proxy.bytes_out_per_s == 1000.0


def test_a_run_cut_short_after_the_tools_reported_keeps_their_figures() -> None:
    summary = cut_short_summary(spec(40), "collecting timed out", [injector(40.0)], all_sampled(40), T0)
    assert summary is not None and summary.completeness is not None
    assert summary.completeness.totals_from == "injectors"
    assert summary.total.successes == 1000


def test_nothing_measured_means_no_summary() -> None:
    assert cut_short_summary(spec(40), "lost", [], {"proxy": seconds(range(-3, 0))}, T0) is None
