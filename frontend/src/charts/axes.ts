// The axes of the kit's charts, computed rather than left to Recharts, so they read well and cost
// no measuring: a value axis from zero to a round top with round ticks (0, 1 s, 2 s, 3 s, not
// 0, 650 ms, 1.3 s, 1.95 s), time ticks on round seconds through t = 0 (-10 s, 0 s, 10 s, not
// -2 s, 18 s, 38 s), and the y axis' width from its longest tick label (no cut "0500ms", and no
// measure-and-redraw pass that Recharts' width="auto" costs).

import type { CartesianGridProps } from "recharts";

import { axisTick } from "../format/units";

type Row = Record<string, unknown>;

/** A round step (1, 2, 2.5 or 5 x 10^k) that splits `range` into at most `intervals` parts. */
export function niceStep(range: number, intervals: number): number {
  const raw = range / intervals;
  const scale = 10 ** Math.floor(Math.log10(raw));
  const m = [1, 2, 2.5, 5, 10].find((c) => c * scale >= raw * (1 - 1e-9))!;
  return Number((m * scale).toPrecision(12));
}

/**
 * The y axis of the layer's series: from 0 (rates, latencies and counts are read from zero; below
 * only if a value is negative) up to a round number, with ticks at round steps, so it reads
 * 0, 1 s, 2 s, 3 s rather than 0, 650 ms, 1.3 s, 1.95 s. `marks` (reference lines) get 10%
 * headroom for the label above the top one.
 */
export function valueScale(rows: readonly Row[], keys: readonly string[], marks: readonly number[] = [], maxTicks = 5): { domain: [number, number]; ticks: number[] } {
  let lo = 0;
  let hi = Math.max(-Infinity, ...marks.map((m) => m * 1.1));
  for (const row of rows) {
    for (const key of keys) {
      const v = row[key];
      if (typeof v !== "number" || !Number.isFinite(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  if (!Number.isFinite(hi) || hi <= lo) hi = lo + 1;
  const step = niceStep(hi - lo, maxTicks - 1);
  const bottom = Math.floor(lo / step) * step + 0;
  const top = Math.ceil(hi / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let i = 0; bottom + i * step <= top + step * 1e-9; i++) ticks.push(Number((bottom + i * step).toPrecision(12)));
  return { domain: [bottom, ticks[ticks.length - 1]], ticks };
}

const TICK_CHAR_W = 7; // px per character of a 12px tick label, generous for digits and units

/** Width in px of a y axis whose tick labels are `labels`: the longest label, the tick and a gap. */
export function axisWidth(labels: readonly string[]): number {
  return Math.ceil(Math.max(1, ...labels.map((l) => l.length)) * TICK_CHAR_W) + 14;
}

// Time axis steps in seconds: 1, 2, 5, 10, 15, 30 s, 1, 2, 5, 10, 15, 30 min, 1 h.
const STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];

export function timeTicks(first: number, last: number, maxTicks = 7): number[] {
  if (!(last > first)) return Number.isFinite(first) ? [first] : [];
  const count = (s: number) => Math.floor(last / s) - Math.ceil(first / s) + 1;
  const step = STEPS.find((s) => count(s) <= maxTicks) ?? Math.ceil((last - first) / maxTicks / 3600) * 3600;
  const ticks: number[] = [];
  // "+ 0" turns -0 (from ceil of a small negative) into 0, which prints as "0 s".
  for (let t = Math.ceil(first / step) * step + 0; t <= last; t += step) ticks.push(t);
  return ticks;
}

/**
 * The `tick` prop of every axis of the kit: tick labels are one short word ("500 ms", "p99.9"),
 * never wrapped. Given a width (Recharts passes the axis'), Recharts' <Text> measures each label
 * in the DOM to wrap it, ~0.5 ms a label on every draw; with width 0 it only writes the text.
 */
export const UNWRAPPED_TICK = { width: 0 };

/** Props of an axis whose ticks the kit computed: every one drawn as given (interval 0: no
 * label-collision pass, which measures each label in the DOM) and unwrapped. */
export function givenTicks(ticks: number[]) {
  return { ticks, interval: 0, tick: UNWRAPPED_TICK } as const;
}

/** Props of the kit's value (y) axis over `scale` (valueScale): its round ticks in `unit`, and
 * a width that fits the longest label. */
export function valueAxis(scale: { domain: [number, number]; ticks: number[] }, unit: string) {
  const label = (v: number) => axisTick(v, unit);
  return { ...givenTicks(scale.ticks), type: "number", domain: scale.domain, width: axisWidth(scale.ticks.map(label)), tickFormatter: label } as const;
}

/**
 * The vertical grid lines of a number x axis, at its ticks (the given ones, else Recharts' nice
 * ones). Recharts' own generator re-derives them through its label-collision pass, which
 * measures every label in the DOM: 62 on each draw of a 62-second chart.
 */
export const verticalLinesAtTicks: NonNullable<CartesianGridProps["verticalCoordinatesGenerator"]> = ({ xAxis }) => {
  const ticks = xAxis?.ticks ?? xAxis?.niceTicks ?? [];
  const scale = xAxis?.scale;
  if (!scale) return [];
  return ticks.map((t) => scale.map(t)).filter((x): x is number => typeof x === "number" && Number.isFinite(x));
};
