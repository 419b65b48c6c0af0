// The pure part of "Where the time goes in HAProxy" (RequestTimers.tsx): the breakdown's rows,
// the timers' table, the per-point rows of the percentile and state charts, the colours of the
// termination states (by who ended the request), and the sampling note every figure carries.
// Words (timer meanings, phase labels, states in words) come from the API, said once in
// contract/request_timers.py.
import type { TimeRow } from "../../charts/TimeChart";
import { PALETTE, SUCCESS } from "../../charts/palette";
import type { PhaseMeaning, RequestTimers, RunTimers, TerminationState, TimerMeaning, TimerStats } from "../../client/types.gen";

export type TimerKey = TimerMeaning["key"];
export type PhaseKey = PhaseMeaning["key"];
export type Percentile = "p50" | "p90" | "p99";
export const PERCENTILES: readonly Percentile[] = ["p50", "p90", "p99"];

/** "HAProxy logged 1 request in N": said with every figure when N > 1, nothing when every request was. */
export function samplingNote(oneIn: number | null | undefined): string | null {
  return oneIn != null && oneIn > 1 ? `HAProxy logged 1 request in ${oneIn.toLocaleString("en-US")}` : null;
}

// Each phase keeps its colour in every chart: waiting (queue) warm, the server blue, moving data
// green, connecting purple, the client's side (handshake, request) violet and brown.
const PHASE_COLOR: Record<PhaseKey, string> = {
  th: PALETTE[6],
  treq: PALETTE[7],
  tw: PALETTE[1],
  tc: PALETTE[3],
  tr: PALETTE[0],
  td: PALETTE[2],
};

/** One colour per phase, the same in every chart and on every visit. */
export function phaseColors(phases: readonly PhaseMeaning[]): Map<PhaseKey, string> {
  return new Map(phases.map((p) => [p.key, PHASE_COLOR[p.key]]));
}

export type BreakdownRow = { label: string; percentile: number; total: number; requests: number } & Partial<Record<PhaseKey, number>>;

/** The breakdown's bars: one per percentile (p50, p90, p99), each phase's mean ms stacked, the
 * phases that held no time at any percentile left out (a TCP run has no request phase). */
export function breakdown(summary: RequestTimers, phases: readonly PhaseMeaning[]): { rows: BreakdownRow[]; phases: PhaseMeaning[] } {
  const splits = summary.breakdown ?? [];
  const shown = phases.filter((p) => splits.some((s) => (s.phases[p.key] ?? 0) > 0));
  const rows = splits.map((s) => {
    const row: BreakdownRow = { label: `p${s.percentile}`, percentile: s.percentile, total: s.total_ms, requests: s.requests };
    for (const p of shown) row[p.key] = s.phases[p.key] ?? 0;
    return row;
  });
  return { rows, phases: shown };
}

/** The largest phase of a split and its share of the split's total: the breakdown's answer in words. */
export function mainPhase(row: BreakdownRow, phases: readonly PhaseMeaning[]): { phase: PhaseMeaning; ms: number; share: number } | null {
  let best: { phase: PhaseMeaning; ms: number; share: number } | null = null;
  for (const p of phases) {
    const ms = row[p.key] ?? 0;
    if (ms > 0 && (best == null || ms > best.ms)) best = { phase: p, ms, share: row.total > 0 ? ms / row.total : 0 };
  }
  return best;
}

export type TimerTableRow = TimerMeaning & { stats: TimerStats };

/** The timers the summary (or one scope of it) has, in HAProxy's order, with HAProxy's names and meanings. */
export function timerTable(timers: Partial<Record<TimerKey, TimerStats | null>>, meanings: readonly TimerMeaning[]): TimerTableRow[] {
  return meanings.flatMap((m) => {
    const stats = timers[m.key];
    return stats ? [{ ...m, stats }] : [];
  });
}

/** The timer picked first: the phase that holds most of p99's time, else the first one present. */
export function defaultTimer(body: RunTimers): TimerKey | null {
  const keys = Object.keys(body.timers) as TimerKey[];
  if (keys.length === 0) return null;
  const p99 = body.summary ? breakdown(body.summary, body.phases).rows.find((r) => r.percentile === 99) : undefined;
  const main = p99 ? mainPhase(p99, body.phases)?.phase.key : undefined;
  return main && keys.includes(main) ? main : (body.timer_meanings.map((m) => m.key).find((k) => keys.includes(k)) ?? keys[0]);
}

/** Chart rows of one timer: per point its p50, p90, p99 (ms). */
export function timerRows(body: RunTimers, timer: TimerKey): TimeRow[] {
  const series = body.timers[timer];
  return body.t.map((t, i) => ({
    t,
    p50: series?.p50[i] ?? null,
    p90: series?.p90[i] ?? null,
    p99: series?.p99[i] ?? null,
  }));
}

/** Chart rows of the termination states: per point each state's requests (per second when a point merges several). */
export function stateRows(body: RunTimers): TimeRow[] {
  return body.t.map((t, i) => {
    const row: TimeRow = { t };
    for (const s of body.states) row[s.state] = (body.state_counts[s.state]?.[i] ?? 0) / body.step;
    return row;
  });
}

// Who ended a request decides its colour: green completed, ambers the client, reds the server,
// violets HAProxy; states of one group are told apart by shade (and named in the legend).
const GROUP_TONES: Record<TerminationState["group"], readonly string[]> = {
  normal: [SUCCESS],
  client: ["#C98200", "#9E6B00", "#E2662B", "#AA5A3C"],
  server: ["#E0453A", "#B83A2E", "#BE3455", "#C0397A"],
  proxy: ["#8F7FD9", "#CC79A7", "#6B5CB8", "#8A8F98"],
};

export function stateColors(states: readonly TerminationState[]): Map<string, string> {
  const used: Record<string, number> = {};
  const colors = new Map<string, string>();
  for (const s of [...states].sort((a, b) => a.state.localeCompare(b.state))) {
    const tones = GROUP_TONES[s.group];
    const i = used[s.group] ?? 0;
    used[s.group] = i + 1;
    colors.set(s.state, tones[i % tones.length]);
  }
  return colors;
}

export const GROUP_WORDS: Record<TerminationState["group"], string> = {
  normal: "completed",
  client: "ended by the client",
  server: "ended by the server",
  proxy: "ended by HAProxy",
};

/** The CSV of a chart's rows: t, then each key's value. */
export function rowsCsv(rows: readonly TimeRow[], keys: readonly string[], names: readonly string[]): (string | number | null)[][] {
  return [["t", ...names], ...rows.map((r) => [r.t, ...keys.map((k) => r[k] ?? null)])];
}
