"""haplab's shared contracts: experiment spec, HAProxy config model and renderer, load and
target profiles, sweep expansion, result types, run states and the agent wire protocol.

Depends on pydantic and the standard library only; backend, worker and agents import it.
"""

from spec.drivers import DRIVERS, DriverInfo, DriverName, driver_info
from spec.expansion import RunPoint, SweepPointError, count_runs, expand, point_params, point_spec
from spec.experiment import MAX_RUNS, ExperimentSpec
from spec.haproxy import HAProxyConfig, RenderContext, RenderError, check_raw_line, render
from spec.load import LoadProfile, SqlWorkload
from spec.results import (
    ErrorCounts,
    InjectorSummary,
    LatencyPercentiles,
    LoadTotals,
    ProxySummary,
    RunSummary,
    SamplePoint,
    is_gauge,
)
from spec.run_state import RunState, can_transition
from spec.sweep import JsonScalar, PathError, Sweep, SweepAxis, apply_path
from spec.target import Endpoint, ExternalTarget, ManagedDatabase, ManagedTarget, TargetProfile
from spec.version import PROTOCOL_VERSION, SPEC_VERSION

__all__ = [
    "DRIVERS",
    "MAX_RUNS",
    "PROTOCOL_VERSION",
    "SPEC_VERSION",
    "DriverInfo",
    "DriverName",
    "Endpoint",
    "ErrorCounts",
    "ExperimentSpec",
    "ExternalTarget",
    "HAProxyConfig",
    "InjectorSummary",
    "JsonScalar",
    "LatencyPercentiles",
    "LoadProfile",
    "LoadTotals",
    "ManagedDatabase",
    "ManagedTarget",
    "PathError",
    "ProxySummary",
    "RenderContext",
    "RenderError",
    "RunPoint",
    "RunState",
    "RunSummary",
    "SamplePoint",
    "SqlWorkload",
    "Sweep",
    "SweepAxis",
    "SweepPointError",
    "TargetProfile",
    "apply_path",
    "can_transition",
    "check_raw_line",
    "count_runs",
    "driver_info",
    "expand",
    "is_gauge",
    "point_params",
    "point_spec",
    "render",
]
