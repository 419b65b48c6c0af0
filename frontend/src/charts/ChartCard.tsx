// A chart in a card: title and controls ("Reset zoom" while zoomed), the unit above the plot, a
// plot of fixed height (no layout jump while data arrives), then an HTML legend (it wraps and
// scrolls instead of squeezing the plot) beside "Download PNG" / "Download SVG" of the chart
// with its title, runs, axis labels and legend.
import { useRef, useState, type ReactNode } from "react";

import { downloadChartPng, downloadChartSvg, type ChartExport, type LegendEntry } from "./exportChart";
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
  children: ReactNode;
};

export function ChartCard({ title, name, testId, yLabel, xLabel, subtitle, legend, height = CHART_HEIGHT, actions, footer, onResetZoom, children }: ChartCardProps) {
  const plot = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const info: ChartExport = { title, subtitle, yLabel, xLabel, legend };
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
        {children}
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
