"""Notes: what a team member wrote about a run or a detected change (who, when, text)."""

from __future__ import annotations

from sqlalchemy import CheckConstraint, ForeignKey, Text
from sqlalchemy.orm import Mapped, mapped_column

from backend.models.base import Base, CreatedAtMixin, IdMixin


class Note(IdMixin, CreatedAtMixin, Base):
    __tablename__ = "note"
    __table_args__ = (CheckConstraint("(run_id IS NULL) <> (change_id IS NULL)", name="one_subject"),)

    team_id: Mapped[int] = mapped_column(ForeignKey("team.id", ondelete="CASCADE"), index=True)
    # Exactly one subject: a run, or a detected change.
    run_id: Mapped[int | None] = mapped_column(ForeignKey("run.id", ondelete="CASCADE"), index=True)
    change_id: Mapped[int | None] = mapped_column(
        ForeignKey("change_point.id", ondelete="CASCADE"), index=True
    )
    author_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    text: Mapped[str] = mapped_column(Text)
