"""The clock exchange's arithmetic (RFC 5905's offset and round trip) and its filter."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from contract.clock import CLOCK_BOUND_MS, ClockEcho, ClockMeasurement, best_of, from_exchange

T0 = datetime(2026, 11, 27, 10, 0, tzinfo=UTC)


def ms(value: float) -> timedelta:
    return timedelta(milliseconds=value)


def exchange(
    agent_behind_ms: float, out_ms: float, back_ms: float, api_busy_ms: float = 1.0
) -> ClockMeasurement:
    """One exchange with the agent's clock `agent_behind_ms` behind the API's, the request taking
    `out_ms` to arrive and the answer `back_ms` to come back."""
    t1 = T0  # agent's clock
    t2 = T0 + ms(agent_behind_ms + out_ms)  # API's clock
    t3 = t2 + ms(api_busy_ms)
    t4 = T0 + ms(out_ms + api_busy_ms + back_ms)  # agent's clock again
    echo = ClockEcho(agent_sent_at=t1, api_received_at=t2, api_sent_at=t3)
    return from_exchange(echo, t4)


def test_a_symmetric_exchange_gives_the_offset_exactly_and_the_network_time_as_round_trip() -> None:
    m = exchange(agent_behind_ms=200, out_ms=3, back_ms=3, api_busy_ms=5)
    assert m.offset_ms == pytest.approx(200)
    assert m.round_trip_ms == pytest.approx(6)  # the API's 5 ms are not the network's
    assert m.measured_at == T0 + ms(200 + 3 + 5)  # t3, on the API's clock


def test_an_agent_ahead_has_a_negative_offset() -> None:
    assert exchange(agent_behind_ms=-150, out_ms=1, back_ms=1).offset_ms == pytest.approx(-150)


@pytest.mark.parametrize(("out_ms", "back_ms"), [(10, 0), (0, 10), (7, 2), (0.2, 30)])
def test_asymmetric_delays_err_by_at_most_half_the_round_trip(out_ms: float, back_ms: float) -> None:
    m = exchange(agent_behind_ms=42, out_ms=out_ms, back_ms=back_ms)
    assert m.round_trip_ms == pytest.approx(out_ms + back_ms)
    assert abs(m.offset_ms - 42) <= m.error_bound_ms + 1e-9
    assert m.offset_ms == pytest.approx(42 + (out_ms - back_ms) / 2)


def test_the_filter_keeps_the_exchange_with_the_smallest_round_trip() -> None:
    queued = exchange(agent_behind_ms=80, out_ms=40, back_ms=1)  # waited 40 ms on the way out: 19.5 ms off
    clean = exchange(agent_behind_ms=80, out_ms=0.5, back_ms=0.5)
    late = exchange(agent_behind_ms=80, out_ms=1, back_ms=25)
    best = best_of([queued, clean, late])
    assert best.offset_ms == pytest.approx(80)
    assert best.round_trip_ms == pytest.approx(1)
    assert best.exchanges == 3
    with pytest.raises(ValueError, match="no clock exchange"):
        best_of([])


def test_a_loopback_exchange_read_a_hair_negative_is_a_zero_round_trip() -> None:
    echo = ClockEcho(agent_sent_at=T0, api_received_at=T0 + ms(0.05), api_sent_at=T0 + ms(0.06))
    assert from_exchange(echo, T0 + ms(0.005)).round_trip_ms == 0


def test_the_bound_is_on_the_offset_either_way() -> None:
    def at(offset_ms: float) -> ClockMeasurement:
        return ClockMeasurement(offset_ms=offset_ms, round_trip_ms=1, measured_at=T0)

    assert not at(CLOCK_BOUND_MS).beyond_bound
    assert at(CLOCK_BOUND_MS + 0.1).beyond_bound
    assert at(-CLOCK_BOUND_MS - 0.1).beyond_bound
