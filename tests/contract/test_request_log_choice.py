"""Which fraction of requests HAProxy logs for a run (ExperimentSpec.request_log_one_in): the spec's
own choice, else the sampling rule on what the load can ask: an open loop's rate, a closed loop's
connections over the managed endpoint's delay (capped), a TCP session per kept connection."""

from __future__ import annotations

import pytest

from contract.examples import (
    seed_000_maxconn_capacity,
    seed_001_mariadb_maxconn,
    seed_002_small_instance_rate,
)
from contract.experiment import ExperimentSpec
from contract.request_timers import (
    CLOSED_LOOP_CEILING_PER_S,
    FULL_LOG_LINES_PER_S,
    RequestTimersSettings,
    expected_requests_per_s,
)


def with_load(spec: ExperimentSpec, **changes: object) -> ExperimentSpec:
    return spec.model_copy(update={"load": spec.load.model_copy(update=changes)})


def test_an_open_loop_above_the_full_rate_is_sampled_by_the_rule() -> None:
    spec = seed_002_small_instance_rate()
    assert with_load(spec, rate=FULL_LOG_LINES_PER_S * 3.5).request_log_one_in() == 4
    assert with_load(spec, rate=FULL_LOG_LINES_PER_S).request_log_one_in() == 1


def test_a_closed_loop_is_bounded_by_its_connections_over_the_endpoints_delay() -> None:
    spec = seed_000_maxconn_capacity()
    assert spec.load.rate is None
    endpoint = next(e for e in spec.target.endpoints if e.path == spec.load.path)  # type: ignore[union-attr]
    most = spec.load.connections * 1000 / max(endpoint.delay_ms, 1)
    expected = 1 if most <= FULL_LOG_LINES_PER_S else -(-most // FULL_LOG_LINES_PER_S)
    assert spec.request_log_one_in() == expected
    # 8 clients in front of a 50 ms endpoint ask at most 160 a second: every request is logged.
    assert expected_requests_per_s(
        rate=None, connections=8, endpoint_delay_ms=50, sessions_are_requests=True
    ) == pytest.approx(160)
    # Nothing bounds 40 connections to an endpoint that answers at once but the floor of 1 ms.
    fast = expected_requests_per_s(rate=None, connections=40, endpoint_delay_ms=0, sessions_are_requests=True)
    assert fast == 40_000
    # No path of the managed target (or an external one): only the ceiling bounds it.
    assert (
        expected_requests_per_s(
            rate=None, connections=10_000, endpoint_delay_ms=None, sessions_are_requests=True
        )
        == CLOSED_LOOP_CEILING_PER_S
    )


def test_a_tcp_entry_with_kept_connections_logs_a_session_per_connection() -> None:
    spec = seed_001_mariadb_maxconn()
    assert spec.request_log_one_in() == 1
    assert (
        expected_requests_per_s(rate=None, connections=64, endpoint_delay_ms=0, sessions_are_requests=False)
        == 64
    )


def test_the_specs_choice_wins_and_collect_false_logs_nothing() -> None:
    spec = seed_002_small_instance_rate()
    assert spec.model_copy(update={"timers": RequestTimersSettings(one_in=7)}).request_log_one_in() == 7
    assert (
        spec.model_copy(update={"timers": RequestTimersSettings(collect=False)}).request_log_one_in() is None
    )
