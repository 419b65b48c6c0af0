// The clients' figures and HAProxy's side by side, one row per thing both (or one) measured, with
// labels, units and descriptions from the metric registry (contract/metrics.py). Where two counts
// differ, the row quotes what the worker judged of them (its consistency check,
// worker/verdicts/consistency.py, and the verdict's caveats, worker/verdicts/sanity.py), never
// re-deriving it; where two figures measure different things (bytes handed to the kernel vs
// delivered through a capped link, a mean of HAProxy's last 1,024 requests vs the clients' mean),
// the row says what each measures. Pure, so the table and its test share it.
import { MeasurementToleranceSchema } from "../../client/schemas.gen";
import type { Caveat, Metric, MetricRegistry, RunDetail } from "../../client/types.gen";
import { fmtNum } from "../../components/keyFigures";
import { bitsPerSecond, bytesPerSecond } from "../../format/units";
import { labConnections } from "./injectorShares";

export type SideCell = {
  text: string;
  /** The registry key (data-metric), for tests and for the description in the cell's title. */
  metric?: string;
  title?: string;
  hint?: string;
  warn?: boolean;
};
export type SideRow = { id: string; label: string; clients: SideCell | null; haproxy: SideCell | null; note?: string };
export type Sides = { clientsTitle: string; rows: SideRow[] };

type Run = Pick<RunDetail, "summary" | "spec" | "environment">;

// The verdict's own tolerance (contract/verdict.py MEASUREMENT_TOLERANCE, from the OpenAPI document):
// a gap this small is noise.
const TOLERANCE: number = MeasurementToleranceSchema.const;

/** A value in its registry unit, exact enough for a table: counts whole, B/s scaled, ms to 0.1. */
export function metricText(value: number, unit: string): string {
  if (unit === "B/s") return bytesPerSecond(value);
  if (unit === "") return fmtNum(value, 0);
  if (unit === "ms") return `${fmtNum(value, value >= 100 ? 0 : 1)} ms`;
  return `${fmtNum(value, 1)} ${unit}`;
}

function cellOf(registry: MetricRegistry, key: string, value: number | null | undefined, extra: Partial<SideCell> = {}): SideCell | null {
  if (value == null) return null;
  const metric: Metric | undefined = registry.run_metrics.find((m) => m.key === key);
  return { text: metricText(value, metric?.unit ?? ""), metric: key, title: metric?.description, ...extra };
}

const labelOf = (registry: MetricRegistry, key: string): string => registry.run_metrics.find((m) => m.key === key)?.label ?? key;

const caveat = (run: Run, kind: Caveat["kind"]): string | undefined => run.summary?.verdict?.caveats?.find((c) => c.kind === kind)?.sentence;


/** The consistency check's caveat on one of these comparisons (worker/verdicts/consistency.py
 * names each one's evidence `<comparison>.first|second|allowed`), first of them in their order. */
function checkCaveat(run: Run, ...comparisons: string[]): string | undefined {
  const disagreements = run.summary?.verdict?.caveats?.filter((c) => c.kind === "figures_disagree") ?? [];
  for (const comparison of comparisons) {
    const found = disagreements.find((c) => c.evidence?.some((e) => e.name.startsWith(`${comparison}.`)));
    if (found) return found.sentence;
  }
  return undefined;
}

/** Whether the run's collect-time consistency check held its figures to each other: runs that
 * record who counted their window. */
const checked = (run: Run): boolean => run.summary?.total.window_source != null;

const DIRECT = "The load went straight to the servers (via direct): HAProxy saw none of it.";
const UNCHECKED = "Recorded before haplab held a run's figures to each other: this difference was never checked.";
const CHECKED_AGREEMENT =
  "Within what the window's edges explain (the run's consistency check): a request in flight per connection as the window opens and closes, and answers to clients that gave up, count on one side only.";
const REQUESTS_BY_PARTS =
  "The run's consistency check held the successes and the non-2xx replies (below) each to HAProxy's count; connect errors, timeouts and requests in flight at the window's edges count on one side only.";

