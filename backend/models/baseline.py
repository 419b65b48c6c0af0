"""Baselines: the runs a sweep point of an experiment is compared with, pinned by a team member."""

from __future__ import annotations

from typing import Any

from sqlalchemy import BigInteger, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Mapped, mapped_column

from backend.models.base import Base, CreatedAtMixin, IdMixin


class Baseline(IdMixin, CreatedAtMixin, Base):
    """One sweep point's baseline: its succeeded runs at pin time. A point is its swept values
    (`params`), so later launches, re-runs and new versions with the same values compare with it;
    one baseline per point (pinning again replaces it)."""

    __tablename__ = "baseline"
    __table_args__ = (UniqueConstraint("experiment_id", "params_key"),)

    team_id: Mapped[int] = mapped_column(ForeignKey("team.id", ondelete="CASCADE"), index=True)
    experiment_id: Mapped[int] = mapped_column(ForeignKey("experiment.id", ondelete="CASCADE"), index=True)
    params: Mapped[dict[str, Any]]
    # The params as canonical JSON (sorted keys): what identifies the point.
    params_key: Mapped[str] = mapped_column(Text)
    run_ids: Mapped[list[int]] = mapped_column(ARRAY(BigInteger))
    # What was pinned: a run, a sweep point of a launch, or a whole launch (one row per point).
    pinned_from: Mapped[str] = mapped_column(String(16))
    launch_id: Mapped[int | None] = mapped_column(ForeignKey("launch.id", ondelete="SET NULL"))
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
