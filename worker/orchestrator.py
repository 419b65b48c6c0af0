"""Execute one run that the dispatcher has claimed: walk its phases, say how it ended.

The orchestrator never releases the lab or writes the final state itself: it returns a
RunOutcome and the dispatcher applies it (guarded) together with releasing the lab. Between
polls it sleeps on the run's wake event, which a cancel, an end of the run by someone else (the
reaper), a lost lab lease or the end of a phase's work sets (worker/run_watch.py: the API tells
the worker on the run's control channel; the run's row is also read every few seconds in case
a message was lost).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from datetime import UTC, datetime

import redis.exceptions
import sqlalchemy.exc
from sqlalchemy import select

from backend.db import session_scope
from backend.models import Lab, Run
from backend.runs.transitions import transition
from backend.settings import get_settings
from contract.injector_split import ShareError
from contract.protocol import ONLINE_WINDOW_S, StopLoad, Teardown
from contract.run_state import MEASURED_STATES, STOPPED_STATES, RunState
from worker import agent_rpc
from worker.execution import Execution, load_execution, pick_agents
from worker.lease import LeaseRenewer
from worker.phases.agents import WaitForAgents
from worker.phases.base import Phase, PhaseError, RunContext, explain_failure
from worker.phases.collect import Collect, record_cut_short
from worker.phases.configure import ConfigureLab
from worker.phases.liveness import revoked_during
from worker.phases.load import RunLoad, WarmUp
from worker.phases.sample_pace import send_samples_now
from worker.run_watch import RunWatch

log = logging.getLogger(__name__)


def build_phases(execution: Execution) -> list[Phase]:
    """The phases of one run, in order; they share the run's Execution."""
    return [
        WaitForAgents(),
        PickAgents(execution),
        ConfigureLab(execution),
        WarmUp(execution),
        RunLoad(execution),
        Collect(execution),
    ]


TEARDOWN_TIMEOUT_S = 15.0
# A run that ended so (its load ran to its end) leaves HAProxy and the targets for the next run to
# adopt (Execution.keep_warm_s). A failed or cancelled run stops them: the next starts clean.
KEEPS_WARM = MEASURED_STATES


@dataclass(frozen=True)
class RunOutcome:
    state: RunState
    error: str | None = None

    @classmethod
    def failed(cls, error: str) -> RunOutcome:
        return cls(RunState.failed, error)


CANCELLED = RunOutcome(RunState.cancelled)


def execute_run(run_id: int) -> RunOutcome:
    """Walk the phases of a run already in `preparing` whose lab is claimed for it."""
    settings = get_settings()
    ctx = load_context(run_id)
    execution = load_execution(run_id, ctx.lab_name)
    # The run's own time limit: a thread of the runs' pool cannot be interrupted from outside.
    deadline = time.monotonic() + settings.run_time_limit_seconds
    with LeaseRenewer(ctx.lab_id, run_id, settings.lab_lease_seconds, on_lost=ctx.wake.set) as lease:

        def involved() -> list[int]:  # the watch checks them for revocation
            return [agent.id for agent in execution.involved_agents]

        with RunWatch(ctx, settings.run_watch_fallback_seconds, involved) as watch:
            outcome: RunOutcome | None = None  # (an exception the handlers below miss leaves none)
            try:
                outcome = _walk_all(execution, ctx, lease, watch, deadline)
            except RunTimeLimit:
                outcome = RunOutcome.failed(
                    f"run exceeded the time limit of {settings.run_time_limit_seconds} s"
                )
            except (redis.exceptions.RedisError, sqlalchemy.exc.DBAPIError) as exc:
                log.exception("run %s: a part the worker needs went away", run_id)
                outcome = RunOutcome.failed(explain_failure(exc))
            except Exception as exc:
                log.exception("run %s failed in the worker", run_id)
                outcome = RunOutcome.failed(f"internal error in the worker: {exc!r}")
            finally:
                execution.stopped.set()
                # first: a cancel must stop the load within 2 s
                tear_down(execution, keep_warm=outcome is not None and outcome.state in KEEPS_WARM)
    if outcome.state in STOPPED_STATES:
        keep_what_was_measured(execution, outcome)
    return outcome


class RunTimeLimit(Exception):  # noqa: N818 - read as what happened
    """The run reached settings.run_time_limit_seconds."""


def _walk_all(
    execution: Execution, ctx: RunContext, lease: LeaseRenewer, watch: RunWatch, run_deadline: float
) -> RunOutcome:
    previous = RunState.preparing  # the dispatcher moved the run there when it claimed the lab
    for phase in build_phases(execution):
        outcome = _walk(phase, previous, ctx, lease, watch, run_deadline)
        previous = phase.state
        if outcome is not None:
            return outcome
    if execution.incomplete_reasons:
        return RunOutcome(RunState.partial, "; ".join(execution.incomplete_reasons))
    return RunOutcome(RunState.succeeded)


