// How many runs a spec launches and about how long they take, shown live in the designer.
//
// runs = product of the axis lengths (linked paths ride along, they do not multiply)
//        x repetitions, as contract.experiment.run_count() computes it.
// time = runs x (warmup + duration + overhead). When warm-up or duration is itself swept, every
//        value occurs equally often in the cartesian product, so the mean of its values is exact.
// A capacity search runs probes instead: at most probeCountBound per point and repetition (the
// API's contract/search.py probe_count_bound), each of the probe's warm-up and duration; the
// estimate is then an upper bound (`upTo`).

import { DefaultRunOverheadSecondsSchema } from "../../client/schemas.gen";

// Orchestration overhead per run beyond warm-up + duration: prepare (targets, haproxy -c,
// readiness), load start lead, collect, teardown and the hand-over to the next run. The API's own
// (backend/runs/queue_estimate.py DEFAULT_OVERHEAD_S, the figure a queued run's expected start uses
// on a lab with no history), read from the OpenAPI document, never written here again. Measured in
// docs/benchmarks.md, "Orchestration overhead per run" (bench/orchestration_overhead.py).
export const RUN_OVERHEAD_S: number = DefaultRunOverheadSecondsSchema.const;

type AxisLike = { path: string; values: unknown[]; linked?: { path: string; values: unknown[] }[] | null };
type SearchLike = { start: number; max: number; growth?: number; precision?: number | string; max_probes?: number; confirm?: boolean; probe?: { duration_s?: number; warmup_s?: number } };
type SpecLike = {
  load?: { duration_s?: number; warmup_s?: number };
  search?: SearchLike | null;
  sweep?: { axes?: AxisLike[] | null };
  repetitions?: number;
};

export type SweepEstimate = {
  points: number;
  runs: number;
  secondsPerRun: number;
  totalSeconds: number;
  /** A capacity search: `runs` are the most probes it may run (it usually stops earlier). */
  upTo?: boolean;
};

const MAX_STEPS_DOWN = 4; // contract/search.py

/** The most probes one search may run: the climb from start to max, the steps down, the bisection. */
export function probeCountBound(search: SearchLike): number {
  const growth = search.growth ?? 2;
  const precision = typeof search.precision === "number" ? search.precision : typeof search.precision === "string" ? parseFloat(search.precision) / 100 || 0.02 : 0.02;
  const climb = search.max > search.start ? Math.ceil(Math.log(search.max / search.start) / Math.log(growth)) + 1 : 1;
  const bisect = Math.ceil(Math.log2(1 / precision)) + 1;
  const confirm = search.confirm === false ? 0 : 2; // the deciding fail again, and one more if it passes then
  return Math.min(search.max_probes ?? 20, climb + MAX_STEPS_DOWN + bisect + confirm);
}

function sweptMean(axes: AxisLike[], path: string): number | null {
  for (const axis of axes) {
    const candidates = [{ path: axis.path, values: axis.values }, ...(axis.linked ?? [])];
    const hit = candidates.find((c) => c.path === path);
    if (hit) {
      const numbers = hit.values.filter((v): v is number => typeof v === "number");
      if (numbers.length) return numbers.reduce((a, b) => a + b, 0) / numbers.length;
    }
  }
  return null;
}

export function estimateSweep(spec: SpecLike, overheadS: number = RUN_OVERHEAD_S): SweepEstimate {
  const axes = spec.sweep?.axes ?? [];
  const points = axes.reduce((n, axis) => n * Math.max(axis.values.length, 0), 1);
  const searches = points * Math.max(spec.repetitions ?? 1, 1);
  const search = spec.search;
  if (search && search.start > 0 && search.max > 0) {
    const runs = searches * probeCountBound(search);
    const secondsPerRun = (search.probe?.duration_s ?? 10) + (search.probe?.warmup_s ?? 2) + overheadS;
    return { points, runs, secondsPerRun, totalSeconds: runs * secondsPerRun, upTo: true };
  }
  const runs = searches;
  const duration = sweptMean(axes, "load.duration_s") ?? spec.load?.duration_s ?? 30;
  const warmup = sweptMean(axes, "load.warmup_s") ?? spec.load?.warmup_s ?? 0;
  const secondsPerRun = duration + warmup + overheadS;
  return { points, runs, secondsPerRun, totalSeconds: runs * secondsPerRun };
}
