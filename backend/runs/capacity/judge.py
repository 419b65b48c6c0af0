"""What one probe run showed: contract.search.Observation, from the run as stored (pure).

The objective is the probe's own threshold rules (contract.experiment.probe_spec puts it there),
judged by the worker at collection like any run's rules (worker/thresholds.py), so its report is
`run.thresholds`. A probe counts only when its guards hold; a guard that fails makes it
inconclusive, in words, and the search then ends "inconclusive: ... at X" (contract.search):

- the run ended partial: it measured less than it was asked to;
- the objective could not be judged (a rule not judged: too short a window);
- the run's verdict is injector-bound (contract.verdict.INJECTOR_BOUNDS, also among its other
  findings): the load tool, not HAProxy, was the limit; in a closed loop this is the tool's own
  limit (its threads waited for a CPU, its host or NIC was full: worker/verdicts/rules.py);
- open loop: an injector did not keep its schedule (sent under 99% of its asked rate, dropped a
  slot, or sent more than 1% of its requests late). This guard voids only a PASS: a probe that
  failed the objective on less load than asked fails it on the load asked too (more load never
  made a proxy faster), whereas a pass on less load than asked says nothing of the value.
"""

from __future__ import annotations

from contract.numbers import fixed
from contract.results import RunSummary
from contract.run_state import MEASURED_STATES, STOPPED_STATES, RunState
from contract.search import Observation
from contract.thresholds import ThresholdReport, ThresholdResult
from contract.verdict import INJECTOR_BOUNDS

# The open-loop schedule held: at least 99% of the asked rate sent, no slot dropped, at most 1% late.
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
    bound = injector_bound(summary)
    if bound is not None:
        return inconclusive(f"injector-bound ({bound})")
    failed = next((r for r in objective.results if not r.passed), None)
    if failed is None:
        missed = schedule_missed(summary)
        if missed is not None:
            return inconclusive(f"injector-bound ({missed})")
    return Observation(
        value=value,
        passed=failed is None,
        failed_rule=rule_words(failed) if failed is not None else None,
        run_id=run_id,
    )


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
        if loop.dropped_sends:
            return f"{name} dropped {loop.dropped_sends} sends of its schedule"
        if loop.send_rate < SEND_RATE_SHARE * loop.target_rate:
            return f"{name} sent {fixed(loop.send_rate, 1)} of the {loop.target_rate:g} req/s asked"
        if loop.sent and loop.late_sends > LATE_SHARE * loop.sent:
            share = 100 * loop.late_sends / loop.sent
            return (
                f"{name} sent {fixed(share, 1)}% of its requests more than "
                f"{fixed(loop.late_threshold_ms, 0)} ms late"
            )
    return None
