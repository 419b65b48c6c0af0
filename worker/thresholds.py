"""Judging a run's threshold rules (contract/thresholds.py): live for abort_on_fail, and once collected.

The rules name sources by role ("proxy" for HAProxy, "host:<role>" for a role's host); the
samples are stored by agent ("proxy", "proxy:2" ..., "host:<agent name>"). `rule_seconds` maps
one to the other and keeps only the measured seconds (backend.runs.seconds: `measured`).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from backend.db import session_scope
from backend.runs.seconds import (
    HOST_PREFIX,
    PROXY_SOURCE,
    RunSeconds,
    SampleRows,
    Second,
    Seconds,
    by_source,
    read_seconds,
)
from contract.protocol import StopLoad
from contract.results import RunSummary
from contract.thresholds import ThresholdReport, evaluate, judges_runs, lost_live
from worker import agent_rpc
from worker.execution import Execution

log = logging.getLogger(__name__)


def rule_seconds(
    ex: Execution, samples: RunSeconds | SampleRows, measured_s: float
) -> dict[str, list[Mapping[str, Any]]]:
    """Each rule source's per-second data over the measured seconds [0, measured_s)."""

    def measured(seconds: Seconds) -> list[Mapping[str, Any]]:
        return [second.data for second in seconds.measured(measured_s)]

    run = RunSeconds.of(samples)
    out = {PROXY_SOURCE: measured(run.proxy())}
    for role, agent in ex.agents.items():
        out[f"{HOST_PREFIX}{role}"] = measured(run.host(agent.name))
    return out


def judge_collected(
    ex: Execution, summary: RunSummary, samples: RunSeconds | SampleRows, measured_s: float
) -> ThresholdReport | None:
    """The run's report once collected; None when no rule judges this run on its own (its spec
    has none, their `when` leaves it out, or its rules are judged per sweep point)."""
    if not judges_runs(ex.spec.thresholds):
        return None
    aborted_by = ex.threshold_abort[0] if ex.threshold_abort is not None else None
    report = evaluate(
        ex.spec.thresholds,
        spec=ex.spec.model_dump(mode="json", by_alias=True),
        summary=summary,
        seconds=rule_seconds(ex, samples, measured_s),
        aborted_by=aborted_by,
    )
    return report if report.results else None


class LiveJudge:
    """Reads the samples that arrived since its last look and stops the load when an abort_on_fail
    rule is lost. One per run; called from the running phase's poll (once a second)."""

    def __init__(self, ex: Execution) -> None:
        self.ex = ex
        self.spec = ex.spec.model_dump(mode="json", by_alias=True)  # the run's resolved spec
        self.watching = any(rule.abort_on_fail for rule in ex.spec.thresholds)
        self._seconds: dict[tuple[str, int], Second] = {}
        self._next_t = 0

    def check(self, measured_s: float) -> None:
        ex = self.ex
        if not self.watching or ex.threshold_abort is not None or measured_s <= 0:
            return
        lost = lost_live(
            ex.spec.thresholds,
            spec=self.spec,
            seconds=rule_seconds(ex, self._samples(), measured_s),
            measured_s=measured_s,
        )
        if lost is None:
            return
        index, result = lost
        ex.threshold_abort = (index, result)
        ex.threshold_abort_at_s = measured_s
        log.info("run %s: threshold %s lost (%s), stopping the load", ex.run_id, index, result.text)
        for injector in ex.injectors:
            agent_rpc.post_command(injector.id, StopLoad(run_id=ex.run_id))

    def _samples(self) -> RunSeconds:
        # Only seconds not read yet, and the last one again (a sampler may still complete it).
        with session_scope() as db:
            fresh = read_seconds(db, self.ex.run_id, from_t=max(0, self._next_t - 1))
        for second in fresh:
            self._seconds[(second.source, second.t)] = second
            self._next_t = max(self._next_t, second.t + 1)
        return by_source(sorted(self._seconds.values(), key=lambda second: second.t))
