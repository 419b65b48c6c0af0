"""Run states and the transitions allowed between them.

queued -> preparing -> warming -> running -> collecting -> succeeded | partial
any non-terminal state -> failed | cancelled

`partial`: the run ended without a fault the worker saw, but its load did not cover the window
it was asked for (the tool stopped early, a lease expired, samples are missing). Its numbers are
kept, with the reason, and are never read as a complete measurement (spec.results.Completeness).
"""

from __future__ import annotations

from enum import StrEnum


class RunState(StrEnum):
    queued = "queued"
    preparing = "preparing"
    warming = "warming"
    running = "running"
    collecting = "collecting"
    succeeded = "succeeded"
    partial = "partial"
    failed = "failed"
    cancelled = "cancelled"

    @property
    def is_terminal(self) -> bool:
        return self in TERMINAL_STATES

    @property
    def is_active(self) -> bool:
        """Holding the lab: between being picked up and reaching a terminal state."""
        return self in ACTIVE_STATES


TERMINAL_STATES = frozenset({RunState.succeeded, RunState.partial, RunState.failed, RunState.cancelled})
ACTIVE_STATES = frozenset({RunState.preparing, RunState.warming, RunState.running, RunState.collecting})

_FORWARD: dict[RunState, RunState] = {
    RunState.queued: RunState.preparing,
    RunState.preparing: RunState.warming,
    RunState.warming: RunState.running,
    RunState.running: RunState.collecting,
    RunState.collecting: RunState.succeeded,
}

# Collecting ends either way: complete (succeeded) or short of what was asked (partial).
_ALSO: dict[RunState, frozenset[RunState]] = {RunState.collecting: frozenset({RunState.partial})}

ALLOWED_TRANSITIONS: dict[RunState, frozenset[RunState]] = {
    state: frozenset({_FORWARD[state], RunState.failed, RunState.cancelled, *_ALSO.get(state, ())})
    if state in _FORWARD
    else frozenset()
    for state in RunState
}


def can_transition(current: RunState, new: RunState) -> bool:
    return new in ALLOWED_TRANSITIONS[current]


def sources_of(new: RunState) -> frozenset[RunState]:
    """The states a run may be in for a move to `new` to be legal (for guarded UPDATEs)."""
    return frozenset(s for s, targets in ALLOWED_TRANSITIONS.items() if new in targets)
