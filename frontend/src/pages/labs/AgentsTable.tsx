// The agents of a lab: role, status, versions, and what their hosts offer (from the hello).
import type { AgentOut } from "../../client/types.gen";
import { AgentStatusBadge } from "./AgentStatusBadge";
import { toolList } from "./agentFacts";

export function AgentsTable({ agents }: { agents: AgentOut[] }) {
  return (
    <table className="table">
      <thead>
        <tr>
          <th>Agent</th>
          <th>Roles</th>
          <th>Status</th>
          <th>Agent version</th>
          <th>Host</th>
          <th>Capabilities</th>
        </tr>
      </thead>
      <tbody>
        {agents.map((a) => {
          const f = a.capabilities;
          const tools = toolList(f);
          return (
            <tr key={a.id}>
              <td><strong>{a.name}</strong></td>
              <td>{a.roles.map((r) => <span key={r} className="badge" style={{ marginRight: 4 }}>{r}</span>)}</td>
              <td><AgentStatusBadge agent={a} /></td>
              <td>{a.version || "—"}</td>
              <td className="small">
                {f.cores != null && <div>{f.cores} cores</div>}
                {f.kernel && <div>kernel {f.kernel}</div>}
              </td>
              <td className="small">
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
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
