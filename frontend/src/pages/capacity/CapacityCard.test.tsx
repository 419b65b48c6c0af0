import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";

import { runsGetLaunchQueryKey } from "../../client/@tanstack/react-query.gen";
import type { RunSlim } from "../../client/types.gen";
import { RunsTable } from "../history/RunsTable";
import { probeIndex } from "./capacity";
import { CapacityCard } from "./CapacityCard";
import { CAPACITY } from "./fixture";
import { ProbeNotice } from "./ProbeNotice";

const render = (node: React.ReactNode) => renderToString(<MemoryRouter>{node}</MemoryRouter>);

describe("CapacityCard", () => {
  const html = render(<CapacityCard capacity={CAPACITY} launchId={7} />);

  it("puts each point's answer first: a number in green, the inconclusive sentence in amber, progress while probing", () => {
    const answers = html.split('data-testid="capacity-answer"').slice(1);
    expect(answers).toHaveLength(3);
    expect(answers[0]).toContain('data-outcome="capacity"');
    expect(answers[0]).toContain("capacity 504 req/s (95% 492–516, 3 searches), safe 403 req/s");
    expect(html).toMatch(/verdict tone-ok[^>]*data-outcome="capacity"/);
    expect(answers[1]).toContain("probing, 6 probes so far, the capacity is between 800 and 1,600 req/s");
    expect(html).toMatch(/verdict tone-warn[^>]*data-outcome="inconclusive"/);
    expect(answers[2]).toContain("inconclusive: injector-bound at 3,200 req/s");
    expect(html).toContain("2 of 3 points answered");
  });

  it("lists each point's probes in order, each linking to its run, and compares them", () => {
    expect(html).toContain('href="/runs/19"');
    expect(html).toContain('href="/compare?runs=11,12,13,14,15,16,17,18,19,21');
    expect(html).toContain("injector-bound (sent 2,410 of 3,200 req/s on time)");
    expect(html.match(/data-result="inconclusive"/g)).toHaveLength(1);
    expect(html.match(/data-result="fail"/g)).toHaveLength(5 + 4 + 4 + 1);
  });

  it("holds the knee curve's card (its plot is drawn once the browser lays it out)", () => {
    expect(html).toContain('data-testid="knee-chart"');
    expect(html).toContain("Capacity vs maxconn");
    expect(html).toContain('data-testid="knee-data"');
  });
});

describe("History's runs table", () => {
  it("says which probe a run is, its value, result and its search's answer", () => {
    const run = { id: 15, experiment_id: 1, experiment_name: "knee", experiment_version: 1, launch_id: 7, lab_id: 1, rerun_of_id: null, point_index: 0, repetition: 0, params: { "load.rate": 600 }, state: "succeeded", outcome: "succeeded", figures: {}, bound: null, created_at: "2026-11-27T10:00:00Z", state_changed_at: null, started_at: null, finished_at: null, cancel_requested_at: null } as unknown as RunSlim;
    const table = render(<RunsTable runs={[run, { ...run, id: 99 }]} columns={[]} sort="created" dir="desc" onSort={() => {}} selected={new Set()} onToggle={() => {}} busy={false} probes={probeIndex(CAPACITY)} />);
    expect(table.match(/data-testid="probe-of"/g)).toHaveLength(1);
    expect(table).toContain("probe 5 of its search, 600 req/s, fail; search: capacity 500 req/s");
  });
});

describe("ProbeNotice (the run page)", () => {
  const client = new QueryClient();
  client.setQueryData(runsGetLaunchQueryKey({ path: { launch_id: 7 } }), { id: 7, capacity: CAPACITY });
  const notice = (run: { id: number; params: Record<string, unknown> }) =>
    renderToString(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ProbeNotice run={{ ...run, launch_id: 7, experiment_id: 3 }} />
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it("says which probe the run is and leads to the knee curve", () => {
    const html = notice({ id: 56, params: { "load.rate": 3200 } });
    expect(html).toContain("This run is <!-- -->probe 6 of its search, 3,200 req/s, inconclusive; search: inconclusive");
    expect(html).toContain('href="/experiments/3#capacity-title"');
  });

  it("says nothing of a run that is no probe", () => {
    expect(notice({ id: 999, params: { "load.rate": 100 } })).toBe("");
  });
});
