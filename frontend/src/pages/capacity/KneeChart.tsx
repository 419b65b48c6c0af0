// The knee curve: each sweep point's capacity (the mean over its searches, with the 95% interval
// as error bars) against the swept parameter, the safe operating point as a dashed line, and each
// probe as a dot at (point, probed value): green pass, red fail (a cross), grey inconclusive (a
// diamond), so the colours are not the only cue. A dot opens its run. The data table under it is
// the chart's exact numbers, for those who cannot or would rather not read the picture.
import { memo, useMemo } from "react";
import { useNavigate } from "react-router";
import { CartesianGrid, ComposedChart, ErrorBar, Line, Scatter, Tooltip, XAxis, YAxis } from "recharts";

import { UNWRAPPED_TICK, valueAxis, valueScale } from "../../charts/axes";
import { ChartCard, type PlotSize } from "../../charts/ChartCard";
import type { LegendEntry } from "../../charts/exportChart";
import { ERROR_TONES, PALETTE, SUCCESS } from "../../charts/palette";
import type { LaunchCapacity } from "../../client/types.gen";
import { TableScroll } from "../../components/TableScroll";
import { decimal } from "../../format/units";
import { amount, kneeData, ruleText, type KneeData, type ProbeDot, type ProbeResult } from "./capacity";

const CAPACITY_COLOR = PALETTE[0];
const SAFE_COLOR = PALETTE[5];
export const RESULT_STYLE: Record<ProbeResult, { color: string; shape: "circle" | "cross" | "diamond" | "triangle"; name: string }> = {
  pass: { color: SUCCESS, shape: "circle", name: "probe passed" },
  fail: { color: ERROR_TONES[0], shape: "cross", name: "probe failed" },
  inconclusive: { color: PALETTE[9], shape: "diamond", name: "probe inconclusive" },
  running: { color: PALETTE[6], shape: "triangle", name: "probe running" },
};
const RESULTS: ProbeResult[] = ["pass", "fail", "inconclusive", "running"];
const MAX_TOOLTIP_PROBES = 10;

/** The x axis: the swept values (a log scale when they span a decade or more), or the points' labels. */
function xAxisProps(data: KneeData) {
  const xs = data.rows.map((r) => r.x);
  if (!data.axis.numeric) {
    const labels = new Map(data.rows.map((r) => [r.x, r.label]));
    return { type: "number", domain: [-0.5, xs.length - 0.5], ticks: xs, tickFormatter: (x: number) => labels.get(x) ?? "" } as const;
  }
  const [lo, hi] = [Math.min(...xs), Math.max(...xs)];
  const log = lo > 0 && hi / lo >= 10;
  const pad = log ? 1.25 : Math.max((hi - lo) * 0.06, 1);
  return {
    type: "number",
    scale: log ? "log" : "linear",
    domain: log ? [lo / pad, hi * pad] : [lo - pad, hi + pad],
    ticks: xs,
    tickFormatter: (x: number) => decimal(x, 2),
  } as const;
}

/** The point under the pointer: its capacity, then the probes nearest it, low to high. */
function KneeTooltip({ active, x, data, unit }: { active?: boolean; x: unknown; data: KneeData; unit: string }) {
  const row = active ? data.rows.find((r) => r.x === Number(x)) : undefined;
  if (!row) return null;
  const probes = data.dots.filter((d) => d.x === row.x).sort((a, b) => a.value - b.value);
  // The probes nearest the capacity (the knee is where they tell most), else the highest ones.
  const around = row.capacity ?? Math.max(...probes.map((d) => d.value));
  const shown = [...probes]
    .sort((a, b) => Math.abs(a.value - around) - Math.abs(b.value - around))
    .slice(0, MAX_TOOLTIP_PROBES)
    .sort((a, b) => a.value - b.value);
  return (
    <div className="chart-tooltip">
      <div className="chart-tooltip-label">{row.label}</div>
      <div>
        {row.capacity == null ? (
          "no capacity (see its answer above the chart)"
        ) : (
          <>
            capacity {amount(row.capacity, unit)}
            {row.ciLow != null && row.ciHigh != null && ` (95% ${decimal(row.ciLow, 0)}–${decimal(row.ciHigh, 0)})`}
            {row.safe != null && `, safe ${amount(row.safe, unit)}`}
          </>
        )}
      </div>
      {shown.length > 0 && (
        <ul>
          {shown.map((d, i) => (
            <li key={`${d.runId}-${i}`}>
              <span className="chart-swatch" style={{ background: RESULT_STYLE[d.result].color }} aria-hidden="true" />
              <span>
                {d.order}: {d.result}
              </span>
              <span className="num">{amount(d.value, unit)}</span>
            </li>
          ))}
        </ul>
      )}
      {probes.length > shown.length && <div className="muted">and {probes.length - shown.length} more probes (in the table below)</div>}
    </div>
  );
}

