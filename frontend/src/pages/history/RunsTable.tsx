// The runs as a table: the run, its experiment and outcome always, then the columns chosen;
// headers of sortable columns are buttons (the server sorts), the header row stays in view while
// the rows scroll inside their own box. On a phone each run is a card, every column beside its
// name (phone-cards in styles.css), sorted by the page's "Sort by" instead of the hidden headers.
import { Link } from "react-router";

import type { RunSlim } from "../../client/types.gen";
import { OutcomeBadge } from "../../components/OutcomeBadge";
import { probeText, type ProbeInfo } from "../capacity/capacity";
import type { Column } from "./columns";
import { OPTIONAL_COLUMNS, SORT_KEYS, type ColumnId, type Direction, type SortKey } from "./historyParams";

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

export function ColumnPicker({ all, shown, onChange }: { all: Record<ColumnId, Column>; shown: ColumnId[]; onChange: (cols: ColumnId[]) => void }) {
  const toggle = (id: ColumnId) => onChange(OPTIONAL_COLUMNS.filter((c) => (c === id ? !shown.includes(c) : shown.includes(c))));
  return (
    <details className="column-picker">
      <summary>Columns</summary>
      <fieldset>
        <legend className="visually-hidden">Columns to show</legend>
        {OPTIONAL_COLUMNS.map((id) => (
          <label key={id} className="check" title={all[id].hint}>
            <input type="checkbox" checked={shown.includes(id)} onChange={() => toggle(id)} /> {all[id].label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

/** On a phone, where the runs are cards and the header row is out of sight: sort by a select. */
export function SortPicker({ columns, sort, dir, onChange }: { columns: Record<ColumnId, Column>; sort: SortKey; dir: Direction; onChange: (sort: SortKey, dir: Direction) => void }) {
  const keys = SORT_KEYS.filter((key) => (columns as Record<string, Column | undefined>)[key]?.sort === key);
  return (
    <div className="row small history-sort">
      <label className="row">
        Sort by
        <select value={sort} onChange={(e) => onChange(e.target.value as SortKey, dir)}>
          {keys.map((key) => (
            <option key={key} value={key}>
              {(columns as Record<string, Column>)[key].label}
            </option>
          ))}
        </select>
      </label>
      <select aria-label="Sort order" value={dir} onChange={(e) => onChange(sort, e.target.value as Direction)}>
        <option value="desc">{sort === "created" || sort === "finished" ? "newest first" : "highest first"}</option>
        <option value="asc">{sort === "created" || sort === "finished" ? "oldest first" : "lowest first"}</option>
      </select>
    </div>
  );
}

function Heading({ column, sort, dir, onSort }: { column: Column; sort: SortKey; dir: Direction; onSort: (key: SortKey) => void }) {
  const className = column.numeric ? "num" : undefined;
  if (!column.sort) {
    return (
      <th scope="col" className={className} title={column.hint}>
        {column.label}
      </th>
    );
  }
  const key = column.sort;
  return (
    <th scope="col" className={className} aria-sort={sort === key ? ARIA_SORT[dir] : "none"}>
      <button type="button" className="sort" title={column.hint ? `${column.hint} Sort by it.` : "Sort by it."} onClick={() => onSort(key)}>
        {column.label}
      </button>
    </th>
  );
}

export function RunsTable({
  runs,
  columns,
  sort,
  dir,
  onSort,
  selected,
  onToggle,
  busy,
  probes,
}: {
  runs: RunSlim[];
  columns: Column[];
  sort: SortKey;
  dir: Direction;
  onSort: (key: SortKey) => void;
  selected: Set<number>;
  onToggle: (id: number) => void;
  busy: boolean;
  /** Runs that are probes of a capacity search: which probe, its value and result, the search's answer. */
  probes?: ReadonlyMap<number, ProbeInfo>;
}) {
  return (
    <div className="history-scroll" role="region" aria-label="Runs" tabIndex={0}>
      <table className="table history-table phone-cards" data-testid="runs-table" aria-busy={busy}>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Select</span>
            </th>
            <th scope="col" className="num run">
              Run
            </th>
            <th scope="col">Experiment</th>
            <th scope="col">Outcome</th>
            {columns.map((column) => (
              <Heading key={column.id} column={column} sort={sort} dir={dir} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id}>
              <td className="select">
                <input type="checkbox" aria-label={`Select run ${run.id}`} checked={selected.has(run.id)} onChange={() => onToggle(run.id)} />
              </td>
              <td className="num run" data-label="Run">
                <Link to={`/runs/${run.id}`}>#{run.id}</Link>
                {(run.note_count ?? 0) > 0 && (
                  <span className="muted small" title={`${run.note_count} note${(run.note_count ?? 0) > 1 ? "s" : ""} on this run`} data-testid="note-count">
                    {" "}
                    ✎{run.note_count}
                  </span>
                )}
              </td>
              <td className="experiment" data-label="Experiment">
                <Link to={`/experiments/${run.experiment_id}`}>{run.experiment_name}</Link> <span className="muted">v{run.experiment_version}</span>
              </td>
              <td data-label="Outcome">
                <OutcomeBadge state={run.state} outcome={run.outcome} />
                {probes?.has(run.id) && (
                  <span className="small muted probe-of" data-testid="probe-of">
                    {" "}
                    {probeText(probes.get(run.id)!)}
                  </span>
                )}
              </td>
              {columns.map((column) => (
                <td key={column.id} className={column.numeric ? "num" : column.id === "params" ? "params small" : "small"} data-label={column.label}>
                  {column.cell(run)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
