"""/experiments/{id}/baselines and /runs/{id}/baseline: pin a point's runs, compare a run with them."""

from __future__ import annotations

from fastapi import APIRouter, Response, status

from backend.api.deps import EditorDep, SessionDep, ViewerDep
from backend.api.storable import StorableRoute
from backend.runs.baselines import service
from backend.runs.baselines.schemas import BaselineOut, BaselinePin, RunAgainstBaseline

router = APIRouter(tags=["baselines"], route_class=StorableRoute)


@router.post("/experiments/{experiment_id}/baselines", status_code=status.HTTP_201_CREATED)
def pin_baseline(db: SessionDep, who: EditorDep, experiment_id: int, body: BaselinePin) -> list[BaselineOut]:
    """Pin a run, a launch's sweep point or a whole launch as the baseline of its point(s);
    a point's earlier baseline is replaced. Only succeeded runs are pinned."""
    return service.pin(db, who.team_id, who.user_id, experiment_id, body)


@router.get("/experiments/{experiment_id}/baselines")
def list_baselines(db: SessionDep, who: ViewerDep, experiment_id: int) -> list[BaselineOut]:
    """The experiment's baselines, one per pinned sweep point."""
    return service.list_baselines(db, who.team_id, experiment_id)


@router.delete("/experiments/{experiment_id}/baselines/{baseline_id}", status_code=status.HTTP_204_NO_CONTENT)
def unpin_baseline(db: SessionDep, who: EditorDep, experiment_id: int, baseline_id: int) -> Response:
    service.unpin(db, who.team_id, experiment_id, baseline_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.get("/runs/{run_id}/baseline")
def run_against_baseline(db: SessionDep, who: ViewerDep, run_id: int) -> RunAgainstBaseline:
    """The run (with its launch's repetitions of its point) against its point's baseline: each
    key figure's change, 95% intervals and significance, and one sentence."""
    return service.run_against_baseline(db, who.team_id, run_id)
