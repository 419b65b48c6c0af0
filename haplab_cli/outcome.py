"""What a launch's runs mean for CI: the exit code, and JUnit XML / JSON reports.

Exit codes (docs/automation.md):
  0  every run succeeded and every threshold passed
  1  a threshold failed (a run stopped early by an abort_on_fail rule counts here)
  2  a run failed, was cancelled, ended partial for another reason, or did not end in time
  3  bad input or auth: the file, an option, the lab name, the token (raised before launching)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from junitparser import Error, Failure, JUnitXml, TestCase, TestSuite

PASSED, THRESHOLD_FAILED, RUN_FAILED, BAD_INPUT = 0, 1, 2, 3

Run = dict[str, Any]  # GET /runs/{id}


def _aborted_by_threshold(run: Run) -> bool:
    report = run.get("thresholds") or {}
    return run["state"] == "partial" and report.get("aborted_by") is not None


def run_ok(run: Run) -> bool:
    """Did the run do what it was asked (its thresholds aside)?"""
    return run["state"] == "succeeded" or _aborted_by_threshold(run)


def thresholds_passed(run: Run) -> bool:
    report = run.get("thresholds")
    return report is None or bool(report["passed"])


def exit_code(runs: Sequence[Run], finished: bool = True) -> int:
    if not finished or not all(run_ok(r) for r in runs):
        return RUN_FAILED
    if not all(thresholds_passed(r) for r in runs):
        return THRESHOLD_FAILED
    return PASSED


def run_title(run: Run) -> str:
    params = ", ".join(f"{k.split('.')[-1]}={v}" for k, v in (run.get("params") or {}).items())
    point = f" ({params})" if params else ""
    return f"run {run['id']}{point}, repetition {run['repetition'] + 1}"


def junit_report(experiment: str, runs: Sequence[Run], base_url: str) -> JUnitXml:
    """One test case per run (did it do what it was asked) and one per run and threshold rule."""
    suite = TestSuite(f"haplab: {experiment}")
    for run in runs:
        url = f"{base_url.rstrip('/')}/runs/{run['id']}"
        case = TestCase(run_title(run), classname=experiment)
        case.system_out = url
        if not run_ok(run):
            case.result = [
                Error(
                    f"the run ended {run['state']}: {run.get('error') or 'no reason given'} ({url})",
                    run["state"],
                )
            ]
        suite.add_testcase(case)
        for index, result in enumerate((run.get("thresholds") or {}).get("results", [])):
            rule = TestCase(f"{run_title(run)}: threshold {index} {result['text']}", classname=experiment)
            rule.system_out = url
            if not result["passed"]:
                value = "not measured" if result["value"] is None else f"{result['value']:g}"
                note = f" ({result['note']})" if result.get("note") else ""
                rule.result = [
                    Failure(
                        f"{result['text']}: measured {value}{note}, limit {result['operator_limit']} ({url})",
                        "threshold",
                    )
                ]
            suite.add_testcase(rule)
    xml = JUnitXml()
    xml.add_testsuite(suite)
    return xml


def with_limits(runs: Sequence[Run]) -> list[Run]:
    """Runs whose threshold results also carry `operator_limit` ("< 50"), for messages."""
    out = []
    for run in runs:
        report = run.get("thresholds")
        if report:
            results = [
                {**r, "operator_limit": f"{r['rule']['operator']} {r['limit']:g}"} for r in report["results"]
            ]
            run = {**run, "thresholds": {**report, "results": results}}
        out.append(run)
    return out


def json_report(
    experiment: str, launch_id: int | None, runs: Sequence[Run], code: int, base_url: str
) -> dict[str, Any]:
    return {
        "experiment": experiment,
        "launch_id": launch_id,
        "exit_code": code,
        "passed": code == PASSED,
        "runs": [
            {
                "id": r["id"],
                "url": f"{base_url.rstrip('/')}/runs/{r['id']}",
                "state": r["state"],
                "params": r.get("params") or {},
                "repetition": r["repetition"],
                "error": r.get("error"),
                "figures": r.get("figures"),
                "thresholds": r.get("thresholds"),
            }
            for r in runs
        ],
    }


def write_reports(
    runs: Sequence[Run],
    experiment: str,
    launch_id: int | None,
    code: int,
    base_url: str,
    junit: Path | None,
    json_out: Path | None,
) -> None:
    runs = with_limits(runs)
    if junit is not None:
        junit_report(experiment, runs, base_url).write(str(junit), pretty=True)
    if json_out is not None:
        json_out.write_text(
            json.dumps(json_report(experiment, launch_id, runs, code, base_url), indent=2) + "\n"
        )
