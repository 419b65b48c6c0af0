// A new team's first step: the seed experiments, each one click from a designer draft
// (/experiments/new?template=<id>, as on the Templates page).
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";

import { templatesListExperimentTemplatesOptions } from "../../client/@tanstack/react-query.gen";
import { ErrorState } from "../../components/ErrorState";
import { LoadingState } from "../../components/LoadingState";

export function StartFromTemplate({ canEdit }: { canEdit: boolean }) {
  const templates = useQuery(templatesListExperimentTemplatesOptions());
  return (
    <section className="card home-start" aria-labelledby="home-start" data-testid="home-start">
      <h2 id="home-start">Start from a template</h2>
      <p className="muted">
        Your team has no experiments yet. Each template is a ready experiment: open it in the designer, pick a lab, launch.
        {!canEdit && " Viewers can look; an editor of the team launches."}
      </p>
      {templates.isPending && <LoadingState label="Loading templates" rows={3} />}
      {templates.error && <ErrorState error={templates.error} compact onRetry={() => templates.refetch()} />}
      {templates.data && (
        <ul className="home-templates">
          {templates.data.map((t) => (
            <li key={t.id}>
              <div>
                <strong>{t.title}</strong>
                <p className="muted small">{t.summary}</p>
              </div>
              {canEdit && (
                <Link className="button primary" to={`/experiments/new?template=${t.id}`} aria-label={`Use template ${t.title}`}>
                  Use template
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="small">
        <Link to="/templates">Compare the templates against your lab</Link>
      </p>
    </section>
  );
}
