"""Response models of GET /runs/trends."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field, computed_field

from backend.runs.schemas import RunFigureKey
from contract.sweep import JsonScalar


class TrendPoint(BaseModel):
    run_id: int
    created_at: datetime
    value: float


# Fewer runs than this are readings, not a trend: one run has no direction, and two runs are one
# difference that run-to-run noise explains as well as a change.
MIN_TREND_RUNS = 3


class ExperimentTrend(BaseModel):
    """One experiment's recent succeeded runs at one sweep point, oldest first."""

    experiment_id: int
    experiment_name: str
    params: dict[str, JsonScalar] = Field(
        description="The sweep point followed: the latest succeeded run's ({} without a sweep)."
    )
    points: list[TrendPoint]

    @computed_field(  # type: ignore[prop-decorator]
        description=f"At least {MIN_TREND_RUNS} runs: enough to read a direction. With fewer, the "
        "points are readings to show as they are, never called steady, up or down."
    )
    @property
    def enough_for_trend(self) -> bool:
        return len(self.points) >= MIN_TREND_RUNS


class Trends(BaseModel):
    metric: RunFigureKey
    runs: int = Field(description="At most this many runs per experiment.")
    min_runs: int = Field(default=MIN_TREND_RUNS, description="Runs a trend needs (enough_for_trend).")
    items: list[ExperimentTrend] = Field(description="Experiments with a recent run first.")
