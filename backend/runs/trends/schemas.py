"""Response models of GET /runs/trends."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from backend.runs.schemas import RunFigureKey
from spec.sweep import JsonScalar


class TrendPoint(BaseModel):
    run_id: int
    created_at: datetime
    value: float


class ExperimentTrend(BaseModel):
    """One experiment's recent succeeded runs at one sweep point, oldest first."""

    experiment_id: int
    experiment_name: str
    params: dict[str, JsonScalar] = Field(
        description="The sweep point followed: the latest succeeded run's ({} without a sweep)."
    )
    points: list[TrendPoint]


class Trends(BaseModel):
    metric: RunFigureKey
    runs: int = Field(description="At most this many runs per experiment.")
    items: list[ExperimentTrend] = Field(description="Experiments with a recent run first.")
