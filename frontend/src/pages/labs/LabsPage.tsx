// Labs of the current team: each a test bed of agents; runs on one lab never overlap.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";

import { labsCreateLabMutation, labsListLabsOptions, labsListLabsQueryKey } from "../../client/@tanstack/react-query.gen";
import { hasRole, useSession } from "../../auth/useSession";
import { EmptyState } from "../../components/EmptyState";
import { ErrorState } from "../../components/ErrorState";
import { FieldError } from "../../components/FieldError";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";

export default function LabsPage() {
  const { session } = useSession();
  const labs = useQuery({ ...labsListLabsOptions(), refetchInterval: 10_000 });
  const [creating, setCreating] = useState(false);
  const canEdit = hasRole(session, "editor");

  return (
    <>
      <PageHeader
        title="Labs"
        description="Test beds: a proxy host, injectors and targets. Runs on one lab never overlap."
        actions={canEdit && <button type="button" className="primary" onClick={() => setCreating(true)}>New lab</button>}
      />
      {creating && <CreateLabForm onClose={() => setCreating(false)} />}
      {labs.isPending && <LoadingState label="Loading labs" />}
      {labs.error && <ErrorState error={labs.error} onRetry={() => labs.refetch()} />}
      {labs.data && labs.data.length === 0 && (
        <EmptyState title="No labs yet">Create a lab, then enroll agents on its hosts.</EmptyState>
      )}
      {labs.data && labs.data.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>Lab</th>
              <th>Agents online</th>
              <th>State</th>
              <th>Description</th>
            </tr>
          </thead>
          <tbody>
            {labs.data.map((lab) => (
              <tr key={lab.id}>
                <td><Link to={`/labs/${lab.id}`}>{lab.name}</Link></td>
                <td>
                  <span className={lab.online_agent_count === lab.agent_count && lab.agent_count > 0 ? "badge ok" : "badge warn"}>
                    {lab.online_agent_count} / {lab.agent_count}
                  </span>
                </td>
                <td>
                  {lab.busy && lab.active_run_id ? (
                    <Link to={`/runs/${lab.active_run_id}`} className="badge info">running run {lab.active_run_id}</Link>
                  ) : (
                    <span className="badge">idle</span>
                  )}
                </td>
                <td className="muted">{lab.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function CreateLabForm({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    ...labsCreateLabMutation(),
    onSuccess: (lab) => {
      void queryClient.invalidateQueries({ queryKey: labsListLabsQueryKey() });
      void navigate(`/labs/${lab.id}`);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ body: { name, description } });
  };
  return (
    <form className="card" onSubmit={submit} aria-label="New lab" style={{ marginBottom: 16 }}>
      <label className="field">
        <span>Name</span>
        <input required value={name} onChange={(e) => setName(e.target.value)} autoFocus />
        <FieldError error={create.error} path="name" />
      </label>
      <label className="field">
        <span>Description</span>
        <input value={description} onChange={(e) => setDescription(e.target.value)} />
        <FieldError error={create.error} path="description" />
      </label>
      <div className="row">
        <button type="submit" className="primary" disabled={create.isPending}>Create lab</button>
        <button type="button" onClick={onClose}>Cancel</button>
      </div>
    </form>
  );
}
