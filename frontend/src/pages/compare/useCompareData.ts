// The four reads behind the Compare page, each a cached query keyed by what it depends on, so
// changing the metric or the chart type re-renders without a request and changing the overlay
// metric refetches only the series.
import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { runsCompareRuns, runsCompareRunsPoints, runsCompareRunsSeries, runsCompareRunsSpectrum, runsListRuns } from "../../client/sdk.gen";
import { splitSeries } from "./compareParams";

const MAX_RUNS = 200; // backend/runs/schemas.py MAX_COMPARE_RUNS

/** The runs to compare: the ids in the URL, or every run of the experiment (oldest first). */
export function useRunIds(runs: number[], experiment: number | null) {
  return useQuery({
    queryKey: ["compare", "run-ids", runs, experiment],
    queryFn: async () => {
      if (runs.length || !experiment) return runs.slice(0, MAX_RUNS);
      const { data } = await runsListRuns({ query: { experiment_id: experiment, order: "oldest", limit: MAX_RUNS }, throwOnError: true });
      return data.items.map((r) => r.id);
    },
  });
}

export function useCompareTable(ids: number[], baseline: number | null) {
  return useQuery({
    queryKey: ["compare", "table", ids, baseline],
    queryFn: async () => (await runsCompareRuns({ body: { run_ids: ids, baseline_run_id: baseline }, throwOnError: true })).data,
    enabled: ids.length > 0 && baseline != null,
    placeholderData: keepPreviousData,
  });
}

export function usePoints(ids: number[], baseline: number | null) {
  return useQuery({
    queryKey: ["compare", "points", ids, baseline],
    queryFn: async () => (await runsCompareRunsPoints({ body: { run_ids: ids, baseline_run_id: baseline }, throwOnError: true })).data,
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useSeries(ids: number[], series: string) {
  return useQuery({
    queryKey: ["compare", "series", ids, series],
    queryFn: async () => (await runsCompareRunsSeries({ body: { run_ids: ids, series: [splitSeries(series)] }, throwOnError: true })).data,
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useSpectrum(ids: number[]) {
  return useQuery({
    queryKey: ["compare", "spectrum", ids],
    queryFn: async () => (await runsCompareRunsSpectrum({ body: { run_ids: ids }, throwOnError: true })).data,
    enabled: ids.length > 0,
  });
}
