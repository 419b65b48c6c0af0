// A finished run's charts read its samples as columns (GET /api/v1/runs/{id}/samples/columns,
// backend/runs/samples/columns.py) instead of replaying every second over the live stream: a long
// run is downsampled in PostgreSQL to about MAX_POINTS points (counters as per-second rates,
// gauges averaged, each bucket's min and max drawn as a band), and a zoomed range of at most
// RAW_ZOOM_MAX_S seconds is read again second by second. Pure functions, shared with the tests.
import type { TimeSeries } from "../../charts/TimeChart";
import type { RunSampleColumns, SampleSeries } from "../../client/types.gen";
import { hostLabel, hostSources, type LiveChartSeries, type LiveRow } from "./liveSeries";

/** Points per chart a finished run is downsampled to: a chart is 300 to 1,000 px wide, and a
 * 1-hour run at this density is ~0.4 MB of JSON (docs/benchmarks.md, "A 1-hour run's page"). */
export const MAX_POINTS = 300;
/** The widest zoom read again at one point per second. */
export const RAW_ZOOM_MAX_S = 900;

/** Seconds per point for a run of `seconds`: 1 (every second) up to MAX_POINTS seconds. */
export function chartStep(seconds: number): number {
  return seconds > MAX_POINTS ? Math.ceil(seconds / MAX_POINTS) : 1;
}

/** The key of a series' bucket minimum and maximum in a chart row. */
export const minKey = (key: string) => `${key}~min`;
export const maxKey = (key: string) => `${key}~max`;

/**
 * One row per point (second or bucket start) of any source, with the same columns as liveRows:
 * each HAProxy series by its registry key, each host series per host ("cpu:proxy-1"); when the
 * data is downsampled, also each series' bucket min and max (minKey, maxKey). null where a source
 * has no value, so lines show a gap.
 */
export function columnRows(columns: RunSampleColumns, series: readonly SampleSeries[]): LiveRow[] {
  const byT = new Map<number, LiveRow>();
  const put = (t: number, key: string, value: number | null | undefined) => {
    let row = byT.get(t);
    if (!row) {
      row = { t };
      byT.set(t, row);
    }
    row[key] = value ?? null;
  };
  const fill = (source: string, wanted: readonly SampleSeries[], column: (s: SampleSeries) => string) => {
    const c = columns.sources[source];
    if (!c) return;
    for (const s of wanted) {
      const key = column(s);
      const values = c.values[s.sample_key];
      const lo = c.min?.[s.sample_key];
      const hi = c.max?.[s.sample_key];
      c.t.forEach((t, i) => {
        put(t, key, values?.[i]);
        if (lo && hi) {
          put(t, minKey(key), lo[i]);
          put(t, maxKey(key), hi[i]);
        }
      });
    }
  };
  fill(
    "proxy",
    series.filter((s) => s.source === "haproxy"),
    (s) => s.key,
  );
  const hostSeries = series.filter((s) => s.source === "host");
  for (const host of hostSources(Object.keys(columns.sources))) fill(host, hostSeries, (s) => `${s.key}:${hostLabel(host)}`);
  const rows = [...byT.values()].sort((a, b) => a.t - b.t);
  // Every row has every column: a missing one is a gap (null), not undefined.
  const keys = new Set(rows.flatMap((r) => Object.keys(r)));
  for (const row of rows) for (const key of keys) row[key] ??= null;
  return rows;
}

/** Every chart's series with its min-max band (downsampled data only). */
export function withBands(charts: LiveChartSeries): LiveChartSeries {
  const band = (series: TimeSeries[]) => series.map((s) => ({ ...s, band: { lo: minKey(s.key), hi: maxKey(s.key) } }));
  return Object.fromEntries(Object.entries(charts).map(([name, series]) => [name, band(series)])) as LiveChartSeries;
}

/** The raw seconds to read for a zoom: the range when it is short enough, else null. */
export function rawRange(zoom: { from: number; to: number } | null, step: number): { from_t: number; to_t: number } | null {
  if (step <= 1 || !zoom || zoom.to - zoom.from > RAW_ZOOM_MAX_S) return null;
  // The buckets' starts are the zoom's ends: read to the end of the last bucket shown.
  return { from_t: Math.floor(zoom.from), to_t: Math.ceil(zoom.to) + step - 1 };
}
