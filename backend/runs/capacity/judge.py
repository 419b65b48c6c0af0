"""What one probe run showed: contract.search.Observation, from the run as stored (pure).

The objective is the probe's own threshold rules (contract.experiment.probe_spec puts it there),
judged by the worker at collection like any run's rules (worker/thresholds.py), so its report is
`run.thresholds`. A probe counts only when its guards hold; a guard that fails makes it
inconclusive, in words, and the search then ends "inconclusive: ... at X" (contract.search):

- the run ended partial: it measured less than it was asked to;
- the objective could not be judged (a rule not judged: too short a window);
- the run's verdict is injector-bound (contract.verdict.INJECTOR_BOUNDS, also among its other
  findings): the load tool, not HAProxy, was the limit; in a closed loop this is the tool's own
  limit (its threads waited for a CPU, its host or NIC was full: worker/verdicts/rules.py). It
  voids a pass always, and a fail unless an open loop kept its schedule: then the proxy saw the
  load asked and failed on it (on a lab whose roles share one machine, an overloaded probe's
  queue keeps that machine busy, and the verdict says it cannot tell whose CPU that was);
- open loop: an injector did not keep its schedule: it sent under 99% of its asked rate, or more
  than 1% of its schedule's slots went out late or not at all. Dropped slots count with the late
  ones, not on their own: near the knee vegeta leaves the last one or two slots of a probe unsent
  while every worker waits on the queue being measured (2 of 1,900 at 475 req/s on the local lab,
  p99 95 ms), an edge of the window, whereas an injector that cannot keep up misses far more than
  1% (docs/benchmarks.md, "Capacity search"). It voids a PASS (a pass on less load than asked
  says nothing of the value), and a FAIL only when the lateness can explain it: open-loop latency
  is timed from each request's slot, so 1% of sends late can lose a p99 rule, 50% a median one.
  Any other fail stands: on less load than asked it failed, and more load never made a proxy
  faster.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from contract.load import LoadStage, StageWindow, stage_windows
from contract.numbers import fixed
from contract.results import RunSummary, StageResult
from contract.run_state import MEASURED_STATES, STOPPED_STATES, RunState
from contract.search import Observation, stage_metrics
from contract.thresholds import ASKED_RATE, Threshold, ThresholdReport, ThresholdResult, holds
from contract.verdict import INJECTOR_BOUNDS

# The open-loop schedule held: at least 99% of the asked rate sent, at most 1% of its slots late or
# never sent.
SEND_RATE_SHARE = 0.99
LATE_SHARE = 0.01


class ProbeFailedError(Exception):
    """The probe run failed or was cancelled: the search stops (contract.search.failed_search)."""


def rule_words(result: ThresholdResult) -> str:
    """A failed rule as the answer says it: `latency_p99_ms < 100 (was 143.2)`."""
    if result.value is None:
        return f"{result.text} ({result.note or 'not measured'})"
    return f"{result.text} (was {fixed(result.value, 2)})"


def observe(
    *,
    run_id: int,
    value: float,
    state: RunState,
    error: str | None,
    summary: RunSummary | None,
    objective: ThresholdReport | None,
) -> Observation:
    """The probe's observation; raises ProbeFailedError when the run failed or was cancelled."""
    if state in STOPPED_STATES:
        raise ProbeFailedError(f"probe run {run_id} {state.value}" + (f": {error}" if error else ""))
    if state not in MEASURED_STATES:
        raise ValueError(f"probe run {run_id} has not ended ({state.value})")

    def inconclusive(why: str) -> Observation:
        return Observation(value=value, passed=False, inconclusive=why, run_id=run_id)

    if state == RunState.partial:
        reasons = summary.completeness.reasons if summary and summary.completeness else []
        return inconclusive(
            "partial probe (" + ("; ".join(reasons) or error or "it measured less than asked") + ")"
        )
    if summary is None or objective is None:
        return inconclusive("the probe has no summary or objective report to judge")
    unjudged = [r for r in objective.results if not r.judged]
    if unjudged:
        return inconclusive(
            f"objective not judged: {unjudged[0].text}: {unjudged[0].note or 'too little measured'}"
        )
    failed = next((r for r in objective.results if not r.passed), None)
    bound = injector_bound(summary)
    if bound is not None and (failed is None or not _open_loop_on_time(summary)):
        return inconclusive(f"injector-bound ({bound})")
    missed = schedule_missed(summary)
    if missed is not None and (failed is None or _lateness_explains(objective, summary)):
        return inconclusive(f"injector-bound ({missed})")
    return Observation(
        value=value,
        passed=failed is None,
        failed_rule=rule_words(failed) if failed is not None else None,
        run_id=run_id,
    )