def keep_what_was_measured(execution: Execution, outcome: RunOutcome) -> None:
    """A run that failed or was cancelled after its load began keeps a summary of what it measured."""
    if execution.t0 is None or datetime.now(UTC) < execution.t0:
        return  # nothing was measured yet
    reason = outcome.error or f"the run was {outcome.state.value} before its load ended"
    send_samples_now(execution)  # what the agents still hold belongs to the summary
    record_cut_short(execution.run_id, reason, execution.injector_summaries, execution.t0)


def tear_down(execution: Execution, *, keep_warm: bool = False) -> None:
    """Stop the load first (cancel must stop it within 2 s), then everything else, on every agent.

    With `keep_warm` and the execution's keep_warm_s, the proxy and target agents keep HAProxy and
    the target servers for that long (contract.protocol.Teardown); all else of the run ends."""
    run = execution.run_id
    keep_warm_s = execution.keep_warm_s if keep_warm else None
    try:
        for injector in execution.injectors:
            agent_rpc.post_command(injector.id, StopLoad(run_id=run))
        for agent in execution.involved_agents:
            agent_rpc.post_command(agent.id, Teardown(run_id=run, keep_warm_s=keep_warm_s))
    except Exception:  # a teardown problem must not hide the run's own outcome
        log.exception("tearing down run %s", run)


class PickAgents(Phase):
    """Still `preparing`: choose the agent that plays each role for this run."""

    state = RunState.preparing

    def __init__(self, execution: Execution) -> None:
        self.execution = execution

    def timeout_seconds(self) -> float:
        return 5

    def start(self, ctx: RunContext) -> None:
        pick_agents(self.execution, ONLINE_WINDOW_S)

    def poll(self, ctx: RunContext) -> bool:
        missing = [r for r in ("proxy", "injector", "target") if r not in self.execution.agents]
        if missing:
            raise PhaseError(f"lab {ctx.lab_name!r} lost its agent for {', '.join(missing)}")
        try:  # checked at launch against the lab's injectors; the online ones may differ now
            self.execution.injector_shares()
        except ShareError as exc:
            raise PhaseError(f"spec.load.{exc.field}: {exc}") from None
        return True

    def timeout_error(self, ctx: RunContext) -> str:
        return "choosing agents timed out"


def load_context(run_id: int) -> RunContext:
    with session_scope() as db:
        row = db.execute(
            select(Run.id, Run.lab_id, Lab.name).join(Lab, Lab.id == Run.lab_id).where(Run.id == run_id)
        ).one()
    return RunContext(run_id=row.id, lab_id=row.lab_id, lab_name=row.name)


def _walk(
    phase: Phase,
    previous: RunState,
    ctx: RunContext,
    lease: LeaseRenewer,
    watch: RunWatch,
    run_deadline: float,
) -> RunOutcome | None:
    """Run one phase to its end; None means go on to the next phase."""
    if phase.state != previous:
        with session_scope() as db:
            entered = transition(db, ctx.run_id, phase.state, expected=previous)
        if not entered:
            return RunOutcome.failed(f"run left {previous.value} before {phase.state.value} could begin")
    phase.start(ctx)
    deadline = time.monotonic() + phase.timeout_seconds()
    next_poll = time.monotonic()
    while True:
        # Cleared before the checks: whatever sets it from now on is seen by the wait below.
        ctx.wake.clear()
        stop = _interruption(ctx, lease, watch)
        if stop is not None:
            return stop
        now = time.monotonic()
        if now >= run_deadline:
            raise RunTimeLimit
        if now >= next_poll:
            try:
                if phase.poll(ctx):
                    return None
            except PhaseError as failure:
                return RunOutcome.failed(str(failure))
            next_poll = now + phase.poll_interval_seconds
        if now >= deadline:
            return RunOutcome.failed(phase.timeout_error(ctx))
        sleep = min(
            next_poll - time.monotonic(), deadline - now, run_deadline - now, watch.seconds_to_next_read()
        )
        if ctx.wake.wait(max(0.0, sleep)):
            next_poll = time.monotonic()  # the phase's work may have ended


def _interruption(ctx: RunContext, lease: LeaseRenewer, watch: RunWatch) -> RunOutcome | None:
    """Why the run must stop now, if it must: cancelled, an agent revoked, ended elsewhere, or
    lab lost."""
    if lease.lost.is_set():
        return RunOutcome.failed(f"lab {ctx.lab_name!r} lease was lost (the reaper judged this worker dead)")
    stopped = watch.check()
    if stopped is None:
        return None
    if stopped.cancelled:
        return CANCELLED
    if stopped.revoked_agent is not None and stopped.state.is_active:
        return RunOutcome.failed(revoked_during(stopped.revoked_agent, stopped.state.value))
    # The reaper (or an operator) ended it; the dispatcher's guarded write will be a no-op.
    return RunOutcome.failed(f"run was ended elsewhere while {stopped.state.value}")
