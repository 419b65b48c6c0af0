"""Expanding an experiment's sweep into the runs to execute.

Order is repetition-major: all points of repetition 0 (in cartesian order, the FIRST axis
varying slowest, the last fastest), then all points of repetition 1, and so on. On a shared
machine, performance drifts slowly (thermal state, page cache, neighbours); interleaving the
repetitions spreads that drift over every point instead of loading it onto the last ones, so
the spread between repetitions shows it rather than a fake difference between points.
"""

from __future__ import annotations

import itertools
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from contract.experiment import ExperimentSpec
from contract.sweep import JsonScalar, PathError, Sweep, apply_path, values_at
from contract.thresholds import has_values


class SweepPointError(ValueError):
    """A combination of sweep values that does not make a valid experiment."""

    def __init__(self, point_index: int, params: dict[str, JsonScalar], reason: str) -> None:
        self.point_index = point_index
        self.params = params
        self.reason = reason
        settings = ", ".join(f"{path}={value!r}" for path, value in params.items())
        super().__init__(f"sweep point {point_index} ({settings}) is invalid: {reason}")


class RunPoint(BaseModel):
    """One run: a sweep point, one repetition, and the exact spec it runs."""

    model_config = ConfigDict(extra="forbid")

    point_index: int = Field(
        ge=0, description="Index of the sweep point, in cartesian order (first axis slowest)."
    )
    repetition: int = Field(ge=0, description="Which repetition of the point, from 0.")
    params: dict[str, JsonScalar] = Field(
        description="The value of each sweep axis (and its linked paths), keyed by path."
    )
    spec: ExperimentSpec = Field(description="The spec with these values applied; no sweep, one repetition.")


def count_runs(spec: ExperimentSpec) -> int:
    """How many runs expand(spec) returns: points x repetitions."""
    return spec.run_count()


def point_params(sweep: Sweep) -> list[dict[str, JsonScalar]]:
    """{path: value} of every point (linked paths included), in cartesian order, first axis slowest."""
    points = []
    for indexes in itertools.product(*(range(len(axis.values)) for axis in sweep.axes)):
        params: dict[str, JsonScalar] = {}
        for axis, value_index in zip(sweep.axes, indexes, strict=True):
            params.update(axis.settings(value_index))
        points.append(params)
    return points


def _error_text(error: ValidationError) -> str:
    return "; ".join(
        ".".join(str(part) for part in item["loc"]) + ": " + item["msg"] if item["loc"] else item["msg"]
        for item in error.errors()
    )


def point_spec(spec: ExperimentSpec, point_index: int, params: dict[str, JsonScalar]) -> ExperimentSpec:
    """The spec of one point: values applied, sweep emptied, one repetition, re-validated."""
    doc: dict[str, Any] = spec.model_dump(mode="json", by_alias=True)
    doc["sweep"] = {"axes": []}
    doc["repetitions"] = 1
    try:
        for path, value in params.items():
            doc = apply_path(doc, path, value)
        return ExperimentSpec.model_validate(doc)
    except PathError as error:
        raise SweepPointError(point_index, params, str(error)) from error
    except ValidationError as error:
        raise SweepPointError(point_index, params, _error_text(error)) from error


def expand(spec: ExperimentSpec) -> list[RunPoint]:
    """Every run of the experiment, repetition-major (see the module docstring).

    Raises SweepPointError, naming the axis values, when a point is not a valid experiment.
    """
    points = [point_spec(spec, index, params) for index, params in enumerate(point_params(spec.sweep))]
    params_list = point_params(spec.sweep)
    return [
        RunPoint(
            point_index=index,
            repetition=repetition,
            params=params_list[index],
            spec=points[index].model_copy(deep=True),
        )
        for repetition in range(spec.repetitions)
        for index in range(len(points))
    ]


def unmatched_thresholds(spec: ExperimentSpec) -> list[tuple[int, str, str]]:
    """(index, field, why) of each threshold whose `when` no sweep point of the spec matches, or whose
    `relative_to_point` names a point the sweep does not have: such a rule would never judge a
    run, which is never what its author meant."""
    scoped = [
        (index, rule) for index, rule in enumerate(spec.thresholds) if rule.when or rule.relative_to_point
    ]
    if not scoped:
        return []
    base: dict[str, Any] = spec.model_dump(mode="json", by_alias=True)
    points = []
    for params in point_params(spec.sweep):
        doc = base
        for path, value in params.items():
            doc = apply_path(doc, path, value)
        points.append(doc)
    problems = []
    for index, rule in scoped:
        for field, wanted, missing in (
            ("when", rule.when, "no sweep point matches it"),
            ("relative_to_point", rule.relative_to_point, "no sweep point is its reference"),
        ):
            if wanted and not any(has_values(doc, wanted) for doc in points):
                seen = {
                    path: list(dict.fromkeys(repr(v) for d in points for v in values_at(d, path)))
                    for path in wanted
                }
                takes = "; ".join(
                    f"{path} takes {', '.join(values) or 'no value'}" for path, values in seen.items()
                )
                problems.append((index, field, f"{missing} ({takes})"))
    return problems
