"""What the API says about a launch's capacity searches (contract/search.py plans them).

A launch of a spec with a `search` runs one search per sweep point and repetition; each search
is a chain of probe runs. `LaunchDetail.capacity` carries this, so the experiment page, Compare,
History and `haplab run` read one shape.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from contract.run_state import RunState
from contract.search import CapacitySearch, SearchAnswer, SearchOutcome
from contract.sweep import JsonScalar


class ProbeRun(BaseModel):
    """One probe: a run of the launch at one value (or one stage of a staircase run)."""

    run_id: int
    value: float = Field(description="The rate (req/s) or connections the probe ran at.")
    stage_index: int | None = Field(
        default=None,
        description="For a staircase run, the stage this observation is of; None: the whole run.",
    )
    state: RunState = Field(description="The probe run's state.")
    passed: bool | None = Field(
        description="It met every objective rule and every guard; None until the probe run has ended."
    )
    inconclusive: str | None = Field(default=None, description="The guard it failed, in words; None: none.")
    failed_rule: str | None = Field(
        default=None, description="The first objective rule it failed, as people read it."
    )
    rps: float | None = Field(
        default=None, description="Requests/s it delivered (successes over its window)."
    )
    latency_p99_ms: float | None = Field(default=None, description="Its p99 latency.")
    error_pct: float | None = Field(default=None, description="Its errors, percent of requests.")


class SearchRun(BaseModel):
    """One search: one sweep point, one repetition, its probes in the order they ran."""

    id: int
    point_index: int
    repetition: int
    answer: SearchAnswer | None = Field(description="How it ended; None while it is probing.")
    probes: list[ProbeRun]


class PointCapacity(BaseModel):
    """A sweep point's capacity over its searches (one per repetition)."""

    point_index: int
    params: dict[str, JsonScalar] = Field(description="The point's swept values.")
    outcome: SearchOutcome | None = Field(
        description=(
            "capacity when every search found one; otherwise the first other outcome of its "
            "searches (inconclusive, failed, above_max, below_floor); None while one is probing."
        )
    )
    capacity: float | None = Field(
        description="The mean capacity over the searches (only when every one found a capacity)."
    )
    ci_low: float | None = Field(description="Low bound of its 95% interval (Student's t; 2+ searches).")
    ci_high: float | None = Field(description="High bound of its 95% interval.")
    safe: float | None = Field(description="The safe operating point: capacity x the search's safe_fraction.")
    sentence: str = Field(description="The point's answer as people read it.")
    searches: list[SearchRun]


class LaunchCapacity(BaseModel):
    """Every sweep point's capacity answer of a launch whose spec has a search."""

    search: CapacitySearch = Field(description="The search as launched.")
    unit: str = Field(description="req/s or connections.")
    done: bool = Field(description="Every search has its answer.")
    points: list[PointCapacity]
