// The live view's clock: which phase a run is in, how long that phase and the load have left, where
// a run that failed stopped, and how far its sweep (launch) is. Pure, so the page and its tests share it.
//
// What it reads: the run's state and when it entered it (state_changed_at), and the resolved spec's
// warm-up and duration. The worker moves a run to `running` at t0, the end of the warm-up
// (worker/phases/load.py), so `running`'s state_changed_at + duration_s is the end of the load: the
// load's time left reaches 0 exactly then, and after it the view says "collecting results" rather
// than "0 s left" while the tool exits and the worker collects.
import type { LoadProfile, RunDetail, RunSlim, RunState } from "../../client/types.gen";
import { duration as durationText } from "../../format/time";
import { decimal } from "../../format/units";
import { PHASES, TERMINAL, type Phase } from "../../runs/states";

export const PHASE_LABELS: Record<Phase, string> = {
  preparing: "Preparing",
  warming: "Warming up",
  running: "Measuring",
  collecting: "Collecting results",
};

const isPhase = (state: RunState | null | undefined): state is Phase => PHASES.includes(state as Phase);

type Timed = { load: Pick<LoadProfile, "duration_s" | "warmup_s"> };

/** Planned seconds of load (warm-up + measured duration) from the run's resolved spec. */
export function plannedSeconds(spec: Timed): number {
  return (spec.load.warmup_s ?? 0) + (spec.load.duration_s ?? 0);
}

/** Seconds left as people read a countdown: rounded up, so "0 s" appears only once it is over. */
export const ceilSeconds = (s: number): number => Math.max(0, Math.ceil(s - 1e-9));

// ---------------------------------------------------------------- one run

export type PhaseStatus = "done" | "current" | "pending" | "stopped" | "not-reached";

export type PhaseView = {
  phase: Phase;
  status: PhaseStatus;
  /** 0..1 of the phase; null for an indeterminate bar (a phase whose length nobody knows). */
  fraction: number | null;
  /** Seconds left in the phase; null when unknown. */
  remaining: number | null;
};

export type LiveProgress = {
  phases: PhaseView[];
  /** The phase to highlight: `collecting` as soon as the load has ended, even while the state still says running. */
  current: Phase | null;
  /** Seconds until the load ends (0 once it has); null before the load is scheduled (queued, preparing). */
  loadLeft: number | null;
  /** Seconds of the load already run (warm-up included), for "x of y". */
  loadElapsed: number;
};

export type RunClock = {
  state: RunState;
  /** When the run entered `state`, ms since the epoch; null when unknown (read as "just now"). */
  since: number | null;
  spec: Timed;
  /** For a failed or cancelled run: the phase it stopped in (stoppedIn); null if it never left the queue. */
  stoppedIn?: Phase | null;
};

const view = (phase: Phase, status: PhaseStatus, fraction: number | null = null, remaining: number | null = null): PhaseView => ({
  phase,
  status,
  fraction: status === "done" ? 1 : fraction,
  remaining: status === "done" ? 0 : remaining,
});

