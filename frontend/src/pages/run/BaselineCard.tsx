// The run against its sweep point's baseline (GET /runs/{id}/baseline): one sentence first
// ("12.3 % slower than the baseline (significant)"), then each key figure's change with the
// baseline's 95% interval and p-value; editors pin this run, its point or its launch as baseline.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import {
  baselinesListBaselinesQueryKey,
  baselinesPinBaselineMutation,
  baselinesRunAgainstBaselineOptions,
  baselinesRunAgainstBaselineQueryKey,
} from "../../client/@tanstack/react-query.gen";
import type { MetricAgainstBaseline, RunAgainstBaseline, RunDetail } from "../../client/types.gen";
import { ErrorState } from "../../components/ErrorState";
import { TableScroll } from "../../components/TableScroll";
import { dateTime } from "../../format/time";
import { ruleNumber } from "./ThresholdChecks";

/** How the change reads: its sign, and whether it is worse, better or just different. */
export function changeText(m: MetricAgainstBaseline): string {
  if (m.diff_pct == null) return "–";
  const pct = `${m.diff_pct > 0 ? "+" : ""}${m.diff_pct.toFixed(1)} %`;
  if (!m.significant) return `${pct} (not significant)`;
  return m.worse == null ? pct : `${pct} (${m.worse ? "worse" : "better"})`;
}

/** A p-value as people read it: "< 0.001" rather than 0.0000092. */
export function pText(p: number | null | undefined): string {
  if (p == null) return "–";
  return p < 0.001 ? "< 0.001" : p.toPrecision(2);
}

export function baselineTone(result: RunAgainstBaseline): "ok" | "bad" | "neutral" {
  const lead = result.metrics.find((m) => m.key === result.lead_metric);
  if (!lead || !lead.significant || lead.worse == null) return "neutral";
  return lead.worse ? "bad" : "ok";
}

export function BaselineCard({ run, canEdit }: { run: RunDetail; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const path = { run_id: run.id };
  const query = useQuery(baselinesRunAgainstBaselineOptions({ path }));
  const pin = useMutation({
    ...baselinesPinBaselineMutation(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: baselinesRunAgainstBaselineQueryKey({ path }) });
      void queryClient.invalidateQueries({ queryKey: baselinesListBaselinesQueryKey({ path: { experiment_id: run.experiment_id } }) });
    },
  });
  const pinAs = (body: { run_id?: number; launch_id?: number; point_index?: number }) =>
    pin.mutate({ path: { experiment_id: run.experiment_id }, body });
  if (query.isPending) return null;
  if (query.isError) return <ErrorState compact error={query.error} onRetry={() => void query.refetch()} />;
  const result = query.data;
  const baseline = result.baseline;
  return (
    <section className={`card threshold-checks tone-${baselineTone(result)}`} aria-label="Against the baseline" data-testid="baseline" data-report="Against the baseline">
      <h3 data-testid="baseline-headline">{result.headline}</h3>
      {baseline && (
        <p className="small muted">
          Baseline of this point: {baseline.run_ids.length === 1 ? "run" : "runs"} {baseline.run_ids.map((id) => `#${id}`).join(", ")}, pinned from a{" "}
          {baseline.pinned_from === "launch" ? "launch" : baseline.pinned_from === "point" ? "launch's sweep point" : "run"}
          {baseline.created_by_email ? ` by ${baseline.created_by_email}` : ""} on {dateTime(baseline.created_at)}.
          {result.compared_run_ids.length > 1 && ` Compared: this run and its repetitions ${result.compared_run_ids.filter((id) => id !== run.id).map((id) => `#${id}`).join(", ")}.`}
        </p>
      )}
      {result.metrics.length > 0 && (
        <TableScroll label="Key figures against the baseline">
          <table className="table small">
            <thead>
              <tr>
                <th>Figure</th>
                <th className="num">Baseline (95% interval)</th>
                <th className="num">This run{result.compared_run_ids.length > 1 ? "'s point" : ""}</th>
                <th className="num">Change</th>
                <th className="num">p</th>
              </tr>
            </thead>
            <tbody>
              {result.metrics.map((m) => (
                <tr key={m.key} data-significant={m.significant}>
                  <td>{m.label}</td>
                  <td className="num">
                    {ruleNumber(m.baseline_mean, m.unit)}
                    {m.baseline_ci_low != null && m.baseline_ci_high != null && (
                      <span className="muted"> ({ruleNumber(m.baseline_ci_low, m.unit)} – {ruleNumber(m.baseline_ci_high, m.unit)}, n {m.baseline_n})</span>
                    )}
                  </td>
                  <td className="num">
                    {ruleNumber(m.value, m.unit)}
                    {m.n > 1 && <span className="muted"> (n {m.n})</span>}
                  </td>
                  <td className="num">{changeText(m)}</td>
                  <td className="num">{pText(m.p_value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {canEdit && run.state === "succeeded" && !result.in_baseline && (
        <div className="row" style={{ marginTop: "var(--space-2)" }}>
          <button type="button" disabled={pin.isPending} onClick={() => pinAs({ run_id: run.id })}>
            Pin this run as baseline
          </button>
          <button type="button" disabled={pin.isPending} onClick={() => pinAs({ launch_id: run.launch_id, point_index: run.point_index })}>
            Pin this point&apos;s runs
          </button>
          <button type="button" disabled={pin.isPending} onClick={() => pinAs({ launch_id: run.launch_id })}>
            Pin the whole launch
          </button>
        </div>
      )}
      {pin.isError && <ErrorState compact error={pin.error} />}
    </section>
  );
}
