// The History table's optional columns: how each is headed (metric columns by the registry's
// label, contract/metrics.py), whether and by what it sorts, and how a run's cell reads.
import { Fragment } from "react";

import type { MetricRegistry, RunSlim } from "../../client/types.gen";
import { BoundBadge } from "../../components/BoundBadge";
import { paramEntries } from "../../format/params";
import { valueText } from "../../format/text";
import { dateTime } from "../../format/time";
import { decimal, durationMs } from "../../format/units";
import { runMetric } from "../../metrics/useMetricRegistry";
import { FIGURE_KEYS, type ColumnId, type FigureKey, type SortKey } from "./historyParams";

export type Column = {
  id: ColumnId;
  label: string;
  /** What the header says on hover: a metric's description, or what the column holds. */
  hint?: string;
  sort?: SortKey;
  numeric?: boolean;
  cell: (run: RunSlim) => React.ReactNode;
};

const num = decimal;

/** A figure with its registry unit: latency in ms or s, an error rate that is small but not
 * zero never rounded to "0%", rates and counts in full; "—" where the run has none. */
export function figureText(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined) return "—";
  if (unit === "ms") return durationMs(value);
  if (unit === "%") return value > 0 && value < 0.1 ? "<0.1%" : `${num(value, value < 10 ? 2 : 1)}%`;
  const text = num(value, Math.abs(value) < 100 ? 1 : 0);
  return unit ? `${text} ${unit}` : text;
}

/** The full paths, one a line, for the tooltip of the short form. */
function paramPaths(params: RunSlim["params"]): string | undefined {
  const lines = Object.entries(params).map(([path, value]) => `${path} = ${valueText(value, "null")}`);
  return lines.length ? lines.join("\n") : undefined;
}

/** name=value pairs that wrap between pairs, never inside one; the full paths on hover. */
function Params({ params }: { params: RunSlim["params"] }) {
  const entries = paramEntries(params);
  if (entries.length === 0) return <span className="muted">—</span>;
  return (
    <span title={paramPaths(params)}>
      {entries.map(([name, value], i) => (
        <Fragment key={name}>
          {i > 0 && ", "}
          <span className="param">
            {name}={value}
          </span>
        </Fragment>
      ))}
    </span>
  );
}

function took(start: string | null, end: string | null): string {
  if (!start || !end) return "—";
  return `${Math.round((Date.parse(end) - Date.parse(start)) / 1000)} s`;
}

function figureColumn(key: FigureKey, registry: MetricRegistry | undefined): Column {
  const metric = runMetric(registry, key);
  return {
    id: key,
    label: metric?.label ?? key,
    hint: metric?.description,
    sort: key,
    numeric: true,
    cell: (run) => figureText(run.figures[key], metric?.unit ?? ""),
  };
}

export function columns(registry: MetricRegistry | undefined): Record<ColumnId, Column> {
  const figures = Object.fromEntries(FIGURE_KEYS.map((key) => [key, figureColumn(key, registry)])) as Record<FigureKey, Column>;
  return {
    params: {
      id: "params",
      label: "Params",
      hint: "The swept values of the run's point",
      cell: (run) => <Params params={run.params} />,
    },
    rep: { id: "rep", label: "Rep.", hint: "Repetition of its point", numeric: true, cell: (run) => run.repetition + 1 },
    ...figures,
    bound: { id: "bound", label: "Verdict", hint: "What bounded the run", cell: (run) => <BoundBadge kind={run.bound} /> },
    checks: {
      id: "checks",
      label: "Thresholds",
      hint: "Whether every threshold rule of the run's spec passed",
      cell: (run) =>
        run.thresholds_passed == null ? <span className="muted">—</span> : <span data-testid="threshold-outcome" className={`badge ${run.thresholds_passed ? "ok" : "bad"}`}>{run.thresholds_passed ? "passed" : "failed"}</span>,
    },
    created: { id: "created", label: "Created", sort: "created", cell: (run) => dateTime(run.created_at) },
    finished: { id: "finished", label: "Finished", sort: "finished", cell: (run) => dateTime(run.finished_at) },
    took: { id: "took", label: "Took", hint: "From preparing to the end", numeric: true, cell: (run) => took(run.started_at, run.finished_at) },
  };
}
