// The spec's threshold rules with the run's answer: passed or failed, each rule's measured value
// against its limit (a CI job reads the same report from the API: GET /runs/{id} `thresholds`).
import type { MetricRegistry, ThresholdReport } from "../../client/types.gen";
import { quantity } from "../../format/units";
import { useMetricRegistry } from "../../metrics/useMetricRegistry";

/** The unit of a rule's figure: a run metric's or a per-second series'. */
export function ruleUnit(registry: MetricRegistry | undefined, metric: string): string {
  return registry?.run_metrics.find((m) => m.key === metric)?.unit ?? registry?.sample_series.find((s) => s.key === metric)?.unit ?? "";
}

/** A rule's number in its unit; tiny limits (0.0001, connects per request) keep their digits. */
export function ruleNumber(value: number, unit: string): string {
  if (value !== 0 && Math.abs(value) < 0.01 && !["ms", "s", "B/s"].includes(unit)) return `${Number(value.toPrecision(2))}${unit ? ` ${unit}` : ""}`;
  return quantity(value, unit);
}

export function ThresholdChecks({ report }: { report: ThresholdReport }) {
  const registry = useMetricRegistry();
  const total = report.results.length;
  const failed = report.results.filter((r) => !r.passed).length;
  const aborted = report.aborted_by != null ? report.results[report.aborted_by] : undefined;
  return (
    <section className={`threshold-checks ${report.passed ? "tone-ok" : "tone-bad"}`} aria-label="Thresholds" data-testid="thresholds">
      <h3>{report.passed ? `All ${total} thresholds passed` : `${failed} of ${total} thresholds failed`}</h3>
      {aborted && <p className="small">Stopped early: “{aborted.text}” was already lost while the run was live (abort on fail).</p>}
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
    </section>
  );
}
