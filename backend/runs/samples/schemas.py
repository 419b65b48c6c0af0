"""Response models of a run's samples."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field


class SampleOut(BaseModel):
    t: int
    ts: datetime
    data: dict[str, float | int] = Field(
        description="Counter deltas and gauge levels (spec.results.is_gauge)."
    )


class RunSamples(BaseModel):
    run_id: int
    # Seconds per point when downsampled; None for the raw 1 Hz samples.
    step: int | None
    sources: dict[str, list[SampleOut]]
