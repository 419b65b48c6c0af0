import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { AgentOut } from "../../client/types.gen";
import { AgentsTable, RevokedAgentsTable } from "./AgentsTable";

const agent = (id: number, name: string, status: AgentOut["status"], revoked_at: string | null = null): AgentOut => ({
  id,
  name,
  roles: ["injector"],
  version: "0.1.0",
  capabilities: {},
  clock: null,
  last_seen_at: null,
  status,
  revoked_at,
});

function render(canRevoke: boolean): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <AgentsTable agents={[agent(1, "injector-1", "online"), agent(2, "proxy-1", "offline")]} labId={7} canRevoke={canRevoke} />
    </QueryClientProvider>,
  );
}

describe("AgentsTable", () => {
  it("offers a lab admin a Revoke button per agent", () => {
    const html = render(true);
    expect(html).toContain('aria-label="Revoke agent injector-1"');
    expect(html).toContain('aria-label="Revoke agent proxy-1"');
  });

  it("shows each agent's clock and says in a sentence when one is off beyond the bound", () => {
    const skewed = { ...agent(1, "injector-1", "online"), clock: { offset_ms: -200.4, round_trip_ms: 0.8, measured_at: "2026-11-27T10:00:00Z" } };
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <AgentsTable agents={[skewed, agent(2, "proxy-1", "online")]} labId={7} />
      </QueryClientProvider>,
    );
    expect(html).toContain("200 ms ahead of the API&#x27;s (±0.4 ms)");
    expect(html).toContain("injector-1&#x27;s clock is 200 ms ahead of the API&#x27;s");
    expect(html).toContain("not measured");
  });

  it("offers no one else a Revoke button", () => {
    expect(render(false)).not.toContain("Revoke");
  });

  it("shows revoked agents as revoked", () => {
    const html = renderToString(<RevokedAgentsTable agents={[agent(3, "injector-1", "revoked", new Date().toISOString())]} />);
    expect(html).toContain("injector-1");
    expect(html).toContain('<span class="badge bad"');
    expect(html).toMatch(/revoked (<!-- -->)?just now/);
  });
});
