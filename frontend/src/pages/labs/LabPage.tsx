// One lab: its agents (refreshed every 5 s so status follows heartbeats), where its traffic may go,
// its link shaping settings and CA certificate, and enrollment.
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";

import { labsGetLabOptions } from "../../client/@tanstack/react-query.gen";
import { hasRole, useSession } from "../../auth/useSession";
import { EmptyState } from "../../components/EmptyState";
import { ErrorState } from "../../components/ErrorState";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { AgentsTable, RevokedAgentsTable } from "./AgentsTable";
import { EnrollSection } from "./EnrollSection";
import { LabSchedulesSection } from "./LabSchedulesSection";
import { LinkShapingSection } from "./LinkShapingSection";
import { TrafficBoundarySection } from "./TrafficBoundarySection";

export default function LabPage() {
  const labId = Number(useParams().labId);
  const { session } = useSession();
  const lab = useQuery({ ...labsGetLabOptions({ path: { lab_id: labId } }), refetchInterval: 5_000 });

  if (lab.isPending) return <LoadingState label="Loading lab" rows={5} />;
  if (lab.error) return <ErrorState error={lab.error} />;
  const l = lab.data;
  return (
    <>
      <PageHeader
        title={l.name}
        description={l.description || undefined}
        actions={
          l.busy && l.active_run_id ? (
            <Link className="button" to={`/runs/${l.active_run_id}`}>Watch run {l.active_run_id}</Link>
          ) : (
            <span className="badge">idle</span>
          )
        }
      />
      <section className="card" aria-labelledby="agents-title">
        <h2 id="agents-title">
          Agents <span className="muted small">({l.online_agent_count} of {l.agent_count} online)</span>
        </h2>
        {l.agents.length === 0 ? (
          <EmptyState title="No agents yet">Enroll one below: a lab needs a proxy, an injector and a target.</EmptyState>
        ) : (
          <AgentsTable agents={l.agents} labId={labId} canRevoke={hasRole(session, "admin")} activeRunId={l.active_run_id} />
        )}
        {l.revoked_agents.length > 0 && (
          <details>
            <summary>Revoked agents ({l.revoked_agents.length}): their tokens are refused; runs still name them</summary>
            <RevokedAgentsTable agents={l.revoked_agents} />
          </details>
        )}
      </section>
      <LabSchedulesSection labId={labId} />
      <TrafficBoundarySection lab={l} canEdit={hasRole(session, "admin")} />
      <LinkShapingSection lab={l} canEdit={hasRole(session, "editor")} />
      <EnrollSection labId={labId} canEdit={hasRole(session, "editor")} />
    </>
  );
}
