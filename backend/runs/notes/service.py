"""Writing, reading and removing notes; every query scoped to the caller's team."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import delete, or_
from sqlalchemy.orm import Session

from backend.accounts.users import emails_of
from backend.errors import forbidden, not_found
from backend.models import ChangePoint, Note, Run
from backend.runs.notes.schemas import NoteCreate, NoteOut
from backend.teams.scoping import readable


def _subject_team(db: Session, team_id: int, run_id: int | None, change_id: int | None) -> None:
    if run_id is not None and db.scalar(readable(Run, team_id, Run.id).where(Run.id == run_id)) is None:
        raise not_found("run", run_id)
    if change_id is not None and (
        db.scalar(readable(ChangePoint, team_id, ChangePoint.id).where(ChangePoint.id == change_id)) is None
    ):
        raise not_found("change", change_id)


def add(
    db: Session,
    team_id: int,
    user_id: int,
    body: NoteCreate,
    run_id: int | None = None,
    change_id: int | None = None,
) -> NoteOut:
    _subject_team(db, team_id, run_id, change_id)
    note = Note(team_id=team_id, run_id=run_id, change_id=change_id, author_id=user_id, text=body.text)
    db.add(note)
    db.flush()
    [out] = _out(db, [note])
    return out


def _out(db: Session, notes: Sequence[Note]) -> list[NoteOut]:
    emails = emails_of(db, (n.author_id for n in notes))
    return [
        NoteOut.model_validate(n).model_copy(
            update={"author_email": emails.get(n.author_id) if n.author_id else None}
        )
        for n in notes
    ]


def list_notes(db: Session, team_id: int, run_ids: Sequence[int], change_ids: Sequence[int]) -> list[NoteOut]:
    """Notes of these runs and changes, oldest first (a conversation reads down)."""
    if not run_ids and not change_ids:
        return []
    notes = db.scalars(
        readable(Note, team_id)
        .where(or_(Note.run_id.in_(run_ids), Note.change_id.in_(change_ids)))
        .order_by(Note.id)
        .limit(1000)
    ).all()
    return _out(db, notes)


def remove(db: Session, team_id: int, user_id: int, is_admin: bool, note_id: int) -> None:
    """The author removes a note, or an admin; nobody else."""
    note = db.scalar(readable(Note, team_id).where(Note.id == note_id))
    if note is None:
        raise not_found("note", note_id)
    if note.author_id != user_id and not is_admin:
        raise forbidden("only its author or a team admin removes a note")
    db.execute(delete(Note).where(Note.id == note.id))
