// Turn a run's per-second samples into chart rows, one row per second (t = 0 at load start).
// Pure functions, so the live page and its tests share them. Which sample keys mean what:
// agents/proxy/metrics.py (FRONTEND.* / BACKEND.* are the first frontend and backend rows, so no
// section names are needed) and agents/host_sampler.py (cpu_pct, rx_bytes, tx_bytes).

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

/** Proxy keys plotted on the live page: series name -> sample key of source "proxy". */
export const PROXY_SERIES: Record<string, string> = {
  req_s: "FRONTEND.req_tot",
  ok_2xx: "FRONTEND.hrsp_2xx",
  http_4xx: "FRONTEND.hrsp_4xx",
  http_5xx: "FRONTEND.hrsp_5xx",
  econ: "BACKEND.econ",
  eresp: "BACKEND.eresp",
  ereq: "FRONTEND.ereq",
  srv_abrt: "BACKEND.srv_abrt",
  cli_abrt: "BACKEND.cli_abrt",
  // HAProxy's own averages over the last 1024 requests (ms), not percentiles (LAB-NOTES).
  qtime: "BACKEND.qtime",
  ttime: "BACKEND.ttime",
  scur: "FRONTEND.scur",
  qcur: "BACKEND.qcur",
  connect: "BACKEND.connect",
  reuse: "BACKEND.reuse",
};

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
 * One row per second from the first to the last sampled second. Host metrics get one column per
 * host ("cpu:proxy-1", "rx:proxy-1", "tx:proxy-1", in bytes/s). A second without a value is null,
 * so lines show a gap instead of a made-up zero.
 */
export function liveRows(store: SampleStore): LiveRow[] {
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
  const rows: LiveRow[] = [];
  for (let t = first; t <= last; t++) {
    const row: LiveRow = { t };
    const p = proxy?.get(t);
    for (const [name, key] of Object.entries(PROXY_SERIES)) row[name] = p?.[key] ?? null;
    for (const host of hosts) {
      const h = store.get(host)?.get(t);
      const label = hostLabel(host);
      row[`cpu:${label}`] = h?.cpu_pct ?? null;
      row[`rx:${label}`] = h?.rx_bytes ?? null;
      row[`tx:${label}`] = h?.tx_bytes ?? null;
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
