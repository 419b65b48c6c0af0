// The experiment designer (/experiments/new, /experiments/new?template=000, /experiments/:id/edit,
// /experiments/new?import=1 for what the import page handed over in this tab):
// a form over the structured spec and an Advanced JSON editor of the same state, the rendered
// haproxy.cfg validated live beside them, the run estimate, Save and Launch.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";

import { experimentsGetExperimentOptions, templatesListExperimentTemplatesOptions } from "../../client/@tanstack/react-query.gen";
import { ErrorState } from "../../components/ErrorState";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { takeFromImport } from "../import/handOver";
import { defaultSpec } from "./defaultSpec";
import { DesignerForm, type DesignerInitial } from "./DesignerForm";

export default function DesignerPage() {
  const { experimentId } = useParams();
  const [params] = useSearchParams();
  const templateId = params.get("template");
  // Read once: the designer then owns its copy (the stored one stays for a reload of this page).
  const [imported] = useState(() => (params.has("import") ? takeFromImport() : null));
  const id = experimentId ? Number(experimentId) : null;
  const experiment = useQuery({ ...experimentsGetExperimentOptions({ path: { experiment_id: id ?? 0 } }), enabled: id != null });
  const templates = useQuery({ ...templatesListExperimentTemplatesOptions(), enabled: id == null && templateId != null });

  if (id != null) {
    if (experiment.isPending) return <LoadingState label="Loading experiment" rows={6} />;
    if (experiment.error) return <ErrorState error={experiment.error} />;
    const e = experiment.data;
    const initial: DesignerInitial = { id: e.id, name: e.name, description: e.description, tags: e.tags, spec: e.spec, version: e.latest_version };
    return <DesignerForm key={`${e.id}:${e.latest_version}`} initial={initial} />;
  }
  if (id == null && params.has("import")) {
    if (!imported) {
      return (
        <EmptyState title="Nothing imported in this tab" action={<Link className="button primary" to="/experiments/import">Import haproxy.cfg</Link>}>
          Import a haproxy.cfg first; it opens here as a new experiment.
        </EmptyState>
      );
    }
    const initial: DesignerInitial = { id: null, name: imported.name, description: imported.description, tags: ["imported"], spec: imported.spec, version: null };
    return <DesignerForm key="import" initial={initial} />;
  }
  if (templateId != null) {
    if (templates.isPending) return <LoadingState label="Loading template" rows={6} />;
    if (templates.error) return <ErrorState error={templates.error} />;
    const t = templates.data.find((x) => x.id === templateId);
    if (!t) return <ErrorState error={`No template ${templateId}`} />;
    const initial: DesignerInitial = { id: null, name: `${t.id} ${t.title}`, description: t.summary, tags: [`seed-${t.id}`], spec: t.spec, version: null, templateNeeds: t.requires };
    return <DesignerForm key={`template:${t.id}`} initial={initial} />;
  }
  return <DesignerForm key="new" initial={{ id: null, name: "", description: "", tags: [], spec: defaultSpec(), version: null }} />;
}
