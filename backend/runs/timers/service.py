"""A run's request timers for the run page: its log's seconds (backend/runs/timer_seconds.py) as
per-point percentiles and state counts, with the words and the summary the page shows them with."""

from __future__ import annotations

from pydantic import ValidationError
from sqlalchemy.orm import Session

from backend.errors import invalid
from backend.models import Run
from backend.runs.timer_seconds import SERIES_PERCENTILES, TimerBucket, read_timer_buckets, timer_scopes
from backend.runs.timers.schemas import (
    PhaseMeaning,
    RunTimers,
    TerminationState,
    TimerMeaning,
    TimerPercentiles,
)
from contract.request_timers import (
    PHASE_LABEL,
    PHASES,
    SCOPE_ALL,
    TIMER_KEYS,
    TIMERS,
    RequestTimers,
    describe_state,
    state_group,
)
from contract.results import stored_summary

TIMER_MEANINGS = [TimerMeaning(key=key, haproxy_name=name, meaning=meaning) for key, name, meaning in TIMERS]
PHASE_MEANINGS = [PhaseMeaning(key=key, label=PHASE_LABEL[key]) for key in PHASES]


def summary_timers(run: Run) -> RequestTimers | None:
    """The run's RunSummary.timers; None without a summary, or one that predates the timers."""
    if run.summary is None:
        return None
    try:
        return stored_summary(run.summary).timers
    except ValidationError:
        return None


def _series(buckets: list[TimerBucket]) -> dict[str, TimerPercentiles]:
    present = [key for key in TIMER_KEYS if any(key in bucket.histograms for bucket in buckets)]
    return {
        key: TimerPercentiles(
            **{f"p{p}": [bucket.percentile_ms(key, p) for bucket in buckets] for p in SERIES_PERCENTILES}
        )
        for key in present
    }


def run_timers(db: Session, run: Run, *, scope: str, step: int) -> RunTimers:
    summary = summary_timers(run)
    scopes = timer_scopes(db, run.id)
    if scope != SCOPE_ALL and scope not in scopes:
        listed = ", ".join(scopes) if scopes else SCOPE_ALL
        raise invalid("scope", f"the run's request log has no scope {scope!r} (it has: {listed})")
    buckets = read_timer_buckets(db, [run.id], scope, step).get(run.id, [])
    series = _series(buckets)
    totals: dict[str, int] = {}
    for bucket in buckets:
        for state, count in bucket.states.items():
            totals[state] = totals.get(state, 0) + count
    # States only the summary names (its window's) are described too, with no seconds of their own.
    for state in summary.states if summary is not None and scope == SCOPE_ALL else ():
        totals.setdefault(state, 0)
    ordered = sorted(totals, key=lambda state: (-totals[state], state))
    mode = summary.mode if summary is not None else None
    if mode is None and series:
        mode = "http" if "treq" in series or "tr" in series else "tcp"
    one_in = max([bucket.one_in for bucket in buckets] + ([summary.one_in] if summary else []) + [1])
    return RunTimers(
        run_id=run.id,
        collected=bool(buckets) or summary is not None,
        mode=mode,
        one_in=one_in,
        step=step,
        scope=scope,
        scopes=scopes or [SCOPE_ALL],
        t=[bucket.t for bucket in buckets],
        lines=[bucket.lines for bucket in buckets],
        point_one_in=[bucket.one_in for bucket in buckets],
        timers=series,
        states=[
            TerminationState(
                state=state, group=state_group(state), words=describe_state(state), count=totals[state]
            )
            for state in ordered
        ],
        state_counts={state: [bucket.states.get(state, 0) for bucket in buckets] for state in ordered},
        timer_meanings=TIMER_MEANINGS,
        phases=PHASE_MEANINGS,
        summary=summary,
    )