/** Where a run is, `now` in ms since the epoch. */
export function liveProgress(clock: RunClock, now: number): LiveProgress {
  const warmup = clock.spec.load.warmup_s ?? 0;
  const duration = clock.spec.load.duration_s ?? 0;
  const inPhase = Math.max(0, (now - (clock.since ?? now)) / 1000);
  const statuses = (current: Phase | null, before: PhaseStatus, at: PhaseStatus, after: PhaseStatus) =>
    PHASES.map((p): PhaseStatus => {
      if (current === null) return after;
      const [i, c] = [PHASES.indexOf(p), PHASES.indexOf(current)];
      return i < c ? before : i === c ? at : after;
    });
  const ended = (phases: PhaseView[], current: Phase | null): LiveProgress => ({ phases, current, loadLeft: 0, loadElapsed: warmup + duration });

  switch (clock.state) {
    case "queued":
      return { phases: PHASES.map((p) => view(p, "pending")), current: null, loadLeft: null, loadElapsed: 0 };
    case "preparing":
      return { phases: statuses("preparing", "done", "current", "pending").map((s, i) => view(PHASES[i], s)), current: "preparing", loadLeft: null, loadElapsed: 0 };
    case "warming": {
      // Warming also covers the start lead (~0.5 s) before the tool starts; the load cannot end
      // before its whole measured duration, whatever the warm-up clock says.
      const left = Math.max(0, warmup - inPhase);
      const warming = warmup > 0 ? view("warming", "current", Math.min(1, inPhase / warmup), left) : view("warming", "current");
      return {
        phases: [view("preparing", "done"), warming, view("running", "pending", 0, duration), view("collecting", "pending")],
        current: "warming",
        loadLeft: duration + left,
        loadElapsed: Math.min(inPhase, warmup),
      };
    }
    case "running": {
      if (inPhase < duration) {
        const running = view("running", "current", inPhase / duration, duration - inPhase);
        return {
          phases: [view("preparing", "done"), view("warming", "done"), running, view("collecting", "pending")],
          current: "running",
          loadLeft: duration - inPhase,
          loadElapsed: warmup + inPhase,
        };
      }
      // The load has ended; the tool is exiting and reporting: that is collecting, not "0 s left".
      return ended([view("preparing", "done"), view("warming", "done"), view("running", "done"), view("collecting", "current")], "collecting");
    }
    case "collecting":
      return ended([view("preparing", "done"), view("warming", "done"), view("running", "done"), view("collecting", "current")], "collecting");
    case "succeeded":
    case "partial":
      return ended(PHASES.map((p) => view(p, "done")), null);
    case "failed":
    case "cancelled": {
      const stop = clock.stoppedIn ?? null;
      return { ...ended(statuses(stop, "done", "stopped", "not-reached").map((s, i) => view(PHASES[i], s)), null), loadLeft: null };
    }
  }
}

type StopEvidence = Pick<RunDetail, "started_at" | "command_lines" | "summary"> & { spec: { load: Pick<LoadProfile, "driver"> } };

/**
 * The phase a failed or cancelled run stopped in. The live stream's last state is exact when the
 * page watched it end; otherwise it is read from what the run kept: no started_at, it never left
 * the queue; a measured window (summary.completeness), the load ran (complete: it stopped while
 * collecting); the load tool's command line, the load was started (worker/phases/load.py starts it
 * while warming); else it stopped while preparing.
 */
export function stoppedIn(run: StopEvidence, lastLiveState: RunState | null): Phase | null {
  if (isPhase(lastLiveState)) return lastLiveState;
  if (!run.started_at) return null;
  const window = run.summary?.completeness;
  if (window?.load_started_at) return window.complete ? "collecting" : "running";
  const tool = run.spec.load.driver;
  const started = Object.values(run.command_lines).some((lines) => lines.some((argv) => (argv[0] ?? "").split("/").pop() === tool));
  return started ? "warming" : "preparing";
}

// ---------------------------------------------------------------- the sweep

export type SweepProgress = {
  total: number;
  done: number;
  /** k of "run k of n": the run being executed (done + 1), n once all are done. */
  current: number;
  /** 0..1 of the launch: finished runs plus the share of the executing one. */
  fraction: number;
  /** Seconds until the whole launch is done (estimate). */
  remainingSeconds: number;
  failed: number;
  /** No run of the launch is executing while some are left: it waits for its lab. */
  waiting: boolean;
};

/** A queued run of the launch with its expected start (RunDetail.queue): the launch then waits for the lab too. */
export type QueuedAt = { runId: number; startsInSeconds: number };

/**
 * A launch's progress: runs finished of the total, and its time left. Each run is estimated as
 * warm-up + duration (`plannedPerRun`) + the lab's orchestration overhead (`overheadSeconds`,
 * RunDetail.overhead_s, measured on the lab); the executing run counts what it has not spent yet
 * since it began preparing, as the backend's queue estimate does (backend/runs/queue_estimate.py).
 * Given a queued run's expected start (`queued`), which counts every run its lab executes first
 * (this launch's and others'), the launch ends that long from now plus its runs from that one on.
 */
