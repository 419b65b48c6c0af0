"""/runs/compare/*: runs side by side, and the table's exports (CSV, JSON)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Response

from backend.api.deps import SessionDep, ViewerDep
from backend.api.storable import StorableRoute
from backend.runs.compare.baseline import with_changes
from backend.runs.compare.export import compare_csv
from backend.runs.compare.points import compare_points
from backend.runs.compare.schemas import (
    BaselineCompareQuery,
    ComparePoints,
    CompareQuery,
    CompareSeries,
    CompareSetups,
    CompareSpectra,
    CompareTable,
    CompareTimers,
    SeriesQuery,
    TimerOverlayQuery,
)
from backend.runs.compare.series import compare_series
from backend.runs.compare.setups import compare_setups
from backend.runs.compare.spectrum import compare_spectra
from backend.runs.compare.table import compare_runs as compare_table
from backend.runs.compare.timers import compare_timers
from backend.runs.downloads import CSV_RESPONSE, attachment

router = APIRouter(tags=["runs"], route_class=StorableRoute)

CompareArgs = Annotated[CompareQuery, Query()]
BaselineArgs = Annotated[BaselineCompareQuery, Query()]
SeriesArgs = Annotated[SeriesQuery, Query()]
TimerArgs = Annotated[TimerOverlayQuery, Query()]


@router.get("/runs/compare")
def compare_runs(db: SessionDep, who: ViewerDep, query: BaselineArgs) -> CompareTable:
    """One row per run: its parameters and key figures in aligned columns."""
    table = compare_table(db, who.team_id, query.run_ids)
    return table if query.baseline_run_id is None else with_changes(table, query.baseline_run_id)


@router.get("/runs/compare/points")
def compare_runs_points(db: SessionDep, who: ViewerDep, query: BaselineArgs) -> ComparePoints:
    """One point per (experiment, params): repetitions aggregated (n, mean, stddev, 95% interval).

    With `baseline_run_id`, every other point's metrics are tested against the point holding it.
    """
    return compare_points(db, who.team_id, query.run_ids, query.baseline_run_id)


@router.get("/runs/compare/series")
def compare_runs_series(db: SessionDep, who: ViewerDep, query: SeriesArgs) -> CompareSeries:
    """Per-second values of the given (source, metric) pairs, every run on t = 0 at load start."""
    return compare_series(db, who.team_id, query.run_ids, query.keys)


@router.get("/runs/compare/timers")
def compare_runs_timers(db: SessionDep, who: ViewerDep, query: TimerArgs) -> CompareTimers:
    """One of HAProxy's request timers at p50, p90 or p99 per point of every run, t = 0 at load
    start: each point's seconds' histograms merged, never percentiles averaged."""
    return compare_timers(db, who.team_id, query)


@router.get("/runs/compare/spectrum")
def compare_runs_spectrum(db: SessionDep, who: ViewerDep, query: CompareArgs) -> CompareSpectra:
    """Latency at percentiles 50 .. 99.99 of each run, from its merged histogram."""
    return compare_spectra(db, who.team_id, query.run_ids)


@router.get("/runs/compare/setups")
def compare_runs_setups(db: SessionDep, who: ViewerDep, query: CompareArgs) -> CompareSetups:
    """What the runs were asked to do: the spec settings that differ between them, each run's load
    profile, and each distinct rendered HAProxy config once."""
    return compare_setups(db, who.team_id, query.run_ids)


@router.get("/runs/export.csv", response_class=Response, responses=CSV_RESPONSE)
def export_runs_csv(db: SessionDep, who: ViewerDep, query: CompareArgs) -> Response:
    table = compare_table(db, who.team_id, query.run_ids)
    return Response(compare_csv(table), media_type="text/csv", headers=attachment("runs.csv"))


@router.get("/runs/export.json")
def export_runs_json(db: SessionDep, who: ViewerDep, response: Response, query: CompareArgs) -> CompareTable:
    response.headers.update(attachment("runs.json"))
    return compare_table(db, who.team_id, query.run_ids)
