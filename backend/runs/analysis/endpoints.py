"""GET /experiments/{id}/analysis: a launch's sweep read as a whole (knee, Little's law).

Its own router beside /runs: computed on read from the runs' summaries, nothing stored.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from backend.api.deps import SessionDep, ViewerDep
from backend.api.storable import StorableRoute
from backend.runs.analysis.schemas import SweepAnalysis
from backend.runs.analysis.service import analyze_launch

router = APIRouter(tags=["runs"], route_class=StorableRoute)


@router.get("/experiments/{experiment_id}/analysis")
def experiment_analysis(
    db: SessionDep,
    who: ViewerDep,
    experiment_id: int,
    launch_id: Annotated[
        int | None, Query(description="A launch of this experiment; default: the latest.")
    ] = None,
    include_partial: Annotated[
        bool,
        Query(description="Read partial runs (their load fell short of its window) like complete ones."),
    ] = False,
) -> SweepAnalysis:
    """Per-point results, the knee of the sweep, and the maxconn its load needs (Little's law).

    Partial runs are left out by default, and the answer says which.
    """
    return analyze_launch(db, who.team_id, experiment_id, launch_id, include_partial=include_partial)
