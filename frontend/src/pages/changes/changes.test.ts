import { describe, expect, it } from "vitest";

import { changeSize, differenceText } from "./ChangesPage";

describe("a detected change", () => {
  it("says its size and which way", () => {
    expect(changeSize({ change_pct: -40, worse: true })).toBe("-40.0 % (worse)");
    expect(changeSize({ change_pct: 12.34, worse: false })).toBe("+12.3 % (better)");
    expect(changeSize({ change_pct: 7, worse: null })).toBe("+7.0 %");
  });
  it("writes what differs as one line each", () => {
    expect(differenceText({ what: "spec proxy.global.maxconn", before: 20, after: 5 })).toBe("spec proxy.global.maxconn: 20 → 5");
    expect(differenceText({ what: "config line added", before: null, after: "maxconn 5" })).toBe("config line added: maxconn 5");
    expect(differenceText({ what: "config line removed", before: "maxconn 20", after: null })).toBe("config line removed: maxconn 20");
  });
});
