import { describe, expect, it } from "vitest";

import type { PointCapacity } from "../../client/types.gen";
import { amount, answerText, answerTone, currentBracket, kneeData, isProbe, numericAxis, probeIndex, probeText, progressText } from "./capacity";
import { CAPACITY } from "./fixture";

const [answered, probing, inconclusive] = CAPACITY.points;

describe("answerText", () => {
  it("reads a capacity with its interval, searches, safe point and the rule that failed above it", () => {
    expect(answerText(answered, "req/s")).toBe("capacity 504 req/s (95% 492–516, 3 searches), safe 403 req/s; above it latency_p99_ms < 100 failed");
  });

  it("gives one search's bracket instead of an interval it cannot have", () => {
    const one: PointCapacity = { ...answered, ci_low: null, ci_high: null, capacity: 500, safe: 400, searches: [answered.searches[0]] };
    expect(answerText(one, "req/s")).toBe("capacity 500 req/s (1 search, between 500 and 508 req/s), safe 400 req/s; above it latency_p99_ms < 100 failed");
  });

  it("says when the probe budget ran out or a pass sat above the bracket", () => {
    const loose: PointCapacity = { ...answered, searches: [{ ...answered.searches[0], answer: { ...answered.searches[0].answer!, within_precision: false, unordered: true } }] };
    expect(answerText(loose, "req/s")).toMatch(/probe budget ran out.*noise near the knee/);
  });

  it("never shows a number of its own for an inconclusive point: the API's sentence", () => {
    expect(answerText(inconclusive, "req/s")).toBe("inconclusive: injector-bound at 3,200 req/s");
    expect(answerTone(inconclusive)).toBe("warn");
    expect(answerTone(answered)).toBe("ok");
    expect(answerTone(probing)).toBe("probing");
    expect(answerTone({ outcome: "failed" })).toBe("bad");
  });
});

describe("progress", () => {
  it("reads the probes so far, the bracket and the probe running", () => {
    expect(progressText(probing, "req/s")).toBe("probing, 6 probes so far, the capacity is between 800 and 1,600 req/s, now at 1,200 req/s");
    expect(answerText(probing, "req/s")).toBe(progressText(probing, "req/s"));
  });

  it("counts the searches of a repeated point", () => {
    const repeated: PointCapacity = { ...probing, searches: [answered.searches[0], ...probing.searches, { ...probing.searches[0], id: 9, probes: [] }] };
    expect(progressText(repeated, "req/s")).toMatch(/^probing: search 2 of 3, 6 probes so far/);
  });

  it("brackets by the highest pass under the lowest fail; an inconclusive probe judges nothing", () => {
    expect(currentBracket(answered.searches[1].probes)).toEqual({ low: 512, high: 525 });
    expect(currentBracket(inconclusive.searches[0].probes)).toEqual({ low: 1600, high: null });
  });
});

describe("kneeData", () => {
  it("places points by their numeric swept value, with the interval as error bars", () => {
    const data = kneeData(CAPACITY);
    expect(data.axis).toEqual({ numeric: true, label: "maxconn" });
    expect(data.rows.map((r) => [r.x, r.capacity, r.ci, r.safe])).toEqual([
      [10, 504, [12, 12], 403],
      [20, null, null, null],
      [200, null, null, null],
    ]);
  });

  it("draws every probe as a dot at (point, value), coloured by its result", () => {
    const { dots } = kneeData(CAPACITY);
    expect(dots).toHaveLength(9 * 3 + 6 + 6);
    expect(dots.find((d) => d.runId === 19)).toMatchObject({ x: 10, value: 512, result: "fail", order: "probe 9 of search 1" });
    expect(dots.find((d) => d.runId === 46)).toMatchObject({ x: 20, value: 1200, result: "running", order: "probe 6" });
    expect(dots.find((d) => d.runId === 56)).toMatchObject({ x: 200, result: "inconclusive" });
  });

  it("falls back to evenly placed, labelled points when the swept values are not numbers", () => {
    const named = { ...CAPACITY, points: CAPACITY.points.map((p, i) => ({ ...p, params: { "proxy.defaults.balance": ["roundrobin", "leastconn", "first"][i] } })) };
    const data = kneeData(named);
    expect(data.axis.numeric).toBe(false);
    expect(data.rows.map((r) => [r.x, r.label])).toEqual([
      [0, "balance=roundrobin"],
      [1, "balance=leastconn"],
      [2, "balance=first"],
    ]);
    expect(numericAxis([{ params: {} }])).toBeNull();
  });
});

describe("probes where runs are listed", () => {
  it("names a run's probe, its value and result, and its search's answer", () => {
    const index = probeIndex(CAPACITY);
    expect(probeText(index.get(15)!)).toBe("probe 5 of its search, 600 req/s, fail; search: capacity 500 req/s");
    expect(probeText(index.get(46)!)).toBe("probe 6 of its search, 1,200 req/s, running; search: probing");
    expect(index.get(56)).toMatchObject({ result: "inconclusive", search: "inconclusive" });
    expect(index.has(999)).toBe(false);
  });

  it("reads a launch only for runs whose params hold a searched path", () => {
    expect(isProbe({ search_id: 3 })).toBe(true);
    expect(isProbe({ search_id: null })).toBe(false);
  });

  it("writes amounts as probes are run: whole from 20 up", () => {
    expect(amount(12.5, "req/s")).toBe("12.5 req/s");
    expect(amount(1200, "connections")).toBe("1,200 connections");
  });
});
