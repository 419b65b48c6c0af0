import type { AgentOut } from "../../client/types.gen";
import { ago } from "../../format/time";

// online (heard within 15 s), busy (its lab runs), offline with when it was last heard, revoked
// with when; and when its process started (its hello says), so an agent that was restarted shows
// a recent start.
export function AgentStatusBadge({ agent }: { agent: AgentOut }) {
  if (agent.status === "revoked") {
    return <span className="badge bad" title={agent.revoked_at ?? undefined}>revoked {ago(agent.revoked_at)}</span>;
  }
  const since = agent.capabilities.process_started_at ?? null;
  const up = since ? <span className="muted small" data-testid="agent-started" title={since}> · started {ago(since)}</span> : null;
  if (agent.status === "online") return <><span className="badge ok">online</span>{up}</>;
  if (agent.status === "busy") return <><span className="badge info">busy</span>{up}</>;
  return <span className="badge bad" title={agent.last_seen_at ?? undefined}>offline, last seen {ago(agent.last_seen_at)}</span>;
}
