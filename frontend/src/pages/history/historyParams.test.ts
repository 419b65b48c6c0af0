import { describe, expect, it } from "vitest";

import {
  DEFAULT_COLUMNS,
  DEFAULTS,
  isFiltered,
  nextSort,
  pageStatus,
  parse,
  rememberColumns,
  shownColumns,
  toQuery,
  toSearch,
  withoutFilters,
  type HistoryFilters,
} from "./historyParams";

const roundTrip = (f: HistoryFilters) => parse(new URLSearchParams(toSearch(f).toString()));

describe("history URL state", () => {
  it("round-trips filters through the URL and drops defaults", () => {
    const f: HistoryFilters = { ...DEFAULTS, experiment: 3, states: ["failed", "cancelled"], tag: "maxconn", sort: "created", dir: "asc", page: 2 };
    const search = toSearch(f);
    expect(search.toString()).toBe("experiment=3&state=failed%2Ccancelled&tag=maxconn&dir=asc&page=2");
    expect(parse(search)).toEqual(f);
    expect(toSearch(DEFAULTS).toString()).toBe("");
  });

  it("round-trips search text, sort, columns and the trend's metric, whatever the text holds", () => {
    for (const q of ["p99 & 50%", "a_b", "'; drop --", "école ÉCOLE", "🙂 x", "a=b&c=d", "+ #?/"]) {
      const f: HistoryFilters = { ...DEFAULTS, q, sort: "latency_p99_ms", dir: "asc", cols: ["rps", "bound"], trend: "rps" };
      expect(roundTrip(f)).toEqual(f);
    }
    expect(toSearch({ ...DEFAULTS, sort: "error_pct", cols: [] }).toString()).toBe("sort=error_pct&cols=");
    expect(roundTrip({ ...DEFAULTS, cols: [] }).cols).toEqual([]); // none chosen is not "not said"
  });

  it("reads a link from before sorting: order=oldest is creation, oldest first", () => {
    expect(parse(new URLSearchParams("experiment=4&order=oldest"))).toEqual({ ...DEFAULTS, experiment: 4, sort: "created", dir: "asc" });
    expect(parse(new URLSearchParams("order=oldest&dir=desc")).dir).toBe("desc"); // the new word wins
  });

  it("ignores what it does not understand", () => {
    const f = parse(new URLSearchParams("experiment=x&state=nope,failed&from=yesterday&size=7&page=-1&sort=p99&dir=up&trend=summary&cols=nope,rps,rps"));
    expect(f).toEqual({ ...DEFAULTS, states: ["failed"], cols: ["rps"] });
    expect(parse(new URLSearchParams(`q=${"x".repeat(300)}`)).q).toHaveLength(100);
  });

  it("turns page, dates, sort and text into the API query (until is the next local midnight)", () => {
    const q = toQuery({ ...DEFAULTS, page: 3, size: 25, from: "2026-01-02", to: "2026-01-02", q: "  edge tier ", tag: " capacity", sort: "latency_p99_ms", dir: "asc" });
    expect(q.offset).toBe(50);
    expect(q.limit).toBe(25);
    expect(Date.parse(q.until!) - Date.parse(q.since!)).toBe(24 * 3600 * 1000);
    expect([q.q, q.tag, q.sort, q.direction]).toEqual(["edge tier", "capacity", "latency_p99_ms", "asc"]);
    expect("q" in toQuery({ ...DEFAULTS, q: "   " })).toBe(false); // blank is no search
  });

  it("a filter is a filter; sort, columns and paging are not, and survive clearing", () => {
    const view: HistoryFilters = { ...DEFAULTS, sort: "rps", cols: ["rps"], trend: "error_pct", size: 100 };
    expect(isFiltered(view)).toBe(false);
    const filtered = { ...view, q: "tls", states: ["failed" as const], page: 4 };
    expect(isFiltered(filtered)).toBe(true);
    expect(withoutFilters(filtered)).toEqual(view);
  });
});

describe("sorting by a column header", () => {
  it("sorts a new column highest first, and turns the current one round", () => {
    expect(nextSort({ sort: "created", dir: "desc" }, "latency_p99_ms")).toEqual({ sort: "latency_p99_ms", dir: "desc" });
    expect(nextSort({ sort: "latency_p99_ms", dir: "desc" }, "latency_p99_ms")).toEqual({ sort: "latency_p99_ms", dir: "asc" });
    expect(nextSort({ sort: "latency_p99_ms", dir: "asc" }, "latency_p99_ms")).toEqual({ sort: "latency_p99_ms", dir: "desc" });
  });
});

describe("the columns shown", () => {
  const storage = () => {
    const items = new Map<string, string>();
    return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
  };

  it("are the URL's, else this browser's last choice, else the defaults", () => {
    const s = storage();
    expect(shownColumns(DEFAULTS, s)).toEqual(DEFAULT_COLUMNS);
    rememberColumns(["latency_p95_ms", "params"], s);
    expect(shownColumns(DEFAULTS, s)).toEqual(["latency_p95_ms", "params"]); // the table's order
    expect(shownColumns({ ...DEFAULTS, cols: ["bound"] }, s)).toEqual(["bound"]);
    expect(shownColumns(DEFAULTS, null)).toEqual(DEFAULT_COLUMNS);
  });

  it("still work when the browser refuses to store anything", () => {
    const refusing = {
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(() => rememberColumns(["rps"], refusing)).not.toThrow();
  });
});

describe("page status", () => {
  it("counts pages when the total is exact", () => {
    expect(pageStatus({ total: 120, total_exact: true, next_cursor: "c" }, 2, 50)).toEqual({ text: "120 runs · page 2 of 3", pages: 3, hasNext: true });
    expect(pageStatus({ total: 120, total_exact: true, next_cursor: null }, 3, 50).hasNext).toBe(false);
    expect(pageStatus({ total: 0, total_exact: true, next_cursor: null }, 1, 50).pages).toBe(1);
  });

  it("says 'more than' past the API's count, and follows the cursor for Next", () => {
    expect(pageStatus({ total: 10_000, total_exact: false, next_cursor: "c" }, 300, 50)).toEqual({
      text: "More than 10,000 runs · page 300",
      pages: null,
      hasNext: true,
    });
    expect(pageStatus({ total: 10_000, total_exact: false, next_cursor: null }, 300, 50).hasNext).toBe(false);
  });
});
