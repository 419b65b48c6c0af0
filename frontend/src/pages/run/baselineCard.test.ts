import { describe, expect, it } from "vitest";

import type { MetricAgainstBaseline, RunAgainstBaseline } from "../../client/types.gen";
import { baselineTone, changeText, pText } from "./BaselineCard";

const metric = (over: Partial<MetricAgainstBaseline>): MetricAgainstBaseline => ({
  key: "rps",
  label: "Successful requests",
  unit: "req/s",
  better: "higher",
  baseline_mean: 100,
  baseline_n: 3,
  baseline_ci_low: 97,
  baseline_ci_high: 103,
  value: 80,
  n: 3,
  diff_pct: -20,
  p_value: 0.001,
  significant: true,
  worse: true,
  ...over,
});

const result = (metrics: MetricAgainstBaseline[]): RunAgainstBaseline => ({
  baseline: null,
  compared_run_ids: [],
  in_baseline: false,
  headline: "",
  lead_metric: metrics[0]?.key ?? null,
  metrics,
});

describe("a run against its baseline", () => {
  it("says the change, and whether it counts", () => {
    expect(changeText(metric({}))).toBe("-20.0 % (worse)");
    expect(changeText(metric({ diff_pct: 4.25, worse: false }))).toBe("+4.3 % (better)");
    expect(changeText(metric({ diff_pct: 1.2, significant: false }))).toBe("+1.2 % (not significant)");
    expect(changeText(metric({ diff_pct: null }))).toBe("–");
  });
  it("writes small p-values as a bound", () => {
    expect(pText(0.0000092)).toBe("< 0.001");
    expect(pText(0.0312)).toBe("0.031");
    expect(pText(null)).toBe("–");
  });
  it("is coloured only by a significant change of the lead figure", () => {
    expect(baselineTone(result([metric({})]))).toBe("bad");
    expect(baselineTone(result([metric({ worse: false })]))).toBe("ok");
    expect(baselineTone(result([metric({ significant: false })]))).toBe("neutral");
    expect(baselineTone(result([]))).toBe("neutral");
  });
});
