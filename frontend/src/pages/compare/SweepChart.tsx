// (a) A metric against the swept parameter, line or bars, with the repetitions' spread as
// error bars: only where there are repetitions, and the chart says how many runs each point is
// the mean of ("one run per point: no error bars"). The data table under it is the chart's exact
// numbers (and what the CSV holds).
import { memo, useMemo } from "react";
import { Bar, BarChart, CartesianGrid, ErrorBar, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";

import { UNWRAPPED_TICK, valueAxis, valueScale, verticalLinesAtTicks } from "../../charts/axes";
import { ChartCard, type PlotSize } from "../../charts/ChartCard";
import { ChartTooltip } from "../../charts/ChartTooltip";
import { sortNatural } from "../../charts/naturalSort";
import { assignColors } from "../../charts/palette";
import type { ComparePoint } from "../../client/types.gen";
import { metricHeading, runMetric, useMetricRegistry } from "../../metrics/useMetricRegistry";
import type { CompareView } from "./compareParams";
import { downloadCsv } from "./csv";
import { runListText } from "./runs";
import { hasRepetitions, spreadNote, sweepCsv, sweepData } from "./sweepData";
import { TableScroll } from "../../components/TableScroll";

export const SweepChart = memo(function SweepChart({ points, param, view, onChange }: { points: ComparePoint[]; param: string; view: CompareView; onChange: (patch: Partial<CompareView>) => void }) {
  const registry = useMetricRegistry();
  const data = useMemo(() => sweepData(points, param, view.metric, view.spread), [points, param, view.metric, view.spread]);
  // Error bars only where there are repetitions; the chart says n either way.
  const repeated = hasRepetitions(points, view.metric);
  const note = spreadNote(points, view.metric, view.spread);
  const csv = useMemo(() => sweepCsv(data, param, view.metric), [data, param, view.metric]);
  // A line per combination of the other swept values, coloured by its label on every visit.
  const colors = useMemo(() => assignColors(data.series.map((s) => s.label)), [data.series]);
  const heading = metricHeading(registry, view.metric);
  // A lone series is labelled with the metric's key by sweepData: people read its name instead.
  const series = sortNatural(data.series, (s) => s.label).map((s) => ({ ...s, name: s.label === view.metric ? heading : s.label, color: colors.get(s.label)! }));
  const unit = runMetric(registry, view.metric)?.unit ?? "";
  const paramLabel = param.split(".").pop() ?? param;
  // A number x axis gets its vertical lines at its ticks without Recharts measuring the labels.
  const grid = <CartesianGrid strokeDasharray="3 3" verticalCoordinatesGenerator={data.numeric && view.chart !== "bar" ? verticalLinesAtTicks : undefined} />;
  // The axis reaches the top of the highest error bar.
  const y = useMemo(() => {
    const tops = data.rows.flatMap((row) =>
      data.series.map((s) => {
        const mean = row[s.key];
        const err = row[`${s.key}_err`] as [number, number] | undefined;
        return { v: typeof mean === "number" ? mean + (err?.[1] ?? 0) : null };
      }),
    );
    return valueScale(tops, ["v"]);
  }, [data]);
  const yAxis = <YAxis {...valueAxis(y, unit)} />;
  const tooltip = <Tooltip content={(p) => <ChartTooltip active={p.active} label={p.label} rows={data.rows} xKey="x" series={series} unit={unit} xLabel={(x) => `${paramLabel} ${x}`} />} isAnimationActive={false} />;
  const margin = { top: 8, right: 16, bottom: 0, left: 0 };
  const chart = ({ width, height }: PlotSize) =>
    view.chart === "bar" ? (
      <BarChart width={width} height={height} data={data.rows} margin={margin}>
        {grid}
        <XAxis tick={UNWRAPPED_TICK} dataKey="x" type="category" />
        {yAxis}
        {tooltip}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} isAnimationActive={false}>
            {repeated && <ErrorBar dataKey={`${s.key}_err`} width={6} stroke={s.color} />}
          </Bar>
        ))}
      </BarChart>
    ) : (
      <LineChart width={width} height={height} data={data.rows} margin={margin}>
        {grid}
        {data.numeric ? <XAxis tick={UNWRAPPED_TICK} dataKey="x" type="number" domain={["auto", "auto"]} interval={0} name={param} /> : <XAxis tick={UNWRAPPED_TICK} dataKey="x" type="category" name={param} />}
        {yAxis}
        {tooltip}
        {series.map((s) => (
          <Line key={s.key} dataKey={s.key} name={s.name} stroke={s.color} isAnimationActive={false}>
            {repeated && <ErrorBar dataKey={`${s.key}_err`} width={6} stroke={s.color} />}
          </Line>
        ))}
      </LineChart>
    );
  return (
    <ChartCard
      title={`${heading} vs ${param}`}
      name={`compare-${view.metric}-vs-${param}`}
      testId="sweep-chart"
      subtitle={runListText(points.flatMap((p) => p.run_ids))}
      yLabel={heading}
      xLabel={param}
      legend={series}
      actions={
        <>
          <select aria-label="Chart type" value={view.chart} onChange={(e) => onChange({ chart: e.target.value as CompareView["chart"] })}>
            <option value="line">Line</option>
            <option value="bar">Bars</option>
          </select>
          {repeated && (
            <select aria-label="Error bars" value={view.spread} onChange={(e) => onChange({ spread: e.target.value as CompareView["spread"] })}>
              <option value="ci">Error bars: 95% confidence interval</option>
              <option value="minmax">Error bars: min–max</option>
              <option value="stddev">Error bars: ± stddev</option>
            </select>
          )}
          <button type="button" onClick={() => downloadCsv(csv, `compare-${view.metric}-vs-${param}.csv`)}>
            Chart CSV
          </button>
        </>
      }
      footer={
        <>
          {note && (
            <p className="small muted" data-testid="sweep-spread">
              {note}
            </p>
          )}
          <details>
            <summary>Data</summary>
            <TableScroll label="Chart data">
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
            </TableScroll>
          </details>
        </>
      }
    >
      {chart}
    </ChartCard>
  );
});
