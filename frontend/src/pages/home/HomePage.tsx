// / — the team at a glance: what runs now, what ran lately (with the figure it is known by), and
// whether the labs' agents are up. A team without experiments starts here from a template.
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";

import { hasRole, useSession } from "../../auth/useSession";
import { experimentsListExperimentsOptions } from "../../client/@tanstack/react-query.gen";
import { ErrorState } from "../../components/ErrorState";
import { PageHeader } from "../../components/PageHeader";
import "./home.css";
import { InProgress } from "./InProgress";
import { LabsHealth } from "./LabsHealth";
import { RecentRuns } from "./RecentRuns";
import { StartFromTemplate } from "./StartFromTemplate";

export default function HomePage() {
  const { session } = useSession();
  const canEdit = hasRole(session, "editor");
  const experiments = useQuery(experimentsListExperimentsOptions({ query: { limit: 1 } }));
  const newTeam = experiments.data?.total === 0;

  return (
    <>
      <PageHeader
        title="Home"
        description={session?.current_team ? `${session.current_team.name}: runs and labs at a glance.` : "Runs and labs at a glance."}
        actions={
          canEdit && (
            <>
              <Link className="button" to="/templates">From a template</Link>
              <Link className="button primary" to="/experiments/new">New experiment</Link>
            </>
          )
        }
      />
      {experiments.error && <ErrorState error={experiments.error} compact />}
      {newTeam && <StartFromTemplate canEdit={canEdit} />}
      <div className="home-grid">
        <div className="home-main">
          <InProgress />
          <RecentRuns />
        </div>
        <LabsHealth />
      </div>
    </>
  );
}
