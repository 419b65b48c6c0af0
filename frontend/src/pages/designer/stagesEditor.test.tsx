import { describe, expect, it } from "vitest";

import { openLoopMissingRate } from "./loadDriver";
import { nextStage } from "./StagesEditor";

describe("the stages editor", () => {
  it("starts a stage from the last one's kind and target, or the profile's", () => {
    expect(nextStage({ rate: 200 }, [])).toEqual({ duration_s: 10, rate: 200 });
    expect(nextStage({ connections: 20 }, [])).toEqual({ duration_s: 10, connections: 20 });
    expect(nextStage({}, [{ duration_s: 5, rate: 300, ramp_s: 2 }])).toEqual({ duration_s: 10, rate: 300 });
    expect(nextStage({}, [{ duration_s: 5, connections: 6 }])).toEqual({ duration_s: 10, connections: 6 });
  });

  it("an open loop with stages has its rate from them", () => {
    expect(openLoopMissingRate({ driver: "vegeta" })).toBe(true);
    expect(openLoopMissingRate({ driver: "vegeta", stages: [{ duration_s: 5, rate: 100 }] })).toBe(false);
  });
});
