import { describe, expect, it } from "vitest";

import { fieldInfo } from "./schemaHelp";
import { getIn, setIn } from "./specPath";
import { DEFAULT_SQL, loadForDriver, openLoopMissingRate } from "./loadDriver";
import { RUN_OVERHEAD_S, estimateSweep, probeCountBound } from "./sweepEstimate";
import { DefaultRunOverheadSecondsSchema } from "../../client/schemas.gen";
import { serverTlsWithVerify } from "./tls";
import { formatSweepValues, parseSweepValues } from "./sweepValues";

describe("spec paths", () => {
  const spec = { proxy: { global: { maxconn: 20 }, backends: [{ name: "be", balance: "roundrobin" }] } };

  it("reads objects and list elements", () => {
    expect(getIn(spec, "proxy.global.maxconn")).toBe(20);
    expect(getIn(spec, "proxy.backends.0.name")).toBe("be");
    expect(getIn(spec, "proxy.frontends.0.name")).toBeUndefined();
  });

  it("writes a copy and keeps untouched branches", () => {
    const next = setIn(spec, "proxy.backends.0.balance", "leastconn");
    expect(getIn(next, "proxy.backends.0.balance")).toBe("leastconn");
    expect(spec.proxy.backends[0].balance).toBe("roundrobin");
    expect(next.proxy.global).toBe(spec.proxy.global);
  });

  it("removes a key on undefined and creates missing containers", () => {
    expect(getIn(setIn(spec, "proxy.global.maxconn", undefined), "proxy.global")).toEqual({});
    expect(setIn({}, "load.headers.x", "1")).toEqual({ load: { headers: { x: "1" } } });
    expect(setIn({}, "axes.0.path", "p")).toEqual({ axes: [{ path: "p" }] });
  });
});

describe("sweep values", () => {
  it("parses lists into JSON scalars", () => {
    expect(parseSweepValues("20, 40 60")).toEqual({ values: [20, 40, 60] });
    expect(parseSweepValues("never safe always")).toEqual({ values: ["never", "safe", "always"] });
    expect(parseSweepValues("true, false")).toEqual({ values: [true, false] });
    expect(parseSweepValues("h1 null")).toEqual({ values: ["h1", null] });
  });

  it("expands ranges with a step", () => {
    expect(parseSweepValues("20..100 step 20")).toEqual({ values: [20, 40, 60, 80, 100] });
    expect(parseSweepValues("1..4")).toEqual({ values: [1, 2, 3, 4] });
    expect(parseSweepValues("0.1..0.3 step 0.1")).toEqual({ values: [0.1, 0.2, 0.3] });
  });

  it("refuses what the API would refuse", () => {
    expect(parseSweepValues("")).toHaveProperty("error");
    expect(parseSweepValues("10..1")).toHaveProperty("error");
    expect(parseSweepValues("1..1000")).toHaveProperty("error");
    expect(parseSweepValues("1, 1")).toHaveProperty("error");
  });

  it("formats back", () => {
    expect(formatSweepValues([20, "safe", true, null])).toBe("20, safe, true, null");
  });
});

describe("sweep estimate", () => {
  it("multiplies axes and repetitions; linked paths do not multiply", () => {
    const e = estimateSweep(
      {
        load: { duration_s: 60, warmup_s: 0 },
        repetitions: 3,
        sweep: {
          axes: [
            { path: "target.protocol", values: ["h1", "h2c"], linked: [{ path: "x", values: [null, "h2"] }] },
            { path: "proxy.backends.0.http_reuse", values: ["never", "safe", "aggressive", "always"] },
            { path: "load.keep_alive", values: [true, false] },
          ],
        },
      },
      15,
    );
    expect([e.points, e.runs, e.secondsPerRun, e.totalSeconds]).toEqual([16, 48, 75, 48 * 75]);
  });

  it("uses the mean of a swept duration and counts no sweep as one point", () => {
    const swept = estimateSweep(
      { load: { duration_s: 999, warmup_s: 5 }, sweep: { axes: [{ path: "load.duration_s", values: [10, 30] }] } },
      10,
    );
    expect(swept.totalSeconds).toBe(2 * (20 + 5 + 10));
    expect(estimateSweep({ load: { duration_s: 30 } }, 10)).toMatchObject({ points: 1, runs: 1, totalSeconds: 40 });
  });
});

