"""Thresholds: rules that turn a run into pass or fail, for people and for CI.

A rule names a figure of the one metric vocabulary (spec/metrics.py):
- a run metric, judged on its value once the run is collected (`latency_p99_ms < 50`,
  `error_pct < 0.1`, `proxy_connects_per_request < 0.05`);
- or a per-second series (SAMPLE_SERIES) with an aggregate over the run's measured seconds
  (`qcur max == 0`, `cpu mean < 80` on the proxy's host).
A limit may be relative to the rate the load asked for (`rps >= 0.98 x asked rate`).

`abort_on_fail` stops a run as soon as its rule is already lost, judged on the live samples once
`grace_s` seconds of the measured window have passed. Only per-second series exist while a run is
live, so only their rules can abort; a `max` (or `min`) rule once lost stays lost, a `mean` rule
is judged on the seconds so far.

A rule whose figure was not measured fails, saying so: a CI gate must not pass what it could not
check.
"""

from __future__ import annotations

import math
import operator as op
from collections.abc import Callable, Mapping, Sequence
from typing import Literal, Self

from pydantic import Field, model_validator

from spec.metrics import BY_KEY, SAMPLE_SERIES, SampleSeries, run_metrics
from spec.results import RunSummary
from spec.strict import StrictModel

Operator = Literal["<", "<=", ">", ">=", "=="]
Aggregate = Literal["value", "max", "min", "mean"]
HostRole = Literal["proxy", "injector", "target"]
MAX_THRESHOLDS = 50

SERIES_BY_KEY: dict[str, SampleSeries] = {s.key: s for s in SAMPLE_SERIES}
_COMPARE: dict[str, Callable[[float, float], bool]] = {
    "<": op.lt,
    "<=": op.le,
    ">": op.gt,
    ">=": op.ge,
    "==": op.eq,
}
_ROLE_WORDS: dict[str, str] = {"proxy": "proxy", "injector": "injector", "target": "target"}


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
    relative_to: Literal["asked_rate"] | None = Field(
        default=None,
        description="asked_rate: the limit is value x the load's asked rate (open loop), e.g. 0.98.",
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

    def _problems(self) -> list[str]:
        series = SERIES_BY_KEY.get(self.metric)
        if self.metric in BY_KEY:
            problems = []
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
                f"metric: {self.metric!r} is neither a run metric ({', '.join(BY_KEY)}) "
                f"nor a per-second series ({', '.join(SERIES_BY_KEY)})"
            ]
        problems = []
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

    def text(self) -> str:
        """The rule as people read it: `latency_p99_ms < 50`, `cpu mean on the proxy host < 80`."""
        figure = self.metric if self.aggregate == "value" else f"{self.metric} {self.aggregate}"
        if self.host is not None:
            figure += f" on the {_ROLE_WORDS[self.host]} host"
        limit = f"{self.value:g} x asked rate" if self.relative_to else f"{self.value:g}"
        return f"{figure} {self.operator} {limit}"

    def unit(self) -> str:
        known = BY_KEY.get(self.metric) or SERIES_BY_KEY.get(self.metric)
        return known.unit if known is not None else ""


class ThresholdResult(StrictModel):
    """How one rule came out for one run."""

    rule: Threshold
    text: str = Field(description="The rule as people read it.")
    value: float | None = Field(description="The figure measured; None when it was not measured.")
    limit: float = Field(description="The limit it was compared with (relative limits resolved).")
    passed: bool
    note: str | None = Field(default=None, description="Why it failed without a value, or how it was judged.")


class ThresholdReport(StrictModel):
    """Every rule of a run, in the spec's order; the run passes when all of them pass."""

    passed: bool
    results: list[ThresholdResult]
    aborted_by: int | None = Field(
        default=None, description="Index of the abort_on_fail rule that stopped the run early, if one did."
    )


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


def limit_of(rule: Threshold, asked_rate: float | None) -> float | None:
    if rule.relative_to is None:
        return rule.value
    return None if asked_rate is None else rule.value * asked_rate


def judge(
    rule: Threshold, *, asked_rate: float | None, summary: RunSummary | None, seconds: Seconds
) -> ThresholdResult:
    """One rule against a run's summary (run metrics) or its measured seconds (series)."""
    limit = limit_of(rule, asked_rate)
    text = rule.text()
    if limit is None:
        return ThresholdResult(
            rule=rule, text=text, value=None, limit=rule.value, passed=False, note="the load asked no rate"
        )
    if rule.metric in BY_KEY:
        value = run_metrics(summary).get(rule.metric)
        missing = "not measured in this run"
    else:
        value = _aggregate(rule.aggregate, series_values(rule, seconds))
        missing = f"no per-second samples of {rule.metric} from {source_of(rule)}"
    if value is None:
        return ThresholdResult(rule=rule, text=text, value=None, limit=limit, passed=False, note=missing)
    value = float(value)
    return ThresholdResult(
        rule=rule, text=text, value=value, limit=limit, passed=_COMPARE[rule.operator](value, limit)
    )


def evaluate(
    rules: Sequence[Threshold],
    *,
    asked_rate: float | None,
    summary: RunSummary | None,
    seconds: Seconds,
    aborted_by: int | None = None,
) -> ThresholdReport:
    results = [judge(rule, asked_rate=asked_rate, summary=summary, seconds=seconds) for rule in rules]
    return ThresholdReport(passed=all(r.passed for r in results), results=results, aborted_by=aborted_by)


def lost_live(
    rules: Sequence[Threshold], *, asked_rate: float | None, seconds: Seconds, measured_s: float
) -> tuple[int, ThresholdResult] | None:
    """The first abort_on_fail rule already lost on the seconds measured so far, past its grace."""
    for index, rule in enumerate(rules):
        if not rule.abort_on_fail or measured_s < rule.grace_s:
            continue
        if not series_values(rule, seconds):
            continue  # nothing measured yet is not a loss while the run is live
        result = judge(rule, asked_rate=asked_rate, summary=None, seconds=seconds)
        if not result.passed:
            return index, result
    return None
