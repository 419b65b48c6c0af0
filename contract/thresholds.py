"""Thresholds: rules that turn a run into pass or fail, for people and for CI.

A rule names a figure of the one metric vocabulary (contract/metrics.py):
- a run metric, judged on its value once the run is collected (`latency_p99_ms < 50`,
  `error_pct < 0.1`, `proxy_connects_per_request < 0.05`);
- or a per-second series (SAMPLE_SERIES) with an aggregate over the run's measured seconds
  (`qcur max == 0`, `cpu mean < 80` on the proxy's host).
A limit may be relative to the rate the load asked for (`rps >= 0.98 x asked rate`) or to any
number of the run's spec (`proxy_max_scur >= 0.95 x proxy.global.maxconn`: every sweep point
judged against its own maxconn). `when` scopes a rule to the sweep points whose spec has those
values (`when: {proxy.backends.0.http_reuse: always}`), so one file states a sweep's conclusion
point by point.

A rule may judge a sweep point rather than each run (`per_point`): on its repetitions' mean or
a bound of their 95% confidence interval (`rps ci_low >= 1000`: the point holds 1000 req/s with
95% confidence), or against the same figure at another point of the sweep (`relative_to_point:
{proxy.backends.0.http_reuse: never}`: below 5 % of what `never` opened). Such a rule is judged
once every run of its launch has ended (backend/runs/launch_outcome.py), on the runs that succeeded.

`abort_on_fail` stops a run as soon as its rule is already lost, judged on the live samples once
`grace_s` seconds of the measured window have passed. Only per-second series exist while a run is
live, so only their rules can abort; a `max` (or `min`) rule once lost stays lost, a `mean` rule
is judged on the seconds so far.

A rule whose figure was not measured fails, saying so: a CI gate must not pass what it could not
check. A rule is NOT JUDGED (neither passed nor failed, and the run's report does not pass) when
its run measured too little to stand for anything (Completeness.too_short: a window under half
the asked one, or under 2 s), or when its series has fewer than MIN_JUDGED_SECONDS readings.
"""

from __future__ import annotations

import math
import operator as op
from collections.abc import Callable, Mapping, Sequence
from typing import Literal, Self

from pydantic import Field, model_validator

from contract.metrics import BY_KEY, SEARCH_BY_KEY, SERIES_BY_KEY, run_metrics
from contract.results import RunSummary
from contract.strict import StrictModel
from contract.sweep import JsonScalar, SweepPath, short_path, values_at

Operator = Literal["<", "<=", ">", ">=", "=="]
Aggregate = Literal["value", "max", "min", "mean"]
PointStatistic = Literal["mean", "ci_low", "ci_high"]
HostRole = Literal["proxy", "injector", "target"]
MAX_THRESHOLDS = 50
MAX_WHEN = 8
ASKED_RATE = "asked_rate"  # the load's rate: load.rate
# A max/min/mean of a per-second series needs at least this many seconds: at 1 Hz, one or two
# readings are the window's edges (the first second opens mid-flight, the last is cut at the
# close), not its steady state; a rule lost on them says more about the edges than the run.
MIN_JUDGED_SECONDS = 3

_COMPARE: dict[str, Callable[[float, float], bool]] = {
    "<": op.lt,
    "<=": op.le,
    ">": op.gt,
    ">=": op.ge,
    "==": op.eq,
}


