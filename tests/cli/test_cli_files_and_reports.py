"""The CLI's pure parts: experiment files read with their lines, --set, exit codes, JUnit/JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from junitparser import Error as JUnitError
from junitparser import Failure, JUnitXml

from haplab_cli.files import ExperimentFileError, read_experiment_file, with_settings
from haplab_cli.outcome import exit_code, write_reports

YAML = """\
# yaml-language-server: $schema=https://lab.example/schemas/experiment.schema.json
name: capacity
description: maxconn against a slow backend
tags: [ci]
spec:
  proxy:
    global:
      maxconn: 100
    frontends:
      - name: fe
        bind: {port: 8080}
  load:
    driver: wrk
    duration_s: 10
"""


def _file(tmp_path: Path, text: str, name: str = "exp.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_fields_the_api_names_are_found_at_their_line(tmp_path: Path) -> None:
    doc = read_experiment_file(_file(tmp_path, YAML))
    assert doc.line_of("spec.proxy.global.maxconn") == 8
    assert doc.line_of("spec.proxy.frontends.0.bind.port") == 11
    assert doc.line_of("spec.load.duration_s") == 14
    assert doc.line_of("spec.load.rate") == 12  # not in the file: where its section is
    assert doc.where("spec.load.duration_s").endswith("exp.yaml:14")
    assert doc.body()["spec"]["load"]["duration_s"] == 10 and "$schema" not in doc.body()


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("name: a\nspec:\n  load: [1, 2\n  proxy: {}\n", 4, "not valid YAML"),
        ("name: a\nname: b\nspec: {}\n", 2, "appears twice"),
        ("name: a\nowner: me\nspec: {}\n", 2, "unknown field 'owner'"),
        ("name: a\n", 1, "spec"),
        ("- a\n- b\n", 1, "must hold an experiment"),
        ("name: ''\nspec: {}\n", 1, "name"),
    ],
)
def test_a_file_that_is_not_an_experiment_is_refused_at_its_line(
    tmp_path: Path, text: str, line: int, words: str
) -> None:
    with pytest.raises(ExperimentFileError) as caught:
        read_experiment_file(_file(tmp_path, text))
    assert caught.value.line == line, str(caught.value)
    assert words in str(caught.value) and f"exp.yaml:{line}:" in str(caught.value)


def test_json_files_are_experiment_files_too(tmp_path: Path) -> None:
    doc = read_experiment_file(
        _file(tmp_path, json.dumps({"name": "a", "spec": {"load": {"rate": 5}}}), "exp.json")
    )
    assert doc.body() == {"name": "a", "spec": {"load": {"rate": 5}}}


def test_set_changes_the_file_by_path_with_yaml_values(tmp_path: Path) -> None:
    doc = read_experiment_file(_file(tmp_path, YAML))
    changed = with_settings(
        doc,
        [
            "spec.load.duration_s=5",
            "spec.load.rate=250.5",
            "spec.proxy.frontends.0.name=entry",
            'description="42"',
            "tags=null",
        ],
    )
    spec = changed.doc["spec"]
    assert spec["load"] == {"driver": "wrk", "duration_s": 5, "rate": 250.5}
    assert spec["proxy"]["frontends"][0]["name"] == "entry"
    assert changed.doc["description"] == "42" and "tags" not in changed.doc
    assert doc.doc["spec"]["load"]["duration_s"] == 10  # the file read stays as it was
    for bad in ["spec.load.duration_s", "=5", "spec.proxy.frontends.3.name=x", "spec.load.duration_s.x=1"]:
        with pytest.raises(ExperimentFileError):
            with_settings(doc, [bad])


def _run(run_id: int, state: str, results: list[bool] | None = None, aborted: bool = False) -> dict[str, Any]:
    report = None
    if results is not None:
        report = {
            "passed": all(results),
            "aborted_by": 0 if aborted else None,
            "results": [
                {
                    "rule": {"metric": "latency_p99_ms", "operator": "<", "value": 50},
                    "text": "latency_p99_ms < 50",
                    "value": 40.0 if ok else 75.5,
                    "limit": 50.0,
                    "passed": ok,
                }
                for ok in results
            ],
        }
    return {
        "id": run_id,
        "state": state,
        "params": {"proxy.global.maxconn": 10},
        "repetition": 0,
        "error": None,
        "thresholds": report,
        "figures": {},
    }


def test_the_exit_code_is_the_launchs_outcome() -> None:
    # The outcome is judged by the API (backend/runs/launch_outcome.py, tests/api/test_launch_outcome.py).
    codes = {
        outcome: exit_code({"outcome": outcome}) for outcome in ("passed", "thresholds_failed", "runs_failed")
    }
    assert codes == {"passed": 0, "thresholds_failed": 1, "runs_failed": 2}
    assert exit_code(None) == 2  # the wait ran out: the launch has no verdict yet


POINT_RESULT = {
    "index": 2,
    "rule": {"metric": "rps", "operator": ">=", "value": 90, "per_point": "ci_low"},
    "text": "rps ci_low of the point's runs >= 90",
    "point_index": 1,
    "params": {"proxy.global.maxconn": 40},
    "runs": 3,
    "value": 61.25,
    "limit": 90.0,
    "reference_point_index": None,
    "passed": False,
    "note": "95% confidence low bound of 3 runs",
}


def test_junit_names_each_failed_rule_with_its_value_and_the_run_page(tmp_path: Path) -> None:
    runs = [_run(7, "succeeded", [True, False]), _run(8, "failed")]
    runs[1]["error"] = "injector-1 went silent"
    launch = {
        "outcome": "runs_failed",
        "point_thresholds": [POINT_RESULT, {**POINT_RESULT, "passed": True, "point_index": 0}],
    }
    junit, report = tmp_path / "out.xml", tmp_path / "out.json"
    write_reports(runs, launch, "capacity", 3, exit_code(launch), "https://lab.example", junit, report)

    suites = list(JUnitXml.fromfile(str(junit)))
    cases = [case for suite in suites for case in suite]
    assert len(cases) == 2 + 2 + 2  # a case per run, per run and rule, per point and point rule
    failed = [c for c in cases if any(isinstance(r, Failure) for r in c.result)]
    assert [c.name for c in failed] == [
        "run 7 (maxconn=10), repetition 1: threshold 1 latency_p99_ms < 50",
        "sweep point 1 (maxconn=40): threshold 2 rps ci_low of the point's runs >= 90",
    ]
    message = failed[0].result[0].message
    assert "measured 75.5" in message and "limit < 50" in message and "https://lab.example/runs/7" in message
    point = failed[1].result[0].message
    assert "measured 61.25 (95% confidence low bound of 3 runs), limit >= 90" in point
    errored = [c for c in cases if any(isinstance(r, JUnitError) for r in c.result)]
    assert [c.name for c in errored] == ["run 8 (maxconn=10), repetition 1"]
    assert "injector-1 went silent" in errored[0].result[0].message
    data = json.loads(report.read_text())
    assert data["exit_code"] == 2 and data["passed"] is False and data["outcome"] == "runs_failed"
    assert [r["url"] for r in data["runs"]] == ["https://lab.example/runs/7", "https://lab.example/runs/8"]
    assert data["point_thresholds"][0]["value"] == 61.25
