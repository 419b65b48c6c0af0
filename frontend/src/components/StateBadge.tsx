// A run state as a badge, coloured by outcome (the live run, History, Compare, Experiments).
import type { RunState } from "../client/types.gen";

const TONE: Record<RunState, string> = {
  queued: "",
  preparing: "info",
  warming: "info",
  running: "info",
  collecting: "info",
  succeeded: "ok",
  failed: "bad",
  cancelled: "warn",
};

/** `state` null or missing: an experiment that has no runs yet. */
export function StateBadge({ state, testId }: { state: RunState | null | undefined; testId?: string }) {
  if (!state) return <span className="muted">no runs</span>;
  return (
    <span className={`badge ${TONE[state]}`} data-testid={testId} data-state={state}>
      {state}
    </span>
  );
}
