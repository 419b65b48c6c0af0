import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { RunDetail } from "../../client/types.gen";
import { RunClocks } from "./RunClocks";

const clock = (offset_ms: number) => ({ offset_ms, round_trip_ms: 1.2, measured_at: "2026-11-27T10:00:00Z", exchanges: 8 });
const injector = (agent: string, started_at: string | null, start_source: string | null) => ({ agent, driver: "vegeta", started_at, start_source });

function run(agents: Record<string, unknown>, injectors: unknown[]): RunDetail {
  return { environment: { agents, shared_machines: [] }, summary: { injectors } } as unknown as RunDetail;
}

describe("the run's clocks", () => {
  it("shows each agent's offset, each injector's start after the first, and a sentence for a clock beyond the bound", () => {
    const html = renderToString(
      <RunClocks
        run={run(
          {
            "injector-1": { roles: ["injector"], capabilities: {}, clock: clock(-200.4) },
            "injector-2": { roles: ["injector"], capabilities: {}, clock: clock(0.3) },
            "proxy-1": { roles: ["proxy"], capabilities: {}, clock: null },
          },
          [injector("injector-2", "2026-11-27T10:00:01.013Z", "tool_started"), injector("injector-1", "2026-11-27T10:00:01.000Z", "first_request")],
        )}
      />,
    );
    expect(html).toContain("200 ms ahead of the API&#x27;s (±0.6 ms)");
    expect(html).toContain("in step with the API&#x27;s (0.3 ms off, ±0.6 ms)");
    expect(html).toContain("10:00:01.000 UTC, first, by its tool&#x27;s first request");
    expect(html).toContain("10:00:01.013 UTC, +13 ms after the first, by when its tool was started");
    expect(html).toContain("injector-1&#x27;s clock is 200 ms ahead of the API&#x27;s");
    expect(html).not.toContain("injector-2&#x27;s clock is");
    expect(html).toContain("not measured");
  });

  it("gives one injector's start without a place among others", () => {
    const html = renderToString(
      <RunClocks run={run({ "injector-1": { roles: ["injector"], capabilities: {}, clock: clock(0.2) } }, [injector("injector-1", "2026-11-27T10:00:01.000Z", "first_request")])} />,
    );
    expect(html).toContain("10:00:01.000 UTC, by its tool&#x27;s first request");
    expect(html).not.toContain("first,");
  });

  it("says when nothing was measured (agents older than the exchange)", () => {
    const html = renderToString(<RunClocks run={run({ "proxy-1": { roles: ["proxy"], capabilities: {} } }, [])} />);
    expect(html).toContain("Clocks were not measured for this run");
  });
});
