import { describe, expect, it } from "vitest";

import { checksTitle, ruleNumber } from "./ThresholdChecks";

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
});
