import { describe, expect, it } from "vitest";

import type { AgentOut, Capabilities } from "../../client/types.gen";
import { toolList } from "./agentFacts";
import { labProblems, needsOfSpec } from "./labFit";

const agent = (name: string, roles: string[], capabilities: Capabilities = {}, status: AgentOut["status"] = "online"): AgentOut => ({
  id: name.length,
  name,
  roles,
  version: "0.1",
  capabilities,
  clock: null,
  last_seen_at: null,
  status,
  revoked_at: null,
});

describe("labProblems", () => {
  const full = [
    agent("p", ["proxy"]),
    agent("i", ["injector"], { drivers: ["hey", "wrk"] }),
    agent("t", ["target"], { tools: { nginx: "1.22" } }),
  ];

  it("is empty when every role and the driver are there", () => {
    expect(labProblems(needsOfSpec({ load: { driver: "hey" }, target: { kind: "managed" } }), { agents: full, settings: {} })).toEqual([]);
  });

  it("names a missing driver, role, offline agent and database", () => {
    const needs = needsOfSpec({ load: { driver: "mariadb-slap" }, target: { kind: "mariadb" } });
    expect(labProblems(needs, { agents: full, settings: {} })).toEqual([
      "no injector has the mariadb-slap driver installed",
      "no target agent reports MariaDB",
    ]);
    expect(labProblems(needs, { agents: [agent("p", ["proxy"], {}, "offline")], settings: {} })).toEqual([
      "the proxy agent is offline",
      "no injector agent in this lab",
      "no target agent in this lab",
    ]);
  });

  it("needs no target agent for external upstreams, and asks for link shaping when meant", () => {
    const needs = { ...needsOfSpec({ load: { driver: "hey" }, target: { kind: "external" } }), link_shaping: true };
    expect(needs.roles).toEqual(["proxy", "injector"]);
    expect(labProblems(needs, { agents: full, settings: {} })).toHaveLength(1);
    expect(labProblems(needs, { agents: full, settings: { link_shaping: { links: [] } } })).toEqual([]);
  });
});

describe("labProblems and the split", () => {
  const lab = {
    agents: [agent("p", ["proxy", "target"]), agent("i1", ["injector"], { drivers: ["hey"] }), agent("i2", ["injector"], { drivers: ["hey"] })],
    settings: {},
  };

  it("says when the profile's connections cannot give every injector one", () => {
    const one = needsOfSpec({ load: { driver: "hey", connections: 1 }, target: { kind: "managed" } });
    expect(labProblems(one, lab)).toEqual([
      "1 connections cannot be split across this lab's 2 injectors (one each at least): ask for more, or set load.per_injector to whole",
    ]);
    expect(labProblems(needsOfSpec({ load: { driver: "hey", connections: 2 }, target: { kind: "managed" } }), lab)).toEqual([]);
    expect(labProblems(needsOfSpec({ load: { driver: "hey", connections: 1, per_injector: "whole" }, target: { kind: "managed" } }), lab)).toEqual([]);
  });
});

describe("toolList", () => {
  it("lists the hello's tools by name", () => {
    expect(toolList({ tools: { wrk: "4.1", hey: "0.1.4" } })).toEqual([
      ["hey", "0.1.4"],
      ["wrk", "4.1"],
    ]);
    expect(toolList({})).toEqual([]);
  });
});