class Threshold(StrictModel):
    """One rule: `metric [aggregate] operator value [x asked rate]`."""

    metric: str = Field(
        max_length=64,
        description=(
            "A run metric key (GET /api/v1/metrics run_metrics: rps, latency_p99_ms, error_pct ...) "
            "or a per-second series key (sample_series: qcur, cpu ...)."
        ),
    )
    aggregate: Aggregate = Field(
        default="value",
        description=(
            "value: a run metric's figure once the run is collected; max, min, mean: of a "
            "per-second series over the measured seconds."
        ),
    )
    operator: Operator = Field(description="How the figure must compare with the limit to pass.")
    value: float = Field(allow_inf_nan=False, description="The limit, in the metric's unit.")
    relative_to: Literal["asked_rate"] | SweepPath | None = Field(
        default=None,
        description=(
            "The limit is value x this number of the run's spec: asked_rate (the open-loop load's "
            "rate), or a dotted path such as proxy.global.maxconn (each sweep point's own value)."
        ),
    )
    when: dict[SweepPath, JsonScalar] = Field(
        default_factory=dict,
        max_length=MAX_WHEN,
        description=(
            "Judge only the runs whose spec has these values (dotted path: value), e.g. "
            "{proxy.backends.0.http_reuse: always}; empty: every run."
        ),
    )
    per_point: PointStatistic | None = Field(
        default=None,
        description=(
            "Judge once per sweep point, on a run metric of its repetitions: their mean, or the "
            "low or high bound of their 95% confidence interval (needs 2 or more runs). None: "
            "each run on its own."
        ),
    )
    relative_to_point: dict[SweepPath, JsonScalar] = Field(
        default_factory=dict,
        max_length=MAX_WHEN,
        description=(
            "The limit is value x the same run metric (the mean of its runs) at the sweep point "
            "that differs from the judged one only in these values, e.g. "
            "{proxy.backends.0.http_reuse: never}. Judged per sweep point; the reference point "
            "itself is not judged."
        ),
    )
    host: HostRole | None = Field(
        default=None, description="For a host series (cpu, rx, tx): the host of which role."
    )
    abort_on_fail: bool = Field(
        default=False,
        description="Stop the run as soon as this rule is lost (per-second series only, judged live).",
    )
    grace_s: int = Field(
        default=0,
        ge=0,
        le=3600,
        description="With abort_on_fail: seconds of measured load before the rule may stop the run.",
    )

    @model_validator(mode="after")
    def _names_a_figure(self) -> Self:
        problems = list(self._problems())
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @property
    def judges_points(self) -> bool:
        """Is this rule judged per sweep point (over a launch's runs) rather than per run?"""
        return self.per_point is not None or bool(self.relative_to_point) or self.judges_capacity

    @property
    def judges_capacity(self) -> bool:
        """Is this rule on a capacity search's figure (judged per sweep point on its searches)?"""
        return self.metric in SEARCH_BY_KEY

    def _problems(self) -> list[str]:
        series = SERIES_BY_KEY.get(self.metric)
        problems = []
        if self.relative_to is not None and self.relative_to_point:
            problems.append(
                "relative_to_point: a limit is relative to one base; drop relative_to or relative_to_point"
            )
        if self.metric in SEARCH_BY_KEY:
            return self._search_figure_problems()
        if self.metric in BY_KEY:
            if self.aggregate != "value":
                problems.append(
                    f"aggregate: {self.metric} is a run metric, judged on its value (aggregate value); "
                    "max/min/mean are for per-second series"
                )
            if self.host is not None:
                problems.append(f"host: {self.metric} is not a host series")
            if self.abort_on_fail:
                problems.append(
                    f"abort_on_fail: {self.metric} is known only when the run ends; only per-second "
                    f"series ({', '.join(SERIES_BY_KEY)}) can stop a run early"
                )
            return problems
        if series is None:
            return [
                f"metric: {self.metric!r} is neither a run metric ({', '.join(BY_KEY)}), "
                f"a per-second series ({', '.join(SERIES_BY_KEY)}) nor a search figure "
                f"({', '.join(SEARCH_BY_KEY)})"
            ]
        if self.judges_points:
            field = "per_point" if self.per_point is not None else "relative_to_point"
            problems.append(
                f"{field}: a sweep point is judged on a run metric of its runs; {self.metric} is a "
                "per-second series, judged run by run"
            )
        if self.aggregate == "value":
            problems.append(f"aggregate: {self.metric} is a per-second series; say max, min or mean")
        if series.source == "host" and self.host is None:
            problems.append(
                f"host: {self.metric} is measured on every host; say which (proxy, injector, target)"
            )
        if series.source != "host" and self.host is not None:
            problems.append(f"host: {self.metric} is HAProxy's, not a host's")
        if self.grace_s and not self.abort_on_fail:
            problems.append("grace_s: applies only with abort_on_fail")
        return problems

    def _search_figure_problems(self) -> list[str]:
        problems = []
        if self.aggregate != "value":
            problems.append(f"aggregate: {self.metric} is a search's figure, judged on its value")
        for field in ("host", "relative_to"):
            if getattr(self, field) is not None:
                problems.append(f"{field}: not available for {self.metric} (a search's figure)")
        if self.relative_to_point:
            problems.append(f"relative_to_point: not available for {self.metric} (a search's figure)")
        if self.abort_on_fail or self.grace_s:
            problems.append(f"abort_on_fail: {self.metric} is known only once the point's searches end")
        return problems

    def text(self) -> str:
        """The rule as people read it: `latency_p99_ms < 50`, `cpu mean on the proxy host < 80`."""
        figure = self.metric if self.aggregate == "value" else f"{self.metric} {self.aggregate}"
        if self.host is not None:
            figure += f" on the {self.host} host"
        if self.per_point is not None:
            of = "searches" if self.judges_capacity else "runs"
            figure += f" {self.per_point} of the point's {of}"
        if self.relative_to_point:
            limit = f"{self.value:g} x its value at {_scope(self.relative_to_point)}"
        elif self.relative_to is None:
            limit = f"{self.value:g}"
        else:
            limit = f"{self.value:g} x {'asked rate' if self.relative_to == ASKED_RATE else self.relative_to}"
        scope = _scope(self.when)
        return f"{figure} {self.operator} {limit}" + (f" when {scope}" if scope else "")


