"""Schedules: an experiment launched on a lab at the times of a cron expression, and each firing.

Celery beat reads its own rows (sqlalchemy-celery-beat's tables in the `celery_schema` schema);
these rows are the product's view of a schedule: who owns it, what it launches, its policies and
what every firing did. backend/schedules/beat.py keeps the two in step, in one transaction.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from backend.models.base import Base, CreatedAtMixin, IdMixin


class Schedule(IdMixin, CreatedAtMixin, Base):
    __tablename__ = "schedule"

    team_id: Mapped[int] = mapped_column(ForeignKey("team.id", ondelete="CASCADE"), index=True)
    experiment_id: Mapped[int] = mapped_column(ForeignKey("experiment.id", ondelete="CASCADE"), index=True)
    lab_id: Mapped[int] = mapped_column(ForeignKey("lab.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(120))
    # Five fields as Celery's crontab reads them: minute hour day-of-month month day-of-week.
    cron: Mapped[str] = mapped_column(String(400))
    timezone: Mapped[str] = mapped_column(String(64))
    paused: Mapped[bool] = mapped_column(Boolean, default=False)
    # What a firing does when the lab has other queued or running runs: queue | skip.
    if_lab_busy: Mapped[str] = mapped_column(String(16))
    # ... and when this schedule's previous launch has runs not ended yet: skip | queue.
    if_previous_running: Mapped[str] = mapped_column(String(16))
    # Values set for every launch of this schedule ({"load.duration_s": 60}).
    overrides: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # Whose launches these are; a firing checks this member may still launch.
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))


class ScheduleFiring(IdMixin, Base):
    __tablename__ = "schedule_firing"

    schedule_id: Mapped[int] = mapped_column(ForeignKey("schedule.id", ondelete="CASCADE"), index=True)
    # The Celery task id of the firing: a redelivered message does not launch twice.
    task_id: Mapped[str] = mapped_column(String(80), unique=True)
    fired_at: Mapped[datetime]
    # launched | skipped_lab_busy | skipped_previous_running | refused
    outcome: Mapped[str] = mapped_column(String(32))
    detail: Mapped[str] = mapped_column(Text, default="")
    launch_id: Mapped[int | None] = mapped_column(ForeignKey("launch.id", ondelete="SET NULL"))
