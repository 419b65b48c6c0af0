// The one vocabulary of metrics (contract/metrics.py, GET /api/v1/metrics): labels, units and sample
// keys of every figure. It never changes while the app runs, so it is fetched once.
import { useQuery } from "@tanstack/react-query";

import { metricsGetMetricRegistryOptions } from "../client/@tanstack/react-query.gen";
import type { Metric, MetricRegistry, SampleSeries } from "../client/types.gen";

/** The registry's query: fetched once per visit (route loaders may prefetch it). */
export const metricRegistryQuery = () => ({ ...metricsGetMetricRegistryOptions(), staleTime: Infinity, gcTime: Infinity });

export function useMetricRegistry(): MetricRegistry | undefined {
  return useQuery(metricRegistryQuery()).data;
}

/** A run metric by key; undefined for a key the registry does not have (an older export). */
export function runMetric(registry: MetricRegistry | undefined, key: string): Metric | undefined {
  return registry?.run_metrics.find((m) => m.key === key);
}

/** "Latency p99 (ms)": a run metric's label and unit for a column or an axis; the key itself
 * for one the registry does not know. */
export function metricHeading(registry: MetricRegistry | undefined, key: string): string {
  const metric = runMetric(registry, key);
  if (!metric) return key;
  return metric.unit ? `${metric.label} (${metric.unit})` : metric.label;
}

/** The per-second series by key, for charts that pick theirs by name. */
export function seriesByKey(registry: MetricRegistry | undefined): Map<string, SampleSeries> {
  return new Map((registry?.sample_series ?? []).map((s) => [s.key, s]));
}
