// The live run's charts, drawn with the chart kit (src/charts): one crosshair and tooltip across
// them, drag to zoom, the 5 s average on demand, totals in the neutral colour, 2xx in green and
// errors in red, each host in one colour in every chart. Every chart has a fixed height, so the
// page does not jump as data arrives; the x axis is seconds since the load started.
import { useMemo } from "react";
import { useParams } from "react-router";

import { ChartGroup, SmoothToggle } from "../../charts/ChartGroup";
import { TimeChart } from "../../charts/TimeChart";
import { durationMs } from "../../format/units";
import { seriesByKey, useMetricRegistry } from "../../metrics/useMetricRegistry";
import { hostLabel, hostSources, liveChartSeries, liveRows, type SampleStore } from "./liveSeries";

const HEIGHT = 220;

/**
 * `latency`: the run's p50/p99 from the merged histogram, once collected. Per-second percentiles
 * are not sampled (HAProxy gives averages; the load tools report at the end), so the live chart
 * shows HAProxy's averages and the final percentiles are drawn over them as lines.
 */
export function LiveCharts({ store, version, latency }: { store: SampleStore; version: number; latency?: { p50?: number | null; p99?: number | null } | null }) {
  const { runId } = useParams();
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
  const rows = useMemo(() => liveRows(store, [...known.values()]), [store, version, known]);
  // The hosts as text, so the series (and their colours) are rebuilt only when a host appears.
  const hostList = hostSources(store).map(hostLabel).join("\n");
  const s = useMemo(() => liveChartSeries(known, hostList ? hostList.split("\n") : []), [known, hostList]);
  const unit = (key: string) => known.get(key)?.unit ?? "";
  const common = { rows, height: HEIGHT, subtitle: runId ? `Run #${runId}` : undefined };
  return (
    <ChartGroup>
      <div className="chart-toolbar">
        <span className="muted small">Drag across a chart to zoom; the charts share one crosshair.</span>
        <SmoothToggle />
      </div>
      <div className="chart-grid" data-testid="live-charts" data-points={rows.length}>
        <TimeChart {...common} testId="chart-rps" name={`run-${runId}-requests`} title="Requests per second (HAProxy frontend)" yLabel="req/s" unit={unit("req_s")} series={s.rps} />
        <TimeChart {...common} testId="chart-errors" name={`run-${runId}-errors`} title="Errors by kind, per second" yLabel="errors/s" unit={unit("econ")} series={s.errors} />
        <TimeChart
          {...common}
          testId="chart-latency"
          name={`run-${runId}-latency`}
          title="Latency: HAProxy queue and total time"
          yLabel="ms"
          unit="ms"
          marks={marks}
          series={s.latency}
          footer={<p className="muted small">HAProxy&apos;s averages of its last 1024 requests, each second; dotted: the client&apos;s p50 and p99 over the run, once collected.</p>}
        />
        <TimeChart {...common} testId="chart-sessions" name={`run-${runId}-sessions`} title="Client sessions and queued requests" yLabel="sessions, requests" unit="" series={s.sessions} />
        <TimeChart {...common} testId="chart-connects" name={`run-${runId}-connects`} title="Server connects vs reuses, per second" yLabel="per second" unit={unit("connect")} series={s.connects} />
        <TimeChart {...common} testId="chart-cpu" name={`run-${runId}-cpu`} title="CPU busy by host" yLabel="% of the host's CPUs" unit="%" series={s.cpu} />
        <TimeChart {...common} testId="chart-network" name={`run-${runId}-network`} title="Network by host (solid: received, dashed: sent)" yLabel="bytes/s" unit="B/s" series={s.network} />
      </div>
    </ChartGroup>
  );
}
