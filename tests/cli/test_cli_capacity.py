"""`haplab run` of a search launch: its exit code, and the capacity per point in JUnit and JSON."""

from __future__ import annotations

from typing import Any

from haplab_cli.outcome import THRESHOLD_FAILED, exit_code, json_report, junit_report


def _launch(outcome: str, point_outcome: str, capacity: float | None, rule_passed: bool) -> dict[str, Any]:
    answer = {"outcome": point_outcome, "capacity": capacity, "bracket_low": capacity, "bracket_high": 520,
              "failed_rule": "latency_p99_ms < 100 (was 140.00)", "probes": 7,
              "sentence": "capacity 500 req/s"}  # fmt: skip
    point = {"point_index": 0, "params": {"proxy.backends.0.servers.0.maxconn": 10}, "outcome": point_outcome,
             "capacity": capacity, "ci_low": None, "ci_high": None, "safe": 400 if capacity else None,
             "sentence": answer["sentence"] if capacity else "inconclusive: injector-bound at 4,000 req/s",
             "searches": [{"id": 1, "point_index": 0, "repetition": 0, "answer": answer,
                           "probes": [{"run_id": 5}, {"run_id": 6}]}]}  # fmt: skip
    rule = {"index": 0, "rule": {"metric": "capacity", "operator": ">="}, "text": "capacity >= 600",
            "point_index": 0, "params": point["params"], "runs": 1, "value": capacity, "limit": 600,
            "passed": rule_passed, "note": "mean of 1 search"}  # fmt: skip
    return {"outcome": outcome, "point_thresholds": [rule], "capacity": {"unit": "req/s", "points": [point]}}


def test_a_capacity_rule_that_fails_fails_its_point_case_and_exits_1() -> None:
    launch = _launch("thresholds_failed", "capacity", 500.0, rule_passed=False)
    assert exit_code(launch) == THRESHOLD_FAILED
    xml = junit_report("knee", [], launch, "http://haplab").tostring().decode()
    assert "sweep point 0 (maxconn=10): threshold 0 capacity &gt;= 600" in xml
    assert "capacity &gt;= 600: measured 500" in xml
    assert 'name="sweep point 0 (maxconn=10): capacity"' in xml
    report = json_report("knee", 3, [], launch, THRESHOLD_FAILED, "http://haplab")
    assert report["capacity"] == [
        {"point_index": 0, "params": {"proxy.backends.0.servers.0.maxconn": 10}, "outcome": "capacity",
         "capacity": 500.0, "ci_low": None, "ci_high": None, "safe": 400, "sentence": "capacity 500 req/s",
         "unit": "req/s", "probes": 2}
    ]  # fmt: skip


def test_an_inconclusive_point_is_an_error_case() -> None:
    launch = _launch("runs_failed", "inconclusive", None, rule_passed=False)
    assert exit_code(launch) == 2
    xml = junit_report("knee", [], launch, "http://haplab").tostring().decode()
    assert '<error message="inconclusive: injector-bound at 4,000 req/s' in xml
