"""How far an agent's clock is from the API's: an NTP-style four-timestamp exchange.

The agent sends t1 (its clock), the API stamps t2 when the request reaches it and t3 as it
answers, the agent reads t4 when the answer is back. With the network's delay the same both
ways, the agent's clock is behind the API's by

    offset = ((t2 - t1) + (t3 - t4)) / 2        round trip = (t4 - t1) - (t3 - t2)

(RFC 5905, section 8). The true offset lies within half the round trip of the computed one
whatever the delays, so of several exchanges the one with the smallest round trip is kept, as
NTP's clock filter does (the others waited in a queue on one side or the other).

An agent measures at hello (stored on its agent row) and at each run's warm-up (StartSampling's
answer; stored per agent in the run's environment). It turns the run's instants (t0, start_at,
lease ends) into its own clock with the offset, and its injectors' first sends back into the
API's, so the seconds of several hosts line up on one clock.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from pydantic import AwareDatetime, BaseModel, Field

from contract.strict import StrictModel

# Two injectors whose first requests left more than this apart, or an agent whose clock is this
# far off the API's, give the run a caveat (worker/verdicts/clocks.py). 20 ms: a fiftieth of the
# 1-second sample, the smallest unit figures are read in, and ten times what NTP keeps a LAN host
# to; a host further off than that is not keeping time, and its tools' own timestamps are off too.
CLOCK_BOUND_MS = 20.0
# Exchanges per measurement: the best of eight rides out a busy moment on either side and costs
# eight small requests (a few milliseconds on a LAN).
CLOCK_EXCHANGES = 8
# ... and no more than this long, however many that leaves (at least one): a run's StartSampling
# waits for the measurement, and an API slowed by hundreds of labs at once (0.6 s an exchange,
# docs/benchmarks.md "Many labs at once") made eight take longer than the command's timeout. The
# best of fewer still carries its round trip, which bounds its error and is shown with it.
CLOCK_BUDGET_S = 2.0


class ClockProbe(BaseModel):
    """The body of POST /agent/clock: the agent's clock as it sent the request (t1)."""

    agent_sent_at: AwareDatetime = Field(description="t1: the agent's clock when it sent this request.")


class ClockEcho(BaseModel):
    """The answer to a ClockProbe: t1 back, with the API's clock on receipt (t2) and reply (t3)."""

    agent_sent_at: AwareDatetime = Field(description="t1, as the agent sent it.")
    api_received_at: AwareDatetime = Field(description="t2: the API's clock when the request reached it.")
    api_sent_at: AwareDatetime = Field(description="t3: the API's clock as it answered.")


class ClockMeasurement(StrictModel):
    """One agent's clock against the API's: the best of several exchanges."""

    offset_ms: float = Field(
        allow_inf_nan=False,
        description=(
            "How far the API's clock is ahead of the agent's (negative: the agent's is ahead), in "
            "milliseconds; true to within half the round trip."
        ),
    )
    round_trip_ms: float = Field(
        ge=0, allow_inf_nan=False, description="The kept exchange's network round trip, in milliseconds."
    )
    measured_at: AwareDatetime = Field(description="When it was measured, on the API's clock.")
    exchanges: int = Field(
        default=1, ge=1, description="Exchanges made; the one with the smallest round trip is kept."
    )

    @property
    def error_bound_ms(self) -> float:
        """The true offset is within this of offset_ms (half the round trip)."""
        return self.round_trip_ms / 2

    @property
    def beyond_bound(self) -> bool:
        return abs(self.offset_ms) > CLOCK_BOUND_MS


def _ms(later: datetime, earlier: datetime) -> float:
    return (later - earlier).total_seconds() * 1000


def from_exchange(echo: ClockEcho, agent_received_at: datetime) -> ClockMeasurement:
    """The offset and round trip of one exchange (t4: the agent's clock when the echo came back)."""
    t1, t2, t3, t4 = echo.agent_sent_at, echo.api_received_at, echo.api_sent_at, agent_received_at
    offset = (_ms(t2, t1) + _ms(t3, t4)) / 2
    # Clamped at 0: clocks read at microsecond resolution can make a loopback exchange a hair negative.
    round_trip = max(0.0, _ms(t4, t1) - _ms(t3, t2))
    return ClockMeasurement(offset_ms=offset, round_trip_ms=round_trip, measured_at=t3)


def best_of(measurements: Iterable[ClockMeasurement]) -> ClockMeasurement:
    """The exchange with the smallest round trip (NTP's clock filter), counting them all."""
    kept = list(measurements)
    if not kept:
        raise ValueError("no clock exchange to choose from")
    best = min(kept, key=lambda m: m.round_trip_ms)
    return best.model_copy(update={"exchanges": len(kept)})
