// A staged load (spec.load.stages) on the run page: where each stage begins on the charts' clock
// (t = 0 at load start; stage i begins where stage i - 1 ended), and the per-stage table's rows
// from the summary's merged figures (RunSummary.stages). Pure, so the charts, the table and their
// test share it.
import type { LoadProfile, RunDetail, StageResult } from "../../client/types.gen";
import { fmtNum } from "../../components/keyFigures";
import { durationMs } from "../../format/units";

export type StageBoundary = { x: number; label: string };

const targetText = (kind: "rate" | "connections", target: number): string =>
  kind === "rate" ? `${fmtNum(target, Number.isInteger(target) ? 0 : 3)} req/s` : `${fmtNum(target, 0)} conn`;

/** A vertical mark at each stage's start, labelled with its target (a ramp says it ramps). */
export function stageBoundaries(load: LoadProfile | null | undefined): StageBoundary[] {
  let begins = 0;
  return (load?.stages ?? []).map((stage, index) => {
    const kind = stage.rate != null ? "rate" : "connections";
    const target = targetText(kind, stage.rate ?? stage.connections ?? 0);
    const ramp = stage.ramp_s ? ` (ramp ${stage.ramp_s} s)` : "";
    const mark = { x: begins, label: `${index + 1}: ${target}${ramp}` };
    begins += stage.duration_s;
    return mark;
  });
}

export type StageRow = {
  stage: string;
  target: string;
  window: string;
  rate: string;
  /** Delivered below 98 % of an open loop's target: flagged, never hidden. */
  short: boolean;
  p50: string;
  p99: string;
  errors: string;
  errorsWarn: boolean;
};

const SHORT_OF_TARGET = 0.98;

export function stageRows(summary: RunDetail["summary"]): StageRow[] {
  return (summary?.stages ?? []).map((s: StageResult) => {
    const errors = s.errors?.total ?? 0;
    return {
    stage: String(s.index + 1),
    target: targetText(s.kind, s.target),
    window: `${fmtNum(s.start_s, 0)}–${fmtNum(s.end_s, Number.isInteger(s.end_s) ? 0 : 1)} s`,
    rate: `${fmtNum(s.rps, 1)} req/s`,
    short: s.kind === "rate" && s.rps < SHORT_OF_TARGET * s.target,
    p50: s.latency ? durationMs(s.latency.p50) : "—",
    p99: s.latency ? durationMs(s.latency.p99) : "—",
    errors: errors ? `${fmtNum(errors, 0)} (${fmtNum(s.error_pct ?? 0, 2)} %)` : "0",
    errorsWarn: errors > 0,
  };
  });
}
