// /history — what changed across the team's runs: text search and filters that apply as typed,
// metric columns chosen by the person and sorted by the server, a trend per experiment, all held
// in the URL so a view can be shared. Select runs to open them side by side in Compare.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";

import { experimentsListExperimentsOptions, labsListLabsOptions, runsListRunsOptions } from "../../client/@tanstack/react-query.gen";
import type { RunState } from "../../client/types.gen";
import { EmptyState } from "../../components/EmptyState";
import { ErrorState } from "../../components/ErrorState";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { useMetricRegistry } from "../../metrics/useMetricRegistry";
import { RUN_STATES } from "../../runs/states";
import { useDebounced } from "../designer/useDebounced";
import { columns } from "./columns";
import "./history.css";
import {
  isFiltered,
  nextSort,
  pageStatus,
  PAGE_SIZES,
  parse,
  rememberColumns,
  SEARCH_MAX_LENGTH,
  shownColumns,
  toQuery,
  toSearch,
  withoutFilters,
  type ColumnId,
  type HistoryFilters,
} from "./historyParams";
import { ColumnPicker, RunsTable, SortPicker } from "./RunsTable";
import { useProbesOf } from "../capacity/useLaunchCapacity";
import { TrendsPanel } from "./TrendsPanel";

/** Typing settles for this long before the list asks the server again. */
const TYPING_MS = 300;
/** Phones (styles.css' breakpoint): decided once, when the page opens. */
const NARROW_PX = 760;

const storage = typeof window !== "undefined" ? window.localStorage : null;

/** On a phone the less used filters fold away (open when one is set), so the runs come sooner. */
function MoreFilters({ collapse, active, children }: { collapse: boolean; active: number; children: ReactNode }) {
  if (!collapse) return <>{children}</>;
  return (
    <details className="more-filters" open={active > 0}>
      <summary>More filters{active > 0 ? ` (${active} set)` : ""}</summary>
      <div className="history-filters">{children}</div>
    </details>
  );
}

