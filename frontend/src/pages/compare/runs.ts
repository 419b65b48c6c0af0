// The compared runs as every chart and table of the page shows them: one label ("#12
// maxconn=60 r2") and one colour per run id, handed out once for the page so run #12 looks the
// same in the overlay, the spectrum and the table; lists in natural order (#2 before #11).
import { assignColors, PALETTE } from "../../charts/palette";
import { sortNatural } from "../../charts/naturalSort";
import type { TimeSeries } from "../../charts/TimeChart";
import type { CompareTable } from "../../client/types.gen";
import { settingText } from "./setupDiff";

export type RunStyle = { labels: Map<number, string>; colors: Map<string, string> };

type Row = CompareTable["rows"][number];

/** What a run's label says of its one verdict when it is not a plain success: "(partial)",
 * "(1 of 3 rules failed)", "(failed)", and "(shared machine)" when its bound was a CPU HAProxy
 * shared with the load tool. Nothing for a run that succeeded, or one still going. */
function verdictSuffix(r: Row): string {
  const notes: string[] = [];
  const outcome = r.outcome as Row["outcome"] | undefined; // a table from before outcomes existed
  if (outcome?.kind === "rules_failed") notes.push(outcome.rules_judged > 1 ? `${outcome.rules_failed} of ${outcome.rules_judged} rules failed` : "its rule failed");
  else if (outcome && outcome.kind !== "succeeded" && outcome.kind !== "in_progress") notes.push(outcome.label);
  if (r.capacity_note) notes.push("shared machine");
  return notes.length ? ` (${notes.join(", ")})` : "";
}

/** "#12 maxconn=60 r2": the run id, its swept values (last path part) and its repetition, then
 * its verdict when it is not a plain success ("#12 maxconn=60 (partial)"). */
export function runLabels(table: CompareTable | undefined): Map<number, string> {
  const labels = new Map<number, string>();
  for (const r of table?.rows ?? []) {
    const params = Object.entries(r.params).map(([k, v]) => `${k.split(".").pop()}=${settingText(v)}`).join(" ");
    labels.set(r.run_id, `#${r.run_id} ${params}${r.repetition > 0 ? ` r${r.repetition + 1}` : ""}`.trim() + verdictSuffix(r));
  }
  return labels;
}

export function runStyle(ids: readonly number[], table: CompareTable | undefined): RunStyle {
  return { labels: runLabels(table), colors: assignColors(ids) };
}

export const runLabel = (runs: RunStyle, id: number) => runs.labels.get(id) ?? `#${id}`;
export const runColor = (runs: RunStyle, id: number) => runs.colors.get(String(id)) ?? PALETTE[PALETTE.length - 1];

/** One line per run, keyed `r<id>`, in natural order of the run ids. */
export function runSeries(ids: readonly number[], runs: RunStyle): TimeSeries[] {
  return sortNatural(ids, String).map((id) => ({ key: `r${id}`, name: runLabel(runs, id), color: runColor(runs, id) }));
}

/** "Runs #2, #11, #12" (at most `max` named), for exports and asked-load labels. */
export function runListText(ids: readonly number[], max = 60): string {
  const sorted = sortNatural(ids, String);
  const named = sorted.slice(0, max).map((id) => `#${id}`).join(", ");
  return `${ids.length === 1 ? "Run" : "Runs"} ${named}${sorted.length > max ? ` and ${sorted.length - max} more` : ""}`;
}
