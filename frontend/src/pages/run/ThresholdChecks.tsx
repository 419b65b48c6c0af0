// The spec's threshold rules with the run's answer: passed or failed, each rule's measured value
// against its limit (a CI job reads the same report from the API: GET /runs/{id} `thresholds`).
import type { LaunchDetail, MetricRegistry, ThresholdReport } from "../../client/types.gen";
import { TableScroll } from "../../components/TableScroll";
import { decimal, quantity } from "../../format/units";
import { useMetricRegistry } from "../../metrics/useMetricRegistry";
import { paramsText } from "../experiments/sweepAnalysis";

/** The unit of a rule's figure: a run metric's or a per-second series'. */
export function ruleUnit(registry: MetricRegistry | undefined, metric: string): string {
  return registry?.run_metrics.find((m) => m.key === metric)?.unit ?? registry?.sample_series.find((s) => s.key === metric)?.unit ?? "";
}

/** A rule's number as exactly as it was written: time and bytes in their best scale, everything
 * else in full (a limit of 1000 is "1,000", not "1k"; 0.0001 keeps its digits). */
export function ruleNumber(value: number, unit: string): string {
  if (["ms", "s", "B/s"].includes(unit)) return quantity(value, unit);
  const text = decimal(Number(value.toPrecision(6)), 6);
  return unit === "%" ? `${text}%` : unit ? `${text} ${unit}` : text;
}

/** "All 3 thresholds passed", "The threshold failed", "2 of 3 thresholds failed"; rules a run
 * measured too little to judge are neither: "3 thresholds not judged: too short to measure". */
export function checksTitle(total: number, failed: number, notJudged = 0): string {
  if (notJudged > 0 && failed === 0)
    return total === notJudged ? `${total === 1 ? "The threshold was" : `${total} thresholds`} not judged: too little measured` : `${notJudged} of ${total} thresholds not judged`;
  if (total === 1) return failed ? "The threshold failed" : "The threshold passed";
  return failed ? `${failed} of ${total} thresholds failed` : `All ${total} thresholds passed`;
}

