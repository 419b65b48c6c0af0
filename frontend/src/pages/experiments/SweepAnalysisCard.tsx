// The latest launch's sweep read as a whole (GET /experiments/{id}/analysis): where throughput
// stops rising (the knee), the maxconn the load needs by Little's law, and per point the numbers
// both were read from, with each point's verdict.
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";

import { toApiError } from "../../api/apiError";
import { runsExperimentAnalysisOptions } from "../../client/@tanstack/react-query.gen";
import type { SweepAnalysis } from "../../client/types.gen";
import { BoundBadge } from "../../components/BoundBadge";
import { EmptyState } from "../../components/EmptyState";
import { ErrorState } from "../../components/ErrorState";
import { LoadingState } from "../../components/LoadingState";
import "../../components/figures.css";
import { fmtNum } from "../../components/keyFigures";
import { KNEE_REASONS, isKnee, paramsText, pointsShort } from "./sweepAnalysis";

const f = (v: number | null | undefined, digits = 1) => (v == null ? "—" : fmtNum(v, digits));

export function SweepAnalysisCard({ experimentId, active }: { experimentId: number; active: boolean }) {
  const analysis = useQuery({
    ...runsExperimentAnalysisOptions({ path: { experiment_id: experimentId } }),
    // Runs of the launch still finishing: follow them.
    refetchInterval: active ? 10_000 : false,
    retry: (count, error) => toApiError(error, 0).status !== 404 && count < 2,
  });

  return (
    <section className="card" aria-labelledby="analysis-title" data-testid="sweep-analysis" style={{ marginTop: "var(--space-4)" }}>
      <h2 id="analysis-title">Sweep analysis</h2>
      {analysis.isPending && <LoadingState label="Reading the sweep" rows={3} />}
      {analysis.error &&
        (toApiError(analysis.error, 0).status === 404 ? (
          <EmptyState title="No launch yet">Launch the experiment: the knee and the maxconn it needs are read from its runs.</EmptyState>
        ) : (
          <ErrorState error={analysis.error} compact onRetry={() => analysis.refetch()} />
        ))}
      {analysis.data && <AnalysisBody a={analysis.data} />}
    </section>
  );
}

function AnalysisBody({ a }: { a: SweepAnalysis }) {
  const short = pointsShort(a.points);
  const measured = a.points.filter((p) => p.rps != null).length;
  return (
    <>
      <p className="muted small">
        Launch {a.launch_id}: {a.points.length} points, {measured} with results
        {a.axis ? (
          <>
            ; the knee is read along <code>{a.axis}</code> (less than {fmtNum(a.min_gain_pct, 0)} % more throughput is flat)
          </>
        ) : null}
        .{" "}
        <Link to={`/history?experiment=${a.experiment_id}`}>All runs</Link>
      </p>
      {a.note && (
        <p className="notice small" data-testid="analysis-note">
          {a.note}
        </p>
      )}
      <div className="analysis-lead">
        <div className="verdict tone-info" data-testid="knee">
          <div className="row">
            <strong>Knee</strong>
            <span className="badge">{KNEE_REASONS[a.knee.reason] ?? a.knee.reason}</span>
          </div>
          {a.knee.rps != null && a.knee.params && (
            <p className="big">
              {fmtNum(a.knee.rps, 1)} req/s <span className="small muted">at {paramsText(a.knee.params, a.axis)}</span>
            </p>
          )}
          <p>{a.knee.sentence}</p>
        </div>
        <div className={`verdict ${short.length ? "tone-warn" : "tone-ok"}`} data-testid="littles-law">
          <div className="row">
            <strong>Recommended maxconn</strong>
            <span className="muted small">Little&apos;s law: requests in flight = rate × time</span>
          </div>
          <p className="big">{a.littles_law.recommended_maxconn ?? "—"}</p>
          <p>{a.littles_law.sentence}</p>
        </div>
      </div>
      {a.points.length > 0 && (
        <div style={{ overflowX: "auto" }}>
          <table className="table compact analysis-points phone-cards">
            <caption className="muted small" style={{ textAlign: "left" }}>
              Evidence per point (repetitions averaged; req/s ± half its 95% confidence interval). In flight = req/s × HAProxy&apos;s mean session time; needed =
              the clients of a closed loop, or rate × p50 of an open one.
            </caption>
            <thead>
              <tr>
                <th scope="col">Point</th>
                <th scope="col" className="num">req/s</th>
                <th scope="col" className="num">errors %</th>
                <th scope="col" className="num">p50 ms</th>
                <th scope="col" className="num">in flight</th>
                <th scope="col" className="num">needed</th>
                <th scope="col" className="num">maxconn</th>
                <th scope="col" className="num">recommended</th>
                <th scope="col">Bound</th>
                <th scope="col">Runs</th>
              </tr>
            </thead>
            <tbody>
              {a.points.map((p) => {
                const knee = isKnee(a, p);
                return (
                  <tr key={p.point_index} className={knee ? "knee" : undefined} aria-current={knee ? "true" : undefined}>
                    <th scope="row" style={{ fontWeight: knee ? 700 : 400 }} data-label="Point">
                      {paramsText(p.params, a.axis)}
                      {knee && <span className="badge info" style={{ marginLeft: 6 }}>knee</span>}
                    </th>
                    <td className="num" data-label="req/s" title={p.rps_ci_low != null && p.rps_ci_high != null ? `95% interval ${f(p.rps_ci_low)} – ${f(p.rps_ci_high)}` : undefined}>
                      {f(p.rps)}
                      {p.rps_ci_low != null && p.rps_ci_high != null && (
                        <span className="muted small"> ± {f((p.rps_ci_high - p.rps_ci_low) / 2)}</span>
                      )}
                      {p.noisy && <span className="badge warn" title="95% interval wider than ±10% of the mean: too wide to conclude from"> noisy</span>}
                    </td>
                    <td className="num" data-label="errors %">{f(p.error_pct, 2)}</td>
                    <td className="num" data-label="p50 ms">{f(p.latency_p50_ms, 1)}</td>
                    <td className="num" data-label="in flight">{f(p.in_flight, 1)}</td>
                    <td className="num" data-label="needed">{f(p.concurrency_needed, 1)}</td>
                    <td className={p.maxconn_sufficient === false ? "num figure-warn" : "num"} data-label="maxconn">
                      {p.maxconn ?? "—"}
                      {p.maxconn_sufficient === false && <span className="small"> (too small)</span>}
                    </td>
                    <td className="num" data-label="recommended">{p.recommended_maxconn ?? "—"}</td>
                    <td title={p.verdict ?? undefined} data-label="Bound"><BoundBadge kind={p.bound} /></td>
                    <td data-label="Runs">
                      {p.run_ids.length === 0 ? (
                        <span className="muted">none yet</span>
                      ) : (
                        p.run_ids.map((id, i) => (
                          <span key={id}>
                            {i > 0 && ", "}
                            <Link to={`/runs/${id}`}>{id}</Link>
                          </span>
                        ))
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
