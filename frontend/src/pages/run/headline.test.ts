import { describe, expect, it } from "vitest";

import type { Metric, MetricRegistry, RunDetail } from "../../client/types.gen";
import { headline as headlineOf } from "./headline";

// The registry entries the tiles read (contract/metrics.py, GET /metrics): a tile says its figure's
// label and unit from there ("HAProxy sent" is renamed here to prove it is not written in the page).
const metric = (key: string, label: string, unit: string): Metric => ({ key, label, unit, source: "client", path: key, description: "" });
const REGISTRY: MetricRegistry = {
  run_metrics: [
    metric("rps", "Successful requests", "req/s"),
    metric("error_pct", "Error rate", "%"),
    metric("bytes_per_s", "Received", "B/s"),
    metric("proxy_bytes_out_per_s", "Sent by HAProxy", "B/s"),
  ],
  sample_series: [],
};
const headline = (r: Pick<RunDetail, "summary" | "spec">) => headlineOf(r, REGISTRY);

const latency = { p50: 4.2, p90: 8, p95: 9.5, p99: 12.25, p999: 20, max: 31, mean: 5 };

function run(total: Partial<NonNullable<RunDetail["summary"]>["total"]>, load: { rate?: number | null; connections?: number }): Pick<RunDetail, "summary" | "spec"> {
  return {
    summary: { total: { requests: 1000, successes: 990, duration_s: 10, rps: 99, bytes_per_s: 816, latency, ...total } },
    spec: { load } as RunDetail["spec"],
  };
}

