// Agents of a lab, as their hello described them (AgentOut.capabilities is contract/capabilities.py's
// typed Capabilities).
import type { Capabilities } from "../../client/types.gen";

/** Installed tools as sorted [name, version] pairs. */
export function toolList(capabilities: Capabilities): [string, string][] {
  return Object.entries(capabilities.tools ?? {}).sort(([a], [b]) => a.localeCompare(b));
}

