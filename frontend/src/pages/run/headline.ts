// The answer of a finished run, first: achieved rate against what was asked, latency p50/p95/p99,
// error %, delivered throughput. Pure, so the page and its test share it.
import type { RunDetail } from "../../client/types.gen";
import { fmtNum } from "../../components/keyFigures";
import { bitsPerSecond, bytesPerSecond } from "../../format/units";

export type Tone = "ok" | "warn" | "bad" | "";
export type Headline = { id: string; label: string; value: string; hint?: string; tone: Tone };

// The verdicts' own thresholds (worker/verdicts/rules.py), so the headline and the verdict agree:
// below OFFERED_KEPT_UP of the asked rate an open loop did not get its load; above ERROR_RATIO of
// failed requests the throughput means little.
const RATE_SHORTFALL = 0.95;
const ERRORS_BAD_PCT = 5;
// A tool's own time this much past warm-up + duration (plus a second) no longer describes the window.
const STRETCH = 1.1;

export function headline(run: Pick<RunDetail, "summary" | "spec">): Headline[] {
  const s = run.summary;
  if (!s) return [];
  const t = s.total;
  const asked = run.spec.load.rate ?? null;
  const stretched = stretchedRate(run);
  const rate: Headline = {
    id: "rate",
    label: "Achieved rate",
    value: `${fmtNum(t.rps, 1)} req/s`,
    hint:
      stretched ??
      (asked != null
        ? `${fmtNum((100 * t.rps) / asked, 1)} % of the ${fmtNum(asked, 0)} req/s asked`
        : `closed loop, ${fmtNum(run.spec.load.connections ?? 0, 0)} connections`),
    tone: stretched != null || (asked != null && t.rps < RATE_SHORTFALL * asked) ? "warn" : "",
  };
  const l = t.latency;
  const latency: Headline = {
    id: "latency",
    label: "Latency p50 / p95 / p99",
    value: l ? `${[l.p50, l.p95, l.p99].map((v) => (v == null ? "—" : ms(v))).join(" / ")} ms` : "—",
    hint: l ? `max ${ms(l.max)} ms` : "nothing succeeded",
    tone: l ? "" : "bad",
  };
  const failed = t.errors?.total ?? 0;
  const errorPct = t.requests ? (100 * failed) / t.requests : 0;
  const errors: Headline = {
    id: "errors",
    label: "Errors",
    value: `${fmtNum(errorPct, 2)} %`,
    hint: `${fmtNum(failed, 0)} of ${fmtNum(t.requests, 0)} requests`,
    tone: errorPct > ERRORS_BAD_PCT ? "bad" : failed > 0 ? "warn" : "ok",
  };
  return [rate, latency, errors, delivered(t.bytes_per_s, s.proxy?.bytes_out_per_s ?? null)];
}

/**
 * A tool that reports once, over its own run (hey), divides by more than the window when it waited
 * for requests in flight past the load's end (connections HAProxy never accepted wait for their
 * timeout): the rate then reads far below what was served. Say so, with HAProxy's 2xx over the
 * measured window beside it; null when the tool's time is the planned one.
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

/** What the clients received; HAProxy's count when the load tool counts no bytes (hey). */
function delivered(clientBytesPerS: number, proxyBytesPerS: number | null): Headline {
  if (clientBytesPerS > 0 || proxyBytesPerS == null)
    return {
      id: "throughput",
      label: "Delivered",
      value: bytesPerSecond(clientBytesPerS),
      hint: `${bitsPerSecond(clientBytesPerS)} received by the clients`,
      tone: "",
    };
  return {
    id: "throughput",
    label: "Delivered (HAProxy)",
    value: bytesPerSecond(proxyBytesPerS),
    hint: "the load tool counts no bytes: HAProxy's bytes sent to clients",
    tone: "",
  };
}
