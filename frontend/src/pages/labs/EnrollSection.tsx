// "Enroll an agent": a one-time, expiring token restricted to some roles, and the exact command
// to paste on the lab host (the API builds it, so the UI and the docs cannot disagree).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";

import {
  labsCreateEnrollmentTokenMutation,
  labsGetLabQueryKey,
  labsListEnrollmentTokensOptions,
  labsListEnrollmentTokensQueryKey,
  labsRevokeEnrollmentTokenMutation,
} from "../../client/@tanstack/react-query.gen";
import type { EnrollmentTokenCreated } from "../../client/types.gen";
import { CopyOnceSecret } from "../../components/CopyOnceSecret";
import { ErrorState } from "../../components/ErrorState";
import { FieldError } from "../../components/FieldError";
import { dateTime } from "../../format/time";

const ROLES = ["proxy", "injector", "target"] as const;
type AgentRole = (typeof ROLES)[number];

export function EnrollSection({ labId, canEdit }: { labId: number; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const path = { lab_id: labId };
  const tokens = useQuery(labsListEnrollmentTokensOptions({ path }));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: labsListEnrollmentTokensQueryKey({ path }) });
    void queryClient.invalidateQueries({ queryKey: labsGetLabQueryKey({ path }) });
  };
  const [roles, setRoles] = useState<AgentRole[]>([]);
  const [minutes, setMinutes] = useState("60");
  const [created, setCreated] = useState<EnrollmentTokenCreated | null>(null);
  const create = useMutation({
    ...labsCreateEnrollmentTokenMutation(),
    onSuccess: (t) => {
      setCreated(t);
      refresh();
    },
  });
  const revoke = useMutation({ ...labsRevokeEnrollmentTokenMutation(), onSuccess: refresh });

  const toggle = (role: AgentRole) =>
    setRoles((rs) => (rs.includes(role) ? rs.filter((r) => r !== role) : [...rs, role]));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ path, body: { roles, expires_in_minutes: Number(minutes) } });
  };
  const pending = (tokens.data ?? []).filter((t) => !t.used_at && new Date(t.expires_at).getTime() > Date.now());

  return (
    <section className="card" aria-labelledby="enroll-title">
      <h2 id="enroll-title">Enroll an agent</h2>
      <p className="muted">
        Install haplab-agent on the lab host, then paste the command there (replace NAME with the agent&apos;s name). The
        token works once and expires. A name the lab already has replaces that agent: its old token stops working at
        once (to rotate a token, or bring a revoked host back). Replacing a live agent needs a token a team admin
        created.
      </p>
      {created && (
        <CopyOnceSecret label="Enrollment command" secret={created.command} multiline onDone={() => setCreated(null)} />
      )}
      {canEdit ? (
        <form onSubmit={submit} className="row" style={{ alignItems: "flex-end" }} aria-label="Create an enrollment token">
          <fieldset className="field" style={{ border: "none", padding: 0, margin: 0 }}>
            <legend style={{ fontWeight: 600 }}>Roles (none = any)</legend>
            <div className="row">
              {ROLES.map((r) => (
                <label key={r} className="field inline" style={{ margin: 0 }}>
                  <input type="checkbox" checked={roles.includes(r)} onChange={() => toggle(r)} /> {r}
                </label>
              ))}
            </div>
            <FieldError error={create.error} path="roles" />
          </fieldset>
          <label className="field" style={{ margin: 0 }}>
            <span>Expires in (minutes)</span>
            <input type="number" min={1} max={10080} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
            <FieldError error={create.error} path="expires_in_minutes" />
          </label>
          <button type="submit" className="primary" disabled={create.isPending}>Create enrollment command</button>
        </form>
      ) : (
        <p className="muted">Editors and admins can enroll agents.</p>
      )}
      {create.error && <ErrorState error={create.error} compact />}
      {revoke.error && <ErrorState error={revoke.error} compact />}
      {pending.length > 0 && (
        <>
          <h3 style={{ marginTop: 16 }}>Unused tokens</h3>
          <table className="table">
            <thead>
              <tr><th>Prefix</th><th>Roles</th><th>Expires</th><th aria-label="actions" /></tr>
            </thead>
            <tbody>
              {pending.map((t) => (
                <tr key={t.id}>
                  <td><code>{t.prefix}…</code></td>
                  <td>{t.roles.length ? t.roles.join(", ") : "any"}</td>
                  <td>{dateTime(t.expires_at)}</td>
                  <td>
                    {canEdit && (
                      <button type="button" onClick={() => revoke.mutate({ path: { lab_id: labId, token_id: t.id } })}>
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
