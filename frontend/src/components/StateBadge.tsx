// A run state as a badge, coloured by outcome (the live run, History, Compare, Experiments).
import type { RunState } from "../client/types.gen";

const TONE: Record<RunState, string> = {
  queued: "",
  preparing: "info",
  warming: "info",
  running: "info",
  collecting: "info",
  succeeded: "ok",
  partial: "warn",
  failed: "bad",
  cancelled: "warn",
};

/** `state` null or missing: an experiment that has no runs yet. */
export function StateBadge({ state, testId }: { state: RunState | null | undefined; testId?: string }) {
  if (!state) return <span className="muted">no runs</span>;
  return (
    <span className={`badge ${TONE[state]}`} data-testid={testId} data-state={state}
      title={state === "partial" ? "the load did not cover the window it was asked for: figures are incomplete" : undefined}>
      {state}
    </span>
  );
}
