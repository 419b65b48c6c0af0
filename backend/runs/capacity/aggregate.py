"""A sweep point's capacity over its searches, and the capacity rules judged on it (pure).

The capacity of a point is the mean of its searches' capacities, with its 95% interval
(backend.runs.statistics.interval) from two searches up, and only when every search found one: a
mean of some searches is not the point's. A rule on `capacity` or `safe_capacity` is judged on it
(its mean, or with per_point the low or high bound of the interval). A search that ended above_max
or below_floor gives a bound, not a number: a rule that holds over the whole range the capacity
may have passes, one that holds over none of it fails, any other fails as not judged, saying why.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from backend.runs.statistics import interval
from contract.search import CapacitySearch, SearchAnswer, SearchOutcome
from contract.sweep import JsonScalar
from contract.thresholds import PointThresholdResult, Threshold, holds


@dataclass(frozen=True)
class PointFigure:
    outcome: SearchOutcome | None  # None while a search probes
    capacity: float | None
    ci_low: float | None
    ci_high: float | None
    safe: float | None
    sentence: str


def _fmt(search: CapacitySearch, value: float) -> str:
    return f"{value:,.0f} {search.unit}" if abs(value) >= 100 else f"{value:,.1f} {search.unit}"


def point_figure(search: CapacitySearch, answers: Sequence[SearchAnswer | None]) -> PointFigure:
    """The point's answer from its searches' (one per repetition, None while probing)."""
    if not answers or any(answer is None for answer in answers):
        done = sum(1 for a in answers if a is not None)
        return PointFigure(
            None, None, None, None, None, f"searching ({done} of {len(answers)} searches done)"
        )
    ended = [a for a in answers if a is not None]
    other = next((a for a in ended if a.outcome != SearchOutcome.capacity), None)
    if other is not None:
        return PointFigure(other.outcome, None, None, None, None, other.sentence)
    values = [float(a.capacity) for a in ended if a.capacity is not None]
    spread = interval(values)
    safe = spread.mean * search.safe_fraction
    if spread.n == 1:
        return PointFigure(SearchOutcome.capacity, spread.mean, None, None, safe, ended[0].sentence)
    bounds = (
        f" (95% interval {_fmt(search, spread.low)} to {_fmt(search, spread.high)})"
        if spread.low is not None and spread.high is not None
        else ""
    )
    sentence = (
        f"capacity {_fmt(search, spread.mean)}, mean of {spread.n} searches{bounds}; "
        f"safe operating point {_fmt(search, safe)}"
    )
    return PointFigure(SearchOutcome.capacity, spread.mean, spread.low, spread.high, safe, sentence)


def _range(answer: SearchAnswer) -> tuple[float, float] | None:
    """The values the capacity may have, by what the search found; None: it found nothing."""
    if answer.outcome == SearchOutcome.capacity and answer.capacity is not None:
        return answer.capacity, answer.capacity
    if answer.outcome == SearchOutcome.above_max and answer.bracket_low is not None:
        return answer.bracket_low, math.inf
    if answer.outcome == SearchOutcome.below_floor and answer.bracket_high is not None:
        return 0.0, math.nextafter(answer.bracket_high, 0.0)  # below the lowest fail
    return None


def judge_capacity_rule(
    index: int,
    rule: Threshold,
    *,
    search: CapacitySearch,
    point_index: int,
    params: Mapping[str, JsonScalar],
    answers: Sequence[SearchAnswer],
) -> PointThresholdResult:
    """A capacity rule on one point whose searches have all answered."""
    scale = search.safe_fraction if rule.metric == "safe_capacity" else 1.0

    def result(value: float | None, passed: bool, note: str) -> PointThresholdResult:
        return PointThresholdResult(
            index=index, rule=rule, text=rule.text(), point_index=point_index, params=dict(params),
            runs=len(answers), value=value, limit=rule.value, passed=passed, note=note,
        )  # fmt: skip

    ranges = [_range(a) for a in answers]
    missing = next((a for a, r in zip(answers, ranges, strict=True) if r is None), None)
    if missing is not None:
        return result(None, False, f"not judged: a search found no capacity ({missing.sentence})")
    found = [r for r in ranges if r is not None]
    if all(low == high for low, high in found):
        spread = interval([scale * low for low, _ in found])
        if rule.per_point in (None, "mean"):
            value: float | None = spread.mean
            how = f"mean of {spread.n} search{'es' if spread.n > 1 else ''}"
        else:
            value = spread.low if rule.per_point == "ci_low" else spread.high
            side = "low" if rule.per_point == "ci_low" else "high"
            how = f"95% confidence {side} bound of {spread.n} searches"
            if value is None:
                return result(
                    None, False, f"a confidence bound needs 2 or more searches; this point has {spread.n}"
                )
        assert value is not None
        return result(value, holds(rule.operator, value, rule.value), how)
    if rule.per_point in ("ci_low", "ci_high"):
        return result(
            None, False, "not judged: a search gave a bound, not a capacity, so there is no interval"
        )
    low = scale * sum(r[0] for r in found) / len(found)
    high = scale * sum(r[1] for r in found) / len(found)
    bound = "; ".join(a.sentence for a in answers if a.outcome != SearchOutcome.capacity)
    if holds(rule.operator, low, rule.value) and holds(rule.operator, high, rule.value):
        return result(None, True, f"holds for every capacity the searches allow ({bound})")
    if not holds(rule.operator, low, rule.value) and not holds(rule.operator, high, rule.value):
        return result(None, False, f"holds for no capacity the searches allow ({bound})")
    return result(None, False, f"not judged: the searches give only a bound ({bound})")
