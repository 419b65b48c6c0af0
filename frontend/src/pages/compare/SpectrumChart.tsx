// (c) Latency percentile spectrum of each run, 50 .. 99.99, on a log axis of 1 / (1 - p): each
// "nine" gets the same width, the way HdrHistogram plots tails.
import { memo, useMemo } from "react";
import { CartesianGrid, LineChart, Tooltip, XAxis, YAxis } from "recharts";

import { ChartCard } from "../../charts/ChartCard";
import { ChartTooltip } from "../../charts/ChartTooltip";
import { givenTicks, valueAxis, valueScale, verticalLinesAtTicks } from "../../charts/axes";
import { SeriesLayer } from "../../charts/SeriesLayer";
import type { CompareSpectra } from "../../client/types.gen";
import { runLabel, runListText, runSeries, type RunStyle } from "./runs";

/** 50 -> 0.30, 90 -> 1, 99 -> 2, 99.9 -> 3, 99.99 -> 4. */
export const nines = (p: number) => -Math.log10(1 - p / 100);
const TICKS = [50, 90, 99, 99.9, 99.99];
// The right margin leaves room for the last label ("p99.99", centred on the plot's edge).
const MARGIN = { top: 8, right: 24, bottom: 0, left: 0 };
// Dots mark the measured percentiles; past a few runs they would hide the lines.
const MAX_DOTTED_RUNS = 8;

const percentileOf = (x: number | string) => `p${(100 * (1 - 10 ** -Number(x))).toPrecision(6).replace(/\.?0+$/, "")}`;

export const SpectrumChart = memo(function SpectrumChart({ data, runs }: { data: CompareSpectra; runs: RunStyle }) {
  const rows = useMemo(() => {
    const byX = new Map<number, Record<string, number>>();
    for (const run of data.runs) {
      for (const [p, ms] of run.points) {
        const x = Number(nines(p).toFixed(6));
        const row = byX.get(x) ?? { x, p };
        row[`r${run.run_id}`] = ms;
        byX.set(x, row);
      }
    }
    return [...byX.values()].sort((a, b) => a.x - b.x);
  }, [data]);
  const ids = data.runs.map((r) => r.run_id);
  const series = useMemo(() => runSeries(data.runs.map((r) => r.run_id), runs), [data, runs]);
  const y = useMemo(() => valueScale(rows, series.map((s) => s.key)), [rows, series]);
  const coarse = data.runs.filter((r) => r.source === "percentiles").map((r) => runLabel(runs, r.run_id));
  const missing = data.runs.filter((r) => r.source === "none").length;
  const dots = ids.length <= MAX_DOTTED_RUNS;
  return (
    <ChartCard
      title="Latency percentile spectrum"
      name="compare-latency-spectrum"
      testId="spectrum-chart"
      subtitle={runListText(ids)}
      yLabel="Latency (ms)"
      xLabel="Percentile (each nine gets the same width)"
      legend={series}
      footer={
        (coarse.length > 0 || missing > 0) && (
          <p className="muted small">
            {coarse.length > 0 && `No histogram from the load tool (e.g. hey) for ${coarse.join(", ")}: only p50/p90/p99/p99.9 are plotted. `}
            {missing > 0 && `${missing} run(s) have no latency (not finished or nothing succeeded).`}
          </p>
        )
      }
    >
      {({ width, height }) => (
        <LineChart width={width} height={height} data={rows} margin={MARGIN}>
          <CartesianGrid strokeDasharray="3 3" verticalCoordinatesGenerator={verticalLinesAtTicks} />
          <XAxis dataKey="x" type="number" domain={[nines(50), nines(99.99)]} {...givenTicks(TICKS.map(nines))} tickFormatter={percentileOf} />
          <YAxis {...valueAxis(y, "ms")} />
          <Tooltip content={(p) => <ChartTooltip active={p.active} label={p.label} rows={rows} xKey="x" series={series} unit="ms" xLabel={percentileOf} />} isAnimationActive={false} />
          <SeriesLayer rows={rows} series={series} xKey="x" dots={dots} />
        </LineChart>
      )}
    </ChartCard>
  );
});
