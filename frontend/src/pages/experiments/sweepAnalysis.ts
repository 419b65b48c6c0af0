// Reading GET /experiments/{id}/analysis for people (backend/runs/analysis/): point labels, the
// knee's reason, and which points had too small a maxconn.
import type { AnalysisPoint, SweepAnalysis } from "../../client/types.gen";
import { valueText } from "../../format/text";

export const KNEE_REASONS: Record<SweepAnalysis["knee"]["reason"], string> = {
  throughput_flat: "throughput stops rising",
  errors_start: "errors start",
  still_rising: "no knee yet: still rising",
  too_few_points: "too few points",
  several_axes: "several axes",
  injector_bound: "the injectors were the limit",
};

/** A path as a label: its last name, with a list index after it (`cpu_map.0`), like spec.sweep.short_path. */
export function lastPart(path: string): string {
  const parts = path.split(".");
  return parts.length > 1 && /^\d+$/.test(parts[parts.length - 1]) ? parts.slice(-2).join(".") : parts[parts.length - 1];
}

/** "maxconn 50, connections 200"; "the point" for a sweep without axes. */
export function paramsText(params: Record<string, unknown> | null | undefined, axis?: string | null): string {
  const entries = Object.entries(params ?? {});
  if (entries.length === 0) return "the point";
  // The knee's axis first, so a table read down that column follows the sweep.
  entries.sort(([a], [b]) => (a === axis ? -1 : b === axis ? 1 : 0));
  return entries.map(([path, value]) => `${lastPart(path)} ${valueText(value, "default")}`).join(", ");
}

export function pointsShort(points: AnalysisPoint[]): AnalysisPoint[] {
  return points.filter((p) => p.maxconn_sufficient === false);
}

/** The knee point exists only when the reason names one (still_rising marks the last point). */
export function isKnee(analysis: Pick<SweepAnalysis, "knee">, point: Pick<AnalysisPoint, "point_index">): boolean {
  const k = analysis.knee;
  return (k.reason === "throughput_flat" || k.reason === "errors_start") && k.point_index === point.point_index;
}