/**
 * Why two counts of the clients and HAProxy differ. The worker judges whether they disagree
 * (worker/verdicts/consistency.py) and the page quotes it: its caveat when they do, its agreement
 * when it ran and left none; never its own edges, the tools' warnings or another order of reasons.
 * A run recorded before the check gets its old counts_disagree caveat when it has one, else says
 * it was never checked.
 */
function countNote(run: Run, clients: number, haproxy: number, comparisons: string[], agreement: string): string | undefined {
  if (run.spec.load.via === "direct") return DIRECT;
  if (clients === haproxy) return undefined;
  if (!checked(run)) return caveat(run, "counts_disagree") ?? UNCHECKED;
  return checkCaveat(run, ...comparisons) ?? agreement;
}

/** The clients' successes beside HAProxy's 2xx (the check's successes_vs_haproxy). */
export const successesNote = (run: Run, clients: number, haproxy: number): string | undefined =>
  countNote(run, clients, haproxy, ["successes_vs_haproxy"], CHECKED_AGREEMENT);

/** The clients' requests beside HAProxy's: successes plus errors, each of which the check holds to
 * HAProxy's own count of it. */
export const requestsNote = (run: Run, clients: number, haproxy: number): string | undefined =>
  countNote(run, clients, haproxy, ["successes_vs_haproxy", "errors_vs_haproxy"], REQUESTS_BY_PARTS);

const differs = (a: number, b: number, slack: number) => Math.abs(a - b) > Math.max(slack, TOLERANCE * Math.max(a, b));

/** Why bytes received and bytes HAProxy sent differ, or undefined when they agree. */
export function bytesNote(run: Run, clients: number, haproxy: number): string | undefined {
  const aboveCap = caveat(run, "above_link_cap");
  if (aboveCap) return aboveCap;
  if (clients === 0) return "The load tool counts no bytes: HAProxy's count is the only one.";
  if (!differs(clients, haproxy, 0)) return undefined;
  const caps = run.environment.link_shaping?.settings.links.map((l) => l.rate_mbit) ?? [];
  if (caps.length > 0 && haproxy > clients)
    return `HAProxy counts bytes handed to the kernel; the clients count what came through the ${fmtNum(Math.min(...caps), 1)} Mbit/s link cap.`;
  return "HAProxy counts bytes handed to the kernel for the clients, the clients what they read; replies in flight at the window's edges count on one side only.";
}

/** "avg of its last 1,024 requests" (sessions in TCP mode), and how many of them came before the
 * window when some did. */
function averagedHint(p: NonNullable<RunDetail["summary"]>["proxy"] | null): string | undefined {
  if (p?.avg_qtime_ms == null && p?.avg_ttime_ms == null) return undefined;
  const what = p.mode === "tcp" ? "sessions" : "requests";
  const before = p.averaged_before_window ?? 0;
  return before > 0 ? `avg of its last 1,024 ${what}, ${fmtNum(before, 0)} from before the window` : `avg of its last 1,024 ${what}`;
}

function percentiles(l: NonNullable<NonNullable<RunDetail["summary"]>["total"]["latency"]>): string {
  return `${[l.p50, l.p90, l.p95, l.p99, l.p999].map((v) => (v == null ? "—" : fmtNum(v, v >= 100 ? 0 : 1))).join(" / ")} ms`;
}

