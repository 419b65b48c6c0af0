"""Change points: where a figure of an experiment's sweep point moved to a new level, at which
run, by how much, how sure, and what differs between the runs either side."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from backend.models.base import Base, CreatedAtMixin, IdMixin


class ChangePoint(IdMixin, CreatedAtMixin, Base):
    __tablename__ = "change_point"
    __table_args__ = (UniqueConstraint("experiment_id", "params_key", "metric", "run_id"),)

    team_id: Mapped[int] = mapped_column(ForeignKey("team.id", ondelete="CASCADE"), index=True)
    experiment_id: Mapped[int] = mapped_column(ForeignKey("experiment.id", ondelete="CASCADE"), index=True)
    params: Mapped[dict[str, Any]]
    params_key: Mapped[str] = mapped_column(Text)
    metric: Mapped[str] = mapped_column(String(64))
    # The first run of the new level, and the last run before it.
    run_id: Mapped[int] = mapped_column(ForeignKey("run.id", ondelete="CASCADE"), index=True)
    before_run_id: Mapped[int] = mapped_column(ForeignKey("run.id", ondelete="CASCADE"))
    before_mean: Mapped[float] = mapped_column(Float)
    after_mean: Mapped[float] = mapped_column(Float)
    before_n: Mapped[int] = mapped_column(Integer)
    after_n: Mapped[int] = mapped_column(Integer)
    change_pct: Mapped[float] = mapped_column(Float)
    # Changed the wrong way (the metric's `better`); None where no way is better.
    worse: Mapped[bool | None] = mapped_column(Boolean)
    p_value: Mapped[float] = mapped_column(Float)
    # What differs between the two runs: [{"what": ..., "before": ..., "after": ...}].
    differences: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list)
    # open: nobody has looked; accepted: expected (a known upgrade, a deliberate config change).
    status: Mapped[str] = mapped_column(String(16), default="open")
    status_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    status_at: Mapped[datetime | None]
