// The History page's state lives in the URL (shareable, back/forward work): filters, text search,
// sort, columns, the trend's metric and the page. parse() reads the search params, toSearch()
// writes only what differs from the defaults, toQuery() is the GET /api/v1/runs query
// (backend/runs/endpoints.py list_runs).
import { RunFiguresSchema } from "../../client/schemas.gen";
import type { RunFigures, RunPage as RunsPage, RunsListRunsData, RunState } from "../../client/types.gen";
import { RUN_STATES } from "../../runs/states";

export const PAGE_SIZES = [25, 50, 100, 200] as const;

export type RunsQuery = NonNullable<RunsListRunsData["query"]>;
export type SortKey = NonNullable<RunsQuery["sort"]>;
export type Direction = "asc" | "desc";
/** A run figure, by its metric registry key (contract/metrics.py): what a metric column shows. */
export type FigureKey = keyof RunFigures;

/** The registry's History figures in their order (contract.metrics.HISTORY_METRICS), as the generated
 * client's RunFigures holds them: a figure added to the registry is a column, a sort and a trend. */
export const FIGURE_KEYS = Object.keys(RunFiguresSchema.properties) as FigureKey[];
export const SORT_KEYS: SortKey[] = ["created", "finished", ...FIGURE_KEYS];
/** The API refuses longer text (422 naming q); the input stops there first. */
export const SEARCH_MAX_LENGTH = 100;

/** Columns a person may show or hide, in the order shown: the figures first (the answer, and
 * what a phone shows before scrolling sideways). The run, its experiment and outcome always show. */
export const OPTIONAL_COLUMNS = [...FIGURE_KEYS, "bound", "checks", "params", "rep", "created", "finished", "took"] as const;
export type ColumnId = (typeof OPTIONAL_COLUMNS)[number];
export const DEFAULT_COLUMNS: ColumnId[] = ["rps", "latency_p99_ms", "error_pct", "bound", "checks", "params", "created", "took"];
/** The thresholds filter: runs whose rules all passed, one failed, or either (judged at all). */
export type ChecksFilter = NonNullable<RunsQuery["thresholds"]>;
export const CHECKS_FILTERS: ChecksFilter[] = ["passed", "failed", "judged"];

export type HistoryFilters = {
  experiment: number | null;
  lab: number | null;
  states: RunState[];
  tag: string;
  checks: ChecksFilter | null;
  /** Text in experiment names, descriptions, tags and version notes. */
  q: string;
  /** YYYY-MM-DD, inclusive, in the browser's time zone. */
  from: string;
  to: string;
  sort: SortKey;
  dir: Direction;
  /** The columns shown, or null when the URL names none (then the remembered default applies). */
  cols: ColumnId[] | null;
  /** The metric of the per-experiment trend sparklines. */
  trend: FigureKey;
  page: number;
  size: number;
};

