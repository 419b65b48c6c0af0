// The load profile: which tool, how much, how long, and how requests look. The driver's abilities
// (contract/drivers.py) are checked by the API; its message appears next to the offending knob.
// mariadb-slap shows its SQL workload and `via` (proxy or a direct baseline); vegeta is the open
// loop and asks for its rate.
import { useDesigner } from "./DesignerContext";
import { getIn } from "./specPath";
import { Knob } from "./Knob";
import { fieldInfo } from "./schemaHelp";
import { SectionErrors } from "./SectionErrors";
import { StagesEditor } from "./StagesEditor";
import { DEFAULT_SQL, OPEN_LOOP_DRIVER, OPEN_LOOP_HELP, SQL_DRIVER, loadForDriver, openLoopMissingRate } from "./loadDriver";

export function LoadForm() {
  const { spec, update, readOnly, fields } = useDesigner();
  const load = getIn(spec, "load") as Record<string, unknown> | undefined;
  const driver = (load?.driver as string | undefined) ?? "hey";
  const isSql = driver === SQL_DRIVER;
  const isOpenLoop = driver === OPEN_LOOP_DRIVER;
  const driverInfo = fieldInfo("load.driver");
  const drivers = (driverInfo.enum?.filter((v) => v !== null).map(String)) ?? [driver];
  const driverErrors = fields.filter((f) => f.field === "load.driver").map((f) => f.message);
  return (
    <section aria-labelledby="load-title" className="card">
      <h2 id="load-title">Load</h2>
      <SectionErrors path="load" />
      <div className="knob-grid">
        <div className="field knob">
          <label htmlFor="load-driver">driver</label>
          <select id="load-driver" name="load.driver" value={driver} disabled={readOnly} aria-describedby="load-driver-help load-driver-err"
            onChange={(e) => update("load", loadForDriver(load, e.target.value))}>
            {drivers.map((d) => <option key={d} value={d}>{d}</option>)}
          </select>
          <span className="help" id="load-driver-help">
            {driverInfo.description} Switching keeps only what the new tool accepts.
          </span>
          <span id="load-driver-err" className="field-error" role={driverErrors.length ? "alert" : undefined} data-field="spec.load.driver">
            {driverErrors.join("; ")}
          </span>
        </div>
        <Knob path="load.connections" label={isSql ? "SQL clients" : "connections"} />
        <Knob path="load.threads" label="threads" />
        <Knob path="load.duration_s" label="duration (s)" />
        <Knob path="load.warmup_s" label="warm-up (s)" />
        {!isSql && !isOpenLoop && <Knob path="load.rate" label="rate (req/s)" placeholder="closed loop" />}
        {!isSql && <Knob path="load.keep_alive" label="keep-alive" />}
        {!isSql && <Knob path="load.http_version" label="HTTP version" />}
        {!isSql && <Knob path="load.tls" label="TLS" />}
        {!isSql && <Knob path="load.method" label="method" />}
        {!isSql && <Knob path="load.path" label="path" />}
        <Knob path="load.request_timeout_s" label="request timeout (s)" />
        {isSql && <Knob path="load.via" label="via" />}
        <Knob path="load.per_injector" label="across injectors" />
      </div>
      {isOpenLoop && (
        <fieldset className="designer-group" data-testid="open-loop">
          <legend>Open loop (vegeta)</legend>
          <div className="knob-grid">
            <Knob path="load.rate" label="rate (req/s, required)" placeholder="e.g. 200" />
          </div>
          <p className="muted small">{OPEN_LOOP_HELP}</p>
          {openLoopMissingRate(load) && (
            <p className="notice small" role="status">
              No rate yet: vegeta would run a closed loop. Set the requests/s to hold (sweep <code>load.rate</code> for
              several rates).
            </p>
          )}
        </fieldset>
      )}
      {isOpenLoop && <StagesEditor />}
      {isSql && (
        <fieldset className="designer-group">
          <legend>SQL workload (mariadb-slap)</legend>
          <SectionErrors path="load.sql" />
          {getIn(spec, "load.sql") == null ? (
            !readOnly && (
              <button type="button" onClick={() => update("load.sql", { ...DEFAULT_SQL })}>
                Add SQL workload
              </button>
            )
          ) : (
            <div className="knob-grid">
              <Knob path="load.sql.query" label="query" required />
              <Knob path="load.sql.number_of_queries" label="queries (total)" />
              <Knob path="load.sql.iterations" label="iterations" />
              <Knob path="load.sql.schema_name" label="schema" />
            </div>
          )}
        </fieldset>
      )}
    </section>
  );
}
