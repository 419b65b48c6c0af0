"""Request and response models of /runs. Pydantic schemas only; never ORM objects."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidatorFunctionWrapHandler,
    computed_field,
    create_model,
    field_validator,
)

from backend.runs.capacity.schemas import LaunchCapacity
from backend.runs.run_outcome import RunOutcome
from contract.experiment import ExperimentSpec
from contract.lint import ConfigWarning
from contract.metrics import HISTORY_KEYS
from contract.results import Completeness, RunSummary
from contract.run_environment import RunEnvironment
from contract.run_state import RunState
from contract.sweep import JsonScalar
from contract.thresholds import PointThresholdResult, ThresholdReport
from contract.verdict import BoundKind

RunOrder = Literal["newest", "oldest"]
SortDirection = Literal["asc", "desc"]
ThresholdFilter = Literal["passed", "failed", "judged"]
SEARCH_MAX_LENGTH = 100

# The figures a run list carries and sorts by: the metric registry's History figures
# (contract.metrics.HISTORY_METRICS), named by their keys, so the UI names them with its labels and
# units; each is a generated column of run of that name. Built from the registry, so a figure added
# there is carried, sortable and trended with nothing written here.
if TYPE_CHECKING:
    RunFigureKey = str
    RunSortKey = str

    class RunFigures(BaseModel):
        def __getattr__(self, key: str) -> float | None: ...

else:
    RunFigureKey = Literal[HISTORY_KEYS]
    RunSortKey = Literal["created", "finished", *HISTORY_KEYS]  # one flat enum
    RunFigures = create_model(
        "RunFigures",
        __config__=ConfigDict(from_attributes=True),
        __doc__=(
            "A run's headline figures by metric key; None while it has no summary, or where its summary\n"
            "holds none (p95 of runs recorded before p95 was kept, error % of a run without requests)."
        ),
        **{key: (float | None, ...) for key in HISTORY_KEYS},
    )


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
    search_id: int | None = Field(
        default=None,
        description="The capacity search this run is a probe of (LaunchDetail.capacity); None: not a probe.",
    )
    probe_value: float | None = Field(
        default=None, description="For a probe, the rate (req/s) or connections it ran at."
    )
    point_index: int
    repetition: int
    params: dict[str, JsonScalar] = Field(description="The swept values of this run's point, by dotted path.")
    state: RunState
    outcome: RunOutcome = Field(
        description=(
            "The run's one verdict as a result (state, its rules and its completeness read together, "
            "backend/runs/run_outcome.py): what every page, the CLI and webhooks show for it."
        )
    )
    figures: RunFigures
    bound: BoundKind | None = Field(description="What bounded the run (its verdict's kind), once collected.")
    thresholds_passed: bool | None = Field(
        default=None,
        description="Did every threshold rule of the spec pass? None: it has none, or it was not judged.",
    )
    note_count: int = Field(default=0, description="Notes the team wrote on the run (GET /notes?run_ids=).")
    created_at: datetime
    state_changed_at: datetime | None
    started_at: datetime | None
    finished_at: datetime | None
    cancel_requested_at: datetime | None


class RunPage(BaseModel):
    items: list[RunSlim]
    total: int = Field(
        description="Runs matching the filters: exact when total_exact, else a lower bound (more exist)."
    )
    total_exact: bool = Field(
        default=True,
        description=(
            "False when more runs match than the list counts (10,000): then there are more than `total`,"
            " and pages are walked with next_cursor (or offset) rather than counted."
        ),
    )
    limit: int
    offset: int
    next_cursor: str | None = Field(
        default=None,
        description=(
            "Pass as `cursor` (same filters, sort and direction, no offset) for the page after this one,"
            " at the cost of the first page however deep; None on the last page."
        ),
    )


class RunQueue(BaseModel):
    """Where a queued run stands on its lab (runs there execute one at a time, in id order)."""

    position: int = Field(ge=1, description="Place among the lab's queued runs; 1 starts next.")
    runs_ahead: int = Field(
        ge=0, description="Runs the lab executes before this one: its active run and the queued runs ahead."
    )
    active_run_id: int | None = Field(description="The run holding the lab now; None when it is free.")
    expected_start_at: datetime = Field(
        description=(
            "Estimate: now + what the active run still needs + each queued run ahead's warm-up + duration, "
            "each run with the lab's orchestration overhead (overhead_s)."
        )
    )


class RunSchedule(BaseModel):
    """The schedule whose firing launched a run."""

    id: int
    name: str


class RunDetail(RunSlim):
    lab_name: str | None
    schedule: RunSchedule | None = Field(
        default=None, description="The schedule that launched it; None when a person or a script did."
    )
    experiment_version_id: int
    created_by_id: int | None
    spec: ExperimentSpec = Field(description="The run's resolved spec (its sweep point's values applied).")
    rendered_config: str | None
    command_lines: dict[str, list[list[str]]] = Field(
        description="By agent: the exact argv of every process it started for the run."
    )
    environment: RunEnvironment
    summary: RunSummary | None = Field(description="The run's results once collected; None before.")
    thresholds: ThresholdReport | None = Field(
        default=None,
        description=(
            "Each threshold rule's value, limit and outcome; None when the spec has none or the run "
            "was not judged (failed, cancelled, not collected yet)."
        ),
    )
    config_warnings: list[ConfigWarning] = Field(
        default_factory=list,
        description="Settings of this run's spec that do nothing or contradict each other (contract.lint).",
    )
    error: str | None = Field(description="Why the run failed, or why it is partial; None otherwise.")
    queue: RunQueue | None = Field(
        default=None, description="Its place in the lab's queue and expected start; None unless queued."
    )
    overhead_s: float | None = Field(
        default=None,
        description=(
            "Orchestration seconds per run on its lab beyond warm-up + duration (median of the lab's "
            "latest succeeded runs, or 3 s without history), for estimates of runs still to come "
            "(this run's start, its sweep's end); None once its lab is deleted."
        ),
    )

    @field_validator("spec", mode="wrap")
    @classmethod
    def _stored_spec(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        # A run's spec was valid when it was launched; a later, stricter model (the raw-line
        # allowlist ...) must not make its history unreadable: such a spec is shown as stored.
        if isinstance(value, ExperimentSpec):
            # Already validated (backend/runs/resolved_specs.py keeps it per run): pydantic would
            # take the instance as it is but run its whole-spec checks again on every read.
            return value
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


LaunchOutcome = Literal["running", "runs_failed", "thresholds_failed", "passed"]


class LaunchDetail(BaseModel):
    """One launch (a sweep's runs on a lab) and its verdict for people and CI gates."""

    id: int
    experiment_id: int
    experiment_name: str
    experiment_version: int
    lab_id: int | None
    created_at: datetime
    overrides: dict[str, JsonScalar] = Field(description="Values set for this launch only.")
    total_runs: int
    run_states: dict[RunState, int] = Field(description="How many of its runs are in each state.")
    outcome: LaunchOutcome = Field(
        description=(
            "running: a run has not ended; runs_failed: a run failed, was cancelled or ended partial "
            "(other than stopped by a rule); thresholds_failed: a run's or a sweep point's rule "
            "failed; passed: every run succeeded and every rule passed."
        )
    )
    runs_judged: int = Field(description="Runs with a threshold report (their spec has run rules).")
    runs_failing_thresholds: int = Field(description="Runs whose report failed.")
    point_thresholds: list[PointThresholdResult] = Field(
        description="Rules judged per sweep point, on each point they judge; empty until every run ended."
    )
    capacity: LaunchCapacity | None = Field(
        default=None, description="With a search in its spec: each sweep point's capacity and its probes."
    )
