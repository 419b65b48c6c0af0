"""This agent's clock, and how far it is from the API's (contract.clock has the exchange's arithmetic).

`host_time()` is the agent's reading of its host's wall clock; every wall-clock reading the agent
makes for a run (its sampling ticks, the clock exchange) goes through it. `ApiClock` keeps the
latest measurement against the API: the run's instants (t0, start_at, lease ends), which the
worker gives on the API's clock, become this host's with `to_host`; an injector's first send
goes back with `to_api`. Until a measurement succeeds the offset is taken as 0, as before clocks
were measured.

The test hook HAPLAB_AGENT_TEST_CLOCK_SKEW_MS (milliseconds, default 0; read once at start, by
tests only: never set it on a real host) adds that much to every reading `host_time()` makes, as
if this host's clock were that far ahead. The tools the injector runs read the machine's own
clock, which the hook does not touch: `tool_epoch`/`from_tool` convert between them (identities
without the hook). A second test hook, HAPLAB_AGENT_TEST_START_DELAY_MS, makes an injector start
its load that much after the run's start_at (with its clock right), so a test can hold the
start-spread check to two injectors that really started apart.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from datetime import UTC, datetime, timedelta
from typing import Protocol

from agents.gateway import GatewayError
from contract.clock import (
    CLOCK_BUDGET_S,
    CLOCK_EXCHANGES,
    ClockEcho,
    ClockMeasurement,
    ClockProbe,
    best_of,
    from_exchange,
)

log = logging.getLogger(__name__)

TEST_CLOCK_SKEW_ENV = "HAPLAB_AGENT_TEST_CLOCK_SKEW_MS"
TEST_START_DELAY_ENV = "HAPLAB_AGENT_TEST_START_DELAY_MS"


def _test_hook_s(env: str, what: str) -> float:
    text = os.environ.get(env, "").strip()
    if not text:
        return 0.0
    try:
        value_ms = float(text)
    except ValueError:
        raise SystemExit(f"{env}={text!r}: a number of milliseconds") from None
    log.warning("test hook %s: %s %+g ms", env, what, value_ms)
    return value_ms / 1000


TEST_SKEW_S = _test_hook_s(TEST_CLOCK_SKEW_ENV, "this agent's clock reads off the host's by")
TEST_START_DELAY_S = _test_hook_s(TEST_START_DELAY_ENV, "this injector starts its load after start_at by")


def host_time() -> float:
    """The host's wall clock as the agent reads it (Unix seconds)."""
    return time.time() + TEST_SKEW_S


def host_now() -> datetime:
    return datetime.fromtimestamp(host_time(), UTC)


def tool_epoch(host_epoch: float) -> float:
    """An instant of the agent's clock on the clock the tools it runs read (the test hook apart)."""
    return host_epoch - TEST_SKEW_S


def from_tool(epoch: float) -> float:
    """An instant a tool recorded, on the agent's clock."""
    return epoch + TEST_SKEW_S


class ClockExchanger(Protocol):
    """One POST /agent/clock (agents.gateway.Gateway.clock)."""

    def clock(self, probe: ClockProbe) -> ClockEcho: ...


class ApiClock:
    """The latest measurement of this agent's clock against the API's (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._measurement: ClockMeasurement | None = None

    @property
    def measurement(self) -> ClockMeasurement | None:
        with self._lock:
            return self._measurement

    @property
    def offset_s(self) -> float:
        """API clock minus this host's (0 until measured)."""
        measurement = self.measurement
        return measurement.offset_ms / 1000 if measurement is not None else 0.0

    def measure(
        self, gateway: ClockExchanger, exchanges: int = CLOCK_EXCHANGES, budget_s: float = CLOCK_BUDGET_S
    ) -> ClockMeasurement:
        """Exchange `exchanges` times (fewer once `budget_s` has passed, at least once) and keep the
        best (contract.clock.best_of); raises what the gateway raises (the backend unreachable)
        without changing the kept measurement."""
        taken: list[ClockMeasurement] = []
        started = time.monotonic()
        while len(taken) < exchanges and (not taken or time.monotonic() - started < budget_s):
            echo = gateway.clock(ClockProbe(agent_sent_at=host_now()))
            taken.append(from_exchange(echo, host_now()))
        measurement = best_of(taken)
        with self._lock:
            self._measurement = measurement
        log.info(
            "clock: %+.1f ms off the API's (round trip %.1f ms, best of %d)",
            -measurement.offset_ms,
            measurement.round_trip_ms,
            len(taken),
        )
        return measurement

    def measure_or_none(
        self, gateway: ClockExchanger, exchanges: int = CLOCK_EXCHANGES
    ) -> ClockMeasurement | None:
        """`measure`, or None when the backend did not answer (the last measurement is kept and
        used): a clock that could not be measured must not stop a hello or a run's sampling."""
        try:
            return self.measure(gateway, exchanges)
        except GatewayError as exc:
            log.warning("clock not measured (%s): the last measurement is kept", exc)
            return None

    def to_host(self, api_time: datetime) -> float:
        """An instant on the API's clock, on this host's (Unix seconds, as host_time reads)."""
        return api_time.timestamp() - self.offset_s

    def to_api(self, host_epoch: float) -> datetime:
        """An instant on this host's clock, on the API's."""
        return datetime.fromtimestamp(host_epoch, UTC) + timedelta(seconds=self.offset_s)