# The share of requests above each latency figure: a percentile rule can be lost to the injector's
# own lateness (open-loop latency is timed from each request's slot) once that many sends were late.
_TAIL_SHARE = {
    "latency_p50_ms": 0.5,
    "latency_p90_ms": 0.1,
    "latency_p95_ms": 0.05,
    "latency_p99_ms": 0.01,
    "latency_max_ms": 0.0,
}


def _late_share(summary: RunSummary) -> float:
    """The largest share of an open-loop injector's schedule sent late or never."""
    shares = [0.0]
    for injector in summary.injectors:
        loop = injector.open_loop
        slots = (loop.sent + loop.dropped_sends) if loop is not None else 0
        if loop is not None and slots:
            shares.append((loop.late_sends + loop.dropped_sends) / slots)
    return max(shares)


def _open_loop_on_time(summary: RunSummary) -> bool:
    """Did every injector hold an open-loop schedule and keep it? Then the proxy saw the load
    asked, whatever the injectors' hosts' CPU said."""
    loops = [injector.open_loop for injector in summary.injectors]
    return (
        bool(loops)
        and all(loop is not None and loop.target_rate > 0 for loop in loops)
        and (schedule_missed(summary) is None)
    )


def _lateness_explains(objective: ThresholdReport, summary: RunSummary) -> bool:
    """Could the injector's own late sends have lost a failed latency rule? Latency is timed from
    the slot, so a late send's lateness is in it: a p99 rule is lost to 1% of sends late. A fail the
    lateness cannot explain (errors, a median with 2% late, a rate short of the asked one: more load
    never made a proxy faster) stands."""
    late = _late_share(summary)
    return any(
        not result.passed and result.rule.metric in _TAIL_SHARE and late >= _TAIL_SHARE[result.rule.metric]
        for result in objective.results
    )


def is_staircase(spec: Mapping[str, Any]) -> bool:
    """Is this probe run a staircase (contract.experiment.staircase_spec: its load has stages)?"""
    load = spec.get("load")
    return isinstance(load, dict) and bool(load.get("stages"))


def observe_stages(
    *,
    run_id: int,
    state: RunState,
    error: str | None,
    summary: RunSummary | None,
    objective: Sequence[Threshold],
    spec: Mapping[str, Any],
) -> list[Observation]:
    """A staircase run's observations, one per stage that counts: the stages up to and including
    the first that failed the objective or a guard (after a failing stage, the queue it built
    spoils the stages above). Raises ProbeFailedError when the run failed or was cancelled.

    Each stage is judged on its own figures (summary.stages) against the objective, a limit
    relative to the asked rate against the stage's own rate; an open-loop stage's schedule guard
    on its own sent/late/dropped, as a probe's (it voids only a pass). The run's own guards
    (partial, an injector-bound verdict) cannot be placed in a stage: a partial run's stages
    count up to where its load stopped, the next is inconclusive; otherwise either guard makes
    the last counted stage inconclusive, the highest load the run was judged at (stages below
    it stand on their own guards, as probes at lower values would)."""
    if state in STOPPED_STATES:
        raise ProbeFailedError(f"probe run {run_id} {state.value}" + (f": {error}" if error else ""))
    if state not in MEASURED_STATES:
        raise ValueError(f"probe run {run_id} has not ended ({state.value})")
    windows = stage_windows([LoadStage.model_validate(stage) for stage in spec["load"]["stages"]])
    partial_why: str | None = None
    if state == RunState.partial:
        reasons = summary.completeness.reasons if summary and summary.completeness else []
        partial_why = "partial probe (" + ("; ".join(reasons) or error or "it measured less than asked") + ")"
    measured_s = summary.completeness.measured_s if summary and summary.completeness else None
    figures = {stage.index: stage for stage in (summary.stages or [])} if summary else {}
    seen: list[Observation] = []
    for window in windows:
        stage = figures.get(window.index)
        cut = partial_why is not None and measured_s is not None and measured_s + 0.5 < window.end_s
        if stage is None or cut:
            why = partial_why or f"the run has no figures of stage {window.index}"
            seen.append(_inconclusive_stage(run_id, window, why))
            return seen
        seen.append(_observe_stage(run_id, window, stage, objective))
        if not seen[-1].passed:
            break
    bound = injector_bound(summary) if summary is not None else None
    # As for a probe: a stage that failed while its open-loop schedule held stands.
    kept = window.kind == "rate" and stage is not None and stage_schedule_missed(window, stage) is None
    if bound is not None and not seen[-1].passed and seen[-1].inconclusive is None and kept:
        bound = None
    run_wide = partial_why or (f"injector-bound ({bound})" if bound is not None else None)
    if run_wide is not None and seen[-1].inconclusive is None:
        last = seen[-1]
        seen[-1] = last.model_copy(update={"passed": False, "inconclusive": run_wide, "failed_rule": None})
    return seen


