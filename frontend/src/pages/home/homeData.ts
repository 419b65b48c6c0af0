// The home page's figures, from the list endpoints' answers. Pure, so homeData.test.ts checks them.
import type { AgentOut, RunFigures, RunSlim } from "../../client/types.gen";
import { fmtNum } from "../../components/keyFigures";


/** One launch (an experiment's sweep or a single run) that still has runs to go. */
export type LaunchInProgress = {
  launchId: number;
  /** The run the lab executes now, or the launch's next queued run. */
  current: RunSlim;
  /** Runs of the launch not finished yet, `current` included. */
  remaining: number;
  /** For a launch still waiting: runs its lab executes before it (the active one and queued ones). */
  runsAhead: number | null;
};

/**
 * Unfinished runs grouped by launch: launches being executed first, then waiting ones in the
 * order their labs will take them (labs run one run at a time, in id order).
 */
export function launchesInProgress(active: RunSlim[]): LaunchInProgress[] {
  const byId = [...active].sort((a, b) => a.id - b.id);
  const launches = new Map<number, RunSlim[]>();
  for (const run of byId) launches.set(run.launch_id, [...(launches.get(run.launch_id) ?? []), run]);
  const result = [...launches.entries()].map(([launchId, runs]): LaunchInProgress => {
    const current = runs.find((r) => r.state !== "queued") ?? runs[0];
    const runsAhead =
      current.state === "queued" ? byId.filter((r) => r.lab_id === current.lab_id && r.id < current.id).length : null;
    return { launchId, current, remaining: runs.length, runsAhead };
  });
  const executing = result.filter((l) => l.runsAhead == null);
  const waiting = result.filter((l) => l.runsAhead != null).sort((a, b) => a.current.id - b.current.id);
  return [...executing, ...waiting];
}

/** The figure a run is known by, in one line: "1,234.5 req/s · p99 12.3 ms · 0.4 % errors". */
export function keyFigure(figures: RunFigures | undefined): string | null {
  if (figures?.rps == null) return null;
  const parts = [`${fmtNum(figures.rps, 1)} req/s`];
  const p99 = figures.latency_p99_ms;
  if (p99 != null) parts.push(`p99 ${fmtNum(p99, p99 >= 100 ? 0 : 1)} ms`);
  if (figures.error_pct != null) parts.push(`${fmtNum(figures.error_pct, 2)} % errors`);
  return parts.join(" · ");
}

export type LabHealth = { online: number; offline: number; offlineAgents: AgentOut[]; lastHeard: string | null };

/** Agents up (online or busy with the lab's run) and down, and when the lab last heard any of them. */
export function labHealth(agents: AgentOut[]): LabHealth {
  const offlineAgents = agents.filter((a) => a.status === "offline");
  const heard = agents.map((a) => a.last_seen_at).filter((t): t is string => t != null);
  const lastHeard = heard.length ? heard.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b)) : null;
  return { online: agents.length - offlineAgents.length, offline: offlineAgents.length, offlineAgents, lastHeard };
}

/** "1 run ahead", "3 runs ahead", "next". */
export function aheadText(runsAhead: number): string {
  if (runsAhead === 0) return "starts next";
  return `${runsAhead} ${runsAhead === 1 ? "run" : "runs"} ahead`;
}
