// (c) Latency percentile spectrum of each run, 50 .. 99.99, on a log axis of 1 / (1 - p): each
// "nine" gets the same width, the way HdrHistogram plots tails.
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import type { CompareSpectra } from "../../client/types.gen";
import { ChartCard, COLORS, MAX_LEGEND } from "./ChartCard";

/** 50 -> 0.30, 90 -> 1, 99 -> 2, 99.9 -> 3, 99.99 -> 4. */
export const nines = (p: number) => -Math.log10(1 - p / 100);
const TICKS = [50, 90, 99, 99.9, 99.99];

export function SpectrumChart({ data, labels }: { data: CompareSpectra; labels: Map<number, string> }) {
  const byX = new Map<number, Record<string, number>>();
  for (const run of data.runs) {
    for (const [p, ms] of run.points) {
      const x = Number(nines(p).toFixed(6));
      const row = byX.get(x) ?? { x, p };
      row[`r${run.run_id}`] = ms;
      byX.set(x, row);
    }
  }
  const rows = [...byX.values()].sort((a, b) => a.x - b.x);
  const coarse = data.runs.filter((r) => r.source === "percentiles").map((r) => labels.get(r.run_id) ?? `#${r.run_id}`);
  const missing = data.runs.filter((r) => r.source === "none").length;
  return (
    <ChartCard
      title="Latency percentile spectrum (ms)"
      name="compare-latency-spectrum"
      testId="spectrum-chart"
      footer={
        (coarse.length > 0 || missing > 0) && (
          <p className="muted small">
            {coarse.length > 0 && `No histogram from the load tool (e.g. hey) for ${coarse.join(", ")}: only p50/p90/p99/p99.9 are plotted. `}
            {missing > 0 && `${missing} run(s) have no latency (not finished or nothing succeeded).`}
          </p>
        )
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="x" type="number" domain={[nines(50), nines(99.99)]} ticks={TICKS.map(nines)} tickFormatter={(x: number) => `p${TICKS.find((p) => Math.abs(nines(p) - x) < 1e-6) ?? ""}`} />
          <YAxis width={72} unit="ms" />
          <Tooltip labelFormatter={(x) => `p${(100 * (1 - 10 ** -Number(x))).toPrecision(6).replace(/\.?0+$/, "")}`} />
          {data.runs.length <= MAX_LEGEND && <Legend />}
          {data.runs.map((run, i) => (
            <Line key={run.run_id} dataKey={`r${run.run_id}`} name={labels.get(run.run_id) ?? `#${run.run_id}`} stroke={COLORS[i % COLORS.length]} connectNulls isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
