import { describe, expect, it } from "vitest";

import type { SampleSeries } from "../../client/types.gen";
import { ERROR_TONES, NEUTRAL, SUCCESS } from "../../charts/palette";
import { addSample, hostSources, liveChartSeries, liveRows, sampleCount, type SampleStore } from "./liveSeries";

const SERIES: SampleSeries[] = [
  { key: "req_s", sample_key: "FRONTEND.req_tot", label: "requests/s", unit: "req/s", source: "haproxy" },
  { key: "cpu", sample_key: "cpu_pct", label: "CPU", unit: "%", source: "host" },
];

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

describe("liveChartSeries", () => {
  it("draws totals neutral, 2xx green, errors red, and a host in one colour across charts", () => {
    const known = new Map(SERIES.map((s) => [s.key, s]));
    const charts = liveChartSeries(known, ["injector-1", "proxy-1"]);
    expect(charts.rps.map((s) => [s.key, s.name, s.color])).toEqual([
      ["req_s", "requests/s", NEUTRAL],
      ["ok_2xx", "ok_2xx", SUCCESS],
    ]);
    expect(charts.errors.every((s) => (ERROR_TONES as readonly string[]).includes(s.color))).toBe(true);
    const cpu = charts.cpu.find((s) => s.name === "proxy-1")!;
    const network = charts.network.filter((s) => s.key.endsWith(":proxy-1"));
    expect(network.map((s) => s.color)).toEqual([cpu.color, cpu.color]);
    expect(network.map((s) => s.dash)).toEqual([undefined, "5 3"]); // received solid, sent dashed
    expect(charts.cpu[0].color).not.toBe(cpu.color);
  });
});
