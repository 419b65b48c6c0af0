"""Request and response models of the baselines endpoints."""

from __future__ import annotations

from datetime import datetime
from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from contract.metrics import Better
from contract.sweep import JsonScalar

PinnedFrom = Literal["run", "point", "launch"]


class BaselinePin(BaseModel):
    """What to pin: one run; or a launch's runs at one sweep point (`launch_id` + `point_index`);
    or a whole launch (`launch_id`: a baseline for each of its points)."""

    model_config = ConfigDict(extra="forbid")

    run_id: int | None = Field(default=None, ge=1, le=2**63 - 1)
    launch_id: int | None = Field(default=None, ge=1, le=2**63 - 1)
    point_index: int | None = Field(default=None, ge=0, le=1_000_000)

    @model_validator(mode="after")
    def _one_thing(self) -> Self:
        if (self.run_id is None) == (self.launch_id is None):
            raise ValueError("name either run_id, or launch_id (with point_index for one sweep point)")
        if self.run_id is not None and self.point_index is not None:
            raise ValueError("point_index goes with launch_id, not run_id")
        return self

    @property
    def pinned_from(self) -> PinnedFrom:
        if self.run_id is not None:
            return "run"
        return "launch" if self.point_index is None else "point"


class BaselineOut(BaseModel):
    """One sweep point's baseline."""

    model_config = ConfigDict(from_attributes=True)

    id: int
    experiment_id: int
    params: dict[str, JsonScalar] = Field(description="The sweep point's values ({} without a sweep).")
    run_ids: list[int] = Field(description="Its runs: succeeded ones, at pin time.")
    pinned_from: PinnedFrom
    launch_id: int | None
    created_by_id: int | None
    created_by_email: str | None = None
    created_at: datetime


class MetricAgainstBaseline(BaseModel):
    key: str = Field(description="A run metric key (GET /metrics).")
    label: str
    unit: str
    better: Better | None
    baseline_mean: float
    baseline_n: int
    baseline_ci_low: float | None = Field(description="95% interval of the baseline's mean; None if n < 2.")
    baseline_ci_high: float | None
    value: float = Field(description="The compared runs' mean (one run: its value).")
    n: int = Field(description="How many runs were compared: the run and its repetitions of the point.")
    diff_pct: float | None = Field(description="100 x (value - baseline mean) / baseline mean.")
    p_value: float | None = Field(
        description=(
            "Welch's t-test with 2+ runs on each side; one run: the test of a new observation "
            "against the baseline's spread; None from a single baseline run."
        )
    )
    significant: bool = Field(description="p < 0.05: unlikely to be noise.")
    worse: bool | None = Field(
        description="Changed the wrong way (by the metric's `better`); None: no way is better."
    )


class RunAgainstBaseline(BaseModel):
    """A run (with its launch's repetitions of the same point) against its point's baseline."""

    baseline: BaselineOut | None = Field(description="None: no baseline is pinned for this run's point.")
    compared_run_ids: list[int] = Field(
        description="The succeeded runs compared: this run and its repetitions."
    )
    in_baseline: bool = Field(description="The run is one of the baseline's own runs.")
    headline: str = Field(
        description="One sentence: how much slower or faster, and whether it is significant."
    )
    lead_metric: str | None = Field(
        default=None,
        description="The figure the headline speaks of: rps in closed loop, latency p99 in open loop.",
    )
    metrics: list[MetricAgainstBaseline]