def _scope(values: Mapping[str, JsonScalar]) -> str:
    return ", ".join(f"{short_path(path)}={_word(value)}" for path, value in values.items())


def _word(value: JsonScalar) -> str:
    return "null" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


class ThresholdResult(StrictModel):
    """How one rule came out for one run."""

    index: int = Field(default=0, ge=0, description="The rule's place in the spec's thresholds.")
    rule: Threshold
    text: str = Field(description="The rule as people read it.")
    value: float | None = Field(description="The figure measured; None when it was not measured.")
    limit: float = Field(description="The limit it was compared with (relative limits resolved).")
    passed: bool
    judged: bool = Field(
        default=True,
        description=(
            "False when the run measured too little to judge the rule (too short a window, too few "
            "seconds of its series): then it neither passed nor failed, and `note` says why."
        ),
    )
    note: str | None = Field(default=None, description="Why it failed without a value, or how it was judged.")


class ThresholdReport(StrictModel):
    """Every rule of a run, in the spec's order; the run passes when all of them pass (a rule not
    judged has not passed: a gate never passes on what it could not judge)."""

    passed: bool
    results: list[ThresholdResult] = Field(description="The rules that apply to this run (their `when`).")
    aborted_by: int | None = Field(
        default=None, description="Index of the abort_on_fail rule that stopped the run early, if one did."
    )


class PointThresholdResult(StrictModel):
    """How one rule judged per sweep point came out for one point of a launch."""

    index: int = Field(ge=0, description="The rule's place in the spec's thresholds.")
    rule: Threshold
    text: str = Field(description="The rule as people read it.")
    point_index: int = Field(ge=0, description="The sweep point judged (runs' point_index).")
    params: dict[str, JsonScalar] = Field(description="The point's swept values.")
    runs: int = Field(ge=0, description="How many of the point's runs were judged (the ones that succeeded).")
    value: float | None = Field(description="The point's figure (mean or interval bound); None if none.")
    limit: float | None = Field(description="The limit compared with; None when it could not be set.")
    reference_point_index: int | None = Field(
        default=None, description="With relative_to_point: the point whose mean set the limit."
    )
    reference_params: dict[str, JsonScalar] | None = Field(
        default=None, description="With relative_to_point: that point's swept values."
    )
    passed: bool
    note: str | None = Field(default=None, description="Why it failed without a value, or how it was judged.")


# Per-second values of the measured seconds, by source as rules name them: "proxy" (HAProxy's
# samples) and "host:proxy" / "host:injector" / "host:target" (each role's host).
Seconds = Mapping[str, Sequence[Mapping[str, object]]]


def source_of(rule: Threshold) -> str:
    return f"host:{rule.host}" if rule.host is not None else "proxy"


def series_values(rule: Threshold, seconds: Seconds) -> list[float]:
    """The finite values of the rule's series, one per measured second that has it."""
    key = SERIES_BY_KEY[rule.metric].sample_key
    values = []
    for data in seconds.get(source_of(rule), ()):
        value = data.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
            values.append(float(value))
    return values


def _aggregate(kind: Aggregate, values: Sequence[float]) -> float | None:
    if not values:
        return None
    if kind == "max":
        return max(values)
    if kind == "min":
        return min(values)
    return math.fsum(values) / len(values)


def holds(operator: Operator, value: float, limit: float) -> bool:
    """Does `value operator limit` hold (the rule passes)?"""
    return _COMPARE[operator](value, limit)


def spec_number(spec: Mapping[str, object], path: str) -> float | None:
    """The one number at `path` in a spec document; None when there is none (or several)."""
    found = values_at(dict(spec), path)
    if len(found) != 1 or isinstance(found[0], bool) or not isinstance(found[0], int | float):
        return None
    return float(found[0])


def _same(value: object, wanted: JsonScalar) -> bool:
    # true is not 1 here (Python says it is); 100 and 100.0 are the same number.
    if isinstance(value, bool) or isinstance(wanted, bool):
        return value is wanted
    return value == wanted


