"""The team's figures in Prometheus' text format, read from PostgreSQL at each scrape.

A scrape is a team's (its API token's), like every other read: a shared haplab exposes no team's
runs or labs to another. Families:
- haplab_agents{lab} and haplab_agents_online{lab}: enrolled, and heard from within the
  liveness window (the one rule, backend.models.Agent.heard_within);
- haplab_runs{state}: the team's runs in each state; haplab_run_outcomes{outcome}: by their one
  verdict (backend/runs/run_outcome.py: a succeeded run whose rules failed is rules_failed);
  haplab_queue_length{lab}: queued runs;
- haplab_run_duration_seconds: a histogram of the ended runs' start-to-end times;
- while a run is warming or running, its latest second of each per-second series of the metric
  vocabulary (contract.metrics.SAMPLE_SERIES), as haplab_live_<key>{run, experiment, source}: HAProxy's
  figures with source "proxy", each host's with "host:<agent>". A scrape counts as watching the
  team's runs for a minute (backend.messaging.viewers.mark_scraped): their agents send each second as it is
  taken instead of holding samples (worker/phases/sample_pace.py), so the gauges stay fresh;
- while a run is warming or running, the percentiles of its newest second of HAProxy's request log
  (contract.request_timers, source "timers") as haplab_live_timer_ms{run, experiment, timer,
  quantile}: where the requests of that second spent their time (tw: the queue, tr: the server ...),
  the whole run's scope. A run's figures once it ended are the metric vocabulary's (Compare, the
  exports), not Prometheus series: one label set per run would grow without bound.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any, get_args

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import GaugeMetricFamily, HistogramMetricFamily, Metric
from sqlalchemy import and_, func, select
from sqlalchemy.orm import Session

from backend.messaging.viewers import mark_scraped
from backend.models import Agent, Experiment, Lab, Run
from backend.runs.run_outcome import OutcomeKind, run_outcome
from backend.runs.seconds import PROXY_SOURCE, TIMERS_SOURCE, StoredSecond, latest_seconds
from backend.teams.scoping import owned_by
from common.latency_histograms import decode
from contract.metrics import SAMPLE_SERIES
from contract.request_timers import SCOPE_ALL, TIMER_KEYS, TimerSecond
from contract.run_state import LOAD_STATES, TERMINAL_STATES, RunState

DURATION_BUCKETS = (10, 30, 60, 120, 300, 600, 1800, 3600)
# The quantiles of haplab_live_timer_ms (as Prometheus' summaries label them).
TIMER_QUANTILES = (0.5, 0.9, 0.99, 0.999)


class TeamCollector:
    """A prometheus_client collector over one team's rows, read when collected."""

    def __init__(self, db: Session, team_id: int) -> None:
        self.db = db
        self.team_id = team_id

    def collect(self) -> Iterator[Metric]:
        yield from self._agents()
        yield from self._runs()
        yield from self._durations()
        yield from self._live()

    def _agents(self) -> Iterator[Metric]:
        total = GaugeMetricFamily(
            "haplab_agents", "Agents enrolled in the lab (not revoked).", labels=["lab"]
        )
        online = GaugeMetricFamily(
            "haplab_agents_online", "Agents heard from within the liveness window.", labels=["lab"]
        )
        rows = self.db.execute(
            select(Lab.name, func.count(Agent.id), func.count(Agent.id).filter(Agent.heard_within()))
            .outerjoin(Agent, and_(Agent.lab_id == Lab.id, Agent.revoked_at.is_(None)))
            .where(owned_by(Lab, self.team_id))
            .group_by(Lab.name)
        ).all()
        for lab, enrolled, alive in rows:
            total.add_metric([lab], enrolled)
            online.add_metric([lab], alive)
        yield total
        yield online

    def _runs(self) -> Iterator[Metric]:
        by_state = GaugeMetricFamily("haplab_runs", "The team's runs in each state.", labels=["state"])
        counts = dict(
            self.db.execute(
                select(Run.state, func.count()).where(owned_by(Run, self.team_id)).group_by(Run.state)
            ).all()
        )
        for state in RunState:
            by_state.add_metric([state.value], counts.get(state, 0))
        yield by_state
        yield self._outcomes()
        queue = GaugeMetricFamily(
            "haplab_queue_length", "Runs queued on the lab, not started.", labels=["lab"]
        )
        rows = self.db.execute(
            select(Lab.name, func.count(Run.id))
            .outerjoin(Run, and_(Run.lab_id == Lab.id, Run.state == RunState.queued))
            .where(owned_by(Lab, self.team_id))
            .group_by(Lab.name)
        ).all()
        for lab, queued in rows:
            queue.add_metric([lab], queued)
        yield queue

    def _outcomes(self) -> Metric:
        """The runs by their one verdict (backend/runs/run_outcome.py): a succeeded run whose rules
        failed counts as rules_failed, never as succeeded."""
        by_outcome = GaugeMetricFamily(
            "haplab_run_outcomes",
            "The team's runs by outcome: succeeded (every rule held), rules_failed, partial, failed, "
            "cancelled, in_progress.",
            labels=["outcome"],
        )
        counts: Counter[str] = Counter()
        rows = self.db.execute(
            select(Run.state, Run.thresholds_passed, func.count())
            .where(owned_by(Run, self.team_id))
            .group_by(Run.state, Run.thresholds_passed)
        ).all()
        for state, passed, count in rows:
            # Which rules failed does not change the kind: one judged rule stands for the report.
            outcome = run_outcome(state, int(passed is not None), int(passed is False))
            counts[outcome.kind] += count
        for kind in get_args(OutcomeKind):
            by_outcome.add_metric([kind], counts.get(kind, 0))
        return by_outcome

    def _durations(self) -> Iterator[Metric]:
        seconds = func.extract("epoch", Run.finished_at - Run.started_at)
        ended = and_(
            owned_by(Run, self.team_id),
            Run.started_at.is_not(None),
            Run.finished_at.is_not(None),
            Run.state.in_(TERMINAL_STATES - {RunState.cancelled}),
        )
        columns: list[Any] = [func.count(), func.coalesce(func.sum(seconds), 0)]
        columns += [func.count().filter(seconds <= bound) for bound in DURATION_BUCKETS]
        count, total, *within = self.db.execute(select(*columns).where(ended)).one()
        buckets = [(str(float(bound)), n) for bound, n in zip(DURATION_BUCKETS, within, strict=True)]
        buckets.append(("+Inf", count))
        yield HistogramMetricFamily(
            "haplab_run_duration_seconds",
            "Start to end of the team's ended runs (succeeded, partial, failed).",
            buckets=buckets,
            sum_value=float(total),
        )

    def _live(self) -> Iterator[Metric]:
        live = self.db.execute(
            select(Run.id, Experiment.name)
            .join(Experiment, Experiment.id == Run.experiment_id)
            .where(owned_by(Run, self.team_id), Run.state.in_(LOAD_STATES))
        ).all()
        families = {
            s.key: GaugeMetricFamily(
                f"haplab_live_{s.key}",
                f"A live run's latest second: {s.label}{f' ({s.unit})' if s.unit else ''}.",
                labels=["run", "experiment", "source"],
            )
            for s in SAMPLE_SERIES
        }
        timers = GaugeMetricFamily(
            "haplab_live_timer_ms",
            "A live run's newest second of HAProxy's request log: each timer's quantile over its "
            "logged requests (ms).",
            labels=["run", "experiment", "timer", "quantile"],
        )
        for run_id, experiment in live:
            for second in latest_seconds(self.db, run_id):  # HAProxy's overflow parts aside
                if second.source == TIMERS_SOURCE:
                    for labels, ms in _timer_quantiles(second):
                        timers.add_metric([str(run_id), experiment, *labels], ms)
                    continue
                for series in SAMPLE_SERIES:
                    from_proxy = second.source == PROXY_SOURCE
                    if (series.source == "haproxy") != from_proxy:
                        continue
                    value = second.data.get(series.sample_key)
                    if isinstance(value, int | float) and not isinstance(value, bool):
                        families[series.key].add_metric(
                            [str(run_id), experiment, second.source], float(value)
                        )
        yield from families.values()
        yield timers


def _timer_quantiles(second: StoredSecond) -> Iterator[tuple[tuple[str, str], float]]:
    """((timer, quantile), ms) of one stored TimerSecond's whole-run histograms."""
    if second.timers is None:
        return
    histograms = TimerSecond.model_validate(second.timers).histograms.get(SCOPE_ALL, {})
    for timer in TIMER_KEYS:
        if timer not in histograms:
            continue
        histogram = decode(histograms[timer])
        if histogram.get_total_count() == 0:
            continue
        for quantile in TIMER_QUANTILES:
            yield (timer, f"{quantile:g}"), histogram.get_value_at_percentile(100 * quantile) / 1000.0


def exposition(db: Session, team_id: int) -> bytes:
    mark_scraped(team_id)  # a scraper watches the team's live runs
    registry = CollectorRegistry(auto_describe=False)
    registry.register(TeamCollector(db, team_id))
    return generate_latest(registry)
