import { describe, expect, it } from "vitest";

import type { MetricRegistry, RunDetail } from "../../client/types.gen";
import { clientProxySides, type SideRow } from "./sides";

// The registry entries the table reads (contract/metrics.py); "Requests" is renamed to prove the
// labels come from the registry and not from the table's code.
const m = (key: string, label: string, unit = "", source: "client" | "haproxy" = "client") => ({ key, label, unit, source, path: key, description: `${label}.` });
const REGISTRY: MetricRegistry = {
  run_metrics: [
    m("requests", "Requests (registry)"),
    m("successes", "Successes"),
    m("errors_total", "Errors"),
    m("errors_connect", "Connect errors"),
    m("errors_timeout", "Timeouts"),
    m("errors_non_2xx", "Non-2xx replies"),
    m("errors_other", "Other errors"),
    m("bytes_per_s", "Received", "B/s"),
    m("duration_s", "Measured", "s"),
    m("proxy_requests", "HAProxy requests", "", "haproxy"),
    m("proxy_2xx", "HAProxy 2xx replies", "", "haproxy"),
    m("proxy_4xx", "HAProxy 4xx replies", "", "haproxy"),
    m("proxy_5xx", "HAProxy 5xx replies", "", "haproxy"),
    m("proxy_econ", "Server connect errors", "", "haproxy"),
    m("proxy_eresp", "Server response errors", "", "haproxy"),
    m("proxy_bytes_out_per_s", "HAProxy sent", "B/s", "haproxy"),
    m("proxy_avg_qtime_ms", "HAProxy queue time", "ms", "haproxy"),
    m("proxy_avg_ttime_ms", "HAProxy total time", "ms", "haproxy"),
    m("proxy_max_scur", "Max client sessions", "", "haproxy"),
    m("proxy_max_qcur", "Max queued", "", "haproxy"),
    m("proxy_connects", "Server connects", "", "haproxy"),
    m("proxy_reuses", "Server reuses", "", "haproxy"),
    m("proxy_max_server_conns", "Max server connections", "", "haproxy"),
    m("warmup_responses", "Answers in the warm-up"),
    m("drain_responses", "Answers after the window"),
  ],
  sample_series: [],
};

type Summary = NonNullable<RunDetail["summary"]>;
const latency = { p50: 4, p90: 8, p95: 9, p99: 12, p999: 20, max: 31, mean: 5 };

function run(opts: {
  total?: Partial<Summary["total"]>;
  proxy?: Summary["proxy"];
  load?: Partial<RunDetail["spec"]["load"]>;
  warnings?: string[];
  caveats?: { kind: "counts_disagree" | "above_link_cap" | "figures_disagree"; sentence: string; evidence?: { name: string; label: string; value: number }[] }[];
  capMbit?: number;
}): Pick<RunDetail, "summary" | "spec" | "environment"> {
  return {
    summary: {
      total: { requests: 1000, successes: 1000, duration_s: 5, rps: 200, bytes_per_s: 22_500_000, latency, ...opts.total },
      injectors: [{ agent: "inj-1", driver: "hey", requests: 0, successes: 0, duration_s: 5, rps: 0, bytes_per_s: 0, warnings: opts.warnings ?? [] }],
      proxy: opts.proxy === undefined ? { requests: 1000, hrsp_2xx: 1000, bytes_out_per_s: 22_600_000, connects: 41, reuses: 959, max_scur: 10, maxconn: 10, max_qcur: 0 } : opts.proxy,
      verdict: { kind: "concurrency", sentence: "", caveats: opts.caveats ?? [] },
    },
    spec: { load: { driver: "hey", connections: 10, duration_s: 5, warmup_s: 0, ...opts.load } } as RunDetail["spec"],
    environment: opts.capMbit ? { link_shaping: { agent: "proxy-1", settings: { links: [{ interface: "veth-inj", rate_mbit: opts.capMbit }] } } } : {},
  };
}

const rows = (r: ReturnType<typeof run>): Record<string, SideRow> => Object.fromEntries(clientProxySides(r, REGISTRY).rows.map((row) => [row.id, row]));

