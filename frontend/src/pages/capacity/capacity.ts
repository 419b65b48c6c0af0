// Reading a launch's capacity searches (LaunchDetail.capacity, backend/runs/capacity/) for people:
// each sweep point's answer as one sentence, the progress of a search still probing, the knee
// curve's rows and probe dots, and which probe a run is (History, the run page). Pure: the
// components and their tests share it.
import type { LaunchCapacity, PointCapacity, ProbeRun, SearchAnswer, SearchRun } from "../../client/types.gen";
import { paramEntries } from "../../format/params";
import { decimal } from "../../format/units";

export type ProbeResult = "pass" | "fail" | "inconclusive" | "running";

/** 512 req/s, 12.5 req/s, 40 connections: whole from 20 up, as probes are run (contract/search.py). */
export function amount(value: number, unit: string): string {
  return `${decimal(value, Math.abs(value) >= 20 ? 0 : 1)} ${unit}`;
}

export function probeResult(probe: Pick<ProbeRun, "passed" | "inconclusive">): ProbeResult {
  if (probe.inconclusive) return "inconclusive";
  if (probe.passed == null) return "running";
  return probe.passed ? "pass" : "fail";
}

/** The answer's tone: a number (ok), a bound or no answer (warn: amber, never a number), probing. */
export type AnswerTone = "ok" | "warn" | "bad" | "probing";

export function answerTone(point: Pick<PointCapacity, "outcome">): AnswerTone {
  switch (point.outcome) {
    case "capacity":
      return "ok";
    case null:
    case undefined:
      return "probing";
    case "failed":
      return "bad";
    default:
      return "warn";
  }
}

/** The rules the probes above the capacity failed first, each once, in the searches' order. */
export function failedRules(searches: readonly Pick<SearchRun, "answer">[]): string[] {
  const rules = searches.map((s) => s.answer?.failed_rule).filter((r): r is string => !!r);
  return [...new Set(rules)];
}

const searchesText = (n: number) => `${n} search${n === 1 ? "" : "es"}`;

/**
 * The point's answer as one sentence: "capacity 512 req/s (95% 498-526, 3 searches), safe
 * 410 req/s; above it latency_p99_ms < 100 failed". One search has no interval: its bracket
 * instead. Any other outcome reads the API's sentence (no number of ours beside it).
 */
export function answerText(point: PointCapacity, unit: string): string {
  if (point.outcome !== "capacity" || point.capacity == null) {
    if (point.outcome == null) return progressText(point, unit);
    return point.sentence;
  }
  const n = point.searches.length;
  const spread =
    point.ci_low != null && point.ci_high != null
      ? `95% ${decimal(point.ci_low, 0)}–${decimal(point.ci_high, 0)}, ${searchesText(n)}`
      : bracketOf(point.searches[0]?.answer, unit) ?? searchesText(n);
  let text = `capacity ${amount(point.capacity, unit)} (${spread})`;
  if (point.safe != null) text += `, safe ${amount(point.safe, unit)}`;
  const rules = failedRules(point.searches);
  if (rules.length) text += `; above it ${rules.join(", ")} failed`;
  const answers = point.searches.map((s) => s.answer).filter((a): a is SearchAnswer => a != null);
  if (answers.some((a) => !a.within_precision)) text += "; the probe budget ran out before the precision was reached";
  if (answers.some((a) => a.unordered)) text += "; a probe above the bracket passed (noise near the knee)";
  return text;
}

function bracketOf(answer: SearchAnswer | null | undefined, unit: string): string | null {
  if (!answer || answer.bracket_low == null || answer.bracket_high == null) return null;
  return `1 search, between ${decimal(answer.bracket_low, 0)} and ${amount(answer.bracket_high, unit)}`;
}

/** The bracket so far of a search's judged probes: the highest pass under the lowest fail, and that fail. */
export function currentBracket(probes: readonly ProbeRun[]): { low: number | null; high: number | null } {
  const judged = probes.filter((p) => !p.inconclusive && p.passed != null);
  const fails = judged.filter((p) => !p.passed).map((p) => p.value);
  const high = fails.length ? Math.min(...fails) : null;
  const passes = judged.filter((p) => p.passed && (high == null || p.value < high)).map((p) => p.value);
  return { low: passes.length ? Math.max(...passes) : null, high };
}

/** While a point's searches probe: which search, how many probes so far, the bracket it has. */
export function progressText(point: PointCapacity, unit: string): string {
  const total = point.searches.length;
  const current = point.searches.find((s) => s.answer == null);
  if (!current) return "probing";
  const done = point.searches.filter((s) => s.answer != null).length;
  const probes = current.probes.length;
  const running = current.probes.find((p) => probeResult(p) === "running");
  const { low, high } = currentBracket(current.probes);
  const parts = [total > 1 ? `probing: search ${done + 1} of ${total}` : "probing", `${probes} probe${probes === 1 ? "" : "s"} so far`];
  if (low != null && high != null) parts.push(`the capacity is between ${decimal(low, 0)} and ${amount(high, unit)}`);
  else if (low != null) parts.push(`${amount(low, unit)} passed`);
  else if (high != null) parts.push(`${amount(high, unit)} failed`);
  if (running) parts.push(`now at ${amount(running.value, unit)}`);
  return parts.join(", ");
}

/** How the knee curve places points: by a numeric swept value, or evenly by the points' labels. */
export type KneeAxis = { numeric: boolean; label: string };

