// The upstreams behind the proxy: managed synthetic HTTP servers (nginx on the target agent), a
// managed MariaDB, or external addresses. Switching kind starts from that kind's defaults.
import { useDesigner } from "./DesignerContext";
import { getIn } from "./specPath";
import { Knob } from "./Knob";
import { SectionErrors } from "./SectionErrors";

const DEFAULT_ENDPOINTS = [
  { path: "/fast" },
  { path: "/slow", delay_ms: 3000 },
  { path: "/health" },
];

const FRESH: Record<string, Record<string, unknown>> = {
  managed: { kind: "managed", servers: 1, endpoints: DEFAULT_ENDPOINTS },
  mariadb: { kind: "mariadb" },
  external: { kind: "external", addresses: ["127.0.0.1:9000"] },
};

export function TargetForm() {
  const { spec, update, readOnly } = useDesigner();
  const kind = (getIn(spec, "target.kind") as string | undefined) ?? "managed";
  const endpoints = (getIn(spec, "target.endpoints") as Record<string, unknown>[] | undefined) ?? [];
  return (
    <section aria-labelledby="target-title" className="card">
      <h2 id="target-title">Target</h2>
      <SectionErrors path="target" />
      <div className="field knob">
        <label htmlFor="target-kind">kind</label>
        <select id="target-kind" value={kind} disabled={readOnly} onChange={(e) => update("target", FRESH[e.target.value])}>
          <option value="managed">managed HTTP servers</option>
          <option value="mariadb">managed MariaDB</option>
          <option value="external">external addresses</option>
        </select>
      </div>
      {kind === "managed" && (
        <>
          <div className="knob-grid">
            <Knob path="target.servers" label="servers" />
            <Knob path="target.protocol" label="protocol" />
            <Knob path="target.tls" label="TLS" />
          </div>
          <table className="table compact">
            <thead>
              <tr><th>endpoint path</th><th>delay (ms)</th><th>body (bytes)</th><th>status</th><th aria-label="actions" /></tr>
            </thead>
            <tbody>
              {endpoints.map((_, i) => (
                <tr key={i}>
                  <td><Knob path={`target.endpoints.${i}.path`} label="path" required help="" /></td>
                  <td><Knob path={`target.endpoints.${i}.delay_ms`} label="delay" help="" /></td>
                  <td><Knob path={`target.endpoints.${i}.body_bytes`} label="body" help="" /></td>
                  <td><Knob path={`target.endpoints.${i}.status`} label="status" help="" /></td>
                  <td>
                    {!readOnly && (
                      <button type="button" className="link" onClick={() => update("target.endpoints", endpoints.filter((_, j) => j !== i))}>
                        Remove
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {!readOnly && (
            <button type="button" className="small" onClick={() => update("target.endpoints", [...endpoints, { path: `/e${endpoints.length}` }])}>
              Add endpoint
            </button>
          )}
        </>
      )}
      {kind === "mariadb" && (
        <div className="knob-grid">
          <Knob path="target.port" label="port" />
          <Knob path="target.max_connections" label="max_connections" />
          <Knob path="target.table" label="table" />
          <Knob path="target.rows" label="rows" />
        </div>
      )}
      {kind === "external" && <Knob path="target.addresses" label="addresses" kind="lines" placeholder="10.0.0.5:8080" />}
    </section>
  );
}
