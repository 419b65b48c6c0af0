"""What a phase is: a state the run is in, a condition polled until met, a timeout and its error.

The orchestrator owns the loop (cancellation, lease, deadline); a phase only says how to start
and when it is done, so adding warming/running/collecting means adding phases, not loops.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

from spec.run_state import RunState


@dataclass(frozen=True)
class RunContext:
    """What every phase may need to know about the run it works on."""

    run_id: int
    lab_id: int
    lab_name: str


class PhaseError(Exception):
    """Raised by a phase to end the run `failed` with this message."""


class Phase(ABC):
    # The run's state while this phase works.
    state: RunState
    # How often `poll` is called; cancellation is checked more often than this.
    poll_interval_seconds: float = 1.0

    @abstractmethod
    def timeout_seconds(self) -> float:
        """How long the phase may take before the run fails with `timeout_error`."""

    def start(self, ctx: RunContext) -> None:  # noqa: B027 - optional hook, most phases only poll
        """Called once when the phase begins."""

    @abstractmethod
    def poll(self, ctx: RunContext) -> bool:
        """True when the phase is done; raise PhaseError to end the run at once."""

    @abstractmethod
    def timeout_error(self, ctx: RunContext) -> str:
        """The run's error when the phase did not finish in time: say what was missing."""
