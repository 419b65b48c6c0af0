import { describe, expect, it } from "vitest";

import { lastPart, paramsText } from "../experiments/sweepAnalysis";
import { checksTitle, pointChecksTitle, ruleNumber } from "./ThresholdChecks";

describe("threshold checks", () => {
  it("write limits as they were written, with their unit", () => {
    expect(ruleNumber(1000, "")).toBe("1,000");
    expect(ruleNumber(0.0001, "")).toBe("0.0001");
    expect(ruleNumber(0.05, "")).toBe("0.05");
    expect(ruleNumber(98, "req/s")).toBe("98 req/s");
    expect(ruleNumber(0.1, "%")).toBe("0.1%");
    expect(ruleNumber(1500, "ms")).toMatch(/^1\.5 s$/);
  });

  it("say how many rules failed, in the singular too", () => {
    expect(checksTitle(1, 0)).toBe("The threshold passed");
    expect(checksTitle(1, 1)).toBe("The threshold failed");
    expect(checksTitle(4, 0)).toBe("All 4 thresholds passed");
    expect(checksTitle(4, 1)).toBe("1 of 4 thresholds failed");
  });

  it("say when rules were not judged: a run too short to measure is neither passed nor failed", () => {
    expect(checksTitle(3, 0, 3)).toBe("3 thresholds not judged: too little measured");
    expect(checksTitle(1, 0, 1)).toBe("The threshold was not judged: too little measured");
    expect(checksTitle(3, 0, 1)).toBe("1 of 3 thresholds not judged");
    expect(checksTitle(3, 1, 1)).toBe("1 of 3 thresholds failed");
  });
});

describe("sweep-point checks", () => {
  it("count the checks like the run's", () => {
    expect(pointChecksTitle(1, 0)).toBe("The sweep-point check passed");
    expect(pointChecksTitle(3, 1)).toBe("1 of 3 sweep-point checks failed");
    expect(pointChecksTitle(2, 0)).toBe("All 2 sweep-point checks passed");
  });
  it("name a point by its values, a list index kept", () => {
    expect(lastPart("proxy.global.cpu_map.0")).toBe("cpu_map.0");
    expect(lastPart("proxy.global.maxconn")).toBe("maxconn");
    expect(paramsText({ "proxy.global.nbthread": 2, "proxy.global.cpu_map.0": "1/all 0-1" })).toBe("nbthread 2, cpu_map.0 1/all 0-1");
  });
});
