import { describe, expect, it } from "vitest";

import type { LoadProfile, RunDetail } from "../../client/types.gen";
import { stageBoundaries, stageRows } from "./stages";

describe("stage boundaries", () => {
  it("marks each stage where the one before it ended, with its target", () => {
    const load = { stages: [{ duration_s: 5, rate: 100 }, { duration_s: 5, rate: 300, ramp_s: 2 }, { duration_s: 4, rate: 12.5 }] } as LoadProfile;
    expect(stageBoundaries(load)).toEqual([
      { x: 0, label: "1: 100 req/s" },
      { x: 5, label: "2: 300 req/s (ramp 2 s)" },
      { x: 10, label: "3: 12.5 req/s" },
    ]);
  });

  it("marks connection stages, and nothing for a constant load", () => {
    expect(stageBoundaries({ stages: [{ duration_s: 3, connections: 4 }, { duration_s: 3, connections: 9 }] }).map((b) => b.label)).toEqual(["1: 4 conn", "2: 9 conn"]);
    expect(stageBoundaries({ rate: 100 })).toEqual([]);
  });
});

describe("stage rows", () => {
  it("gives each stage's window, delivered rate and errors, and flags a stage short of its target", () => {
    const stage = { kind: "rate", start_s: 1, end_s: 5, requests: 400, successes: 400, errors: { connect: 0, timeout: 0, non_2xx: 0, other: 0, total: 0 }, error_pct: 0 };
    const summary = {
      stages: [
        { ...stage, index: 0, target: 100, rps: 99.5, latency: { p50: 1.2, p90: 2, p95: 2, p99: 3.4, max: 5, mean: 1.3 } },
        { ...stage, index: 1, target: 300, start_s: 6, end_s: 10, rps: 250, errors: { ...stage.errors, timeout: 3, total: 3 }, error_pct: 0.3, latency: null },
      ],
    } as unknown as RunDetail["summary"];
    const [first, second] = stageRows(summary);
    expect(first).toMatchObject({ stage: "1", target: "100 req/s", window: "1–5 s", rate: "99.5 req/s", short: false, errors: "0", errorsWarn: false });
    expect(second).toMatchObject({ stage: "2", target: "300 req/s", window: "6–10 s", rate: "250 req/s", short: true, p99: "—", errorsWarn: true });
    expect(second.errors).toContain("3");
  });
});