/** The point as people read it: "maxconn=10"; "the point" for a launch without a sweep. */
export function pointLabel(point: Pick<PointCapacity, "params">): string {
  const entries = paramEntries(point.params);
  return entries.length ? entries.map(([name, value]) => `${name}=${value}`).join(", ") : "the point";
}

/** The one swept path whose values are all numbers (the x of the curve), or null. */
export function numericAxis(points: readonly Pick<PointCapacity, "params">[]): string | null {
  const paths = new Set(points.flatMap((p) => Object.keys(p.params)));
  if (paths.size !== 1 || points.length === 0) return null;
  const [path] = paths;
  const values = points.map((p) => p.params[path]);
  return values.every((v) => typeof v === "number") && new Set(values).size === values.length ? path : null;
}

export type KneeRow = {
  /** The swept value, or the point's position when values are not (all) numbers. */
  x: number;
  label: string;
  pointIndex: number;
  capacity: number | null;
  /** Below and above the mean: the 95% interval, for Recharts' ErrorBar. */
  ci: [number, number] | null;
  ciLow: number | null;
  ciHigh: number | null;
  safe: number | null;
};

export type ProbeDot = {
  x: number;
  value: number;
  result: ProbeResult;
  runId: number;
  pointLabel: string;
  /** "probe 3 of search 2" */
  order: string;
};

export type KneeData = { axis: KneeAxis; rows: KneeRow[]; dots: ProbeDot[] };

/** The knee curve: a row per point (capacity with its interval, safe point) and a dot per probe. */
export function kneeData(capacity: LaunchCapacity): KneeData {
  const path = numericAxis(capacity.points);
  const points = [...capacity.points].sort((a, b) => (path ? (a.params[path] as number) - (b.params[path] as number) : a.point_index - b.point_index));
  const axis: KneeAxis = { numeric: path != null, label: path ? (paramEntries({ [path]: 0 })[0]?.[0] ?? path) : "sweep point" };
  const xOf = (p: PointCapacity, i: number) => (path ? (p.params[path] as number) : i);
  const rows = points.map((p, i): KneeRow => {
    const interval = p.capacity != null && p.ci_low != null && p.ci_high != null;
    return {
      x: xOf(p, i),
      label: pointLabel(p),
      pointIndex: p.point_index,
      capacity: p.capacity,
      ci: interval ? [p.capacity! - p.ci_low!, p.ci_high! - p.capacity!] : null,
      ciLow: p.ci_low,
      ciHigh: p.ci_high,
      safe: p.safe,
    };
  });
  const dots = points.flatMap((p, i) =>
    p.searches.flatMap((s, searchNumber) =>
      s.probes.map(
        (probe, n): ProbeDot => ({
          x: xOf(p, i),
          value: probe.value,
          result: probeResult(probe),
          runId: probe.run_id,
          pointLabel: pointLabel(p),
          order: p.searches.length > 1 ? `probe ${n + 1} of search ${searchNumber + 1}` : `probe ${n + 1}`,
        }),
      ),
    ),
  );
  return { axis, rows, dots };
}

/** What a run is in its launch's searches, for the places runs are listed. */
export type ProbeInfo = {
  /** 1-based, in the order its search ran them. */
  number: number;
  value: number;
  unit: string;
  result: ProbeResult;
  /** The search's answer so far, as one short phrase. */
  search: string;
};

/** run id -> its probe, over every search of the launch. */
export function probeIndex(capacity: LaunchCapacity): Map<number, ProbeInfo> {
  const index = new Map<number, ProbeInfo>();
  for (const point of capacity.points) {
    for (const search of point.searches) {
      const verdict = searchVerdict(search.answer, capacity.unit);
      search.probes.forEach((probe, i) => {
        // A staircase run is one run with several observations: the run is its first stage's probe.
        if (!index.has(probe.run_id)) index.set(probe.run_id, { number: i + 1, value: probe.value, unit: capacity.unit, result: probeResult(probe), search: verdict });
      });
    }
  }
  return index;
}

/** A search's answer in a few words: "capacity 512 req/s", "inconclusive", "probing". */
export function searchVerdict(answer: SearchAnswer | null | undefined, unit: string): string {
  if (!answer) return "probing";
  if (answer.outcome === "capacity" && answer.capacity != null) return `capacity ${amount(answer.capacity, unit)}`;
  if (answer.outcome === "above_max" && answer.bracket_low != null) return `above ${amount(answer.bracket_low, unit)}`;
  if (answer.outcome === "below_floor" && answer.bracket_high != null) return `below ${amount(answer.bracket_high, unit)}`;
  return answer.outcome;
}

/** "probe 5 of its search, 450 req/s, pass; search: capacity 512 req/s" */
export function probeText(info: ProbeInfo): string {
  return `probe ${info.number} of its search, ${amount(info.value, info.unit)}, ${info.result}; search: ${info.search}`;
}

/** Is this run a capacity search's probe (the API says which search it belongs to)? */
export function isProbe(run: { search_id?: number | null }): boolean {
  return run.search_id != null;
}

/** A rule as people read it: "latency_p99_ms < 100". */
export function ruleText(rule: { metric: string; operator: string; value: number; aggregate?: string | null }): string {
  const aggregate = rule.aggregate && rule.aggregate !== "value" ? `${rule.aggregate} ` : "";
  return `${aggregate}${rule.metric} ${rule.operator} ${rule.value}`;
}
