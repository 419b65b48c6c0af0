"""Notes on runs (/runs/{id}/notes) and on detected changes (/changes/{id}/notes); /notes lists
many subjects' notes at once (History and Compare)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Response, status

from backend.api.deps import EditorDep, SessionDep, ViewerDep
from backend.api.storable import StorableRoute
from backend.models import Role
from backend.runs.notes import service
from backend.runs.notes.schemas import NoteCreate, NoteOut

router = APIRouter(tags=["notes"], route_class=StorableRoute)

Ids = Annotated[list[int], Query(max_length=200)]


@router.get("/notes")
def list_notes(db: SessionDep, who: ViewerDep, run_ids: Ids = [], change_ids: Ids = []) -> list[NoteOut]:  # noqa: B006 - FastAPI copies defaults
    """The notes of these runs and changes (`?run_ids=3&run_ids=7&change_ids=2`), oldest first."""
    return service.list_notes(db, who.team_id, run_ids, change_ids)


@router.post("/runs/{run_id}/notes", status_code=status.HTTP_201_CREATED)
def add_run_note(db: SessionDep, who: EditorDep, run_id: int, body: NoteCreate) -> NoteOut:
    return service.add(db, who.team_id, who.user_id, body, run_id=run_id)


@router.post("/changes/{change_id}/notes", status_code=status.HTTP_201_CREATED)
def add_change_note(db: SessionDep, who: EditorDep, change_id: int, body: NoteCreate) -> NoteOut:
    return service.add(db, who.team_id, who.user_id, body, change_id=change_id)


@router.delete("/notes/{note_id}", status_code=status.HTTP_204_NO_CONTENT)
def delete_note(db: SessionDep, who: EditorDep, note_id: int) -> Response:
    """Its author, or a team admin."""
    service.remove(db, who.team_id, who.user_id, who.role == Role.admin, note_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
