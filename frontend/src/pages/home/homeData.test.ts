import { describe, expect, it } from "vitest";

import type { AgentOut, RunFigures, RunSlim, RunState } from "../../client/types.gen";
import { FIGURE_KEYS } from "../history/historyParams";
import { aheadText, keyFigure, labHealth, launchesInProgress } from "./homeData";

// Every figure of the run list none, whichever the registry's are (contract.metrics.HISTORY_METRICS).
const NO_FIGURES = Object.fromEntries(FIGURE_KEYS.map((key) => [key, null])) as RunFigures;

function run(id: number, launch: number, state: RunState, lab = 1): RunSlim {
  return {
    id, experiment_id: launch, experiment_name: `exp ${launch}`, experiment_version: 1, launch_id: launch, lab_id: lab,
    rerun_of_id: null, point_index: 0, repetition: 0, params: {}, state, created_at: "2026-11-25T12:00:00Z",
    outcome: { kind: "in_progress", label: state, tone: "active", rules_judged: 0, rules_failed: 0 },
    state_changed_at: null, started_at: null, finished_at: null, cancel_requested_at: null,
    figures: NO_FIGURES, bound: null,
  };
}

describe("launchesInProgress", () => {
  it("puts the executing launch first and counts the runs each waiting launch has ahead on its lab", () => {
    const active = [run(7, 3, "queued"), run(4, 2, "queued"), run(3, 2, "running"), run(5, 2, "queued"), run(9, 4, "queued", 2)];
    const launches = launchesInProgress(active);
    expect(launches.map((l) => l.launchId)).toEqual([2, 3, 4]);
    expect(launches[0]).toMatchObject({ current: { id: 3 }, remaining: 3, runsAhead: null });
    // Lab 1 runs 3, then 4 and 5 of launch 2 before launch 3's run 7.
    expect(launches[1]).toMatchObject({ current: { id: 7 }, remaining: 1, runsAhead: 3 });
    // Lab 2 is free: launch 4 starts next.
    expect(launches[2].runsAhead).toBe(0);
  });

  it("is empty when nothing runs", () => {
    expect(launchesInProgress([])).toEqual([]);
  });
});

describe("keyFigure", () => {
  const figures = (rps: number | null, p99: number | null, errorPct: number | null) =>
    ({ ...NO_FIGURES, rps, latency_p99_ms: p99, error_pct: errorPct });

  it("reads rate, p99 and error share with their units", () => {
    expect(keyFigure(figures(1234.56, 12.34, 0.4))).toBe("1,234.6 req/s · p99 12.3 ms · 0.4 % errors");
    expect(keyFigure(figures(80, 1503.7, null))).toBe("80 req/s · p99 1,504 ms");
  });

  it("has nothing to say for a run without results", () => {
    expect(keyFigure(figures(null, null, null))).toBeNull();
    expect(keyFigure(undefined)).toBeNull();
  });
});

describe("labHealth", () => {
  const agent = (name: string, status: AgentOut["status"], seen: string | null) =>
    ({ id: 1, name, roles: [], version: "", capabilities: {}, last_seen_at: seen, status }) as unknown as AgentOut;

  it("counts busy agents as up and names the latest heartbeat", () => {
    const health = labHealth([
      agent("proxy-1", "busy", "2026-11-25T12:00:05Z"),
      agent("inj-1", "online", "2026-11-25T12:00:09Z"),
      agent("tgt-1", "offline", "2026-11-24T08:00:00Z"),
    ]);
    expect(health).toMatchObject({ online: 2, offline: 1, lastHeard: "2026-11-25T12:00:09Z" });
    expect(health.offlineAgents.map((a) => a.name)).toEqual(["tgt-1"]);
  });

  it("has no last heartbeat for a lab whose agents never spoke", () => {
    expect(labHealth([agent("new", "offline", null)]).lastHeard).toBeNull();
  });
});

describe("aheadText", () => {
  it("says when a waiting launch starts", () => {
    expect(aheadText(0)).toBe("starts next");
    expect(aheadText(1)).toBe("1 run ahead");
    expect(aheadText(4)).toBe("4 runs ahead");
  });
});
