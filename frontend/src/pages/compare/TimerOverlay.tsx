// (c) One of HAProxy's request timers (its request log: Tw queue, Tc connect, Tr server ...) at
// p50, p90 or p99 per second, every run on one time axis (t = 0 at each run's load start). Each
// point is its seconds' histograms merged, never percentiles averaged (backend/runs/compare/timers.py).
// Runs without a request log are named, not drawn as zero; sampling is said per run.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";

import { TimeChart } from "../../charts/TimeChart";
import { runsCompareRunsTimers } from "../../client/sdk.gen";
import type { CompareSetups } from "../../client/types.gen";
import { ErrorState } from "../../components/ErrorState";
import { LoadingState } from "../../components/LoadingState";
import { chartStep } from "../run/sampleColumns";
import { overlayRows } from "./overlay";
import { runListText, runSeries, type RunStyle } from "./runs";

type Percentile = "p50" | "p90" | "p99";
type Timer = "th" | "ti" | "treq" | "tw" | "tc" | "tr" | "td" | "ta" | "tt";

/** The longest run's seconds (warm-up and load): picks one step for every run. */
export function overlayStep(setups: CompareSetups | undefined): number {
  const longest = Math.max(0, ...(setups?.runs ?? []).map((r) => (r.load.warmup_s ?? 0) + (r.load.duration_s ?? 0)));
  return chartStep(longest);
}

export function TimerOverlay({ ids, setups, runs }: { ids: number[]; setups: CompareSetups | undefined; runs: RunStyle }) {
  const [timer, setTimer] = useState<Timer>("tw");
  const [percentile, setPercentile] = useState<Percentile>("p99");
  const step = overlayStep(setups);
  const query = useQuery({
    queryKey: ["compare", "timers", ids, timer, percentile, step],
    queryFn: async () => (await runsCompareRunsTimers({ query: { run_ids: ids, timer, percentile, step }, throwOnError: true })).data,
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const rows = useMemo(() => (data ? overlayRows(data) : []), [data]);
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!data) return <div className="card"><LoadingState label="Loading HAProxy's request timers" rows={4} /></div>;
  const logged = data.runs.filter((r) => r.collected);
  const missing = data.runs.filter((r) => !r.collected).map((r) => r.run_id);
  const sampled = logged.filter((r) => r.one_in > 1);
  const name = `${data.haproxy_name} ${percentile}`;
  return (
    <TimeChart
      title={`HAProxy's ${name} over time: ${data.meaning.split(":")[0]}`}
      name={`compare-timer-${timer}-${percentile}`}
      testId="timer-overlay"
      subtitle={[runListText(logged.map((r) => r.run_id)), ...sampled.map((r) => `#${r.run_id}: HAProxy logged 1 request in ${r.one_in.toLocaleString("en-US")}`)].join(" · ")}
      yLabel={`${name} (ms)`}
      unit="ms"
      rows={rows}
      series={runSeries(logged.map((r) => r.run_id), runs)}
      actions={
        <>
          <select aria-label="Timer" value={timer} onChange={(e) => setTimer(e.target.value as Timer)}>
            {Object.entries(data.timers).map(([key, haproxyName]) => (
              <option key={key} value={key}>
                {haproxyName}
              </option>
            ))}
          </select>
          <select aria-label="Percentile" value={percentile} onChange={(e) => setPercentile(e.target.value as Percentile)}>
            <option value="p50">p50</option>
            <option value="p90">p90</option>
            <option value="p99">p99</option>
          </select>
        </>
      }
      footer={
        <p className="muted small" data-testid="timer-overlay-note">
          {sampled.map((r) => `#${r.run_id}: HAProxy logged 1 request in ${r.one_in.toLocaleString("en-US")}. `)}
          {data.meaning}.{step > 1 ? ` Each point merges ${step} s.` : ""}
          {missing.length > 0 && ` ${runListText(missing)}: no request log (timers not collected, or an older run).`}
        </p>
      }
    />
  );
}
