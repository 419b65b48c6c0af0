import { describe, expect, it } from "vitest";

import type { RunSampleColumns, SampleSeries } from "../../client/types.gen";
import { liveChartSeries } from "./liveSeries";
import { chartStep, columnRows, MAX_POINTS, maxKey, minKey, RAW_ZOOM_MAX_S, rawRange, withBands } from "./sampleColumns";

const SERIES: SampleSeries[] = [
  { key: "req_s", sample_key: "FRONTEND.req_tot", label: "requests/s", unit: "req/s", source: "haproxy" },
  { key: "cpu", sample_key: "cpu_pct", label: "CPU", unit: "%", source: "host" },
];

describe("chartStep", () => {
  it("keeps every second of a short run and about MAX_POINTS points of a long one", () => {
    expect(chartStep(60)).toBe(1);
    expect(chartStep(MAX_POINTS)).toBe(1);
    expect(chartStep(3600)).toBe(12);
    expect(Math.ceil(3630 / chartStep(3630))).toBeLessThanOrEqual(MAX_POINTS);
  });
});

describe("columnRows", () => {
  it("makes one row per point with the live rows' columns, gaps as null", () => {
    const columns: RunSampleColumns = {
      run_id: 1,
      step: 1,
      sources: {
        proxy: { t: [0, 2], values: { "FRONTEND.req_tot": [10, 12], "FRONTEND.scur": [1, 1] }, min: null, max: null },
        "host:proxy-1": { t: [1, 2], values: { cpu_pct: [40, null] }, min: null, max: null },
      },
    };

    const rows = columnRows(columns, SERIES);

    expect(rows).toEqual([
      { t: 0, req_s: 10, "cpu:proxy-1": null },
      { t: 1, req_s: null, "cpu:proxy-1": 40 },
      { t: 2, req_s: 12, "cpu:proxy-1": null },
    ]);
  });

  it("carries each bucket's min and max when downsampled", () => {
    const columns: RunSampleColumns = {
      run_id: 1,
      step: 10,
      sources: { proxy: { t: [-10, 0], values: { "FRONTEND.req_tot": [5.5, 20] }, min: { "FRONTEND.req_tot": [1, 15] }, max: { "FRONTEND.req_tot": [9, 25] } } },
    };

    const rows = columnRows(columns, SERIES);

    expect(rows).toEqual([
      { t: -10, req_s: 5.5, [minKey("req_s")]: 1, [maxKey("req_s")]: 9 },
      { t: 0, req_s: 20, [minKey("req_s")]: 15, [maxKey("req_s")]: 25 },
    ]);
  });
});

describe("withBands", () => {
  it("gives every series its min-max band", () => {
    const banded = withBands(liveChartSeries(new Map(), ["proxy-1"]));
    expect(banded.rps[0].band).toEqual({ lo: minKey("req_s"), hi: maxKey("req_s") });
    expect(banded.cpu[0].band).toEqual({ lo: "cpu:proxy-1~min", hi: "cpu:proxy-1~max" });
  });
});

describe("rawRange", () => {
  it("reads a short zoom of downsampled data second by second, to the end of its last bucket", () => {
    expect(rawRange({ from: 120, to: 300 }, 12)).toEqual({ from_t: 120, to_t: 311 });
    expect(rawRange({ from: 0, to: RAW_ZOOM_MAX_S + 1 }, 12)).toBeNull();
    expect(rawRange(null, 12)).toBeNull();
    expect(rawRange({ from: 0, to: 10 }, 1)).toBeNull(); // already every second
  });
});
