from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Mapped, mapped_column

from backend.models.base import Base, CreatedAtMixin, IdMixin, utcnow


class Experiment(IdMixin, CreatedAtMixin, Base):
    """A named, versioned experiment. The spec itself lives in immutable ExperimentVersion rows."""

    __tablename__ = "experiment"
    __table_args__ = (
        UniqueConstraint("team_id", "name"),
        Index("ix_experiment_tags", "tags", postgresql_using="gin"),
    )

    team_id: Mapped[int] = mapped_column(ForeignKey("team.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    tags: Mapped[list[str]] = mapped_column(ARRAY(String(64)), default=list)
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    latest_version: Mapped[int] = mapped_column(Integer, default=1)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class ExperimentVersion(IdMixin, CreatedAtMixin, Base):
    """One immutable version of an experiment's spec (contract.experiment.ExperimentSpec as JSON)."""

    __tablename__ = "experiment_version"
    __table_args__ = (UniqueConstraint("experiment_id", "version"),)

    experiment_id: Mapped[int] = mapped_column(ForeignKey("experiment.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    spec_version: Mapped[int] = mapped_column(Integer)
    spec: Mapped[dict[str, Any]]
    note: Mapped[str] = mapped_column(Text, default="")
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))


class Launch(IdMixin, CreatedAtMixin, Base):
    """One press of Launch: an experiment version's sweep expanded into runs on a lab."""

    __tablename__ = "launch"

    team_id: Mapped[int] = mapped_column(ForeignKey("team.id", ondelete="CASCADE"), index=True)
    experiment_id: Mapped[int] = mapped_column(ForeignKey("experiment.id", ondelete="CASCADE"), index=True)
    experiment_version_id: Mapped[int] = mapped_column(
        ForeignKey("experiment_version.id", ondelete="CASCADE")
    )
    # NULL once the lab is deleted: the run history outlives the hardware it ran on.
    lab_id: Mapped[int | None] = mapped_column(ForeignKey("lab.id", ondelete="SET NULL"))
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    total_runs: Mapped[int] = mapped_column(Integer)
    # Values set for this launch only ({"load.duration_s": 5}), applied to the version's spec.
    overrides: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # The schedule that fired this launch (NULL when a person or a script launched it).
    schedule_id: Mapped[int | None] = mapped_column(
        ForeignKey("schedule.id", ondelete="SET NULL"), index=True
    )
