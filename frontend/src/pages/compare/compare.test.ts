import { describe, expect, it } from "vitest";

import type { ComparePoint } from "../../client/types.gen";
import { parse, toSearch } from "./compareParams";
import { toCsv } from "./csv";
import { sweepCsv, sweepData } from "./sweepData";

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
    // One repetition has no interval: no bar rather than a made-up one.
    expect(sweepData([point(5, spread(100, 100, 100))], "proxy.global.maxconn", "rps", "ci").rows[0].s0_err).toEqual([0, 0]);
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
