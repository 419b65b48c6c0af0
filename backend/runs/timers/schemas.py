"""Response models of a run's request timers (GET /runs/{id}/timers)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from contract.request_timers import PhaseName, RequestTimers, StateGroup, TimerName


class TimerMeaning(BaseModel):
    """A timer as HAProxy names it and what it measures (contract.request_timers.TIMERS)."""

    key: TimerName
    haproxy_name: str = Field(description="HAProxy's own name: Th, Ti, TR, Tw, Tc, Tr, Td, Ta, Tt.")
    meaning: str


class PhaseMeaning(BaseModel):
    """A phase of the breakdown, in the order the breakdown stacks them (PHASE_LABEL)."""

    key: PhaseName
    label: str


class TerminationState(BaseModel):
    """A termination state the run's log holds, in words (contract.request_timers.describe_state)."""

    state: str = Field(description="HAProxy's two letters (%ts), e.g. sQ, CD, --.")
    group: StateGroup = Field(description="Who ended it: normal, client, server or proxy.")
    words: str
    count: int = Field(description="Requests logged with it over the seconds served (the scope's).")


class TimerPercentiles(BaseModel):
    """One timer's percentiles per point, ms; null where no request of the point had it set."""

    p50: list[float | None]
    p90: list[float | None]
    p99: list[float | None]


class RunTimers(BaseModel):
    """HAProxy's per-request timers of a run: per point (a second, or `step` seconds merged) the
    percentiles of each timer and the termination states' counts, for one scope; and the run's
    summary of them. Item i of every per-point array is the point at t[i]."""

    run_id: int
    collected: bool = Field(description="False: the run has no request log (not collected, or an older run).")
    mode: Literal["http", "tcp"] | None = Field(description="HTTP logs requests, TCP sessions.")
    one_in: int = Field(description="HAProxy logged one request in this many (the largest of the run).")
    step: int = Field(description="Seconds per point: 1 for the stored seconds.")
    scope: str = Field(description='"*" the whole proxy, a backend, or backend/server.')
    scopes: list[str] = Field(description="The scopes the run's log holds, the whole first.")
    t: list[int] = Field(description="The second (step 1) or the first second of each bucket.")
    lines: list[int] = Field(description="Log lines read per point (all scopes).")
    point_one_in: list[int] = Field(description="Per point, HAProxy logged one request in this many.")
    timers: dict[TimerName, TimerPercentiles] = Field(description="The timers the scope's log holds.")
    states: list[TerminationState] = Field(description="The scope's states, most frequent first.")
    state_counts: dict[str, list[int]] = Field(description="Per state, its requests per point.")
    timer_meanings: list[TimerMeaning]
    phases: list[PhaseMeaning]
    summary: RequestTimers | None = Field(description="The run's summary of its timers (RunSummary.timers).")
