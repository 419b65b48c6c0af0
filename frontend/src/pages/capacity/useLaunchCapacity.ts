// Reading launches for their capacity searches (GET /launches/{id}, LaunchDetail.capacity): the
// experiment page's latest launch, and the launches of listed runs that may be probes (History).
// A launch whose searches still probe is read again every few seconds until each has its answer.
import { useQueries, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";

import { runsGetLaunchOptions, runsListRunsOptions } from "../../client/@tanstack/react-query.gen";
import type { LaunchDetail } from "../../client/types.gen";
import { isProbe, probeIndex, type ProbeInfo } from "./capacity";

const PROBING_REFRESH_MS = 5_000;
/** History reads at most this many launches a page for their probes (a page rarely holds more). */
const MAX_LAUNCHES_READ = 10;

const followWhileProbing = (data: LaunchDetail | undefined) => (data?.capacity && !data.capacity.done ? PROBING_REFRESH_MS : false);

/** The experiment's latest launch (that of its newest run), with its capacity when it searched. */
export function useLatestLaunch(experimentId: number) {
  const newest = useQuery(runsListRunsOptions({ query: { experiment_id: experimentId, limit: 1, order: "newest" } }));
  const launchId = newest.data?.items[0]?.launch_id;
  return useQuery({
    ...runsGetLaunchOptions({ path: { launch_id: launchId ?? 0 } }),
    enabled: launchId != null,
    refetchInterval: (q) => followWhileProbing(q.state.data),
  });
}

/** The launch of a run that is a probe; undefined otherwise. */
export function useProbeLaunch(run: { launch_id: number; search_id?: number | null } | undefined) {
  return useQuery({
    ...runsGetLaunchOptions({ path: { launch_id: run?.launch_id ?? 0 } }),
    enabled: run != null && isProbe(run),
    refetchInterval: (q) => followWhileProbing(q.state.data),
  });
}

/** run id -> its probe, for listed runs that may be probes (one read per launch, at most MAX_LAUNCHES_READ). */
export function useProbesOf(runs: readonly { launch_id: number; search_id?: number | null }[]): Map<number, ProbeInfo> {
  const launchIds = [...new Set(runs.filter(isProbe).map((r) => r.launch_id))].slice(0, MAX_LAUNCHES_READ);
  const launches = useQueries({
    queries: launchIds.map((id) => ({ ...runsGetLaunchOptions({ path: { launch_id: id } }), staleTime: 30_000 })),
  });
  const capacities = launches.map((q) => q.data?.capacity);
  const key = launches.map((q) => q.dataUpdatedAt).join(",");
  return useMemo(() => {
    const index = new Map<number, ProbeInfo>();
    for (const capacity of capacities) if (capacity) for (const [id, info] of probeIndex(capacity)) index.set(id, info);
    return index;
    // The launches' data changes only with their dataUpdatedAt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
