// The designer's state and actions. One spec object is the truth: the structured form and the
// JSON editor both edit it; validation, the estimate and Save/Launch read it.
// Two columns on a desktop: the form scrolls on the left; on the right, sticky, Save & launch,
// the problems, what belongs to the section being edited (the load profile, the sweep's points)
// and the rendered config. One column on a phone, with Save & launch pinned at the bottom.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";

import type { ApiFieldError } from "../../api/apiError";
import { fieldsOf, stripPrefix } from "../../api/fieldErrors";
import { hasRole, useSession } from "../../auth/useSession";
import {
  experimentsCreateExperimentMutation,
  experimentsCreateVersionMutation,
  experimentsGetExperimentQueryKey,
  experimentsLaunchExperimentMutation,
  experimentsListExperimentsQueryKey,
  experimentsUpdateExperimentMutation,
} from "../../client/@tanstack/react-query.gen";
import type { ExperimentSpec, TemplateRequirements } from "../../client/types.gen";
import { ErrorState } from "../../components/ErrorState";
import { FieldError } from "../../components/FieldError";
import { PageHeader } from "../../components/PageHeader";
import { ConfigPreview } from "./ConfigPreview";
import { DescriptionNotice } from "./DescriptionNotice";
import { DesignerContext, type DesignerState } from "./DesignerContext";
import { ExperimentFileActions } from "./ExperimentFileActions";
import "./designer.css";
import { JsonEditor } from "./JsonEditor";
import { LaunchBar } from "./LaunchBar";
import { LoadForm } from "./LoadForm";
import { LoadSummary } from "./LoadSummary";
import { ProblemList } from "./ProblemList";
import { ProxyForm } from "./ProxyForm";
import { setIn } from "./specPath";
import { SearchEditor } from "./SearchEditor";
import { SweepEditor } from "./SweepEditor";
import { SweepPointsPanel } from "./SweepPointsPanel";
import { TargetForm } from "./TargetForm";
import { ThresholdsEditor } from "./ThresholdsEditor";
import { SECTIONS, sectionAnchor, useActiveSection, type SectionId } from "./useActiveSection";
import { useTemplateDescription } from "./useTemplateDescription";
import { useValidation } from "./useValidation";

export type DesignerInitial = {
  id: number | null;
  name: string;
  description: string;
  tags: string[];
  spec: Record<string, unknown>;
  version: number | null;
  templateNeeds?: TemplateRequirements;
};

