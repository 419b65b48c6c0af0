// Read the free-form capabilities an agent sent in its hello (agents/hello.py, agents/host.py)
// into the few facts the lab pages show. Unknown or missing keys read as empty, never throw.
import type { AgentOut } from "../../client/types.gen";

export type AgentFacts = {
  haproxy: string | null; // "2.6.12"
  haproxyVersionLine: string | null;
  haproxyVv: string | null; // full `haproxy -vv`
  cores: number | null;
  kernel: string | null;
  tools: [string, string][]; // [name, version]
  drivers: string[];
  qdiscs: string[];
  targetServer: string | null;
};

function str(v: unknown): string | null {
  return typeof v === "string" && v ? v : null;
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

export function agentFacts(capabilities: Record<string, unknown> | undefined): AgentFacts {
  const c = capabilities ?? {};
  const tools = c.tools && typeof c.tools === "object" && !Array.isArray(c.tools) ? (c.tools as Record<string, unknown>) : {};
  return {
    haproxy: str(c.haproxy),
    haproxyVersionLine: str(c.haproxy_version_line),
    haproxyVv: str(c.haproxy_vv),
    cores: typeof c.cores === "number" ? c.cores : null,
    kernel: str(c.kernel),
    tools: Object.entries(tools).map(([k, v]) => [k, String(v)] as [string, string]).sort(),
    drivers: strings(c.drivers).sort(),
    qdiscs: strings(c.qdiscs).sort(),
    targetServer: str(c.target_server),
  };
}

/** Agents of a lab that play `role` and are heard from (online or busy). */
export function liveAgentsWithRole(agents: AgentOut[], role: string): AgentOut[] {
  return agents.filter((a) => a.roles.includes(role) && a.status !== "offline");
}