describe("schema help", () => {
  it("finds the pydantic description of a nested field", () => {
    expect(fieldInfo("proxy.global.maxconn").description).toMatch(/concurrent connections/i);
    expect(fieldInfo("proxy.global.maxconn").nullable).toBe(true);
    expect(fieldInfo("load.duration_s")).toMatchObject({ type: "integer", minimum: 1, maximum: 3600 });
  });

  it("reads enums through list items and unions", () => {
    expect(fieldInfo("proxy.backends.0.http_reuse").enum).toEqual(["never", "safe", "aggressive", "always"]);
    expect(fieldInfo("load.http_version").enum).toEqual(["1.1", "2"]);
    expect(fieldInfo("target.servers").description).toMatch(/server processes/);
  });

  it("is empty for an unknown path", () => {
    expect(fieldInfo("proxy.nope.x").description).toBeUndefined();
  });
});

describe("seed features in the designer", () => {
  it("finds the schema's help for mariadb, via, sql, open loop and TLS knobs", () => {
    expect(fieldInfo("target.max_connections").description).toMatch(/max_connections/);
    expect(fieldInfo("load.via").enum).toEqual(["proxy", "direct"]);
    expect(fieldInfo("load.sql.number_of_queries").description).toMatch(/Total statements/);
    expect(fieldInfo("load.sql.schema_name").description).toMatch(/Schema/);
    expect(fieldInfo("load.rate").description).toMatch(/open loop/);
    expect(fieldInfo("proxy.frontends.0.bind.ssl").description).toMatch(/TLS/);
    expect(fieldInfo("proxy.backends.0.target_servers.ssl.verify").enum).toEqual(["none", "required"]);
    expect(fieldInfo("proxy.backends.0.target_servers.ssl.ca").description).toMatch(/lab CA/);
  });

  it("keeps the load valid when the driver changes", () => {
    const http = { driver: "vegeta", rate: 200, tls: true, headers: { a: "b" }, connections: 10 };
    const sql = loadForDriver(http, "mariadb-slap");
    expect(sql).toEqual({ driver: "mariadb-slap", connections: 10, sql: DEFAULT_SQL });
    const back = loadForDriver({ ...sql, via: "direct" }, "hey");
    expect(back).toEqual({ driver: "hey", connections: 10 });
    expect(openLoopMissingRate({ driver: "vegeta" })).toBe(true);
    expect(openLoopMissingRate({ driver: "vegeta", rate: 10 })).toBe(false);
    expect(openLoopMissingRate({ driver: "hey" })).toBe(false);
  });

  it("fills the lab CA name when server TLS verification is required", () => {
    expect(serverTlsWithVerify(undefined, "required")).toEqual({ verify: "required", ca: "lab-ca" });
    expect(serverTlsWithVerify({ verify: "required", ca: "my-ca", alpn: ["h2"] }, "none")).toEqual({ verify: "none", alpn: ["h2"] });
    expect(serverTlsWithVerify({ verify: "none", ca: "x" }, "required").ca).toBe("x");
  });

  it("estimates the API's orchestration per run, 3 s (DefaultRunOverheadSeconds in the OpenAPI document)", () => {
    expect(RUN_OVERHEAD_S).toBe(DefaultRunOverheadSecondsSchema.const);
    expect(RUN_OVERHEAD_S).toBe(3);
    expect(estimateSweep({ load: { duration_s: 30, warmup_s: 5 } }).secondsPerRun).toBe(38);
  });
});

describe("estimateSweep with a capacity search", () => {
  it("bounds the probes: climb from start to max, the steps down, the bisection, capped by max_probes", () => {
    // 100 -> 4000 at x2: 7 values climbing (100 ... 4000), 4 steps down, 8 bisecting to 1%, 2 confirming (as contract/search.py counts).
    expect(probeCountBound({ start: 100, max: 4000, precision: 0.01 })).toBe(Math.min(20, 7 + 4 + 8 + 2));
    expect(probeCountBound({ start: 100, max: 1600, precision: 0.1, confirm: false })).toBe(5 + 4 + 5);
    expect(probeCountBound({ start: 100, max: 4000, precision: "5%", max_probes: 10 })).toBe(10);
    const e = estimateSweep(
      { load: { duration_s: 30 }, sweep: { axes: [{ path: "proxy.global.maxconn", values: [10, 20] }] }, repetitions: 3, search: { start: 10, max: 80, precision: 0.05, probe: { duration_s: 4, warmup_s: 1 } } },
      5,
    );
    // 10 -> 80: 4 climbing, 4 down, 6 bisecting (5%), 2 confirming: 16 probes a search, 6 searches.
    expect(e).toMatchObject({ points: 2, runs: 6 * 16, secondsPerRun: 10, upTo: true });
  });
});
