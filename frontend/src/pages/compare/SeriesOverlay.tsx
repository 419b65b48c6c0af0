// (b) One per-second metric of every run on one time axis: t = 0 is each run's load start, so
// runs line up without any shifting (negative t is warm-up). Where the metric is something the
// runs asked for (requests/s of an open-loop run, client sessions), the asked load is drawn
// dashed next to what was achieved, one line per distinct profile.
import { useMemo } from "react";

import { SmoothToggle } from "../../charts/ChartGroup";
import type { TimeSeries } from "../../charts/TimeChart";
import { TimeChart } from "../../charts/TimeChart";
import type { CompareSeries, CompareSetups } from "../../client/types.gen";
import { useMetricRegistry } from "../../metrics/useMetricRegistry";
import { askedLines, asksRate, overlayRows, overlaySeries, type AskedLine } from "./overlay";
import type { CompareView } from "./compareParams";
import { runListText, runSeries, type RunStyle } from "./runs";

export function SeriesOverlay({ data, setups, runs, view, onChange }: { data: CompareSeries; setups: CompareSetups | undefined; runs: RunStyle; view: CompareView; onChange: (patch: Partial<CompareView>) => void }) {
  // The choices: HAProxy's per-second series of the metric registry ("proxy|<sample key>").
  const known = useMetricRegistry()?.sample_series;
  const choices = useMemo(
    () => (known ?? []).filter((s) => s.source === "haproxy").map((s) => ({ value: `proxy|${s.sample_key}`, label: s.label, unit: s.unit })),
    [known],
  );
  const choice = choices.find((c) => c.value === view.series);
  const selected = overlaySeries(view.series, known);
  const asked: AskedLine[] = useMemo(() => askedLines(selected, setups, runs.colors), [selected, setups, runs.colors]);
  const rows = useMemo(() => overlayRows(data, asked), [data, asked]);
  const series: TimeSeries[] = useMemo(
    () => [
      ...runSeries(data.runs.map((r) => r.run_id), runs),
      ...asked.map((a) => ({ key: a.key, name: a.name, color: a.color, dash: "6 4", smoothable: false })),
    ],
    [data.runs, runs, asked],
  );
  const unit = choice?.unit ?? "";
  const closedLoop = asksRate(selected) && setups != null && asked.length === 0;
  return (
    <TimeChart
      title={`Over time: ${choice?.label ?? view.series}`}
      name="compare-over-time"
      testId="series-chart"
      subtitle={runListText(data.runs.map((r) => r.run_id))}
      yLabel={unit ? `${choice?.label ?? ""} (${unit})` : choice?.label}
      unit={unit}
      rows={rows}
      series={series}
      actions={
        <>
          <select aria-label="Series" value={view.series} onChange={(e) => onChange({ series: e.target.value })}>
            {!choice && <option value={view.series}>{view.series}</option>}
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.unit ? `${c.label} (${c.unit})` : c.label}
              </option>
            ))}
          </select>
          <SmoothToggle />
        </>
      }
      footer={
        <p className="muted small">
          {asked.length > 0 && "Dashed: the load the runs asked for (from their specs). "}
          {closedLoop && "Closed loop: the clients sent as fast as replies came, so there is no asked rate; compare client sessions for the connections they kept open."}
        </p>
      }
    />
  );
}
