// /history — the team's runs: filters (experiment, state, lab, tag, dates), order and paging, all
// held in the URL so a view can be shared. Select runs to open them side by side in Compare.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";

import { experimentsListExperimentsOptions, labsListLabsOptions, runsListRunsOptions } from "../../client/@tanstack/react-query.gen";
import type { RunState } from "../../client/types.gen";
import { EmptyState } from "../../components/EmptyState";
import { ErrorState } from "../../components/ErrorState";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import "../run/runSide.css";
import { StateBadge } from "../../components/StateBadge";
import { DEFAULTS, PAGE_SIZES, parse, RUN_STATES, toQuery, toSearch, type HistoryFilters } from "./historyParams";

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : "—";
}

function duration(start: string | null, end: string | null): string {
  if (!start || !end) return "—";
  return `${Math.round((Date.parse(end) - Date.parse(start)) / 1000)} s`;
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
  const set = (patch: Partial<HistoryFilters>) => setSearch(toSearch({ ...filters, page: 1, ...patch }));

  const runs = useQuery({ ...runsListRunsOptions({ query: toQuery(filters) }), placeholderData: keepPreviousData });
  const experiments = useQuery(experimentsListExperimentsOptions({ query: { limit: 200 } }));
  const labs = useQuery(labsListLabsOptions());

  const toggle = (id: number) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleState = (state: RunState) =>
    set({ states: filters.states.includes(state) ? filters.states.filter((s) => s !== state) : [...filters.states, state] });

  const total = runs.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / filters.size));
  const filtered = toSearch({ ...filters, page: 1, order: DEFAULTS.order, size: DEFAULTS.size }).toString() !== "";

  return (
    <div className="stack">
      <PageHeader
        title="History"
        description="Every run of the team, newest first. Select runs to compare them."
        actions={
          <button type="button" className="primary" disabled={selected.size < 1} onClick={() => navigate(`/compare?runs=${[...selected].sort((a, b) => a - b).join(",")}`)}>
            Compare {selected.size > 0 ? `${selected.size} runs` : "selected"}
          </button>
        }
      />
      <form className="card filters" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <IdFilter label="Experiment" value={filters.experiment} items={experiments.data?.items} onChange={(experiment) => set({ experiment })} />
        <IdFilter label="Lab" value={filters.lab} items={labs.data} onChange={(lab) => set({ lab })} />
        <label className="field">
          <span>Tag</span>
          <input defaultValue={filters.tag} key={filters.tag} placeholder="any" onBlur={(e) => set({ tag: e.target.value.trim() })} onKeyDown={(e) => e.key === "Enter" && set({ tag: (e.target as HTMLInputElement).value.trim() })} />
        </label>
        <label className="field">
          <span>From</span>
          <input type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
        </label>
        <label className="field">
          <span>To</span>
          <input type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
        </label>
        <label className="field">
          <span>Order</span>
          <select value={filters.order} onChange={(e) => set({ order: e.target.value as HistoryFilters["order"] })}>
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
          </select>
        </label>
        <fieldset className="field states">
          <legend>State</legend>
          {RUN_STATES.map((s) => (
            <label key={s} className="check">
              <input type="checkbox" checked={filters.states.includes(s)} onChange={() => toggleState(s)} /> {s}
            </label>
          ))}
        </fieldset>
        {filtered && (
          <button type="button" onClick={() => setSearch(new URLSearchParams())}>
            Clear filters
          </button>
        )}
      </form>

      {runs.isPending ? (
        <LoadingState label="Loading runs" rows={8} />
      ) : runs.isError ? (
        <ErrorState error={runs.error} onRetry={() => void runs.refetch()} />
      ) : runs.data.items.length === 0 ? (
        <EmptyState title={filtered ? "No run matches these filters" : "No runs yet"} action={filtered ? undefined : <Link to="/experiments">Launch an experiment</Link>}>
          {filtered ? "Loosen a filter or clear them." : "Runs appear here as soon as an experiment is launched."}
        </EmptyState>
      ) : (
        <>
          <table className="table" data-testid="runs-table" aria-busy={runs.isFetching}>
            <thead>
              <tr>
                <th aria-label="Select" />
                <th className="num">Run</th>
                <th>Experiment</th>
                <th>Params</th>
                <th className="num">Rep.</th>
                <th>State</th>
                <th>Created</th>
                <th className="num">Took</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.items.map((r) => (
                <tr key={r.id}>
                  <td>
                    <input type="checkbox" aria-label={`Select run ${r.id}`} checked={selected.has(r.id)} onChange={() => toggle(r.id)} />
                  </td>
                  <td className="num">
                    <Link to={`/runs/${r.id}`}>#{r.id}</Link>
                  </td>
                  <td>
                    <Link to={`/experiments/${r.experiment_id}`}>{r.experiment_name}</Link> <span className="muted">v{r.experiment_version}</span>
                  </td>
                  <td className="small">
                    {Object.entries(r.params)
                      .map(([k, v]) => `${k.split(".").pop()}=${JSON.stringify(v)}`)
                      .join(" ")}
                  </td>
                  <td className="num">{r.repetition + 1}</td>
                  <td>
                    <StateBadge state={r.state} />
                  </td>
                  <td className="small">{when(r.created_at)}</td>
                  <td className="num">{duration(r.started_at, r.finished_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav className="spread" aria-label="Pages">
            <span className="muted" data-testid="runs-total">
              {total.toLocaleString()} runs · page {filters.page} of {pages}
            </span>
            <div className="row">
              <label className="row small">
                Per page
                <select value={filters.size} onChange={(e) => set({ size: Number(e.target.value) })}>
                  {PAGE_SIZES.map((n) => (
                    <option key={n}>{n}</option>
                  ))}
                </select>
              </label>
              <button type="button" disabled={filters.page <= 1} onClick={() => set({ page: filters.page - 1 })}>
                Previous
              </button>
              <button type="button" disabled={filters.page >= pages} onClick={() => set({ page: filters.page + 1 })}>
                Next
              </button>
            </div>
          </nav>
        </>
      )}
    </div>
  );
}
