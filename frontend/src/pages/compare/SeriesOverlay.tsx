// (b) One per-second metric of every run on one time axis: t = 0 is each run's load start, so
// runs line up without any shifting (negative t is warm-up).
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import type { CompareSeries } from "../../client/types.gen";
import { ChartCard, COLORS, MAX_LEGEND } from "./ChartCard";
import { useMetricRegistry } from "../../metrics/useMetricRegistry";
import type { CompareView } from "./compareParams";

export function overlayRows(data: CompareSeries): Record<string, number | null>[] {
  const byT = new Map<number, Record<string, number | null>>();
  for (const run of data.runs) {
    run.t.forEach((t, i) => {
      const row = byT.get(t) ?? { t };
      row[`r${run.run_id}`] = run.values[i][0] ?? null;
      byT.set(t, row);
    });
  }
  return [...byT.values()].sort((a, b) => (a.t as number) - (b.t as number));
}

export function SeriesOverlay({ data, labels, view, onChange }: { data: CompareSeries; labels: Map<number, string>; view: CompareView; onChange: (patch: Partial<CompareView>) => void }) {
  const rows = overlayRows(data);
  // The choices: HAProxy's per-second series of the metric registry ("proxy|<sample key>").
  const choices = (useMetricRegistry()?.sample_series ?? [])
    .filter((s) => s.source === "haproxy")
    .map((s) => ({ value: `proxy|${s.sample_key}`, label: s.unit ? `${s.label} (${s.unit})` : s.label }));
  const choice = choices.find((c) => c.value === view.series);
  return (
    <ChartCard
      title={`Over time: ${choice?.label ?? view.series}`}
      name="compare-over-time"
      testId="series-chart"
      actions={
        <select aria-label="Series" value={view.series} onChange={(e) => onChange({ series: e.target.value })}>
          {!choice && <option value={view.series}>{view.series}</option>}
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="t" type="number" unit="s" domain={["dataMin", "dataMax"]} allowDecimals={false} />
          <YAxis width={72} />
          <Tooltip />
          {data.runs.length <= MAX_LEGEND && <Legend />}
          <ReferenceLine x={0} stroke="#9ca3af" strokeDasharray="4 4" />
          {data.runs.map((run, i) => (
            <Line key={run.run_id} dataKey={`r${run.run_id}`} name={labels.get(run.run_id) ?? `#${run.run_id}`} stroke={COLORS[i % COLORS.length]} dot={false} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
