"""/runs/{id}/samples (raw or downsampled), its CSV, and the load tools' raw output."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Response

from backend.api.deps import SessionDep, ViewerDep
from backend.api.storable import INT4_MAX, INT4_MIN, StorableRoute
from backend.runs import service
from backend.runs.downloads import CSV_RESPONSE, attachment
from backend.runs.samples.export import samples_csv, tool_output_text
from backend.runs.samples.schemas import RunSamples
from backend.runs.samples.service import read_samples

router = APIRouter(tags=["runs"], route_class=StorableRoute)


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
    return read_samples(db, run.id, source=source, from_t=from_t, to_t=to_t, step=step)


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
