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

export function RunStateBadge({ state }: { state: RunState | null | undefined }) {
  if (!state) return <span className="muted">no runs</span>;
  return <span className={`badge ${TONE[state]}`}>{state}</span>;
}
