"""/runs: the team's run history, one run's detail and samples, cancel, re-run, compare, export.

The static paths (/runs/compare, /runs/export.*) are declared before /runs/{run_id}: routes
match in order, and "export.csv" would otherwise be taken for a run id.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Response, status
from fastapi.responses import JSONResponse

from backend.api.deps import EditorDep, SessionDep, ViewerDep
from backend.api.storable import INT4_MAX, INT4_MIN, StorableRoute, unstorable
from backend.errors import invalid
from backend.live import RunEvent
from backend.runs import compare, events, export, samples, service
from backend.runs.compare_baseline import with_changes
from backend.runs.compare_points import compare_points
from backend.runs.compare_schemas import ComparePoints, CompareSeries, CompareSpectra, SeriesRequest
from backend.runs.compare_series import compare_series
from backend.runs.compare_spectrum import compare_spectra
from backend.runs.schemas import (
    MAX_COMPARE_RUNS,
    CompareRequest,
    CompareTable,
    RunCancelled,
    RunDetail,
    RunLaunched,
    RunOrder,
    RunPage,
    RunSamples,
)
from spec.run_state import RunState

router = APIRouter(tags=["runs"], route_class=StorableRoute)


class EventStreamResponse(JSONResponse):
    """Names the stream's media type in the OpenAPI; the route returns a StreamingResponse. A
    JSONResponse, so the OpenAPI schema is the events' own (not FastAPI's "type: string")."""

    media_type = "text/event-stream"


_CSV: dict[int | str, dict[str, Any]] = {
    200: {"content": {"text/csv": {"schema": {"type": "string"}}}, "description": "CSV with a header row."}
}
RunIdList = Annotated[str, Query(description="Comma-separated run ids, e.g. 1,2,3.", max_length=4000)]


def _attachment(filename: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{filename}"'}


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


@router.get("/runs")
def list_runs(
    db: SessionDep,
    who: ViewerDep,
    experiment_id: int | None = None,
    launch_id: int | None = None,
    lab_id: int | None = None,
    state: Annotated[list[RunState] | None, Query(description="Repeat for several states.")] = None,
    tag: Annotated[str | None, Query(max_length=64, description="A tag of the run's experiment.")] = None,
    since: Annotated[datetime | None, Query(description="Created at or after.")] = None,
    until: Annotated[datetime | None, Query(description="Created before.")] = None,
    limit: Annotated[int, Query(ge=1, le=service.MAX_PAGE)] = service.DEFAULT_PAGE,
    offset: Annotated[int, Query(ge=0)] = 0,
    order: RunOrder = "newest",
) -> RunPage:
    return service.list_runs(
        db,
        who.team_id,
        experiment_id=experiment_id,
        launch_id=launch_id,
        lab_id=lab_id,
        states=state,
        tag=tag,
        since=since,
        until=until,
        limit=limit,
        offset=offset,
        order=order,
    )


@router.post("/runs/compare")
def compare_runs(db: SessionDep, who: ViewerDep, body: CompareRequest) -> CompareTable:
    table = compare.compare_runs(db, who.team_id, body.run_ids)
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


@router.get("/runs/export.csv", response_class=Response, responses=_CSV)
def export_runs_csv(db: SessionDep, who: ViewerDep, run_ids: RunIdList) -> Response:
    table = compare.compare_runs(db, who.team_id, _parse_run_ids(run_ids))
    return Response(export.compare_csv(table), media_type="text/csv", headers=_attachment("runs.csv"))


@router.get("/runs/export.json")
def export_runs_json(db: SessionDep, who: ViewerDep, response: Response, run_ids: RunIdList) -> CompareTable:
    response.headers.update(_attachment("runs.json"))
    return compare.compare_runs(db, who.team_id, _parse_run_ids(run_ids))


@router.get("/runs/{run_id}")
def get_run(db: SessionDep, who: ViewerDep, run_id: int) -> RunDetail:
    return service.run_detail(db, who.team_id, run_id)


@router.post("/runs/{run_id}/cancel")
def cancel_run(db: SessionDep, who: EditorDep, run_id: int) -> RunCancelled:
    return service.cancel_run(db, who.team_id, run_id)


@router.post("/runs/{run_id}/rerun", status_code=status.HTTP_201_CREATED)
def rerun_run(db: SessionDep, who: EditorDep, run_id: int) -> RunLaunched:
    return service.rerun(db, who.team_id, run_id, who.user_id)


@router.get("/runs/{run_id}/samples")
def get_run_samples(
    db: SessionDep,
    who: ViewerDep,
    run_id: int,
    source: Annotated[str | None, Query(max_length=200)] = None,
    from_t: Annotated[int | None, Query(ge=INT4_MIN, le=INT4_MAX)] = None,
    to_t: Annotated[int | None, Query(ge=INT4_MIN, le=INT4_MAX)] = None,
    step: Annotated[int | None, Query(ge=1, le=3600, description="Seconds per point (downsampled).")] = None,
) -> RunSamples:
    run = service.get_run(db, who.team_id, run_id)
    return samples.read_samples(db, run.id, source=source, from_t=from_t, to_t=to_t, step=step)


@router.get("/runs/{run_id}/samples.csv", response_class=Response, responses=_CSV)
def export_run_samples_csv(db: SessionDep, who: ViewerDep, run_id: int) -> Response:
    run = service.get_run(db, who.team_id, run_id)
    body = export.samples_csv(samples.read_samples(db, run.id))
    return Response(body, media_type="text/csv", headers=_attachment(f"run-{run.id}-samples.csv"))


@router.get(
    "/runs/{run_id}/output.txt",
    response_class=Response,
    responses={
        200: {
            "content": {"text/plain": {"schema": {"type": "string"}}},
            "description": "Each load tool's output.",
        }
    },
)
def export_run_tool_output(db: SessionDep, who: ViewerDep, run_id: int) -> Response:
    """What each injector's load tool printed, under its exact command line: the raw material of
    the summary, for anyone who wants to check a number against the tool itself."""
    run = service.get_run(db, who.team_id, run_id)
    body = export.tool_output_text(run.command_lines or {}, run.tool_output or {})
    return Response(body, media_type="text/plain", headers=_attachment(f"run-{run.id}-output.txt"))


@router.get(
    "/runs/{run_id}/events",
    response_class=EventStreamResponse,
    responses={
        200: {
            "model": RunEvent,
            "description": (
                "Server-sent events (backend/runs/events.py). The schema is that of one event: its SSE "
                "`event` name, its `id`, and `data`, the JSON of its data line."
            ),
        },
        204: {"description": "The run has ended and the caller already saw its `end` event."},
    },
)
def stream_run_events(
    db: SessionDep,
    who: ViewerDep,
    run_id: int,
    last_event_id: Annotated[str | None, Header(max_length=300)] = None,
) -> Response:
    run = service.get_run(db, who.team_id, run_id)
    # Hand the connection back now: the stream may last hours and reads with short sessions.
    db.commit()
    return events.event_stream_response(run.id, run.state, last_event_id)