describe("the run's headline", () => {
  it("sets the rate against what an open loop asked, and flags a shortfall", () => {
    const [rate] = headline(run({ rps: 180 }, { rate: 200 }));
    expect(rate).toMatchObject({ value: "180 req/s", hint: "90 % of the 200 req/s asked", tone: "warn" });
    expect(headline(run({ rps: 199 }, { rate: 200 }))[0].tone).toBe("");
    expect(headline(run({}, { connections: 30 }))[0].hint).toBe("closed loop, 30 connections");
  });

  it("says who counted the window's successes: the tool's records, or HAProxy's count when the tool cannot tell", () => {
    const records = run({ rps: 10, duration_s: 6, window_source: "tool_records" }, { connections: 12 });
    expect(headline(records)[0]).toMatchObject({ value: "10 req/s", hint: "2xx completed in the 6 s window; closed loop, 12 connections", tone: "" });
    const note =
      "HAProxy's count over the window: hey cannot tell when each request completed. Errors and latency are hey's own, over its whole run";
    const counted = run({ rps: 10, duration_s: 6, window_source: "proxy_counters", window_note: note }, { connections: 12 });
    expect(headline(counted)[0]).toMatchObject({
      value: "10 req/s",
      hint: "HAProxy's count over the window: hey cannot tell when each request completed; closed loop, 12 connections",
      tone: "",
    });
    // Its bytes are HAProxy's too, and say so.
    expect(headline(counted)[3]).toMatchObject({ label: "Sent by HAProxy", value: "816 B/s", hint: "HAProxy's bytes sent to clients over the window" });
    const own = run({ rps: 8.9, window_source: "tool_totals", window_note: "mariadb-slap runs a fixed number of queries: its rate is its own" }, { connections: 20 });
    expect(headline(own)[0]).toMatchObject({ hint: "mariadb-slap runs a fixed number of queries: its rate is its own; closed loop, 20 connections", tone: "warn" });
  });

  it("sets an open loop's answered requests of the window beside the rate, never a shortfall from its edges", () => {
    // Seed 002: 55 req/s completed in a 4 s window of 300 ms pages at 60 req/s: the pages still in
    // flight at the window's end are answered after it (the drain), not missing.
    const r = run({ rps: 55, duration_s: 4, window_source: "tool_records", drain: { responses: 19, last_after_s: 0.3 } }, { rate: 60 });
    r.summary!.total.open_loop = { target_rate: 60, sent: 239, send_rate: 59.8, late_sends: 0, dropped_sends: 1, max_send_lag_ms: 1, late_threshold_ms: 10, answered: 238 };
    expect(headline(r)[0]).toMatchObject({
      value: "55 req/s",
      hint: "2xx completed in the 4 s window; 99.6 % of the 239 requests sent in it answered, 19 after it",
      tone: "",
    });
    r.summary!.total.open_loop.answered = 200;
    expect(headline(r)[0].tone).toBe("warn");
  });

  it("says when an older run's tool divided by more than the window, with HAProxy's 2xx rate over it", () => {
    const r = run({ rps: 1.5, duration_s: 20.4 }, { connections: 12 });
    r.spec.load = { connections: 12, warmup_s: 2, duration_s: 4 };
    r.summary!.proxy = { hrsp_2xx: 20 };
    expect(headline(r)[0]).toMatchObject({
      value: "1.5 req/s",
      hint: "divided by the tool's 20.4 s, not the 6 s planned: it waited for requests still in flight; HAProxy answered 5 req/s with 2xx over the 4 s measured; closed loop, 12 connections",
      tone: "warn",
    });
    r.summary!.total.duration_s = 6.2; // hey's usual few tenths past the window: nothing to say
    expect(headline(r)[0]).toMatchObject({ hint: "closed loop, 12 connections", tone: "" });
  });

  it("says a latency the tool does not measure is not measured, never that nothing succeeded", () => {
    // Seed 001: mariadb-slap, 2,000 queries, no errors.
    const slap = headline(run({ requests: 2000, successes: 2000, latency: null, latency_note: "not measured by mariadb-slap" }, {}));
    expect(slap[1]).toMatchObject({ value: "—", hint: "not measured by mariadb-slap", tone: "muted" });
    expect(headline(run({ successes: 0, latency: null }, {}))[1]).toMatchObject({ hint: "nothing succeeded", tone: "bad" });
  });

  it("greys every figure of a window too short to measure, and says why", () => {
    const r = run({ rps: 8928.6, duration_s: 0.224, window_source: "tool_totals", window_note: "mariadb-slap runs a fixed number of queries" }, {});
    r.summary!.completeness = { complete: false, asked_s: 5, measured_s: 0.224, too_short: true, reasons: [] };
    const figures = headline(r);
    expect(figures.every((f) => f.tone === "muted")).toBe(true);
    expect(figures[0]).toMatchObject({ value: "8,928.6 req/s", hint: "too short to measure: 0.2 s of the 5 s asked" });
  });

  it("gives p50 / p95 / p99, error % with its counts, and bytes in readable units", () => {
    const figures = Object.fromEntries(headline(run({ errors: { connect: 0, timeout: 60, non_2xx: 0, other: 0, total: 60 } }, {})).map((f) => [f.id, f]));
    expect(figures.latency.value).toBe("4.2 / 9.5 / 12.3 ms");
    expect(figures.errors).toMatchObject({ value: "6 %", hint: "60 of 1,000 requests", tone: "bad" });
    expect(figures.throughput.value).toBe("816 B/s");
    const slow = headline(run({ latency: { ...latency, p50: 5011.3, p95: 5025, p99: 5027.2 } }, {}));
    expect(slow[1].value).toBe("5,011 / 5,025 / 5,027 ms");
  });

  it("falls back to HAProxy's bytes when the load tool counts none", () => {
    const r = run({ bytes_per_s: 0 }, {});
    r.summary!.proxy = { bytes_out_per_s: 680 };
    expect(headline(r)[3]).toMatchObject({ label: "Sent by HAProxy", value: "680 B/s" });
  });

  it("says nothing without a summary, and a dash for a p95 older runs did not keep", () => {
    expect(headline({ summary: null, spec: { load: {} } as RunDetail["spec"] })).toEqual([]);
    const old = headline(run({ latency: { ...latency, p95: null } }, {}));
    expect(old[1].value).toBe("4.2 / — / 12.3 ms");
  });
});
