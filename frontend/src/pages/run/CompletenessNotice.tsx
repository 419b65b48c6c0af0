// Says, before any figure, when a run's load did not cover the window it was asked for: how
// much it covered, why, and where its totals come from. A complete run shows nothing here.
import type { RunDetail } from "../../client/types.gen";

function clock(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleTimeString() : "?";
}

export function CompletenessNotice({ run }: { run: RunDetail }) {
  const c = run.summary?.completeness;
  if (!c || c.complete) return null;
  const what = run.state === "partial" ? "Partial run" : "Cut short";
  return (
    <div className="notice" role="status" data-testid="run-completeness">
      <strong>
        {what}: the load covered {c.measured_s.toFixed(1)} s of the {c.asked_s} s asked
      </strong>{" "}
      ({clock(c.load_started_at)} to {clock(c.load_ended_at)}). Every figure below covers only those seconds;
      {run.state === "partial" ? " sweep analysis leaves this run out unless asked." : " it is not comparable with complete runs."}
      <ul>
        {(c.reasons ?? []).map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      {c.totals_from === "proxy" && (
        <p className="small">No load tool reported: the client totals are HAProxy&apos;s counters of the seconds in which requests still arrived (no latency).</p>
      )}
    </div>
  );
}
