import { describe, expect, it } from "vitest";

import type { ComparePoint, CompareSetups, CompareTable, SampleSeries } from "../../client/types.gen";
import { parse, toSearch } from "./compareParams";
import { toCsv } from "./csv";
import { askedLines, overlayRows, overlaySeries } from "./overlay";
import { runLabels, runSeries, runStyle } from "./runs";
import { differenceHeadline, lineDiff, settingDiffs } from "./setupDiff";
import { hasRepetitions, spreadNote, sweepCsv, sweepData } from "./sweepData";

const spread = (mean: number, min: number, max: number, stddev = 0, ci?: [number, number], noisy = false) => ({
  n: 2,
  mean,
  min,
  max,
  stddev,
  ci_low: ci?.[0] ?? null,
  ci_high: ci?.[1] ?? null,
  noisy,
});

function point(maxconn: number, rps: ReturnType<typeof spread>, extra: Record<string, unknown> = {}): ComparePoint {
  return {
    experiment_id: 1,
    experiment_name: "seed",
    point_index: maxconn,
    params: { "proxy.global.maxconn": maxconn, ...extra },
    run_ids: [maxconn],
    metrics: { rps },
  };
}

describe("compare URL", () => {
  it("round-trips a view and keeps defaults out of the URL", () => {
    const search = new URLSearchParams("runs=3,1,3,x&metric=latency_p99_ms&chart=bar&baseline=1");
    const view = parse(search);
    expect(view.runs).toEqual([3, 1]);
    expect(toSearch(view).toString()).toBe("runs=3%2C1&metric=latency_p99_ms&chart=bar&baseline=1");
    expect(toSearch({ ...view, smooth: true }).get("smooth")).toBe("1");
    expect(parse(new URLSearchParams("smooth=1")).smooth).toBe(true);
  });
});

describe("error bars say n", () => {
  it("draws none for one run per point and says so", () => {
    const one = { ...spread(5, 5, 5), n: 1 };
    const points = [point(5, one), point(10, { ...one, mean: 10 })];
    expect(hasRepetitions(points, "rps")).toBe(false);
    expect(spreadNote(points, "rps", "ci")).toBe("One run per point: no error bars.");
    expect(spreadNote([point(5, one)], "rps", "ci")).toBe("One run: no error bar.");
  });

  it("names the runs each mean is of and the interval drawn", () => {
    const three = { ...spread(5, 4, 6, 1, [3, 7]), n: 3 };
    expect(hasRepetitions([point(5, three)], "rps")).toBe(true);
    expect(spreadNote([point(5, three), point(10, three)], "rps", "ci")).toBe("Mean of 3 runs per point, error bars: 95% interval.");
    expect(spreadNote([point(5, three), point(10, spread(9, 8, 10))], "rps", "minmax")).toBe("Mean of 2 to 3 runs per point, error bars: min to max.");
    expect(spreadNote([point(5, three), point(10, { ...three, n: 1 })], "rps", "ci")).toBe("Mean of 3 runs per point, error bars: 95% interval; 1 point of one run, without a bar.");
  });
});

