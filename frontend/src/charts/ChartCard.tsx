// A chart in a card: title and controls ("Reset zoom" while zoomed), the unit above the plot, a
// plot of fixed height (no layout jump while data arrives), then an HTML legend (it wraps and
// scrolls instead of squeezing the plot) beside "Download PNG" / "Download SVG" of the chart
// with its title, runs, axis labels and legend.
//
// The card measures its plot box and hands the size to its child (a function of the size), and
// Recharts draws the chart at that fixed size. Recharts' ResponsiveContainer measured each chart
// after the page was painted (a passive effect), forcing a fresh layout of the whole page per
// chart (~55 ms of main thread on a 50-run Compare page) and drawing each chart a frame late.
// The plot box is a layout boundary (charts.css), so a chart redrawing itself lays out only itself.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from "react";

import { chartsOnPage, downloadChartPng, downloadChartSvg, type ChartExport, type LegendEntry } from "./exportChart";
import "./charts.css";

export const CHART_HEIGHT = 300;

export type ChartCardProps = {
  title: string;
  /** File name of the downloads, without extension. */
  name: string;
  testId: string;
  /** The y axis' quantity and unit, shown above the plot and in the exports. */
  yLabel?: string;
  xLabel?: string;
  /** For the exports: which runs the chart shows. */
  subtitle?: string;
  legend: readonly LegendEntry[];
  height?: number;
  actions?: ReactNode;
  footer?: ReactNode;
  /** Present while the chart is zoomed: the "Reset zoom" button calls it. */
  onResetZoom?: () => void;
  /** The chart, drawn at the plot box's size once it is laid out. */
  children: (size: PlotSize) => ReactNode;
};

/** The pixel size of a card's plot box: the Recharts chart's width and height. */
export type PlotSize = { width: number; height: number };

function useBoxSize(box: RefObject<HTMLElement | null>): PlotSize {
  const [size, setSize] = useState<PlotSize>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const update = (w: number, h: number) => {
      const [width, height] = [Math.floor(w), Math.floor(h)];
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
    };
    // Read once before the first paint, so the chart is drawn in the same frame as the page. In a
    // layout effect the page's layout is read once for every card of the commit (the first read
    // lays the page out, the others find it clean), never per chart after each draws.
    const first = element.getBoundingClientRect();
    update(first.width, first.height);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => update(entry.contentRect.width, entry.contentRect.height));
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  return size;
}

export function ChartCard({ title, name, testId, yLabel, xLabel, subtitle, legend, height = CHART_HEIGHT, actions, footer, onResetZoom, children }: ChartCardProps) {
  const plot = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const size = useBoxSize(plot);
  const info: ChartExport = { title, subtitle, yLabel, xLabel, legend };
  // Known to the page's HTML report (report/htmlReport.ts) while the card is shown.
  useEffect(() => {
    const box = plot.current;
    if (!box) return;
    chartsOnPage.set(box, { title, subtitle, yLabel, xLabel, legend });
    return () => void chartsOnPage.delete(box);
  }, [title, subtitle, yLabel, xLabel, legend]);
  const run = async (kind: "png" | "svg") => {
    setError(null);
    try {
      if (kind === "png") await downloadChartPng(plot.current!, info, `${name}.png`);
      else downloadChartSvg(plot.current!, info, `${name}.svg`);
    } catch (e) {
      setError(`Could not export the chart: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  return (
    <section className="card chart-card" data-testid={testId}>
      <div className="chart-head">
        <h2 className="chart-title">{title}</h2>
        <div className="chart-actions">
          {actions}
          {onResetZoom && (
            <button type="button" onClick={onResetZoom}>
              Reset zoom
            </button>
          )}
        </div>
      </div>
      {error && <p className="field-error">{error}</p>}
      {yLabel && <div className="chart-axis-label">{yLabel}</div>}
      <div ref={plot} className="chart-plot" style={{ height }}>
        {size.width > 0 && size.height > 0 && children(size)}
      </div>
      {xLabel && <div className="chart-axis-label chart-x-label">{xLabel}</div>}
      <div className="chart-foot">
        <ChartLegend entries={legend} />
        <div className="chart-downloads">
          <button type="button" onClick={() => void run("png")}>
            Download PNG
          </button>
          <button type="button" onClick={() => void run("svg")}>
            Download SVG
          </button>
        </div>
      </div>
      {footer}
    </section>
  );
}

export function ChartLegend({ entries }: { entries: readonly LegendEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <ul className={entries.length > 12 ? "chart-legend long" : "chart-legend"} aria-label="Legend">
      {entries.map((e) => (
        <li key={e.name}>
          <svg width="22" height="8" aria-hidden="true">
            <line x1="0" x2="22" y1="4" y2="4" stroke={e.color} strokeWidth="3" strokeDasharray={e.dash} />
          </svg>
          {e.name}
        </li>
      ))}
    </ul>
  );
}
