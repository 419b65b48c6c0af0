// Rows of the over-time overlay: one per second, a column per run (`r<id>`) and per distinct
// asked load (`asked<i>`): the rate an open-loop run held, or the connections the clients kept,
// over the seconds the load ran (-warm-up .. duration).
import { PALETTE } from "../../charts/palette";
import type { TimeRow } from "../../charts/TimeChart";
import type { CompareSeries, CompareSetups, SampleSeries } from "../../client/types.gen";
import { quantity } from "../../format/units";
import { runListText } from "./runs";

export type AskedLine = { key: string; name: string; color: string; value: number; from: number; to: number; runIds: number[] };

// Which series of the metric registry (contract/metrics.py SAMPLE_SERIES, by key) a spec's load
// profile asks a value of: the rate in the series' own unit, the connections as a count of them.
const ASKED: Record<string, "rate" | "connections"> = { req_s: "rate", scur: "connections" };
// Shared by several runs, an asked line is grey: no single run's colour fits it.
const SHARED_ASKED = PALETTE[PALETTE.length - 1];

/** The registry series an overlay's `proxy|<sample key>` choice is (the compare series' key). */
export function overlaySeries(choice: string, known: readonly SampleSeries[] | undefined): SampleSeries | undefined {
  return known?.find((s) => s.source === "haproxy" && `proxy|${s.sample_key}` === choice);
}

/** Whether a series of the registry is the one an open loop's asked rate is drawn against. */
export const asksRate = (series: SampleSeries | undefined): boolean => series != null && ASKED[series.key] === "rate";

export function askedLines(series: SampleSeries | undefined, setups: CompareSetups | undefined, colors: Map<string, string>): AskedLine[] {
  const field = series && ASKED[series.key];
  if (!field || !setups) return [];
  const what = { field, unit: field === "rate" ? series.unit : "connections" };
  const groups = new Map<string, AskedLine>();
  for (const run of setups.runs) {
    const value = run.load[what.field];
    if (value == null) continue; // closed loop: no rate was asked
    const id = `${value}|${run.load.warmup_s}|${run.load.duration_s}`;
    const group = groups.get(id) ?? { key: `asked${groups.size}`, name: "", color: "", value, from: -run.load.warmup_s, to: run.load.duration_s, runIds: [] };
    group.runIds.push(run.run_id);
    groups.set(id, group);
  }
  return [...groups.values()].map((g) => ({
    ...g,
    name: `asked ${quantity(g.value, what.unit)} (${runListText(g.runIds, 3)})`,
    color: g.runIds.length === 1 ? (colors.get(String(g.runIds[0])) ?? SHARED_ASKED) : SHARED_ASKED,
  }));
}

export function overlayRows(data: Pick<CompareSeries, "runs"> | CompareSeries, asked: readonly AskedLine[] = []): TimeRow[] {
  const byT = new Map<number, TimeRow>();
  for (const run of data.runs) {
    run.t.forEach((t, i) => {
      const row = byT.get(t) ?? { t };
      row[`r${run.run_id}`] = run.values[i][0] ?? null;
      byT.set(t, row);
    });
  }
  const rows = [...byT.values()].sort((a, b) => a.t - b.t);
  for (const a of asked) for (const row of rows) if (row.t >= a.from && row.t <= a.to) row[a.key] = a.value;
  return rows;
}
