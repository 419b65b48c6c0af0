// The run's charts, drawn with the chart kit (src/charts): one crosshair and tooltip across
// them, drag to zoom, the 5 s average on demand, totals in the neutral colour, 2xx in green and
// errors in red, each host in one colour in every chart. Every chart has a fixed height, so the
// page does not jump as data arrives; the x axis is seconds since the load started.
// While the run executes, the rows come from the live stream (SSE, useRunEvents); once it ended,
// from the columnar samples (sampleColumns.ts): downsampled for a long run with each bucket's
// min-max band, and second by second again when zoomed into a short range. A chart that does not
// apply to the run (chartFolds.ts: HAProxy's charts of a direct run, requests of a TCP-mode proxy,
// an errors chart at 0 in every second once the run ended) is one line with the reason instead.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";

import { ChartGroup, SmoothToggle, useChartGroup } from "../../charts/ChartGroup";
import { TimeChart } from "../../charts/TimeChart";
import { runsGetRunSampleColumnsOptions } from "../../client/@tanstack/react-query.gen";
import { ErrorState } from "../../components/ErrorState";
import { durationMs } from "../../format/units";
import { seriesByKey, useMetricRegistry } from "../../metrics/useMetricRegistry";
import type { RunDetail } from "../../client/types.gen";
import { chartFolds, PROXY_CHARTS, type ChartId } from "./chartFolds";
import { hostLabel, hostSources, liveChartSeries, liveRows, type SampleStore } from "./liveSeries";
import "./runPage.css";
import { chartStep, columnRows, RAW_ZOOM_MAX_S, rawRange, withBands } from "./sampleColumns";
import { stageBoundaries } from "./stages";

const HEIGHT = 220;

type Props = {
  runId: number;
  store: SampleStore;
  version: number;
  /**
   * The run's p50/p99 from the merged histogram, once collected. Per-second percentiles are not
   * sampled (HAProxy gives averages; the load tools report at the end), so the chart shows
   * HAProxy's averages and the final percentiles are drawn over them as lines.
   */
  latency?: { p50?: number | null; p99?: number | null } | null;
  /** The run ended: draw its stored samples (columns), not the live stream's. */
  finished: boolean;
  /** Seconds the run's samples span (warm-up and load): picks the downsampling step. */
  seconds: number;
  /** The run's spec: says which charts cannot apply (a direct run, a TCP-mode proxy). */
  spec: RunDetail["spec"];
  /** The clients' failed requests once collected, for the reason an all-zero errors chart gives. */
  clientErrors: number | null;
};

const CHART_TITLES: Record<ChartId, string> = {
  rps: "Requests per second (HAProxy frontend)",
  errors: "Errors by kind, per second",
  latency: "Latency: HAProxy queue and total time",
  sessions: "Client sessions and queued requests",
  connects: "Server connects vs reuses, per second",
  cpu: "CPU busy by host",
  network: "Network by host (solid: received, dashed: sent)",
};

export function LiveCharts(props: Props) {
  return (
    <ChartGroup>
      <RunCharts {...props} />
    </ChartGroup>
  );
}

