// Members of the current team. Admins add (existing user by email, or a new one with an initial
// password), change roles and remove. The last admin can neither be removed nor demoted: the
// controls say so up front (the API refuses it too, 409, e.g. when an admin is deactivated).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";

import {
  teamsAddMemberMutation,
  teamsListMembersOptions,
  teamsListMembersQueryKey,
  teamsRemoveMemberMutation,
  teamsUpdateMemberMutation,
} from "../../client/@tanstack/react-query.gen";
import type { MemberOut, Role } from "../../client/types.gen";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorState } from "../../components/ErrorState";
import { FieldError } from "../../components/FieldError";
import { LoadingState } from "../../components/LoadingState";
import { dateTime } from "../../format/time";

const ROLES: Role[] = ["viewer", "editor", "admin"];

export function MembersSection({ isAdmin, myUserId }: { isAdmin: boolean; myUserId: number }) {
  const queryClient = useQueryClient();
  const members = useQuery(teamsListMembersOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamsListMembersQueryKey() });
  const update = useMutation({ ...teamsUpdateMemberMutation(), onSuccess: refresh });
  const remove = useMutation({ ...teamsRemoveMemberMutation(), onSuccess: refresh });
  const [removing, setRemoving] = useState<MemberOut | null>(null);
  const admins = (members.data ?? []).filter((m) => m.role === "admin").length;
  const lastAdminHint = "A team needs at least one admin: make someone else admin first.";

  return (
    <section className="card" aria-labelledby="members-title">
      <h2 id="members-title">Members</h2>
      {members.isPending && <LoadingState label="Loading members" />}
      {members.error && <ErrorState error={members.error} />}
      {update.error && <ErrorState error={update.error} compact />}
      {remove.error && <ErrorState error={remove.error} compact />}
      {members.data && (
        <table className="table phone-cards">
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
              <th>Role</th>
              <th>Joined</th>
              {isAdmin && <th aria-label="actions" />}
            </tr>
          </thead>
          <tbody>
            {members.data.map((m) => {
              const lastAdmin = m.role === "admin" && admins <= 1;
              return (
              <tr key={m.user_id}>
                <td data-label="Name">{m.name || "—"}{m.user_id === myUserId && <span className="muted"> (you)</span>}</td>
                <td data-label="Email">{m.email}</td>
                <td data-label="Role">
                  {isAdmin ? (
                    <select
                      aria-label={`Role of ${m.email}`}
                      value={m.role}
                      disabled={update.isPending || lastAdmin}
                      title={lastAdmin ? lastAdminHint : undefined}
                      onChange={(e) => update.mutate({ path: { user_id: m.user_id }, body: { role: e.target.value as Role } })}
                    >
                      {ROLES.map((r) => (
                        <option key={r}>{r}</option>
                      ))}
                    </select>
                  ) : (
                    m.role
                  )}
                </td>
                <td data-label="Joined">{dateTime(m.joined_at)}</td>
                {isAdmin && (
                  <td>
                    <button
                      type="button"
                      onClick={() => setRemoving(m)}
                      disabled={lastAdmin}
                      title={lastAdmin ? lastAdminHint : undefined}
                      aria-describedby={lastAdmin ? "last-admin-hint" : undefined}
                    >
                      Remove
                    </button>
                  </td>
                )}
              </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {isAdmin && admins <= 1 && (
        <p id="last-admin-hint" className="muted small">
          {lastAdminHint.replace(":", " —")}
        </p>
      )}
      {isAdmin && <AddMemberForm onAdded={refresh} />}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.email ?? ""}?`}
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ path: { user_id: removing.user_id } }, { onSettled: () => setRemoving(null) })}
      >
        They lose access to this team at once, and their API tokens for it are revoked.
      </ConfirmDialog>
    </section>
  );
}

function AddMemberForm({ onAdded }: { onAdded: () => void }) {
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<Role>("editor");
  const [password, setPassword] = useState("");
  const add = useMutation({
    ...teamsAddMemberMutation(),
    onSuccess: () => {
      setEmail("");
      setName("");
      setPassword("");
      onAdded();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate({ body: { email, role, name, password: password || null } });
  };
  return (
    <form onSubmit={submit} className="stack" aria-label="Add a member" style={{ marginTop: 16 }}>
      <h3>Add a member</h3>
      <div className="row" style={{ alignItems: "flex-start" }}>
        <label className="field">
          <span>Email</span>
          <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <FieldError error={add.error} path="email" />
        </label>
        <label className="field">
          <span>Role</span>
          <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Name (new user)</span>
          <input value={name} onChange={(e) => setName(e.target.value)} />
          <FieldError error={add.error} path="name" />
        </label>
        <label className="field">
          <span>Initial password (new user)</span>
          <input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <span className="help">Leave empty to add an existing user.</span>
          <FieldError error={add.error} path="password" />
        </label>
      </div>
      {add.error && <ErrorState error={add.error} compact />}
      <button type="submit" className="primary" disabled={add.isPending}>
        Add member
      </button>
    </form>
  );
}
