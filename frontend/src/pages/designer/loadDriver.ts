// Switching the load driver: keep the profile valid for the new tool instead of leaving fields the
// API would refuse behind hidden inputs (contract/load.py LoadProfile._fits_driver).
export const SQL_DRIVER = "mariadb-slap";
export const OPEN_LOOP_DRIVER = "vegeta";

/** What the designer explains next to vegeta's rate (docs/architecture.md, "Open loop"). */
export const OPEN_LOOP_HELP =
  "Open loop: requests are sent on schedule whatever the server does; latency counted from the intended send time. " +
  "Set a rate: without one vegeta runs a closed loop of `connections` workers.";

export const DEFAULT_SQL = { query: "SELECT 1", number_of_queries: 100_000, iterations: 1 };

type Load = Record<string, unknown>;

export function loadForDriver(load: Load | undefined, driver: string): Load {
  const next: Load = { ...(load ?? {}), driver };
  if (driver === SQL_DRIVER) {
    // mariadb-slap sends no HTTP: no rate, body, headers or TLS; it needs a SQL workload.
    for (const k of ["rate", "body", "headers", "tls"]) delete next[k];
    if (next.sql == null) next.sql = { ...DEFAULT_SQL };
  } else {
    // HTTP drivers refuse a SQL workload and the direct (proxy-bypassing) baseline.
    delete next.sql;
    delete next.via;
  }
  return next;
}

/** Whether the profile is an open loop that lacks its rate (vegeta without `rate`). */
export const openLoopMissingRate = (load: Load | undefined): boolean =>
  load?.driver === OPEN_LOOP_DRIVER && (load.rate == null || load.rate === "") && !(Array.isArray(load.stages) && load.stages.length > 0);
