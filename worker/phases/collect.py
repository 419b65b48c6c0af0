"""`collecting`: let the last samples arrive, then write the run's summary."""

from __future__ import annotations

import time

from sqlalchemy import func, select

from backend.db import session_scope
from backend.models import Sample
from spec.haproxy.model import Frontend
from spec.results import RunSummary
from spec.run_state import RunState
from worker.execution import Execution
from worker.phases.base import BackgroundPhase, RunContext
from worker.summaries import merge_injectors, proxy_summary
from worker.verdicts.collected import with_verdict

# Agents send a batch every second, so the last measured second arrives within about that; a
# source still short after this long (its agent died, its clock is off) is summarised as it is.
LAST_BATCH_WAIT_S = 2.0
LAST_BATCH_POLL_S = 0.1
PROXY_SOURCE = "proxy"


def entry_sections(execution: Execution) -> tuple[str, str]:
    """(frontend, backend) section names of the entry point; a listen is both."""
    _, entry = execution.spec.entry_point()
    if isinstance(entry, Frontend):
        return entry.name, entry.default_backend or entry.name
    return entry.name, entry.name


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
        wait_for_last_second(ex.run_id, ex.spec.load.duration_s - 1)
        with session_scope() as db:
            rows = db.execute(
                select(Sample.t, Sample.data).where(Sample.run_id == ex.run_id, Sample.source == PROXY_SOURCE)
            ).all()
        frontend, backend = entry_sections(ex)
        # Not r.t: SQLAlchemy's Row.t is the row as a tuple, shadowing our column named t.
        seconds = [{"t": t, "data": data} for t, data in rows]
        proxy = proxy_summary(seconds, frontend, backend, ex.spec.load.duration_s) if rows else None
        summary = RunSummary(
            injectors=ex.injector_summaries, total=merge_injectors(ex.injector_summaries), proxy=proxy
        )
        summary = with_verdict(ex, summary, frontend, backend)  # what bounded the run
        ex.record(summary=summary.model_dump(mode="json"))


def wait_for_last_second(run_id: int, last_t: int) -> None:
    """Return once every source of the run has sent second `last_t`, or after LAST_BATCH_WAIT_S.

    Waiting for the data instead of a fixed time saves about a second per run: the proxy's and
    hosts' last batch usually lands a few hundred milliseconds after the load tool exits.
    """
    deadline = time.monotonic() + LAST_BATCH_WAIT_S
    while True:
        with session_scope() as db:
            latest = db.execute(
                select(Sample.source, func.max(Sample.t))
                .where(Sample.run_id == run_id)
                .group_by(Sample.source)
            ).all()
        if latest and all(t >= last_t for _, t in latest):
            return
        if time.monotonic() >= deadline:
            return
        time.sleep(LAST_BATCH_POLL_S)