describe("sweepData", () => {
  it("sorts numeric params and carries min/max error bars", () => {
    const data = sweepData([point(20, spread(19, 18, 20)), point(5, spread(5, 4, 6))], "proxy.global.maxconn", "rps", "minmax");
    expect(data.numeric).toBe(true);
    expect(data.rows.map((r) => [r.x, r.s0, r.s0_err])).toEqual([
      [5, 5, [1, 1]],
      [20, 19, [1, 1]],
    ]);
    expect(sweepCsv(data, "maxconn", "rps")[1]).toEqual([5, 5, 1, 1, 2, "no"]);
  });

  it("draws the 95% interval by default and marks noisy points", () => {
    const data = sweepData([point(5, spread(100, 90, 110, 10, [75, 125], true))], "proxy.global.maxconn", "rps", parse(new URLSearchParams()).spread);
    expect(data.rows[0].s0_err).toEqual([25, 25]);
    expect(sweepCsv(data, "maxconn", "rps")[1]).toEqual([5, 100, 25, 25, 2, "yes"]);
    // One run has no interval: no bar rather than a made-up one, whatever the spread asked.
    const one = { ...spread(100, 100, 100), n: 1 };
    for (const kind of ["ci", "minmax", "stddev"] as const) expect(sweepData([point(5, one)], "proxy.global.maxconn", "rps", kind).rows[0].s0_err).toBeUndefined();
    expect(sweepCsv(sweepData([point(5, one)], "proxy.global.maxconn", "rps", "ci"), "maxconn", "rps")[1]).toEqual([5, 100, null, null, 1, "no"]);
  });

  it("draws one line per combination of the other params", () => {
    const data = sweepData(
      [point(5, spread(5, 5, 5), { "load.keep_alive": true }), point(5, spread(3, 3, 3), { "load.keep_alive": false })],
      "proxy.global.maxconn",
      "rps",
      "stddev",
    );
    expect(data.series.map((s) => s.label)).toEqual(["keep_alive=true", "keep_alive=false"]);
    expect(data.rows).toHaveLength(1);
  });
});

describe("toCsv", () => {
  it("quotes what needs quoting", () => {
    expect(toCsv([["a,b", 'say "hi"', null, 3]])).toBe('"a,b","say ""hi""",,3\n');
  });
});

const load = (connections: number, rate: number | null = null) => ({ connections, rate, warmup_s: 2, duration_s: 5 });

// Two "maxconn 60" runs with 20 and 50 clients, and a maxconn 80 run on another lab.
const SETUPS: CompareSetups = {
  runs: [
    { run_id: 11, lab_name: "local", load: load(20, 100), config_index: 0 },
    { run_id: 2, lab_name: "local", load: load(50, 100), config_index: 0 },
    { run_id: 30, lab_name: "big", load: load(50), config_index: 1 },
  ],
  differences: [
    { path: "proxy.global.maxconn", values: [60, 60, 80], swept: true },
    { path: "load.connections", values: [20, 50, 50], swept: false },
    { path: "load.rate", values: [100, 100, null], swept: false },
  ],
  configs: ["global\n  maxconn 60\ndefaults\n  mode http", "global\n  maxconn 80\ndefaults\n  mode http"],
};

describe("setup differences", () => {
  it("lists what the sweep does not explain first, the baseline's value apart", () => {
    const diffs = settingDiffs(SETUPS, 11);
    expect(diffs.map((d) => [d.path, d.swept])).toEqual([
      ["lab", false],
      ["load.connections", false],
      ["load.rate", false],
      ["proxy.global.maxconn", true],
    ]);
    const clients = diffs[1];
    expect(clients.baseline).toBe("20");
    expect(clients.groups).toEqual([
      { text: "20", runIds: [11], isBaseline: true },
      { text: "50", runIds: [2, 30], isBaseline: false },
    ]);
    expect(differenceHeadline(clients)).toBe("load.connections 20 vs 50");
    expect(diffs[2].groups.map((g) => g.text)).toEqual(["100", "—"]); // no rate: closed loop
  });

  it("diffs configs line by line and folds what did not change", () => {
    const before = ["global", "  maxconn 60", "  nbthread 2", "a", "b", "c", "d", "e", "f", "g", "h", "defaults"].join("\n");
    const after = before.replace("maxconn 60", "maxconn 80") + "\n  timeout client 5s";
    const lines = lineDiff(before, after, 2);
    expect(lines).toEqual([
      { kind: "same", text: "global", oldNo: 1, newNo: 1 },
      { kind: "removed", text: "  maxconn 60", oldNo: 2 },
      { kind: "added", text: "  maxconn 80", newNo: 2 },
      { kind: "same", text: "  nbthread 2", oldNo: 3, newNo: 3 },
      { kind: "same", text: "a", oldNo: 4, newNo: 4 },
      { kind: "skipped", count: 6 },
      { kind: "same", text: "h", oldNo: 11, newNo: 11 },
      { kind: "same", text: "defaults", oldNo: 12, newNo: 12 },
      { kind: "added", text: "  timeout client 5s", newNo: 13 },
    ]);
    expect(lineDiff("x\ny", "x\ny")).toEqual([{ kind: "skipped", count: 2 }]);
  });
});

