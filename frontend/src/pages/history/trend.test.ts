import { describe, expect, it } from "vitest";

import { readTrend, sparklinePoints, tooFewText } from "./trend";

const p99 = { label: "Latency p99", unit: "ms", better: "lower" as const };
const rps = { label: "Successful requests", unit: "req/s", better: "higher" as const };

describe("a trend read in words", () => {
  it("says first and latest with units, and whether the move is better or worse", () => {
    const t = readTrend([41, 44, 58], p99, true)!;
    expect(t.label).toBe("Latency p99 over the last 3 runs: 41 ms → 58 ms");
    expect([t.direction, t.tone]).toEqual(["up", "worse"]);
    expect(readTrend([900, 1000, 1200], rps, true)!.tone).toBe("better");
    expect(readTrend([58, 50, 41], p99, true)!.tone).toBe("better");
  });

  it("calls a change within run-to-run noise steady, and a metric without a better way neutral", () => {
    expect(readTrend([100, 101, 103], p99, true)!.direction).toBe("steady");
    expect(readTrend([100, 101, 103], p99, true)!.tone).toBe("");
    expect(readTrend([10, 15, 20], { label: "Measured", unit: "s", better: null }, true)!.tone).toBe("");
    expect(readTrend([0, 0.2, 0.5], { label: "Error rate", unit: "%", better: "lower" }, true)).toMatchObject({ change: null, direction: "up", tone: "worse" });
    expect(readTrend([], p99, false)).toBeNull();
  });

  it("reads one or two runs as values, never as steady, up or down", () => {
    const one = readTrend([7], p99, false)!;
    expect(one).toMatchObject({ direction: null, tone: "", change: null, enough: false });
    expect(one.label).toBe("Latency p99 of the last run: 7 ms (1 run: not enough for a trend)");
    const two = readTrend([41, 58], p99, false)!;
    expect(two).toMatchObject({ direction: null, tone: "" });
    expect(two.label).toBe("Latency p99 of the last 2 runs: 41 ms, 58 ms (2 runs: not enough for a trend)");
    expect(tooFewText(2)).toBe("2 runs: not enough for a trend");
  });
});

describe("sparkline points", () => {
  it("spans the box, oldest left, highest value at the top", () => {
    expect(sparklinePoints([10, 30, 20], 100, 20, 0)).toEqual([
      [0, 20],
      [50, 0],
      [100, 10],
    ]);
  });

  it("draws a flat or single-value series across the middle", () => {
    expect(sparklinePoints([5, 5], 100, 20, 0)).toEqual([
      [0, 10],
      [100, 10],
    ]);
    expect(sparklinePoints([5], 100, 20)).toEqual([[50, 10]]);
    expect(sparklinePoints([], 100, 20)).toEqual([]);
  });
});
