"""Parse a client's spec document and name every problem by its dotted path under "spec.".

Field-level problems come from pydantic with their path (spec.proxy.global.maxconn). The
spec's cross-field checks run on a whole section, so pydantic places them on the section
(spec.proxy, or the spec itself) and they name the real field at the start of their message,
one problem per "; "-separated part:

    loc ("proxy",)  msg "Value error, frontends.0.default_backend: no backend ..."

Here each such part becomes its own error on spec.proxy.frontends.0.default_backend, so the
designer can show it next to the input it is about.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from backend.errors import ApiError, FieldError, fields_from_pydantic
from contract.expansion import SweepPointError, point_params, point_spec
from contract.experiment import ExperimentSpec

SPEC_FIELD = "spec"

_VALUE_ERROR_PREFIX = "Value error, "
# "<dotted.path>: <message>" where the path is a field path (words, digits, '-', '_').
_LEADING_PATH = re.compile(r"^(?P<path>[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*): (?P<message>.+)$", re.S)
# A "; " only separates problems when another path follows it; otherwise it is prose.
_PROBLEM_SEPARATOR = re.compile(r"; (?=[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*: )")


def spec_field_errors(exc: ValidationError, prefix: str = SPEC_FIELD) -> list[FieldError]:
    """Every problem of `exc` as a FieldError named by its full dotted path under `prefix`."""
    out: list[FieldError] = []
    for located in fields_from_pydantic(exc.errors(), prefix=prefix, drop_prefix=False):
        message = located.message.removeprefix(_VALUE_ERROR_PREFIX)
        for part in _PROBLEM_SEPARATOR.split(message):
            match = _LEADING_PATH.match(part)
            if match is None:
                out.append(FieldError(field=located.field, message=part))
            else:
                out.append(FieldError(field=f"{located.field}.{match['path']}", message=match["message"]))
    return out


def spec_validation_error(exc: ValidationError, prefix: str = SPEC_FIELD) -> ApiError:
    fields = spec_field_errors(exc, prefix)
    summary = "; ".join(f"{f.field}: {f.message}" for f in fields[:5])
    return ApiError(422, "validation_error", summary, fields)


def sweep_point_problems(spec: ExperimentSpec, prefix: str = SPEC_FIELD) -> list[FieldError]:
    """A valid spec can still sweep to an invalid point (maxconn 20000, threads > connections):
    every point is validated as the experiment it will run, and each bad one named."""
    problems = []
    for index, params in enumerate(point_params(spec.sweep)):
        try:
            point_spec(spec, index, params)
        except SweepPointError as exc:
            problems.append(FieldError(field=f"{prefix}.sweep", message=str(exc)))
    return problems


def parse_spec(document: Any, prefix: str = SPEC_FIELD) -> ExperimentSpec:
    """The validated spec, every sweep point included, or a 422 ApiError naming each problem."""
    try:
        spec = ExperimentSpec.model_validate(document)
    except ValidationError as exc:
        raise spec_validation_error(exc, prefix) from None
    problems = sweep_point_problems(spec, prefix)
    if problems:
        raise ApiError(422, "validation_error", "; ".join(p.message for p in problems[:5]), problems)
    return spec


def stored_form(spec: ExperimentSpec) -> dict[str, Any]:
    """The JSON kept in experiment_version.spec and run.spec (keys by alias: `global`)."""
    return spec.model_dump(mode="json", by_alias=True)
