import { describe, expect, it } from "vitest";

import { lastPart, paramsText } from "../experiments/sweepAnalysis";
import type { LaunchDetail } from "../../client/types.gen";
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
  const result = (point: number, maxconn: number, passed: boolean) =>
    ({ point_index: point, params: { "proxy.global.maxconn": maxconn }, passed }) as unknown as LaunchDetail["point_thresholds"][number];

  it("name the point each check is about, this run's first", () => {
    expect(pointChecksTitle([result(1, 10, true)], 1)).toBe("This run's point 2 (maxconn 10): its check passed");
    expect(pointChecksTitle([result(1, 10, true), result(1, 10, false), result(1, 10, true)], 1)).toBe("This run's point 2 (maxconn 10): 1 of 3 checks failed");
    expect(pointChecksTitle([result(0, 5, false), result(1, 10, true)], 1)).toBe("This run's point 2 (maxconn 10): its check passed · point 1 (maxconn 5): its check failed");
  });

  it("never let another point's check read as this run's", () => {
    const title = pointChecksTitle([result(0, 5, true)], 1);
    expect(title).toBe("No check judges this run's point 2 · point 1 (maxconn 5): its check passed");
    expect(title.startsWith("The sweep-point check passed")).toBe(false);
    const many = [0, 2, 3, 4].map((p) => result(p, 5 * (p + 1), p !== 3));
    expect(pointChecksTitle(many, 1)).toBe("No check judges this run's point 2 · 4 other points: 1 of 4 checks failed");
  });
  it("name a point by its values, a list index kept", () => {
    expect(lastPart("proxy.global.cpu_map.0")).toBe("cpu_map.0");
    expect(lastPart("proxy.global.maxconn")).toBe("maxconn");
    expect(paramsText({ "proxy.global.nbthread": 2, "proxy.global.cpu_map.0": "1/all 0-1" })).toBe("nbthread 2, cpu_map.0 1/all 0-1");
  });
});
