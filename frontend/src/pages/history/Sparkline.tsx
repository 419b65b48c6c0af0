// A metric over recent runs as a small line, no axes: the shape at a glance, the numbers in its
// label (read by screen readers, shown on hover).
import { sparklinePoints } from "./trend";

export function Sparkline({ values, label, width = 96, height = 24 }: { values: number[]; label: string; width?: number; height?: number }) {
  const points = sparklinePoints(values, width, height, 3);
  const last = points[points.length - 1];
  return (
    <svg className="sparkline" data-testid="trend-sparkline" role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      <title>{label}</title>
      {points.length > 1 && <polyline points={points.map(([x, y]) => `${x},${y}`).join(" ")} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" />}
      {last && <circle cx={last[0]} cy={last[1]} r={2.5} fill="currentColor" />}
    </svg>
  );
}