export const KneeChart = memo(function KneeChart({ capacity, launchId }: { capacity: LaunchCapacity; launchId: number }) {
  const navigate = useNavigate();
  const data = useMemo(() => kneeData(capacity), [capacity]);
  const unit = capacity.unit;
  const y = useMemo(
    () => valueScale([...data.rows.map((r) => ({ v: r.ciHigh ?? r.capacity })), ...data.dots.map((d) => ({ v: d.value }))], ["v"]),
    [data],
  );
  const byResult = useMemo(() => Object.fromEntries(RESULTS.map((r) => [r, data.dots.filter((d) => d.result === r)])) as Record<ProbeResult, ProbeDot[]>, [data]);
  const hasSafe = data.rows.some((r) => r.safe != null);
  const hasInterval = data.rows.some((r) => r.ci != null);
  const legend: LegendEntry[] = [
    ...(data.rows.some((r) => r.capacity != null) ? [{ name: hasInterval ? "capacity (mean, 95% interval)" : "capacity", color: CAPACITY_COLOR }] : []),
    ...(hasSafe ? [{ name: "safe operating point", color: SAFE_COLOR, dash: "6 3" }] : []),
    ...RESULTS.filter((r) => byResult[r].length > 0).map((r) => ({ name: RESULT_STYLE[r].name, color: RESULT_STYLE[r].color })),
  ];
  const yLabel = `${capacity.search.vary === "load.rate" ? "Rate" : "Connections"} (${unit})`;
  const chart = ({ width, height }: PlotSize) => (
    <ComposedChart width={width} height={height} data={data.rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="x" tick={UNWRAPPED_TICK} interval={0} allowDuplicatedCategory={false} {...xAxisProps(data)} />
      <YAxis {...valueAxis(y, unit === "req/s" ? "req/s" : "")} />
      <Tooltip content={(p) => <KneeTooltip active={p.active} x={p.label} data={data} unit={unit} />} isAnimationActive={false} />
      {RESULTS.filter((r) => byResult[r].length > 0).map((r) => (
        <Scatter
          key={r}
          name={RESULT_STYLE[r].name}
          data={byResult[r]}
          dataKey="value"
          fill={RESULT_STYLE[r].color}
          shape={RESULT_STYLE[r].shape}
          isAnimationActive={false}
          cursor="pointer"
          onClick={(point) => {
            const dot = (point as { payload?: ProbeDot }).payload;
            if (dot) void navigate(`/runs/${dot.runId}`);
          }}
        />
      ))}
      {/* Drawn over the probes (the answer stays in sight), letting the pointer through to them. */}
      <Line dataKey="capacity" name="capacity" stroke={CAPACITY_COLOR} strokeWidth={2} isAnimationActive={false} connectNulls={false} dot={{ r: 5, fill: CAPACITY_COLOR, stroke: "var(--surface)", strokeWidth: 1.5, pointerEvents: "none" }} activeDot={false} pointerEvents="none">
        {hasInterval && <ErrorBar dataKey="ci" width={8} stroke={CAPACITY_COLOR} />}
      </Line>
      {hasSafe && <Line dataKey="safe" name="safe operating point" stroke={SAFE_COLOR} strokeDasharray="6 3" isAnimationActive={false} connectNulls={false} dot={{ r: 3, fill: SAFE_COLOR, stroke: SAFE_COLOR, pointerEvents: "none" }} activeDot={false} pointerEvents="none" />}
    </ComposedChart>
  );
  return (
    <ChartCard
      title={`Capacity vs ${data.axis.label}`}
      name={`launch-${launchId}-capacity`}
      testId="knee-chart"
      subtitle={`Launch ${launchId}: objective ${capacity.search.objective.map(ruleText).join(", ")}`}
      yLabel={yLabel}
      xLabel={data.axis.label}
      legend={legend}
      footer={
        <details>
          <summary>Data</summary>
          <TableScroll label="Knee curve data">
            <table className="table small" data-testid="knee-data">
              <caption className="visually-hidden">Capacity per sweep point</caption>
              <thead>
                <tr>
                  <th scope="col">Point</th>
                  <th scope="col" className="num">capacity ({unit})</th>
                  <th scope="col" className="num">95% low</th>
                  <th scope="col" className="num">95% high</th>
                  <th scope="col" className="num">safe ({unit})</th>
                  <th scope="col" className="num">probes (pass / fail / inconclusive)</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => {
                  const dots = data.dots.filter((d) => d.x === row.x);
                  const count = (r: ProbeResult) => dots.filter((d) => d.result === r).length;
                  return (
                    <tr key={row.pointIndex}>
                      <th scope="row">{row.label}</th>
                      <td className="num">{row.capacity == null ? "—" : decimal(row.capacity, 1)}</td>
                      <td className="num">{row.ciLow == null ? "—" : decimal(row.ciLow, 1)}</td>
                      <td className="num">{row.ciHigh == null ? "—" : decimal(row.ciHigh, 1)}</td>
                      <td className="num">{row.safe == null ? "—" : decimal(row.safe, 1)}</td>
                      <td className="num">
                        {count("pass")} / {count("fail")} / {count("inconclusive")}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        </details>
      }
    >
      {chart}
    </ChartCard>
  );
});

