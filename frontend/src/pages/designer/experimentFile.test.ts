import { describe, expect, it } from "vitest";

import { parseExperimentFile, toExperimentYaml, type ExperimentFileBody } from "./experimentFile";

const body: ExperimentFileBody = {
  name: "maxconn: 20 -> 100 # not a comment",
  description: "A long line ".repeat(20).trim(),
  tags: ["seed", "123", "yes", "null"],
  spec: {
    proxy: { global: { maxconn: 100 }, frontends: [{ name: "fe", bind: { port: 8080 }, extra: ["http-request set-header X-A 'b: c'"] }] },
    load: { driver: "wrk", rate: 0.5, path: "/?a=1&b=%20", headers: { "X-Empty": "" } },
    sweep: { axes: [{ path: "proxy.global.maxconn", values: [20, 40, 60.5, "off", true, null] }] },
    thresholds: [{ metric: "latency_p99_ms", aggregate: "value", operator: "<", value: 50 }],
  },
};

describe("experiment files", () => {
  it("round-trip exactly, texts that look like numbers, booleans or comments included", () => {
    const text = toExperimentYaml(body, "https://lab.example/schemas/experiment.schema.json");
    expect(text.startsWith("# yaml-language-server: $schema=https://lab.example/schemas/experiment.schema.json\n")).toBe(true);
    const parsed = parseExperimentFile(text);
    expect(parsed).toEqual({ ok: true, body });
  });

  it("read JSON files too, with or without $schema", () => {
    expect(parseExperimentFile(JSON.stringify({ $schema: "/schemas/experiment.schema.json", ...body }))).toEqual({ ok: true, body });
  });

  it("name the line of a YAML error", () => {
    const parsed = parseExperimentFile("name: x\nspec:\n  load: [1, 2\n  proxy: {}\n");
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.line).toBeGreaterThanOrEqual(3);
  });

  it("refuse a duplicate key, unknown fields and a missing spec", () => {
    expect(parseExperimentFile("name: a\nname: b\nspec: {}\n")).toMatchObject({ ok: false, line: 2 });
    const unknown = parseExperimentFile("name: a\nowner: me\nspec: {}\n");
    expect(!unknown.ok && unknown.error).toContain("owner");
    const noSpec = parseExperimentFile("name: a\n");
    expect(!noSpec.ok && noSpec.error).toContain("spec");
    expect(parseExperimentFile("- a\n- b\n")).toMatchObject({ ok: false });
  });
});
