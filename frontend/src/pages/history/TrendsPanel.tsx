// Per experiment in view: a chosen metric over its last succeeded runs at one sweep point, as a
// sparkline with the latest value and which way it moved. One request for every experiment
// (GET /runs/trends), never one per row.
import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { changesListChangesOptions, runsGetTrendsOptions } from "../../client/@tanstack/react-query.gen";
import type { MetricRegistry } from "../../client/types.gen";
import { ErrorState } from "../../components/ErrorState";
import { paramsText } from "../../format/params";
import { decimal } from "../../format/units";
import { runMetric } from "../../metrics/useMetricRegistry";
import { figureText } from "./columns";
import { FIGURE_KEYS, type FigureKey } from "./historyParams";
import { Sparkline } from "./Sparkline";
import { readTrend, tooFewText, type TrendReading } from "./trend";

/** Runs per sparkline, and at most this many experiments (the API's cap is 20). */
const RUNS = 12;
const MAX_EXPERIMENTS = 10;

const ARROWS: Record<NonNullable<TrendReading["direction"]>, string> = { up: "↑", down: "↓", steady: "→" };

function Change({ reading, unit, runs }: { reading: TrendReading; unit: string; runs: number }) {
  if (reading.direction === null) {
    return (
      <span className="trend-change few" data-testid="trend-too-few" title={reading.label}>
        {tooFewText(runs)}
      </span>
    );
  }
  const amount =
    reading.direction === "steady"
      ? "steady"
      : reading.change === null
        ? `from ${figureText(reading.first, unit)}`
        : `${reading.change > 0 ? "+" : "−"}${decimal(Math.abs(reading.change * 100), 0)}%`;
  const word = reading.tone ? ` ${reading.tone}` : "";
  return (
    <span className={`trend-change ${reading.tone}`.trim()} title={`${reading.label}${word ? ` (${reading.tone})` : ""}`}>
      <span aria-hidden="true">{ARROWS[reading.direction]} </span>
      {amount}
      {word && <span className="visually-hidden">{word}</span>}
    </span>
  );
}

export function TrendsPanel({
  experimentIds,
  metricKey,
  registry,
  onMetric,
  onExperiment,
}: {
  experimentIds: number[];
  metricKey: FigureKey;
  registry: MetricRegistry | undefined;
  onMetric: (key: FigureKey) => void;
  onExperiment: (id: number) => void;
}) {
  const ids = experimentIds.slice(0, MAX_EXPERIMENTS);
  const trends = useQuery({
    ...runsGetTrendsOptions({ query: { metric: metricKey, experiment_id: ids, runs: RUNS } }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
  // Detected changes of this figure (open and accepted), to ring the runs they start at.
  const changes = useQuery({ ...changesListChangesOptions({ query: { limit: 500 } }), enabled: ids.length > 0 });
  const changeRuns = new Set((changes.data?.items ?? []).filter((c) => c.metric === metricKey).map((c) => c.run_id));
  const metric = runMetric(registry, metricKey);
  if (ids.length === 0 || !metric) return null;

  return (
    <section className="card trends" aria-labelledby="trends-title" aria-busy={trends.isFetching}>
      <div className="trends-head">
        <h2 id="trends-title">Trends</h2>
        <label className="row small">
          Metric
          <select value={metricKey} onChange={(e) => onMetric(e.target.value as FigureKey)}>
            {FIGURE_KEYS.map((key) => (
              <option key={key} value={key}>
                {runMetric(registry, key)?.label ?? key}
              </option>
            ))}
          </select>
        </label>
        <p className="muted small">
          Each experiment in view: its last {RUNS} succeeded runs at the sweep point of its latest, oldest on the left; a trend needs{" "}
          {trends.data?.min_runs ?? 3} of them.
        </p>
      </div>
      {trends.isPending ? (
        <p className="muted small">Loading trends…</p>
      ) : trends.isError ? (
        <ErrorState compact error={trends.error} title="Trends did not load" onRetry={() => void trends.refetch()} />
      ) : trends.data.items.length === 0 ? (
        <p className="muted small">No succeeded run here has this figure yet.</p>
      ) : (
        <ul className="trend-list">
          {trends.data.items.map((trend) => {
            const values = trend.points.map((p) => p.value);
            const reading = readTrend(values, metric, trend.enough_for_trend);
            if (!reading) return null;
            const changed = trend.points.flatMap((p, i) => (changeRuns.has(p.run_id) ? [i] : []));
            const label = changed.length ? `${reading.label}; a detected change at ${changed.length === 1 ? "one run" : `${changed.length} runs`} (ringed)` : reading.label;
            const point = paramsText(trend.params);
            return (
              <li key={trend.experiment_id} className="trend">
                <span className="trend-name">
                  <button type="button" className="link" title="Show only this experiment's runs" onClick={() => onExperiment(trend.experiment_id)}>
                    {trend.experiment_name}
                  </button>
                  {point && <span className="muted small"> at {point}</span>}
                </span>
                <Sparkline values={values} label={label} changes={changed} line={reading.enough} />
                <span className="trend-latest" title={`latest of ${values.length} runs`}>
                  {figureText(reading.latest, metric.unit)}
                </span>
                <Change reading={reading} unit={metric.unit} runs={values.length} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
