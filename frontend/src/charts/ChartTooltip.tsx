// The tooltip of every chart: the x value, then each series' value there with its unit, in
// natural order of names (as the legend), without the empty ones, and at most MAX_ROWS of them
// (50 runs would not fit a chart; the rest are counted). It reads the chart's rows itself, so it
// works for lines drawn by SeriesLayer as well as by Recharts.
import { quantity } from "../format/units";
import { naturalCompare } from "./naturalSort";

const MAX_ROWS = 12;

export type TooltipSeries = { key: string; name: string; color: string };

type Props = {
  active: boolean | undefined;
  label: string | number | undefined;
  rows: readonly Record<string, unknown>[];
  xKey: string;
  series: readonly TooltipSeries[];
  unit: string;
  xLabel: (x: number | string) => string;
};

export function ChartTooltip({ active, label, rows, xKey, series, unit, xLabel }: Props) {
  if (!active || label == null) return null;
  const row = rows.find((r) => String(r[xKey]) === String(label));
  if (!row) return null;
  const items = series
    .filter((s) => typeof row[s.key] === "number")
    .map((s) => ({ ...s, value: row[s.key] as number }))
    .sort((a, b) => naturalCompare(a.name, b.name));
  if (items.length === 0) return null;
  return (
    <div className="chart-tooltip">
      <div className="chart-tooltip-label">{xLabel(label)}</div>
      <ul>
        {items.slice(0, MAX_ROWS).map((r) => (
          <li key={r.key}>
            <span className="chart-swatch" style={{ background: r.color }} aria-hidden="true" />
            <span>{r.name}</span>
            <span className="num">{quantity(r.value, unit)}</span>
          </li>
        ))}
      </ul>
      {items.length > MAX_ROWS && <div className="muted small">and {items.length - MAX_ROWS} more</div>}
    </div>
  );
}
