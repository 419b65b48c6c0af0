// The load profile: which tool, how much, how long, and how requests look. The driver's abilities
// (spec/drivers.py) are checked by the API; its message appears next to the offending knob.
import { useDesigner } from "./DesignerContext";
import { getIn } from "./specPath";
import { Knob } from "./Knob";
import { SectionErrors } from "./SectionErrors";

export function LoadForm() {
  const { spec, update, readOnly } = useDesigner();
  const driver = (getIn(spec, "load.driver") as string | undefined) ?? "hey";
  const isSql = driver === "mariadb-slap";
  return (
    <section aria-labelledby="load-title" className="card">
      <h2 id="load-title">Load</h2>
      <SectionErrors path="load" />
      <div className="knob-grid">
        <Knob path="load.driver" label="driver" required />
        <Knob path="load.connections" label="connections" />
        <Knob path="load.threads" label="threads" />
        <Knob path="load.duration_s" label="duration (s)" />
        <Knob path="load.warmup_s" label="warm-up (s)" />
        {!isSql && <Knob path="load.rate" label="rate (req/s)" placeholder="closed loop" />}
        {!isSql && <Knob path="load.keep_alive" label="keep-alive" />}
        {!isSql && <Knob path="load.http_version" label="HTTP version" />}
        {!isSql && <Knob path="load.tls" label="TLS" />}
        {!isSql && <Knob path="load.method" label="method" />}
        {!isSql && <Knob path="load.path" label="path" />}
        <Knob path="load.request_timeout_s" label="request timeout (s)" />
        <Knob path="load.via" label="via" />
      </div>
      {isSql && (
        <fieldset className="designer-group">
          <legend>SQL workload</legend>
          {getIn(spec, "load.sql") == null ? (
            !readOnly && (
              <button type="button" onClick={() => update("load.sql", { query: "SELECT 1", number_of_queries: 1000, iterations: 1 })}>
                Add SQL workload
              </button>
            )
          ) : (
            <div className="knob-grid">
              <Knob path="load.sql.query" label="query" />
              <Knob path="load.sql.number_of_queries" label="queries" />
              <Knob path="load.sql.iterations" label="iterations" />
            </div>
          )}
        </fieldset>
      )}
    </section>
  );
}
