import { describe, expect, it } from "vitest";

import { defaultSpec } from "./defaultSpec";
import { setIn } from "./specPath";
import { groupParameters, kindText, proposeValues, sweepableParameters, type SweepParameter } from "./sweepParameters";
import { sweepPoints } from "./sweepPoints";

const byPath = (spec: Record<string, unknown>) => new Map(sweepableParameters(spec).map((p) => [p.path, p]));

describe("sweepable parameters from the spec's JSON Schema", () => {
  const params = byPath(defaultSpec());

  it("lists HAProxy, load and target settings with plain labels, groups, types and bounds", () => {
    expect(params.get("proxy.global.maxconn")).toMatchObject({ group: "HAProxy global", label: "maxconn", type: "integer", minimum: 1, current: 2000 });
    expect(params.get("proxy.global.nbthread")).toMatchObject({ type: "integer", minimum: 1, maximum: 64 });
    expect(params.get("proxy.global.tune_bufsize")).toMatchObject({ label: "tune.bufsize", minimum: 1024 });
    expect(params.get("load.path")).toMatchObject({ type: "text", current: "/fast" });
    expect(params.get("proxy.defaults.timeouts.connect")).toMatchObject({ group: "HAProxy defaults", label: "timeout connect (ms)", current: 5000 });
    expect(params.get("proxy.backends.0.http_reuse")).toMatchObject({ group: "backend be", label: "http-reuse", type: "enum", choices: ["never", "safe", "aggressive", "always"] });
    expect(params.get("proxy.frontends.0.maxconn")).toMatchObject({ group: "frontend fe", label: "maxconn" });
    expect(params.get("proxy.backends.0.target_servers.maxconn")).toMatchObject({ group: "servers of backend be", label: "t1..tN maxconn", maximum: 9900 });
    expect(params.get("proxy.backends.0.target_servers.proto")).toMatchObject({ type: "enum", choices: [null, "h2"] });
    expect(params.get("load.duration_s")).toMatchObject({ group: "load", label: "duration (s)", minimum: 1, maximum: 3600, current: 30 });
    expect(params.get("load.keep_alive")).toMatchObject({ type: "boolean" });
    expect(params.get("target.servers")).toMatchObject({ group: "target", label: "servers", maximum: 64 });
    expect(params.get("target.endpoints.1.delay_ms")).toMatchObject({ label: "endpoint /slow delay (ms)", current: 3000 });
  });

  it("leaves out lists, names, a union's kind and blocks the spec does not have", () => {
    for (const path of ["proxy.global.extra", "proxy.backends.0.name", "proxy.frontends.0.default_backend", "target.kind",
      "proxy.backends.0.target_servers.ssl.verify", "proxy.backends.0.health_check.method", "load.sql.iterations", "target.max_connections", "load.headers",
      "proxy.frontends.0.bind.address", "target.endpoints.0.path"]) {
      expect(params.has(path), path).toBe(false);
    }
    expect([...params.keys()].every((p) => /^(proxy|target|load)\./.test(p))).toBe(true);
  });

  it("follows the spec: the SQL workload of mariadb-slap, the chosen health check, a managed database", () => {
    let spec = setIn(defaultSpec(), "load", { driver: "mariadb-slap", connections: 10, sql: { query: "SELECT 1" } });
    spec = setIn(spec, "proxy.backends.0.health_check", { kind: "http", path: "/health" });
    spec = setIn(spec, "target", { kind: "mariadb" });
    const p = byPath(spec);
    expect(p.get("load.sql.iterations")).toMatchObject({ type: "integer", minimum: 1 });
    expect(p.get("proxy.backends.0.health_check.method")).toMatchObject({ choices: ["GET", "HEAD", "OPTIONS"] });
    expect(p.get("target.max_connections")).toMatchObject({ minimum: 10, maximum: 10000 });
    expect(p.has("target.servers")).toBe(false);
  });

  it("offers `*` for every element of a list of two or more", () => {
    const spec = setIn(defaultSpec(), "proxy.backends.1", { name: "be2", target_servers: {} });
    const p = byPath(spec);
    expect(p.get("proxy.backends.1.balance")).toMatchObject({ group: "backend be2" });
    expect(p.get("proxy.backends.*.http_reuse")).toMatchObject({ group: "every backend", label: "http-reuse" });
    expect(p.get("proxy.backends.*.target_servers.maxconn")).toMatchObject({ group: "servers of every backend" });
    expect(p.has("proxy.frontends.*.maxconn")).toBe(false);
  });

  it("groups HAProxy first, then load, then target", () => {
    const groups = groupParameters(sweepableParameters(defaultSpec())).map(([g]) => g);
    expect(groups.slice(0, 2)).toEqual(["HAProxy global", "HAProxy defaults"]);
    expect(groups.slice(-2)).toEqual(["load", "target"]);
  });

  it("says the type and bounds in words", () => {
    expect(kindText(params.get("proxy.global.nbthread")!)).toBe("whole number, 1 to 64");
    expect(kindText(params.get("proxy.global.maxconn")!)).toBe("whole number, at least 1");
    expect(kindText(params.get("proxy.backends.0.http_reuse")!)).toBe("one of never, safe, aggressive, always");
    expect(kindText(params.get("load.keep_alive")!)).toBe("yes or no");
  });
});

describe("proposed sweep values", () => {
  const params = byPath(defaultSpec());
  const p = (path: string): SweepParameter => params.get(path)!;

  it("steps connection limits around the load's connections", () => {
    expect(proposeValues(p("proxy.global.maxconn"), { connections: 50 })).toEqual([20, 40, 60, 80, 100]);
    expect(proposeValues(p("proxy.backends.0.target_servers.maxconn"), { connections: 10 })).toEqual([5, 10, 15, 20, 25]);
    expect(proposeValues(p("load.connections"), { connections: 50 })).toEqual([20, 40, 60, 80, 100]);
  });

  it("gives every choice of an enum, both booleans, and nbthread 1..cores", () => {
    expect(proposeValues(p("proxy.backends.0.http_reuse"))).toEqual(["never", "safe", "aggressive", "always"]);
    expect(proposeValues(p("load.keep_alive"))).toEqual([true, false]);
    expect(proposeValues(p("proxy.global.nbthread"), { cores: 3 })).toEqual([1, 2, 3]);
    expect(proposeValues(p("proxy.global.nbthread"))).toEqual([1, 2, 3, 4]);
  });

  it("spreads other numbers around their value, within the bounds", () => {
    expect(proposeValues(p("proxy.defaults.timeouts.connect"))).toEqual([1300, 2500, 5000, 10000, 20000]);
    expect(proposeValues(p("load.duration_s"))).toEqual([8, 15, 30, 60, 120]);
    expect(proposeValues({ ...p("load.threads"), current: 40 })).toEqual([10, 20, 40]);
    expect(proposeValues(p("load.rate"))).toEqual([1, 10, 100, 1000, 10000]); // no value yet: a log spread
  });
});

describe("sweep points", () => {
  it("expands in run order, the first axis slowest, linked paths along", () => {
    const { points, total } = sweepPoints(
      [
        { path: "a", values: [1, 2] },
        { path: "b", values: ["x", "y", "z"], linked: [{ path: "c", values: [true, false, null] }] },
      ],
      4,
    );
    expect(total).toBe(6);
    expect(points).toEqual([
      { a: 1, b: "x", c: true },
      { a: 1, b: "y", c: false },
      { a: 1, b: "z", c: null },
      { a: 2, b: "x", c: true },
    ]);
    expect(sweepPoints([], 10)).toEqual({ points: [{}], total: 1 });
  });
});
