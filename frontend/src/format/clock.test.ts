import { describe, expect, it } from "vitest";

import { CLOCK_BOUND_MS, clockText, clockWarning } from "./clock";

const at = (offset_ms: number, round_trip_ms = 0.8) => ({ offset_ms, round_trip_ms, measured_at: "2026-11-27T10:00:00Z", exchanges: 8 });

describe("an agent's clock as people read it", () => {
  it("takes its bound from the API", () => {
    expect(CLOCK_BOUND_MS).toBe(20);
  });

  it("says in step within the bound, and which way and how far beyond it", () => {
    expect(clockText(at(-0.3))).toBe("in step with the API's (0.3 ms off, ±0.4 ms)");
    expect(clockText(at(-200.4))).toBe("200 ms ahead of the API's (±0.4 ms)");
    expect(clockText(at(35, 3))).toBe("35 ms behind the API's (±1.5 ms)");
  });

  it("warns in a plain sentence only beyond the bound", () => {
    expect(clockWarning("injector-1", at(-CLOCK_BOUND_MS))).toBeNull();
    expect(clockWarning("injector-1", null)).toBeNull();
    expect(clockWarning("injector-1", at(-200.4))).toMatch(/^injector-1's clock is 200 ms ahead of the API's, more than the 20 ms runs tolerate/);
  });
});
