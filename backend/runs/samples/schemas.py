"""Response models of a run's samples."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field


class SampleOut(BaseModel):
    t: int
    ts: datetime
    data: dict[str, float | int] = Field(
        description="Counter deltas and gauge levels (contract.results.is_gauge)."
    )


class RunSamples(BaseModel):
    """Every stored second, one object each: the full record (CSV export, scripts). Charts read
    RunSampleColumns instead, which is several times smaller and can be downsampled."""

    run_id: int
    # Always None: kept so existing readers of this form do not break (charts downsample through
    # /samples/columns).
    step: int | None
    sources: dict[str, list[SampleOut]]


class SourceColumns(BaseModel):
    """One source's samples as parallel arrays: item i of every array is the point at t[i]."""

    t: list[int] = Field(description="The second (step 1) or the first second of each bucket.")
    values: dict[str, list[float | None]] = Field(
        description="Per metric: the stored value (step 1); a bucket's per-second rate (counters)"
        " or mean level (gauges, contract.results.is_gauge). null where the source lacked the key."
    )
    min: dict[str, list[float | None]] | None = Field(
        description="Per metric: the smallest per-second value of each bucket; null at step 1."
    )
    max: dict[str, list[float | None]] | None = Field(
        description="Per metric: the largest per-second value of each bucket; null at step 1."
    )


class RunSampleColumns(BaseModel):
    run_id: int
    step: int = Field(description="Seconds per point: 1 for the stored seconds.")
    sources: dict[str, SourceColumns]
