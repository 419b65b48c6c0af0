import { describe, expect, it } from "vitest";

import type { SampleSeries } from "../../client/types.gen";
import { addSample, hostSources, liveRows, sampleCount, type SampleStore } from "./liveSeries";

const SERIES: SampleSeries[] = [
  { key: "req_s", sample_key: "FRONTEND.req_tot", label: "requests/s", unit: "req/s", source: "haproxy" },
  { key: "cpu", sample_key: "cpu_pct", label: "CPU", unit: "%", source: "host" },
];
import { formatSeconds, runProgress, sweepProgress } from "./progress";

describe("liveRows", () => {
  it("makes one row per second with gaps as null and one column per host", () => {
    const store: SampleStore = new Map();
    addSample(store, "proxy", 0, { "FRONTEND.req_tot": 10, "FRONTEND.scur": 5 });
    addSample(store, "proxy", 2, { "FRONTEND.req_tot": 12 });
    addSample(store, "host:proxy-1", 1, { cpu_pct: 40, rx_bytes: 1000, tx_bytes: 2000 });
    addSample(store, "proxy", 0, { "FRONTEND.req_tot": 11 }); // a repeat replaces, never doubles

    const rows = liveRows(store, SERIES);

    expect(rows.map((r) => r.t)).toEqual([0, 1, 2]);
    expect(rows.map((r) => r.req_s)).toEqual([11, null, 12]);
    expect(rows[1]["cpu:proxy-1"]).toBe(40);
    expect(rows[0]["cpu:proxy-1"]).toBeNull();
    expect(sampleCount(store)).toBe(3);
  });

  it("takes the host sources, ordered by agent", () => {
    const store: SampleStore = new Map();
    addSample(store, "proxy", 0, { "FRONTEND.req_tot": 10 });
    addSample(store, "host:target-1", 0, { cpu_pct: 1 });
    addSample(store, "host:injector-1", 0, { cpu_pct: 2 });
    addSample(store, "proxy:2", 0, { "be.t9.scur": 1 });
    expect(hostSources(store)).toEqual(["host:injector-1", "host:target-1"]);
  });

  it("is empty without samples", () => {
    expect(liveRows(new Map(), SERIES)).toEqual([]);
  });
});

describe("progress", () => {
  const spec = { load: { duration_s: 8, warmup_s: 2 } };
  it("counts elapsed load time from started_at", () => {
    const started = "2026-01-01T00:00:00Z";
    const p = runProgress({ state: "running", started_at: started, spec }, Date.parse(started) + 4000);
    expect(p).toEqual({ elapsed: 4, remaining: 6, fraction: 0.4 });
  });
  it("is complete for a finished run and empty for a queued one", () => {
    expect(runProgress({ state: "succeeded", started_at: null, spec }, 0).fraction).toBe(1);
    expect(runProgress({ state: "queued", started_at: null, spec }, 0).remaining).toBe(10);
  });
  it("estimates the sweep's time left from unfinished runs", () => {
    const runs = [{ state: "succeeded" }, { state: "running" }, { state: "queued" }] as never[];
    expect(sweepProgress(runs, 10, 5)).toEqual({ done: 1, total: 3, remainingSeconds: 30 });
    expect(formatSeconds(75)).toBe("1m 15s");
  });
});
