import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { ApiFieldError } from "../../api/apiError";
import { metricsGetMetricRegistryQueryKey } from "../../client/@tanstack/react-query.gen";
import type { MetricRegistry } from "../../client/types.gen";
import { newSearch, searchSummary } from "./capacitySearch";
import { DesignerContext } from "./DesignerContext";
import { SearchEditor } from "./SearchEditor";
import { ThresholdsEditor, ruleKind, withMetric } from "./ThresholdsEditor";

const REGISTRY = {
  run_metrics: [{ key: "latency_p99_ms", label: "Latency p99", unit: "ms" }],
  sample_series: [{ key: "cpu", label: "CPU", unit: "%", source: "host" }],
  search_figures: [
    { key: "capacity", label: "Capacity", description: "" },
    { key: "safe_capacity", label: "Safe operating point", description: "" },
  ],
} as unknown as MetricRegistry;

function render(spec: Record<string, unknown>, fields: ApiFieldError[] = [], editor = <SearchEditor />): string {
  const client = new QueryClient();
  client.setQueryData(metricsGetMetricRegistryQueryKey(), REGISTRY);
  return renderToString(
    <QueryClientProvider client={client}>
      <DesignerContext.Provider value={{ spec, update: () => {}, fields, warnings: [], readOnly: false, labId: null }}>
        {editor}
      </DesignerContext.Provider>
    </QueryClientProvider>,
  );
}

describe("the designer's capacity search", () => {
  it("starts a search that fits the load's tool: the rate for vegeta's open loop, connections otherwise", () => {
    expect(newSearch({ driver: "vegeta", rate: 200 })).toMatchObject({ vary: "load.rate", start: 100, objective: [{ metric: "latency_p99_ms", operator: "<", value: 100 }] });
    expect(newSearch({ driver: "hey" })).toMatchObject({ vary: "load.connections", start: 10, max: 1000 });
  });

  it("says what the search would run", () => {
    expect(searchSummary({ ...newSearch({ driver: "vegeta" }), precision: 0.05, probe: { duration_s: 4, warmup_s: 1 } })).toBe(
      "Per sweep point: probes of 4 s (after 1 s of warm-up) from 100 req/s, x2 after each pass up to 10,000 req/s, then bisecting between the last pass and the first fail to 5%; at most 20 probes a search.",
    );
    expect(searchSummary({ ...newSearch({}), precision: "3%" })).toContain("to 3%");
  });

  it("offers to add a search when the spec has none", () => {
    const html = render({ load: { driver: "hey" } });
    expect(html).toContain("Search the capacity");
    expect(html).not.toContain('data-testid="objective-rule"');
  });

  it("edits every field, the objective with the thresholds' fields, and puts each API error next to its field", () => {
    const spec = { load: { driver: "vegeta", rate: 100 }, search: newSearch({ driver: "vegeta" }) };
    const html = render(spec, [
      { field: "search.start", message: "start (500) is above max (100)" },
      { field: "search.objective.0.per_point", message: "an objective judges each probe on its own" },
      { field: "search", message: "staircase comes with load stages" },
    ]);
    for (const path of ["vary", "start", "max", "growth", "precision", "max_probes", "probe.duration_s", "probe.warmup_s", "safe_fraction", "method"]) {
      expect(html).toContain(`name="search.${path}"`);
    }
    expect(html).toMatch(/data-field="spec\.search\.start">start \(500\) is above max \(100\)</);
    expect(html).toMatch(/data-field="spec\.search\.objective\.0\.per_point">per_point(<!-- -->)?: (<!-- -->)?an objective judges each probe on its own/);
    expect(html).toMatch(/data-field="spec\.search">staircase comes with load stages/);
    expect(html).toContain('data-testid="objective-rule"');
    // An objective judges each probe: no per-point judging, no early stop.
    expect(html).not.toContain('name="search.objective.0.per_point"');
    expect(html).not.toContain("abort on fail");
  });
});

describe("thresholds on a search's answer", () => {
  it("knows capacity and safe_capacity as search figures, judged on their value per sweep point", () => {
    expect(ruleKind(REGISTRY, "capacity")).toBe("search");
    expect(withMetric({ metric: "cpu", aggregate: "max", operator: "<", value: 80, host: "proxy", abort_on_fail: true, grace_s: 5 }, "capacity", "search")).toEqual({
      metric: "capacity",
      aggregate: "value",
      operator: "<",
      value: 80,
    });
  });

  it("offers them in the thresholds editor, never in the objective, with per-point judging and no aggregate", () => {
    const spec = {
      load: { driver: "vegeta", rate: 100 },
      search: newSearch({ driver: "vegeta" }),
      thresholds: [{ metric: "capacity", aggregate: "value", operator: ">=", value: 5000, per_point: "ci_low" }],
    };
    const thresholds = render(spec, [], <ThresholdsEditor />);
    expect(thresholds).toContain('data-testid="thresholds-search"');
    expect(thresholds).toMatch(/<option value="capacity" selected="">Capacity(<!-- -->)? · (<!-- -->)?capacity</);
    expect(thresholds).toContain('name="thresholds.0.per_point"');
    expect(thresholds).not.toContain('name="thresholds.0.aggregate"');
    expect(thresholds).not.toContain('name="thresholds.0.relative_to"');
    expect(render(spec)).not.toContain('<option value="capacity"');
  });
});
