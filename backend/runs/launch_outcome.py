"""A launch's verdict: did every run do what it was asked and pass its rules, and do the rules
judged per sweep point (contract/thresholds.py: per_point, relative_to_point) hold?

One place decides what a launch means for a CI gate; `haplab run` exits with its outcome
(docs/automation.md):
- running: a run has not ended yet (no verdict; point rules wait for every run);
- runs_failed: a run failed, was cancelled, or ended partial for a reason other than a rule;
- thresholds_failed: every run did what it was asked, but a rule failed (a run stopped early by
  an abort_on_fail rule counts here: the rule, not the run, is what failed);
- passed: every run succeeded and every rule passed.

Point rules are judged on the point's runs that succeeded (a partial run's figures cover less
than was asked: averaging them in would be dishonest), with backend.runs.statistics' interval
for the mean and its 95% confidence bounds. The point a relative_to_point rule compares with is
the one whose swept values differ from the judged point's only where the rule says: among the
points that hold the rule's values, the one with the fewest swept values unlike the judged
point's (linked paths move with their axis, so they count too); two such points is ambiguous.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from backend.runs.schemas import LaunchOutcome
from backend.runs.statistics import interval
from contract.metrics import run_metrics
from contract.results import RunSummary
from contract.run_state import RunState
from contract.sweep import JsonScalar
from contract.thresholds import (
    PointStatistic,
    PointThresholdResult,
    Threshold,
    ThresholdReport,
    applies,
    has_values,
    holds,
    limit_of,
)


@dataclass(frozen=True)
class JudgedRun:
    """What the verdict reads of one run of the launch."""

    id: int
    point_index: int
    params: Mapping[str, JsonScalar]
    spec: Mapping[str, Any]
    state: RunState
    summary: RunSummary | None
    thresholds: ThresholdReport | None


@dataclass
class _Point:
    index: int
    params: Mapping[str, JsonScalar]
    spec: Mapping[str, Any]
    succeeded: list[JudgedRun]


def point_rules(spec: Mapping[str, Any]) -> list[tuple[int, Threshold]]:
    """(index, rule) of the spec's rules judged per sweep point."""
    rules = []
    for index, raw in enumerate(spec.get("thresholds") or []):
        try:
            rule = Threshold.model_validate(raw)
        except ValidationError:
            continue  # valid when launched; a stricter model since cannot judge it (run rules were)
        if rule.judges_points and not rule.judges_capacity:  # capacity: backend/runs/capacity
            rules.append((index, rule))
    return rules


def _points(runs: Sequence[JudgedRun]) -> list[_Point]:
    points: dict[int, _Point] = {}
    for run in runs:
        point = points.setdefault(run.point_index, _Point(run.point_index, run.params, run.spec, []))
        if run.state == RunState.succeeded:
            point.succeeded.append(run)
    return sorted(points.values(), key=lambda p: p.index)


def _values(point: _Point, metric: str) -> list[float]:
    found = (run_metrics(run.summary).get(metric) for run in point.succeeded)
    return [float(value) for value in found if value is not None]


def _differences(a: Mapping[str, JsonScalar], b: Mapping[str, JsonScalar]) -> int:
    return sum(1 for key in a.keys() | b.keys() if a.get(key) != b.get(key))


def reference_of(point: _Point, wanted: Mapping[str, JsonScalar], points: Sequence[_Point]) -> _Point | str:
    """The point a relative_to_point rule compares `point` with, or why there is none."""
    candidates = [p for p in points if has_values(p.spec, wanted)]
    if not candidates:
        return "no point of this launch holds those values"
    fewest = min(_differences(point.params, p.params) for p in candidates)
    closest = [p for p in candidates if _differences(point.params, p.params) == fewest]
    if len(closest) > 1:
        indexes = ", ".join(str(p.index) for p in closest)
        return f"points {indexes} all differ from this one only there: name more values"
    return closest[0]


def _statistic(kind: PointStatistic | None, values: Sequence[float]) -> tuple[float | None, str]:
    """The point's figure (mean by default) and how it was had, or None and why not."""
    if not values:
        return None, "no run of this point succeeded with the figure measured"
    spread = interval(values)
    if kind in (None, "mean"):
        return spread.mean, f"mean of {spread.n} run{'s' if spread.n > 1 else ''}"
    bound = spread.low if kind == "ci_low" else spread.high
    if bound is None:
        return None, f"a confidence bound needs 2 or more runs; this point has {spread.n}"
    return bound, f"95% confidence {'low' if kind == 'ci_low' else 'high'} bound of {spread.n} runs"


def judge_point(
    index: int, rule: Threshold, point: _Point, points: Sequence[_Point]
) -> PointThresholdResult | None:
    """One point rule on one point; None when the rule does not judge it (its `when`, or the point
    is the rule's own reference)."""
    if not applies(rule, point.spec):
        return None
    reference: _Point | None = None
    limit: float | None
    reason: str | None = None
    if rule.relative_to_point:
        found = reference_of(point, rule.relative_to_point, points)
        if isinstance(found, _Point) and found.index == point.index:
            return None
        if isinstance(found, str):
            limit, reason = None, f"no reference point: {found}"
        else:
            reference = found
            base, _ = _statistic("mean", _values(found, rule.metric))
            limit = None if base is None else rule.value * base
            if base is None:
                reason = f"the reference point {found.index} has no succeeded run with {rule.metric}"
    else:
        limit = limit_of(rule, point.spec)
        if limit is None:
            reason = f"the spec has no number at {rule.relative_to}"
    value, how = _statistic(rule.per_point, _values(point, rule.metric))
    if value is None:
        reason = reason or how
    passed = value is not None and limit is not None and holds(rule.operator, value, limit)
    return PointThresholdResult(
        index=index,
        rule=rule,
        text=rule.text(),
        point_index=point.index,
        params=dict(point.params),
        runs=len(point.succeeded),
        value=value,
        limit=limit,
        reference_point_index=reference.index if reference is not None else None,
        reference_params=dict(reference.params) if reference is not None else None,
        passed=passed,
        note=reason or how,
    )


def judge_points(runs: Sequence[JudgedRun]) -> list[PointThresholdResult]:
    """Every point rule of the launch on every point it judges, rule by rule; none until every
    run has ended (a mean of the runs so far is not the point's)."""
    if not runs or not all(run.state.is_terminal for run in runs):
        return []
    rules = point_rules(runs[0].spec)
    points = _points(runs)
    results = []
    for index, rule in rules:
        for point in points:
            result = judge_point(index, rule, point, points)
            if result is not None:
                results.append(result)
    return results


def _aborted_by_rule(run: JudgedRun) -> bool:
    return (
        run.state == RunState.partial and run.thresholds is not None and run.thresholds.aborted_by is not None
    )


def outcome(runs: Sequence[JudgedRun], point_results: Sequence[PointThresholdResult]) -> LaunchOutcome:
    if not all(run.state.is_terminal for run in runs):
        return "running"
    if not all(run.state == RunState.succeeded or _aborted_by_rule(run) for run in runs):
        return "runs_failed"
    runs_passed = all(run.thresholds is None or run.thresholds.passed for run in runs)
    if not runs_passed or not all(result.passed for result in point_results):
        return "thresholds_failed"
    return "passed"
