// (a) A metric against the swept parameter, line or bars, with the repetitions' spread as
// error bars. The data table under it is the chart's exact numbers (and what the CSV holds).
import { Bar, BarChart, CartesianGrid, ErrorBar, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import type { ComparePoint } from "../../client/types.gen";
import { ChartCard, COLORS } from "./ChartCard";
import type { CompareView } from "./compareParams";
import { downloadCsv } from "./csv";
import { sweepCsv, sweepData } from "./sweepData";
import { metricHeading, useMetricRegistry } from "../../metrics/useMetricRegistry";

export function SweepChart({ points, param, view, onChange }: { points: ComparePoint[]; param: string; view: CompareView; onChange: (patch: Partial<CompareView>) => void }) {
  const registry = useMetricRegistry();
  const data = sweepData(points, param, view.metric, view.spread);
  const csv = sweepCsv(data, param, view.metric);
  const xAxis = data.numeric ? <XAxis dataKey="x" type="number" domain={["auto", "auto"]} name={param} /> : <XAxis dataKey="x" type="category" name={param} />;
  const chart =
    view.chart === "bar" ? (
      <BarChart data={data.rows}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
        <XAxis dataKey="x" type="category" />
        <YAxis width={72} />
        <Tooltip />
        <Legend />
        {data.series.map((s, i) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={COLORS[i % COLORS.length]} isAnimationActive={false}>
            <ErrorBar dataKey={`${s.key}_err`} width={6} stroke="#111827" />
          </Bar>
        ))}
      </BarChart>
    ) : (
      <LineChart data={data.rows}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
        {xAxis}
        <YAxis width={72} />
        <Tooltip />
        <Legend />
        {data.series.map((s, i) => (
          <Line key={s.key} dataKey={s.key} name={s.label} stroke={COLORS[i % COLORS.length]} isAnimationActive={false}>
            <ErrorBar dataKey={`${s.key}_err`} width={6} stroke={COLORS[i % COLORS.length]} />
          </Line>
        ))}
      </LineChart>
    );
  return (
    <ChartCard
      title={`${metricHeading(registry, view.metric)} vs ${param}`}
      name={`compare-${view.metric}-vs-${param}`}
      testId="sweep-chart"
      actions={
        <>
          <select aria-label="Chart type" value={view.chart} onChange={(e) => onChange({ chart: e.target.value as CompareView["chart"] })}>
            <option value="line">Line</option>
            <option value="bar">Bars</option>
          </select>
          <select aria-label="Error bars" value={view.spread} onChange={(e) => onChange({ spread: e.target.value as CompareView["spread"] })}>
            <option value="ci">Error bars: 95% confidence interval</option>
            <option value="minmax">Error bars: min–max</option>
            <option value="stddev">Error bars: ± stddev</option>
          </select>
          <button type="button" onClick={() => downloadCsv(csv, `compare-${view.metric}-vs-${param}.csv`)}>
            Chart CSV
          </button>
        </>
      }
      footer={
        <details>
          <summary>Data</summary>
          <table className="table small" data-testid="sweep-data">
            <thead>
              <tr>{csv[0].map((h, i) => <th key={i}>{h}</th>)}</tr>
            </thead>
            <tbody>
              {csv.slice(1).map((row, i) => (
                <tr key={i}>
                  {row.map((v, j) => (
                    <td key={j} className="num">
                      {typeof v === "number" ? Number(v.toFixed(3)) : v}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        {chart}
      </ResponsiveContainer>
    </ChartCard>
  );
}
