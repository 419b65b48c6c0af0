// Points of a sweep -> chart rows for "metric vs swept parameter": one line (series) per
// experiment and combination of the other swept params, one row per value of the chosen param,
// with the error bar of the repetitions (the 95% confidence interval, min..max or mean ± stddev);
// a point of one run has no bar, and the chart says n (spreadNote).
import type { ComparePoint, Spread } from "../../client/types.gen";

export type SweepSeries = { key: string; label: string };
export type SweepRow = { x: number | string } & Record<string, unknown>;
export type SweepData = { numeric: boolean; series: SweepSeries[]; rows: SweepRow[] };

function label(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

export type SpreadKind = "ci" | "minmax" | "stddev";

/** The error bar of a point: only from repetitions (n >= 2); one run has no spread to draw. */
function errorBar(s: Spread, spread: SpreadKind): [number, number] | undefined {
  if (s.n < 2) return undefined;
  if (spread === "minmax") return [s.mean - s.min, s.max - s.mean];
  if (spread === "stddev") return [s.stddev, s.stddev];
  return s.ci_low != null && s.ci_high != null ? [s.mean - s.ci_low, s.ci_high - s.mean] : undefined;
}

export const SPREAD_WORDS: Record<SpreadKind, string> = { ci: "95% interval", minmax: "min to max", stddev: "± 1 standard deviation" };

/**
 * What a point of the chart is, in words that carry n: "one run per point: no error bars",
 * "mean of 3 runs per point, 95% interval", "mean of 2 to 3 runs per point, ..."; points of one run
 * among repeated ones are named, since they have no bar.
 */
export function spreadNote(points: readonly ComparePoint[], metric: string, spread: SpreadKind): string {
  const ns = points.map((p) => p.metrics[metric]?.n).filter((n): n is number => n != null);
  if (ns.length === 0) return "";
  const repeated = ns.filter((n) => n >= 2);
  if (repeated.length === 0) return ns.length === 1 ? "One run: no error bar." : "One run per point: no error bars.";
  const low = Math.min(...repeated);
  const high = Math.max(...repeated);
  const runs = low === high ? `${high} runs` : `${low} to ${high} runs`;
  const single = ns.length - repeated.length;
  return `Mean of ${runs} per point, error bars: ${SPREAD_WORDS[spread]}${single ? `; ${single} point${single === 1 ? "" : "s"} of one run, without a bar` : ""}.`;
}

/** Whether any point has repetitions: the only case error bars (and their choice) mean anything. */
export const hasRepetitions = (points: readonly ComparePoint[], metric: string): boolean => points.some((p) => (p.metrics[metric]?.n ?? 0) >= 2);

export function sweepData(points: ComparePoint[], param: string, metric: string, spread: SpreadKind): SweepData {
  const numeric = points.every((p) => typeof p.params[param] === "number");
  const seriesByKey = new Map<string, SweepSeries>();
  const rowsByX = new Map<string, SweepRow>();
  const experiments = new Set(points.map((p) => p.experiment_id));
  for (const p of points) {
    const others = Object.entries(p.params)
      .filter(([k]) => k !== param)
      .map(([k, v]) => `${k.split(".").pop()}=${label(v)}`)
      .join(" ");
    const id = `${p.experiment_id}|${others}`;
    let series = seriesByKey.get(id);
    if (!series) {
      const name = [experiments.size > 1 ? p.experiment_name : "", others].filter(Boolean).join(" · ") || metric;
      series = { key: `s${seriesByKey.size}`, label: name };
      seriesByKey.set(id, series);
    }
    const x = p.params[param];
    if (x === undefined) continue;
    const xKey = label(x);
    let row = rowsByX.get(xKey);
    if (!row) {
      row = { x: numeric ? (x as number) : xKey };
      rowsByX.set(xKey, row);
    }
    const s = p.metrics[metric];
    if (!s) continue;
    row[series.key] = s.mean;
    row[`${series.key}_n`] = s.n;
    const bar = errorBar(s, spread);
    if (bar) row[`${series.key}_err`] = bar;
    row[`${series.key}_noisy`] = s.noisy ?? false;
  }
  const rows = [...rowsByX.values()];
  if (numeric) rows.sort((a, b) => (a.x as number) - (b.x as number));
  return { numeric, series: [...seriesByKey.values()], rows };
}

/** CSV rows of the chart: x, then mean / error low / error high / n / noisy per series. */
export function sweepCsv(data: SweepData, param: string, metric: string): (string | number | null)[][] {
  const header = [param, ...data.series.flatMap((s) => [`${s.label === metric ? "" : `${s.label} `}${metric} mean`, "err_low", "err_high", "n", "noisy"])];
  const body = data.rows.map((row) => [
    row.x,
    ...data.series.flatMap((s) => {
      const err = row[`${s.key}_err`] as [number, number] | undefined;
      const noisy = row[`${s.key}_noisy`] as boolean | undefined;
      return [(row[s.key] as number | undefined) ?? null, err?.[0] ?? null, err?.[1] ?? null, (row[`${s.key}_n`] as number | undefined) ?? null, noisy == null ? null : noisy ? "yes" : "no"];
    }),
  ]);
  return [header, ...body];
}
