"""Run states and the transitions allowed between them.

queued -> preparing -> warming -> running -> collecting -> succeeded | partial
any non-terminal state -> failed | cancelled

`partial`: the run ended without a fault the worker saw, but its load did not cover the window
it was asked for (the tool stopped early, a lease expired, samples are missing). Its numbers are
kept, with the reason, and are never read as a complete measurement (contract.results.Completeness).
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


# The groups of states, said here once: the backend, the worker, the CLI and (through the OpenAPI
# document, backend/api/constants.py) the browser read them from here, and
# tests/infra/test_state_groups.py fails on a group written again by hand anywhere else.
# What each means is STATE_GROUPS' text below, the one the OpenAPI document carries.
TERMINAL_STATES = frozenset({RunState.succeeded, RunState.partial, RunState.failed, RunState.cancelled})
ACTIVE_STATES = frozenset({RunState.preparing, RunState.warming, RunState.running, RunState.collecting})
IN_PROGRESS_STATES = frozenset(RunState) - TERMINAL_STATES
BEFORE_LOAD_STATES = frozenset({RunState.queued, RunState.preparing})
LOAD_STATES = frozenset({RunState.warming, RunState.running})
STOPPED_STATES = frozenset({RunState.failed, RunState.cancelled})
MEASURED_STATES = frozenset({RunState.succeeded, RunState.partial})

# Each group by the name the OpenAPI document gives it (an enum of its states in RunState's order),
# with what it means.
STATE_GROUPS: dict[str, tuple[frozenset[RunState], str]] = {
    "TerminalRunState": (TERMINAL_STATES, "Ended: nothing will change the run's state again."),
    "ActiveRunState": (
        ACTIVE_STATES,
        "Holding the lab: picked up by the worker and not ended; the phases a run goes through, in order.",
    ),
    "InProgressRunState": (IN_PROGRESS_STATES, "Not ended yet: waiting for its lab or holding it."),
    "BeforeLoadRunState": (BEFORE_LOAD_STATES, "Before the load: waiting for its lab or preparing it."),
    "LoadRunState": (LOAD_STATES, "The load tool is running: warming up or measuring."),
    "StoppedRunState": (
        STOPPED_STATES,
        "Ended by a fault or a cancel, before collect could end it: what was measured is kept as it is.",
    ),
    "MeasuredRunState": (
        MEASURED_STATES,
        "Ended by collect with figures: all of its window (succeeded) or less (partial, never read as "
        "complete).",
    ),
}


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
    state: frozenset({_FORWARD[state], *STOPPED_STATES, *_ALSO.get(state, ())})
    if state in _FORWARD
    else frozenset()
    for state in RunState
}


def progress_rank(state: RunState) -> int:
    """How far along its way a run in `state` is: queued 0, then each phase, every terminal state last."""
    chain = [RunState.queued]
    while chain[-1] in _FORWARD:
        chain.append(_FORWARD[chain[-1]])
    return len(chain) - 1 if state.is_terminal else chain.index(state)


def can_transition(current: RunState, new: RunState) -> bool:
    return new in ALLOWED_TRANSITIONS[current]


def sources_of(new: RunState) -> frozenset[RunState]:
    """The states a run may be in for a move to `new` to be legal (for guarded UPDATEs)."""
    return frozenset(s for s, targets in ALLOWED_TRANSITIONS.items() if new in targets)
