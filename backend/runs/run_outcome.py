"""A run's one verdict as a result: the words and tone every page, the CLI and webhooks show.

A run's state says how its execution ended; its threshold report says whether its rules held;
its completeness says whether it measured the window it was asked for (collect ends a run that
did not `partial`, so the state carries it). Shown side by side they contradicted each other (a
green "succeeded" beside "1 of 3 thresholds failed"), so they are read together here, once:

| state                   | rules                    | outcome                                   | tone    |
|-------------------------|--------------------------|-------------------------------------------|---------|
| succeeded               | none judged, or all held | succeeded                                 | good    |
| succeeded               | some failed              | succeeded, 1 of 3 rules failed            | warning |
| partial                 | any                      | partial (..., 1 of 3 rules failed)        | warning |
| failed                  | -                        | failed                                    | bad     |
| cancelled               | -                        | cancelled                                 | neutral |
| queued ... collecting   | -                        | the state                                 | active  |

A capacity search's probe (backend/runs/capacity/) is judged by the search's objective, which is
its rules: one that goes over the objective is how the search finds the knee, not a failure, so
it reads "succeeded, over the objective" in a neutral tone ("succeeded, within the objective" in
green), and the search's answer is the verdict (LaunchDetail.capacity).

Rules judged per sweep point belong to the launch (backend/runs/launch_outcome.py), not to one run.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from contract.run_state import RunState
from contract.thresholds import ThresholdReport

OutcomeKind = Literal["in_progress", "succeeded", "rules_failed", "partial", "failed", "cancelled"]
OutcomeTone = Literal["good", "warning", "bad", "neutral", "active"]


class RunOutcome(BaseModel):
    """The run's one verdict: its state, its rules and its completeness read together."""

    kind: OutcomeKind = Field(
        description=(
            "succeeded: measured its window and every rule held (or it has none); rules_failed: measured "
            "it, and a rule failed; partial: fell short of its window; failed; cancelled; in_progress: not "
            "ended yet."
        )
    )
    label: str = Field(description='What people read, e.g. "succeeded, 1 of 3 rules failed".')
    tone: OutcomeTone = Field(description="good (green), warning (amber), bad (red), neutral, active.")
    rules_judged: int = Field(ge=0, description="Threshold rules judged on the run itself (0: none).")
    rules_failed: int = Field(ge=0, description="Of those, the ones that failed.")


def rule_counts(report: ThresholdReport | None) -> tuple[int, int]:
    """(judged, failed) of a run's threshold report; (0, 0) when it was not judged. A rule the run
    measured too little to judge (`judged` false) is neither."""
    if report is None:
        return 0, 0
    judged = [result for result in report.results if result.judged]
    return len(judged), sum(1 for result in judged if not result.passed)


def run_outcome(
    state: RunState, rules_judged: int = 0, rules_failed: int = 0, *, probe: bool = False
) -> RunOutcome:
    """The one verdict of a run in `state` whose report judged `rules_judged` rules, `rules_failed`
    of them lost; a search's `probe` is read against its objective."""
    rules = _rules_text(rules_judged, rules_failed)
    kind: OutcomeKind
    tone: OutcomeTone
    if probe and state == RunState.succeeded and rules_judged:
        kind, tone = ("rules_failed", "neutral") if rules_failed else ("succeeded", "good")
        label = "succeeded, over the objective" if rules_failed else "succeeded, within the objective"
    elif state == RunState.succeeded:
        # Green says nothing more: every rule it was judged on held (the rules' table says which).
        kind, tone = ("rules_failed", "warning") if rules_failed else ("succeeded", "good")
        label = f"succeeded, {rules}" if rules_failed else "succeeded"
    elif state == RunState.partial:
        kind, tone, label = "partial", "warning", f"partial, {rules}" if rules else "partial"
    elif state == RunState.failed:
        kind, tone, label = "failed", "bad", "failed"
    elif state == RunState.cancelled:
        kind, tone, label = "cancelled", "neutral", "cancelled"
    else:
        kind, tone, label = "in_progress", "active", state.value
    return RunOutcome(kind=kind, label=label, tone=tone, rules_judged=rules_judged, rules_failed=rules_failed)


def _rules_text(judged: int, failed: int) -> str:
    """'1 of 3 rules failed', 'its rule failed'; empty when none failed."""
    if not failed:
        return ""
    return f"{failed} of {judged} rules failed" if judged > 1 else "its rule failed"
