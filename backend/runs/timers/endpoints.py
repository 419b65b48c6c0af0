"""/runs/{id}/timers: where the time went inside HAProxy, per second and over the run."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from backend.api.deps import SessionDep, ViewerDep
from backend.api.route_thread import read_only
from backend.api.storable import StorableRoute
from backend.runs import service
from backend.runs.timers.schemas import RunTimers
from backend.runs.timers.service import run_timers
from contract.request_timers import SCOPE_ALL

router = APIRouter(tags=["runs"], route_class=StorableRoute)


@router.get("/runs/{run_id}/timers")
@read_only
def get_run_timers(
    db: SessionDep,
    who: ViewerDep,
    run_id: int,
    scope: Annotated[
        str,
        Query(max_length=300, description='"*" the whole proxy, a backend, or backend/server (see scopes).'),
    ] = SCOPE_ALL,
    step: Annotated[
        int,
        Query(ge=1, le=3600, description="Seconds per point: 1 for the stored seconds, more to merge them."),
    ] = 1,
) -> RunTimers:
    """Per point the p50/p90/p99 of each of HAProxy's request timers (a bucket's seconds' histograms
    merged, never percentiles averaged) and its termination states' counts, for one scope; with the
    timers' and states' meanings and the run's summary of them (breakdown, table, sampling)."""
    run = service.get_run(db, who.team_id, run_id)
    return run_timers(db, run, scope=scope, step=step)
