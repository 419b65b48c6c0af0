"""Request and response models of notes."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

MAX_NOTE = 4000
NoteText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_NOTE)]


class NoteCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: NoteText = Field(description="What you want the team to know, up to 4,000 characters.")


class NoteOut(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: int
    run_id: int | None
    change_id: int | None
    author_id: int | None
    author_email: str | None = None
    text: str
    created_at: datetime
