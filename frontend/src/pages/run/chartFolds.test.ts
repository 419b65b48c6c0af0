import { describe, expect, it } from "vitest";

import { allZero, chartFolds, tcpOnly } from "./chartFolds";
import type { LiveRow } from "./liveSeries";

const http = { load: { driver: "hey" }, proxy: { defaults: { mode: "http" }, frontends: [{ mode: null }], listens: [] } } as never;
const row = (t: number, extra: Record<string, number | null> = {}): LiveRow => ({ t, req_s: 10, econ: 0, eresp: 0, ereq: null, http_5xx: 0, http_4xx: 0, srv_abrt: 0, cli_abrt: 0, ...extra });

describe("charts that do not apply to a run", () => {
  it("folds every HAProxy chart of a direct run under one reason", () => {
    const direct = { load: { driver: "mariadb-slap", via: "direct" }, proxy: { defaults: { mode: "tcp" }, listens: [{}] } } as never;
    const folds = chartFolds(direct, [row(0)], false, null);
    expect(folds.direct).toContain("load.via: direct");
    expect(folds.folded).toEqual({});
  });

  it("folds the requests chart of a proxy in TCP mode, live or finished", () => {
    const sql = { load: { driver: "mariadb-slap" }, proxy: { defaults: { mode: "tcp" }, frontends: [], listens: [{ mode: null }] } } as never;
    expect(tcpOnly(sql)).toBe(true);
    expect(chartFolds(sql, [], false, null).folded.rps).toContain("TCP mode");
    // One HTTP entry point is enough for requests to be counted.
    const mixed = { load: { driver: "hey" }, proxy: { defaults: { mode: "tcp" }, frontends: [{ mode: "http" }], listens: [{}] } } as never;
    expect(tcpOnly(mixed)).toBe(false);
    expect(tcpOnly(http)).toBe(false);
  });

  it("says 'no errors' for an errors chart at 0 in every second, only once the run ended", () => {
    const rows = [row(-1), row(0), row(1, { ereq: 0 })];
    expect(allZero(rows, ["econ", "ereq"])).toBe(true);
    expect(chartFolds(http, rows, false, null).folded.errors).toBeUndefined(); // live: the next second may bring one
    expect(chartFolds(http, rows, true, 0).folded.errors).toBe("No errors: every error counter stayed at 0 in each of the 3 seconds sampled.");
    // The clients' own errors are not contradicted: they are named as what HAProxy did not count.
    expect(chartFolds(http, rows, true, 6).folded.errors).toMatch(/^None at HAProxy: .* The clients counted 6 failed requests/);
  });

  it("keeps a chart with one error in one second, and an empty one", () => {
    expect(chartFolds(http, [row(0), row(1, { http_5xx: 0.5 })], true, 1).folded.errors).toBeUndefined();
    expect(chartFolds(http, [], true, null).folded.errors).toBeUndefined();
  });
});
