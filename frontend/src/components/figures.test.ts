import { describe, expect, it } from "vitest";

import type { InjectorSummary, LoadTotals, RunSummary } from "../client/types.gen";
import { keyFigures } from "./keyFigures";
import { BOUNDS, boundInfo, formatEvidence } from "./verdict";

const totals = (t: Partial<LoadTotals> = {}): LoadTotals => ({ requests: 0, successes: 0, duration_s: 10, rps: 0, bytes_per_s: 0, ...t });
const summary = ({ total, ...rest }: Omit<Partial<RunSummary>, "total"> & { total?: Partial<LoadTotals> }): RunSummary => ({ ...rest, total: totals(total) });
const injector = (i: Partial<InjectorSummary>): InjectorSummary => ({ ...totals(), agent: "inj", driver: "mariadb-slap", ...i });

describe("verdicts", () => {
  it("labels every bound kind and falls back for new ones", () => {
    for (const kind of Object.keys(BOUNDS)) expect(boundInfo(kind).label).toBeTruthy();
    expect(boundInfo("something_new")).toBe(BOUNDS.unknown);
    expect(boundInfo("client_cpu").meaning).toMatch(/clients, not HAProxy/);
  });

  it("formats evidence with units, bytes per second in MB/s", () => {
    expect(formatEvidence({ value: 22_500_000, unit: "B/s" })).toBe("22.5 MB/s");
    expect(formatEvidence({ value: 97.24, unit: "%" })).toBe("97.2 %");
    expect(formatEvidence({ value: 1234.56, unit: "req/s" })).toBe("1,235 req/s");
    expect(formatEvidence({ value: 0.125, unit: "" })).toBe("0.13");
  });
});

describe("key figures", () => {
  it("shows nothing for an empty or missing summary", () => {
    expect(keyFigures(null)).toEqual([]);
    expect(keyFigures(summary({ total: { bytes_per_s: 0 } }))).toEqual([]);
  });

  it("reads mariadb-slap's SQL block", () => {
    const groups = keyFigures(
      summary({
        total: { rps: 5000, bytes_per_s: 0 },
        injectors: [injector({ sql: { iterations: 3, clients: 50, queries_per_client: 2000, avg_s: 1.2345, min_s: 1.1, max_s: 1.4, queries_per_s: 81004.2 } })],
      }),
    );
    expect(groups.map((g) => g.id)).toEqual(["sql"]);
    const values = Object.fromEntries(groups[0].figures.map((f) => [f.label, f.value]));
    expect(values).toMatchObject({ "seconds per iteration": "1.235 s", "queries/s": "81,004.2", "clients × queries each": "50 × 2,000", iterations: "3" });
  });

  it("reads the open loop and flags late, dropped and short sends", () => {
    const [g] = keyFigures(
      summary({
        total: { open_loop: { target_rate: 200, sent: 1900, send_rate: 190, late_sends: 4, dropped_sends: 0, max_send_lag_ms: 44.2, late_threshold_ms: 10 } },
      }),
    );
    expect(g.id).toBe("open_loop");
    const byLabel = Object.fromEntries(g.figures.map((f) => [f.label, f]));
    expect(byLabel["sent rate"]).toMatchObject({ value: "190 req/s", warn: true, hint: "requests sent, 95 % of the schedule's target" });
    expect(byLabel["late sends"]).toMatchObject({ value: "4", warn: true });
    expect(byLabel["dropped sends"].warn).toBe(false);
    expect(byLabel["worst send lag"].value).toBe("44.2 ms");
  });

  it("greys the figures of a window too short to measure, and says so", () => {
    // Seed 001 in the browser suite before: 2,000 queries in 0.2 s of the 5 s asked.
    const s = summary({
      total: { rps: 8928.6, bytes_per_s: 0 },
      injectors: [injector({ sql: { iterations: 1, clients: 20, queries_per_client: 100, avg_s: 0.224, min_s: 0.224, max_s: 0.224, queries_per_s: 8928.6 } })],
    });
    s.completeness = { complete: false, asked_s: 5, measured_s: 0.224, too_short: true, reasons: [] };
    const [g] = keyFigures(s);
    expect(g.title).toBe("SQL (mariadb-slap): too short to measure");
    expect(g.figures.every((f) => f.muted && !f.warn)).toBe(true);
  });
});
