"""/runs/{id}/samples (every second, row form), /samples/columns (the charts' form, raw or
downsampled in PostgreSQL), the samples' CSV, and the load tools' raw output."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Response

from backend.api.deps import SessionDep, ViewerDep
from backend.api.storable import INT4_MAX, INT4_MIN, StorableRoute
from backend.runs import service
from backend.runs.downloads import CSV_RESPONSE, attachment
from backend.runs.samples.columns import sample_columns_json
from backend.runs.samples.export import samples_csv, tool_output_text
from backend.runs.samples.schemas import RunSampleColumns, RunSamples
from backend.runs.samples.service import read_samples, samples_json

router = APIRouter(tags=["runs"], route_class=StorableRoute)


@router.get("/runs/{run_id}/samples", response_model=RunSamples)
def get_run_samples(
    db: SessionDep,
    who: ViewerDep,
    run_id: int,
    source: Annotated[str | None, Query(max_length=200)] = None,
    from_t: Annotated[int | None, Query(ge=INT4_MIN, le=INT4_MAX)] = None,
    to_t: Annotated[int | None, Query(ge=INT4_MIN, le=INT4_MAX)] = None,
) -> Response:
    """Every stored second, one object each (the full record). Charts: /samples/columns.
    PostgreSQL writes the JSON (service.samples_json), which is passed through as is."""
    run = service.get_run(db, who.team_id, run_id)
    body = samples_json(db, run.id, source=source, from_t=from_t, to_t=to_t)
    return Response(body, media_type="application/json")


@router.get("/runs/{run_id}/samples/columns", response_model=RunSampleColumns)
def get_run_sample_columns(
    db: SessionDep,
    who: ViewerDep,
    run_id: int,
    step: Annotated[
        int,
        Query(ge=1, le=3600, description="Seconds per point: 1 for the stored seconds, more to downsample."),
    ] = 1,
    source: Annotated[str | None, Query(max_length=200)] = None,
    from_t: Annotated[int | None, Query(ge=INT4_MIN, le=INT4_MAX)] = None,
    to_t: Annotated[int | None, Query(ge=INT4_MIN, le=INT4_MAX)] = None,
) -> Response:
    """The samples as one array per metric, per source; with `step` > 1, one point per bucket:
    counters as per-second rates, gauges averaged, and each bucket's min and max. PostgreSQL
    builds the arrays' JSON (backend/runs/samples/columns.py), which is passed through as is."""
    run = service.get_run(db, who.team_id, run_id)
    body = sample_columns_json(db, run.id, step=step, source=source, from_t=from_t, to_t=to_t)
    return Response(body, media_type="application/json")


@router.get("/runs/{run_id}/samples.csv", response_class=Response, responses=CSV_RESPONSE)
def export_run_samples_csv(db: SessionDep, who: ViewerDep, run_id: int) -> Response:
    run = service.get_run(db, who.team_id, run_id)
    body = samples_csv(read_samples(db, run.id))
    return Response(body, media_type="text/csv", headers=attachment(f"run-{run.id}-samples.csv"))


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
    body = tool_output_text(run.command_lines or {}, run.tool_output or {})
    return Response(body, media_type="text/plain", headers=attachment(f"run-{run.id}-output.txt"))
