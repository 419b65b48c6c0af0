"""The `clocks_apart` caveats: injectors that started apart, and agents whose clocks are off.

- Start spread: each injector says when its load began on the API's clock
  (InjectorSummary.started_at: its tool's first send where the tool records it, else the moment
  the agent started the tool). Injectors further apart than CLOCK_BOUND_MS did not load the
  proxy together at the window's edges: for that long only some of them sent.
- Offset: an agent's clock further than CLOCK_BOUND_MS off the API's, as measured at the run's
  warm-up (RunEnvironment.agents[...].clock). Its start and sample seconds were put on the API's
  clock with that offset, but a host that far off is not keeping time: it may drift during the
  run, and its tools' own timestamps are off by as much.
With one injector there is no spread to read; the offset check still applies.
"""

from __future__ import annotations

from collections.abc import Sequence

from contract.clock import CLOCK_BOUND_MS, ClockMeasurement
from contract.numbers import fixed
from contract.results import InjectorSummary
from contract.run_environment import RunEnvironment
from contract.verdict import Caveat, Evidence
from worker.verdicts.rules import ev

_SOURCE = {
    "first_request": "its tool's first request",
    "tool_started": "when its tool was started (the tool keeps no send times)",
}


def _ms(value: float) -> str:
    return f"{fixed(value, 1)} ms"


def _source(source: str | None) -> str:
    return _SOURCE.get(source or "", "its report")


def start_spread(injectors: Sequence[InjectorSummary]) -> Caveat | None:
    started = sorted((s.started_at, s.agent, s.start_source) for s in injectors if s.started_at is not None)
    if len(started) < 2:
        return None
    first_at, first_agent, first_source = started[0]
    after_ms = [((at - first_at).total_seconds() * 1000, agent, source) for at, agent, source in started[1:]]
    spread_ms = after_ms[-1][0]
    if spread_ms <= CLOCK_BOUND_MS:
        return None
    later = "; ".join(f"{agent} {_ms(ms)} later, by {_source(source)}" for ms, agent, source in after_ms)
    return Caveat(
        kind="clocks_apart",
        sentence=(
            f"The injectors started {_ms(spread_ms)} apart (more than {_ms(CLOCK_BOUND_MS)}): {first_agent} "
            f"first, by {_source(first_source)}; {later}. For that long at the window's edges only some "
            "of them sent load, so its first and last seconds carry less than the run asked for."
        ),
        evidence=[
            ev("start_spread_ms", "first to last injector's start, on the API's clock", spread_ms, "ms"),
            *[
                ev("start_after_first_ms", f"{agent}: start after the first injector's", ms, "ms")
                for ms, agent, _ in after_ms
            ],
        ][:30],
    )


def _offset_phrase(name: str, roles: Sequence[str], clock: ClockMeasurement) -> str:
    side = "behind" if clock.offset_ms > 0 else "ahead of"
    return (
        f"the clock of {'/'.join(roles) or 'agent'} {name} is {_ms(abs(clock.offset_ms))} {side} the API's "
        f"(measured to within {_ms(clock.error_bound_ms)})"
    )


def clocks_off(environment: RunEnvironment) -> Caveat | None:
    off = [
        (name, agent.roles, agent.clock)
        for name, agent in sorted(environment.agents.items())
        if agent.clock is not None and agent.clock.beyond_bound
    ]
    if not off:
        return None
    named = "; ".join(_offset_phrase(name, roles, clock) for name, roles, clock in off)
    evidence: list[Evidence] = []
    for name, _, clock in off:
        evidence.append(ev("clock_offset_ms", f"{name}: API's clock minus its own", clock.offset_ms, "ms"))
        evidence.append(
            ev("clock_round_trip_ms", f"{name}: round trip of the measurement", clock.round_trip_ms, "ms")
        )
    return Caveat(
        kind="clocks_apart",
        sentence=(
            f"{named[0].upper()}{named[1:]}: more than {_ms(CLOCK_BOUND_MS)} off at the warm-up. Start and "
            "sample seconds were put on the API's clock with the offset measured then, but a host this far "
            "off is not keeping time (is NTP running?): it may drift during the run, and its tools' own "
            "timestamps are off by as much. Synchronise its clock before comparing runs."
        ),
        evidence=evidence[:30],
    )


def clock_caveats(environment: RunEnvironment, injectors: Sequence[InjectorSummary]) -> list[Caveat]:
    return [c for c in (start_spread(injectors), clocks_off(environment)) if c is not None]
