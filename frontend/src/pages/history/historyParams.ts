// The History page's state lives in the URL (shareable, back/forward work): filters, order and
// page. parse() reads the search params, toSearch() writes only what differs from the defaults,
// toQuery() is the GET /api/v1/runs query (backend/runs/endpoints.py list_runs).
import type { RunState } from "../../client/types.gen";

export const PAGE_SIZES = [25, 50, 100, 200] as const;
export const RUN_STATES: RunState[] = ["queued", "preparing", "warming", "running", "collecting", "succeeded", "partial", "failed", "cancelled"];

export type HistoryFilters = {
  experiment: number | null;
  lab: number | null;
  states: RunState[];
  tag: string;
  /** YYYY-MM-DD, inclusive, in the browser's time zone. */
  from: string;
  to: string;
  order: "newest" | "oldest";
  page: number;
  size: number;
};

export const DEFAULTS: HistoryFilters = { experiment: null, lab: null, states: [], tag: "", from: "", to: "", order: "newest", page: 1, size: 50 };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(text: string | null): number | null {
  const n = Number(text);
  return text && Number.isInteger(n) && n > 0 ? n : null;
}

export function parse(search: URLSearchParams): HistoryFilters {
  const states = (search.get("state") ?? "").split(",").filter((s): s is RunState => (RUN_STATES as string[]).includes(s));
  const size = positiveInt(search.get("size"));
  return {
    experiment: positiveInt(search.get("experiment")),
    lab: positiveInt(search.get("lab")),
    states,
    tag: search.get("tag") ?? "",
    from: DATE.test(search.get("from") ?? "") ? search.get("from")! : "",
    to: DATE.test(search.get("to") ?? "") ? search.get("to")! : "",
    order: search.get("order") === "oldest" ? "oldest" : "newest",
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
  if (f.from) out.set("from", f.from);
  if (f.to) out.set("to", f.to);
  if (f.order !== DEFAULTS.order) out.set("order", f.order);
  if (f.page !== 1) out.set("page", String(f.page));
  if (f.size !== DEFAULTS.size) out.set("size", String(f.size));
  return out;
}

/** Local midnight of a YYYY-MM-DD day, as an ISO instant; `to` is exclusive, so the next day. */
function dayStart(day: string, plusDays = 0): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y, m - 1, d + plusDays).toISOString();
}

export type RunsQuery = {
  experiment_id?: number;
  lab_id?: number;
  state?: RunState[];
  tag?: string;
  since?: string;
  until?: string;
  order: "newest" | "oldest";
  limit: number;
  offset: number;
};

export function toQuery(f: HistoryFilters): RunsQuery {
  const q: RunsQuery = { order: f.order, limit: f.size, offset: (f.page - 1) * f.size };
  if (f.experiment) q.experiment_id = f.experiment;
  if (f.lab) q.lab_id = f.lab;
  if (f.states.length) q.state = f.states;
  if (f.tag) q.tag = f.tag;
  if (f.from) q.since = dayStart(f.from);
  if (f.to) q.until = dayStart(f.to, 1);
  return q;
}