export function ThresholdChecks({ report }: { report: ThresholdReport }) {
  const registry = useMetricRegistry();
  const total = report.results.length;
  const notJudged = report.results.filter((r) => r.judged === false).length;
  const failed = report.results.filter((r) => !r.passed && r.judged !== false).length;
  const aborted = report.aborted_by != null ? report.results[report.aborted_by] : undefined;
  const tone = report.passed ? "tone-ok" : failed > 0 ? "tone-bad" : "tone-muted";
  return (
    <section className={`threshold-checks ${tone}`} aria-label="Thresholds" data-testid="thresholds">
      <h3>{checksTitle(total, failed, notJudged)}</h3>
      {aborted && <p className="small">Stopped early: “{aborted.text}” was already lost while the run was live (abort on fail).</p>}
      <TableScroll label="Threshold rules">
      <table className="table small phone-cards">
        <thead>
          <tr>
            <th>Rule</th>
            <th className="num">Measured</th>
            <th className="num">Limit</th>
            <th>Outcome</th>
          </tr>
        </thead>
        <tbody>
          {report.results.map((r, i) => {
            const unit = ruleUnit(registry, r.rule.metric);
            return (
              <tr key={i} data-passed={r.passed} data-judged={r.judged !== false}>
                <td data-label="Rule">
                  <code>{r.text}</code>
                </td>
                <td className="num" data-label="Measured">{r.value != null ? ruleNumber(r.value, unit) : <span className="muted">{r.note ?? "not measured"}</span>}</td>
                <td className="num" data-label="Limit">
                  {r.rule.operator} {ruleNumber(r.limit, unit)}
                </td>
                <td data-label="Outcome">
                  {r.judged === false ? (
                    <span className="badge">not judged</span>
                  ) : (
                    <span className={`badge ${r.passed ? "ok" : "bad"}`}>{r.passed ? "passed" : "failed"}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      </TableScroll>
    </section>
  );
}

type PointResult = LaunchDetail["point_thresholds"][number];

/** "its check passed", "1 of 2 checks failed", "all 3 checks passed". */
function checksOutcome(results: readonly PointResult[]): string {
  const failed = results.filter((r) => !r.passed).length;
  if (results.length === 1) return `its check ${failed ? "failed" : "passed"}`;
  return failed ? `${failed} of ${results.length} checks failed` : `all ${results.length} checks passed`;
}

/** "point 1 (maxconn 5)". */
function pointName(r: PointResult): string {
  const params = paramsText(r.params);
  return `point ${r.point_index + 1}${params ? ` (${params})` : ""}`;
}

/**
 * The launch's sweep-point checks, each named by its point, this run's first: a check of another
 * point never reads as this run's ("Point 2 (maxconn 10), this run's: its check passed · point 1
 * (maxconn 5): its check failed"; "No check judges this run's point 2 · point 1 (maxconn 5): its
 * check passed").
 */
export function pointChecksTitle(results: readonly PointResult[], pointIndex: number): string {
  const mine = results.filter((r) => r.point_index === pointIndex);
  const byPoint = new Map<number, PointResult[]>();
  for (const r of results) if (r.point_index !== pointIndex) byPoint.set(r.point_index, [...(byPoint.get(r.point_index) ?? []), r]);
  const parts = [mine.length ? `This run's ${pointName(mine[0])}: ${checksOutcome(mine)}` : `No check judges this run's point ${pointIndex + 1}`];
  if (byPoint.size > 3) {
    const others = [...byPoint.values()].flat();
    parts.push(`${byPoint.size} other points: ${checksOutcome(others).replace("its check", "the check")}`);
  } else {
    for (const rs of byPoint.values()) parts.push(`${pointName(rs[0])}: ${checksOutcome(rs)}`);
  }
  return parts.join(" · ");
}

/** The rules judged per sweep point (their repetitions' mean or confidence bound, or against
 * another point), from the launch's verdict (GET /launches/{id}); this run's point marked. */
export function PointChecks({ launch, pointIndex }: { launch: LaunchDetail; pointIndex: number }) {
  const registry = useMetricRegistry();
  const results = launch.point_thresholds;
  // The tone is this run's point's: another point's failure is named in the title, not painted on this run.
  const mine = results.filter((r) => r.point_index === pointIndex);
  const tone = mine.length === 0 ? "tone-neutral" : mine.some((r) => !r.passed) ? "tone-bad" : "tone-ok";
  return (
    <section className={`card threshold-checks ${tone}`} aria-label="Sweep-point thresholds" data-testid="point-thresholds" data-report="Sweep-point checks">
      <h3>{pointChecksTitle(results, pointIndex)}</h3>
      <p className="small muted">Rules judged once per sweep point of this launch, on the runs of the point that succeeded.</p>
      <TableScroll label="Sweep-point threshold rules">
        <table className="table small phone-cards">
          <thead>
            <tr>
              <th>Point</th>
              <th>Rule</th>
              <th className="num">Measured</th>
              <th className="num">Limit</th>
              <th>Outcome</th>
            </tr>
          </thead>
          <tbody>
            {results.map((r, i) => {
              const unit = ruleUnit(registry, r.rule.metric);
              const reference = r.reference_point_index != null ? `x the mean at point ${r.reference_point_index + 1}: ${paramsText(r.reference_params)}` : "";
              return (
                <tr key={i} data-passed={r.passed} aria-current={r.point_index === pointIndex ? "true" : undefined}>
                  <td data-label="Point">
                    {r.point_index + 1}: {paramsText(r.params)}
                    {r.point_index === pointIndex && <span className="muted"> · this run's</span>}
                  </td>
                  <td data-label="Rule">
                    <code>{r.text}</code>
                  </td>
                  <td className="num" data-label="Measured">
                    {r.value != null && ruleNumber(r.value, unit)}
                    {r.note && <div className="muted">{r.note}</div>}
                  </td>
                  <td className="num" data-label="Limit">
                    {r.limit != null ? `${r.rule.operator} ${ruleNumber(r.limit, unit)}` : "–"}
                    {reference && <div className="muted">{reference}</div>}
                  </td>
                  <td data-label="Outcome">
                    <span className={`badge ${r.passed ? "ok" : "bad"}`}>{r.passed ? "passed" : "failed"}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
