import { describe, expect, it } from "vitest";

import type { InjectorSummary, RunDetail } from "../../client/types.gen";
import { injectorTable, labConnections } from "./injectorShares";

type Summary = NonNullable<RunDetail["summary"]>;

const injector = (agent: string, fields: Partial<InjectorSummary>): InjectorSummary => ({
  agent,
  driver: "vegeta",
  requests: 1000,
  successes: 998,
  errors: { connect: 0, timeout: 2, non_2xx: 0, other: 0, total: 2 },
  duration_s: 5,
  rps: 199.6,
  bytes_per_s: 0,
  latency: { p50: 1, p90: 2, p99: 4.25, p999: 9, max: 12, mean: 1.2 },
  ...fields,
});

const summary = (injectors: InjectorSummary[]): Summary => ({ injectors, total: injectors[0] ?? injector("x", {}) });

const share = (index: number, connections: number, rate: number | null, extra: object = {}) => ({
  index,
  of: 2,
  per_injector: "share" as const,
  weight: 1,
  connections,
  threads: 1,
  rate,
  ...extra,
});

describe("injectorTable", () => {
  it("shows nothing for one injector: there is nothing to split", () => {
    expect(injectorTable(summary([injector("injector-1", {})]), { connections: 10 })).toBeNull();
    expect(injectorTable(null, { connections: 10 })).toBeNull();
  });

  it("puts each injector's share beside what it did", () => {
    const table = injectorTable(
      summary([
        injector("injector-1", { asked: share(0, 8, 200), open_loop: { target_rate: 200, sent: 1001, send_rate: 200.2, late_sends: 0, dropped_sends: 0, max_send_lag_ms: 1, late_threshold_ms: 10 } }),
        injector("injector-2", { asked: share(1, 7, 200.5), errors: { connect: 0, timeout: 0, non_2xx: 0, other: 0, total: 0 }, latency: null }),
      ]),
      { connections: 15 },
    );
    expect(table?.caption).toContain("split across 2 injectors");
    expect(table?.sentLabel).toBe("Requests"); // injector-2 kept no schedule: its column is requests
    expect(table?.rows.map((r) => [r.agent, r.connections, r.askedRate, r.sent, r.errors, r.errorsWarn, r.p99])).toEqual([
      ["injector-1", "8 of 15", "200 req/s", "1,001", "2", true, "4.3 ms"],
      ["injector-2", "7 of 15", "200.5 req/s", "1,000", "0", false, "—"],
    ]);
  });

  it("names the whole-profile choice and closed loops, and says when a share was not recorded", () => {
    const whole = injectorTable(
      summary([injector("a", { asked: share(0, 15, null, { per_injector: "whole" }) }), injector("b", { asked: share(1, 15, null, { per_injector: "whole" }) })]),
      { connections: 15 },
    );
    expect(whole?.caption).toContain("ran the whole profile");
    expect(whole?.rows[0]).toMatchObject({ connections: "15 (whole)", askedRate: "closed loop" });
    const older = injectorTable(summary([injector("a", {}), injector("b", {})]), { connections: 15 });
    expect(older?.rows[0]).toMatchObject({ connections: "—", askedRate: "—", weight: "—" });
  });

  it("counts the lab's connections from the shares, and a run before the split as each injector's all", () => {
    const split = summary([injector("a", { asked: share(0, 8, null) }), injector("b", { asked: share(1, 7, null) })]);
    expect(labConnections(split, 15)).toBe(15);
    const whole = summary([injector("a", { asked: share(0, 15, null, { per_injector: "whole" }) }), injector("b", { asked: share(1, 15, null, { per_injector: "whole" }) })]);
    expect(labConnections(whole, 15)).toBe(30);
    expect(labConnections(summary([injector("a", {}), injector("b", {})]), 15)).toBe(30);
    expect(labConnections(null, 15)).toBe(15);
  });
});
