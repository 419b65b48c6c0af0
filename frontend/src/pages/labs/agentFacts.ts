// Agents of a lab, as their hello described them (AgentOut.capabilities is spec/capabilities.py's
// typed Capabilities).
import type { AgentOut, Capabilities } from "../../client/types.gen";

/** Installed tools as sorted [name, version] pairs. */
export function toolList(capabilities: Capabilities): [string, string][] {
  return Object.entries(capabilities.tools ?? {}).sort(([a], [b]) => a.localeCompare(b));
}

/** Agents of a lab that play `role` and are heard from (online or busy). */
export function liveAgentsWithRole(agents: AgentOut[], role: string): AgentOut[] {
  return agents.filter((a) => a.roles.includes(role) && a.status !== "offline");
}
