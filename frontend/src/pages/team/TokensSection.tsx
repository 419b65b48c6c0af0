// My API tokens in the current team: create (the secret is shown once), list, revoke.
// A token's scope caps my role: a viewer-scoped token of an admin can only read.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";

import {
  teamsCreateTokenMutation,
  teamsListTokensOptions,
  teamsListTokensQueryKey,
  teamsRevokeTokenMutation,
} from "../../client/@tanstack/react-query.gen";
import type { Role, TokenCreated, TokenOut } from "../../client/types.gen";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { CopyOnceSecret } from "../../components/CopyOnceSecret";
import { EmptyState } from "../../components/EmptyState";
import { ErrorState } from "../../components/ErrorState";
import { FieldError } from "../../components/FieldError";
import { LoadingState } from "../../components/LoadingState";
import { ago, dateTime } from "../../format/time";

export function TokensSection() {
  const queryClient = useQueryClient();
  const tokens = useQuery(teamsListTokensOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamsListTokensQueryKey() });
  const [created, setCreated] = useState<TokenCreated | null>(null);
  const [revoking, setRevoking] = useState<TokenOut | null>(null);
  const revoke = useMutation({ ...teamsRevokeTokenMutation(), onSuccess: refresh });

  return (
    <section className="card" aria-labelledby="tokens-title">
      <h2 id="tokens-title">API tokens</h2>
      <p className="muted">
        For scripts and CI: send <code>Authorization: Bearer &lt;token&gt;</code>. A token acts for you in this team,
        capped by its scope.
      </p>
      {created && (
        <CopyOnceSecret label={`Token "${created.name}"`} secret={created.token} onDone={() => setCreated(null)} />
      )}
      <CreateTokenForm
        onCreated={(t) => {
          setCreated(t);
          void refresh();
        }}
      />
      {tokens.isPending && <LoadingState label="Loading tokens" />}
      {tokens.error && <ErrorState error={tokens.error} />}
      {revoke.error && <ErrorState error={revoke.error} compact />}
      {tokens.data && tokens.data.length === 0 && <EmptyState title="No API tokens yet" />}
      {tokens.data && tokens.data.length > 0 && (
        <table className="table phone-cards">
          <thead>
            <tr>
              <th>Name</th>
              <th>Prefix</th>
              <th>Scope</th>
              <th>Created</th>
              <th>Expires</th>
              <th>Last used</th>
              <th aria-label="actions" />
            </tr>
          </thead>
          <tbody>
            {tokens.data.map((t) => (
              <tr key={t.id}>
                <td data-label="Name">{t.name}</td>
                <td data-label="Prefix"><code>{t.prefix}…</code></td>
                <td data-label="Scope">{t.scope}</td>
                <td data-label="Created">{dateTime(t.created_at)}</td>
                <td data-label="Expires">{t.expires_at ? dateTime(t.expires_at) : "never"}</td>
                <td data-label="Last used">{ago(t.last_used_at)}</td>
                <td>
                  {t.revoked_at ? (
                    <span className="badge bad">revoked</span>
                  ) : (
                    <button type="button" onClick={() => setRevoking(t)}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke token "${revoking?.name ?? ""}"?`}
        confirmLabel="Revoke"
        danger
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate({ path: { token_id: revoking.id } }, { onSettled: () => setRevoking(null) })}
      >
        Scripts using it get 401 from now on. This cannot be undone.
      </ConfirmDialog>
    </section>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (t: TokenCreated) => void }) {
  const [name, setName] = useState("");
  const [scope, setScope] = useState<Role>("editor");
  const [days, setDays] = useState("90");
  const create = useMutation({
    ...teamsCreateTokenMutation(),
    onSuccess: (t) => {
      setName("");
      onCreated(t);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ body: { name, scope, expires_in_days: days ? Number(days) : null } });
  };
  return (
    <form onSubmit={submit} className="row" aria-label="Create an API token" style={{ alignItems: "flex-start", margin: "12px 0" }}>
      <label className="field">
        <span>Name</span>
        <input required value={name} onChange={(e) => setName(e.target.value)} placeholder="ci-nightly" />
        <FieldError error={create.error} path="name" />
      </label>
      <label className="field">
        <span>Scope</span>
        <select value={scope} onChange={(e) => setScope(e.target.value as Role)}>
          <option>viewer</option>
          <option>editor</option>
          <option>admin</option>
        </select>
        <FieldError error={create.error} path="scope" />
      </label>
      <label className="field">
        <span>Expires in (days)</span>
        <input type="number" min={1} value={days} onChange={(e) => setDays(e.target.value)} placeholder="never" />
        <FieldError error={create.error} path="expires_in_days" />
      </label>
      <div className="field">
        <span>&nbsp;</span>
        <button type="submit" className="primary" disabled={create.isPending}>
          Create token
        </button>
      </div>
      {create.error && <ErrorState error={create.error} compact />}
    </form>
  );
}
