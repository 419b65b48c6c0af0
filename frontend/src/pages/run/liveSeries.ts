// Turn a run's per-second samples into chart rows, one row per second (t = 0 at load start).
// Pure functions, so the live page and its tests share them. Which sample key is which series is
// the metric registry's SAMPLE_SERIES (contract/metrics.py, served at GET /api/v1/metrics).
import { assignColors, errorStyle, NEUTRAL, SUCCESS } from "../../charts/palette";
import type { TimeSeries } from "../../charts/TimeChart";
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
export function hostSources(store: SampleStore | Iterable<string>): string[] {
  return [...(store instanceof Map ? store.keys() : store)]
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

/** Which registry series each live chart draws. */
export const LIVE_CHARTS = {
  rps: ["req_s", "ok_2xx"],
  errors: ["econ", "eresp", "ereq", "http_5xx", "http_4xx", "srv_abrt", "cli_abrt"],
  latency: ["qtime", "ttime"],
  sessions: ["scur", "qcur"],
  connects: ["connect", "reuse"],
} as const;

export type LiveChartSeries = Record<keyof typeof LIVE_CHARTS | "cpu" | "network", TimeSeries[]>;

/**
 * The lines of every live chart, named as the registry names them. Colours mean something:
 * all requests in the neutral colour, 2xx in green, errors in reds (told apart by dashes too),
 * and every other series and every host keeps one colour across the page's charts (a host's
 * received bytes solid, its sent bytes dashed).
 */
export function liveChartSeries(known: Map<string, SampleSeries>, hosts: readonly string[]): LiveChartSeries {
  const colors = assignColors([...LIVE_CHARTS.latency, ...LIVE_CHARTS.sessions, ...LIVE_CHARTS.connects, ...hosts.map((h) => `host:${h}`)]);
  const fixed: Record<string, string> = { req_s: NEUTRAL, ok_2xx: SUCCESS };
  const named = (key: string): TimeSeries => ({ key, name: known.get(key)?.label ?? key, color: fixed[key] ?? colors.get(key)! });
  return {
    rps: LIVE_CHARTS.rps.map(named),
    errors: LIVE_CHARTS.errors.map((key, i) => ({ ...named(key), ...errorStyle(i) })),
    latency: LIVE_CHARTS.latency.map(named),
    sessions: LIVE_CHARTS.sessions.map(named),
    connects: LIVE_CHARTS.connects.map(named),
    cpu: hosts.map((h) => ({ key: `cpu:${h}`, name: h, color: colors.get(`host:${h}`)! })),
    network: hosts.flatMap((h) => [
      { key: `rx:${h}`, name: `${h} received`, color: colors.get(`host:${h}`)! },
      { key: `tx:${h}`, name: `${h} sent`, color: colors.get(`host:${h}`)!, dash: "5 3" },
    ]),
  };
}
