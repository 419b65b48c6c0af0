"""`collecting`: let the last samples arrive, then write the run's summary.

A run that failed after its load began gets a summary too (`record_cut_short`, from the
orchestrator and the reaper): what was measured before the fault, marked incomplete.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from datetime import datetime, timedelta

import sqlalchemy.exc
from sqlalchemy import select, update

from backend.db import session_scope
from backend.models import Run
from backend.runs.seconds import first_second_since_start, latest_t_by_source
from contract.drivers import DRIVERS
from contract.experiment import ExperimentSpec
from contract.results import InjectorSummary
from contract.run_state import RunState
from worker.completeness import cut_short_summary
from worker.execution import Execution
from worker.phases.base import BackgroundPhase, RunContext
from worker.phases.sample_pace import send_samples_now
from worker.summary_pool import summarize_elsewhere
from worker.verdicts.collected import run_samples

log = logging.getLogger(__name__)

# Once asked for what they held (send_samples_now), agents send each second as it is taken, so
# the last measured second arrives within about a second of the load's end; a source still
# short after this long (its agent died, its clock is off) is summarised as it is.
LAST_BATCH_WAIT_S = 2.0
LAST_BATCH_POLL_S = 0.1
# A drain counted by HAProxy's seconds is waited for this many seconds past the window at most
# (the wait itself is bounded by LAST_BATCH_WAIT_S: the seconds are already sampled by then).
MAX_DRAIN_SECONDS_WAITED = 60
# A summary takes tens to hundreds of milliseconds; this also covers waiting for a free summary
# process when many runs end at once (the phase's own timeout is the backstop).
SUMMARY_TIMEOUT_S = 25.0
# How long a cut-short run waits for PostgreSQL to come back to keep what it measured (the lost
# database is the usual fault that cut it short; its supervisor restarts it within seconds).
CUT_SHORT_RETRY_S = 20.0


class Collect(BackgroundPhase):
    state = RunState.collecting

    def __init__(self, execution: Execution) -> None:
        super().__init__()
        self.execution = execution

    def timeout_seconds(self) -> float:
        return 30

    def timeout_error(self, ctx: RunContext) -> str:
        return "collecting the results took longer than 30 s"

    def work(self, ctx: RunContext) -> None:
        ex = self.execution
        send_samples_now(ex)
        wait_for_last_second(ex.run_id, last_second_needed(ex))
        # Computed in a summary process: this thread is one of hundreds orchestrating runs.
        ex.incomplete_reasons = summarize_elsewhere(ex, timeout_s=SUMMARY_TIMEOUT_S)


def last_second_needed(ex: Execution) -> int:
    """The last second every source must have sent before the summary is read: the window's last,
    or, when HAProxy counts the window for a tool that cannot (hey, whose own duration runs from
    its start to its exit), the second the tool exited in, so its drain is counted whole."""
    last = ex.spec.load.duration_s - 1
    counted_by_haproxy = [s for s in ex.injector_summaries if s.window_source == "tool_totals"]
    if counted_by_haproxy and DRIVERS[ex.spec.load.driver].http and ex.spec.load.via != "direct":
        ended = max(s.duration_s for s in counted_by_haproxy) - ex.spec.load.warmup_s
        last = max(last, min(int(ended), last + MAX_DRAIN_SECONDS_WAITED))
    return last


def record_cut_short(
    run_id: int, reason: str, injectors: Sequence[InjectorSummary] = (), t0: datetime | None = None
) -> bool:
    """Store what a run that failed mid-load measured before the fault (never raises).

    Kept only when the run has no summary yet and the load had begun; True when one was stored.
    PostgreSQL lost mid-run (the fault that failed it) is back within seconds under its
    supervisor: this waits for it up to CUT_SHORT_RETRY_S, as finishing the run does.
    """
    deadline = time.monotonic() + CUT_SHORT_RETRY_S
    while True:
        try:
            return _record_cut_short(run_id, reason, injectors, t0)
        except sqlalchemy.exc.OperationalError:
            if time.monotonic() >= deadline:
                log.exception("run %s: no summary of what was measured before it failed", run_id)
                return False
            log.warning("run %s: PostgreSQL is away; retrying to keep what the run measured", run_id)
            time.sleep(1)
        except Exception:  # the run's own outcome matters more than this reading of it
            log.exception("run %s: no summary of what was measured before it failed", run_id)
            return False


def _record_cut_short(
    run_id: int, reason: str, injectors: Sequence[InjectorSummary], t0: datetime | None
) -> bool:
    with session_scope() as db:
        row = db.execute(select(Run.spec, Run.summary).where(Run.id == run_id)).one()
    if row.summary is not None:
        return False
    samples = run_samples(run_id)
    summary = cut_short_summary(
        ExperimentSpec.model_validate(row.spec), reason, injectors, samples, t0 or sampled_t0(run_id)
    )
    if summary is None:
        return False
    with session_scope() as db:
        db.execute(update(Run).where(Run.id == run_id, Run.summary.is_(None)).values(summary=summary))
    return True


def sampled_t0(run_id: int) -> datetime | None:
    """The run's t0 as its samples tell it (each sample is taken at t0 + t, a little after)."""
    with session_scope() as db:
        first = first_second_since_start(db, run_id)
    if first is None:
        return None
    return first.ts - timedelta(seconds=first.t + 1)  # the reading labelled t is taken just after t0 + t + 1


def wait_for_last_second(run_id: int, last_t: int) -> None:
    """Return once every source of the run has sent second `last_t`, or after LAST_BATCH_WAIT_S.

    Waiting for the data instead of a fixed time saves about a second per run: the proxy's and
    hosts' last batch usually lands a few hundred milliseconds after the load tool exits.
    """
    deadline = time.monotonic() + LAST_BATCH_WAIT_S
    while True:
        with session_scope() as db:
            latest = latest_t_by_source(db, run_id)
        if latest and all(t >= last_t for t in latest.values()):
            return
        if time.monotonic() >= deadline:
            return
        time.sleep(LAST_BATCH_POLL_S)
