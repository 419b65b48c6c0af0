"""A launch's verdict (GET /launches/{id}, backend/runs/launch_outcome.py): the outcome a CI gate acts
on, and the threshold rules judged per sweep point on their repetitions or against another point.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from sqlalchemy.orm import Session

from backend.models import Run
from backend.runs.launch_outcome import JudgedRun, judge_points, outcome
from contract.results import RunSummary
from contract.run_state import RunState
from contract.thresholds import ThresholdReport
from tests.api.experiment_factories import finish_run, launch, make_experiment, small_spec, summary_doc
from tests.api.helpers import API, make_lab, new_member

# ---------------------------------------------------------------- the judging, on its own


def _summary(rps: float, connects: int = 5, requests: int = 100) -> RunSummary:
    doc = summary_doc(rps=rps, connects=connects)
    doc["proxy"]["requests"] = requests
    return RunSummary.model_validate(doc)


def _spec(rules: list[dict[str, Any]], **values: Any) -> dict[str, Any]:
    """A resolved run spec: its rules and the swept values it holds."""
    return {
        "proxy": {
            "global": {"maxconn": values.get("maxconn", 20)},
            "backends": [{"http_reuse": values.get("reuse")}],
        },
        "load": {"rate": None},
        "thresholds": rules,
    }


def _run(
    run_id: int,
    point: int,
    rules: list[dict[str, Any]],
    state: RunState = RunState.succeeded,
    summary: RunSummary | None = None,
    report: ThresholdReport | None = None,
    **values: Any,
) -> JudgedRun:
    if "reuse" in values:
        params: dict[str, Any] = {"proxy.backends.0.http_reuse": values["reuse"]}
    else:
        params = {"proxy.global.maxconn": values.get("maxconn", 20)}
    return JudgedRun(
        id=run_id,
        point_index=point,
        params=params,
        spec=_spec(rules, **values),
        state=state,
        summary=summary,
        thresholds=report,
    )


CI_LOW = {"metric": "rps", "operator": ">=", "value": 95, "per_point": "ci_low"}
MEAN = {"metric": "rps", "operator": ">=", "value": 95, "per_point": "mean"}


def test_a_point_is_judged_on_its_repetitions_mean_or_confidence_bound() -> None:
    rules = [MEAN, CI_LOW]
    steady = [_run(i, 0, rules, summary=_summary(rps), maxconn=20) for i, rps in enumerate([100, 101, 99])]
    scattered = [
        _run(10 + i, 1, rules, summary=_summary(rps), maxconn=40) for i, rps in enumerate([60, 140, 100])
    ]
    results = judge_points(steady + scattered)
    by = {(r.index, r.point_index): r for r in results}
    assert (
        by[(0, 0)].passed and by[(0, 0)].value == pytest.approx(100) and by[(0, 0)].note == "mean of 3 runs"
    )
    assert by[(1, 0)].passed and 97 < (by[(1, 0)].value or 0) < 100
    # The same mean, but three runs that disagree: the low bound of its interval is far below 95.
    assert by[(0, 1)].passed and by[(0, 1)].value == pytest.approx(100)
    assert not by[(1, 1)].passed and (by[(1, 1)].value or 0) < 10
    assert by[(1, 1)].note == "95% confidence low bound of 3 runs" and by[(1, 1)].runs == 3
    assert by[(1, 1)].text == "rps ci_low of the point's runs >= 95"


def test_a_bound_needs_two_runs_and_failed_or_partial_runs_are_left_out_saying_so() -> None:
    runs = [
        _run(1, 0, [CI_LOW], summary=_summary(200), maxconn=20),
        _run(2, 0, [CI_LOW], state=RunState.partial, summary=_summary(10), maxconn=20),
        _run(3, 1, [CI_LOW], state=RunState.failed, maxconn=40),
    ]
    one, none = judge_points(runs)
    assert (one.passed, one.value, one.runs) == (False, None, 1)
    assert one.note == "a confidence bound needs 2 or more runs; this point has 1"
    assert (none.passed, none.runs) == (False, 0)
    assert none.note == "no run of this point succeeded with the figure measured"


def test_nothing_is_judged_per_point_until_every_run_has_ended() -> None:
    runs = [
        _run(1, 0, [MEAN], summary=_summary(200), maxconn=20),
        _run(2, 1, [MEAN], state=RunState.running, maxconn=40),
    ]
    assert judge_points(runs) == []
    assert outcome(runs, []) == "running"


RELATIVE = {
    "metric": "proxy_connects_per_request",
    "operator": "<",
    "value": 0.05,
    "relative_to_point": {"proxy.backends.0.http_reuse": "never"},
}


def test_a_point_is_judged_against_the_point_that_differs_only_where_the_rule_says() -> None:
    rules = [RELATIVE]
    runs = [
        _run(1, 0, rules, summary=_summary(100, connects=100), reuse="never"),
        _run(2, 1, rules, summary=_summary(100, connects=2), reuse="always"),
        _run(3, 2, rules, summary=_summary(100, connects=30), reuse="safe"),
    ]
    results = {r.point_index: r for r in judge_points(runs)}
    assert set(results) == {1, 2}  # the reference point itself is not judged
    assert (
        results[1].passed
        and results[1].limit == pytest.approx(0.05)
        and results[1].reference_point_index == 0
    )
    assert not results[2].passed and results[2].value == pytest.approx(0.3)
    assert results[1].text == "proxy_connects_per_request < 0.05 x its value at http_reuse=never"


def test_no_reference_point_fails_the_rule_saying_why() -> None:
    rules = [RELATIVE]
    runs = [_run(1, 0, rules, summary=_summary(100, connects=2), reuse="always")]
    [result] = judge_points(runs)
    assert not result.passed and result.limit is None
    assert result.note == "no reference point: no point of this launch holds those values"
    # The reference point exists but none of its runs succeeded.
    runs.append(_run(2, 1, rules, state=RunState.failed, reuse="never"))
    [result] = judge_points(runs)
    assert not result.passed and "reference point 1 has no succeeded run" in (result.note or "")


def _report(passed: bool, aborted_by: int | None = None) -> ThresholdReport:
    return ThresholdReport(passed=passed, results=[], aborted_by=aborted_by)


def test_the_outcome_orders_what_went_wrong_like_the_cli_exit_codes() -> None:
    ok = _run(1, 0, [], summary=_summary(100), report=_report(True))
    lost = _run(2, 1, [], summary=_summary(100), report=_report(False))
    aborted = _run(
        3, 1, [], state=RunState.partial, summary=_summary(10), report=_report(False, aborted_by=0)
    )
    cut_short = _run(4, 1, [], state=RunState.partial, summary=_summary(10), report=_report(True))
    cancelled = _run(5, 1, [], state=RunState.cancelled)
    assert outcome([ok], []) == "passed"
    assert outcome([ok, lost], []) == "thresholds_failed"
    assert outcome([ok, aborted], []) == "thresholds_failed"  # the rule stopped it: the rule failed
    assert outcome([ok, aborted, cut_short], []) == "runs_failed"
    assert outcome([ok, cancelled], []) == "runs_failed"
    [failing_point] = judge_points([_run(6, 0, [MEAN], summary=_summary(10))])
    assert outcome([ok], [failing_point]) == "thresholds_failed"


# ---------------------------------------------------------------- through the API


def test_get_launch_gives_states_then_the_verdict_with_point_rules(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    lab = make_lab(db, member.team)
    spec = small_spec(sweep=[("proxy.global.maxconn", [20, 40])], repetitions=2)
    spec["thresholds"] = [
        {"metric": "latency_p99_ms", "operator": "<", "value": 100},
        {"metric": "rps", "operator": ">=", "value": 90, "per_point": "ci_low"},
        {"metric": "rps", "operator": ">", "value": 1.5, "relative_to_point": {"proxy.global.maxconn": 20}},
    ]
    experiment = make_experiment(db, member, spec=spec)
    launched = launch(db, member, experiment, lab)

    detail = client.get(f"{API}/launches/{launched.launch_id}", headers=member.headers).json()
    assert detail["outcome"] == "running" and detail["run_states"] == {"queued": 4}
    assert detail["point_thresholds"] == [] and detail["total_runs"] == 4
    assert detail["experiment_name"] == experiment.name and detail["experiment_version"] == 1

    # Repetition-major: runs 0, 1 are maxconn 20, 40 of the first repetition; 2, 3 the second.
    rps = [100.0, 200.0, 104.0, 201.0]
    for run_id, value in zip(launched.run_ids, rps, strict=True):
        finish_run(db, run_id, summary=summary_doc(rps=value, p99=50.0))
        passing = {"passed": True, "results": []}
        db.execute(update(Run).where(Run.id == run_id).values(thresholds=passing))
    db.commit()

    detail = client.get(f"{API}/launches/{launched.launch_id}", headers=member.headers).json()
    assert detail["run_states"] == {"succeeded": 4} and detail["runs_judged"] == 4
    results = [
        (r["index"], r["params"]["proxy.global.maxconn"], r["passed"]) for r in detail["point_thresholds"]
    ]
    # Two runs: t(0.975, 1) = 12.7, so 100 and 104 give a low bound of ~77 (< 90); 200 and 201, ~194.
    assert results == [(1, 20, False), (1, 40, True), (2, 40, True)], detail["point_thresholds"]
    assert 76 < detail["point_thresholds"][0]["value"] < 78
    relative = detail["point_thresholds"][2]
    assert relative["value"] == pytest.approx(200.5) and relative["limit"] == pytest.approx(1.5 * 102)
    assert relative["reference_point_index"] == 0 and relative["runs"] == 2
    assert relative["reference_params"] == {"proxy.global.maxconn": 20}
    assert detail["outcome"] == "thresholds_failed"


def test_another_teams_launch_does_not_exist(client: TestClient, db: Session) -> None:
    owner, stranger = new_member(db, "editor"), new_member(db, "viewer")
    experiment = make_experiment(db, owner)
    launched = launch(db, owner, experiment, make_lab(db, owner.team))
    r = client.get(f"{API}/launches/{launched.launch_id}", headers=stranger.headers)
    assert r.status_code == 404 and "launch" in r.json()["message"]
    r = client.get(f"{API}/launches/{2**63}", headers=owner.headers)
    assert r.status_code in (404, 422), r.text