describe("clients and HAProxy side by side", () => {
  it("names rows and units from the registry, never raw counters", () => {
    const { clientsTitle, rows: list } = clientProxySides(run({}), REGISTRY);
    expect(clientsTitle).toBe("Clients (hey)");
    const byId = Object.fromEntries(list.map((row) => [row.id, row]));
    expect(byId.requests.label).toBe("Requests (registry)");
    expect(byId.bytes.clients).toMatchObject({ text: "22.5 MB/s", metric: "bytes_per_s", title: "Received." });
    expect(byId.bytes.haproxy).toMatchObject({ text: "22.6 MB/s", metric: "proxy_bytes_out_per_s" });
    expect(byId.sessions.haproxy).toMatchObject({ text: "10", warn: true, hint: "most at once, of maxconn 10" });
    expect(byId.reuses.haproxy?.hint).toBe("95.9 % of server requests");
    for (const row of list) expect(row.label).not.toMatch(/_|hrsp|qcur|scur/);
  });

  it("says nothing under rows whose sides agree", () => {
    const r = rows(run({}));
    expect(r.requests.note).toBeUndefined();
    expect(r.successes.note).toBeUndefined();
    expect(r.bytes.note).toBeUndefined();
  });

  it("quotes the check's caveat on the requests, from the comparisons of their parts", () => {
    const warmedUp = { total: { requests: 160, successes: 160, window_source: "tool_records" as const }, proxy: { requests: 80, hrsp_2xx: 80 }, load: { warmup_s: 5, duration_s: 5 } };
    const check = "the clients' successes (hey's report) is 160, HAProxy's 2xx answers in the measured seconds 80: ...";
    const errors = "the clients' non-2xx replies (wrk's report) is 0, HAProxy's 3xx/4xx/5xx/other answers 40: ...";
    const evidence = (key: string) => [{ name: `${key}.first`, label: "", value: 0 }];
    const r = rows(run({ ...warmedUp, warnings: ["hey reports once at the end: the summary includes the warm-up seconds"], caveats: [{ kind: "figures_disagree", sentence: check, evidence: evidence("successes_vs_haproxy") }] }));
    expect([r.requests.clients?.text, r.requests.haproxy?.text]).toEqual(["160", "80"]);
    // The worker's words, not the tool's warning (no regex over it decides anything).
    expect(r.requests.note).toBe(check);
    const onErrors = rows(run({ total: { requests: 1000, successes: 1000, window_source: "tool_records" }, proxy: { requests: 1040, hrsp_2xx: 1000 }, caveats: [{ kind: "figures_disagree", sentence: errors, evidence: evidence("errors_vs_haproxy") }] }));
    expect(onErrors.requests.note).toBe(errors);
    expect(onErrors.successes.note).toBeUndefined();
  });

  it("leaves a gap in the requests to the check of their parts when it agreed, and says when a run was never checked", () => {
    const refused = rows(run({ total: { requests: 1500, errors: { connect: 480, total: 480 }, window_source: "tool_records" }, proxy: { requests: 1000, hrsp_2xx: 1000 } }));
    expect(refused.requests.note).toMatch(/^The run's consistency check held the successes and the non-2xx replies/);
    expect(refused.errors_connect.clients).toMatchObject({ text: "480", warn: true });
    // Recorded before the check: no reading of the page's own, just that it was never checked.
    const old = rows(run({ total: { requests: 1000 }, proxy: { requests: 985, hrsp_2xx: 1000 } }));
    expect(old.requests.note).toBe("Recorded before haplab held a run's figures to each other: this difference was never checked.");
  });

  it("quotes an older run's counts_disagree for successes", () => {
    const sentence = "HAProxy answered 300 more 2xx than the clients counted as successes: clients that gave up before the answer came (0 timeouts) or closed early still cost HAProxy a reply. Figures read from one side do not describe the other.";
    const r = rows(run({ total: { requests: 700, successes: 700 }, proxy: { requests: 1000, hrsp_2xx: 1000 }, caveats: [{ kind: "counts_disagree", sentence }] }));
    expect(r.successes.note).toBe(sentence);
    // The consistency check's caveat on the successes, not another of its comparisons.
    const check = "the clients' successes (the clients' report (wrk)) is 700, HAProxy's 2xx answers in the measured seconds (...) 1,000: ...";
    const evidence = (key: string) => [{ name: `${key}.first`, label: "", value: 0 }];
    const both = rows(run({ total: { requests: 700, successes: 700, window_source: "tool_records" }, proxy: { requests: 1000, hrsp_2xx: 1000 },
      caveats: [{ kind: "figures_disagree", sentence: "the seconds the clients' figures cover ...", evidence: evidence("window") }, { kind: "figures_disagree", sentence: check, evidence: evidence("successes_vs_haproxy") }] }));
    expect(both.successes.note).toBe(check);
  });

  it("leaves the successes to the run's consistency check when it ran and agreed", () => {
    // 1,000 vs 930: inside the check's allowance (no caveat).
    const checked = rows(run({ total: { successes: 930, window_source: "tool_records" }, proxy: { requests: 1000, hrsp_2xx: 1000 } }));
    expect(checked.successes.note).toMatch(/^Within what the window's edges explain \(the run's consistency check\)/);
    expect(rows(run({ total: { successes: 930 }, proxy: { requests: 1000, hrsp_2xx: 1000 } })).successes.note).toMatch(/never checked/);
  });

  it("quotes the check's verdict on a checked run, never re-judging it with the tools' warnings or its own edges", () => {
    const check = "the clients' successes (hey's report) is 160, HAProxy's 2xx answers in the measured seconds 80: ...";
    const evidence = [{ name: "successes_vs_haproxy.first", label: "", value: 160 }];
    const warmedUp = { total: { requests: 160, successes: 160, window_source: "tool_records" as const }, proxy: { requests: 80, hrsp_2xx: 80 }, load: { warmup_s: 5, duration_s: 5 } };
    const warning = ["hey reports once at the end: its own summary includes the warm-up seconds"];
    expect(rows(run({ ...warmedUp, warnings: warning, caveats: [{ kind: "figures_disagree", sentence: check, evidence }] })).successes.note).toBe(check);
    // The worker said they agree (no caveat): its agreement, not the page's edges or the warning.
    expect(rows(run({ ...warmedUp, warnings: warning })).successes.note).toMatch(/^Within what the window's edges explain \(the run's consistency check\)/);
    expect(rows(run({ ...warmedUp, total: { successes: 2000, window_source: "tool_records" } })).successes.note).toMatch(/the run's consistency check/);
    // Equal counts the check passed: nothing to say.
    expect(rows(run({ total: { window_source: "tool_records" } })).successes.note).toBeUndefined();
  });

  it("says a direct run bypassed HAProxy", () => {
    expect(rows(run({ load: { via: "direct" }, proxy: { requests: 3, hrsp_2xx: 3 } })).requests.note).toMatch(/via direct/);
  });

  it("explains bytes: the link cap, the caveat, a tool that counts none", () => {
    const capped = rows(run({ total: { bytes_per_s: 22_000_000 }, proxy: { requests: 1000, hrsp_2xx: 1000, bytes_out_per_s: 40_000_000 }, capMbit: 180 }));
    expect(capped.bytes.note).toBe("HAProxy counts bytes handed to the kernel; the clients count what came through the 180 Mbit/s link cap.");
    const above = rows(run({ caveats: [{ kind: "above_link_cap", sentence: "The clients report 30 MB/s, above the 22.5 MB/s ..." }], total: { bytes_per_s: 30_000_000 } }));
    expect(above.bytes.note).toBe("The clients report 30 MB/s, above the 22.5 MB/s ...");
    const none = rows(run({ total: { bytes_per_s: 0 } }));
    expect(none.bytes.clients?.text).toBe("not counted");
    expect(none.bytes.note).toBe("The load tool counts no bytes: HAProxy's count is the only one.");
  });

  it("shows HAProxy's 4xx and 5xx next to the clients' non-2xx, and a run without HAProxy data on one side", () => {
    const r = rows(run({ total: { errors: { non_2xx: 7, total: 7 } }, proxy: { requests: 1000, hrsp_2xx: 993, hrsp_4xx: 2, hrsp_5xx: 5 } }));
    expect(r.non_2xx.clients?.text).toBe("7");
    expect(r.non_2xx.haproxy?.text).toBe("2 4xx · 5 5xx");
    const noProxy = rows(run({ proxy: null }));
    expect(noProxy.requests.haproxy).toBeNull();
    expect(noProxy.sessions).toBeUndefined();
  });

  it("says a latency the tool does not measure is not measured, and names TCP mode's session time", () => {
    // Seed 001: mariadb-slap through a TCP-mode listen; HAProxy's ttime is a whole session.
    const slap = run({
      total: { requests: 2000, successes: 2000, latency: null, latency_note: "not measured by mariadb-slap" },
      proxy: { requests: 0, avg_ttime_ms: 319, mode: "tcp", max_qcur: 0 },
    });
    const rows = clientProxySides(slap, REGISTRY).rows;
    const byId = (id: string) => rows.find((r) => r.id === id);
    expect(byId("latency")?.clients).toMatchObject({ text: "not measured by mariadb-slap", warn: false });
    expect(byId("mean_time")?.label).toBe("Mean session time (TCP mode: a whole client connection)");
    expect(byId("mean_time")?.note).toContain("every query a client ran on its connection");
  });

  it("says HAProxy's queue time is an average of earlier requests when nothing queued in the window", () => {
    const queued = run({ proxy: { requests: 1000, hrsp_2xx: 1000, avg_qtime_ms: 120, max_qcur: 0, averaged_before_window: 300 } });
    const qtime = clientProxySides(queued, REGISTRY).rows.find((r) => r.id === "qtime");
    expect(qtime?.haproxy).toMatchObject({ text: "120 ms", hint: "avg of its last 1,024 requests, 300 from before the window" });
    expect(qtime?.note).toBe(
      "Nothing was queued at any of the window's seconds (max queued 0): this average is of HAProxy's last 1,024 requests, 300 of them from before the window.",
    );
  });

  it("lists the warm-up's and the drain's answers apart from the window's", () => {
    const r = run({ total: { warmup_responses: 18, drain: { responses: 2, last_after_s: 0.4 } } });
    const rows = clientProxySides(r, REGISTRY).rows;
    expect(rows.find((x) => x.id === "warmup")?.clients).toMatchObject({ text: "18", hint: "before the window; not in the rate" });
    expect(rows.find((x) => x.id === "drain")).toMatchObject({ label: "Answers after the window", clients: { text: "2" } });
  });
});