export function DesignerForm({ initial }: { initial: DesignerInitial }) {
  const { session } = useSession();
  const readOnly = !hasRole(session, "editor");
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const [spec, setSpec] = useState(initial.spec);
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [tags, setTags] = useState(initial.tags.join(", "));
  const [labId, setLabId] = useState<number | null>(null);
  const [tab, setTab] = useState<"form" | "json">("form");
  const update = useCallback((path: string, value: unknown) => setSpec((s) => setIn(s, path, value)), []);

  const { report, checking, error: validateError } = useValidation(spec, labId);
  // A template's sentence the spec outgrew: offered to update (or clear) until the person keeps it.
  const [keptDescription, setKeptDescription] = useState<string | null>(null);
  const descriptionCheck = useTemplateDescription(description, spec, !readOnly);
  const staleDescription = descriptionCheck?.stale && keptDescription !== description ? descriptionCheck : null;
  const [active, setActive] = useActiveSection(tab === "form");
  const tagList = tags.split(",").map((t) => t.trim()).filter(Boolean);
  const specDirty = JSON.stringify(spec) !== JSON.stringify(initial.spec);
  const metaDirty = name !== initial.name || description !== initial.description || tagList.join(",") !== initial.tags.join(",");
  const dirty = initial.id == null || specDirty || metaDirty;

  const create = useMutation(experimentsCreateExperimentMutation());
  const newVersion = useMutation(experimentsCreateVersionMutation());
  const patch = useMutation(experimentsUpdateExperimentMutation());
  const launch = useMutation(experimentsLaunchExperimentMutation());
  const saveError = create.error ?? newVersion.error ?? patch.error;

  // Field errors for the knobs: the live report's and a refused save's, by spec path.
  const fields = useMemo(
    () => stripPrefix([...(report?.field_errors ?? []), ...fieldsOf(saveError), ...fieldsOf(launch.error)], "spec"),
    [report, saveError, launch.error],
  );
  const warnings = useMemo(() => stripPrefix(report?.warnings ?? [], "spec"), [report]);
  const state: DesignerState = useMemo(() => ({ spec, update, fields, warnings, readOnly, labId }), [spec, update, fields, warnings, readOnly, labId]);

  /** Save if needed; the experiment id afterwards. */
  const save = async (): Promise<number> => {
    const body = { name, description, tags: tagList };
    if (initial.id == null) {
      const created = await create.mutateAsync({ body: { ...body, spec: spec as unknown as ExperimentSpec } });
      void queryClient.invalidateQueries({ queryKey: experimentsListExperimentsQueryKey() });
      return created.id;
    }
    const path = { experiment_id: initial.id };
    if (metaDirty) await patch.mutateAsync({ path, body });
    if (specDirty) await newVersion.mutateAsync({ path, body: { spec: spec as unknown as ExperimentSpec, note: "" } });
    void queryClient.invalidateQueries({ queryKey: experimentsListExperimentsQueryKey() });
    return initial.id;
  };

  const onSave = async () => {
    try {
      const id = await save();
      if (initial.id == null) void navigate(`/experiments/${id}/edit`, { replace: true });
      else await queryClient.invalidateQueries({ queryKey: experimentsGetExperimentQueryKey({ path: { experiment_id: id } }) });
    } catch {
      /* shown from the mutation's error */
    }
  };

  const onLaunch = async () => {
    if (labId == null) return;
    try {
      const id = dirty ? await save() : initial.id!;
      const launched = await launch.mutateAsync({ path: { experiment_id: id }, body: { lab_id: labId } });
      void navigate(launched.run_ids.length ? `/runs/${launched.run_ids[0]}` : `/experiments/${id}`);
    } catch {
      /* shown from the mutation's error */
    }
  };

  const busy = create.isPending || newVersion.isPending || patch.isPending || launch.isPending;
  const invalid = !report || !report.valid;
  const launchBlocker = readOnly
    ? "viewers cannot launch"
    : checking
      ? "validating…"
      : invalid
        ? "fix the validation errors first"
        : labId == null
          ? "choose a lab"
          : null;

  return (
    <DesignerContext.Provider value={state}>
      <PageHeader
        actions={
          <>
            {initial.id == null && (
              <Link className="button" to="/experiments/import">
                Import haproxy.cfg
              </Link>
            )}
            <ExperimentFileActions
              body={{ name, description, tags: tagList, spec }}
              readOnly={readOnly}
              onLoad={(body) => {
                setName(body.name);
                setDescription(body.description);
                setTags(body.tags.join(", "));
                setSpec(body.spec);
              }}
            />
          </>
        }
        title={initial.id == null ? "New experiment" : `Edit: ${initial.name}`}
        description={initial.version != null ? `Version ${initial.version}${specDirty ? " (unsaved changes make a new version)" : ""}` : "Design the HAProxy config, target and load; the rendered config is checked as you type."}
      />
      <div className="designer">
        <div className="designer-main">
          <section className="card" aria-label="Experiment">
            <div className="knob-grid">
              <div className="field">
                <label htmlFor="exp-name">Name</label>
                <input id="exp-name" value={name} disabled={readOnly} onChange={(e) => setName(e.target.value)} required aria-describedby="exp-name-err" />
                <FieldError error={saveError} path="name" id="exp-name-err" />
              </div>
              <div className="field">
                <label htmlFor="exp-tags">Tags</label>
                <input id="exp-tags" value={tags} disabled={readOnly} onChange={(e) => setTags(e.target.value)} placeholder="maxconn, baseline" aria-describedby="exp-tags-err" />
                <FieldError error={saveError} path="tags" id="exp-tags-err" />
              </div>
            </div>
            <div className="field">
              <label htmlFor="exp-desc">Description</label>
              <textarea
                id="exp-desc"
                rows={2}
                value={description}
                disabled={readOnly}
                onChange={(e) => setDescription(e.target.value)}
                style={{ fontFamily: "inherit" }}
                aria-describedby={staleDescription ? "exp-desc-stale" : undefined}
              />
              {staleDescription && (
                <div id="exp-desc-stale">
                  <DescriptionNotice check={staleDescription} onUpdate={setDescription} onKeep={() => setKeptDescription(description)} />
                </div>
              )}
            </div>
          </section>
          <div className="designer-nav">
            <div className="tabs" role="tablist" aria-label="Editor">
              <button type="button" role="tab" aria-selected={tab === "form"} className={tab === "form" ? "tab active" : "tab"} onClick={() => setTab("form")}>
                Form
              </button>
              <button type="button" role="tab" aria-selected={tab === "json"} className={tab === "json" ? "tab active" : "tab"} onClick={() => setTab("json")}>
                Advanced (JSON)
              </button>
            </div>
            {tab === "form" && (
              <nav aria-label="Form sections" className="section-links">
                {SECTIONS.map((s) => (
                  <a key={s.id} href={`#${sectionAnchor(s.id)}`} aria-current={active === s.id ? "true" : undefined} onClick={() => setActive(s.id)}>
                    {s.title}
                    {problemCount(fields, s.id) > 0 && <span className="badge bad">{problemCount(fields, s.id)}</span>}
                  </a>
                ))}
              </nav>
            )}
          </div>
          {tab === "form" ? (
            SECTIONS.map(({ id }) => (
              <div key={id} id={sectionAnchor(id)} data-designer-section={id} className="designer-section" onFocus={() => setActive(id)}>
                {id === "proxy" ? <ProxyForm /> : id === "target" ? <TargetForm /> : id === "load" ? <LoadForm /> : id === "sweep" ? <SweepEditor /> : id === "search" ? <SearchEditor /> : <ThresholdsEditor />}
              </div>
            ))
          ) : (
            <section className="card">
              <p className="muted small">The full spec. Every field of the form is here too; edits apply as soon as the JSON parses.</p>
              <JsonEditor spec={spec} onChange={setSpec} readOnly={readOnly} />
            </section>
          )}
        </div>
        <aside className="designer-side" aria-label="Launch, problems and rendered config" data-testid="config-preview">
          <LaunchBar
            spec={spec}
            labId={labId}
            onLab={setLabId}
            linkShaping={initial.templateNeeds?.link_shaping}
            saveLabel={initial.id == null ? "Save" : "Save version"}
            launchLabel={dirty ? "Save & launch" : "Launch"}
            canSave={!readOnly && dirty}
            launchBlocker={launchBlocker}
            busy={busy}
            onSave={() => void onSave()}
            onLaunch={() => void onLaunch()}
          >
            {saveError && <ErrorState error={saveError} compact title="Not saved" />}
            {launch.error && <ErrorState error={launch.error} compact title="Not launched" />}
          </LaunchBar>
          <div className="side-scroll">
            {validateError && <ErrorState error={validateError} compact title="Validation unavailable" />}
            <ProblemList items={fields} title={`${fields.length} problem${fields.length === 1 ? "" : "s"}`} testId="spec-problems" />
            <ProblemList
              items={warnings}
              title={`${warnings.length} warning${warnings.length === 1 ? "" : "s"}: valid, but probably not what you meant`}
              testId="spec-warnings"
              warning
            />
            {tab === "form" && active === "load" && <LoadSummary spec={spec} />}
            {tab === "form" && active === "sweep" && <SweepPointsPanel spec={spec} />}
          </div>
          <ConfigPreview report={report} checking={checking} />
        </aside>
      </div>
    </DesignerContext.Provider>
  );
}

/** How many problems a form section has (field paths start with the section's root). */
function problemCount(fields: ApiFieldError[], section: SectionId): number {
  const root = section === "sweep" ? ["sweep", "repetitions"] : [section];
  return fields.filter((f) => root.some((r) => f.field === r || f.field.startsWith(`${r}.`))).length;
}
