// /compare?runs=1,2,3 | ?experiment=ID — runs side by side, the answer first: (d) each run's
// figures and their % change vs a baseline run (and, with repetitions, each point's interval and
// significance), then what differs between the runs' specs and configs (SetupDiff), then (a) a
// metric against the swept parameter (error bars only from repetitions), (b) per-second overlays
// aligned on load start, (c) the latency percentile spectrum. Every choice is in the URL
// (compareParams.ts); every run keeps one colour and label across the page (runs.ts). Recharts is
// only in this lazily loaded page's chunk.
import { useCallback, useMemo, useRef, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";

import { CHART_HEIGHT } from "../../charts/ChartCard";
import { ChartGroup } from "../../charts/ChartGroup";
import { EmptyState } from "../../components/EmptyState";
import { ErrorState } from "../../components/ErrorState";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { downloadReport } from "../../report/htmlReport";
import { metricHeading, useMetricRegistry } from "../../metrics/useMetricRegistry";
import "./compare.css";
import { parse, toSearch, type CompareView } from "./compareParams";
import { DiffTable } from "./DiffTable";
import { CompareNotes } from "./CompareNotes";
import { PointsVsBaseline } from "./PointsVsBaseline";
import { runStyle } from "./runs";
import { SeriesOverlay } from "./SeriesOverlay";
import { SetupDiff, UnsweptNotice } from "./SetupDiff";
import { SpectrumChart } from "./SpectrumChart";
import { TimerOverlay } from "./TimerOverlay";
import { SweepChart } from "./SweepChart";
import { baselineOf, useCompareTable, usePoints, useRunIds, useSeries, useSetups, useSpectrum } from "./useCompareData";

/** A placeholder of the chart's own height while its data loads, so nothing below jumps. */
function Slot({ query, children }: { query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }; children: () => ReactNode }) {
  if (query.isPending) return <div className="card" style={{ minHeight: CHART_HEIGHT + 90 }}><LoadingState rows={4} /></div>;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children()}</>;
}

export default function ComparePage() {
  const [search, setSearch] = useSearchParams();
  const registry = useMetricRegistry();
  // Parsed once per URL, so the memoized charts see the same view object until it changes.
  const view = useMemo(() => parse(search), [search]);
  const update = useCallback((patch: Partial<CompareView>) => setSearch(toSearch({ ...view, ...patch }), { replace: true }), [view, setSearch]);
  const setSmooth = useCallback((smooth: boolean) => update({ smooth }), [update]);
  const setBaseline = useCallback((id: number) => update({ baseline: id }), [update]);

  const idsQuery = useRunIds(view.runs, view.experiment);
  const ids = useMemo(() => idsQuery.data ?? [], [idsQuery.data]);
  const baseline = baselineOf(ids, view.baseline);
  const table = useCompareTable(ids, baseline);
  const points = usePoints(ids, baseline);
  const series = useSeries(ids, view.series);
  const spectrum = useSpectrum(ids);
  const setups = useSetups(ids);
  const runs = useMemo(() => runStyle(ids, table.data), [ids, table.data]);
  const page = useRef<HTMLDivElement>(null);

  const header = (
    <PageHeader
      title="Compare"
      description={ids.length > 0 ? `${ids.length} runs${view.experiment && !view.runs.length ? ` of experiment ${view.experiment}` : ""}` : undefined}
      actions={
        ids.length > 0 && (
          <>
            <button
              type="button"
              data-testid="export-report"
              onClick={() => page.current && downloadReport(page.current, `haplab: compare runs ${ids.map((id) => `#${id}`).join(", ")}`, `haplab-compare-${ids.join("-")}.html`)}
            >
              Report (HTML)
            </button>
            <a className="button" href={`/api/v1/runs/export.csv?${new URLSearchParams(ids.map((id) => ["run_ids", String(id)]))}`} download data-testid="export-csv">
              Runs CSV
            </a>
          </>
        )
      }
    />
  );
  if (!view.runs.length && !view.experiment) {
    return (
      <div className="stack">
        {header}
        <EmptyState title="Nothing to compare yet" action={<Link to="/history">Pick runs in History</Link>}>
          Select runs in History, or open a sweep&apos;s runs from its live page.
        </EmptyState>
      </div>
    );
  }
  if (idsQuery.isPending) return <LoadingState label="Finding the runs" rows={6} />;
  if (idsQuery.isError) return <ErrorState error={idsQuery.error} onRetry={() => void idsQuery.refetch()} />;
  if (ids.length === 0) {
    return (
      <div className="stack">
        {header}
        <EmptyState title="This experiment has no runs yet" action={<Link to={`/experiments/${view.experiment}`}>Open the experiment</Link>} />
      </div>
    );
  }

  const params = points.data?.param_columns ?? [];
  const param = view.param && params.includes(view.param) ? view.param : (params[0] ?? "");
  const metrics = points.data?.metric_columns ?? [];
  return (
    <div className="stack compare-page" ref={page}>
      {header}
      {/* What changed against the baseline and by how much, first; what differs in the setups under it. */}
      {baseline != null && setups.data && <UnsweptNotice setups={setups.data} baseline={baseline} />}
      {baseline != null && <Slot query={table}>{() => <DiffTable table={table.data!} baseline={baseline} runs={runs} onBaseline={setBaseline} />}</Slot>}
      <Slot query={points}>{() => <PointsVsBaseline points={points.data!.points} baseline={baseline} />}</Slot>
      {setups.isPending ? (
        <div className="card">
          <LoadingState label="Reading the runs' setups" rows={2} />
        </div>
      ) : setups.isError ? (
        <ErrorState error={setups.error} onRetry={() => void setups.refetch()} />
      ) : (
        baseline != null && <SetupDiff setups={setups.data} baseline={baseline} />
      )}
      <div className="card row" aria-label="View">
        <label className="row">
          Metric
          <select value={view.metric} onChange={(e) => update({ metric: e.target.value })}>
            {metrics.map((m) => (
              <option key={m} value={m}>
                {metricHeading(registry, m)}
              </option>
            ))}
          </select>
        </label>
        {params.length > 1 && (
          <label className="row">
            Against
            <select value={param} onChange={(e) => update({ param: e.target.value })}>
              {params.map((p) => (
                <option key={p}>{p}</option>
              ))}
            </select>
          </label>
        )}
      </div>
      <Slot query={points}>
        {() =>
          param ? (
            <SweepChart points={points.data!.points} param={param} view={view} onChange={update} />
          ) : (
            <EmptyState title="No swept parameter">These runs share every parameter; the table below compares them.</EmptyState>
          )
        }
      </Slot>
      <ChartGroup smooth={view.smooth} onSmooth={setSmooth}>
        <div className="chart-grid two">
          <Slot query={series}>{() => <SeriesOverlay data={series.data!} setups={setups.data} runs={runs} view={view} onChange={update} />}</Slot>
          <Slot query={spectrum}>{() => <SpectrumChart data={spectrum.data!} runs={runs} />}</Slot>
          <TimerOverlay ids={ids} setups={setups.data} runs={runs} />
        </div>
      </ChartGroup>
      <CompareNotes runs={ids} />
    </div>
  );
}
