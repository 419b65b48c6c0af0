import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { RunDetail, RunOutcome } from "../../client/types.gen";
import { RunHeadline } from "./RunHeadline";

const latency = { p50: 4.2, p90: 8, p95: 9.5, p99: 12.25, p999: 20, max: 31, mean: 5 };
const machine = { agents: ["injector-1", "proxy-1", "target-1"], roles: ["injector", "proxy", "target"], how: "the same boot id reported by each agent" };
const agents = { "proxy-1": { roles: ["proxy"], capabilities: {} }, "injector-1": { roles: ["injector"], capabilities: {} }, "target-1": { roles: ["target"], capabilities: {} } };

function run(outcome: RunOutcome, extra: Partial<RunDetail> = {}): RunDetail {
  return {
    state: "succeeded",
    outcome,
    spec: { load: { connections: 12 } },
    environment: { agents, shared_machines: [] },
    summary: {
      total: { requests: 1000, successes: 990, duration_s: 10, rps: 99, bytes_per_s: 816, latency },
      verdict: { kind: "client_cpu", sentence: "Client-bound on a shared machine: ...", evidence: [], caveats: [] },
    },
    ...extra,
  } as unknown as RunDetail;
}

describe("the run's header verdict", () => {
  it("never shows a green succeeded beside a failed rule", () => {
    const html = renderToString(<RunHeadline registry={undefined} run={run({ kind: "rules_failed", label: "succeeded, 1 of 3 rules failed", tone: "warning", rules_judged: 3, rules_failed: 1 })} />);
    expect(html).toContain('data-testid="run-outcome"');
    expect(html).toContain("succeeded, 1 of 3 rules failed");
    expect(html).toContain('class="badge warn"');
    expect(html).not.toContain("badge ok");
  });

  it("says when every role ran on one machine", () => {
    const ok = { kind: "succeeded", label: "succeeded", tone: "good", rules_judged: 0, rules_failed: 0 } as const;
    const shared = renderToString(<RunHeadline registry={undefined} run={run(ok, { environment: { agents, shared_machines: [machine] } })} />);
    expect(shared).toContain('data-testid="shared-machine"');
    expect(shared).toContain("All roles ran on one machine (injector-1, proxy-1, target-1): CPU-bound verdicts cannot tell HAProxy from the load tool.");
    expect(renderToString(<RunHeadline registry={undefined} run={run(ok)} />)).not.toContain("shared-machine");
  });

  it("points at a contradiction between its figures", () => {
    const ok = { kind: "succeeded", label: "succeeded", tone: "good", rules_judged: 0, rules_failed: 0 } as const;
    const base = run(ok);
    const caveat = { kind: "figures_disagree" as const, sentence: "the headline rate ... is 8.8 req/s, HAProxy's ... 10.0 req/s", evidence: [] };
    const contradicted = { ...base, summary: { ...base.summary!, verdict: { ...base.summary!.verdict!, caveats: [caveat] } } } as RunDetail;
    expect(renderToString(<RunHeadline registry={undefined} run={contradicted} />)).toContain('data-testid="figures-disagree"');
    expect(renderToString(<RunHeadline registry={undefined} run={base} />)).not.toContain("figures-disagree");
  });
});
