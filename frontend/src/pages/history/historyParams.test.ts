import { describe, expect, it } from "vitest";

import { DEFAULTS, parse, toQuery, toSearch } from "./historyParams";

describe("history URL state", () => {
  it("round-trips filters through the URL and drops defaults", () => {
    const f = { ...DEFAULTS, experiment: 3, states: ["failed", "cancelled"] as const, tag: "maxconn", order: "oldest" as const, page: 2 };
    const search = toSearch({ ...f, states: [...f.states] });
    expect(search.toString()).toBe("experiment=3&state=failed%2Ccancelled&tag=maxconn&order=oldest&page=2");
    expect(parse(search)).toEqual({ ...f, states: ["failed", "cancelled"] });
    expect(toSearch(DEFAULTS).toString()).toBe("");
  });

  it("ignores what it does not understand", () => {
    const f = parse(new URLSearchParams("experiment=x&state=nope,failed&from=yesterday&size=7&page=-1"));
    expect(f).toEqual({ ...DEFAULTS, states: ["failed"] });
  });

  it("turns page and dates into the API query (until is the next local midnight)", () => {
    const q = toQuery({ ...DEFAULTS, page: 3, size: 25, from: "2026-01-02", to: "2026-01-02" });
    expect(q.offset).toBe(50);
    expect(q.limit).toBe(25);
    expect(Date.parse(q.until!) - Date.parse(q.since!)).toBe(24 * 3600 * 1000);
  });
});
