"""Response models of GET /experiments/{id}/analysis: a launch's sweep read as a whole."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from contract.sweep import JsonScalar
from contract.verdict import BoundKind

KneeReason = Literal[
    "throughput_flat", "errors_start", "still_rising", "too_few_points", "several_axes", "injector_bound"
]


class AnalysisPoint(BaseModel):
    """One sweep point: its repetitions' results averaged, and Little's law applied to them."""

    point_index: int
    params: dict[str, JsonScalar] = Field(description="The swept values of this point, by dotted path.")
    run_ids: list[int] = Field(
        description="The runs read: succeeded ones (and partial ones with include_partial) with a summary."
    )
    rps: float | None = Field(description="Successful requests per second, mean over repetitions.")
    rps_runs: list[float] = Field(default_factory=list, description="Each repetition's rps, in run order.")
    rps_stddev: float | None = Field(default=None, description="Sample standard deviation of rps_runs.")
    rps_ci_low: float | None = Field(
        default=None, description="95% confidence interval of the mean rps (Student's t); None with one run."
    )
    rps_ci_high: float | None = Field(default=None, description="Upper end of that interval.")
    noisy: bool = Field(
        default=False, description="The rps interval is wider than +-10% of its mean: too wide to conclude."
    )
    error_pct: float | None = Field(description="Failed requests, % of all requests, mean over repetitions.")
    latency_mean_ms: float | None = Field(description="Client latency of successes, mean.")
    latency_p50_ms: float | None = Field(description="Client latency of successes, median.")
    proxy_ttime_ms: float | None = Field(description="HAProxy's mean total session time (ttime).")
    connections: int | None = Field(description="Client connections (load.connections).")
    offered_rps: float | None = Field(
        description="Requested rate of an open loop (load.rate); None: closed loop."
    )
    maxconn: int | None = Field(description="The entry point's client connection limit.")
    in_flight: float | None = Field(
        description=(
            "Little's law on what was measured: HAProxy's requests per second of the measured window x its "
            "ttime (the runs' mean; without HAProxy's count the clients' rps, without ttime their latency)."
        )
    )
    concurrency_needed: float | None = Field(
        description="Requests the load wants in flight: the clients (closed loop), or rate x p50 latency."
    )
    recommended_maxconn: int | None = Field(description="A maxconn that holds concurrency_needed.")
    maxconn_sufficient: bool | None = Field(description="maxconn >= concurrency_needed.")
    bound: BoundKind | None = Field(description="The most frequent verdict of the point's runs.")
    verdict: str | None = Field(description="That verdict's sentence (from one of the runs).")
    injector_bound_run_ids: list[int] = Field(
        default_factory=list,
        description=(
            "The point's runs whose injectors, not HAProxy, were the limit (verdict injector-bound): the "
            "point's throughput is theirs, so no knee is read at or past it."
        ),
    )


class Knee(BaseModel):
    """Where more load (or capacity) stops buying throughput."""

    reason: KneeReason
    point_index: int | None = Field(description="The last point before the knee; None when there is none.")
    params: dict[str, JsonScalar] | None
    rps: float | None
    sentence: str


class LittlesLaw(BaseModel):
    """The sweep's answer to "what maxconn does this load need?"."""

    recommended_maxconn: int | None = Field(description="The largest recommendation over the points.")
    headroom: float = Field(description="Factor applied to an open loop's rate x latency.")
    sentence: str


class SweepAnalysis(BaseModel):
    experiment_id: int
    launch_id: int
    axis: str | None = Field(description="The swept path the knee is read along (the first axis).")
    min_gain_pct: float = Field(description="Less throughput gain than this between points is a knee.")
    points: list[AnalysisPoint]
    knee: Knee
    littles_law: LittlesLaw
    included_partial: bool = Field(
        description="Partial runs (load short of its window) were read like complete ones (include_partial)."
    )
    partial_run_ids: list[int] = Field(
        description="The launch's partial runs: left out of every figure unless included_partial."
    )
    note: str | None = Field(description="What was left out and why, in a sentence; None when nothing was.")