export const DEFAULTS: HistoryFilters = {
  experiment: null,
  lab: null,
  states: [],
  tag: "",
  checks: null,
  q: "",
  from: "",
  to: "",
  sort: "created",
  dir: "desc",
  cols: null,
  trend: "latency_p99_ms",
  page: 1,
  size: 50,
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(text: string | null): number | null {
  const n = Number(text);
  return text && Number.isInteger(n) && n > 0 ? n : null;
}

function oneOf<T extends string>(values: readonly T[], text: string | null): T | null {
  return (values as readonly string[]).includes(text ?? "") ? (text as T) : null;
}

/** The column list of a `cols` param: known ids only, in the canonical order, none repeated. */
export function parseColumns(text: string | null): ColumnId[] | null {
  if (text === null) return null;
  const named = new Set(text.split(","));
  return OPTIONAL_COLUMNS.filter((c) => named.has(c));
}

export function parse(search: URLSearchParams): HistoryFilters {
  const states = (search.get("state") ?? "").split(",").filter((s): s is RunState => (RUN_STATES as readonly string[]).includes(s));
  const size = positiveInt(search.get("size"));
  // `order=oldest` is how links made before sorting said "oldest first".
  const legacyDir: Direction | null = search.get("order") === "oldest" ? "asc" : null;
  return {
    experiment: positiveInt(search.get("experiment")),
    lab: positiveInt(search.get("lab")),
    states,
    tag: search.get("tag") ?? "",
    checks: oneOf(CHECKS_FILTERS, search.get("thresholds")),
    q: (search.get("q") ?? "").slice(0, SEARCH_MAX_LENGTH),
    from: DATE.test(search.get("from") ?? "") ? search.get("from")! : "",
    to: DATE.test(search.get("to") ?? "") ? search.get("to")! : "",
    sort: oneOf(SORT_KEYS, search.get("sort")) ?? DEFAULTS.sort,
    dir: oneOf(["asc", "desc"] as const, search.get("dir")) ?? legacyDir ?? DEFAULTS.dir,
    cols: parseColumns(search.get("cols")),
    trend: oneOf(FIGURE_KEYS, search.get("trend")) ?? DEFAULTS.trend,
    page: positiveInt(search.get("page")) ?? 1,
    size: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULTS.size,
  };
}

export function toSearch(f: HistoryFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (f.experiment) out.set("experiment", String(f.experiment));
  if (f.lab) out.set("lab", String(f.lab));
  if (f.states.length) out.set("state", f.states.join(","));
  if (f.tag) out.set("tag", f.tag);
  if (f.checks) out.set("thresholds", f.checks);
  if (f.q) out.set("q", f.q);
  if (f.from) out.set("from", f.from);
  if (f.to) out.set("to", f.to);
  if (f.sort !== DEFAULTS.sort) out.set("sort", f.sort);
  if (f.dir !== DEFAULTS.dir) out.set("dir", f.dir);
  if (f.cols) out.set("cols", f.cols.join(","));
  if (f.trend !== DEFAULTS.trend) out.set("trend", f.trend);
  if (f.page !== 1) out.set("page", String(f.page));
  if (f.size !== DEFAULTS.size) out.set("size", String(f.size));
  return out;
}

/** Whether any filter narrows the list (sort, columns, trend and paging do not). */
export function isFiltered(f: HistoryFilters): boolean {
  return Boolean(f.experiment || f.lab || f.states.length || f.tag.trim() || f.checks || f.q.trim() || f.from || f.to);
}

/** The same view with every filter cleared; sort, columns, trend and page size stay. */
export function withoutFilters(f: HistoryFilters): HistoryFilters {
  return { ...DEFAULTS, sort: f.sort, dir: f.dir, cols: f.cols, trend: f.trend, size: f.size };
}

/** Local midnight of a YYYY-MM-DD day, as an ISO instant; `to` is exclusive, so the next day. */
function dayStart(day: string, plusDays = 0): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y, m - 1, d + plusDays).toISOString();
}

export function toQuery(f: HistoryFilters): RunsQuery {
  const q: RunsQuery = { sort: f.sort, direction: f.dir, limit: f.size, offset: (f.page - 1) * f.size };
  if (f.experiment) q.experiment_id = f.experiment;
  if (f.lab) q.lab_id = f.lab;
  if (f.states.length) q.state = f.states;
  if (f.tag.trim()) q.tag = f.tag.trim();
  if (f.checks) q.thresholds = f.checks;
  if (f.q.trim()) q.q = f.q.trim();
  if (f.from) q.since = dayStart(f.from);
  if (f.to) q.until = dayStart(f.to, 1);
  return q;
}

/** A click on a sortable column's header: the other way round if it is the sort already,
 * otherwise that column, highest (or latest) first. */
export function nextSort(f: Pick<HistoryFilters, "sort" | "dir">, key: SortKey): Pick<HistoryFilters, "sort" | "dir"> {
  if (f.sort === key) return { sort: key, dir: f.dir === "desc" ? "asc" : "desc" };
  return { sort: key, dir: "desc" };
}

const COLUMNS_STORAGE_KEY = "haplab.history.columns";

/** The columns to show: the URL's, else the ones this browser last chose, else the defaults. */
export function shownColumns(f: HistoryFilters, storage: Pick<Storage, "getItem"> | null): ColumnId[] {
  if (f.cols) return f.cols;
  return parseColumns(storage?.getItem(COLUMNS_STORAGE_KEY) ?? null) ?? DEFAULT_COLUMNS;
}

/** Remember a choice of columns as this browser's default (private mode may refuse: no matter). */
export function rememberColumns(cols: ColumnId[], storage: Pick<Storage, "setItem"> | null): void {
  try {
    storage?.setItem(COLUMNS_STORAGE_KEY, cols.join(","));
  } catch {
    // storage full or disabled: the URL still holds the choice
  }
}

/** Where the page stands, from the list's answer: "1,234 runs · page 2 of 25" when the total is
 * counted, "More than 10,000 runs · page 2" when the API stopped counting (total_exact false); then
 * the page count is unknown and Next follows whether the API found a run after this page. */
export function pageStatus(
  page: Pick<RunsPage, "total" | "total_exact" | "next_cursor">,
  at: number,
  size: number,
): { text: string; pages: number | null; hasNext: boolean } {
  const count = page.total.toLocaleString("en-US");
  if (page.total_exact === false) {
    return { text: `More than ${count} runs · page ${at}`, pages: null, hasNext: page.next_cursor != null };
  }
  const pages = Math.max(1, Math.ceil(page.total / size));
  return { text: `${count} runs · page ${at} of ${pages}`, pages, hasNext: at < pages };
}
