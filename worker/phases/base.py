"""What a phase is: a state the run is in, a condition polled until met, a timeout and its error.

The orchestrator owns the loop (cancellation, lease, deadline); a phase only says how to start
and when it is done, so adding warming/running/collecting means adding phases, not loops.
Between checks the orchestrator sleeps on the run's wake event (RunContext.wake): a phase whose
work ends sets it, as do a cancel, an end of the run elsewhere and a lost lab lease, so none of
them waits for the next poll.
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

import redis.exceptions
import sqlalchemy.exc
from sqlalchemy import Executable

from backend.db import get_engine
from contract.run_state import RunState


@dataclass(frozen=True)
class RunContext:
    """What every phase may need to know about the run it works on."""

    run_id: int
    lab_id: int
    lab_name: str
    # Set to wake the orchestrator before its next check is due (see the module's docstring).
    wake: threading.Event = field(default_factory=threading.Event, compare=False, repr=False)


def check_rows(query: Executable, params: dict[str, Any] | None = None) -> list[Any]:
    """`query`'s rows, for the orchestrator's frequent checks (the run's row, its agents'
    liveness): a pooled connection in autocommit, one round trip, where a session costs the query
    plus a BEGIN and a COMMIT. Borrowed per check, not held for the run: a runs' worker
    orchestrates hundreds of runs at once, and PostgreSQL would run out of connections."""
    with get_engine().connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        return list(connection.execute(query, params).all())


class PhaseError(Exception):
    """Raised by a phase to end the run `failed` with this message."""


class Phase(ABC):
    # The run's state while this phase works.
    state: RunState
    # How often `poll` is called (sooner when the run's wake event is set).
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


class BackgroundPhase(Phase):
    """A phase whose work is a sequence of blocking steps (agent commands) run in a thread.

    The orchestrator keeps watching while the thread works, so a cancel or a lost lease is
    noticed at once even while an agent command is outstanding; the thread's failure becomes
    the run's error. The thread's end wakes the orchestrator (RunContext.wake): the next phase
    starts without waiting for a poll tick.
    """

    poll_interval_seconds = 0.2

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._error: BaseException | None = None
        self._finished = threading.Event()

    @abstractmethod
    def work(self, ctx: RunContext) -> None:
        """The phase's steps; raise PhaseError (or any exception) to fail the run."""

    def start(self, ctx: RunContext) -> None:
        def target() -> None:
            try:
                self.work(ctx)
            except BaseException as exc:  # handed to poll(), which fails the run with it
                self._error = exc
            finally:
                self._finished.set()
                ctx.wake.set()

        self._thread = threading.Thread(
            target=target, name=f"run-{ctx.run_id}-{self.state.value}", daemon=True
        )
        self._thread.start()

    def poll(self, ctx: RunContext) -> bool:
        assert self._thread is not None
        if not self._finished.is_set():  # (the thread may still be alive a moment after it)
            return False
        if self._error is not None:
            if isinstance(self._error, PhaseError):
                raise self._error
            raise PhaseError(explain_failure(self._error)) from self._error
        return True


def explain_failure(error: BaseException) -> str:
    """An unexpected failure as a run's error: what broke, in words a user can act on."""
    text = str(error) or repr(error)
    if isinstance(error, redis.exceptions.RedisError):
        return f"lost Redis (the agents' mailbox) during the run: {text}"
    if isinstance(error, sqlalchemy.exc.DBAPIError):
        return f"lost PostgreSQL during the run: {text.splitlines()[0]}"
    return text
