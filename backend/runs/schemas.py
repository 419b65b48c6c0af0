"""Request and response models of /runs. Pydantic schemas only; never ORM objects."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidatorFunctionWrapHandler,
    computed_field,
    field_validator,
)

from spec.experiment import ExperimentSpec
from spec.lint import ConfigWarning
from spec.results import Completeness, RunSummary
from spec.run_environment import RunEnvironment
from spec.run_state import RunState
from spec.sweep import JsonScalar

RunOrder = Literal["newest", "oldest"]


class RunSlim(BaseModel):
    """A run in a list: everything but the big columns (spec, config, environment, summary)."""

    model_config = ConfigDict(from_attributes=True)

    id: int
    experiment_id: int
    experiment_name: str
    experiment_version: int
    launch_id: int
    lab_id: int | None
    rerun_of_id: int | None
    point_index: int
    repetition: int
    params: dict[str, JsonScalar] = Field(description="The swept values of this run's point, by dotted path.")
    state: RunState
    created_at: datetime
    state_changed_at: datetime | None
    started_at: datetime | None
    finished_at: datetime | None
    cancel_requested_at: datetime | None


class RunPage(BaseModel):
    items: list[RunSlim]
    total: int
    limit: int
    offset: int


class RunDetail(RunSlim):
    lab_name: str | None
    experiment_version_id: int
    created_by_id: int | None
    spec: ExperimentSpec = Field(description="The run's resolved spec (its sweep point's values applied).")
    rendered_config: str | None
    command_lines: dict[str, list[list[str]]] = Field(
        description="By agent: the exact argv of every process it started for the run."
    )
    environment: RunEnvironment
    summary: RunSummary | None = Field(description="The run's results once collected; None before.")
    config_warnings: list[ConfigWarning] = Field(
        default_factory=list,
        description="Settings of this run's spec that do nothing or contradict each other (spec.lint).",
    )
    error: str | None = Field(description="Why the run failed, or why it is partial; None otherwise.")

    @field_validator("spec", mode="wrap")
    @classmethod
    def _stored_spec(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        # A run's spec was valid when it was launched; a later, stricter model (the raw-line
        # allowlist ...) must not make its history unreadable: such a spec is shown as stored.
        try:
            return handler(value)
        except ValidationError:
            return value

    @property
    def _completeness(self) -> Completeness | None:
        return self.summary.completeness if self.summary else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def load_started_at(self) -> datetime | None:
        """When the measured load began (t0, after warm-up); apart from queueing and preparation."""
        return self._completeness.load_started_at if self._completeness else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def load_ended_at(self) -> datetime | None:
        """When the measured load ended: load_started_at plus the seconds it really covered."""
        return self._completeness.load_ended_at if self._completeness else None


class RunCancelled(BaseModel):
    id: int
    state: RunState
    # Set when the run was active: the worker stops it at its next check and moves it itself.
    cancel_requested_at: datetime | None


class RunLaunched(BaseModel):
    """What creating runs returns (a launch or a re-run): they are queued, in this order."""

    launch_id: int
    run_ids: list[int]
    total_runs: int
