"""The designer's live validator: is this spec valid, what config does it render to, and does
the real HAProxy accept that config, and the config of every point of its sweep?

The report shows the spec's own config (what the designer edits); each sweep point whose config
differs is checked too (backend/experiments/config_check.py) and a refused one is a field error
on `spec.sweep` naming the point.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from pydantic import ValidationError

from backend.errors import FieldError
from backend.experiments import config_check
from backend.experiments.check_sandbox import BOX_RUNTIME_DIR
from backend.experiments.haproxy_check import CheckResult
from backend.experiments.schemas import CheckError, HaproxyCheck, ValidationRefused, ValidationReport
from backend.experiments.spec_errors import SPEC_FIELD, spec_field_errors, sweep_point_problems
from backend.labs import boundary
from contract.expansion import SweepPointError, point_params, point_spec, unmatched_thresholds
from contract.experiment import ExperimentSpec
from contract.haproxy.raw_lines import RUNTIME_DIR_PLACEHOLDER
from contract.haproxy.render import RenderError
from contract.lab_boundary import Boundary
from contract.lint import lint
from contract.sweep import JsonScalar

# Distinct configs a validate checks with haproxy -c at most (~8 ms each on 2 cores; see
# docs/benchmarks.md); a launch checks them all.
VALIDATE_CONFIG_BUDGET = 200


def validate_document(document: Any, lab_boundary: Boundary) -> ValidationReport:
    """The full verdict on a spec document; never raises for a bad spec."""
    try:
        spec = ExperimentSpec.model_validate(document)
    except ValidationError as exc:
        refused = spec_field_errors(exc)
        return _invalid([*refused, *other_raw_line_problems(document, refused)])
    return validate_spec(spec, lab_boundary)


def validate_spec(spec: ExperimentSpec, lab_boundary: Boundary) -> ValidationReport:
    invalid_points = sweep_point_problems(spec)
    problems = [*invalid_points, *boundary.sweep_problems(spec, lab_boundary)]
    try:
        base = config_check.rendered_for_check(spec)
    except RenderError as exc:
        return _invalid([*problems, FieldError(field=f"{SPEC_FIELD}.proxy", message=str(exc))])
    all_points = [] if invalid_points else _point_configs(spec)
    points = checked_at_validate(all_points)
    results = config_check.check_all([base, *(config for _, _, config in points)])
    problems += point_check_problems(points, results, skip=base)
    result = results[base]
    check = HaproxyCheck(
        ok=result.ok,
        output=shown(result.output),
        errors=[
            CheckError(line=e.line, message=shown(e.message), field=_raw_line_field(base, e.line))
            for e in result.errors
        ],
    )
    problems += [
        FieldError(field=e.field, message=_haproxy_refuses(e.message))
        for e in check.errors
        if e.field is not None
    ]
    return ValidationReport(
        valid=result.ok and not problems,
        field_errors=problems,
        warnings=config_warnings(spec, points),
        rendered_config=shown(base.text),
        haproxy_check=check,
        run_count=spec.run_count(),
        sweep_configs=len({config for _, _, config in all_points} | {base}),
        sweep_configs_checked=len({config for _, _, config in points} | {base}),
    )


PointConfig = tuple[int, dict[str, JsonScalar], config_check.RenderedConfig]

# A refused raw line's field: spec.proxy.<section>.extra.<index>.
_RAW_LINE_FIELD = re.compile(
    rf"^{SPEC_FIELD}\.proxy\.(?P<section>global|defaults|(?:frontends|backends|listens)\.\d+)\.extra\.(?P<index>\d+)$"
)


def _raw_line_field(config: config_check.RenderedConfig, line: int | None) -> str | None:
    source = config.raw_lines.get(line) if line is not None else None
    return f"{SPEC_FIELD}.proxy.{source}" if source is not None else None


def _haproxy_refuses(message: str) -> str:
    return f"HAProxy refuses this line: {message}"


def other_raw_line_problems(document: Any, refused: list[FieldError]) -> list[FieldError]:
    """What `haproxy -c` says of the other raw lines when refused raw lines are the spec's only
    problems: the spec is checked without them, so a person sees every bad line at once instead
    of the allowlist's refusals first and HAProxy's only once those are fixed."""
    dropped: dict[str, set[int]] = {}
    for problem in refused:
        match = _RAW_LINE_FIELD.match(problem.field)
        if match is None:
            return []
        dropped.setdefault(match["section"], set()).add(int(match["index"]))
    try:
        trimmed = copy.deepcopy(document)
        kept: dict[str, list[int]] = {}  # section -> the original index of each line left
        for section, indexes in dropped.items():
            node = trimmed["proxy"]
            for part in section.split("."):
                node = node[int(part)] if part.isdigit() else node[part]
            kept[section] = [i for i in range(len(node["extra"])) if i not in indexes]
            node["extra"] = [node["extra"][i] for i in kept[section]]
        config = config_check.rendered_for_check(ExperimentSpec.model_validate(trimmed))
    except (LookupError, TypeError, ValidationError, RenderError):
        return []  # not only raw lines after all (or a shape the paths do not reach): nothing to add
    problems = []
    for error in config_check.check(config).errors:
        source = config.raw_lines.get(error.line) if error.line is not None else None
        if source is None:
            continue
        section, index = source.rsplit(".extra.", 1)
        original = kept[section][int(index)] if section in kept else int(index)
        problems.append(
            FieldError(
                field=f"{SPEC_FIELD}.proxy.{section}.extra.{original}",
                message=_haproxy_refuses(shown(error.message)),
            )
        )
    return problems


def config_warnings(spec: ExperimentSpec, points: list[PointConfig]) -> list[FieldError]:
    """contract.lint over the base spec and the checked sweep points, each warning once; one that
    holds only at some points says at which values."""
    found: dict[tuple[str, str], list[str]] = {(w.field, w.message): [] for w in lint(spec)}
    for index, params, _ in points:
        for warning in lint(point_spec(spec, index, params)):
            at = ", ".join(f"{path.rsplit('.', 1)[-1]} {value}" for path, value in params.items())
            found.setdefault((warning.field, warning.message), []).append(at)
    everywhere = len(points)
    warnings = [
        FieldError(
            field=f"{SPEC_FIELD}.{field}",
            message=message if not at or len(at) == everywhere else f"{message} (at {'; '.join(at[:5])})",
        )
        for (field, message), at in found.items()
    ]
    # A threshold scoped to values no point has judges nothing: valid (a narrowed sweep keeps its
    # template's rules), but worth saying, next to the rule.
    warnings += [
        FieldError(field=f"{SPEC_FIELD}.thresholds.{index}.{field}", message=f"judges nothing: {why}")
        for index, field, why in unmatched_thresholds(spec)
    ]
    return warnings


def checked_at_validate(points: list[PointConfig]) -> list[PointConfig]:
    """The points whose configs a validate checks: all of them up to VALIDATE_CONFIG_BUDGET
    distinct configs; beyond, every value of every axis at least once, then an even spread.
    A launch checks every config, so a big sweep costs its seconds once, not on every keystroke."""
    distinct: dict[config_check.RenderedConfig, PointConfig] = {}
    for point in points:
        distinct.setdefault(point[2], point)
    if len(distinct) <= VALIDATE_CONFIG_BUDGET:
        return points
    chosen: dict[config_check.RenderedConfig, PointConfig] = {}
    covered: set[tuple[str, str]] = set()
    for point in distinct.values():
        values = {(path, repr(value)) for path, value in point[1].items()}
        if not values <= covered:
            covered |= values
            chosen[point[2]] = point
    spread = list(distinct.values())
    step = max(1, len(spread) // VALIDATE_CONFIG_BUDGET)
    for point in spread[::step]:
        if len(chosen) >= VALIDATE_CONFIG_BUDGET:
            break
        chosen.setdefault(point[2], point)
    return list(chosen.values())


def _point_configs(spec: ExperimentSpec) -> list[PointConfig]:
    """(index, params, config) of each sweep point (the model already accepted every point)."""
    out = []
    for index, params in enumerate(point_params(spec.sweep)):
        try:
            out.append((index, params, config_check.rendered_for_check(point_spec(spec, index, params))))
        except (SweepPointError, RenderError):
            continue  # reported by sweep_point_problems or the base render
    return out


def point_check_problems(
    points: list[PointConfig],
    results: dict[config_check.RenderedConfig, CheckResult],
    skip: config_check.RenderedConfig | None = None,
    prefix: str = SPEC_FIELD,
) -> list[FieldError]:
    """A field error on `<prefix>.sweep` for each point whose config haproxy -c refused
    (a config shared by several points is reported once, at its first point)."""
    problems = []
    reported: set[config_check.RenderedConfig] = set() if skip is None else {skip}
    for index, params, config in points:
        result = results[config]
        if result.ok or config in reported:
            continue
        reported.add(config)
        settings = ", ".join(f"{path}={value!r}" for path, value in params.items())
        why = "; ".join(
            f"line {e.line}: {shown(e.message)}" if e.line is not None else shown(e.message)
            for e in result.errors
        )
        problems.append(
            FieldError(
                field=f"{prefix}.sweep",
                message=f"sweep point {index} ({settings}): haproxy -c refused it: {why}",
            )
        )
    return problems


def shown(text: str) -> str:
    """Text with the box's runtime directory written as the placeholder users write in raw
    lines; the lines (and so haproxy's line numbers) stay the same."""
    return text.replace(BOX_RUNTIME_DIR, RUNTIME_DIR_PLACEHOLDER)


def refusal(report: ValidationReport) -> ValidationRefused:
    """The 422 body of a report that is not valid: every problem also as a FieldError."""
    fields = list(report.field_errors)
    if report.haproxy_check is not None:
        # An error at a raw line is already a field error on that line (validate_spec).
        fields += [
            FieldError(
                field=f"{SPEC_FIELD}.proxy",
                message=f"haproxy -c, line {e.line} of the rendered config: {e.message}"
                if e.line is not None
                else f"haproxy -c: {e.message}",
            )
            for e in report.haproxy_check.errors
            if e.field is None
        ]
    summary = "; ".join(f"{f.field}: {f.message}" for f in fields[:5]) or "the spec is not valid"
    return ValidationRefused(**report.model_dump(), error="validation_error", message=summary, fields=fields)


def _invalid(problems: list[FieldError]) -> ValidationReport:
    return ValidationReport(
        valid=False,
        field_errors=problems,
        rendered_config=None,
        haproxy_check=None,
        run_count=None,
        sweep_configs=0,
        sweep_configs_checked=0,
    )
