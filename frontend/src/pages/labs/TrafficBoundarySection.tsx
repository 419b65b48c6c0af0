// Where this lab's runs may send traffic (contract/lab_boundary.py): its agents by default, plus the
// entries lab admins add. Loopback, link-local (cloud metadata), haplab's own ports and host names
// stay closed unless an entry covers them. Admins save with PUT /labs/{id}/boundary; everyone
// else sees the same lists read-only.
import { useMutation } from "@tanstack/react-query";
import { useId, type FormEvent } from "react";

import { fieldsOf, messagesUnder, unclaimed } from "../../api/fieldErrors";
import { labsSetLabBoundaryMutation } from "../../client/@tanstack/react-query.gen";
import type { BoundaryEntry, LabDetail } from "../../client/types.gen";
import { ErrorState } from "../../components/ErrorState";
import { FieldError, FieldErrorList, RemoveRowCell } from "../../components/FieldError";
import { DraftSaveBar } from "./DraftSaveBar";
import { useLabSaved, useRowDraft } from "./labEditing";

type Draft = { address: string; port: string; note: string };

const toDraft = (e: BoundaryEntry): Draft => ({ address: e.address, port: e.port ? String(e.port) : "", note: e.note ?? "" });
const toEntry = (d: Draft): BoundaryEntry => ({
  address: d.address.trim(),
  port: d.port.trim() === "" ? null : Number(d.port),
  note: d.note.trim(),
});
const same = (a: Draft[], b: Draft[]) => JSON.stringify(a) === JSON.stringify(b);

export function TrafficBoundarySection({ lab, canEdit }: { lab: LabDetail; canEdit: boolean }) {
  const uid = useId();
  const path = { lab_id: lab.id };
  const draft = useRowDraft(lab.boundary.entries.map(toDraft), same, () => {
    if (save.isSuccess || save.isError) save.reset();
  });
  const { rows: entries, dirty, edit, setCell } = draft;
  const save = useMutation({ ...labsSetLabBoundaryMutation(), onSuccess: useLabSaved(lab.id, draft.discard) });
  const fields = fieldsOf(save.error);
  const claimed = entries.flatMap((_, i) => ["address", "port", "note"].map((k) => `entries.${i}.${k}`));
  const loose = unclaimed(messagesUnder(fields, "entries"), claimed);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ path, body: { entries: entries.map(toEntry) } });
  };

  return (
    <section className="card" aria-labelledby={`${uid}-title`} data-testid="traffic-boundary">
      <h2 id={`${uid}-title`}>Traffic boundary</h2>
      <p className="muted">
        Every address an experiment names (servers, external targets, checks, log targets) must be inside this
        boundary, checked when it is saved, launched and started. Host names are never looked up by haplab&apos;s
        API: the proxy agent resolves them at run time, and the address must be allowed too.
      </p>
      <h3 className="small">Allowed by default: this lab&apos;s agents (any port)</h3>
      {lab.boundary.agents.length === 0 ? (
        <p className="muted small">No agent has reported its address yet.</p>
      ) : (
        <ul className="inline-list" data-testid="boundary-agents">
          {lab.boundary.agents.map((a) => (
            <li key={a.agent}>
              <code>{a.address}</code> <span className="muted small">({a.agent})</span>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit}>
        <h3 className="small">Added by lab admins</h3>
        {entries.length === 0 ? (
          <p className="muted small" data-testid="no-boundary-entries">
            None: runs reach only the agents above.
          </p>
        ) : (
          <table className="table" data-testid="boundary-entries">
            <thead>
              <tr>
                <th scope="col">Address <span className="muted small">(CIDR, IP or host name)</span></th>
                <th scope="col">Port <span className="muted small">(empty: any)</span></th>
                <th scope="col">Note</th>
                {canEdit && <th aria-label="actions" />}
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, i) => (
                <tr key={i}>
                  {(["address", "port", "note"] as const).map((key) => {
                    const fieldPath = `entries.${i}.${key}`;
                    if (!canEdit) return <td key={key}>{entry[key] || (key === "port" ? "any" : "—")}</td>;
                    const errId = `${uid}-${i}-${key}-err`;
                    return (
                      <td key={key}>
                        <input
                          name={fieldPath}
                          aria-label={`${key}, entry ${i + 1}`}
                          type={key === "port" ? "number" : "text"}
                          min={key === "port" ? 1 : undefined}
                          max={key === "port" ? 65535 : undefined}
                          style={{ width: key === "address" ? "14em" : key === "port" ? "6em" : "22em" }}
                          placeholder={key === "address" ? "10.0.5.0/24" : key === "port" ? "any" : "why it is allowed"}
                          value={entry[key]}
                          disabled={save.isPending}
                          aria-invalid={fields.some((f) => f.field.startsWith(fieldPath))}
                          aria-describedby={errId}
                          onChange={(e) => setCell(i, key, e.target.value)}
                        />
                        <div>
                          <FieldError fields={fields} path={fieldPath} id={errId} />
                        </div>
                      </td>
                    );
                  })}
                  <RemoveRowCell canEdit={canEdit} disabled={save.isPending} onRemove={() => edit(entries.filter((_, j) => j !== i))} />
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <FieldErrorList errors={loose} />
        {save.error && loose.length === 0 && fields.length === 0 ? <ErrorState error={save.error} compact /> : null}
        {canEdit ? (
          <div className="row" style={{ marginTop: "var(--space-3)" }}>
            <button type="button" onClick={() => edit([...entries, { address: "", port: "", note: "" }])} disabled={save.isPending}>
              Add entry
            </button>
            <DraftSaveBar
              dirty={dirty}
              pending={save.isPending}
              saved={save.isSuccess}
              label="Save boundary"
              onDiscard={() => {
                draft.discard();
                save.reset();
              }}
            />
          </div>
        ) : (
          <p className="muted small">Only team admins can change where a lab&apos;s traffic may go.</p>
        )}
      </form>
      <details>
        <summary className="small">Closed unless an entry covers them</summary>
        <ul className="small">
          {lab.boundary.refused_by_default.map((r) => (
            <li key={r}>{r}</li>
          ))}
          <li>
            haplab&apos;s own ports on any address ({lab.boundary.control_plane_ports.join(", ")}): only an entry naming
            the port opens one
          </li>
          <li>host names: only the names an entry lists</li>
        </ul>
      </details>
    </section>
  );
}
