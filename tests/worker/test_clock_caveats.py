"""The `clocks_apart` caveats (worker/verdicts/clocks.py): injectors started apart, clocks off."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from contract.capabilities import Capabilities
from contract.clock import CLOCK_BOUND_MS, ClockMeasurement
from contract.results import InjectorSummary
from contract.run_environment import AgentEnvironment, RunEnvironment
from worker.verdicts.clocks import clock_caveats

T = datetime(2026, 11, 27, 10, 0, tzinfo=UTC)


def injector(name: str, after_ms: float | None, source: str = "first_request") -> InjectorSummary:
    started = T + timedelta(milliseconds=after_ms) if after_ms is not None else None
    return InjectorSummary.model_validate(
        {
            "agent": name,
            "driver": "vegeta",
            "requests": 0,
            "successes": 0,
            "duration_s": 1.0,
            "rps": 0.0,
            "bytes_per_s": 0.0,
            "started_at": started,
            "start_source": source if started else None,
        }
    )


def environment(**offsets: float | None) -> RunEnvironment:
    return RunEnvironment(
        agents={
            name: AgentEnvironment(
                roles=["injector"],
                capabilities=Capabilities(),
                clock=ClockMeasurement(offset_ms=off, round_trip_ms=0.8, measured_at=T)
                if off is not None
                else None,
            )
            for name, off in offsets.items()
        }
    )


def test_injectors_started_together_and_clocks_in_step_give_no_caveat() -> None:
    env = environment(inj_a=1.5, inj_b=-3.0)
    assert clock_caveats(env, [injector("inj_a", 0), injector("inj_b", CLOCK_BOUND_MS)]) == []


def test_injectors_started_further_apart_than_the_bound_are_named_with_the_numbers() -> None:
    [caveat] = clock_caveats(
        environment(inj_a=0.5, inj_b=0.2, inj_c=None),
        [injector("inj_c", 35, "tool_started"), injector("inj_a", 0), injector("inj_b", 4)],
    )
    assert caveat.kind == "clocks_apart"
    assert caveat.sentence.startswith("The injectors started 35.0 ms apart (more than 20.0 ms): inj_a first")
    assert "inj_c 35.0 ms later, by when its tool was started" in caveat.sentence
    assert "inj_b 4.0 ms later, by its tool's first request" in caveat.sentence
    assert {(e.name, e.value) for e in caveat.evidence} >= {("start_spread_ms", 35.0)}


def test_one_injector_has_no_spread_but_its_clock_is_still_checked() -> None:
    assert clock_caveats(environment(inj_a=0.0), [injector("inj_a", 900)]) == []
    [caveat] = clock_caveats(environment(inj_a=-200.4), [injector("inj_a", 0)])
    assert caveat.kind == "clocks_apart"
    assert caveat.sentence.startswith(
        "The clock of injector inj_a is 200.4 ms ahead of the API's (measured to within 0.4 ms): "
        "more than 20.0 ms off at the warm-up."
    )
    assert [(e.name, e.value) for e in caveat.evidence] == [
        ("clock_offset_ms", -200.4),
        ("clock_round_trip_ms", 0.8),
    ]


def test_a_clock_behind_is_said_to_be_behind_and_unmeasured_clocks_are_not_judged() -> None:
    [caveat] = clock_caveats(environment(inj_a=25.0, inj_b=None), [])
    assert "inj_a is 25.0 ms behind the API's" in caveat.sentence
    assert "inj_b" not in caveat.sentence
