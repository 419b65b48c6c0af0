"""`collecting`: let the last samples arrive, then write the run's summary."""

from __future__ import annotations

import time

from sqlalchemy import select

from backend.db import session_scope
from backend.models import Sample
from spec.haproxy.model import Frontend
from spec.results import RunSummary
from spec.run_state import RunState
from worker.execution import Execution
from worker.phases.base import BackgroundPhase, RunContext
from worker.summaries import merge_injectors, proxy_summary

# Agents send sample batches every second; wait a little longer than that for the last one.
LAST_BATCH_WAIT_S = 1.5
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
        time.sleep(LAST_BATCH_WAIT_S)
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
        ex.record(summary=summary.model_dump(mode="json"))
