// The answer of a finished run, first: achieved rate against what was asked, latency p50/p95/p99,
// error %, delivered throughput. Pure, so the page and its test share it.
// Every figure is the measured window's (summary.total): the rate says who counted it
// (window_source: the tool's own records of each request, or HAProxy's counters when the tool
// cannot tell when each request completed), a figure the tool does not measure says so, and a
// run whose window was too short to measure anything has its figures greyed ("muted").
// A tile of one figure is headed by its registry label (contract/metrics.py, GET /metrics).
import type { LoadTotals, MetricRegistry, RunDetail } from "../../client/types.gen";
import { fmtNum } from "../../components/keyFigures";
import { bitsPerSecond, bytesPerSecond } from "../../format/units";
import { runMetric } from "../../metrics/useMetricRegistry";

export type Tone = "ok" | "warn" | "bad" | "muted" | "";
export type Headline = { id: string; label: string; value: string; hint?: string; tone: Tone };

// The verdicts' own thresholds (worker/verdicts/rules.py), so the headline and the verdict agree:
// below OFFERED_KEPT_UP of the asked rate an open loop did not get its load; above ERROR_RATIO of
// failed requests the throughput means little.
const RATE_SHORTFALL = 0.95;
const ERRORS_BAD_PCT = 5;
// A tool's own time this much past warm-up + duration (plus a second) no longer describes the window.
const STRETCH = 1.1;

/** The registry's label of a figure, and its unit; the key while the registry is not read yet. */
const labelOf = (registry: MetricRegistry | undefined, key: string) => runMetric(registry, key)?.label ?? key;
const unitOf = (registry: MetricRegistry | undefined, key: string) => runMetric(registry, key)?.unit ?? "";

