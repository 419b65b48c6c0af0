"""One of HAProxy's request timers overlaid across runs (the Compare page): per run, its log's
buckets (backend/runs/timer_seconds.py, histograms merged) read at one percentile."""

from __future__ import annotations

from sqlalchemy.orm import Session

from backend.models import Run
from backend.runs.compare.schemas import CompareTimers, RunTimerSeries, TimerOverlayQuery
from backend.runs.compare.selection import distinct, require_found
from backend.runs.timer_seconds import read_timer_buckets
from backend.teams.scoping import runs_among
from contract.request_timers import HAPROXY_NAME, TIMER_MEANING


def compare_timers(db: Session, team_id: int, query: TimerOverlayQuery) -> CompareTimers:
    wanted = distinct(query.run_ids)
    require_found(wanted, set(db.scalars(runs_among(team_id, wanted, Run.id))))
    buckets = read_timer_buckets(db, wanted, query.scope, query.step, timers=[query.timer])
    runs = []
    for run_id in wanted:
        points = [b for b in buckets.get(run_id, []) if query.timer in b.histograms]
        runs.append(
            RunTimerSeries(
                run_id=run_id,
                t=[b.t for b in points],
                values=[[b.percentile_ms(query.timer, int(query.percentile[1:]))] for b in points],
                collected=bool(points),
                one_in=max([b.one_in for b in points] + [1]),
            )
        )
    return CompareTimers(
        timer=query.timer,
        haproxy_name=HAPROXY_NAME[query.timer],
        meaning=TIMER_MEANING[query.timer],
        timers=HAPROXY_NAME,
        percentile=query.percentile,
        scope=query.scope,
        step=query.step,
        runs=runs,
    )
