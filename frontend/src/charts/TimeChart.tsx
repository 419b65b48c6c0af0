// A line chart over the seconds of a run (t = 0 at load start, warm-up negative), the kit's main
// chart: the group's crosshair and tooltip (syncId), drag to zoom on the x axis, the optional
// 5 s average drawn over the faint raw series, reference lines with labels that do not collide,
// compact ticks with their unit, and axis and grid colours from the theme (charts.css).
import { memo, useMemo, useState } from "react";
import { CartesianGrid, LineChart, ReferenceArea, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";

import { givenTicks, timeTicks, valueAxis, valueScale, verticalLinesAtTicks } from "./axes";
import { ChartCard, type ChartCardProps, type PlotSize } from "./ChartCard";
import { useChartGroup } from "./ChartGroup";
import { ChartTooltip, type TooltipSeries } from "./ChartTooltip";
import type { LegendEntry } from "./exportChart";
import { placeReferenceLabels, type ReferenceMark } from "./referenceLines";
import { SeriesLayer, type LayerSeries } from "./SeriesLayer";
import { movingAverage, smoothedKey, SMOOTH_WINDOW_S } from "./smoothing";
import { rowsInRange, zoomRange } from "./zoom";

export type TimeRow = { t: number } & Record<string, number | null>;

export type TimeSeries = {
  key: string;
  name: string;
  color: string;
  dash?: string;
  /** Targets (the load asked for) are drawn as given, never averaged. */
  smoothable?: boolean;
  /** Drawn and in the tooltip, but left out of the legend (e.g. one asked line per run). */
  inLegend?: boolean;
  /** Row keys of a range drawn as a faint band under the line (a downsampled bucket's min, max). */
  band?: { lo: string; hi: string };
};

type Props = Omit<ChartCardProps, "legend" | "onResetZoom" | "children" | "xLabel"> & {
  rows: readonly TimeRow[];
  series: readonly TimeSeries[];
  /** The registry unit of the y values: ticks and tooltip format with it. */
  unit: string;
  marks?: readonly ReferenceMark[];
  /** Vertical marks on the time axis (a staged load's stage starts), each with its label. */
  boundaries?: readonly TimeBoundary[];
};

export type TimeBoundary = { x: number; label: string };

const X_LABEL = "Seconds since load start (warm-up is negative)";
const NO_MARKS: readonly ReferenceMark[] = [];
const NO_BOUNDARIES: readonly TimeBoundary[] = [];
const seconds = (t: number | string) => `${t} s`;
const TIME_TICK_SPACING = 64; // px per x tick

export function TimeChart({ rows, series, unit, marks = NO_MARKS, boundaries = NO_BOUNDARIES, ...card }: Props) {
  const group = useChartGroup();
  const smooth = group.smooth;
  const smoothKeys = useMemo(() => (smooth ? series.filter((s) => s.smoothable !== false).map((s) => s.key) : []), [smooth, series]);
  // Average over every row first, then cut to the zoom, so the first visible point has its window.
  const averaged = useMemo(() => (smoothKeys.length ? movingAverage(rows, smoothKeys) : rows), [rows, smoothKeys]);
  const zoom = group.zoom;
  const data = useMemo(() => rowsInRange(averaged, zoom), [averaged, zoom]);
  const legend: LegendEntry[] = series.filter((s) => s.inLegend !== false).map((s) => ({ name: s.name, color: s.color, dash: s.dash }));
  return (
    <ChartCard
      {...card}
      subtitle={smoothKeys.length ? [card.subtitle, `solid: ${SMOOTH_WINDOW_S} s moving average, faint: each second`].filter(Boolean).join(" · ") : card.subtitle}
      xLabel={X_LABEL}
      legend={legend}
      onResetZoom={zoom && zoom.by === card.testId ? () => group.setZoom(null) : undefined}
      footer={
        <>
          {smoothKeys.length > 0 && <p className="muted small">Solid: {SMOOTH_WINDOW_S} s moving average; faint: each second.</p>}
          {card.footer}
        </>
      }
    >
      {(size) => <Plot size={size} data={data} series={series} smoothKeys={smoothKeys} unit={unit} marks={marks} boundaries={boundaries} chartId={card.testId} syncId={group.syncId} onZoom={group.setZoom} />}
    </ChartCard>
  );
}

type PlotProps = {
  size: PlotSize;
  data: readonly TimeRow[];
  series: readonly TimeSeries[];
  smoothKeys: readonly string[];
  unit: string;
  marks: readonly ReferenceMark[];
  boundaries: readonly TimeBoundary[];
  chartId: string;
  syncId: string;
  onZoom: (zoom: { from: number; to: number; by: string }) => void;
};

// Memoized: the card's buttons and the parent's re-renders do not redraw the SVG; only new data,
// a zoom or the drag selection do.
const Plot = memo(function Plot({ size, data, series, smoothKeys, unit, marks, boundaries, chartId, syncId, onZoom }: PlotProps) {
  const [drag, setDrag] = useState<{ from: number | string; to: number | string } | null>(null);
  // What is drawn: each series, or with smoothing its faint raw line under its solid average.
  const { lines, shown } = useMemo(() => {
    const smoothed = new Set(smoothKeys);
    const lines: LayerSeries[] = [];
    const shown: TooltipSeries[] = [];
    for (const s of series) {
      if (smoothed.has(s.key)) {
        lines.push({ key: s.key, color: s.color, opacity: 0.3, width: 1, band: s.band }, { key: smoothedKey(s.key), color: s.color, dash: s.dash, width: 2 });
        shown.push({ key: smoothedKey(s.key), name: `${s.name} (${SMOOTH_WINDOW_S} s avg)`, color: s.color }, { key: s.key, name: `${s.name} (each second)`, color: s.color });
      } else {
        lines.push({ key: s.key, color: s.color, dash: s.dash, band: s.band });
        shown.push(s);
      }
    }
    return { lines, shown };
  }, [series, smoothKeys]);
  const y = useMemo(
    () =>
      valueScale(
        data,
        lines.flatMap((l) => (l.band ? [l.key, l.band.lo, l.band.hi] : [l.key])),
        marks.map((m) => m.y),
      ),
    [data, lines, marks],
  );
  // As many round-second ticks as the width holds (a label is at most ~6 characters, "1800 s"),
  // all drawn (interval 0): Recharts then measures no label text to drop colliding ones.
  const maxTicks = Math.max(2, Math.min(7, Math.floor(size.width / TIME_TICK_SPACING)));
  const ticks = useMemo(() => (data.length ? timeTicks(data[0].t, data[data.length - 1].t, maxTicks) : []), [data, maxTicks]);
  const endDrag = () => {
    const range = drag && zoomRange(drag.from, drag.to);
    if (range) onZoom({ ...range, by: chartId });
    setDrag(null);
  };
  return (
    <LineChart
      width={size.width}
      height={size.height}
      data={data}
      syncId={syncId}
      syncMethod="value"
      margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
      className="chart-zoomable"
      onMouseDown={(state) => state.activeLabel != null && setDrag({ from: state.activeLabel, to: state.activeLabel })}
      onMouseMove={(state) => drag && state.activeLabel != null && state.activeLabel !== drag.to && setDrag({ ...drag, to: state.activeLabel })}
      onMouseUp={endDrag}
      onMouseLeave={() => setDrag(null)}
    >
      <CartesianGrid strokeDasharray="3 3" verticalCoordinatesGenerator={verticalLinesAtTicks} />
      <XAxis dataKey="t" type="number" domain={["dataMin", "dataMax"]} {...givenTicks(ticks)} allowDecimals={false} tickFormatter={seconds} />
      <YAxis {...valueAxis(y, unit)} />
      <Tooltip content={(p) => <ChartTooltip active={p.active} label={p.label} rows={data} xKey="t" series={shown} unit={unit} xLabel={seconds} />} isAnimationActive={false} />
      {data.length > 0 && data[0].t < 0 && <ReferenceLine x={0} strokeDasharray="4 4" label={{ value: "load start", position: "insideTopLeft", className: "chart-ref-label" }} />}
      {data.length > 0 &&
        boundaries
          .filter((b) => b.x >= data[0].t && b.x <= data[data.length - 1].t)
          .map((b) => <ReferenceLine key={`x${b.x}`} x={b.x} className="chart-boundary" strokeDasharray="6 3" label={{ value: b.label, position: "insideBottomLeft", className: "chart-ref-label" }} />)}
      {placeReferenceLabels(marks).map((m) => (
        <ReferenceLine key={m.label} y={m.y} strokeDasharray="2 4" label={{ value: m.label, position: m.position, className: "chart-ref-label" }} />
      ))}
      <SeriesLayer rows={data} series={lines} xKey="t" />
      {drag && drag.from !== drag.to && <ReferenceArea x1={Number(drag.from)} x2={Number(drag.to)} className="chart-zoom-selection" />}
    </LineChart>
  );
});
