"""/schedules: recurring launches of an experiment on a lab (cron + time zone), fired by beat."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Response, status

from backend.api.deps import EditorDep, SessionDep, ViewerDep
from backend.api.storable import StorableRoute
from backend.errors import ErrorBody
from backend.schedules import service
from backend.schedules.schemas import (
    CronPreview,
    CronPreviewRequest,
    ScheduleCreate,
    ScheduleDetail,
    ScheduleOut,
    ScheduleUpdate,
)

router = APIRouter(tags=["schedules"], route_class=StorableRoute)


@router.get("/schedules")
def list_schedules(
    db: SessionDep,
    who: ViewerDep,
    experiment_id: Annotated[int | None, Query(ge=1, le=2**63 - 1)] = None,
    lab_id: Annotated[int | None, Query(ge=1, le=2**63 - 1)] = None,
) -> list[ScheduleOut]:
    """The team's schedules (or one experiment's, or one lab's), oldest first, with their next times."""
    return service.list_schedules(db, who.team_id, experiment_id, lab_id)


@router.post("/schedules/preview")
def preview_cron(who: ViewerDep, body: CronPreviewRequest) -> CronPreview:
    """Check a cron expression and time zone as beat will read them; the next five times."""
    return service.preview(body)


_SCHEDULES_FULL: dict[int | str, dict[str, Any]] = {
    409: {
        "model": ErrorBody,
        "description": "Refused: the team or the experiment has as many schedules as allowed "
        "(HAPLAB_MAX_SCHEDULES_PER_TEAM, _PER_EXPERIMENT); the message gives both numbers.",
    }
}


@router.post(
    "/experiments/{experiment_id}/schedules", status_code=status.HTTP_201_CREATED, responses=_SCHEDULES_FULL
)
def create_schedule(
    db: SessionDep, who: EditorDep, experiment_id: int, body: ScheduleCreate
) -> ScheduleDetail:
    """Launch this experiment's latest version on a lab at each time of a cron expression."""
    return service.create(db, who.team_id, who.user_id, experiment_id, body)


@router.get("/schedules/{schedule_id}")
def get_schedule(db: SessionDep, who: ViewerDep, schedule_id: int) -> ScheduleDetail:
    return service.detail(db, who.team_id, schedule_id)


@router.patch("/schedules/{schedule_id}")
def update_schedule(db: SessionDep, who: EditorDep, schedule_id: int, body: ScheduleUpdate) -> ScheduleDetail:
    """Change the times, the lab, the policies or the overrides; pause and resume."""
    return service.update(db, who.team_id, schedule_id, body)


@router.delete("/schedules/{schedule_id}", status_code=status.HTTP_204_NO_CONTENT)
def delete_schedule(db: SessionDep, who: EditorDep, schedule_id: int) -> Response:
    """The schedule and its firings; the runs it launched stay in the history."""
    service.remove(db, who.team_id, schedule_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
