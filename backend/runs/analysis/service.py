"""Read a launch's runs for the sweep analysis (backend.runs.analysis.sweep does the reading)."""

from __future__ import annotations

from itertools import groupby
from typing import Any

from pydantic import ValidationError
from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.errors import not_found
from backend.models import Experiment, ExperimentVersion, Launch, Run
from backend.runs.analysis.schemas import SweepAnalysis
from backend.runs.analysis.sweep import (
    KNEE_MIN_GAIN_PCT,
    RunResult,
    advice_from_the_sweep,
    analyze_point,
    find_knee,
    littles_law,
)
from backend.teams import scoping
from contract.experiment import ExperimentSpec
from contract.injector_split import lab_connections, lab_rate
from contract.limits import client_limit
from contract.load import LoadProfile
from contract.results import RunSummary
from contract.run_state import MEASURED_STATES, RunState


def analyze_launch(
    db: Session, team_id: int, experiment_id: int, launch_id: int | None, *, include_partial: bool = False
) -> SweepAnalysis:
    """The analysis of `launch_id`, or of the experiment's latest launch; 404 when there is none.

    Only succeeded runs are read, and partial ones when `include_partial`: a run whose load fell
    short of its window would bend a point's mean, so it is left out by default, and named.
    """
    experiment = db.scalar(scoping.readable(Experiment, team_id).where(Experiment.id == experiment_id))
    if experiment is None:
        raise not_found("experiment", experiment_id)
    query = scoping.readable(Launch, team_id).where(Launch.experiment_id == experiment_id)
    if launch_id is not None:
        query = query.where(Launch.id == launch_id)
    launch = db.scalar(query.order_by(Launch.id.desc()).limit(1))
    if launch is None:
        raise not_found("launch", launch_id if launch_id is not None else f"of experiment {experiment_id}")
    version_spec = db.scalar(
        select(ExperimentVersion.spec).where(ExperimentVersion.id == launch.experiment_version_id)
    )
    runs = db.execute(
        select(Run.id, Run.point_index, Run.params, Run.spec, Run.state, Run.summary)
        .where(Run.launch_id == launch.id)
        .order_by(Run.point_index, Run.repetition)
    ).all()
    # Repetitions of a point share its spec: validate it once per point, not once per run.
    limits: dict[int, int | None] = {}
    for _, point_index, _, spec, *_ in runs:
        if point_index not in limits:
            limits[point_index] = _client_limit(spec)
    readable = MEASURED_STATES if include_partial else frozenset({RunState.succeeded})
    results = [_result(*row, maxconn=limits[row.point_index], readable=readable) for row in runs]
    partial = [row.id for row in runs if row.state == RunState.partial]
    points = [analyze_point(list(group)) for _, group in groupby(results, key=lambda r: r.point_index)]
    axes = _at_list(version_spec, "sweep", "axes")
    axis = str(axes[0].get("path")) if axes and isinstance(axes[0], dict) else None
    points = advice_from_the_sweep(points, axis, axis_count=len(axes))
    return SweepAnalysis(
        experiment_id=experiment_id,
        launch_id=launch.id,
        axis=axis,
        min_gain_pct=KNEE_MIN_GAIN_PCT,
        points=points,
        knee=find_knee(points, axis_count=len(axes)),
        littles_law=littles_law(points),
        included_partial=include_partial,
        partial_run_ids=partial,
        note=_partial_note(partial, include_partial),
    )


def _partial_note(partial: list[int], included: bool) -> str | None:
    if not partial:
        return None
    runs = f"{len(partial)} partial run{'s' if len(partial) > 1 else ''} ({', '.join(map(str, partial))})"
    if included:
        return f"{runs} read like complete ones: their load fell short of its window, so figures may be low."
    return f"{runs} left out: their load fell short of its window (include_partial=true reads them)."


def _result(
    run_id: int,
    point_index: int,
    params: dict[str, Any],
    spec: dict[str, Any],
    state: RunState,
    summary: RunSummary | None,
    *,
    maxconn: int | None,
    readable: frozenset[RunState],
) -> RunResult:
    injectors = len(summary.injectors) if summary else 0
    shares_kept = summary.shares_kept if summary else True
    connections, offered_rps = None, None
    try:
        profile = LoadProfile.model_validate(spec.get("load") or {})
        # The profile is the lab's total (or each injector's: `whole`, and runs before the split).
        connections = lab_connections(profile, injectors, shares_kept=shares_kept)
        offered_rps = lab_rate(profile, injectors, shares_kept=shares_kept)
    except ValidationError:  # stored by an older spec version: its figures are not read
        pass
    return RunResult(
        run_id=run_id,
        point_index=point_index,
        params=params,
        summary=summary if state in readable else None,
        connections=connections,
        offered_rps=offered_rps,
        maxconn=maxconn,
    )


def _client_limit(spec: dict[str, Any]) -> int | None:
    try:
        return client_limit(ExperimentSpec.model_validate(spec))
    except ValidationError:  # stored by an older spec version: the summary's maxconn still counts
        return None


def _at_list(doc: Any, *path: str) -> list[Any]:
    for key in path:
        doc = doc.get(key) if isinstance(doc, dict) else None
    return doc if isinstance(doc, list) else []
