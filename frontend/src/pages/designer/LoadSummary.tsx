// Beside the Load section: the load profile in one paragraph (tool, loop, concurrency, time,
// request), the endpoint it hits, and the connection limits HAProxy sets in its way, so the
// profile can be read against the config without scrolling between them.
import { valueText } from "../../format/text";
import { fieldInfo } from "./schemaHelp";
import { getIn } from "./specPath";
import { OPEN_LOOP_DRIVER, SQL_DRIVER } from "./loadDriver";

/** The spec's value at `path`, or the schema's default. */
function valueAt(spec: unknown, path: string): unknown {
  return getIn(spec, path) ?? fieldInfo(path).default;
}

export function LoadSummary({ spec }: { spec: Record<string, unknown> }) {
  const v = (path: string) => valueAt(spec, path);
  const driver = valueText(v("load.driver"), "hey");
  const connections = Number(v("load.connections"));
  const rate = v("load.rate");
  const isSql = driver === SQL_DRIVER;
  const openLoop = rate != null && rate !== "" && !isSql;
  const path = valueText(v("load.path"), "/");
  const endpoints = (getIn(spec, "target.endpoints") as Record<string, unknown>[] | undefined) ?? [];
  const endpoint = endpoints.find((e) => e.path === path);
  const limits = connectionLimits(spec);
  const lowest = limits.reduce<number | null>((min, l) => (min == null || l.total < min ? l.total : min), null);
  const timeout = v("load.request_timeout_s");
  return (
    <section className="side-context" aria-labelledby="load-summary-title" data-testid="load-summary">
      <h3 id="load-summary-title">Load profile</h3>
      <ul className="facts">
        <li>
          <strong>{driver}</strong>, {openLoop ? `open loop at ${valueText(rate)} req/s` : driver === OPEN_LOOP_DRIVER && !isSql ? "no rate set: a closed loop" : "closed loop (the next request when an answer comes)"}
        </li>
        <li>
          {connections} {isSql ? "SQL clients" : "connections"} on {valueText(v("load.threads"), "1")} thread{v("load.threads") === 1 ? "" : "s"}
        </li>
        <li>
          {valueText(v("load.duration_s"))} s measured after {valueText(v("load.warmup_s"), "0")} s of warm-up
        </li>
        {isSql ? (
          <li>
            <code>{valueText(getIn(spec, "load.sql.query"), "SELECT 1")}</code>, {valueText(getIn(spec, "load.sql.number_of_queries") ?? fieldInfo("load.sql.number_of_queries").default)} statements
            {getIn(spec, "load.via") === "direct" ? ", straight to the database (baseline without HAProxy)" : ", through HAProxy"}
          </li>
        ) : (
          <li>
            {valueText(v("load.method"), "GET")} <code>{path}</code> over HTTP/{valueText(v("load.http_version"), "1.1")}
            {v("load.keep_alive") === false ? ", a new connection per request" : ", keep-alive"}
            {v("load.tls") ? ", TLS" : ""}
            {timeout != null ? `, request timeout ${valueText(timeout)} s` : ""}
          </li>
        )}
        {!isSql && endpoint && (
          <li>
            <code>{path}</code> answers {valueText(endpoint.status, "200")} after {valueText(endpoint.delay_ms, "0")} ms
            {endpoint.body_bytes != null ? ` with ${valueText(endpoint.body_bytes)} bytes` : ""}
          </li>
        )}
        {!isSql && endpoints.length > 0 && !endpoint && <li className="field-warning">the target has no endpoint {path}</li>}
      </ul>
      {limits.length > 0 && (
        <>
          <h4>Connection limits in HAProxy</h4>
          <ul className="facts">
            {limits.map((l) => (
              <li key={l.what}>
                {l.what}: {l.text}
              </li>
            ))}
          </ul>
          {lowest != null && Number.isFinite(connections) && connections > lowest && (
            <p className="notice small">
              {connections} connections, more than the lowest limit ({lowest}): the rest wait in a queue, which is what a
              maxconn sweep measures.
            </p>
          )}
        </>
      )}
    </section>
  );
}

type Limit = { what: string; text: string; total: number };

/** The maxconn values the spec sets, each with how many connections it lets through in all. */
function connectionLimits(spec: unknown): Limit[] {
  const limits: Limit[] = [];
  const global = getIn(spec, "proxy.global.maxconn");
  if (typeof global === "number") limits.push({ what: "global maxconn", text: String(global), total: global });
  for (const kind of ["frontends", "listens"] as const) {
    const sections = (getIn(spec, `proxy.${kind}`) as Record<string, unknown>[] | undefined) ?? [];
    for (const s of sections) {
      if (typeof s.maxconn === "number") limits.push({ what: `${kind.slice(0, -1)} ${valueText(s.name)} maxconn`, text: String(s.maxconn), total: s.maxconn });
    }
  }
  const upstreams = Number(getIn(spec, "target.servers") ?? 1);
  for (const kind of ["backends", "listens"] as const) {
    const pools = (getIn(spec, `proxy.${kind}`) as Record<string, unknown>[] | undefined) ?? [];
    for (const pool of pools) {
      const perServer = getIn(pool, "target_servers.maxconn");
      if (typeof perServer === "number" && perServer > 0) {
        limits.push({
          what: `${kind.slice(0, -1)} ${valueText(pool.name)} server maxconn`,
          text: `${perServer} × ${upstreams} server${upstreams === 1 ? "" : "s"}`,
          total: perServer * upstreams,
        });
      }
    }
  }
  return limits;
}
