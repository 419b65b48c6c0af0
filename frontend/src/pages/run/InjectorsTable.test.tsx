import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { RunDetail } from "../../client/types.gen";
import { InjectorsTable } from "./InjectorsTable";

const errors = { connect: 0, timeout: 0, non_2xx: 0, other: 0, total: 0 };
const injector = (agent: string, index: number, connections: number) => ({
  agent,
  driver: "hey",
  requests: 500,
  successes: 500,
  errors,
  duration_s: 5,
  rps: 100,
  bytes_per_s: 0,
  asked: { index, of: 2, per_injector: "share", weight: 1, connections, threads: 1, rate: null },
});

const run = (injectors: object[]): RunDetail =>
  ({ spec: { load: { connections: 15 } }, summary: { injectors, total: { requests: 1000, successes: 1000, duration_s: 5, rps: 200, bytes_per_s: 0 } } }) as unknown as RunDetail;

describe("the run page's injector table", () => {
  it("is absent with one injector: nothing was split", () => {
    expect(renderToString(<InjectorsTable run={run([injector("injector-1", 0, 15)])} />)).toBe("");
  });

  it("lists each injector's share and what it did", () => {
    const html = renderToString(<InjectorsTable run={run([injector("injector-1", 0, 8), injector("injector-2", 1, 7)])} />);
    expect(html).toContain('data-testid="run-injectors"');
    expect(html).toContain("8 of 15");
    expect(html).toContain("7 of 15");
    expect(html).toContain("closed loop");
    expect(html).not.toContain("Weight"); // equal weights: no column for them
  });
});
