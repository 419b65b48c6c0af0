"""Result types: counters versus gauges, error totals, JSON round trips."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from pydantic import ValidationError

from contract.results import (
    ErrorCounts,
    InjectorSummary,
    LatencyPercentiles,
    LoadTotals,
    ProxySummary,
    RunSummary,
    SamplePoint,
    is_gauge,
)
from contract.verdict import RunVerdict


@pytest.mark.parametrize(
    "name",
    ["scur", "qcur", "rate", "req_rate", "cpu_pct", "latency_p99_ms", "app.s1.scur", "used_conns", "ttime"],
)
def test_gauges(name: str) -> None:
    assert is_gauge(name)


@pytest.mark.parametrize(
    "name",
    ["requests", "errors_timeout", "connect", "reuse", "bin", "bout", "hrsp_2xx", "app.s1.connect", "econ"],
)
def test_counters(name: str) -> None:
    assert not is_gauge(name)


def test_error_total_is_the_sum_and_is_serialized() -> None:
    errors = ErrorCounts(connect=1, timeout=2, non_2xx=3, other=4)
    assert errors.total == 10
    assert errors.model_dump()["total"] == 10
    assert ErrorCounts.model_validate(errors.model_dump()) == errors
    with pytest.raises(ValidationError, match="total"):
        ErrorCounts.model_validate({"connect": 1, "total": 5})


def test_run_summary_round_trips() -> None:
    latency = LatencyPercentiles(p50=1.0, p90=2.0, p99=3.0, p999=4.0, max=5.0, mean=1.5)
    injector = InjectorSummary(
        agent="inj-1",
        driver="wrk",
        requests=100,
        successes=98,
        errors=ErrorCounts(timeout=2),
        duration_s=30.0,
        rps=3.3,
        bytes_per_s=1000.0,
        latency=latency,
        warnings=["wrk does not count connections that were never accepted"],
    )
    summary = RunSummary(
        injectors=[injector],
        total=LoadTotals(**injector.model_dump(include=set(LoadTotals.model_fields))),
        proxy=ProxySummary(connects=10, reuses=90, max_scur=20),
        verdict=RunVerdict(kind="unknown", sentence="ok"),
    )
    again = RunSummary.model_validate_json(summary.model_dump_json())
    assert again == summary
    assert again.total.errors.total == 2


def test_sample_point_keeps_numbers_and_refuses_others() -> None:
    point = SamplePoint(
        source="proxy:fe", t=3, ts=datetime(2024, 1, 1, tzinfo=UTC), data={"scur": 20, "rtime": 1.5}
    )
    assert SamplePoint.model_validate_json(point.model_dump_json()) == point
    with pytest.raises(ValidationError, match="data"):
        SamplePoint.model_validate(
            {"source": "x", "t": 0, "ts": "2024-01-01T00:00:00Z", "data": {"a": "high"}}
        )
