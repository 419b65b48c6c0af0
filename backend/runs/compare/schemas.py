"""Response models of the compare views (points, series, spectrum, setups). Pydantic only.

The plain table (one row per run, CompareTable) and the shapes the compare page charts: a sweep's
points with the spread of their repetitions, the per-second series of several runs on one time
axis, and each run's latency percentile spectrum.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, StringConstraints

from backend.runs.run_outcome import RunOutcome
from contract.lint import ConfigWarning
from contract.request_timers import SCOPE_ALL, TimerName
from contract.run_state import RunState
from contract.sweep import JsonScalar
from contract.thresholds import ThresholdReport

MAX_COMPARE_RUNS = 200
MAX_SERIES = 12


# The compare reads are GETs (safe, cacheable, linkable; the browser sends them without waiting
# for the session's CSRF token): the runs are one `run_ids` parameter per run, in the order asked.
RunIds = Annotated[
    list[int],
    Field(
        min_length=1,
        max_length=MAX_COMPARE_RUNS,
        description=f"The runs, one parameter each (run_ids=3&run_ids=7), at most {MAX_COMPARE_RUNS}.",
    ),
]


class CompareQuery(BaseModel):
    model_config = ConfigDict(extra="forbid")

    run_ids: RunIds


class BaselineCompareQuery(CompareQuery):
    baseline_run_id: int | None = Field(
        default=None, description="One of run_ids: every row gets change_pct of its metrics vs this run."
    )


class CompareRow(BaseModel):
    run_id: int
    experiment_id: int
    experiment_name: str
    experiment_version: int
    lab_id: int | None
    point_index: int
    repetition: int
    state: RunState
    outcome: RunOutcome = Field(
        description="The run's one verdict as a result (backend/runs/run_outcome.py)."
    )
    capacity_note: str | None = Field(
        default=None,
        description=(
            "Why this run says nothing of HAProxy's capacity: its bound is the CPU of a machine HAProxy "
            "shared with the load tool (the local lab). No comparison should crown it; None: nothing known."
        ),
    )
    finished_at: datetime | None
    params: dict[str, JsonScalar]
    metrics: dict[str, int | float | None]
    # With a baseline: 100 * (value - baseline) / baseline per metric; None where undefined.
    change_pct: dict[str, float | None] | None = None
    config_warnings: list[ConfigWarning] = Field(default_factory=list, description="contract.lint at launch.")
    thresholds: ThresholdReport | None = Field(
        default=None,
        description="Its threshold rules' outcomes; None when its spec has none or it was not judged.",
    )


class CompareTable(BaseModel):
    """Runs side by side: `param_columns` and `metric_columns` fix the column order."""

    param_columns: list[str]
    metric_columns: list[str]
    rows: list[CompareRow]
    no_op_params: list[ConfigWarning] = Field(
        default_factory=list,
        description="Parameters that differ between these runs but do nothing (a run's config lint says so).",
    )


class Spread(BaseModel):
    """One metric over the repetitions of a point: n values, their mean, extremes, stddev, and
    the 95% confidence interval of the mean (backend/runs/statistics.py)."""

    n: int
    mean: float
    min: float
    max: float
    # Sample standard deviation (n - 1); 0 for a single repetition.
    stddev: float
    ci_low: float | None = Field(
        default=None, description="95% confidence interval of the mean (t); None if n < 2."
    )
    ci_high: float | None = Field(default=None, description="Upper end of that interval.")
    noisy: bool = Field(
        default=False, description="The interval is wider than +-10% of the mean: too wide to conclude from."
    )


class PointDifference(BaseModel):
    """A point's metric against the baseline point's, over their repetitions (Welch's t-test)."""

    diff: float = Field(description="This point's mean minus the baseline's.")
    diff_pct: float | None = Field(description="diff as % of the baseline's mean; None when that is 0.")
    ci_low: float | None = Field(
        description="95% confidence interval of diff; None with fewer than 2 runs a side."
    )
    ci_high: float | None
    p_value: float | None = Field(description="Welch's two-sided t-test; None with fewer than 2 runs a side.")
    significant: bool = Field(description="p < 0.05: unlikely to be the machine's noise.")


class ComparePoint(BaseModel):
    """One sweep point of one experiment: its params and its repetitions aggregated."""

    experiment_id: int
    experiment_name: str
    point_index: int
    params: dict[str, JsonScalar]
    run_ids: list[int]
    # Only runs that succeeded count; a metric none of them has is absent.
    metrics: dict[str, Spread]
    partial_run_ids: list[int] = Field(
        default_factory=list,
        description="The point's partial runs (load short of its window): not in its metrics.",
    )
    vs_baseline: dict[str, PointDifference] | None = Field(
        default=None, description="With baseline_run_id: each metric against the point holding that run."
    )


class ComparePoints(BaseModel):
    param_columns: list[str]
    metric_columns: list[str]
    points: list[ComparePoint]


class SeriesKey(BaseModel):
    source: str = Field(min_length=1, max_length=200, description="proxy or host:<agent>")
    metric: str = Field(
        min_length=1, max_length=200, description="A key of the sample data, e.g. FRONTEND.req_tot"
    )


# "source|metric": the source never holds a "|" (proxy, host:<agent>); the metric may.
SeriesText = Annotated[str, StringConstraints(max_length=401, pattern=r"^[^|]{1,200}\|.{1,200}$")]


class SeriesQuery(CompareQuery):
    series: list[SeriesText] = Field(
        min_length=1,
        max_length=MAX_SERIES,
        description="One parameter per series, `source|metric`, e.g. series=proxy|FRONTEND.req_tot.",
    )

    @property
    def keys(self) -> list[SeriesKey]:
        return [SeriesKey(source=s, metric=m) for s, m in (item.split("|", 1) for item in self.series)]


class RunSeries(BaseModel):
    run_id: int
    # Seconds since the run's load started (the same origin for every run), ascending.
    t: list[int]
    # values[i][j]: series j at t[i]; None where that second has no such metric.
    values: list[list[float | None]]


class CompareSeries(BaseModel):
    series: list[SeriesKey]
    runs: list[RunSeries]


SPECTRUM_PERCENTILES = (50.0, 75.0, 90.0, 95.0, 99.0, 99.5, 99.9, 99.95, 99.99)


class RunSpectrum(BaseModel):
    run_id: int
    # "histogram": read from the merged HdrHistogram (every percentile exact to 0.1 %);
    # "percentiles": the tool gave no histogram (hey), only the summary's p50/p90/p99/p99.9;
    # "none": the run has no latency (not finished, nothing succeeded).
    source: Literal["histogram", "percentiles", "none"]
    # (percentile, latency in ms), percentile ascending.
    points: list[tuple[float, float]]


class CompareSpectra(BaseModel):
    percentiles: list[float]
    runs: list[RunSpectrum]


class AskedLoad(BaseModel):
    """What a run asked of its load tool (its spec's load profile), to draw next to what it got."""

    connections: int = Field(description="Concurrent client connections.")
    rate: float | None = Field(description="Requests/s held (open loop); None = as fast as replies come.")
    warmup_s: int = Field(description="Seconds of load before t = 0.")
    duration_s: int = Field(description="Measured seconds from t = 0.")


class RunSetup(BaseModel):
    run_id: int
    lab_name: str | None
    load: AskedLoad
    config_index: int | None = Field(
        description="Index in `configs` of the run's rendered HAProxy config; None before it was rendered."
    )


class SpecDifference(BaseModel):
    """A setting whose value is not the same in every compared run."""

    path: str = Field(description="Dotted path into the spec, as sweep paths: load.connections.")
    values: list[JsonValue] = Field(
        description="Each run's value, in the order of `runs`; None where a run's spec has no such setting."
    )
    swept: bool = Field(description="A swept parameter of these runs: it differs by design.")


class CompareSetups(BaseModel):
    """What the compared runs were asked to do, compactly: only the settings that differ, the load
    profiles, and each distinct rendered config once (a 50-run sweep has a handful)."""

    runs: list[RunSetup]
    differences: list[SpecDifference]
    configs: list[str] = Field(
        description=(
            "Each distinct rendered config once, what the lab assigns per run masked "
            "(`<address>` for a managed target's or a bind's address and port, `{runtime_dir}` for "
            "the agent's directory): two runs that differ only there share one config. Each run's "
            "page keeps its exact text."
        )
    )


class TimerOverlayQuery(CompareQuery):
    timer: TimerName = Field(
        default="tw", description="One of HAProxy's request timers (contract.request_timers.TIMERS)."
    )
    percentile: Literal["p50", "p90", "p99"] = Field(
        default="p99", description="The timer's percentile per point."
    )
    scope: str = Field(
        default=SCOPE_ALL,
        min_length=1,
        max_length=300,
        description='"*" the whole proxy, a backend, or backend/server.',
    )
    step: int = Field(default=1, ge=1, le=3600, description="Seconds per point: 1, or more to merge them.")


class RunTimerSeries(RunSeries):
    collected: bool = Field(description="False: the run has no request log (or none for this scope).")
    one_in: int = Field(description="HAProxy logged one request in this many (the run's largest).")


class CompareTimers(BaseModel):
    """One of HAProxy's request timers at one percentile per point of every run (values[i][0],
    ms), on the runs' common time axis: each point's seconds' histograms merged."""

    timer: TimerName
    haproxy_name: str
    meaning: str
    timers: dict[TimerName, str] = Field(
        description="Every timer that can be overlaid: key -> HAProxy's name."
    )
    percentile: Literal["p50", "p90", "p99"]
    scope: str
    step: int
    runs: list[RunTimerSeries]
