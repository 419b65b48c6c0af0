"""/changes: the team's detected changes, and marking one accepted (expected) or open."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query

from backend.api.deps import EditorDep, SessionDep, ViewerDep
from backend.api.storable import StorableRoute
from backend.runs.changes import service
from backend.runs.changes.schemas import ChangeOut, ChangePage, ChangeStatusUpdate

router = APIRouter(tags=["changes"], route_class=StorableRoute)


@router.get("/changes")
def list_changes(
    db: SessionDep,
    who: ViewerDep,
    status: Literal["open", "accepted"] | None = None,
    experiment_id: Annotated[int | None, Query(ge=1, le=2**63 - 1)] = None,
    run_id: Annotated[int | None, Query(ge=1, le=2**63 - 1)] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> ChangePage:
    """Detected changes, newest run first: each figure's new level, at which run, how sure, and
    what differs from the run before."""
    return service.list_changes(db, who.team_id, status, experiment_id, run_id, limit)


@router.patch("/changes/{change_id}")
def update_change(db: SessionDep, who: EditorDep, change_id: int, body: ChangeStatusUpdate) -> ChangeOut:
    """Mark a change accepted (expected) or open again."""
    return service.set_status(db, who.team_id, who.user_id, change_id, body.status)
