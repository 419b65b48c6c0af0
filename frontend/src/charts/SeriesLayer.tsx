// The lines of a chart as one plain SVG layer inside a Recharts chart: Recharts draws the axes,
// grid, reference lines, crosshair and tooltip; this layer draws each series as one <path> from
// the chart's own scales. Recharts' <Line> registers every series in its store and recomputes
// its selectors per line, which made 50 runs cost ~350 ms of main thread (docs/benchmarks.md,
// the Compare page); a path per series costs next to nothing. With no <Line>, the y domain is
// given (axes.ts valueScale) and the tooltip reads the rows itself (ChartTooltip `rows`). One invisible
// <Line> stays, because Recharts draws no y axis (and has no y scale) without a graphical item.
import { Line, useActiveTooltipLabel, useXAxisScale, useYAxisScale } from "recharts";

export type LayerSeries = {
  key: string;
  color: string;
  dash?: string;
  opacity?: number;
  width?: number;
  /** Keys of a range drawn as a faint band under the line (a downsampled bucket's min and max). */
  band?: { lo: string; hi: string };
};

type Row = Record<string, unknown>;

/** An SVG path through the finite values of `key`; a missing value breaks the line (a gap,
 * never a made-up zero). `x` and `y` map values to pixels. */
export function linePath(rows: readonly Row[], xKey: string, key: string, x: (v: number) => number | undefined, y: (v: number) => number | undefined): string {
  let d = "";
  let pen = false;
  for (const row of rows) {
    const xv = row[xKey];
    const yv = row[key];
    const px = typeof xv === "number" ? x(xv) : undefined;
    const py = typeof yv === "number" && Number.isFinite(yv) ? y(yv) : undefined;
    if (px === undefined || py === undefined || !Number.isFinite(px) || !Number.isFinite(py)) {
      pen = false;
      continue;
    }
    d += `${pen ? "L" : "M"}${px.toFixed(1)},${py.toFixed(1)}`;
    pen = true;
  }
  return d;
}

/** A closed SVG path around the rows' [lo, hi] ranges, one shape per stretch without gaps. */
export function bandPath(
  rows: readonly Row[],
  xKey: string,
  band: { lo: string; hi: string },
  x: (v: number) => number | undefined,
  y: (v: number) => number | undefined,
): string {
  let d = "";
  let stretch: { px: number; lo: number; hi: number }[] = [];
  const close = () => {
    if (stretch.length > 1) {
      d += stretch.map((p, i) => `${i ? "L" : "M"}${p.px.toFixed(1)},${p.hi.toFixed(1)}`).join("");
      d += stretch
        .reverse()
        .map((p) => `L${p.px.toFixed(1)},${p.lo.toFixed(1)}`)
        .join("");
      d += "Z";
    }
    stretch = [];
  };
  for (const row of rows) {
    const xv = row[xKey];
    const lo = row[band.lo];
    const hi = row[band.hi];
    const px = typeof xv === "number" ? x(xv) : undefined;
    const plo = typeof lo === "number" && Number.isFinite(lo) ? y(lo) : undefined;
    const phi = typeof hi === "number" && Number.isFinite(hi) ? y(hi) : undefined;
    if (px === undefined || plo === undefined || phi === undefined || !Number.isFinite(px) || !Number.isFinite(plo) || !Number.isFinite(phi)) {
      close();
      continue;
    }
    stretch.push({ px, lo: plo, hi: phi });
  }
  close();
  return d;
}

export function SeriesLayer(props: { rows: readonly Row[]; series: readonly LayerSeries[]; xKey: string; dots?: boolean }) {
  return (
    <>
      <Line dataKey={props.series[0]?.key ?? "none"} stroke="none" dot={false} activeDot={false} legendType="none" tooltipType="none" isAnimationActive={false} />
      <Paths {...props} />
    </>
  );
}

function Paths({ rows, series, xKey, dots = false }: { rows: readonly Row[]; series: readonly LayerSeries[]; xKey: string; dots?: boolean }) {
  const xScale = useXAxisScale();
  const yScale = useYAxisScale();
  const active = useActiveTooltipLabel();
  if (!xScale || !yScale) return null;
  const x = (v: number) => xScale(v);
  const y = (v: number) => yScale(v);
  const activeRow = active == null ? undefined : rows.find((r) => String(r[xKey]) === String(active));
  const point = (row: Row, s: LayerSeries) => {
    const px = x(row[xKey] as number);
    const v = row[s.key];
    const py = typeof v === "number" ? y(v) : undefined;
    return px === undefined || py === undefined ? null : { px, py };
  };
  return (
    <g className="chart-lines">
      {series.map(
        (s) =>
          s.band && <path key={`${s.key}-band`} className="chart-band" d={bandPath(rows, xKey, s.band, x, y)} fill={s.color} fillOpacity={0.15} stroke="none" />,
      )}
      {series.map((s) => (
        <path
          key={s.key}
          className="chart-line"
          d={linePath(rows, xKey, s.key, x, y)}
          fill="none"
          stroke={s.color}
          strokeWidth={s.width ?? 1.5}
          strokeOpacity={s.opacity}
          strokeDasharray={s.dash}
          strokeLinejoin="round"
        />
      ))}
      {dots &&
        series.flatMap((s) =>
          rows.map((row, i) => {
            const p = point(row, s);
            return p && <circle key={`${s.key}-${i}`} className="chart-dot" cx={p.px} cy={p.py} r={2.5} fill={s.color} />;
          }),
        )}
      {activeRow &&
        series
          .filter((s) => s.opacity == null)
          .map((s) => {
            const p = point(activeRow, s);
            return p && <circle key={s.key} className="chart-active-dot" cx={p.px} cy={p.py} r={3.5} fill={s.color} />;
          })}
    </g>
  );
}