def has_values(spec: Mapping[str, object], wanted: Mapping[str, JsonScalar]) -> bool:
    """Does this (resolved) spec hold every one of these values (dotted path: value)?"""
    for path, value in wanted.items():
        found = values_at(dict(spec), path)
        if not found or not all(_same(each, value) for each in found):
            return False
    return True


def applies(rule: Threshold, spec: Mapping[str, object]) -> bool:
    """Does the rule judge a run of this (resolved) spec? Every `when` path must hold its value."""
    return has_values(spec, rule.when)


def limit_of(rule: Threshold, spec: Mapping[str, object]) -> float | None:
    if rule.relative_to is None:
        return rule.value
    path = "load.rate" if rule.relative_to == ASKED_RATE else rule.relative_to
    base = spec_number(spec, path)
    return None if base is None else rule.value * base


def judge(
    rule: Threshold,
    *,
    spec: Mapping[str, object],
    summary: RunSummary | None,
    seconds: Seconds,
    index: int = 0,
    lost_live: bool = False,
) -> ThresholdResult:
    """One rule against a run: its resolved spec (relative limits), its summary (run metrics) or
    its measured seconds (series). `lost_live`: the rule stopped the run (abort_on_fail), judged on
    the seconds so far, so it is judged however short the run then was."""
    limit = limit_of(rule, spec)
    text = rule.text()
    if limit is None:
        missing_base = (
            "the load asked no rate"
            if rule.relative_to == ASKED_RATE
            else f"the spec has no number at {rule.relative_to}"
        )
        return ThresholdResult(
            index=index, rule=rule, text=text, value=None, limit=rule.value, passed=False, note=missing_base
        )
    completeness = summary.completeness if summary is not None else None

    def not_judged(why: str) -> ThresholdResult:
        """Measured too little to judge: neither passed nor failed (a gate never passes on it)."""
        return ThresholdResult(
            index=index, rule=rule, text=text, value=None, limit=limit, passed=False, judged=False,
            note=f"not judged: {why}",
        )  # fmt: skip

    if completeness is not None and completeness.too_short and not lost_live:
        return not_judged(
            f"too short ({completeness.measured_s:g} s measured of the {completeness.asked_s:g} s asked)"
        )
    if rule.metric in BY_KEY:
        value = run_metrics(summary).get(rule.metric)
        missing = "not measured in this run"
    else:
        values = series_values(rule, seconds)
        if 0 < len(values) < MIN_JUDGED_SECONDS:
            return not_judged(
                f"{len(values)} second(s) of {rule.metric}, fewer than the {MIN_JUDGED_SECONDS} a "
                "per-second rule needs"
            )
        value = _aggregate(rule.aggregate, values)
        missing = f"no per-second samples of {rule.metric} from {source_of(rule)}"
    if value is None:
        return ThresholdResult(
            index=index, rule=rule, text=text, value=None, limit=limit, passed=False, note=missing
        )
    value = float(value)
    passed = holds(rule.operator, value, limit)
    return ThresholdResult(index=index, rule=rule, text=text, value=value, limit=limit, passed=passed)


def evaluate(
    rules: Sequence[Threshold],
    *,
    spec: Mapping[str, object],
    summary: RunSummary | None,
    seconds: Seconds,
    aborted_by: int | None = None,
) -> ThresholdReport:
    """The run rules that apply to this run, judged; it passes when all of them pass. Rules judged
    per sweep point wait for the launch (backend/runs/launch_outcome.py)."""
    results = [
        judge(rule, spec=spec, summary=summary, seconds=seconds, index=index, lost_live=index == aborted_by)
        for index, rule in enumerate(rules)
        if not rule.judges_points and applies(rule, spec)
    ]
    return ThresholdReport(passed=all(r.passed for r in results), results=results, aborted_by=aborted_by)


def judges_runs(rules: Sequence[Threshold]) -> bool:
    """Is any of these rules judged run by run (so each run gets a report)?"""
    return any(not rule.judges_points for rule in rules)


def lost_live(
    rules: Sequence[Threshold], *, spec: Mapping[str, object], seconds: Seconds, measured_s: float
) -> tuple[int, ThresholdResult] | None:
    """The first abort_on_fail rule already lost on the seconds measured so far, past its grace."""
    for index, rule in enumerate(rules):
        if not rule.abort_on_fail or measured_s < rule.grace_s or not applies(rule, spec):
            continue
        if not series_values(rule, seconds):
            continue  # nothing measured yet is not a loss while the run is live
        result = judge(rule, spec=spec, summary=None, seconds=seconds, index=index)
        if result.judged and not result.passed:  # too few seconds yet: wait for more
            return index, result
    return None
