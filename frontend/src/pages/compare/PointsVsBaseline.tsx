// (e) With repetitions: each point's headline metrics with their 95% confidence interval, and
// whether they differ from the baseline's point beyond the noise (Welch's t-test, computed by
// the API). A difference inside the noise is said to be so, never coloured as a result.
import { memo } from "react";

import type { ComparePoint, PointDifference, Spread } from "../../client/types.gen";
import { decimal } from "../../format/units";
import { metricHeading, useMetricRegistry } from "../../metrics/useMetricRegistry";
import { settingText } from "./setupDiff";
import { TableScroll } from "../../components/TableScroll";

const SHOWN = ["rps", "latency_p50_ms", "latency_p99_ms", "errors_total"];


function estimate(s: Spread | undefined) {
  if (!s) return "—";
  const half = s.ci_low != null && s.ci_high != null ? (s.ci_high - s.ci_low) / 2 : null;
  return (
    <>
      {decimal(s.mean, 1)}
      {half != null && <span className="muted"> ± {decimal(half, 1)}</span>}
      <span className="muted small"> (n={s.n})</span>
      {s.noisy && <span className="badge warn" title="95% interval wider than ±10% of the mean: too wide to conclude from"> noisy</span>}
    </>
  );
}

function verdict(d: PointDifference | undefined) {
  if (!d || d.diff_pct == null) return null;
  const pct = `${d.diff_pct > 0 ? "+" : ""}${d.diff_pct.toFixed(1)}%`;
  if (d.p_value == null) return <div className="small muted">{pct}, too few runs to test</div>;
  return (
    <div className={d.significant ? "small" : "small muted"} data-significant={d.significant}>
      {pct} {d.significant ? "significant" : "within noise"} (p = {d.p_value < 0.001 ? "<0.001" : d.p_value.toFixed(3)})
    </div>
  );
}

function label(p: ComparePoint): string {
  return Object.entries(p.params).map(([k, v]) => `${k.split(".").pop()} ${settingText(v)}`).join(", ") || p.experiment_name;
}

// Memoized: the page re-renders as each of its reads arrives; this part only when its own data does.
export const PointsVsBaseline = memo(function PointsVsBaseline({ points, baseline }: { points: ComparePoint[]; baseline: number | null }) {
  const registry = useMetricRegistry();
  if (!points.some((p) => Object.values(p.metrics).some((s) => s.n > 1))) return null; // no repetitions: nothing to test
  const metrics = SHOWN.filter((m) => points.some((p) => p.metrics[m]));
  return (
    <section className="card" data-testid="points-vs-baseline" data-report="Points against the baseline">
      <h2>Points: 95% confidence intervals and significance vs the baseline's point</h2>
      <p className="muted small">
        Mean ± half the 95% interval of the repetitions. A difference is significant when Welch&apos;s t-test gives p &lt; 0.05; otherwise the
        machine&apos;s noise explains it.
      </p>
      <TableScroll label="Points vs baseline">
        <table className="table small">
          <thead>
            <tr>
              <th>Point</th>
              {metrics.map((m) => (
                <th key={m} className="num">
                  {metricHeading(registry, m)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((p) => {
              const isBase = baseline != null && p.run_ids.includes(baseline);
              return (
                <tr key={`${p.experiment_id}-${p.point_index}`} className={isBase ? "baseline" : undefined}>
                  <td>
                    {label(p)}
                    {isBase && <span className="muted small"> (baseline)</span>}
                    {p.partial_run_ids && p.partial_run_ids.length > 0 && (
                      <div className="small muted">{p.partial_run_ids.length} partial run(s) left out</div>
                    )}
                  </td>
                  {metrics.map((m) => (
                    <td key={m} className="num">
                      {estimate(p.metrics[m])}
                      {!isBase && verdict(p.vs_baseline?.[m])}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
});
