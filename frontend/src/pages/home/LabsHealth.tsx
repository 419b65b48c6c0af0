// The team's labs and their agents' health: up and down counts, the last heartbeat, the agents
// that are down by name, and the run holding a busy lab. GET /labs gives the counts; the agents
// (their last heartbeats) come with each lab's detail, one request per lab, so only the first
// DETAILED labs get one and the rest show their counts.
import { useQueries, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";

import { labsGetLabOptions, labsListLabsOptions } from "../../client/@tanstack/react-query.gen";
import type { LabDetail, LabSummary } from "../../client/types.gen";
import { EmptyState } from "../../components/EmptyState";
import { ErrorState } from "../../components/ErrorState";
import { LoadingState } from "../../components/LoadingState";
import { ago } from "../../format/time";
import { labHealth } from "./homeData";

const POLL_MS = 10_000;
const DETAILED = 8;

export function LabsHealth() {
  const labs = useQuery({ ...labsListLabsOptions(), refetchInterval: POLL_MS });
  const details = useQueries({
    queries: (labs.data ?? []).slice(0, DETAILED).map((lab) => ({
      ...labsGetLabOptions({ path: { lab_id: lab.id } }),
      refetchInterval: POLL_MS,
    })),
  });
  const detailOf = new Map(details.flatMap((d) => (d.data ? [[d.data.id, d.data] as const] : [])));

  return (
    <section className="card home-section home-labs" aria-labelledby="home-labs">
      <div className="spread">
        <h2 id="home-labs">Labs</h2>
        <Link to="/labs" className="small">All labs</Link>
      </div>
      {labs.isPending && <LoadingState label="Loading labs" rows={3} />}
      {labs.error && <ErrorState error={labs.error} compact onRetry={() => labs.refetch()} />}
      {labs.data && labs.data.length === 0 && (
        <EmptyState title="No labs yet" action={<Link to="/labs">Create a lab</Link>}>
          A lab is a proxy host, injectors and targets, each running an agent.
        </EmptyState>
      )}
      {labs.data && labs.data.length > 0 && (
        <ul className="home-list">
          {labs.data.map((lab) => (
            <LabRow key={lab.id} lab={lab} detail={detailOf.get(lab.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LabRow({ lab, detail }: { lab: LabSummary; detail: LabDetail | undefined }) {
  const health = detail ? labHealth(detail.agents) : null;
  const down = lab.agent_count - lab.online_agent_count;
  const tone = lab.agent_count === 0 ? "warn" : down === 0 ? "ok" : lab.online_agent_count === 0 ? "bad" : "warn";
  return (
    <li className="home-row" data-testid={`home-lab-${lab.id}`}>
      <div className="spread">
        <Link to={`/labs/${lab.id}`}>{lab.name}</Link>
        {lab.busy && lab.active_run_id ? (
          <Link to={`/runs/${lab.active_run_id}`} className="badge info">busy: run #{lab.active_run_id}</Link>
        ) : (
          <span className="badge">idle</span>
        )}
      </div>
      <p className="small">
        {lab.agent_count === 0 ? (
          <span className="badge warn">no agents enrolled</span>
        ) : (
          <span className={`badge ${tone}`}>
            {lab.online_agent_count} online{down > 0 && `, ${down} offline`}
          </span>
        )}
        {health && health.lastHeard && <span className="muted"> · last heard {ago(health.lastHeard)}</span>}
      </p>
      {health && health.offlineAgents.length > 0 && (
        <p className="small muted">
          Down: {health.offlineAgents.map((a) => `${a.name} (last seen ${ago(a.last_seen_at)})`).join(", ")}
        </p>
      )}
    </li>
  );
}