function RunCharts({ runId, store, version, latency, finished, seconds, spec, clientErrors }: Props) {
  const group = useChartGroup();
  const step = chartStep(seconds);
  const columns = useQuery({ ...runsGetRunSampleColumnsOptions({ path: { run_id: runId }, query: { step } }), enabled: finished, staleTime: Infinity });
  const raw = rawRange(group.zoom, columns.data?.step ?? 1);
  const rawColumns = useQuery({
    ...runsGetRunSampleColumnsOptions({ path: { run_id: runId }, query: { step: 1, ...raw } }),
    enabled: finished && raw != null,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const p50 = latency?.p50;
  const p99 = latency?.p99;
  const marks = useMemo(
    () => [
      ...(p50 != null ? [{ y: p50, label: `client p50 ${durationMs(p50)}` }] : []),
      ...(p99 != null ? [{ y: p99, label: `client p99 ${durationMs(p99)}` }] : []),
    ],
    [p50, p99],
  );
  const registry = useMetricRegistry();
  const known = useMemo(() => seriesByKey(registry), [registry]);
  // `version` changes when samples arrived; the store itself is mutated in place, so it is the
  // dependency that tells these memos to recompute.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const live = useMemo(() => liveRows(store, [...known.values()]), [store, version, known]);
  // A zoom short enough is drawn from its raw seconds once they arrived (the earlier zoom's until then).
  const shown = raw && rawColumns.data ? rawColumns.data : columns.data;
  const stored = useMemo(() => (shown ? columnRows(shown, [...known.values()]) : null), [shown, known]);
  // Until the stored samples arrived (a run that just ended), the stream's rows stay on screen.
  const rows = stored ?? live;
  const banded = (shown?.step ?? 1) > 1;
  // The hosts as text, so the series (and their colours) are rebuilt only when a host appears.
  const hostList = (shown ? hostSources(Object.keys(shown.sources)) : hostSources(store)).map(hostLabel).join("\n");
  const s = useMemo(() => {
    const series = liveChartSeries(known, hostList ? hostList.split("\n") : []);
    return banded ? withBands(series) : series;
  }, [known, hostList, banded]);
  const unit = (key: string) => known.get(key)?.unit ?? "";
  // A staged load: each stage's start marked on every chart, with its target (live and final alike).
  const boundaries = useMemo(() => stageBoundaries(spec.load), [spec.load]);
  const common = { rows, height: HEIGHT, subtitle: `Run #${runId}`, boundaries };
  // Judged on the whole run (never a zoomed range: zooming into a quiet stretch must not fold a chart).
  const wholeRun = useMemo(() => (columns.data ? columnRows(columns.data, [...known.values()]) : null), [columns.data, known]);
  const folds = chartFolds(spec, wholeRun ?? rows, finished && wholeRun != null, clientErrors);
  const shows = (id: ChartId) => !(folds.direct && PROXY_CHARTS.includes(id)) && folds.folded[id] == null;
  const foldedIds = (Object.keys(folds.folded) as ChartId[]).filter((id) => !(folds.direct && PROXY_CHARTS.includes(id)));
  return (
    <>
      <div className="chart-toolbar">
        <span className="muted small" data-testid="chart-resolution">
          {banded
            ? `One point per ${shown?.step} s (the mean; shaded: each bucket's min to max). Zoom into ${RAW_ZOOM_MAX_S / 60} minutes or less to see each second.`
            : "Drag across a chart to zoom; the charts share one crosshair."}
        </span>
        <SmoothToggle />
      </div>
      {columns.isError && <ErrorState compact error={columns.error} onRetry={() => void columns.refetch()} />}
      {(folds.direct || foldedIds.length > 0) && (
        // Charts that cannot show anything for this run: one line each, with the reason.
        <ul className="chart-folds" data-testid="chart-folds">
          {folds.direct && (
            <li data-folded="proxy">
              <strong>HAProxy&apos;s charts:</strong> {folds.direct}
            </li>
          )}
          {foldedIds.map((id) => (
            <li key={id} data-folded={id} data-testid={`chart-${id}-folded`}>
              <strong>{CHART_TITLES[id]}:</strong> {folds.folded[id]}
            </li>
          ))}
        </ul>
      )}
      <div className="chart-grid" data-testid="live-charts" data-points={rows.length}>
        {shows("rps") && <TimeChart {...common} testId="chart-rps" name={`run-${runId}-requests`} title={CHART_TITLES.rps} yLabel="req/s" unit={unit("req_s")} series={s.rps} />}
        {shows("errors") && <TimeChart {...common} testId="chart-errors" name={`run-${runId}-errors`} title={CHART_TITLES.errors} yLabel="errors/s" unit={unit("econ")} series={s.errors} />}
        {shows("latency") && (
          <TimeChart
            {...common}
            testId="chart-latency"
            name={`run-${runId}-latency`}
            title={CHART_TITLES.latency}
            yLabel="ms"
            unit="ms"
            marks={marks}
            series={s.latency}
            footer={<p className="muted small">HAProxy&apos;s averages of its last 1024 requests, each second; dotted: the client&apos;s p50 and p99 over the run, once collected.</p>}
          />
        )}
        {shows("sessions") && <TimeChart {...common} testId="chart-sessions" name={`run-${runId}-sessions`} title={CHART_TITLES.sessions} yLabel="sessions, requests" unit="" series={s.sessions} />}
        {shows("connects") && <TimeChart {...common} testId="chart-connects" name={`run-${runId}-connects`} title={CHART_TITLES.connects} yLabel="per second" unit={unit("connect")} series={s.connects} />}
        <TimeChart {...common} testId="chart-cpu" name={`run-${runId}-cpu`} title={CHART_TITLES.cpu} yLabel="% of the host's CPUs" unit="%" series={s.cpu} />
        <TimeChart {...common} testId="chart-network" name={`run-${runId}-network`} title={CHART_TITLES.network} yLabel="bytes/s" unit="B/s" series={s.network} />
      </div>
    </>
  );
}
