// A run's one verdict as a badge (backend/runs/run_outcome.py): "succeeded" in green only when every
// rule it was judged on held; "succeeded, 1 of 3 rules failed" and "partial" in amber; "failed" in
// red. While the run is still going (or the page only knows its live state), its state.
import type { RunOutcome, RunState } from "../client/types.gen";
import { StateBadge } from "./StateBadge";

export const OUTCOME_TONE: Record<RunOutcome["tone"], string> = {
  good: "ok",
  warning: "warn",
  bad: "bad",
  neutral: "",
  active: "info",
};

const OUTCOME_TITLE: Partial<Record<RunOutcome["kind"], string>> = {
  succeeded: "It measured the window it was asked for, and every rule it was judged on held.",
  rules_failed: "It measured the window it was asked for, but rules it was judged on failed: see its thresholds.",
  partial: "The load did not cover the window it was asked for: its figures are incomplete.",
};

/** `state` is shown as it is (data-state) so scripts read the run's state; `outcome` is what people read. */
export function OutcomeBadge({ state, outcome, testId }: { state: RunState; outcome?: RunOutcome | null; testId?: string }) {
  if (!outcome || outcome.kind === "in_progress") return <StateBadge state={state} testId={testId} />;
  return (
    <span className={`badge ${OUTCOME_TONE[outcome.tone]}`.trim()} data-testid={testId} data-state={state} data-outcome={outcome.kind} title={OUTCOME_TITLE[outcome.kind]}>
      {outcome.label}
    </span>
  );
}
