// The live run's charts. Every chart has a fixed height, so the page does not jump as data
// arrives; the x axis is seconds since the load started (warm-up is negative).
import { useMemo } from "react";
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { seriesByKey, useMetricRegistry } from "../../metrics/useMetricRegistry";
import { hostLabel, hostSources, liveRows, type LiveRow, type SampleStore } from "./liveSeries";

const HEIGHT = 220;
const COLORS = ["#2563eb", "#dc2626", "#16a34a", "#d97706", "#7c3aed", "#0891b2", "#be185d", "#4b5563", "#65a30d"];

type Series = { key: string; name: string; color?: string };

// Success reads as success: 2xx replies in green, never in the palette's red.
const SERIES_COLORS: Record<string, string> = { ok_2xx: "#16a34a", req_s: "#2563eb" };

type Mark = { y: number; label: string };

function Chart({ title, rows, series, unit, testId, marks = [] }: { title: string; rows: LiveRow[]; series: Series[]; unit?: string; testId: string; marks?: Mark[] }) {
  return (
    <section className="card chart-card" data-testid={testId}>
      <h3 className="chart-title">{title}</h3>
      <div style={{ height: HEIGHT }}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 4, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
            <XAxis dataKey="t" type="number" domain={["dataMin", "dataMax"]} unit="s" allowDecimals={false} />
            <YAxis unit={unit} width={64} />
            <Tooltip isAnimationActive={false} />
            <Legend />
            <ReferenceLine x={0} stroke="#9ca3af" strokeDasharray="4 4" />
            {marks.map((m) => (
              <ReferenceLine key={m.label} y={m.y} ifOverflow="extendDomain" stroke="#6b7280" strokeDasharray="2 4" label={{ value: m.label, position: "insideTopRight", fontSize: 11 }} />
            ))}
            {series.map((s, i) => (
              <Line key={s.key} dataKey={s.key} name={s.name} stroke={s.color ?? COLORS[i % COLORS.length]} dot={false} isAnimationActive={false} connectNulls={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}

/**
 * `latency`: the run's p50/p99 from the merged histogram, once collected. Per-second percentiles
 * are not sampled (HAProxy gives averages; the load tools report at the end), so the live chart
 * shows HAProxy's averages and the final percentiles are drawn over them as lines.
 */
export function LiveCharts({ store, version, latency }: { store: SampleStore; version: number; latency?: { p50?: number; p99?: number } | null }) {
  const marks: Mark[] = [];
  if (latency?.p50 != null) marks.push({ y: latency.p50, label: `client p50 ${latency.p50} ms` });
  if (latency?.p99 != null) marks.push({ y: latency.p99, label: `client p99 ${latency.p99} ms` });
  // `version` changes when samples arrived; the store itself is mutated in place, so it is the
  // dependency that tells these memos to recompute.
  const registry = useMetricRegistry();
  const known = useMemo(() => seriesByKey(registry), [registry]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const rows = useMemo(() => liveRows(store, [...known.values()]), [store, version, known]);
  // A chart's lines, named as the registry names them.
  const named = (...keys: string[]): Series[] =>
    keys.map((key) => ({ key, name: known.get(key)?.label ?? key, color: SERIES_COLORS[key] }));
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const hosts = useMemo(() => hostSources(store).map(hostLabel), [store, version]);
  return (
    <div className="chart-grid" data-testid="live-charts" data-points={rows.length}>
      <Chart testId="chart-rps" title="Requests per second (HAProxy frontend)" rows={rows} series={named("req_s", "ok_2xx")} />
      <Chart
        testId="chart-errors"
        title="Errors by kind, per second"
        rows={rows}
        series={named("econ", "eresp", "ereq", "http_5xx", "http_4xx", "srv_abrt", "cli_abrt")}
      />
      <Chart
        testId="chart-latency"
        title="Latency: HAProxy queue and total time (avg of last 1024 requests); client p50/p99 at the end"
        rows={rows}
        unit="ms"
        marks={marks}
        series={named("qtime", "ttime")}
      />
      <Chart testId="chart-sessions" title="Sessions and queue (scur, qcur)" rows={rows} series={named("scur", "qcur")} />
      <Chart testId="chart-connects" title="Server connects vs reuses, per second" rows={rows} series={named("connect", "reuse")} />
      <Chart testId="chart-cpu" title="CPU busy by host" rows={rows} unit="%" series={hosts.map((h) => ({ key: `cpu:${h}`, name: h }))} />
      <Chart
        testId="chart-network"
        title="Network by host (bytes/s)"
        rows={rows}
        series={hosts.flatMap((h) => [
          { key: `rx:${h}`, name: `${h} rx` },
          { key: `tx:${h}`, name: `${h} tx` },
        ])}
      />
    </div>
  );
}
