// The team's latest runs: state, experiment, the figure each is known by, and when: one request
// (GET /runs carries each run's headline figures).
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";

import { runsListRunsOptions } from "../../client/@tanstack/react-query.gen";
import type { RunSlim } from "../../client/types.gen";
import { EmptyState } from "../../components/EmptyState";
import { ErrorState } from "../../components/ErrorState";
import { LoadingState } from "../../components/LoadingState";
import { OutcomeBadge } from "../../components/OutcomeBadge";
import { TableScroll } from "../../components/TableScroll";
import { ago, dateTime } from "../../format/time";
import { keyFigure } from "./homeData";

const RECENT = 10;

export function RecentRuns() {
  const runs = useQuery({ ...runsListRunsOptions({ query: { limit: RECENT } }), refetchInterval: 10_000 });

  return (
    <section className="card home-section" aria-labelledby="home-recent">
      <div className="spread">
        <h2 id="home-recent">Recent runs</h2>
        <Link to="/history" className="small">All runs in History</Link>
      </div>
      {runs.isPending && <LoadingState label="Loading recent runs" rows={4} />}
      {runs.error && <ErrorState error={runs.error} compact onRetry={() => runs.refetch()} />}
      {runs.data && runs.data.items.length === 0 && (
        <EmptyState title="No runs yet">Launch an experiment: its runs and their figures show here.</EmptyState>
      )}
      {runs.data && runs.data.items.length > 0 && (
        <TableScroll label="Recent runs">
          <table className="table home-runs">
            <thead>
              <tr>
                <th scope="col">Run</th>
                <th scope="col">Experiment</th>
                <th scope="col">State</th>
                <th scope="col">Result</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.items.map((run) => (
                <tr key={run.id}>
                  <td><Link to={`/runs/${run.id}`}>#{run.id}</Link></td>
                  <td><Link to={`/experiments/${run.experiment_id}`}>{run.experiment_name}</Link></td>
                  <td><OutcomeBadge state={run.state} outcome={run.outcome} /></td>
                  <td className="num">{keyFigure(run.figures) ?? <span className="muted">—</span>}</td>
                  <td className="nowrap" title={dateTime(when(run))}>{ago(when(run))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** When it finished, or for a run not finished, when it started or was queued. */
function when(run: RunSlim): string {
  return run.finished_at ?? run.started_at ?? run.created_at;
}
