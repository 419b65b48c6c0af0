// A metric over recent runs as a small line, no axes: the shape at a glance, the numbers in its
// label (read by screen readers, shown on hover).
import { sparklinePoints } from "./trend";

/** `changes`: indexes of values where a detected change starts (a ring on the line). `line`: draw
 * the line through them (a trend); without it (too few runs for one) each value is a dot alone. */
export function Sparkline({
  values,
  label,
  changes = [],
  line = true,
  width = 96,
  height = 24,
}: {
  values: number[];
  label: string;
  changes?: number[];
  line?: boolean;
  width?: number;
  height?: number;
}) {
  const points = sparklinePoints(values, width, height, 3);
  const last = points[points.length - 1];
  return (
    <svg className="sparkline" data-testid="trend-sparkline" data-line={line} role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      <title>{label}</title>
      {line && points.length > 1 && <polyline points={points.map(([x, y]) => `${x},${y}`).join(" ")} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" />}
      {!line && points.slice(0, -1).map(([x, y], i) => <circle key={i} cx={x} cy={y} r={2.5} fill="currentColor" />)}
      {last && <circle cx={last[0]} cy={last[1]} r={2.5} fill="currentColor" />}
      {changes.map((i) =>
        points[i] ? <circle key={i} className="sparkline-change" data-testid="trend-change" cx={points[i][0]} cy={points[i][1]} r={3.5} fill="none" strokeWidth={1.5} /> : null,
      )}
    </svg>
  );
}
