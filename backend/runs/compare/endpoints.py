"""/runs/compare/*: runs side by side, and the table's exports (CSV, JSON)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Response

from backend.api.deps import SessionDep, ViewerDep
from backend.api.storable import StorableRoute, unstorable
from backend.errors import invalid
from backend.runs.compare.baseline import with_changes
from backend.runs.compare.export import compare_csv
from backend.runs.compare.points import compare_points
from backend.runs.compare.schemas import (
    MAX_COMPARE_RUNS,
    ComparePoints,
    CompareRequest,
    CompareSeries,
    CompareSetups,
    CompareSpectra,
    CompareTable,
    SeriesRequest,
)
from backend.runs.compare.series import compare_series
from backend.runs.compare.setups import compare_setups
from backend.runs.compare.spectrum import compare_spectra
from backend.runs.compare.table import compare_runs as compare_table
from backend.runs.downloads import CSV_RESPONSE, attachment

router = APIRouter(tags=["runs"], route_class=StorableRoute)

RunIdList = Annotated[str, Query(description="Comma-separated run ids, e.g. 1,2,3.", max_length=4000)]


def _parse_run_ids(text: str) -> list[int]:
    try:
        ids = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise invalid("run_ids", "must be comma-separated run ids, e.g. 1,2,3") from None
    if not ids:
        raise invalid("run_ids", "give at least one run id")
    if len(ids) > MAX_COMPARE_RUNS:
        raise invalid("run_ids", f"at most {MAX_COMPARE_RUNS} runs")
    for problem in unstorable(ids, "run_ids"):  # parsed here, so the route's own check never saw them
        raise invalid(problem.field, problem.message)
    return ids


@router.post("/runs/compare")
def compare_runs(db: SessionDep, who: ViewerDep, body: CompareRequest) -> CompareTable:
    table = compare_table(db, who.team_id, body.run_ids)
    return table if body.baseline_run_id is None else with_changes(table, body.baseline_run_id)


@router.post("/runs/compare/points")
def compare_runs_points(db: SessionDep, who: ViewerDep, body: CompareRequest) -> ComparePoints:
    """One point per (experiment, params): repetitions aggregated (n, mean, stddev, 95% interval).

    With `baseline_run_id`, every other point's metrics are tested against the point holding it.
    """
    return compare_points(db, who.team_id, body.run_ids, body.baseline_run_id)


@router.post("/runs/compare/series")
def compare_runs_series(db: SessionDep, who: ViewerDep, body: SeriesRequest) -> CompareSeries:
    """Per-second values of the given (source, metric) pairs, every run on t = 0 at load start."""
    return compare_series(db, who.team_id, body)


@router.post("/runs/compare/spectrum")
def compare_runs_spectrum(db: SessionDep, who: ViewerDep, body: CompareRequest) -> CompareSpectra:
    """Latency at percentiles 50 .. 99.99 of each run, from its merged histogram."""
    return compare_spectra(db, who.team_id, body.run_ids)


@router.post("/runs/compare/setups")
def compare_runs_setups(db: SessionDep, who: ViewerDep, body: CompareRequest) -> CompareSetups:
    """What the runs were asked to do: the spec settings that differ between them, each run's load
    profile, and each distinct rendered HAProxy config once."""
    return compare_setups(db, who.team_id, body.run_ids)


@router.get("/runs/export.csv", response_class=Response, responses=CSV_RESPONSE)
def export_runs_csv(db: SessionDep, who: ViewerDep, run_ids: RunIdList) -> Response:
    table = compare_table(db, who.team_id, _parse_run_ids(run_ids))
    return Response(compare_csv(table), media_type="text/csv", headers=attachment("runs.csv"))


@router.get("/runs/export.json")
def export_runs_json(db: SessionDep, who: ViewerDep, response: Response, run_ids: RunIdList) -> CompareTable:
    response.headers.update(attachment("runs.json"))
    return compare_table(db, who.team_id, _parse_run_ids(run_ids))