export function clientProxySides(run: Run, registry: MetricRegistry): Sides {
  const s = run.summary;
  const injectors = s?.injectors ?? [];
  const drivers = [...new Set(injectors.map((i) => i.driver))].join(", ") || run.spec.load.driver;
  const clientsTitle = `Clients (${drivers}${injectors.length > 1 ? `, ${injectors.length} injectors` : ""})`;
  if (!s) return { clientsTitle, rows: [] };
  const t = s.total;
  const p = s.proxy ?? null;
  const http = p != null && p.requests != null && p.requests > 0;
  const c = (key: string, value: number | null | undefined, extra?: Partial<SideCell>) => cellOf(registry, key, value, extra);
  const rows: SideRow[] = [];
  const add = (row: SideRow | null) => row && (row.clients || row.haproxy) && rows.push(row);

  add({
    id: "requests",
    label: labelOf(registry, "requests"),
    clients: c("requests", t.requests),
    haproxy: http ? c("proxy_requests", p.requests) : null,
    note: http ? requestsNote(run, t.requests, p.requests ?? 0) : undefined,
  });
  add({
    id: "successes",
    label: "Successes (2xx)",
    clients: c("successes", t.successes, t.window_source === "proxy_counters" ? { hint: "HAProxy's count of the window: the tool cannot tell when each request completed" } : {}),
    haproxy: http ? c("proxy_2xx", p.hrsp_2xx) : null,
    note: http ? successesNote(run, t.successes, p.hrsp_2xx ?? 0) : undefined,
  });
  const e = t.errors;
  const failed = e?.total ?? 0;
  add({
    id: "errors",
    label: labelOf(registry, "errors_total"),
    clients: c("errors_total", failed, {
      hint: t.requests ? `${fmtNum((100 * failed) / t.requests, 2)} % of requests` : undefined,
      warn: failed > 0,
    }),
    haproxy: null,
  });
  for (const [key, value] of [
    ["errors_connect", e?.connect],
    ["errors_timeout", e?.timeout],
    ["errors_other", e?.other],
  ] as const)
    if (value) add({ id: key, label: labelOf(registry, key), clients: c(key, value, { warn: true }), haproxy: null });
  const replies4xx5xx = http ? (p.hrsp_4xx ?? 0) + (p.hrsp_5xx ?? 0) : 0;
  if ((e?.non_2xx ?? 0) > 0 || replies4xx5xx > 0)
    add({
      id: "non_2xx",
      label: labelOf(registry, "errors_non_2xx"),
      clients: c("errors_non_2xx", e?.non_2xx ?? 0, { warn: (e?.non_2xx ?? 0) > 0 }),
      haproxy: http ? { text: `${fmtNum(p.hrsp_4xx ?? 0, 0)} 4xx · ${fmtNum(p.hrsp_5xx ?? 0, 0)} 5xx`, metric: "proxy_5xx", title: labelOf(registry, "proxy_4xx") + ", " + labelOf(registry, "proxy_5xx") } : null,
    });
  if (p)
    for (const key of ["proxy_econ", "proxy_eresp"] as const) {
      const value = key === "proxy_econ" ? p.econ : p.eresp;
      add({ id: key, label: labelOf(registry, key), clients: null, haproxy: c(key, value ?? 0, { warn: (value ?? 0) > 0 }) });
    }

  const out = p?.bytes_out_per_s ?? null;
  add({
    id: "bytes",
    label: "Bytes per second",
    // When HAProxy counted the window for the tool (hey), total.bytes_per_s is HAProxy's bytes sent.
    clients:
      t.window_source === "proxy_counters"
        ? { text: "not counted", title: "The load tool cannot tell when each reply arrived: the window's bytes are HAProxy's." }
        : t.bytes_per_s > 0
          ? c("bytes_per_s", t.bytes_per_s, { hint: `received, ${bitsPerSecond(t.bytes_per_s)}` })
          : { text: "not counted", title: "The load tool counts no bytes." },
    haproxy: out != null ? c("proxy_bytes_out_per_s", out, { hint: `sent, ${bitsPerSecond(out)}` }) : null,
    note: out != null ? bytesNote(run, t.window_source === "proxy_counters" ? 0 : t.bytes_per_s, out) : undefined,
  });

  const l = t.latency;
  add({
    id: "latency",
    label: "Latency p50 / p90 / p95 / p99 / p99.9",
    clients: l
      ? { text: percentiles(l), metric: "latency_p99_ms", hint: `max ${metricText(l.max, "ms")}`, title: "Of successful requests, as the clients timed them." }
      : { text: t.latency_note ?? "nothing succeeded", warn: !t.latency_note || t.latency_note === "nothing succeeded" },
    haproxy: null,
  });
  // HAProxy's times are averages of its last 1,024 requests (warm-up included until the window has
  // served that many), and in TCP mode a "request" is a whole client session.
  const averaged = averagedHint(p);
  const tcp = p?.mode === "tcp";
  if (p?.avg_ttime_ms != null || l)
    add({
      id: "mean_time",
      label: tcp ? "Mean session time (TCP mode: a whole client connection)" : "Mean time per request",
      clients: l ? { text: metricText(l.mean, "ms"), title: "Mean latency of successful requests, as the clients timed them." } : null,
      haproxy: c("proxy_avg_ttime_ms", p?.avg_ttime_ms, { hint: averaged }),
      note:
        l && p?.avg_ttime_ms != null && differs(l.mean, p.avg_ttime_ms, 1)
          ? "HAProxy times a request from accept to its last byte (its mean of the last 1,024); the clients' time adds the network and their own waiting."
          : tcp && p?.avg_ttime_ms != null
            ? "In TCP mode HAProxy times a session from accept to close: every query a client ran on its connection, not one query."
            : undefined,
    });
  const queuedNothing = p != null && (p.max_qcur ?? 0) === 0 && (p.avg_qtime_ms ?? 0) > 0 && (p.averaged_before_window ?? 0) > 0;
  add({
    id: "qtime",
    label: labelOf(registry, "proxy_avg_qtime_ms"),
    clients: null,
    haproxy: c("proxy_avg_qtime_ms", p?.avg_qtime_ms, { hint: averaged }),
    note: queuedNothing
      ? `Nothing was queued at any of the window's seconds (max queued 0): this average is of HAProxy's last 1,024 ${p.mode === "tcp" ? "sessions" : "requests"}, ${fmtNum(p.averaged_before_window ?? 0, 0)} of them from before the window.`
      : undefined,
  });

  if (p) {
    const maxconn = p.maxconn ?? null;
    const atLimit = maxconn != null && maxconn > 0 && (p.max_scur ?? 0) >= maxconn;
    const connections = labConnections(s, run.spec.load.connections);
    add({
      id: "sessions",
      label: "Concurrent connections",
      clients: connections != null ? { text: fmtNum(connections, 0), hint: "asked for", title: "Connections the load tools were asked to keep open, over all injectors." } : null,
      haproxy: c("proxy_max_scur", p.max_scur, { hint: maxconn ? `most at once, of maxconn ${fmtNum(maxconn, 0)}` : "most at once", warn: atLimit }),
    });
    add({ id: "queued", label: labelOf(registry, "proxy_max_qcur"), clients: null, haproxy: c("proxy_max_qcur", p.max_qcur, { warn: (p.max_qcur ?? 0) > 0 }) });
    const connects = p.connects ?? 0;
    const reuses = p.reuses ?? 0;
    add({ id: "connects", label: labelOf(registry, "proxy_connects"), clients: null, haproxy: c("proxy_connects", connects) });
    add({
      id: "reuses",
      label: labelOf(registry, "proxy_reuses"),
      clients: null,
      haproxy: c("proxy_reuses", reuses, { hint: connects + reuses > 0 ? `${fmtNum((100 * reuses) / (connects + reuses), 1)} % of server requests` : undefined }),
    });
    add({ id: "server_conns", label: labelOf(registry, "proxy_max_server_conns"), clients: null, haproxy: c("proxy_max_server_conns", p.max_server_conns, { hint: "in use + idle, at once" }) });
  }
  add({ id: "duration", label: labelOf(registry, "duration_s"), clients: c("duration_s", t.duration_s), haproxy: null });
  if (t.warmup_responses)
    add({
      id: "warmup",
      label: labelOf(registry, "warmup_responses"),
      clients: c("warmup_responses", t.warmup_responses, { hint: "before the window; not in the rate" }),
      haproxy: null,
    });
  if (t.drain)
    add({
      id: "drain",
      label: labelOf(registry, "drain_responses"),
      clients: c("drain_responses", t.drain.responses, { hint: `the last ${fmtNum(t.drain.last_after_s, 1)} s late; not in the rate` }),
      haproxy: null,
    });
  return { clientsTitle, rows };
}