export function headline(run: Pick<RunDetail, "summary" | "spec">, registry?: MetricRegistry): Headline[] {
  const s = run.summary;
  if (!s) return [];
  const t = s.total;
  const l = t.latency;
  const unmeasured = !l && t.latency_note != null && t.latency_note !== NOTHING_SUCCEEDED;
  const latency: Headline = {
    id: "latency",
    label: "Latency p50 / p95 / p99",
    value: l ? `${[l.p50, l.p95, l.p99].map((v) => (v == null ? "—" : ms(v))).join(" / ")} ms` : "—",
    hint: l ? `max ${ms(l.max)} ms` : (t.latency_note ?? NOTHING_SUCCEEDED),
    tone: l ? "" : unmeasured ? "muted" : "bad",
  };
  const failed = t.errors?.total ?? 0;
  const errorPct = t.requests ? (100 * failed) / t.requests : 0;
  const errors: Headline = {
    id: "errors",
    label: labelOf(registry, "error_pct"),
    value: `${fmtNum(errorPct, 2)} ${unitOf(registry, "error_pct")}`.trim(),
    hint: `${fmtNum(failed, 0)} of ${fmtNum(t.requests, 0)} requests${t.window_source === "proxy_counters" && failed > 0 ? ` (errors: the load tool's whole run)` : ""}`,
    tone: errorPct > ERRORS_BAD_PCT ? "bad" : failed > 0 ? "warn" : "ok",
  };
  const byHaproxy = t.window_source === "proxy_counters"; // then total.bytes_per_s is HAProxy's bout
  const figures = [rateFigure(run, registry), latency, errors, delivered(registry, byHaproxy ? 0 : t.bytes_per_s, byHaproxy ? t.bytes_per_s : (s.proxy?.bytes_out_per_s ?? null), byHaproxy)];
  const c = s.completeness;
  if (!c?.too_short) return figures;
  // A window far shorter than asked measured too little to stand for anything: the figures stay
  // readable but greyed, and say why (worker/completeness.py).
  const why = `too short to measure: ${fmtNum(c.measured_s, 1)} s of the ${fmtNum(c.asked_s, 0)} s asked`;
  return figures.map((f) => ({ ...f, tone: "muted", hint: f.id === "rate" ? why : f.hint }));
}

const NOTHING_SUCCEEDED = "nothing succeeded";

/**
 * The rate of what completed in the window, saying who counted it and against what the load
 * asked: an open loop's requests of the window answered (whenever the answers came: the rate
 * leaves out the ones still in flight at its end, which is no shortfall), or a closed loop's
 * connections.
 */
function rateFigure(run: Pick<RunDetail, "summary" | "spec">, registry: MetricRegistry | undefined): Headline {
  const t = run.summary!.total;
  const counted = countedBy(run, t);
  const load = loadAgainst(run, t);
  return {
    id: "rate",
    label: labelOf(registry, "rps"),
    value: `${fmtNum(t.rps, 1)} ${unitOf(registry, "rps")}`.trim(),
    hint: [counted.text, load.text].filter(Boolean).join("; "),
    tone: counted.warn || load.warn ? "warn" : "",
  };
}

/** Who counted the window's successes (summary.total.window_source, window_note). */
function countedBy(run: Pick<RunDetail, "summary" | "spec">, t: LoadTotals): { text: string | null; warn: boolean } {
  const firstSentence = (note: string | null | undefined) => (note ?? "").split(". ")[0];
  switch (t.window_source) {
    case "tool_records":
      return { text: `2xx completed in the ${fmtNum(t.duration_s, 1)} s window`, warn: false };
    case "proxy_counters":
      // "HAProxy's count over the window: hey cannot tell when each request completed", or the
      // bounds when some of HAProxy's answers reached no client ("At most ... at least ...").
      return { text: firstSentence(t.window_note), warn: (t.window_note ?? "").startsWith("At most") };
    case "tool_totals":
      return { text: firstSentence(t.window_note), warn: true };
    default: {
      const stretched = stretchedRate(run);
      return { text: stretched, warn: stretched != null };
    }
  }
}

/** The rate against what the load asked: an open loop's window answered, or its connections. */
function loadAgainst(run: Pick<RunDetail, "summary" | "spec">, t: LoadTotals): { text: string; warn: boolean } {
  const asked = run.spec.load.rate ?? null;
  const o = t.open_loop;
  if (o?.answered != null && o.sent > 0) {
    const share = o.answered / o.sent;
    const late = t.drain?.responses ? `, ${fmtNum(t.drain.responses, 0)} after it` : "";
    return {
      text: `${fmtNum(100 * share, 1)} % of the ${fmtNum(o.sent, 0)} requests sent in it answered${late}`,
      warn: share < RATE_SHORTFALL,
    };
  }
  if (asked != null)
    return { text: `${fmtNum((100 * t.rps) / asked, 1)} % of the ${fmtNum(asked, 0)} req/s asked`, warn: t.rps < RATE_SHORTFALL * asked };
  return { text: `closed loop, ${fmtNum(run.spec.load.connections ?? 0, 0)} connections`, warn: false };
}

/**
 * Summaries recorded before window_source was kept: a tool that reports once, over its own run
 * (hey), divided by more than the window when it waited for requests in flight past the load's
 * end. Say so, with HAProxy's 2xx over the measured window beside it; null when the tool's time
 * is the planned one.
 */
function stretchedRate(run: Pick<RunDetail, "summary" | "spec">): string | null {
  const s = run.summary!;
  const planned = (run.spec.load.warmup_s ?? 0) + (run.spec.load.duration_s ?? 0);
  if (!(planned > 0) || s.total.duration_s <= planned * STRETCH + 1) return null;
  const window = run.spec.load.duration_s ?? 0; // what the proxy summary counts over (t in [0, duration))
  const served = s.proxy?.hrsp_2xx != null && window > 0 ? `; HAProxy answered ${fmtNum(s.proxy.hrsp_2xx / window, 1)} req/s with 2xx over the ${fmtNum(window, 0)} s measured` : "";
  return `divided by the tool's ${fmtNum(s.total.duration_s, 1)} s, not the ${fmtNum(planned, 0)} s planned: it waited for requests still in flight${served}`;
}

// Whole milliseconds once they are large: "5,011 ms", not "5,011.3 ms"; a decimal below 100 ms.
const ms = (v: number) => fmtNum(v, v >= 100 ? 0 : 1);

/** What the clients received; HAProxy's count when the load tool counts no bytes, or when HAProxy
 * counted the window for a tool that cannot (hey: total.bytes_per_s is then HAProxy's). */
function delivered(registry: MetricRegistry | undefined, clientBytesPerS: number, proxyBytesPerS: number | null, windowByHaproxy = false): Headline {
  if (clientBytesPerS > 0 || proxyBytesPerS == null)
    return {
      id: "throughput",
      label: labelOf(registry, "bytes_per_s"),
      value: bytesPerSecond(clientBytesPerS),
      hint: `${bitsPerSecond(clientBytesPerS)} received by the clients`,
      tone: "",
    };
  return {
    id: "throughput",
    label: labelOf(registry, "proxy_bytes_out_per_s"),
    value: bytesPerSecond(proxyBytesPerS),
    hint: windowByHaproxy ? "HAProxy's bytes sent to clients over the window" : "the load tool counts no bytes: HAProxy's bytes sent to clients",
    tone: "",
  };
}
