// Can this lab run that experiment? Checked in the browser against what the agents said in their
// hello, so a missing driver or role is said on the template card / designer, not discovered when
// a run fails minutes later. Problems are sentences; an empty list means "looks runnable".
import type { AgentOut, LabDetail } from "../../client/types.gen";
import { toolList } from "./agentFacts";

export type LabNeeds = {
  roles: string[];
  driver: string;
  target: "managed" | "database" | "external";
  link_shaping?: boolean;
  /** The profile's connections when it is split across the injectors (per_injector share). */
  split_connections?: number;
};

/** The needs of a spec: every experiment needs a proxy and an injector with its driver. */
export function needsOfSpec(spec: {
  load: { driver?: string; connections?: number; per_injector?: "share" | "whole" };
  target: { kind?: string };
}): LabNeeds {
  const kind = spec.target.kind;
  const target = kind === "external" ? "external" : kind === "mariadb" ? "database" : "managed";
  return {
    roles: target === "external" ? ["proxy", "injector"] : ["proxy", "injector", "target"],
    driver: spec.load.driver ?? "hey",
    target,
    split_connections: spec.load.per_injector === "whole" ? undefined : spec.load.connections,
  };
}

function withRole(agents: AgentOut[], role: string): AgentOut[] {
  return agents.filter((a) => a.roles.includes(role));
}

export function labProblems(needs: LabNeeds, lab: Pick<LabDetail, "agents" | "settings">): string[] {
  const problems: string[] = [];
  for (const role of needs.roles) {
    const agents = withRole(lab.agents, role);
    if (agents.length === 0) problems.push(`no ${role} agent in this lab`);
    else if (agents.every((a) => a.status === "offline")) problems.push(`the ${role} agent is offline`);
  }
  const injectors = withRole(lab.agents, "injector");
  if (injectors.length > 0 && !injectors.some((a) => (a.capabilities.drivers ?? []).includes(needs.driver))) {
    problems.push(`no injector has the ${needs.driver} driver installed`);
  }
  // contract/injector_split.py: every injector needs a connection of the split (the launch refuses
  // it otherwise; weights can refuse more, and the API says so exactly).
  if (needs.split_connections != null && injectors.length > needs.split_connections) {
    problems.push(
      `${needs.split_connections} connections cannot be split across this lab's ${injectors.length} injectors (one each at least): ask for more, or set load.per_injector to whole`,
    );
  }
  if (needs.target === "database") {
    const targets = withRole(lab.agents, "target");
    const hasMariadb = targets.some(
      (a) => toolList(a.capabilities).some(([name]) => name.startsWith("mariadb")) || a.capabilities.database_server != null,
    );
    if (targets.length > 0 && !hasMariadb) problems.push("no target agent reports MariaDB");
  }
  // contract/lab.py: settings.link_shaping caps the proxy host's links (the "small instance" seed).
  if (needs.link_shaping && !lab.settings.link_shaping) {
    problems.push("meant for a capped link: this lab has no link_shaping in its settings");
  }
  return problems;
}
