"""Read a launch's runs for the sweep analysis (backend.runs.analysis does the reading)."""

from __future__ import annotations

from itertools import groupby
from typing import Any

from pydantic import ValidationError
from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.errors import not_found
from backend.models import Experiment, ExperimentVersion, Launch, Run
from backend.runs.analysis import KNEE_MIN_GAIN_PCT, RunResult, analyze_point, find_knee, littles_law
from backend.runs.analysis_schemas import SweepAnalysis
from spec.experiment import ExperimentSpec
from spec.limits import client_limit
from spec.run_state import RunState


def analyze_launch(db: Session, team_id: int, experiment_id: int, launch_id: int | None) -> SweepAnalysis:
    """The analysis of `launch_id`, or of the experiment's latest launch; 404 when there is none."""
    experiment = db.scalar(
        select(Experiment).where(Experiment.id == experiment_id, Experiment.team_id == team_id)
    )
    if experiment is None:
        raise not_found("experiment", experiment_id)
    query = select(Launch).where(Launch.experiment_id == experiment_id, Launch.team_id == team_id)
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
    results = [_result(*row, maxconn=limits[row.point_index]) for row in runs]
    points = [analyze_point(list(group)) for _, group in groupby(results, key=lambda r: r.point_index)]
    axes = _at_list(version_spec, "sweep", "axes")
    return SweepAnalysis(
        experiment_id=experiment_id,
        launch_id=launch.id,
        axis=str(axes[0].get("path")) if axes and isinstance(axes[0], dict) else None,
        min_gain_pct=KNEE_MIN_GAIN_PCT,
        points=points,
        knee=find_knee(points, axis_count=len(axes)),
        littles_law=littles_law(points),
    )


def _result(
    run_id: int, point_index: int, params: dict[str, Any], spec: dict[str, Any], state: RunState,
    summary: dict[str, Any] | None, *, maxconn: int | None,
) -> RunResult:  # fmt: skip
    load = spec.get("load") or {}
    # Every injector of the lab runs the load profile: the clients add up.
    injectors = len((summary or {}).get("injectors") or []) or 1
    connections = load.get("connections")
    return RunResult(
        run_id=run_id,
        point_index=point_index,
        params=params,
        summary=summary if state == RunState.succeeded else None,
        connections=connections * injectors if isinstance(connections, int) else None,
        offered_rps=load.get("rate"),
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
