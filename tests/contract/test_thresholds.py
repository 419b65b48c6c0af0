"""Threshold rules: what a rule may name (each refusal names its field), and how a run is judged."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from backend.errors import ApiError
from backend.experiments.spec_errors import parse_spec
from contract.examples import seed_000_maxconn_capacity, seed_002_small_instance_rate
from contract.expansion import unmatched_thresholds
from contract.metrics import BY_KEY
from contract.results import (
    Completeness,
    ErrorCounts,
    LatencyPercentiles,
    LoadTotals,
    ProxySummary,
    RunSummary,
)
from contract.thresholds import Threshold, evaluate, judge, judges_runs, lost_live


def _rule(**fields: Any) -> Threshold:
    return Threshold.model_validate(fields)


def _refusal(fields: dict[str, Any]) -> str:
    with pytest.raises(ValidationError) as caught:
        Threshold.model_validate(fields)
    return str(caught.value)


def _summary(p99: float = 40.0, requests: int = 1000, errors: int = 0, connects: int = 10) -> RunSummary:
    total = LoadTotals(
        requests=requests,
        successes=requests - errors,
        errors=ErrorCounts(non_2xx=errors),
        duration_s=10,
        rps=(requests - errors) / 10,
        bytes_per_s=1000.0,
        latency=LatencyPercentiles(p50=5, p90=20, p95=30, p99=p99, p999=p99, max=p99, mean=8),
    )
    return RunSummary(total=total, proxy=ProxySummary(requests=requests, connects=connects))


NO_SECONDS: dict[str, list[dict[str, object]]] = {}
CLOSED_LOOP: dict[str, object] = {"load": {"rate": None}, "proxy": {"global": {"maxconn": 100}}}


def _open_loop(rate: float) -> dict[str, object]:
    return {"load": {"rate": rate}, "proxy": {"global": {"maxconn": 100}}}


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"metric": "latency_p99", "operator": "<", "value": 50}, "metric", "neither a run metric"),
        (
            {"metric": "latency_p99_ms", "aggregate": "max", "operator": "<", "value": 50},
            "aggregate",
            "run metric",
        ),
        ({"metric": "qcur", "operator": "==", "value": 0}, "aggregate", "say max, min or mean"),
        ({"metric": "cpu", "aggregate": "mean", "operator": "<", "value": 80}, "host", "say which"),
        (
            {"metric": "qcur", "aggregate": "max", "operator": "==", "value": 0, "host": "proxy"},
            "host",
            "HAProxy's",
        ),
        (
            {"metric": "error_pct", "operator": "<", "value": 1, "abort_on_fail": True},
            "abort_on_fail",
            "known only when the run ends",
        ),
        (
            {"metric": "qcur", "aggregate": "max", "operator": "==", "value": 0, "grace_s": 5},
            "grace_s",
            "only with",
        ),
        (
            {"metric": "qcur", "aggregate": "max", "operator": "==", "value": 0, "per_point": "mean"},
            "per_point",
            "judged run by run",
        ),
        (
            {"metric": "rps", "operator": ">", "value": 1, "per_point": "median"},
            "per_point",
            "",
        ),
        (
            {
                "metric": "rps",
                "operator": ">",
                "value": 1,
                "relative_to": "proxy.global.maxconn",
                "relative_to_point": {"proxy.global.maxconn": 20},
            },
            "relative_to_point",
            "one base",
        ),
        (
            {"metric": "rps", "operator": ">", "value": 1, "relative_to_point": {"proxy.nosuch": 20}},
            "relative_to_point",
            "does not exist",
        ),
        ({"metric": "rps", "operator": "~", "value": 1}, "operator", ""),
        ({"metric": "rps", "operator": ">", "value": float("nan")}, "value", ""),
        ({"metric": "rps", "operator": ">", "value": 1, "extra": 1}, "extra", ""),
    ],
)
def test_a_rule_that_names_no_figure_or_a_wrong_aggregate_is_refused_naming_the_field(
    fields: dict[str, Any], field: str, words: str
) -> None:
    doc = seed_000_maxconn_capacity().model_dump(mode="json", by_alias=True)
    doc["thresholds"] = [{"metric": "rps", "operator": ">", "value": 0}, fields]
    with pytest.raises(ApiError) as caught:
        parse_spec(doc)
    named = {f.field: f.message for f in caught.value.fields}
    assert f"spec.thresholds.1.{field}" in named, named
    assert words in named[f"spec.thresholds.1.{field}"]


def test_a_limit_relative_to_the_asked_rate_needs_an_open_loop_load() -> None:
    doc = seed_000_maxconn_capacity().model_dump(mode="json", by_alias=True)  # closed loop
    doc["thresholds"] = [{"metric": "rps", "operator": ">=", "value": 0.98, "relative_to": "asked_rate"}]
    with pytest.raises(ApiError) as caught:
        parse_spec(doc)
    assert [f.field for f in caught.value.fields] == ["spec.thresholds.0.relative_to"]
    open_loop = seed_002_small_instance_rate().model_dump(mode="json", by_alias=True)
    open_loop["thresholds"] = doc["thresholds"]
    assert parse_spec(open_loop).thresholds[0].relative_to == "asked_rate"


def test_an_abort_grace_as_long_as_the_load_is_refused() -> None:
    doc = seed_000_maxconn_capacity().model_dump(mode="json", by_alias=True)
    rule = {"metric": "qcur", "aggregate": "max", "operator": "==", "value": 0, "abort_on_fail": True}
    doc["thresholds"] = [{**rule, "grace_s": doc["load"]["duration_s"]}]
    with pytest.raises(ApiError) as caught:
        parse_spec(doc)
    assert [f.field for f in caught.value.fields] == ["spec.thresholds.0.grace_s"]


def test_run_metrics_are_judged_on_the_summary_with_every_operator() -> None:
    summary = _summary(p99=40.0)
    cases = {"<": (50, True), "<=": (40, True), ">": (40, False), ">=": (40.0001, False), "==": (40, True)}
    for operator, (limit, passed) in cases.items():
        result = judge(
            _rule(metric="latency_p99_ms", operator=operator, value=limit),
            spec=CLOSED_LOOP,
            summary=summary,
            seconds=NO_SECONDS,
        )
        assert (result.value, result.limit, result.passed) == (40.0, limit, passed), operator
    assert _rule(metric="latency_p99_ms", operator="<", value=50).text() == "latency_p99_ms < 50"


def test_connects_per_request_is_a_figure_of_the_vocabulary() -> None:
    assert BY_KEY["proxy_connects_per_request"].source == "haproxy"
    result = judge(
        _rule(metric="proxy_connects_per_request", operator="<", value=0.05),
        spec=CLOSED_LOOP,
        summary=_summary(requests=1000, connects=10),
        seconds=NO_SECONDS,
    )
    assert result.value == pytest.approx(0.01) and result.passed


def test_a_relative_limit_is_resolved_against_the_asked_rate() -> None:
    rule = _rule(metric="rps", operator=">=", value=0.98, relative_to="asked_rate")
    result = judge(
        rule, spec=_open_loop(100.0), summary=_summary(requests=1000), seconds=NO_SECONDS
    )  # 100 req/s
    assert result.limit == pytest.approx(98.0) and result.passed
    short = judge(rule, spec=_open_loop(110.0), summary=_summary(requests=1000), seconds=NO_SECONDS)
    assert short.limit == pytest.approx(107.8) and not short.passed
    assert rule.text() == "rps >= 0.98 x asked rate"


def test_series_rules_aggregate_the_measured_seconds_of_their_source() -> None:
    seconds = {
        "proxy": [{"BACKEND.qcur": 0}, {"BACKEND.qcur": 3}, {"BACKEND.qcur": 1}],
        "host:proxy": [{"cpu_pct": 50.0}, {"cpu_pct": 70.0}, {"cpu_pct": 60.0}],
        "host:injector": [{"cpu_pct": 99.0}] * 3,
    }
    judged = {
        "qcur max": (_rule(metric="qcur", aggregate="max", operator="==", value=0), 3.0, False),
        "qcur min": (_rule(metric="qcur", aggregate="min", operator="==", value=0), 0.0, True),
        "cpu mean proxy": (
            _rule(metric="cpu", aggregate="mean", operator="<", value=80, host="proxy"),
            60.0,
            True,
        ),
        "cpu mean injector": (
            _rule(metric="cpu", aggregate="mean", operator="<", value=80, host="injector"),
            99.0,
            False,
        ),
    }
    for name, (rule, value, passed) in judged.items():
        result = judge(rule, spec=CLOSED_LOOP, summary=None, seconds=seconds)
        assert (result.value, result.passed) == (value, passed), name
    assert judged["cpu mean proxy"][0].text() == "cpu mean on the proxy host < 80"


def test_a_rule_on_too_few_seconds_or_a_too_short_run_is_not_judged() -> None:
    qcur = _rule(metric="qcur", aggregate="max", operator="==", value=0)
    rps = _rule(metric="rps", operator=">=", value=1)
    few = judge(qcur, spec=CLOSED_LOOP, summary=None, seconds={"proxy": [{"BACKEND.qcur": 4}] * 2})
    assert (few.judged, few.passed, few.value) == (False, False, None)
    assert few.note == "not judged: 2 second(s) of qcur, fewer than the 3 a per-second rule needs"
    # A run whose window was far shorter than asked (seed 001's 0.2 s of 5): no rule is judged on it,
    # and its report does not pass (a gate never passes on what it could not judge).
    summary = _summary()
    summary.completeness = Completeness(complete=False, asked_s=5, measured_s=0.2, too_short=True)
    report = evaluate(
        [rps, qcur], spec=CLOSED_LOOP, summary=summary, seconds={"proxy": [{"BACKEND.qcur": 0}] * 5}
    )
    assert [(r.judged, r.passed) for r in report.results] == [(False, False), (False, False)]
    assert report.results[0].note == "not judged: too short (0.2 s measured of the 5 s asked)"
    assert not report.passed
    summary.completeness = Completeness(complete=True, asked_s=5, measured_s=5)
    assert evaluate([rps], spec=CLOSED_LOOP, summary=summary, seconds=NO_SECONDS).passed


def test_a_figure_that_was_not_measured_fails_saying_so() -> None:
    no_latency = _summary()
    no_latency.total.latency = None
    report = evaluate(
        [
            _rule(metric="latency_p99_ms", operator="<", value=50),
            _rule(metric="cpu", aggregate="max", operator="<", value=90, host="target"),
            _rule(metric="rps", operator=">", value=0),
        ],
        spec=CLOSED_LOOP,
        summary=no_latency,
        seconds={"host:proxy": [{"cpu_pct": 10.0}]},
    )
    assert [r.passed for r in report.results] == [False, False, True]
    assert report.results[0].value is None and report.results[0].note == "not measured in this run"
    assert "host:target" in (report.results[1].note or "")
    assert report.passed is False


def test_all_rules_passing_pass_the_run() -> None:
    rules = [_rule(metric="error_pct", operator="<", value=0.1), _rule(metric="rps", operator=">", value=50)]
    report = evaluate(rules, spec=CLOSED_LOOP, summary=_summary(), seconds=NO_SECONDS)
    assert report.passed and report.aborted_by is None
    assert evaluate([], spec=CLOSED_LOOP, summary=_summary(), seconds=NO_SECONDS).passed


def test_live_only_abort_rules_past_their_grace_with_samples_can_stop_a_run() -> None:
    watch = _rule(metric="qcur", aggregate="max", operator="==", value=0, abort_on_fail=True, grace_s=3)
    rules = [_rule(metric="qcur", aggregate="max", operator="<", value=1), watch]
    queued = {"proxy": [{"BACKEND.qcur": 0}, {"BACKEND.qcur": 5}, {"BACKEND.qcur": 2}]}
    assert lost_live(rules, spec=CLOSED_LOOP, seconds=queued, measured_s=2.5) is None  # within grace
    # Two seconds are not enough to judge a per-second rule (MIN_JUDGED_SECONDS): not lost yet.
    two = {"proxy": queued["proxy"][:2]}
    assert lost_live(rules, spec=CLOSED_LOOP, seconds=two, measured_s=3.0) is None
    lost = lost_live(rules, spec=CLOSED_LOOP, seconds=queued, measured_s=3.0)
    assert lost is not None and lost[0] == 1 and lost[1].value == 5.0
    # No sample of the series yet is no loss while the run is live.
    assert lost_live([watch], spec=CLOSED_LOOP, seconds={"proxy": [{}]}, measured_s=10) is None
    assert (
        lost_live([watch], spec=CLOSED_LOOP, seconds={"proxy": [{"BACKEND.qcur": 0}]}, measured_s=10) is None
    )


def test_a_limit_relative_to_a_spec_number_uses_each_runs_own_value() -> None:
    rule = _rule(metric="proxy_max_server_conns", operator="<=", value=1, relative_to="proxy.global.maxconn")
    summary = _summary()
    assert summary.proxy is not None
    summary.proxy.max_server_conns = 60
    assert judge(
        rule, spec={"proxy": {"global": {"maxconn": 60}}}, summary=summary, seconds=NO_SECONDS
    ).passed
    tight = judge(rule, spec={"proxy": {"global": {"maxconn": 50}}}, summary=summary, seconds=NO_SECONDS)
    assert (tight.limit, tight.passed) == (50.0, False)
    assert rule.text() == "proxy_max_server_conns <= 1 x proxy.global.maxconn"
    missing = judge(rule, spec={"proxy": {"global": {}}}, summary=summary, seconds=NO_SECONDS)
    assert not missing.passed and "no number at proxy.global.maxconn" in (missing.note or "")


def test_when_scopes_a_rule_to_the_runs_whose_spec_has_those_values() -> None:
    rules = [
        _rule(metric="proxy_connects_per_request", operator=">", value=0.9,
              when={"proxy.backends.0.http_reuse": "never", "load.keep_alive": False}),
        _rule(metric="proxy_connects_per_request", operator="<", value=0.05,
              when={"proxy.backends.0.http_reuse": "always", "load.keep_alive": False}),
        _rule(metric="error_pct", operator="<", value=1),
    ]  # fmt: skip

    def spec(reuse: str, keep_alive: object) -> dict[str, object]:
        return {"proxy": {"backends": [{"http_reuse": reuse}]}, "load": {"keep_alive": keep_alive}}

    never = evaluate(
        rules, spec=spec("never", False), summary=_summary(requests=1000, connects=1000), seconds=NO_SECONDS
    )
    assert [(r.index, r.passed) for r in never.results] == [(0, True), (2, True)]
    always = evaluate(
        rules, spec=spec("always", False), summary=_summary(requests=1000, connects=3), seconds=NO_SECONDS
    )
    assert [(r.index, r.passed) for r in always.results] == [(1, True), (2, True)]
    keep = evaluate(rules, spec=spec("never", True), summary=_summary(), seconds=NO_SECONDS)
    assert [r.index for r in keep.results] == [2]
    # true is not 1: a boolean value matches only a boolean
    assert [
        r.index
        for r in evaluate(rules, spec=spec("never", 0), summary=_summary(), seconds=NO_SECONDS).results
    ] == [2]
    assert rules[1].text() == "proxy_connects_per_request < 0.05 when http_reuse=always, keep_alive=false"


def test_a_when_path_must_exist_and_a_relative_base_must_be_one_number() -> None:
    doc = seed_000_maxconn_capacity().model_dump(mode="json", by_alias=True)  # maxconn 20 .. 100
    doc["thresholds"] = [
        {"metric": "rps", "operator": ">", "value": 0, "when": {"proxy.global.maxconn": 40}},
        {"metric": "rps", "operator": ">", "value": 0, "when": {"proxy.global.maxconn": 30}},
        {"metric": "rps", "operator": ">", "value": 0, "when": {"proxy.global.nosuch": 1}},
        {"metric": "rps", "operator": ">", "value": 0, "relative_to": "load.path"},
    ]
    with pytest.raises(ApiError) as caught:
        parse_spec(doc)
    named = {f.field: f.message for f in caught.value.fields}
    assert set(named) == {"spec.thresholds.2.when", "spec.thresholds.3.relative_to"}, named
    # A value no point has is valid (a narrowed sweep keeps its rules): the designer warns of it.
    doc["thresholds"] = doc["thresholds"][:2]
    unmatched = unmatched_thresholds(parse_spec(doc))
    assert [(index, field) for index, field, _ in unmatched] == [(1, "when")]
    assert "proxy.global.maxconn takes 20, 40, 60, 80, 100" in unmatched[0][2]
    # A reference point the sweep does not have: the same warning, at relative_to_point.
    doc["thresholds"] = [
        {"metric": "rps", "operator": ">", "value": 1, "relative_to_point": {"proxy.global.maxconn": 20}},
        {"metric": "rps", "operator": ">", "value": 1, "relative_to_point": {"proxy.global.maxconn": 25}},
    ]
    unmatched = unmatched_thresholds(parse_spec(doc))
    assert [(index, field) for index, field, _ in unmatched] == [(1, "relative_to_point")]
    assert unmatched[0][2].startswith("no sweep point is its reference")


def test_rules_judged_per_point_wait_for_the_launch() -> None:
    rules = [
        _rule(metric="latency_p99_ms", operator="<", value=50),
        _rule(metric="rps", operator=">=", value=90, per_point="ci_low"),
        _rule(metric="rps", operator=">=", value=2, relative_to_point={"proxy.global.maxconn": 20}),
    ]
    report = evaluate(rules, spec=CLOSED_LOOP, summary=_summary(), seconds=NO_SECONDS)
    assert [r.index for r in report.results] == [0]
    assert not judges_runs(rules[1:]) and judges_runs(rules)
    assert rules[2].text() == "rps >= 2 x its value at maxconn=20"


def test_the_rule_that_stopped_a_run_stays_lost_however_short_the_run_was() -> None:
    watch = _rule(metric="qcur", aggregate="max", operator="==", value=0, abort_on_fail=True, grace_s=2)
    other = _rule(metric="rps", operator=">=", value=1)
    summary = _summary()
    summary.completeness = Completeness(complete=False, asked_s=30, measured_s=3, too_short=True)
    seconds = {"proxy": [{"BACKEND.qcur": 0}, {"BACKEND.qcur": 4}, {"BACKEND.qcur": 6}]}
    report = evaluate([other, watch], spec=CLOSED_LOOP, summary=summary, seconds=seconds, aborted_by=1)
    assert [(r.judged, r.passed, r.value) for r in report.results] == [
        (False, False, None),
        (True, False, 6.0),
    ]
