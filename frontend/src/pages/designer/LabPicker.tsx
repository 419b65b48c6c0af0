// Which lab to launch on, and whether it can run this spec (labFit.ts): said here, before launch.
import { useQuery } from "@tanstack/react-query";

import { humanError } from "../../api/humanError";
import { labsGetLabOptions, labsListLabsOptions } from "../../client/@tanstack/react-query.gen";
import { labProblems, needsOfSpec } from "../labs/labFit";

export function LabPicker({ labId, onChange, spec, linkShaping = false }: {
  labId: number | null;
  onChange: (id: number | null) => void;
  spec: Record<string, unknown>;
  /** The template is meant for a capped link (seed 002). */
  linkShaping?: boolean;
}) {
  const labs = useQuery(labsListLabsOptions());
  const lab = useQuery({ ...labsGetLabOptions({ path: { lab_id: labId ?? 0 } }), enabled: labId != null });
  const target = (spec.target ?? {}) as { kind?: string };
  const load = (spec.load ?? {}) as { driver?: string };
  const problems = lab.data ? labProblems({ ...needsOfSpec({ target, load }), link_shaping: linkShaping }, lab.data) : [];
  const loadError = labs.error ?? lab.error;
  return (
    <div className="field">
      <label htmlFor="lab-picker">Lab</label>
      <select id="lab-picker" value={labId ?? ""} aria-describedby="lab-picker-state" aria-busy={labs.isPending}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
        <option value="">{labs.isPending ? "loading labs…" : labs.data?.length === 0 ? "no lab in this team" : "choose a lab…"}</option>
        {labs.data?.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name} ({l.online_agent_count}/{l.agent_count} agents online{l.busy ? ", busy" : ""})
          </option>
        ))}
      </select>
      <span id="lab-picker-state" className={loadError ? "field-error" : "visually-hidden"} role={loadError ? "alert" : undefined}>
        {loadError ? `The lab${labs.error ? "s" : ""} could not be loaded: ${humanError(loadError).sentence}` : ""}
      </span>
      {problems.length > 0 && (
        <ul className="notice small" data-testid="lab-problems" style={{ margin: "4px 0 0", paddingLeft: 24 }}>
          {problems.map((p) => <li key={p}>{p}</li>)}
        </ul>
      )}
    </div>
  );
}
