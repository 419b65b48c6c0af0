// Turn a run's per-second samples into chart rows, one row per second (t = 0 at load start).
// Pure functions, so the live page and its tests share them. Which sample key is which series is
// the metric registry's SAMPLE_SERIES (spec/metrics.py, served at GET /api/v1/metrics).
import type { SampleSeries } from "../../client/types.gen";

export type SampleData = Record<string, number>;
/** source -> t -> data. Keyed by second, so a replayed or repeated sample replaces itself. */
export type SampleStore = Map<string, Map<number, SampleData>>;

export type LiveRow = { t: number } & Record<string, number | null>;

export function addSample(store: SampleStore, source: string, t: number, data: SampleData): void {
  let bySecond = store.get(source);
  if (!bySecond) {
    bySecond = new Map();
    store.set(source, bySecond);
  }
  bySecond.set(t, data);
}

/** Host sources, one per agent ("host:<agent>": every agent samples its host), by agent name. */
export function hostSources(store: SampleStore): string[] {
  return [...store.keys()]
    .filter((s) => s.startsWith("host:"))
    .sort((a, b) => hostLabel(a).localeCompare(hostLabel(b)));
}

/** A host source's short label: "host:proxy-1" -> "proxy-1". */
export function hostLabel(source: string): string {
  return source.slice(source.indexOf(":") + 1);
}

/**
 * One row per second from the first to the last sampled second: a column per HAProxy series (its
 * registry key) and, for host series, one per host ("cpu:proxy-1", "rx:proxy-1"). A second without
 * a value is null, so lines show a gap instead of a made-up zero.
 */
export function liveRows(store: SampleStore, series: readonly SampleSeries[]): LiveRow[] {
  let first = Infinity;
  let last = -Infinity;
  for (const bySecond of store.values()) {
    for (const t of bySecond.keys()) {
      if (t < first) first = t;
      if (t > last) last = t;
    }
  }
  if (first > last) return [];
  const proxy = store.get("proxy");
  const hosts = hostSources(store);
  const proxySeries = series.filter((s) => s.source === "haproxy");
  const hostSeries = series.filter((s) => s.source === "host");
  const rows: LiveRow[] = [];
  for (let t = first; t <= last; t++) {
    const row: LiveRow = { t };
    const p = proxy?.get(t);
    for (const s of proxySeries) row[s.key] = p?.[s.sample_key] ?? null;
    for (const host of hosts) {
      const h = store.get(host)?.get(t);
      const label = hostLabel(host);
      for (const s of hostSeries) row[`${s.key}:${label}`] = h?.[s.sample_key] ?? null;
    }
    rows.push(row);
  }
  return rows;
}

export function sampleCount(store: SampleStore): number {
  let n = 0;
  for (const bySecond of store.values()) n += bySecond.size;
  return n;
}
