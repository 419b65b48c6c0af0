from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Enum, ForeignKey, Index, Integer, SmallInteger, String, Text, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column, validates

from backend.models.base import Base, CreatedAtMixin, IdMixin
from backend.models.typed_json import ModelJSON, as_model
from spec.results import RunSummary, stored_summary
from spec.run_environment import RunEnvironment, stored_environment
from spec.run_state import RunState


class Run(IdMixin, CreatedAtMixin, Base):
    """One point of a sweep, one repetition. Runs on one lab execute in `id` order.

    `state` only changes through backend.runs.transitions (guarded UPDATEs), never by
    assigning the attribute, so a cancel racing a completion cannot corrupt it.
    """

    __tablename__ = "run"
    __table_args__ = (
        Index("ix_run_team_created", "team_id", "id"),
        Index("ix_run_lab_state", "lab_id", "state", "id"),
        Index("ix_run_experiment", "experiment_id", "id"),
        Index("ix_run_launch", "launch_id", "point_index", "repetition"),
    )

    team_id: Mapped[int] = mapped_column(ForeignKey("team.id", ondelete="CASCADE"))
    experiment_id: Mapped[int] = mapped_column(ForeignKey("experiment.id", ondelete="CASCADE"))
    experiment_version_id: Mapped[int] = mapped_column(
        ForeignKey("experiment_version.id", ondelete="CASCADE")
    )
    launch_id: Mapped[int] = mapped_column(ForeignKey("launch.id", ondelete="CASCADE"))
    # NULL once the lab is deleted: the run history outlives the hardware it ran on.
    lab_id: Mapped[int | None] = mapped_column(ForeignKey("lab.id", ondelete="SET NULL"))
    rerun_of_id: Mapped[int | None] = mapped_column(ForeignKey("run.id", ondelete="SET NULL"))
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))

    # Position in the sweep: index of the point in the cartesian product, and repetition (0-based).
    point_index: Mapped[int] = mapped_column(Integer)
    repetition: Mapped[int] = mapped_column(SmallInteger)
    # The swept values of this point, keyed by dotted path, e.g. {"proxy.global.maxconn": 40}.
    params: Mapped[dict[str, Any]]
    # The fully resolved ExperimentSpec of this run (sweep values applied), as JSON.
    spec: Mapped[dict[str, Any]]

    state: Mapped[RunState] = mapped_column(
        Enum(RunState, native_enum=False, create_constraint=True, length=16, name="run_state"),
        default=RunState.queued,
    )
    state_changed_at: Mapped[datetime | None]
    started_at: Mapped[datetime | None]
    finished_at: Mapped[datetime | None]
    cancel_requested_at: Mapped[datetime | None]
    celery_task_id: Mapped[str | None] = mapped_column(String(64))

    rendered_config: Mapped[str | None] = mapped_column(Text)
    # Exact argv of every tool the run started, by agent: {"injector-1": [["wrk", "-t2", ...]]}.
    command_lines: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # What each load tool printed (stdout, then stderr; bounded by the agent), by agent. Deferred:
    # only the raw-output download reads it, never a list of runs.
    tool_output: Mapped[dict[str, Any]] = mapped_column(default=dict, server_default="{}", deferred=True)
    # The agents' host facts (haproxy -vv, kernel, tools, sysctls), resolved names, applied shaping.
    environment: Mapped[RunEnvironment] = mapped_column(
        ModelJSON(RunEnvironment, stored_environment), default=RunEnvironment
    )
    # spec.lint warnings of this run's resolved spec at launch ([{field, message}]): settings that
    # do nothing or contradict each other, kept with the run it was measured with.
    config_warnings: Mapped[list[dict[str, Any]]] = mapped_column(
        JSONB, default=list, server_default=text("'[]'::jsonb")
    )
    # spec.results.RunSummary once collected (read through stored_summary: older shapes too).
    summary: Mapped[RunSummary | None] = mapped_column(ModelJSON(RunSummary, stored_summary))
    error: Mapped[str | None] = mapped_column(Text)

    @validates("summary")
    def _typed_summary(self, _key: str, value: object) -> RunSummary | None:
        return as_model(value, RunSummary, stored_summary)

    @validates("environment")
    def _typed_environment(self, _key: str, value: object) -> RunEnvironment:
        return as_model(value or {}, RunEnvironment, stored_environment) or RunEnvironment()
