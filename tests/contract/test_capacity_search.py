"""The capacity search's spec and its pure plan (contract/search.py): what the next probe is and
when the search has its answer, against simulated configs whose capacity is known."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from contract.experiment import ExperimentSpec, probe_spec
from contract.search import (
    CapacitySearch,
    NextProbe,
    Observation,
    SearchAnswer,
    SearchOutcome,
    plan_next,
    probe_count_bound,
    staircase_values,
)

P99 = {"metric": "latency_p99_ms", "operator": "<", "value": 100}


def search(**overrides: Any) -> CapacitySearch:
    fields: dict[str, Any] = {"vary": "load.rate", "objective": [P99], "start": 100, "max": 5000}
    return CapacitySearch.model_validate(fields | overrides)


def run_search(plan: CapacitySearch, passes: Any, guard: Any = None) -> tuple[SearchAnswer, list[float]]:
    """Probe a simulated config until the plan answers; passes(value) says if a probe passes."""
    seen: list[Observation] = []
    while True:
        step = plan_next(plan, seen)
        if isinstance(step, SearchAnswer):
            return step, [o.value for o in seen]
        assert isinstance(step, NextProbe)
        again = [o for o in seen if o.value == step.value]
        # a value is probed twice only to confirm the fail that decides the answer
        assert not again or (len(again) == 1 and not again[0].passed), (step.value, seen)
        why = guard(step.value) if guard else None
        ok = passes(step.value)
        seen.append(
            Observation(
                value=step.value,
                passed=ok and why is None,
                inconclusive=why,
                failed_rule=None if ok else "latency_p99_ms < 100",
            )
        )


@pytest.mark.parametrize("capacity", [7.3, 37, 250, 500, 1000, 1234, 4999])
@pytest.mark.parametrize("precision", [0.01, 0.02, 0.05])
def test_the_answer_is_a_passing_value_within_the_precision_of_the_capacity(
    capacity: float, precision: float
) -> None:
    plan = search(precision=precision, start=10 if capacity < 10 else 100)
    answer, probed = run_search(plan, lambda value: value <= capacity)
    assert answer.outcome == SearchOutcome.capacity
    assert answer.capacity is not None and answer.bracket_high is not None
    assert answer.capacity <= capacity < answer.bracket_high
    assert answer.capacity in probed and answer.bracket_high in probed
    # within the precision, or the two are a whole step apart (whole req/s from 20 up)
    assert answer.bracket_high - answer.capacity <= max(precision * answer.capacity, 1.0)
    assert answer.within_precision
    assert answer.safe == pytest.approx(plan.rounded(answer.capacity * 0.8))
    assert answer.failed_rule == "latency_p99_ms < 100"
    assert len(probed) <= probe_count_bound(plan)


def test_growth_then_bisection_order() -> None:
    _, probed = run_search(search(precision="2%"), lambda value: value <= 500)
    assert probed[:4] == [100, 200, 400, 800]
    assert probed[4] == 600  # the middle of the last pass and the first fail


def test_connections_are_whole_and_the_bracket_can_close_at_one_step() -> None:
    plan = search(vary="load.connections", start=4, max=512, precision=0.005)
    answer, probed = run_search(plan, lambda value: value <= 13)
    assert all(value == int(value) for value in probed)
    assert (answer.capacity, answer.bracket_high) == (13, 14)


def test_above_max_is_not_a_capacity() -> None:
    answer, probed = run_search(search(max=3000), lambda value: True)
    assert answer.outcome == SearchOutcome.above_max
    assert answer.capacity is None and answer.bracket_low == 3000 == probed[-1]


def test_a_start_that_fails_steps_down_then_gives_up_below_the_floor() -> None:
    answer, probed = run_search(search(start=1000), lambda value: value <= 300)
    assert probed[:2] == [1000, 500]
    assert answer.outcome == SearchOutcome.capacity and answer.capacity is not None
    assert answer.capacity <= 300
    answer, probed = run_search(search(start=1000), lambda value: False)
    assert answer.outcome == SearchOutcome.below_floor
    assert answer.capacity is None and len(probed) == 5


def test_a_guard_ends_the_search_inconclusive_without_a_number() -> None:
    answer, probed = run_search(
        search(),
        lambda value: value <= 10_000,
        guard=lambda value: "injector-bound" if value > 1000 else None,
    )
    assert answer.outcome == SearchOutcome.inconclusive
    assert answer.capacity is None
    assert "injector-bound at 1,600 req/s" in answer.sentence
    assert answer.bracket_low == 800 and probed[-1] == 1600


def test_the_probe_budget_ends_with_the_bracket_it_has() -> None:
    answer, probed = run_search(search(max_probes=6), lambda value: value <= 500)
    assert len(probed) == 6
    assert answer.outcome == SearchOutcome.capacity and not answer.within_precision
    assert "probe budget" in answer.sentence


def test_noise_above_the_knee_is_bounded_by_the_lowest_fail() -> None:
    # 600 fails once, 700 passes once: the lowest fail bounds the capacity, and it says so
    seen = [
        Observation(value=v, passed=p, failed_rule=None if p else "r")
        for v, p in [
            (100, True),
            (200, True),
            (400, True),
            (800, False),
            (600, False),
            (500, True),
            (700, True),
        ]
    ]
    step = plan_next(search(), seen)
    assert isinstance(step, NextProbe) and step.value == 550


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"start": 6000}, "start"),
        ({"precision": 2}, "precision"),
        ({"precision": "two"}, "precision"),
        ({"vary": "load.connections", "start": 2.5}, "connections"),
        ({"objective": []}, "objective"),
        ({"objective": [P99 | {"per_point": "mean"}]}, "objective.0"),
        ({"objective": [P99 | {"abort_on_fail": True}]}, "objective.0"),
        ({"objective": [{"metric": "no_such_figure", "operator": "<", "value": 1}]}, "objective"),
    ],
)
def test_bad_searches_are_refused_naming_the_field(overrides: dict[str, Any], field: str) -> None:
    with pytest.raises(ValidationError) as error:
        search(**overrides)
    assert field in str(error.value)


def test_precision_reads_a_percentage() -> None:
    assert search(precision="2%").precision == pytest.approx(0.02)
    assert search(precision=0.05).precision == pytest.approx(0.05)


def test_staircase_climbs_to_max() -> None:
    assert staircase_values(search(start=100, max=1000)) == [100, 200, 400, 800, 1000]


def _spec(
    load: dict[str, Any], search_fields: dict[str, Any], sweep: dict[str, Any] | None = None
) -> dict[str, Any]:
    return {
        "proxy": {
            "defaults": {"mode": "http"},
            "frontends": [{"name": "fe", "bind": {"port": 8080}, "default_backend": "app"}],
            "backends": [{"name": "app", "target_servers": {}}],
        },
        "target": {"kind": "managed", "servers": 1},
        "load": {"path": "/fast"} | load,
        "sweep": sweep or {"axes": []},
        "search": {"objective": [P99], "start": 100, "max": 2000} | search_fields,
    }


def test_a_probe_runs_the_searched_value_for_the_probe_duration() -> None:
    spec = ExperimentSpec.model_validate(
        _spec(
            {"driver": "vegeta", "duration_s": 60},
            {"vary": "load.rate", "probe": {"duration_s": 5, "warmup_s": 1}},
        )
    )
    probe = probe_spec(spec, 450)
    assert (probe.load.rate, probe.load.duration_s, probe.load.warmup_s) == (450, 5, 1)
    assert probe.search is None and probe.repetitions == 1 and not probe.sweep.axes


@pytest.mark.parametrize(
    ("load", "search_fields", "sweep", "names"),
    [
        ({"driver": "wrk"}, {"vary": "load.rate"}, None, "search.start"),  # wrk holds no rate
        (
            {"driver": "vegeta", "rate": 100},
            {"vary": "load.connections", "start": 2, "max": 64},
            None,
            "search.vary",
        ),
        (
            {"driver": "vegeta"},
            {"vary": "load.rate"},
            {"axes": [{"path": "load.rate", "values": [1, 2]}]},
            "sweep.axes.0",
        ),
        (
            {"driver": "hey", "connections": 10, "threads": 1},
            {"vary": "load.connections", "start": 1, "max": 20_000},
            None,
            "search.max",
        ),
    ],
)
def test_a_search_the_spec_cannot_run_is_refused(
    load: dict[str, Any], search_fields: dict[str, Any], sweep: dict[str, Any] | None, names: str
) -> None:
    with pytest.raises(ValidationError) as error:
        ExperimentSpec.model_validate(_spec(load, search_fields, sweep))
    assert names in str(error.value)


CAPACITY_RULE = {"metric": "capacity", "operator": ">=", "value": 400}


@pytest.mark.parametrize(
    ("thresholds", "search_fields", "names"),
    [
        # With a search, the objective judges probes; the spec's rules judge the answer only.
        (
            [{"metric": "latency_p99_ms", "operator": "<", "value": 50}],
            {},
            "thresholds.0.metric: with a search",
        ),
        ([CAPACITY_RULE | {"host": "proxy"}], {}, "host: not available for capacity"),
        ([CAPACITY_RULE | {"relative_to": "asked_rate"}], {}, "relative_to: not available"),
        ([], {"objective": [CAPACITY_RULE]}, "objective.0: capacity is the search's answer"),
        (
            [],
            {
                "method": "staircase",
                "objective": [{"metric": "qcur", "aggregate": "max", "operator": "<", "value": 1}],
            },
            "objective.0: a staircase judges each stage on its own figures",
        ),
    ],
)
def test_capacity_rules_and_the_objective_are_refused_where_they_do_not_judge(
    thresholds: list[dict[str, Any]], search_fields: dict[str, Any], names: str
) -> None:
    doc = _spec({"driver": "vegeta"}, {"vary": "load.rate"} | search_fields) | {"thresholds": thresholds}
    with pytest.raises(ValidationError) as error:
        ExperimentSpec.model_validate(doc)
    assert names in str(error.value)


def test_a_capacity_rule_needs_a_search_and_a_probe_is_judged_by_the_objective() -> None:
    doc = _spec({"driver": "vegeta"}, {"vary": "load.rate"})
    spec = ExperimentSpec.model_validate(
        doc | {"thresholds": [CAPACITY_RULE, CAPACITY_RULE | {"per_point": "ci_low"}]}
    )
    probe = probe_spec(spec, 450)
    assert [rule.metric for rule in probe.thresholds] == ["latency_p99_ms"]  # the objective
    without = {key: value for key, value in doc.items() if key != "search"} | {"thresholds": [CAPACITY_RULE]}
    without["load"] = without["load"] | {"rate": 100}
    refused = r"thresholds\.0\.metric: capacity is a capacity search's figure"
    with pytest.raises(ValidationError, match=refused):
        ExperimentSpec.model_validate(without)


def test_the_deciding_fail_is_probed_again_and_a_disturbed_one_does_not_lower_the_capacity() -> None:
    # A config that holds 500 req/s; the first probe at 500 met a stall on the lab and failed.
    disturbed = {500.0}

    def passes(value: float) -> bool:
        if value in disturbed:
            disturbed.discard(value)
            return False
        return value <= 500

    answer, probed = run_search(search(precision="2%"), passes)
    assert probed.count(500) == 2  # failed, then passed when probed again
    assert answer.capacity == 500
    assert "500 req/s failed once and passed when probed again" in answer.sentence
    # A fail that holds is confirmed once, and the answer says it failed twice.
    answer, probed = run_search(search(precision="2%"), lambda value: value <= 500)
    assert probed.count(answer.bracket_high) == 2 and "failed twice" in answer.sentence
    # Without confirmation, one probe per value.
    answer, probed = run_search(search(precision="2%", confirm=False), lambda value: value <= 500)
    assert len(probed) == len(set(probed))
