// A chart in a card: title, fixed height (no layout jump while data arrives), PNG export.
import { useRef, useState, type ReactNode } from "react";

import { exportChartPng } from "./exportPng";

export const CHART_HEIGHT = 320;
// Past this many lines a legend would fill the chart's fixed height: the tooltip names them.
export const MAX_LEGEND = 8;
export const COLORS = ["#2563eb", "#dc2626", "#16a34a", "#d97706", "#7c3aed", "#0891b2", "#be185d", "#4b5563", "#65a30d", "#0f766e"];

export function ChartCard({ title, name, testId, actions, children, footer }: { title: string; name: string; testId: string; actions?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const png = async () => {
    setError(null);
    try {
      await exportChartPng(ref.current!, `${name}.png`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <section className="card chart-card" data-testid={testId}>
      <div className="spread">
        <h2 className="chart-title">{title}</h2>
        <div className="row">
          {actions}
          <button type="button" onClick={png}>
            PNG
          </button>
        </div>
      </div>
      {error && <p className="field-error">{error}</p>}
      <div ref={ref} style={{ height: CHART_HEIGHT }}>
        {children}
      </div>
      {footer}
    </section>
  );
}
