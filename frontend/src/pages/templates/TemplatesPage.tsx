// The five seed experiments as templates. Pick a lab to see, on each card, whether that lab can
// run it (roles online, driver installed, MariaDB, link shaping) before opening it in the designer.
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";

import { hasRole, useSession } from "../../auth/useSession";
import { labsGetLabOptions, labsListLabsOptions, templatesListExperimentTemplatesOptions } from "../../client/@tanstack/react-query.gen";
import type { LabDetail, Template } from "../../client/types.gen";
import { ErrorState } from "../../components/ErrorState";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { duration } from "../../format/time";
import { estimateSweep } from "../designer/sweepEstimate";
import { labProblems } from "../labs/labFit";

export default function TemplatesPage() {
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  const labId = params.get("lab") ? Number(params.get("lab")) : null;
  const templates = useQuery(templatesListExperimentTemplatesOptions());
  const labs = useQuery(labsListLabsOptions());
  const lab = useQuery({ ...labsGetLabOptions({ path: { lab_id: labId ?? 0 } }), enabled: labId != null });

  return (
    <>
      <PageHeader
        title="Templates"
        description="The seed experiments, ready to run. Open one in the designer, change what you like, launch."
        actions={
          <label className="row">
            <span>Check against lab</span>
            <select value={labId ?? ""} onChange={(e) => setParams(e.target.value ? { lab: e.target.value } : {}, { replace: true })}>
              <option value="">—</option>
              {labs.data?.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
            </select>
          </label>
        }
      />
      {templates.isPending && <LoadingState label="Loading templates" rows={5} />}
      {templates.error && <ErrorState error={templates.error} />}
      <div className="cards">
        {templates.data?.map((t) => (
          <TemplateCard key={t.id} template={t} lab={lab.data} canEdit={hasRole(session, "editor")} />
        ))}
      </div>
    </>
  );
}

function TemplateCard({ template: t, lab, canEdit }: { template: Template; lab: LabDetail | undefined; canEdit: boolean }) {
  const estimate = estimateSweep(t.spec);
  const problems = lab ? labProblems(t.requires, lab) : [];
  return (
    <article className="card template-card" aria-labelledby={`tpl-${t.id}`} data-testid={`template-${t.id}`}>
      <h2 id={`tpl-${t.id}`}>
        <span className="muted">{t.id}</span> {t.title}
      </h2>
      <p>{t.summary}</p>
      <p className="small muted">
        driver <strong>{t.requires.driver}</strong> · needs {t.requires.roles.join(", ")}
        {t.requires.target === "database" && " · a MariaDB target"} · {estimate.runs} runs, about {duration(estimate.totalSeconds)}
      </p>
      {lab && problems.length === 0 && <p className="badge ok">{lab.name} can run it</p>}
      {problems.length > 0 && (
        <ul className="notice small" aria-label={`Problems on ${lab?.name}`} style={{ paddingLeft: 24 }}>
          {problems.map((p) => <li key={p}>{p}</li>)}
        </ul>
      )}
      {canEdit && (
        <Link className="button primary" to={`/experiments/new?template=${t.id}`}>
          Use template
        </Link>
      )}
    </article>
  );
}
