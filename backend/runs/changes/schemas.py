"""Response and request models of /changes."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from contract.sweep import JsonScalar


class ChangeDifference(BaseModel):
    what: str = Field(
        description='What differs: "spec version", "spec load.connections", "config line added", ...'
    )
    before: Any = Field(description="Its value in the last run before the change (None: absent).")
    after: Any = Field(description="Its value in the first run after it.")


class ChangeOut(BaseModel):
    """A change of level of one figure of one sweep point."""

    model_config = ConfigDict(from_attributes=True)

    id: int
    experiment_id: int
    experiment_name: str
    params: dict[str, JsonScalar] = Field(description="The sweep point's values.")
    metric: str = Field(description="A run metric key (GET /metrics).")
    metric_label: str
    metric_unit: str
    run_id: int = Field(description="The first run of the new level.")
    before_run_id: int = Field(description="The last run before it.")
    before_mean: float = Field(description="The figure's mean over the runs of the level before.")
    after_mean: float = Field(description="Its mean over the runs of the new level (so far).")
    before_n: int
    after_n: int
    change_pct: float = Field(description="100 x (after - before) / before.")
    worse: bool | None = Field(
        description="Changed the wrong way by the metric's `better`; None: no way is better."
    )
    p_value: float = Field(
        description="Student's t-test of the two levels, corrected for the search (Bonferroni)."
    )
    differences: list[ChangeDifference] = Field(description="What differs between the runs either side.")
    status: Literal["open", "accepted"]
    status_by_email: str | None = None
    status_at: datetime | None
    created_at: datetime


class ChangePage(BaseModel):
    items: list[ChangeOut]
    total: int


class ChangeStatusUpdate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    status: Literal["open", "accepted"] = Field(
        description="accepted: expected (a known upgrade, a deliberate change)."
    )
