// Elapsed and remaining time of a run and of its whole sweep (launch), from what the API stores:
// the run's started_at, its resolved spec (warm-up + duration) and the states of the launch's runs.
import type { LoadProfile, RunDetail, RunSlim, RunState } from "../../client/types.gen";

export const TERMINAL: ReadonlySet<RunState> = new Set(["succeeded", "partial", "failed", "cancelled"]);
export const PHASES: RunState[] = ["queued", "preparing", "warming", "running", "collecting"];

/** Planned seconds of load (warm-up + measured duration) from the run's resolved spec. */
type Timed = { load: Pick<LoadProfile, "duration_s" | "warmup_s"> };

export function plannedSeconds(spec: Timed): number {
  return (spec.load.warmup_s ?? 0) + (spec.load.duration_s ?? 0);
}

export type Progress = { elapsed: number; remaining: number; fraction: number };

/** Progress of one run's load, `now` in ms since the epoch. */
export function runProgress(run: Pick<RunDetail, "state" | "started_at"> & { spec: Timed }, now: number): Progress {
  const planned = plannedSeconds(run.spec);
  if (TERMINAL.has(run.state)) return { elapsed: planned, remaining: 0, fraction: 1 };
  if (!run.started_at || run.state === "queued" || run.state === "preparing") {
    return { elapsed: 0, remaining: planned, fraction: 0 };
  }
  const elapsed = Math.max(0, (now - Date.parse(run.started_at)) / 1000);
  const clamped = Math.min(elapsed, planned);
  return { elapsed, remaining: Math.max(0, planned - elapsed), fraction: planned > 0 ? clamped / planned : 0 };
}

export type SweepProgress = { done: number; total: number; remainingSeconds: number };

/**
 * Runs finished out of the launch's total, and a rough time left: the planned load of every run
 * not yet finished plus `overheadSeconds` each (orchestration: agents, config, collect; measured
 * at ~4.6 s per run in docs/benchmarks.md).
 */
export function sweepProgress(runs: RunSlim[], plannedPerRun: number, overheadSeconds = 5): SweepProgress {
  const done = runs.filter((r) => TERMINAL.has(r.state)).length;
  const left = runs.length - done;
  return { done, total: runs.length, remainingSeconds: left * (plannedPerRun + overheadSeconds) };
}

export function formatSeconds(s: number): string {
  const total = Math.round(s);
  const m = Math.floor(total / 60);
  const sec = total % 60;
  return m > 0 ? `${m}m ${String(sec).padStart(2, "0")}s` : `${sec}s`;
}
