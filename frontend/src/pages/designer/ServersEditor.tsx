// Servers of a backend or listen: the managed target's servers (t1..tN, one per upstream) with
// shared settings, and optional explicit server lines.
import { useDesigner } from "./DesignerContext";
import { getIn } from "./specPath";
import { Knob } from "./Knob";
import { fieldInfo } from "./schemaHelp";
import { SERVER_TLS_HELP, serverTlsWithVerify } from "./tls";
import { valueText } from "../../format/text";

export function ServersEditor({ path }: { path: string }) {
  const { spec, update, readOnly } = useDesigner();
  const ts = getIn(spec, `${path}.target_servers`) as Record<string, unknown> | null | undefined;
  const servers = (getIn(spec, `${path}.servers`) as Record<string, unknown>[] | undefined) ?? [];
  const tsPath = `${path}.target_servers`;
  return (
    <div className="servers">
      <div className="field knob inline">
        <label>
          <input type="checkbox" checked={Boolean(ts)} disabled={readOnly} onChange={(e) => update(tsPath, e.target.checked ? {} : undefined)} />{" "}
          Target servers (t1..tN)
        </label>
        <span className="help">One server line per upstream of the experiment&apos;s target, with these settings.</span>
      </div>
      {ts && (
        <div className="knob-grid">
          <Knob path={`${tsPath}.maxconn`} label="server maxconn" />
          <Knob path={`${tsPath}.maxqueue`} label="maxqueue" />
          <Knob path={`${tsPath}.weight`} label="weight" />
          <Knob path={`${tsPath}.proto`} label="proto" />
          <Knob path={`${tsPath}.pool_max_conn`} label="pool-max-conn" />
          <Knob path={`${tsPath}.pool_purge_delay_ms`} label="pool-purge-delay (ms)" />
          <div className="field knob inline">
            <label>
              <input
                type="checkbox"
                checked={Boolean(ts.check)}
                disabled={readOnly}
                onChange={(e) => update(`${tsPath}.check`, e.target.checked ? {} : undefined)}
              />{" "}
              check
            </label>
            <span className="help">Health-check these servers (inter 2 s, rise 2, fall 3 unless set in JSON).</span>
          </div>
        </div>
      )}
      {ts && <ServerTlsKnobs path={`${tsPath}.ssl`} />}
      {servers.map((server, i) => (
        <div key={i} className="row server-row">
          <Knob path={`${path}.servers.${i}.name`} label="server name" required />
          {/* An imported server names one of the target's upstreams instead of an address. */}
          {hasTarget(server) ? (
            <Knob path={`${path}.servers.${i}.target`} label="target upstream" required />
          ) : (
            <Knob path={`${path}.servers.${i}.address`} label="address (host:port)" required />
          )}
          <Knob path={`${path}.servers.${i}.maxconn`} label="maxconn" />
          <Knob path={`${path}.servers.${i}.weight`} label="weight" />
          {!readOnly && (
            <button type="button" className="link" onClick={() => update(`${path}.servers`, servers.filter((_, j) => j !== i))}>
              Remove
            </button>
          )}
        </div>
      ))}
      {!readOnly && (
        <button type="button" className="small" onClick={() => update(`${path}.servers`, [...servers, { name: `s${servers.length + 1}`, address: "127.0.0.1:9000" }])}>
          Add explicit server
        </button>
      )}
    </div>
  );
}

// TLS from HAProxy to the target servers (contract/haproxy/servers.py ServerTls): off, or verify none
// (encrypt, accept any certificate) or required (check against the lab CA, named "lab-ca").
function ServerTlsKnobs({ path }: { path: string }) {
  const { spec, update, readOnly, fields } = useDesigner();
  const ssl = getIn(spec, path) as Record<string, unknown> | null | undefined;
  const verify = ssl ? valueText(ssl.verify, "none") : "";
  const verifyInfo = fieldInfo(`${path}.verify`);
  const options = (verifyInfo.enum?.filter((v) => v !== null).map(String)) ?? ["none", "required"];
  const id = `${path}-tls`;
  const errors = fields.filter((f) => f.field === path || f.field === `${path}.verify`).map((f) => f.message);
  return (
    <div className="knob-grid">
      <div className="field knob">
        <label htmlFor={id}>server TLS</label>
        <select id={id} name={`${path}.verify`} value={verify} disabled={readOnly} aria-describedby={`${id}-help ${id}-err`}
          onChange={(e) => update(path, e.target.value === "" ? undefined : serverTlsWithVerify(ssl, e.target.value))}>
          <option value="">off (plain TCP)</option>
          {options.map((v) => (
            <option key={v} value={v}>{v === "none" ? "TLS, verify none" : `TLS, verify ${v}`}</option>
          ))}
        </select>
        <span className="help" id={`${id}-help`}>
          {fieldInfo(path).description} {verifyInfo.description} {SERVER_TLS_HELP}
        </span>
        <span id={`${id}-err`} className="field-error" role={errors.length ? "alert" : undefined} data-field={`spec.${path}`}>
          {errors.join("; ")}
        </span>
      </div>
      {verify === "required" && <Knob path={`${path}.ca`} label="CA name" required />}
      {ssl && <Knob path={`${path}.alpn`} label="ALPN to servers" kind="lines" placeholder="h2" />}
    </div>
  );
}

function hasTarget(server: unknown): boolean {
  return typeof server === "object" && server !== null && (server as { target?: unknown }).target != null;
}
