import { describe, expect, it } from "vitest";

import { isKnee, paramsText, pointsShort } from "./sweepAnalysis";

describe("sweep analysis", () => {
  it("names a point by its swept values, the knee's axis first", () => {
    expect(paramsText({ "load.connections": 200, "proxy.global.maxconn": 50 }, "proxy.global.maxconn")).toBe("maxconn 50, connections 200");
    expect(paramsText({ "load.rate": null })).toBe("rate default");
    expect(paramsText({})).toBe("the point");
  });

  it("marks the knee only when there is one", () => {
    const knee = (reason: string, point_index: number | null) => ({ knee: { reason, point_index, params: null, rps: null, sentence: "" } }) as never;
    expect(isKnee(knee("throughput_flat", 2), { point_index: 2 })).toBe(true);
    expect(isKnee(knee("errors_start", 1), { point_index: 2 })).toBe(false);
    expect(isKnee(knee("still_rising", 2), { point_index: 2 })).toBe(false);
  });

  it("lists the points whose maxconn was below what the load needed", () => {
    const points = [{ maxconn_sufficient: false }, { maxconn_sufficient: true }, { maxconn_sufficient: null }] as never[];
    expect(pointsShort(points)).toHaveLength(1);
  });
});
