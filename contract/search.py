"""Capacity search: how much load a config takes before it breaks its objective.

An experiment with a `search` answers, for each sweep point (each HAProxy config), the highest
rate (open loop) or number of connections (closed loop) whose probe still meets every rule of
the objective (`latency_p99_ms < 50`, `error_pct < 0.1`: the one vocabulary of thresholds).
Each probe is a real run of the launch at one value. The plan (`plan_next`) is pure:

- grow: start at `start`, multiply by `growth` after every pass, up to `max`;
- if `start` itself fails, divide by `growth` until a probe passes (at most MAX_STEPS_DOWN times);
- bisect between the highest pass below the lowest fail and that fail until the bracket is
  within `precision` of the pass (or the two are one step apart: whole connections, whole
  requests/s from MIN_WHOLE_RATE up);
- a probe that fails a guard (its injectors did not keep their schedule, the run was partial,
  the lab's hosts were the limit) ends the search *inconclusive* at that value: a capacity
  measured against a limit of the lab is the lab's, not the config's.

Probes are never guessed or interpolated: the capacity is a value a probe passed at. A point
whose probes do not line up (a pass above a fail: noise near the knee) is bracketed by the lowest
fail and the highest pass under it, and the answer says the bracket held a pass above it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal, Self

from pydantic import Field, field_validator, model_validator

from contract.metrics import RUN_METRICS
from contract.results import StageResult
from contract.strict import StrictModel
from contract.thresholds import ASKED_RATE, Threshold

SearchVariable = Literal["load.rate", "load.connections"]
SearchMethod = Literal["bisect", "staircase"]

MAX_OBJECTIVE_RULES = 10
MAX_STEPS_DOWN = 4
MIN_WHOLE_RATE = 20.0  # from here rates are probed in whole requests/s
DEFAULT_SAFE_FRACTION = 0.8

_PERCENT = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*%\s*$")


class ProbeLoad(StrictModel):
    """How long each probe loads the proxy (it replaces the load profile's duration and warm-up)."""

    duration_s: int = Field(default=10, ge=2, le=600, description="Measured seconds of each probe.")
    warmup_s: int = Field(
        default=2, ge=0, le=120, description="Seconds of load before a probe's measuring starts."
    )


class CapacitySearch(StrictModel):
    """Search, per sweep point, the highest load that still meets the objective."""

    vary: SearchVariable = Field(
        description=(
            "What the probes change: load.rate (requests/s, open loop) or load.connections "
            "(concurrent clients, closed loop)."
        )
    )
    objective: list[Threshold] = Field(
        min_length=1,
        max_length=MAX_OBJECTIVE_RULES,
        description=(
            "Rules every probe must meet to pass, in the thresholds' vocabulary "
            "(latency_p99_ms < 50, error_pct < 0.1); judged on each probe run on its own."
        ),
    )
    start: float = Field(gt=0, le=1_000_000, description="The first probe's value.")
    max: float = Field(gt=0, le=1_000_000, description="No probe goes above this value.")
    growth: float = Field(
        default=2.0,
        ge=1.1,
        le=10,
        description="Each passing probe is followed by one this many times higher.",
    )
    precision: float = Field(
        default=0.02,
        ge=0.005,
        le=0.5,
        description=(
            "The search ends when the first failing value is within this fraction of the last "
            "passing one: 0.02 or '2%'."
        ),
    )
    probe: ProbeLoad = Field(default_factory=ProbeLoad, description="Each probe's duration and warm-up.")
    method: SearchMethod = Field(
        default="bisect",
        description=(
            "bisect: one run per probe, growing then bisecting. staircase: a first run climbs "
            "stages (start, x growth ... up to max) for a quick bracket, which probes then bisect."
        ),
    )
    safe_fraction: float = Field(
        default=DEFAULT_SAFE_FRACTION,
        gt=0,
        le=1,
        description=(
            "The safe operating point is this fraction of the capacity (0.8: a plateau below the maximum)."
        ),
    )
    max_probes: int = Field(
        default=20, ge=2, le=60, description="A search ends after this many probes, with the bracket it has."
    )
    confirm: bool = Field(
        default=True,
        description=(
            "Before answering, probe the first failing value once more: a value that passes once "
            "passes (noise on a lab only ever adds latency), so one disturbed probe does not lower "
            "the capacity."
        ),
    )

    @field_validator("precision", mode="before")
    @classmethod
    def _percent_text(cls, value: Any) -> Any:
        if isinstance(value, str):
            found = _PERCENT.match(value)
            if not found:
                raise ValueError("a fraction (0.02) or a percentage ('2%')")
            return float(found.group(1)) / 100
        if isinstance(value, int | float) and not isinstance(value, bool) and value >= 1:
            raise ValueError(f"{value} is not a fraction: write 0.02 or '2%' for two percent")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.start > self.max:
            raise ValueError(f"start ({self.start:g}) is above max ({self.max:g})")
        if self.vary == "load.connections":
            for field in ("start", "max"):
                if getattr(self, field) != int(getattr(self, field)):
                    raise ValueError(f"{field}: connections are whole numbers")
        for index, rule in enumerate(self.objective):
            why = _objective_problem(rule) or (
                _stage_objective_problem(rule) if self.method == "staircase" else None
            )
            if why:
                raise ValueError(f"objective.{index}: {why}")
        return self

    @property
    def unit(self) -> str:
        return "req/s" if self.vary == "load.rate" else "connections"

    def rounded(self, value: float) -> float:
        """A probe value as probes are run: whole connections; whole requests/s from MIN_WHOLE_RATE."""
        if self.vary == "load.connections":
            return float(max(1, round(value)))
        if value >= MIN_WHOLE_RATE:
            return float(round(value))
        return max(0.1, round(value, 1))


def _objective_problem(rule: Threshold) -> str | None:
    if rule.judges_capacity:
        return f"{rule.metric} is the search's answer, not a figure of a probe"
    if rule.per_point is not None or rule.relative_to_point:
        return (
            "an objective judges each probe on its own, not a sweep point (no per_point, relative_to_point)"
        )
    if rule.when:
        return "an objective applies to every probe (no when)"
    if rule.abort_on_fail:
        return "abort_on_fail is not available in an objective (each probe runs to its end)"
    return None


def _stage_metric_paths() -> dict[str, str]:
    """Run metrics a load stage also has (StageResult), by key: their path inside a stage. The run's
    `total.latency.p99` is a stage's `latency.p99`; figures of HAProxy, the hosts or the timers
    are the whole run's only."""
    fields = set(StageResult.model_fields)
    paths = {}
    for metric in RUN_METRICS:
        head, _, rest = metric.path.partition(".")
        if head == "total" and rest.split(".")[0] in fields:
            paths[metric.key] = rest
    return paths


STAGE_METRIC_PATHS = _stage_metric_paths()


def stage_metrics(stage: StageResult) -> dict[str, float | None]:
    """The stage's figures under the run metrics' keys (STAGE_METRIC_PATHS); None where it has none."""
    figures: dict[str, float | None] = {}
    for key, path in STAGE_METRIC_PATHS.items():
        node: object = stage
        for part in path.split("."):
            node = getattr(node, part, None)
        figures[key] = float(node) if isinstance(node, int | float) and not isinstance(node, bool) else None
    return figures


def _stage_objective_problem(rule: Threshold) -> str | None:
    """A staircase judges each stage on the stage's own figures: only rules on those."""
    if rule.metric not in STAGE_METRIC_PATHS:
        return (
            f"a staircase judges each stage on its own figures, and a stage has no {rule.metric} "
            f"(it has {', '.join(STAGE_METRIC_PATHS)}); use method bisect for this objective"
        )
    if rule.relative_to is not None and rule.relative_to != ASKED_RATE:
        return (
            "a staircase's limits are absolute or relative to the asked rate (each stage's own rate), "
            f"not to {rule.relative_to}"
        )
    return None


class Observation(StrictModel):
    """What one probe (or one stage of a staircase run) showed at one value."""

    value: float = Field(description="The rate or connections probed.")
    passed: bool = Field(description="Every objective rule held (and the guards did).")
    inconclusive: str | None = Field(
        default=None,
        description=(
            "Why the probe cannot judge the config (a guard failed: injector-bound, partial ...); None: can."
        ),
    )
    failed_rule: str | None = Field(
        default=None, description="The first objective rule it failed, as people read it."
    )
    run_id: int | None = Field(default=None, description="The probe's run.")
    stage_index: int | None = Field(
        default=None, description="The stage of a staircase run it is (load.stages index); None: a whole run."
    )


class SearchOutcome(StrEnum):
    capacity = "capacity"  # bracketed within the precision (or probe budget): a number
    above_max = "above_max"  # even `max` passed: the capacity is at least max
    below_floor = "below_floor"  # even start / growth**MAX_STEPS_DOWN failed
    inconclusive = "inconclusive"  # a guard failed: the lab, not the config, was the limit
    failed = "failed"  # a probe run failed or was cancelled: the search stopped


class SearchAnswer(StrictModel):
    """How one search (one sweep point, one repetition) ended."""

    outcome: SearchOutcome
    capacity: float | None = Field(
        default=None,
        description=(
            "The highest value a probe passed at (below the first fail); None unless outcome is capacity."
        ),
    )
    bracket_low: float | None = Field(
        default=None, description="Highest passing value under the lowest fail."
    )
    bracket_high: float | None = Field(default=None, description="Lowest failing value.")
    safe: float | None = Field(
        default=None, description="The safe operating point: capacity x safe_fraction."
    )
    failed_rule: str | None = Field(
        default=None, description="The rule the probe at bracket_high failed first."
    )
    within_precision: bool = Field(
        default=False,
        description="The bracket is within the search's precision (False: the probe budget ran out).",
    )
    unordered: bool = Field(
        default=False,
        description="A probe passed above a failing one (noise near the knee); the lowest fail bounds it.",
    )
    probes: int = Field(ge=0, description="How many probes it took.")
    sentence: str = Field(description="The answer as people read it.")


@dataclass(frozen=True)
class NextProbe:
    value: float


def _fmt(search: CapacitySearch, value: float) -> str:
    number = f"{value:,.0f}" if value == int(value) else f"{value:,.1f}"
    return f"{number} {search.unit}"


def plan_next(search: CapacitySearch, seen: Sequence[Observation]) -> NextProbe | SearchAnswer:
    """The next probe's value, or the search's answer once it has one."""
    if not seen:
        return NextProbe(search.rounded(search.start))
    last = seen[-1]
    if last.inconclusive is not None:
        return SearchAnswer(
            outcome=SearchOutcome.inconclusive,
            probes=len(seen),
            sentence=f"inconclusive: {last.inconclusive} at {_fmt(search, last.value)}",
            **_bracket_fields(search, seen),
        )
    passes = [o.value for o in seen if o.passed]
    # A value that passed once passes: a lab's noise (a stall, a neighbour) only ever adds latency,
    # so a pass is evidence the config meets the objective there, and a fail beside it is the noise.
    fails = [o for o in seen if not o.passed and o.value not in passes]
    if not fails:
        highest = max(passes)
        if highest >= search.max:
            return SearchAnswer(
                outcome=SearchOutcome.above_max,
                bracket_low=highest,
                probes=len(seen),
                sentence=(
                    f"above max: every probe passed, up to {_fmt(search, highest)}; "
                    "the capacity is at least that (raise search.max to find it)"
                ),
            )
        return _next_or_budget(search, seen, min(search.max, highest * search.growth))
    lowest_fail = min(fails, key=lambda o: o.value)
    below = [value for value in passes if value < lowest_fail.value]
    if not below:
        floor = search.rounded(search.start / search.growth**MAX_STEPS_DOWN)
        if lowest_fail.value <= floor:
            return SearchAnswer(
                outcome=SearchOutcome.below_floor,
                bracket_high=lowest_fail.value,
                failed_rule=lowest_fail.failed_rule,
                probes=len(seen),
                sentence=(
                    f"below {_fmt(search, lowest_fail.value)}: even that failed "
                    f"({lowest_fail.failed_rule or 'the objective'})"
                ),
            )
        return _next_or_budget(search, seen, max(floor, lowest_fail.value / search.growth))
    low, high = max(below), lowest_fail.value
    middle = search.rounded((low + high) / 2)
    if (high - low) <= search.precision * low or middle in (low, high):
        probed = sum(1 for o in seen if o.value == lowest_fail.value)
        if search.confirm and probed == 1 and len(seen) < search.max_probes:
            return NextProbe(lowest_fail.value)  # the fail that decides the answer, once more
        return _answer(search, seen, low, lowest_fail, within_precision=True)
    return _next_or_budget(search, seen, middle)


def _next_or_budget(
    search: CapacitySearch, seen: Sequence[Observation], value: float
) -> NextProbe | SearchAnswer:
    if len(seen) < search.max_probes:
        return NextProbe(search.rounded(value))
    fields = _bracket_fields(search, seen)
    if fields.get("bracket_low") is not None and fields.get("bracket_high") is not None:
        passed = {o.value for o in seen if o.passed}
        lowest_fail = min((o for o in seen if not o.passed and o.value not in passed), key=lambda o: o.value)
        return _answer(search, seen, fields["bracket_low"], lowest_fail, within_precision=False)
    return SearchAnswer(
        outcome=SearchOutcome.inconclusive,
        probes=len(seen),
        sentence=f"inconclusive: {len(seen)} probes (search.max_probes) did not bracket the capacity",
        **fields,
    )


def _answer(
    search: CapacitySearch,
    seen: Sequence[Observation],
    low: float,
    fail: Observation,
    *,
    within_precision: bool,
) -> SearchAnswer:
    unordered = any(o.passed and o.value > fail.value for o in seen)
    safe = search.rounded(low * search.safe_fraction)
    confirmed = sum(1 for o in seen if o.value == fail.value) > 1
    flipped = sorted(
        {o.value for o in seen if not o.passed and o.inconclusive is None}
        & {o.value for o in seen if o.passed}
    )
    sentence = (
        f"capacity {_fmt(search, low)}: {_fmt(search, fail.value)} failed "
        f"{'twice ' if confirmed else ''}({fail.failed_rule or 'the objective'}); "
        f"safe operating point {_fmt(search, safe)}"
    )
    if not within_precision:
        sentence += f" (bracket wider than {search.precision:.1%}: the probe budget ran out)"
    if unordered:
        sentence += "; a probe above the bracket passed (noise near the knee)"
    if flipped:
        values = ", ".join(_fmt(search, value) for value in flipped)
        sentence += f"; {values} failed once and passed when probed again (noise on the lab)"
    return SearchAnswer(
        outcome=SearchOutcome.capacity,
        capacity=low,
        bracket_low=low,
        bracket_high=fail.value,
        safe=safe,
        failed_rule=fail.failed_rule,
        within_precision=within_precision,
        unordered=unordered,
        probes=len(seen),
        sentence=sentence,
    )


def _bracket_fields(search: CapacitySearch, seen: Sequence[Observation]) -> dict[str, Any]:
    judged = [o for o in seen if o.inconclusive is None]
    passed = {o.value for o in judged if o.passed}
    fails = [o.value for o in judged if not o.passed and o.value not in passed]
    high = min(fails) if fails else None
    passes = [o.value for o in judged if o.passed and (high is None or o.value < high)]
    return {"bracket_low": max(passes) if passes else None, "bracket_high": high}


def failed_search(seen: Sequence[Observation], why: str) -> SearchAnswer:
    """A probe run failed or was cancelled: the search stops, saying so."""
    return SearchAnswer(outcome=SearchOutcome.failed, probes=len(seen), sentence=f"stopped: {why}")


def staircase_values(search: CapacitySearch) -> list[float]:
    """The stages a staircase run climbs: start, x growth, ... the last one at max."""
    values = [search.rounded(search.start)]
    while values[-1] < search.max and len(values) < search.max_probes:
        values.append(search.rounded(min(search.max, values[-1] * search.growth)))
    return values


def probe_count_bound(search: CapacitySearch) -> int:
    """Probes one search may run at most (for queue caps and time estimates)."""
    climb = (
        math.ceil(math.log(search.max / search.start, search.growth)) + 1 if search.max > search.start else 1
    )
    bisect = math.ceil(math.log2(1 / search.precision)) + 1
    confirm = 2 if search.confirm else 0  # the deciding fail again, and one more if it passes then
    return min(search.max_probes, climb + MAX_STEPS_DOWN + bisect + confirm)