/** A filter that picks one experiment, lab ... by id, or all of them. */
function IdFilter({ label, value, items, onChange }: { label: string; value: number | null | undefined; items: { id: number; name: string }[] | undefined; onChange: (id: number | null) => void }) {
  return (
    <label className="field">
      <span>{label}</span>
      <select value={value ?? ""} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
        <option value="">All</option>
        {items?.map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export default function HistoryPage() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const filters = parse(search);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [narrow] = useState(() => typeof window !== "undefined" && window.innerWidth <= NARROW_PX);
  const secondaryActive = [filters.lab, filters.tag, filters.checks, filters.from, filters.to, filters.states.length].filter(Boolean).length;
  // Every change lands in the URL at once (replace: typing is not history); the list follows the
  // text fields once typing settles.
  const set = (patch: Partial<HistoryFilters>) => setSearch(toSearch({ ...filters, page: 1, ...patch }), { replace: true });
  const q = useDebounced(filters.q, TYPING_MS);
  const tag = useDebounced(filters.tag, TYPING_MS);
  const query = toQuery({ ...filters, q, tag });

  const registry = useMetricRegistry();
  const runs = useQuery({ ...runsListRunsOptions({ query }), placeholderData: keepPreviousData });
  const experiments = useQuery(experimentsListExperimentsOptions({ query: { limit: 200 } }));
  const labs = useQuery(labsListLabsOptions());

  const allColumns = useMemo(() => columns(registry), [registry]);
  const shown = shownColumns(filters, storage);
  const chooseColumns = (cols: ColumnId[]) => {
    rememberColumns(cols, storage);
    setSearch(toSearch({ ...filters, cols }), { replace: true });
  };
  const tags = useMemo(() => [...new Set(experiments.data?.items.flatMap((e) => e.tags) ?? [])].sort(), [experiments.data]);
  // Runs of a capacity search say which probe they are (their launch read once per page).
  const probes = useProbesOf(runs.data?.items ?? []);
  const inView = useMemo(() => [...new Set(runs.data?.items.map((r) => r.experiment_id) ?? [])], [runs.data]);

  const toggle = (id: number) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleState = (state: RunState) =>
    set({ states: filters.states.includes(state) ? filters.states.filter((s) => s !== state) : [...filters.states, state] });
  const clearFilters = () => setSearch(toSearch(withoutFilters(filters)), { replace: true });

  const status = runs.data ? pageStatus(runs.data, filters.page, filters.size) : null;
  const filtered = isFiltered(filters);

  return (
    <div className="stack history">
      <PageHeader
        title="History"
        description="Every run of the team with its figures. Sort by a column, search, and select runs to compare them."
        actions={
          <button type="button" className="primary" disabled={selected.size < 1} onClick={() => navigate(`/compare?runs=${[...selected].sort((a, b) => a - b).join(",")}`)}>
            Compare {selected.size > 0 ? `${selected.size} runs` : "selected"}
          </button>
        }
      />
      <form className="card history-filters" aria-label="Filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <label className="field search">
          <span>Search</span>
          <input
            type="search"
            aria-label="Search runs"
            placeholder="Experiment name, tag, description, version note or run note"
            maxLength={SEARCH_MAX_LENGTH}
            value={filters.q}
            onChange={(e) => set({ q: e.target.value })}
          />
        </label>
        <IdFilter label="Experiment" value={filters.experiment} items={experiments.data?.items} onChange={(experiment) => set({ experiment })} />
        <MoreFilters collapse={narrow} active={secondaryActive}>
          <IdFilter label="Lab" value={filters.lab} items={labs.data} onChange={(lab) => set({ lab })} />
          <label className="field">
            <span>Tag</span>
            <input value={filters.tag} placeholder="any" list="history-tags" maxLength={64} onChange={(e) => set({ tag: e.target.value })} />
            <datalist id="history-tags">
              {tags.map((t) => (
                <option key={t} value={t} />
              ))}
            </datalist>
          </label>
          <label className="field">
            <span>Thresholds</span>
            <select value={filters.checks ?? ""} onChange={(e) => set({ checks: (e.target.value || null) as HistoryFilters["checks"] })}>
              <option value="">any</option>
              <option value="passed">all passed</option>
              <option value="failed">one failed</option>
              <option value="judged">judged (had rules)</option>
            </select>
          </label>
          <label className="field">
            <span>From</span>
            <input type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
          </label>
          <label className="field">
            <span>To</span>
            <input type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
          </label>
          <fieldset className="field states">
            <legend>Outcome</legend>
            {RUN_STATES.map((s) => (
              <label key={s} className="check">
                <input type="checkbox" checked={filters.states.includes(s)} onChange={() => toggleState(s)} /> {s}
              </label>
            ))}
          </fieldset>
        </MoreFilters>
        {filtered && (
          <button type="button" onClick={clearFilters}>
            Clear filters
          </button>
        )}
      </form>

      <TrendsPanel
        experimentIds={inView}
        metricKey={filters.trend}
        registry={registry}
        onMetric={(trend) => setSearch(toSearch({ ...filters, trend }), { replace: true })}
        onExperiment={(experiment) => set({ experiment })}
      />

      {runs.isPending || !registry ? (
        <LoadingState label="Loading runs" rows={8} />
      ) : runs.isError ? (
        <ErrorState error={runs.error} title="The runs did not load" onRetry={() => void runs.refetch()} />
      ) : runs.data.items.length === 0 ? (
        filtered ? (
          <EmptyState
            title="No runs match"
            action={
              <button type="button" onClick={clearFilters}>
                Clear filters
              </button>
            }
          >
            Nothing in the team's history matches {filters.q.trim() ? <>“{filters.q.trim()}” and </> : null}these filters.
          </EmptyState>
        ) : (
          <EmptyState title="No runs yet" action={<Link to="/experiments">Launch an experiment</Link>}>
            Runs appear here as soon as an experiment is launched.
          </EmptyState>
        )
      ) : (
        <>
          <div className="spread history-toolbar">
            <span className="muted" data-testid="runs-total">
              {status?.text}
            </span>
            <SortPicker columns={allColumns} sort={filters.sort} dir={filters.dir} onChange={(sort, dir) => setSearch(toSearch({ ...filters, page: 1, sort, dir }), { replace: true })} />
            <ColumnPicker all={allColumns} shown={shown} onChange={chooseColumns} />
          </div>
          <RunsTable
            runs={runs.data.items}
            columns={shown.map((id) => allColumns[id])}
            sort={filters.sort}
            dir={filters.dir}
            onSort={(key) => setSearch(toSearch({ ...filters, page: 1, ...nextSort(filters, key) }), { replace: true })}
            selected={selected}
            onToggle={toggle}
            busy={runs.isFetching}
            probes={probes}
          />
          <nav className="spread" aria-label="Pages">
            <label className="row small">
              Per page
              <select value={filters.size} onChange={(e) => set({ size: Number(e.target.value) })}>
                {PAGE_SIZES.map((n) => (
                  <option key={n}>{n}</option>
                ))}
              </select>
            </label>
            <div className="row">
              <button type="button" disabled={filters.page <= 1} onClick={() => setSearch(toSearch({ ...filters, page: filters.page - 1 }))}>
                Previous
              </button>
              <button type="button" disabled={!status?.hasNext} onClick={() => setSearch(toSearch({ ...filters, page: filters.page + 1 }))}>
                Next
              </button>
            </div>
          </nav>
        </>
      )}
    </div>
  );
}
