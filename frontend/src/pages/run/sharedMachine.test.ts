import { describe, expect, it } from "vitest";

import type { RunEnvironment } from "../../client/types.gen";
import { sharedMachineNote } from "./sharedMachine";

type AgentEnvironment = NonNullable<RunEnvironment["agents"]>[string];
const agent = (roles: string[]) => ({ roles, capabilities: {} }) as AgentEnvironment;

describe("a lab that is one machine", () => {
  it("says so when every role ran on it", () => {
    const local: RunEnvironment = {
      agents: { "proxy-1": agent(["proxy"]), "injector-1": agent(["injector"]), "target-1": agent(["target"]) },
      shared_machines: [{ agents: ["injector-1", "proxy-1", "target-1"], roles: ["injector", "proxy", "target"], how: "the same boot id reported by each agent" }],
    };
    expect(sharedMachineNote(local)).toBe("All roles ran on one machine (injector-1, proxy-1, target-1): CPU-bound verdicts cannot tell HAProxy from the load tool.");
  });

  it("names HAProxy and the load tool when only they shared one", () => {
    const split: RunEnvironment = {
      agents: { "proxy-1": agent(["proxy"]), "injector-1": agent(["injector"]), "target-1": agent(["target"]) },
      shared_machines: [{ agents: ["injector-1", "proxy-1"], roles: ["injector", "proxy"], how: "boot id" }],
    };
    expect(sharedMachineNote(split)).toMatch(/^HAProxy and the load tool ran on one machine \(injector-1, proxy-1\)/);
  });

  it("says nothing for separate machines, a shared target, or an older run", () => {
    const apart: RunEnvironment = { agents: { "proxy-1": agent(["proxy"]), "injector-1": agent(["injector"]) }, shared_machines: [] };
    expect(sharedMachineNote(apart)).toBeNull();
    const target: RunEnvironment = { ...apart, shared_machines: [{ agents: ["injector-1", "target-1"], roles: ["injector", "target"], how: "boot id" }] };
    expect(sharedMachineNote(target)).toBeNull();
    expect(sharedMachineNote({ agents: {} })).toBeNull();
    expect(sharedMachineNote(undefined)).toBeNull();
  });
});