describe("runs across the page's charts", () => {
  const table = {
    param_columns: ["proxy.balance"],
    metric_columns: [],
    no_op_params: [],
    rows: [11, 2, 30].map((id, i) => ({ run_id: id, params: { "proxy.balance": "roundrobin" }, repetition: i === 2 ? 1 : 0 })),
  } as unknown as CompareTable;

  it("gives each run one colour and lists runs in natural order", () => {
    const runs = runStyle([11, 2, 30], table);
    const overlay = runSeries([30, 11, 2], runs);
    const spectrum = runSeries([2, 30, 11], runs);
    expect(overlay.map((s) => s.name)).toEqual(["#2 balance=roundrobin", "#11 balance=roundrobin", "#30 balance=roundrobin r2"]);
    expect(spectrum).toEqual(overlay);
    expect(runLabels(table).get(2)).toBe("#2 balance=roundrobin"); // a string value without quotes
  });

  it("say a run's verdict in its label when it is not a plain success", () => {
    const outcome = (kind: string, label: string, failed = 0) => ({ kind, label, tone: "warning", rules_judged: 3, rules_failed: failed });
    const judged = {
      ...table,
      rows: [
        { run_id: 1, params: {}, repetition: 0, outcome: outcome("succeeded", "succeeded") },
        { run_id: 2, params: {}, repetition: 0, outcome: outcome("rules_failed", "succeeded, 1 of 3 rules failed", 1) },
        { run_id: 3, params: {}, repetition: 0, outcome: outcome("partial", "partial") },
        { run_id: 4, params: {}, repetition: 0, outcome: outcome("succeeded", "succeeded"), capacity_note: "Bound by the load tool's CPU on a machine ..." },
      ],
    } as unknown as CompareTable;
    expect([...runLabels(judged).values()]).toEqual(["#1", "#2 (1 of 3 rules failed)", "#3 (partial)", "#4 (shared machine)"]);
  });

  it("draws each distinct asked load once, over the seconds the load ran", () => {
    const colors = runStyle([11, 2, 30], table).colors;
    // The registry's series (GET /metrics), as the overlay's select offers them.
    const known: SampleSeries[] = [
      { key: "req_s", sample_key: "FRONTEND.req_tot", label: "requests", unit: "req/s", source: "haproxy" },
      { key: "scur", sample_key: "FRONTEND.scur", label: "client sessions (scur)", unit: "", source: "haproxy" },
      { key: "qtime", sample_key: "BACKEND.qtime", label: "queue time", unit: "ms", source: "haproxy" },
    ];
    const rate = askedLines(overlaySeries("proxy|FRONTEND.req_tot", known), SETUPS, colors);
    // Run 30 is closed loop (no rate asked); 11 and 2 share one asked line, in the shared grey.
    expect(rate.map((a) => [a.value, a.runIds, a.name])).toEqual([[100, [11, 2], "asked 100 req/s (Runs #2, #11)"]]);
    const clients = askedLines(overlaySeries("proxy|FRONTEND.scur", known), SETUPS, colors);
    expect(clients.map((a) => [a.value, a.runIds])).toEqual([
      [20, [11]],
      [50, [2, 30]],
    ]);
    expect(clients[0].color).toBe(colors.get("11")); // one run's asked line takes its colour
    expect(askedLines(overlaySeries("proxy|BACKEND.qtime", known), SETUPS, colors)).toEqual([]);
    expect(askedLines(overlaySeries("proxy|FRONTEND.req_tot", []), SETUPS, colors)).toEqual([]); // registry not read yet

    const rows = overlayRows({ series: [], runs: [{ run_id: 11, t: [-3, -2, 0, 5, 6], values: [[1], [2], [3], [4], [5]] }] }, rate);
    expect(rows.map((r) => [r.t, r.r11, r.asked0 ?? null])).toEqual([
      [-3, 1, null],
      [-2, 2, 100],
      [0, 3, 100],
      [5, 4, 100],
      [6, 5, null],
    ]);
  });
});
