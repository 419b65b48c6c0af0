// The spec's threshold rules with the run's answer: passed or failed, each rule's measured value
// against its limit (a CI job reads the same report from the API: GET /runs/{id} `thresholds`).
import type { MetricRegistry, ThresholdReport } from "../../client/types.gen";
import { TableScroll } from "../../components/TableScroll";
import { quantity } from "../../format/units";
import { useMetricRegistry } from "../../metrics/useMetricRegistry";

/** The unit of a rule's figure: a run metric's or a per-second series'. */
export function ruleUnit(registry: MetricRegistry | undefined, metric: string): string {
  return registry?.run_metrics.find((m) => m.key === metric)?.unit ?? registry?.sample_series.find((s) => s.key === metric)?.unit ?? "";
}

/** A rule's number as exactly as it was written: time and bytes in their best scale, everything
 * else in full (a limit of 1000 is "1,000", not "1k"; 0.0001 keeps its digits). */
export function ruleNumber(value: number, unit: string): string {
  if (["ms", "s", "B/s"].includes(unit)) return quantity(value, unit);
  const text = Number(value.toPrecision(6)).toLocaleString("en-US", { maximumFractionDigits: 6 });
  return unit === "%" ? `${text}%` : unit ? `${text} ${unit}` : text;
}

/** "All 3 thresholds passed", "The threshold failed", "2 of 3 thresholds failed". */
export function checksTitle(total: number, failed: number): string {
  if (total === 1) return failed ? "The threshold failed" : "The threshold passed";
  return failed ? `${failed} of ${total} thresholds failed` : `All ${total} thresholds passed`;
}

export function ThresholdChecks({ report }: { report: ThresholdReport }) {
  const registry = useMetricRegistry();
  const total = report.results.length;
  const failed = report.results.filter((r) => !r.passed).length;
  const aborted = report.aborted_by != null ? report.results[report.aborted_by] : undefined;
  return (
    <section className={`threshold-checks ${report.passed ? "tone-ok" : "tone-bad"}`} aria-label="Thresholds" data-testid="thresholds">
      <h3>{checksTitle(total, failed)}</h3>
      {aborted && <p className="small">Stopped early: “{aborted.text}” was already lost while the run was live (abort on fail).</p>}
      <TableScroll label="Threshold rules">
      <table className="table small">
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
              <tr key={i} data-passed={r.passed}>
                <td>
                  <code>{r.text}</code>
                </td>
                <td className="num">{r.value != null ? ruleNumber(r.value, unit) : <span className="muted">{r.note ?? "not measured"}</span>}</td>
                <td className="num">
                  {r.rule.operator} {ruleNumber(r.limit, unit)}
                </td>
                <td>
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
