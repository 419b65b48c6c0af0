"""A staircase search's first run judged stage by stage (backend/runs/capacity/judge.py
observe_stages), its spec (contract.experiment.staircase_spec) and what a staircase refuses, pure."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from backend.runs.capacity.judge import ProbeFailedError, observe_stages
from contract.experiment import ExperimentSpec, staircase_spec
from contract.results import (
    Completeness,
    ErrorCounts,
    LatencyPercentiles,
    LoadTotals,
    RunSummary,
    StageResult,
)
from contract.run_state import RunState
from contract.search import NextProbe, SearchAnswer, SearchOutcome, plan_next
from contract.verdict import RunVerdict

P99 = {"metric": "latency_p99_ms", "operator": "<", "value": 100}
DELIVERED = {"metric": "rps", "operator": ">=", "value": 0.98, "relative_to": "asked_rate"}


def _doc(search: dict[str, Any] | None = None, load: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "proxy": {
            "defaults": {"mode": "http"},
            "frontends": [{"name": "fe", "bind": {"port": 8080}, "default_backend": "app"}],
            "backends": [{"name": "app", "target_servers": {}}],
        },
        "target": {"kind": "managed", "servers": 1},
        "load": {"driver": "vegeta", "path": "/fast"} | (load or {}),
        "search": {
            "vary": "load.rate",
            "method": "staircase",
            "objective": [P99, DELIVERED],
            "start": 200,
            "max": 800,
            "probe": {"duration_s": 5, "warmup_s": 1},
        }
        | (search or {}),
    }


SPEC = ExperimentSpec.model_validate(_doc())
RUN_SPEC = staircase_spec(SPEC).model_dump(mode="json", by_alias=True)


def _stage(index: int, target: float, p99: float, *, rps: float | None = None, late: int = 0) -> StageResult:
    rps = target if rps is None else rps
    latency = LatencyPercentiles(p50=5, p90=8, p95=9, p99=p99, p999=p99, max=p99, mean=5)
    start = 6 * index + 1
    return StageResult(
        index=index, kind="rate", target=target, start_s=start, end_s=start + 5,
        requests=int(rps * 5), successes=int(rps * 5), rps=rps, latency=latency,
        sent=int(target * 5), late_sends=late, dropped_sends=0,
    )  # fmt: skip


def _summary(stages: list[StageResult], *, bound: str = "maxconn", measured_s: float = 18) -> RunSummary:
    latency = LatencyPercentiles(p50=5, p90=8, p95=9, p99=50, p999=50, max=50, mean=5)
    totals = LoadTotals(
        requests=1, successes=1, errors=ErrorCounts(), duration_s=18, rps=1, bytes_per_s=1, latency=latency
    )
    return RunSummary(
        total=totals,
        stages=stages,
        verdict=RunVerdict(kind=bound, sentence=f"{bound} bound it"),
        completeness=Completeness(complete=measured_s >= 18, asked_s=18, measured_s=measured_s),
    )


def _observe(summary: RunSummary, state: RunState = RunState.succeeded):  # type: ignore[no-untyped-def]
    assert SPEC.search is not None
    return observe_stages(
        run_id=9, state=state, error=None, summary=summary, objective=SPEC.search.objective, spec=RUN_SPEC
    )


def test_the_staircase_run_climbs_the_stages_after_the_probes_warm_up_and_judges_no_rule_itself() -> None:
    load = RUN_SPEC["load"]
    assert [(s["rate"], s["duration_s"]) for s in load["stages"]] == [(200, 6), (400, 6), (800, 6)]
    assert load["duration_s"] == 18 and load["warmup_s"] == 1
    assert load["rate"] == pytest.approx(466.667)  # the stages' mean asked rate, derived
    assert RUN_SPEC["thresholds"] == [] and RUN_SPEC["search"] is None


def test_stages_count_up_to_the_first_failing_one_and_bisection_follows() -> None:
    seen = _observe(_summary([_stage(0, 200, 20), _stage(1, 400, 60), _stage(2, 800, 900)]))
    assert [(o.value, o.passed, o.stage_index) for o in seen] == [
        (200, True, 0),
        (400, True, 1),
        (800, False, 2),
    ]
    assert seen[2].failed_rule == "latency_p99_ms < 100 (was 900.00)"
    assert SPEC.search is not None
    assert plan_next(SPEC.search, seen) == NextProbe(600)  # between 400 (pass) and 800 (fail)
    # A failing middle stage ends the count: the queue it built spoils the stage above.
    spoiled = _observe(_summary([_stage(0, 200, 20), _stage(1, 400, 300), _stage(2, 800, 20)]))
    assert [(o.value, o.passed) for o in spoiled] == [(200, True), (400, False)]


def test_a_rule_relative_to_the_asked_rate_reads_the_stages_own_rate() -> None:
    seen = _observe(_summary([_stage(0, 200, 20, rps=199), _stage(1, 400, 20, rps=380)]))
    assert [o.passed for o in seen] == [True, False]  # 380 < 0.98 x 400, though > 0.98 x 200
    assert seen[1].failed_rule == "rps >= 0.98 x asked rate (was 380.00)"


def test_a_stage_off_its_schedule_is_inconclusive_and_ends_the_search_there() -> None:
    seen = _observe(_summary([_stage(0, 200, 20), _stage(1, 400, 20, late=100), _stage(2, 800, 20)]))
    assert [o.inconclusive is None for o in seen] == [True, False]
    assert seen[1].inconclusive == (
        "injector-bound (stage 1 sent 5.0% of its schedule late or not at all (100 late, 0 dropped))"
    )
    assert SPEC.search is not None
    answer = plan_next(SPEC.search, seen)
    assert isinstance(answer, SearchAnswer) and answer.outcome == SearchOutcome.inconclusive
    assert (
        answer.sentence.startswith("inconclusive: injector-bound (stage 1 sent")
        and "at 400 req/s" in answer.sentence
    )
    # ... a fail too when its lateness can lose the p99 rule by itself (latency is timed from the
    # slot, and 5% of the sends were late); a fail on schedule stands.
    failed = _observe(_summary([_stage(0, 200, 20), _stage(1, 400, 500, late=100)]))
    assert failed[1].inconclusive is not None and not failed[1].passed
    stands = _observe(_summary([_stage(0, 200, 20), _stage(1, 400, 500, rps=390)]))
    assert stands[1].inconclusive is None and not stands[1].passed


def test_the_runs_own_guards_land_on_the_last_counted_stage() -> None:
    bound = _observe(
        _summary([_stage(0, 200, 20), _stage(1, 400, 500), _stage(2, 800, 900)], bound="injector")
    )
    assert [o.passed for o in bound] == [True, False]
    # the failing stage kept its open-loop schedule: the proxy saw the load asked and failed on it
    assert bound[1].inconclusive is None and bound[1].failed_rule is not None
    # the same verdict on a stage that passed voids it: its injector may have been the limit
    passing = _observe(
        _summary([_stage(0, 200, 20), _stage(1, 400, 20), _stage(2, 800, 20)], bound="injector")
    )
    assert (
        passing[-1].inconclusive == "injector-bound (injector bound it)" and passing[-1].failed_rule is None
    )
    # Partial: the stages measured in full count, the one the run stopped in is inconclusive.
    cut = _summary([_stage(0, 200, 20), _stage(1, 400, 20)], measured_s=9)
    assert cut.completeness is not None
    cut.completeness.reasons.append("injector-1 stopped at 9 s")
    partial = _observe(cut, RunState.partial)
    assert [(o.value, o.passed, o.inconclusive) for o in partial] == [
        (200, True, None),
        (400, False, "partial probe (injector-1 stopped at 9 s)"),
    ]
    missing = _observe(_summary([_stage(0, 200, 20)]))  # no figures of stage 1 (an injector never reached it)
    assert missing[1].inconclusive == "the run has no figures of stage 1"


def test_a_failed_or_cancelled_staircase_run_stops_the_search() -> None:
    with pytest.raises(ProbeFailedError, match="probe run 9 cancelled"):
        _observe(_summary([]), RunState.cancelled)


@pytest.mark.parametrize(
    ("search", "load", "names"),
    [
        (
            {"objective": [{"metric": "qcur", "aggregate": "max", "operator": "<", "value": 5}]},
            {},
            "objective.0: a staircase judges each stage",
        ),
        (
            {"objective": [P99, {"metric": "proxy_max_scur", "operator": "<", "value": 5}]},
            {},
            "objective.1: a staircase",
        ),
        (
            {
                "objective": [
                    {"metric": "rps", "operator": ">=", "value": 0.5, "relative_to": "proxy.global.maxconn"}
                ]
            },
            {},
            "objective.0: a staircase's limits",
        ),
        (
            {},
            {"driver": "hey"},
            "search.method: a staircase is one run whose load climbs in stages, which hey cannot drive",
        ),
        ({}, {"stages": [{"duration_s": 5, "rate": 100}]}, "load.stages: a staircase search sets the stages"),
        (
            {"start": 1, "max": 1_000_000, "growth": 1.5, "max_probes": 40},
            {},
            "search.method: the staircase run (36 stages, 1 to 1,000,000) is not a valid run: "
            "load.stages: List should have at most 20 items",
        ),
    ],
)
def test_a_staircase_refuses_what_a_stage_cannot_judge_or_drive(
    search: dict[str, Any], load: dict[str, Any], names: str
) -> None:
    with pytest.raises(ValidationError) as error:
        ExperimentSpec.model_validate(_doc(search, load))
    assert names in str(error.value)


def test_a_closed_loop_staircase_steps_connections() -> None:
    spec = ExperimentSpec.model_validate(
        _doc({"vary": "load.connections", "start": 2, "max": 16, "objective": [P99]}, {"threads": 4})
    )
    load = staircase_spec(spec).load
    assert [s.connections for s in load.stages] == [2, 4, 8, 16]
    assert load.connections == 16 and load.threads == 2 and load.rate is None
