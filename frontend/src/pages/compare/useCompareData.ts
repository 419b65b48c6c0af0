// The reads behind the Compare page, each a cached query keyed by what it depends on, so
// changing the metric or the chart type re-renders without a request and changing the overlay
// metric refetches only the series. The same query options serve the hooks and the route's
// loader (prefetchCompare), which starts every read while the page's code still loads.
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";

import { runsCompareRuns, runsCompareRunsPoints, runsCompareRunsSeries, runsCompareRunsSetups, runsCompareRunsSpectrum, runsListRuns } from "../../client/sdk.gen";
import { metricRegistryQuery } from "../../metrics/useMetricRegistry";
import type { CompareView } from "./compareParams";

const MAX_RUNS = 200; // backend/runs/schemas.py MAX_COMPARE_RUNS

/** The runs to compare: the ids in the URL, or every run of the experiment (oldest first). */
const runIdsQuery = (runs: number[], experiment: number | null) =>
  queryOptions({
    queryKey: ["compare", "run-ids", runs, experiment],
    queryFn: async () => {
      if (runs.length || !experiment) return runs.slice(0, MAX_RUNS);
      const { data } = await runsListRuns({ query: { experiment_id: experiment, order: "oldest", limit: MAX_RUNS }, throwOnError: true });
      return data.items.map((r) => r.id);
    },
  });

const tableQuery = (ids: number[], baseline: number | null) =>
  queryOptions({
    queryKey: ["compare", "table", ids, baseline],
    queryFn: async () => (await runsCompareRuns({ query: { run_ids: ids, baseline_run_id: baseline }, throwOnError: true })).data,
  });

const pointsQuery = (ids: number[], baseline: number | null) =>
  queryOptions({
    queryKey: ["compare", "points", ids, baseline],
    queryFn: async () => (await runsCompareRunsPoints({ query: { run_ids: ids, baseline_run_id: baseline }, throwOnError: true })).data,
  });

const seriesQuery = (ids: number[], series: string) =>
  queryOptions({
    queryKey: ["compare", "series", ids, series],
    queryFn: async () => (await runsCompareRunsSeries({ query: { run_ids: ids, series: [series] }, throwOnError: true })).data,
  });

const spectrumQuery = (ids: number[]) =>
  queryOptions({
    queryKey: ["compare", "spectrum", ids],
    queryFn: async () => (await runsCompareRunsSpectrum({ query: { run_ids: ids }, throwOnError: true })).data,
  });

const setupsQuery = (ids: number[]) =>
  queryOptions({
    queryKey: ["compare", "setups", ids],
    queryFn: async () => (await runsCompareRunsSetups({ query: { run_ids: ids }, throwOnError: true })).data,
  });

/** The baseline: the one in the URL if it is among the runs, else the first run. */
export function baselineOf(ids: number[], wanted: number | null): number | null {
  return wanted && ids.includes(wanted) ? wanted : (ids[0] ?? null);
}

export function useRunIds(runs: number[], experiment: number | null) {
  return useQuery(runIdsQuery(runs, experiment));
}

export function useCompareTable(ids: number[], baseline: number | null) {
  return useQuery({ ...tableQuery(ids, baseline), enabled: ids.length > 0 && baseline != null, placeholderData: keepPreviousData });
}

export function usePoints(ids: number[], baseline: number | null) {
  return useQuery({ ...pointsQuery(ids, baseline), enabled: ids.length > 0, placeholderData: keepPreviousData });
}

export function useSeries(ids: number[], series: string) {
  return useQuery({ ...seriesQuery(ids, series), enabled: ids.length > 0, placeholderData: keepPreviousData });
}

export function useSpectrum(ids: number[]) {
  return useQuery({ ...spectrumQuery(ids), enabled: ids.length > 0 });
}

/** What the runs were asked to do: the spec settings that differ, load profiles, distinct configs. */
export function useSetups(ids: number[]) {
  return useQuery({ ...setupsQuery(ids), enabled: ids.length > 0 });
}

/**
 * Every read of the view, started before the page renders (the route's loader), all at once:
 * they are GETs, so they need no CSRF token and do not wait for the session. Errors are left to
 * the page's queries (a signed-out visitor is sent to /login by the protected route).
 */
export async function prefetchCompare(queryClient: QueryClient, view: CompareView): Promise<void> {
  if (!view.runs.length && !view.experiment) return;
  void queryClient.prefetchQuery(metricRegistryQuery()); // labels and units of every chart
  try {
    const ids = await queryClient.ensureQueryData(runIdsQuery(view.runs, view.experiment));
    if (!ids.length) return;
    const baseline = baselineOf(ids, view.baseline);
    await Promise.all([
      queryClient.prefetchQuery(tableQuery(ids, baseline)),
      queryClient.prefetchQuery(pointsQuery(ids, baseline)),
      queryClient.prefetchQuery(seriesQuery(ids, view.series)),
      queryClient.prefetchQuery(spectrumQuery(ids)),
      queryClient.prefetchQuery(setupsQuery(ids)),
    ]);
  } catch {
    // The page's own queries show the error, in people's words, with a retry.
  }
}
