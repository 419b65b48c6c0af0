"""What a launch means for CI: the exit code of its verdict, and JUnit XML / JSON reports.

The verdict is the API's (GET /launches/{id}, backend/runs/launch_outcome.py); its outcome is the exit
code (docs/automation.md):
  0  passed: every run succeeded and every threshold passed
  1  thresholds_failed: a run's or a sweep point's rule failed (a run stopped early by an
     abort_on_fail rule counts here)
  2  runs_failed: a run failed, was cancelled or ended partial for another reason; or the runs
     did not end in time
  3  bad input or auth: the file, an option, the lab name, the token (raised before launching)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from junitparser import Error, Failure, JUnitXml, Skipped, TestCase, TestSuite

from contract.sweep import short_path

PASSED, THRESHOLD_FAILED, RUN_FAILED, BAD_INPUT = 0, 1, 2, 3

Run = dict[str, Any]  # GET /runs/{id}
Launch = dict[str, Any]  # GET /launches/{id}
EXIT_CODES = {"passed": PASSED, "thresholds_failed": THRESHOLD_FAILED, "runs_failed": RUN_FAILED}


def _aborted_by_threshold(run: Run) -> bool:
    report = run.get("thresholds") or {}
    return run["state"] == "partial" and report.get("aborted_by") is not None


def run_ok(run: Run) -> bool:
    """Did the run do what it was asked (its thresholds aside)?"""
    return run["state"] == "succeeded" or _aborted_by_threshold(run)


def exit_code(launch: Launch | None) -> int:
    """The launch's outcome as an exit code; a launch still running (the wait ran out) is 2."""
    return RUN_FAILED if launch is None else EXIT_CODES.get(launch["outcome"], RUN_FAILED)


def point_label(params: dict[str, Any]) -> str:
    """A sweep point's values as people read them: `maxconn=10, cpu_map.0=1/all 0`."""
    return ", ".join(f"{short_path(path)}={value}" for path, value in params.items())


def point_title(result: dict[str, Any]) -> str:
    params = point_label(result["params"])
    return f"sweep point {result['point_index']}" + (f" ({params})" if params else "")


def run_verdict(run: Run) -> str:
    """The run's one verdict as the API words it ("succeeded, 1 of 3 rules failed"); its state
    from a server older than `outcome`."""
    outcome = run.get("outcome")
    return str(outcome["label"]) if isinstance(outcome, dict) and outcome.get("label") else str(run["state"])


def run_title(run: Run) -> str:
    params = point_label(run.get("params") or {})
    point = f" ({params})" if params else ""
    return f"run {run['id']}{point}, repetition {run['repetition'] + 1}"


def _failure(result: dict[str, Any], url: str) -> Failure:
    value = "not measured" if result["value"] is None else f"{result['value']:g}"
    note = f" ({result['note']})" if result.get("note") else ""
    limit = "none" if result["limit"] is None else f"{result['rule']['operator']} {result['limit']:g}"
    return Failure(f"{result['text']}: measured {value}{note}, limit {limit} ({url})", "threshold")


def junit_report(experiment: str, runs: Sequence[Run], launch: Launch | None, base_url: str) -> JUnitXml:
    """One test case per run (did it do what it was asked), one per run and threshold rule, and
    one per sweep point and rule judged per point."""
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
            if result.get("judged") is False:  # the run measured too little to judge it: neither way
                rule.result = [Skipped(f"{result['text']}: {result.get('note') or 'not judged'} ({url})")]
            elif not result["passed"]:
                rule.result = [_failure(result, url)]
            suite.add_testcase(rule)
    first = f"{base_url.rstrip('/')}/runs/{runs[0]['id']}" if runs else base_url
    for result in (launch or {}).get("point_thresholds", []):
        case = TestCase(
            f"{point_title(result)}: threshold {result['index']} {result['text']}", classname=experiment
        )
        case.system_out = first
        if not result["passed"]:
            case.result = [_failure(result, first)]
        suite.add_testcase(case)
    for point in ((launch or {}).get("capacity") or {}).get("points", []):
        # The point's answer itself: an error when its search could not find one (its capacity
        # rules, if any, are the point threshold cases above).
        case = TestCase(f"{point_title(point)}: capacity", classname=experiment)
        case.system_out = f"{point['sentence']} ({first})"
        if point["outcome"] in ("failed", "inconclusive", None):
            case.result = [Error(f"{point['sentence']} ({first})", point["outcome"] or "running")]
        suite.add_testcase(case)
    xml = JUnitXml()
    xml.add_testsuite(suite)
    return xml


def json_report(
    experiment: str,
    launch_id: int | None,
    runs: Sequence[Run],
    launch: Launch | None,
    code: int,
    base_url: str,
) -> dict[str, Any]:
    return {
        "experiment": experiment,
        "launch_id": launch_id,
        "exit_code": code,
        "passed": code == PASSED,
        "outcome": launch["outcome"] if launch else "running",
        "point_thresholds": launch["point_thresholds"] if launch else [],
        "capacity": _capacity_report(launch),
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


def _capacity_report(launch: Launch | None) -> list[dict[str, Any]] | None:
    """Each sweep point's capacity answer (a search launch), without its probes' details."""
    capacity = (launch or {}).get("capacity")
    if not capacity:
        return None
    keys = ("point_index", "params", "outcome", "capacity", "ci_low", "ci_high", "safe", "sentence")
    return [
        {key: point[key] for key in keys}
        | {"unit": capacity["unit"], "probes": sum(len(s["probes"]) for s in point["searches"])}
        for point in capacity["points"]
    ]


def write_reports(
    runs: Sequence[Run],
    launch: Launch | None,
    experiment: str,
    launch_id: int | None,
    code: int,
    base_url: str,
    junit: Path | None,
    json_out: Path | None,
) -> None:
    if junit is not None:
        junit_report(experiment, runs, launch, base_url).write(str(junit), pretty=True)
    if json_out is not None:
        report = json_report(experiment, launch_id, runs, launch, code, base_url)
        json_out.write_text(json.dumps(report, indent=2) + "\n")
