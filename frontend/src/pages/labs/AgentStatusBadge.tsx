import type { AgentOut } from "../../client/types.gen";
import { ago } from "../../format/time";

// online (heard within 15 s), busy (its lab runs), offline with when it was last heard.
export function AgentStatusBadge({ agent }: { agent: AgentOut }) {
  if (agent.status === "online") return <span className="badge ok">online</span>;
  if (agent.status === "busy") return <span className="badge info">busy</span>;
  return <span className="badge bad" title={agent.last_seen_at ?? undefined}>offline, last seen {ago(agent.last_seen_at)}</span>;
}
