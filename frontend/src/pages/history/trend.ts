// A trend in a few words and a line: the points of a sparkline, the change from the first run to
// the latest, and whether that is better or worse (the registry's `better`). Pure, so the panel
// and its test share it.
import type { Metric } from "../../client/types.gen";
import { quantity } from "../../format/units";

/** Changes smaller than this (relative to the first value) read as steady: run-to-run noise. */
export const STEADY_SHARE = 0.05;

export type TrendReading = {
  first: number;
  latest: number;
  /** (latest - first) / first; null when the first value is 0. */
  change: number | null;
  direction: "up" | "down" | "steady";
  /** Better or worse by the metric's own measure; "" when it has none or nothing moved. */
  tone: "better" | "worse" | "";
  /** "Latency p99 over the last 12 runs: 41 ms → 58 ms" */
  label: string;
};

export function readTrend(values: number[], metric: Pick<Metric, "label" | "unit" | "better">): TrendReading | null {
  if (values.length === 0) return null;
  const first = values[0];
  const latest = values[values.length - 1];
  const change = first !== 0 ? (latest - first) / Math.abs(first) : null;
  const moved = change === null ? latest !== first : Math.abs(change) >= STEADY_SHARE;
  const direction = !moved ? "steady" : latest > first ? "up" : "down";
  const tone = direction === "steady" || !metric.better ? "" : (direction === "up") === (metric.better === "higher") ? "better" : "worse";
  const label =
    values.length === 1
      ? `${metric.label} of the last run: ${quantity(latest, metric.unit)}`
      : `${metric.label} over the last ${values.length} runs: ${quantity(first, metric.unit)} → ${quantity(latest, metric.unit)}`;
  return { first, latest, change, direction, tone, label };
}

/** SVG polyline points for `values` in a width x height box (inset by `pad`), oldest on the left;
 * a flat series is drawn across the middle. */
export function sparklinePoints(values: number[], width: number, height: number, pad = 2): [number, number][] {
  if (values.length === 0) return [];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min;
  const step = values.length > 1 ? (width - 2 * pad) / (values.length - 1) : 0;
  const round = (v: number) => Math.round(v * 10) / 10;
  return values.map((v, i) => [
    round(values.length > 1 ? pad + i * step : width / 2),
    round(span === 0 ? height / 2 : height - pad - ((v - min) / span) * (height - 2 * pad)),
  ]);
}
