"""Launching an experiment: one version's sweep, with this launch's overrides, as queued runs.

The one answer to "may this launch be queued", for a person's launch (API, UI, CLI) and for a
schedule's firing (backend/schedules/firing.py calls launch_experiment): the same boundary, the
same `haproxy -c` of every distinct config on the process's one pool of checkers, and the same
caps on queued runs.

Runs are created in contract.expansion.expand's order (repetition-major, first axis slowest) and
their ids follow it, because a lab executes its queued runs in id order.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from sqlalchemy.orm import Session

from backend.errors import ApiError, FieldError, invalid
from backend.experiments import config_check
from backend.experiments.schemas import LaunchRequest
from backend.experiments.service import get_experiment, get_version
from backend.experiments.spec_errors import SPEC_FIELD, parse_spec, stored_form
from backend.experiments.validation import point_check_problems
from backend.labs import boundary
from backend.labs.service import get_lab, lab_agents
from backend.models import Lab
from backend.runs.capacity.chain import probe_params, staircase_params
from backend.runs.queued_runs import NewRun, NewSearch, queue_launch, refuse_beyond_queue_caps
from backend.runs.schemas import RunLaunched
from contract.expansion import RunPoint, SweepPointError, expand
from contract.experiment import ExperimentSpec, probe_spec, staircase_spec
from contract.haproxy.render import RenderError
from contract.injector_split import ShareError, injector_shares
from contract.lab import injector_weights_of, weights_of
from contract.lint import lint
from contract.search import NextProbe, plan_next
from contract.sweep import JsonScalar, PathError, apply_path


def apply_overrides(document: dict[str, Any], overrides: dict[str, JsonScalar]) -> ExperimentSpec:
    """The stored spec with `overrides` set, validated again (a 422 names what broke)."""
    for path, value in overrides.items():
        try:
            document = apply_path(document, path, value)
        except PathError as exc:
            raise invalid(f"overrides.{path}", str(exc)) from None
    return parse_spec(document)


def _check_every_config(points: list[RunPoint]) -> None:
    """Every config that will run passes `haproxy -c` (in its box) before any run is queued:
    the renderer, the allowlist or HAProxy may have changed since the version was saved."""
    try:
        configs = [(p.point_index, dict(p.params), config_check.rendered_for_check(p.spec)) for p in points]
    except RenderError as exc:
        raise invalid(f"{SPEC_FIELD}.proxy", str(exc)) from None
    problems = point_check_problems(configs, config_check.check_all([c for _, _, c in configs]))
    if problems:
        raise ApiError(422, "validation_error", "; ".join(p.message for p in problems[:3]), problems)


def _check_injector_split(db: Session, lab: Lab, points: list[RunPoint]) -> None:
    """Every point's load can be split across the lab's injectors: each gets at least one
    connection (and some rate). A lab without injectors yet is the run's problem (no agent plays
    the role); the worker checks the split again against the injectors online when it starts."""
    injectors = [a.name for a in lab_agents(db, [lab.id])[lab.id] if "injector" in a.roles]
    if not injectors:
        return
    try:
        weights = weights_of(injectors, injector_weights_of(lab.settings))
    except ValidationError:  # stored before the API checked them: an even split
        weights = [1] * len(injectors)
    for point in points:
        try:
            injector_shares(point.spec.load, weights)
        except ShareError as exc:
            where = f" (sweep point {point.point_index}: {dict(point.params)})" if point.params else ""
            raise invalid(f"{SPEC_FIELD}.load.{exc.field}", f"{exc}{where}") from None


def launch_experiment(
    db: Session, team_id: int, user_id: int, experiment_id: int, body: LaunchRequest
) -> RunLaunched:
    """Queue every run of the experiment on the lab; the dispatcher is kicked after commit."""
    # A share lock: a concurrent delete waits for these runs to exist (and then refuses).
    experiment = get_experiment(db, team_id, experiment_id, lock="share")
    lab = get_lab(db, team_id, body.lab_id)
    version = get_version(db, experiment, body.version)
    spec = apply_overrides(version.spec, body.overrides)
    boundary.refuse_outside(boundary.sweep_problems(spec, boundary.lab_boundary(db, lab)))
    try:
        points = expand(spec)
    except SweepPointError as exc:
        raise ApiError(
            422, "validation_error", str(exc), [FieldError(field=f"{SPEC_FIELD}.sweep", message=str(exc))]
        ) from None
    # A search's runs are its probes: the first of each search is queued now, the others by the
    # worker as each probe ends (backend/runs/capacity/chain.py). Its probes at `max` are checked
    # too, so no later probe is refused by the lab's injectors.
    probes = [*map(_first_probe, points), *(_probe_at_max(p) for p in points)] if spec.search else points
    # Asked again under the team's lock when the runs are inserted; here a full queue is refused
    # before any haproxy -c (a schedule firing every minute into a full queue costs no checks).
    _check_injector_split(db, lab, probes)
    refuse_beyond_queue_caps(db, team_id=team_id, lab_id=lab.id, adding=len(points))
    queued = probes[: len(points)]
    _check_every_config(queued)
    return queue_launch(
        db,
        team_id=team_id,
        experiment_id=experiment.id,
        experiment_version_id=version.id,
        lab_id=lab.id,
        created_by_id=user_id,
        runs=[
            NewRun(
                point_index=run.point_index,
                repetition=run.repetition,
                params=dict(run.params),
                spec=stored_form(run.spec),
                config_warnings=[w.model_dump() for w in lint(run.spec)],
                search=_new_search(point) if spec.search else None,
            )
            for point, run in zip(points, queued, strict=True)
        ],
        overrides=dict(body.overrides),
    )


def _probe(point: RunPoint, value: float) -> RunPoint:
    """The run of `point` (a search's point) that probes `value`."""
    assert point.spec.search is not None
    try:
        spec = probe_spec(point.spec, value)
    except ValueError as exc:  # validated with the spec; the sweep's values may still break it
        raise invalid(f"{SPEC_FIELD}.search", f"sweep point {point.point_index}: {exc}") from None
    params = probe_params(dict(point.params), point.spec.search.vary, value)
    return point.model_copy(update={"spec": spec, "params": params})


def _first_probe(point: RunPoint) -> RunPoint:
    """The search's first run: its first probe, or a staircase run climbing its stages."""
    assert point.spec.search is not None
    if point.spec.search.method == "staircase":
        try:
            spec = staircase_spec(point.spec)
        except ValueError as exc:  # validated with the spec; the sweep's values may still break it
            raise invalid(f"{SPEC_FIELD}.search", f"sweep point {point.point_index}: {exc}") from None
        params = staircase_params(dict(point.params), point.spec.search)
        return point.model_copy(update={"spec": spec, "params": params})
    first = plan_next(point.spec.search, [])
    assert isinstance(first, NextProbe)
    return _probe(point, first.value)


def _probe_at_max(point: RunPoint) -> RunPoint:
    assert point.spec.search is not None
    return _probe(point, point.spec.search.rounded(point.spec.search.max))


def _new_search(point: RunPoint) -> NewSearch:
    assert point.spec.search is not None
    first_value = plan_next(point.spec.search, [])  # a staircase run's first stage
    assert isinstance(first_value, NextProbe)
    return NewSearch(params=dict(point.params), spec=stored_form(point.spec), probe_value=first_value.value)
