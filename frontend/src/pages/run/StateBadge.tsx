// A run state as a badge, coloured by outcome (shared by the live run, History and Compare).
import type { RunState } from "../../client/types.gen";

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

export function StateBadge({ state, testId }: { state: RunState; testId?: string }) {
  return (
    <span className={`badge ${TONE[state]}`} data-testid={testId} data-state={state}>
      {state}
    </span>
  );
}
