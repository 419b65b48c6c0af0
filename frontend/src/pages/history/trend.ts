// A trend in a few words and a line: the points of a sparkline, the change from the first run to
// the latest, and whether that is better or worse (the registry's `better`); with fewer runs than
// a trend needs (the API says: three), the values and "2 runs: not enough for a trend". Pure, so
// the panel and its test share it.
import type { Metric } from "../../client/types.gen";
import { quantity } from "../../format/units";

/** Changes smaller than this (relative to the first value) read as steady: run-to-run noise. */
export const STEADY_SHARE = 0.05;

export type TrendReading = {
  first: number;
  latest: number;
  /** (latest - first) / first; null when the first value is 0 or there are too few runs. */
  change: number | null;
  /** Which way it moved; null with too few runs for a trend (never "steady" from one or two dots). */
  direction: "up" | "down" | "steady" | null;
  /** Better or worse by the metric's own measure; "" when it has none, nothing moved, or too few runs. */
  tone: "better" | "worse" | "";
  /** Enough runs to read a direction (the API's enough_for_trend: three or more). */
  enough: boolean;
  /** "Latency p99 over the last 12 runs: 41 ms → 58 ms" */
  label: string;
};

/** "1 run: not enough for a trend", "2 runs: not enough for a trend". */
export function tooFewText(runs: number): string {
  return `${runs} run${runs === 1 ? "" : "s"}: not enough for a trend`;
}

/**
 * `values` oldest first; `enough` is the API's enough_for_trend. With too few runs the reading
 * has its values and says so, but no direction or tone: one dot is not steady, two are one
 * difference that noise explains as well as a change.
 */
export function readTrend(values: number[], metric: Pick<Metric, "label" | "unit" | "better">, enough: boolean): TrendReading | null {
  if (values.length === 0) return null;
  const first = values[0];
  const latest = values[values.length - 1];
  if (!enough) {
    const readings = values.map((v) => quantity(v, metric.unit)).join(", ");
    const label = `${metric.label} of the last ${values.length === 1 ? "run" : `${values.length} runs`}: ${readings} (${tooFewText(values.length)})`;
    return { first, latest, change: null, direction: null, tone: "", enough, label };
  }
  const change = first !== 0 ? (latest - first) / Math.abs(first) : null;
  const moved = change === null ? latest !== first : Math.abs(change) >= STEADY_SHARE;
  const direction = !moved ? "steady" : latest > first ? "up" : "down";
  const tone = direction === "steady" || !metric.better ? "" : (direction === "up") === (metric.better === "higher") ? "better" : "worse";
  const label = `${metric.label} over the last ${values.length} runs: ${quantity(first, metric.unit)} → ${quantity(latest, metric.unit)}`;
  return { first, latest, change, direction, tone, enough, label };
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
