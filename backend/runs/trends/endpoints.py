"""/runs/trends: a metric over each experiment's recent runs (the History's sparklines)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from backend.api.deps import SessionDep, ViewerDep
from backend.api.storable import StorableRoute
from backend.runs.schemas import RunFigureKey
from backend.runs.trends import service
from backend.runs.trends.schemas import Trends

router = APIRouter(tags=["runs"], route_class=StorableRoute)


@router.get("/runs/trends")
def get_trends(
    db: SessionDep,
    who: ViewerDep,
    metric: Annotated[RunFigureKey, Query(description="A figure of the run list (metric registry key).")],
    experiment_id: Annotated[
        list[int] | None,
        Query(
            max_length=service.MAX_EXPERIMENTS,
            description="Repeat for several; the team's most recently run experiments when absent.",
        ),
    ] = None,
    runs: Annotated[int, Query(ge=2, le=service.MAX_RUNS, description="Runs per experiment, newest.")] = (
        service.DEFAULT_RUNS
    ),
) -> Trends:
    """Each experiment's last succeeded runs at the sweep point of its latest one, oldest first."""
    return service.trends(db, who.team_id, metric, experiment_id, runs)
