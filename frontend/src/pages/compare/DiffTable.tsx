// (d) Every run's headline metrics and their % change vs a chosen baseline run.
import { memo } from "react";

import type { CompareTable } from "../../client/types.gen";
import { OutcomeBadge } from "../../components/OutcomeBadge";
import { decimal } from "../../format/units";
import { metricHeading, runMetric, useMetricRegistry } from "../../metrics/useMetricRegistry";
import { runColor, runLabel, type RunStyle } from "./runs";
import { TableScroll } from "../../components/TableScroll";

const SHOWN = ["rps", "successes", "errors_total", "errors_timeout", "latency_p50_ms", "latency_p99_ms", "latency_max_ms", "proxy_connects", "proxy_reuses", "proxy_max_qcur"];

function fmt(v: number | null | undefined): string {
  return v == null ? "—" : decimal(Number(v), 2);
}

/** Passed or failed, the failed rules with their values on hover. */
function Checks({ report }: { report: CompareTable["rows"][number]["thresholds"] }) {
  if (!report) return <span className="muted">—</span>;
  const lost = report.results.filter((r) => !r.passed).map((r) => `${r.text}: ${r.value ?? "not measured"}`);
  return (
    <span data-testid="threshold-outcome" className={`badge ${report.passed ? "ok" : "bad"}`} title={lost.join("\n") || `all ${report.results.length} passed`}>
      {report.passed ? "passed" : `${lost.length} failed`}
    </span>
  );
}

// Memoized: the page re-renders as each of its reads arrives; this part only when its own data does.
export const DiffTable = memo(function DiffTable({ table, baseline, onBaseline, runs }: { table: CompareTable; baseline: number; onBaseline: (id: number) => void; runs: RunStyle }) {
  const registry = useMetricRegistry();
  const metrics = SHOWN.filter((m) => table.metric_columns.includes(m));
  const judged = table.rows.some((r) => r.thresholds != null);
  const baselineRow = table.rows.find((r) => r.run_id === baseline);
  const notComparable = table.rows.filter((r) => r.capacity_note);
  return (
    <section className="card" data-testid="diff-table" data-report="Runs side by side">
      <div className="spread">
        <h2>Differences vs baseline</h2>
        <label className="row">
          Baseline
          <select value={baseline} onChange={(e) => onBaseline(Number(e.target.value))}>
            {table.rows.map((r) => (
              <option key={r.run_id} value={r.run_id}>
                {runLabel(runs, r.run_id)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {table.no_op_params && table.no_op_params.length > 0 && (
        <div className="notice" data-testid="no-op-params">
          These runs differ in settings that do nothing here, so the differences below are the machine&apos;s noise, not the setting:
          <ul>
            {table.no_op_params.map((w) => (
              <li key={w.field}>
                <code>{w.field}</code>: {w.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {notComparable.length > 0 && (
        <div className="notice" data-testid="capacity-notes">
          {notComparable.length === 1 ? "One run is" : `${notComparable.length} runs are`} bound by the CPU of a machine HAProxy shared with the load tool, so
          {notComparable.length === 1 ? " it says" : " they say"} nothing of HAProxy&apos;s capacity: their differences are not marked better or worse.
          <ul>
            {notComparable.map((r) => (
              <li key={r.run_id}>
                {runLabel(runs, r.run_id)}: {r.capacity_note}
              </li>
            ))}
          </ul>
        </div>
      )}
      <TableScroll label="Runs compared">
        <table className="table small phone-cards">
          <thead>
            <tr>
              <th>Run</th>
              <th>State</th>
              {judged && <th title="Whether every threshold rule of the run's spec passed">Thresholds</th>}
              {metrics.map((m) => (
                <th key={m} className="num" title={runMetric(registry, m)?.description}>
                  {metricHeading(registry, m)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r) => (
              <tr key={r.run_id} className={r.run_id === baseline ? "baseline" : undefined}>
                <td data-label="Run">
                  <span className="chart-swatch" style={{ background: runColor(runs, r.run_id) }} aria-hidden="true" /> {runLabel(runs, r.run_id)}
                </td>
                <td data-label="State">
                  <OutcomeBadge state={r.state} outcome={r.outcome} />
                  {r.capacity_note && (
                    <span className="badge" title={r.capacity_note} data-testid="not-comparable">
                      shared machine
                    </span>
                  )}
                </td>
                {judged && (
                  <td data-label="Thresholds">
                    <Checks report={r.thresholds} />
                  </td>
                )}
                {metrics.map((m) => {
                  const change = r.change_pct?.[m];
                  // The registry says which way is better: a rise in errors or latency is worse.
                  const worse = change != null && change !== 0 && (change > 0) === (runMetric(registry, m)?.better === "lower");
                  // A run bound by a CPU HAProxy shared with the load tool neither wins nor loses.
                  const judged = !r.capacity_note && !baselineRow?.capacity_note;
                  return (
                    <td key={m} className="num" data-label={metricHeading(registry, m)}>
                      {fmt(r.metrics[m])}
                      {r.run_id !== baseline && change != null && (
                        <span className={judged ? (worse ? "change worse" : "change better") : "change"}>
                          {" "}
                          ({change > 0 ? "+" : ""}
                          {change.toFixed(1)}%)
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
});
