// Which roles of a run shared one machine (RunEnvironment.shared_machines, from the agents' host
// identity): on the local lab every role runs on the same cores, so a busy "injector host" and a
// busy HAProxy are one CPU, and no CPU-bound verdict can tell them apart.
import type { RunEnvironment } from "../../client/types.gen";

/** The sentence the run page shows, or null when HAProxy and the load tool had machines of their own. */
export function sharedMachineNote(environment: RunEnvironment | null | undefined): string | null {
  const machines = environment?.shared_machines ?? [];
  const roles = new Set(Object.values(environment?.agents ?? {}).flatMap((a) => a.roles));
  const all = machines.find((m) => roles.size > 1 && [...roles].every((r) => m.roles.includes(r)));
  if (all) return `All roles ran on one machine (${all.agents.join(", ")}): CPU-bound verdicts cannot tell HAProxy from the load tool.`;
  const proxyAndLoad = machines.find((m) => m.roles.includes("proxy") && m.roles.includes("injector"));
  if (proxyAndLoad) return `HAProxy and the load tool ran on one machine (${proxyAndLoad.agents.join(", ")}): CPU-bound verdicts cannot tell one from the other.`;
  return null;
}
