import { describe, expect, it } from "vitest";

import type { CompareSetups } from "../../client/types.gen";
import { MAX_POINTS } from "../run/sampleColumns";
import { overlayStep } from "./TimerOverlay";

const setups = (loads: [number, number][]) => ({ runs: loads.map(([warmup_s, duration_s], i) => ({ run_id: i + 1, load: { warmup_s, duration_s } })) }) as unknown as CompareSetups;

describe("the timer overlay's step", () => {
  it("is one second until the longest run would draw too many points, then one step for every run", () => {
    expect(overlayStep(undefined)).toBe(1);
    expect(overlayStep(setups([[5, 60]]))).toBe(1);
    const long = overlayStep(setups([[5, 60], [0, 7200]]));
    expect(long).toBeGreaterThan(1);
    expect(7200 / long).toBeLessThanOrEqual(MAX_POINTS);
  });
});
