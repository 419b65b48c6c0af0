// The agents of a lab: role, status, versions, their clock against the API's and what their hosts
// offer (from the hello); lab admins revoke one here (its token is refused at once, a run using it fails).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import { labsGetLabQueryKey, labsRevokeAgentMutation } from "../../client/@tanstack/react-query.gen";
import type { AgentOut } from "../../client/types.gen";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorState } from "../../components/ErrorState";
import { clockText, clockWarning } from "../../format/clock";
import { AgentStatusBadge } from "./AgentStatusBadge";
import { toolList } from "./agentFacts";

export function AgentsTable({
  agents,
  labId,
  canRevoke = false,
  activeRunId = null,
}: {
  agents: AgentOut[];
  labId: number;
  canRevoke?: boolean;
  activeRunId?: number | null;
}) {
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<AgentOut | null>(null);
  const revoke = useMutation({
    ...labsRevokeAgentMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labsGetLabQueryKey({ path: { lab_id: labId } }) }),
  });
  const clockWarnings = agents.flatMap((a) => clockWarning(a.name, a.clock) ?? []);
  return (
    <>
      {revoke.error && <ErrorState error={revoke.error} compact />}
      {clockWarnings.map((warning) => (
        <p key={warning} className="notice small">{warning}</p>
      ))}
      <table className="table phone-cards">
        <thead>
          <tr>
            <th>Agent</th>
            <th>Roles</th>
            <th>Status</th>
            <th>Agent version</th>
            <th title="Measured at its last hello: the API's clock minus the agent's, to within half the round trip">Clock</th>
            <th>Host</th>
            <th>Capabilities</th>
            {canRevoke && <th aria-label="actions" />}
          </tr>
        </thead>
        <tbody>
          {agents.map((a) => {
            const f = a.capabilities;
            const tools = toolList(f);
            return (
              <tr key={a.id}>
                <td data-label="Agent"><strong>{a.name}</strong></td>
                <td data-label="Roles">{a.roles.map((r) => <span key={r} className="badge" style={{ marginRight: 4 }}>{r}</span>)}</td>
                <td data-label="Status"><AgentStatusBadge agent={a} /></td>
                <td data-label="Agent version">{a.version || "—"}</td>
                <td className="small" data-label="Clock">{a.clock ? clockText(a.clock) : <span className="muted">not measured</span>}</td>
                <td className="small" data-label="Host">
                  {f.cores != null && <div>{f.cores} cores</div>}
                  {f.kernel && <div>kernel {f.kernel}</div>}
                </td>
                <td className="small" data-label="Capabilities">
                  {f.haproxy && <div>HAProxy {f.haproxy}</div>}
                  {(f.drivers?.length ?? 0) > 0 && <div>drivers: {f.drivers!.join(", ")}</div>}
                  {f.target_server && <div>target: {f.target_server}</div>}
                  {tools.length > 0 && <div>tools: {tools.map(([n, v]) => `${n} ${v}`).join(", ")}</div>}
                  {(f.qdiscs?.length ?? 0) > 0 && <div>qdiscs: {f.qdiscs!.join(", ")}</div>}
                  {f.haproxy_vv && (
                    <details>
                      <summary>haproxy -vv</summary>
                      <pre className="small" style={{ maxHeight: 240, overflow: "auto" }}>{f.haproxy_vv}</pre>
                    </details>
                  )}
                </td>
                {canRevoke && (
                  <td>
                    {a.status !== "revoked" && (
                      <button type="button" onClick={() => setRevoking(a)} aria-label={`Revoke agent ${a.name}`}>
                        Revoke
                      </button>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {canRevoke && (
        <ConfirmDialog
          open={revoking !== null}
          title={`Revoke agent ${revoking?.name ?? ""}?`}
          confirmLabel="Revoke"
          danger
          busy={revoke.isPending}
          onCancel={() => setRevoking(null)}
          onConfirm={() =>
            revoking && revoke.mutate({ path: { lab_id: labId, agent_id: revoking.id } }, { onSettled: () => setRevoking(null) })
          }
        >
          <p>
            Its token is refused from now on, everywhere at once, and the agent stops. This cannot be undone: to bring the
            host back, enroll it again with a new enrollment token (the same name replaces it).
          </p>
          {activeRunId != null && <p>Run {activeRunId} is running on this lab: it fails if it uses this agent.</p>}
        </ConfirmDialog>
      )}
    </>
  );
}

// Agents revoked, or replaced by a new enrollment of their name: listed because runs name them.
export function RevokedAgentsTable({ agents }: { agents: AgentOut[] }) {
  return (
    <table className="table phone-cards" aria-label="Revoked agents">
      <thead>
        <tr>
          <th>Agent</th>
          <th>Roles</th>
          <th>Status</th>
          <th>Agent version</th>
        </tr>
      </thead>
      <tbody>
        {agents.map((a) => (
          <tr key={a.id}>
            <td data-label="Agent">{a.name} <span className="muted small">#{a.id}</span></td>
            <td data-label="Roles">{a.roles.map((r) => <span key={r} className="badge" style={{ marginRight: 4 }}>{r}</span>)}</td>
            <td data-label="Status"><AgentStatusBadge agent={a} /></td>
            <td data-label="Agent version">{a.version || "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
