import { describe, expect, it } from "vitest";

import type { PhaseMeaning, RequestTimers, RunTimers, TerminationState } from "../../client/types.gen";
import { breakdown, defaultTimer, phaseColors, mainPhase, samplingNote, stateColors, stateRows, timerRows, timerTable } from "./requestTimers";

const PHASES: PhaseMeaning[] = [
  { key: "th", label: "handshake (Th)" },
  { key: "treq", label: "request (TR)" },
  { key: "tw", label: "queue (Tw)" },
  { key: "tc", label: "connect (Tc)" },
  { key: "tr", label: "server (Tr)" },
  { key: "td", label: "data (Td)" },
];

const stats = (p50: number) => ({ count: 10, unset: 0, p50, p90: p50, p99: p50, p999: p50, mean: p50, max: p50 });

const SUMMARY = {
  mode: "http",
  one_in: 1,
  lines: 100,
  tw: stats(350),
  tr: stats(50),
  breakdown: [
    { percentile: 50, total_ms: 401, requests: 10, phases: { th: 0, treq: 0, tw: 350, tc: 1, tr: 50, td: 0 } },
    { percentile: 99, total_ms: 480, requests: 2, phases: { th: 0, treq: 0, tw: 420, tc: 1, tr: 59, td: 0 } },
  ],
} as unknown as RequestTimers;

const state = (s: string, group: TerminationState["group"], count = 1): TerminationState => ({ state: s, group, words: s, count });

describe("the breakdown", () => {
  it("stacks only the phases that held time, one bar per percentile", () => {
    const { rows, phases } = breakdown(SUMMARY, PHASES);
    expect(phases.map((p) => p.key)).toEqual(["tw", "tc", "tr"]);
    expect(rows.map((r) => r.label)).toEqual(["p50", "p99"]);
    expect(rows[1]).toMatchObject({ total: 480, tw: 420, tr: 59 });
    expect(rows[1].th).toBeUndefined();
  });
  it("names the phase that holds most of the time, with its share", () => {
    const { rows, phases } = breakdown(SUMMARY, PHASES);
    const main = mainPhase(rows[1], phases)!;
    expect(main.phase.key).toBe("tw");
    expect(main.share).toBeCloseTo(420 / 480);
  });
});

describe("sampling", () => {
  it("is said only when HAProxy logged fewer than every request", () => {
    expect(samplingNote(1)).toBeNull();
    expect(samplingNote(null)).toBeNull();
    expect(samplingNote(2500)).toBe("HAProxy logged 1 request in 2,500");
  });
});

describe("per-point rows", () => {
  const body = {
    t: [0, 5],
    step: 5,
    timers: { tr: { p50: [10, null], p90: [12, null], p99: [20, 30] } },
    states: [state("--", "normal"), state("sH", "server")],
    state_counts: { "--": [50, 40], sH: [0, 10] },
    summary: SUMMARY,
    phases: PHASES,
    timer_meanings: [
      { key: "tw", haproxy_name: "Tw", meaning: "" },
      { key: "tr", haproxy_name: "Tr", meaning: "" },
    ],
  } as unknown as RunTimers;
  it("keep a gap where no request had the timer", () => {
    expect(timerRows(body, "tr")).toEqual([
      { t: 0, p50: 10, p90: 12, p99: 20 },
      { t: 5, p50: null, p90: null, p99: 30 },
    ]);
  });
  it("give states per second even when a point merges several seconds", () => {
    expect(stateRows(body)).toEqual([
      { t: 0, "--": 10, sH: 0 },
      { t: 5, "--": 8, sH: 2 },
    ]);
  });
  it("pick the timer of p99's main phase when the log has it, else the first present", () => {
    expect(defaultTimer(body)).toBe("tr"); // p99's main phase (tw) is not in this scope's log
    expect(defaultTimer({ ...body, timers: { ...body.timers, tw: body.timers.tr } })).toBe("tw");
  });
});

describe("the timers table", () => {
  it("lists the timers the summary has, in HAProxy's order", () => {
    const meanings = [
      { key: "th", haproxy_name: "Th", meaning: "handshake" },
      { key: "tw", haproxy_name: "Tw", meaning: "queue" },
      { key: "tr", haproxy_name: "Tr", meaning: "server" },
    ] as const;
    expect(timerTable(SUMMARY, [...meanings]).map((r) => r.haproxy_name)).toEqual(["Tw", "Tr"]);
  });
});

describe("state colours", () => {
  it("say who ended the request, and differ within a group", () => {
    const colors = stateColors([state("--", "normal"), state("sH", "server"), state("SH", "server"), state("cD", "client")]);
    expect(colors.get("--")).toBe("#3D9A4F");
    expect(colors.get("sH")).not.toBe(colors.get("SH"));
    expect(colors.get("cD")).toMatch(/^#/);
  });
});

describe("phase colours", () => {
  it("are one per phase, all different", () => {
    const colors = phaseColors(PHASES);
    expect(new Set(colors.values()).size).toBe(PHASES.length);
  });
});