def _inconclusive_stage(run_id: int, window: StageWindow, why: str) -> Observation:
    return Observation(
        value=window.target, passed=False, inconclusive=why, run_id=run_id, stage_index=window.index
    )


def _observe_stage(
    run_id: int, window: StageWindow, stage: StageResult, objective: Sequence[Threshold]
) -> Observation:
    figures = stage_metrics(stage)
    failed_rule: str | None = None
    lost: list[str] = []  # the metrics of the rules it failed
    for rule in objective:  # contract.search refuses, for a staircase, rules a stage cannot judge
        limit = rule.value * window.target if rule.relative_to == ASKED_RATE else rule.value
        value = figures.get(rule.metric)
        if value is None:
            failed_rule = f"{rule.text()} (not measured in stage {window.index})"
            break
        if not holds(rule.operator, value, limit):
            failed_rule = f"{rule.text()} (was {fixed(value, 2)})"
            lost.append(rule.metric)
            break
    missed = stage_schedule_missed(window, stage)
    if missed is not None:
        slots = (stage.sent or 0) + (stage.dropped_sends or 0)
        late = ((stage.late_sends or 0) + (stage.dropped_sends or 0)) / slots if slots else 0.0
        # as for a probe: a pass is void, a fail only when the lateness can explain it
        if failed_rule is None or any(
            metric in _TAIL_SHARE and late >= _TAIL_SHARE[metric] for metric in lost
        ):
            return _inconclusive_stage(run_id, window, f"injector-bound ({missed})")
    return Observation(
        value=window.target,
        passed=failed_rule is None,
        failed_rule=failed_rule,
        run_id=run_id,
        stage_index=window.index,
    )


def stage_schedule_missed(window: StageWindow, stage: StageResult) -> str | None:
    """How the injectors missed an open-loop stage's schedule over its window (as schedule_missed
    does for a run), or None when they kept it or the stage is a closed loop."""
    if stage.sent is None or window.kind != "rate":
        return None
    seconds = stage.end_s - stage.start_s
    asked = window.target * seconds
    if seconds > 0 and stage.sent < SEND_RATE_SHARE * asked:
        return (
            f"stage {window.index} sent {fixed(stage.sent / seconds, 1)} of the {window.target:g} req/s asked"
        )
    late, dropped = stage.late_sends or 0, stage.dropped_sends or 0
    slots = stage.sent + dropped
    if slots and late + dropped > LATE_SHARE * slots:
        return (
            f"stage {window.index} sent {fixed(100 * (late + dropped) / slots, 1)}% of its schedule late "
            f"or not at all ({late} late, {dropped} dropped)"
        )
    return None


def injector_bound(summary: RunSummary) -> str | None:
    """The verdict's injector-bound finding in its own words, if it has one (first or among `also`)."""
    verdict = summary.verdict
    if verdict is None:
        return None
    for finding in (verdict, *verdict.also):
        if finding.kind in INJECTOR_BOUNDS:
            return finding.sentence
    return None


def schedule_missed(summary: RunSummary) -> str | None:
    """How an open-loop injector missed its schedule, or None when every one kept it."""
    for injector in summary.injectors:
        loop = injector.open_loop
        if loop is None or loop.target_rate <= 0:
            continue
        name = injector.agent
        if loop.send_rate < SEND_RATE_SHARE * loop.target_rate:
            return f"{name} sent {fixed(loop.send_rate, 1)} of the {loop.target_rate:g} req/s asked"
        slots = loop.sent + loop.dropped_sends
        if slots and loop.late_sends + loop.dropped_sends > LATE_SHARE * slots:
            share = 100 * (loop.late_sends + loop.dropped_sends) / slots
            return (
                f"{name} sent {fixed(share, 1)}% of its schedule more than "
                f"{fixed(loop.late_threshold_ms, 0)} ms late or not at all "
                f"({loop.late_sends} late, {loop.dropped_sends} dropped)"
            )
    return None