export function sweepProgress(
  runs: Pick<RunSlim, "id" | "state" | "started_at">[],
  plannedPerRun: number,
  overheadSeconds: number,
  now: number,
  queued?: QueuedAt,
): SweepProgress {
  const perRun = plannedPerRun + overheadSeconds;
  let done = 0;
  let failed = 0;
  let executing = 0;
  let share = 0;
  let remaining = 0;
  for (const r of runs) {
    if (TERMINAL.has(r.state)) {
      done += 1;
      if (r.state === "failed") failed += 1;
    } else if (r.state === "queued") {
      remaining += perRun;
    } else {
      executing += 1;
      const spent = r.started_at ? Math.max(0, (now - Date.parse(r.started_at)) / 1000) : 0;
      remaining += Math.max(0, perRun - spent);
      share += perRun > 0 ? Math.min(1, spent / perRun) : 0;
    }
  }
  if (queued) {
    const fromThere = runs.filter((r) => r.state === "queued" && r.id >= queued.runId).length;
    remaining = Math.max(0, queued.startsInSeconds) + fromThere * perRun;
  }
  const total = runs.length;
  return {
    total,
    done,
    current: Math.min(total, done + Math.max(1, executing)),
    fraction: total ? Math.min(1, (done + share) / total) : 0,
    remainingSeconds: remaining,
    failed,
    waiting: executing === 0 && done < total,
  };
}

/** The load's progress of one run (home page's in-progress list): elapsed and left of warm-up + duration. */
export function runProgress(run: Pick<RunDetail, "state" | "state_changed_at"> & { spec: Timed }, now: number): { elapsed: number; remaining: number; fraction: number } {
  const planned = plannedSeconds(run.spec);
  const p = liveProgress({ state: run.state, since: run.state_changed_at ? Date.parse(run.state_changed_at) : null, spec: run.spec }, now);
  const remaining = p.loadLeft ?? planned;
  return { elapsed: p.loadElapsed, remaining, fraction: planned > 0 ? Math.min(1, p.loadElapsed / planned) : 0 };
}

// ---------------------------------------------------------------- a run that ended, in one line

export type StageTime = { label: string; seconds: number };

export type StageTimes = {
  /** Seconds from creation (entering the queue) to the end; null when either is unknown. */
  total: number | null;
  /** Each stage the run went through, in order, with how long it took. */
  stages: StageTime[];
};

type Timeline = Pick<RunDetail, "created_at" | "started_at" | "finished_at" | "summary"> & { spec: Timed };

/**
 * How long each stage of an ended run took, from what the run kept: created_at (queued),
 * started_at (left the queue), the measured window (summary.completeness: t0 and its end) and
 * finished_at. The warm-up is the spec's (t0 minus warmup_s is when it began); preparation is what
 * lies between leaving the queue and that. A run that stopped before its load has only the
 * stages it reached, the last one up to its end.
 */
export function stageTimes(run: Timeline): StageTimes {
  const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : null);
  const created = ms(run.created_at);
  const started = ms(run.started_at);
  const finished = ms(run.finished_at);
  const window = run.summary?.completeness;
  const t0 = ms(window?.load_started_at);
  const loadEnd = ms(window?.load_ended_at);
  const span = (from: number | null, to: number | null) => (from != null && to != null ? Math.max(0, (to - from) / 1000) : null);
  const stages: StageTime[] = [];
  const add = (label: string, seconds: number | null) => {
    if (seconds != null) stages.push({ label, seconds });
  };
  add("queued", span(created, started ?? finished));
  if (started != null) {
    if (t0 != null) {
      const warmup = run.spec.load.warmup_s ?? 0;
      const warmStart = t0 - warmup * 1000;
      add("prepared", span(started, warmStart));
      if (warmup > 0) add("warmed up", warmup);
      add("measured", window?.measured_s ?? span(t0, loadEnd));
      add("collected", span(loadEnd ?? t0, finished));
    } else {
      // Stopped before its load began: the time it held the lab, whatever stage it reached.
      add("in the lab", span(started, finished));
    }
  }
  return { total: span(created, finished), stages };
}

/** Seconds as a stage line reads them: tenths under 10 s ("0.3 s", "2 s", "1.2 s"), else `duration`. */
export function stageSeconds(seconds: number): string {
  if (seconds >= 10) return durationText(seconds);
  const tenths = Math.round(seconds * 10) / 10;
  return `${decimal(tenths, 1)} s`;
}
