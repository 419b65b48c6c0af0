"""/runs: the team's run history, one run's detail, cancel and re-run.

Runs' parts have their own routers (compare/, samples/, live/ endpoints), which backend/api/v1.py
includes before this one: routes match in order, and "/runs/export.csv" would otherwise be taken
for a run id.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Query, Response, status
from pydantic import TypeAdapter

from backend.api.deps import EditorDep, SessionDep, ViewerDep
from backend.api.route_thread import read_only
from backend.api.storable import StorableRoute
from backend.runs import service
from backend.runs.queued_runs import queue_full_response
from backend.runs.schemas import (
    SEARCH_MAX_LENGTH,
    LaunchDetail,
    RunCancelled,
    RunDetail,
    RunLaunched,
    RunOrder,
    RunPage,
    RunSortKey,
    SortDirection,
    ThresholdFilter,
)
from contract.run_state import RunState

router = APIRouter(tags=["runs"], route_class=StorableRoute)


@router.get("/runs")
@read_only
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
    q: Annotated[
        str | None,
        Query(
            max_length=SEARCH_MAX_LENGTH,
            description="Text in the experiment's name, description or tags, or the run's version note"
            " (case-insensitive; % and _ match themselves).",
        ),
    ] = None,
    thresholds: Annotated[
        ThresholdFilter | None,
        Query(description="passed: every threshold rule passed; failed: one did not; judged: either."),
    ] = None,
    limit: Annotated[int, Query(ge=1, le=service.MAX_PAGE)] = service.DEFAULT_PAGE,
    offset: Annotated[int, Query(ge=0)] = 0,
    cursor: Annotated[
        str | None,
        Query(
            max_length=200,
            description="A page's next_cursor: the page after it (same filters, sort, direction; no offset).",
        ),
    ] = None,
    sort: Annotated[
        RunSortKey,
        Query(description="Creation, finish time or a figure (metric key); runs without it come last."),
    ] = "created",
    direction: Annotated[SortDirection | None, Query(description="desc unless said (or order=oldest).")] = (
        None
    ),
    order: Annotated[
        RunOrder,
        Query(deprecated=True, description="Older spelling of direction: newest = desc, oldest = asc."),
    ] = "newest",
) -> RunPage:
    """The team's runs, filtered, searched and sorted, with their headline figures; ties by id."""
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
        q=(q or "").strip() or None,  # blank is no search
        thresholds=thresholds,
        limit=limit,
        offset=offset,
        cursor=cursor,
        sort=sort,
        direction=direction or ("asc" if order == "oldest" else "desc"),
    )


# The answer's JSON is made here, in the route's thread, as FastAPI would make it (the model's
# serializer, by alias; the same bytes): given a model instead, FastAPI validates it again in a
# thread hand-off of its own (a sync route's answer is validated off the event loop), then
# serializes it on the loop (1-2 % of a read's CPU, bench/api_read_cpu.py). response_model keeps
# the OpenAPI as it was.
_RUN_DETAIL_JSON = TypeAdapter(RunDetail)


@router.get("/runs/{run_id}", response_model=RunDetail)
@read_only
def get_run(db: SessionDep, who: ViewerDep, run_id: int) -> Response:
    detail = service.run_detail(db, who.team_id, run_id)
    return Response(_RUN_DETAIL_JSON.dump_json(detail, by_alias=True), media_type="application/json")


@router.get("/launches/{launch_id}")
def get_launch(db: SessionDep, who: ViewerDep, launch_id: int) -> LaunchDetail:
    """A launch's runs by state and its verdict: the outcome a CI gate acts on, and the rules
    judged per sweep point once every run has ended."""
    return service.launch_detail(db, who.team_id, launch_id)


@router.post("/runs/{run_id}/cancel")
def cancel_run(db: SessionDep, who: EditorDep, run_id: int) -> RunCancelled:
    return service.cancel_run(db, who.team_id, run_id)


@router.post(
    "/runs/{run_id}/rerun",
    status_code=status.HTTP_201_CREATED,
    responses=queue_full_response(also="the run's lab was deleted, or "),
)
def rerun_run(db: SessionDep, who: EditorDep, run_id: int) -> RunLaunched:
    return service.rerun(db, who.team_id, run_id, who.user_id)
