// The proxy's frontends, listens and backends: one card per section with its common knobs.
// Rarely used knobs stay reachable through "Advanced (JSON)".
import { useDesigner } from "./DesignerContext";
import { getIn } from "./specPath";
import { fieldInfo } from "./schemaHelp";
import { BIND_TLS_HELP, DEFAULT_BIND_TLS } from "./tls";
import { Knob } from "./Knob";
import { SectionErrors } from "./SectionErrors";
import { ServersEditor } from "./ServersEditor";
import { valueText } from "../../format/text";

type Kind = "frontends" | "listens" | "backends";

const NEW_SECTION: Record<Kind, (n: number) => Record<string, unknown>> = {
  frontends: (n) => ({ name: `fe${n}`, bind: { port: 8080 + n }, default_backend: "be" }),
  listens: (n) => ({ name: `listen${n}`, bind: { port: 8080 + n }, target_servers: {} }),
  backends: (n) => ({ name: `be${n}`, target_servers: {} }),
};

const TITLES: Record<Kind, string> = { frontends: "Frontends", listens: "Listens", backends: "Backends" };

export function ProxySections({ kind }: { kind: Kind }) {
  const { spec, update, readOnly } = useDesigner();
  const base = `proxy.${kind}`;
  const list = (getIn(spec, base) as Record<string, unknown>[] | undefined) ?? [];
  const remove = (i: number) => update(base, list.filter((_, j) => j !== i));
  const add = () => update(base, [...list, NEW_SECTION[kind](list.length)]);

  return (
    <fieldset className="designer-group">
      <legend>{TITLES[kind]}</legend>
      <SectionErrors path={base} />
      {list.map((section, i) => (
        <div key={i} className="section-card">
          <div className="spread">
            <h4>
              {kind.slice(0, -1)} <code>{valueText(section.name)}</code>
            </h4>
            {!readOnly && (
              <button type="button" className="link" onClick={() => remove(i)}>
                Remove
              </button>
            )}
          </div>
          <SectionErrors path={`${base}.${i}`} />
          <div className="knob-grid">
            <Knob path={`${base}.${i}.name`} label="name" required />
            <Knob path={`${base}.${i}.mode`} label="mode" />
            {kind !== "backends" && <EntryKnobs path={`${base}.${i}`} isFrontend={kind === "frontends"} />}
            {kind !== "frontends" && <PoolKnobs path={`${base}.${i}`} />}
          </div>
          {kind !== "frontends" && <ServersEditor path={`${base}.${i}`} />}
          <Knob path={`${base}.${i}.options`} label="options" kind="lines" placeholder="one per line, e.g. forwardfor" />
          <Knob path={`${base}.${i}.extra`} label="raw extra lines" kind="lines" placeholder="one directive per line (checked against an allowlist)" />
        </div>
      ))}
      {!readOnly && (
        <button type="button" onClick={add}>
          Add {kind.slice(0, -1)}
        </button>
      )}
    </fieldset>
  );
}

function EntryKnobs({ path, isFrontend }: { path: string; isFrontend: boolean }) {
  const { spec, update, readOnly } = useDesigner();
  const ssl = getIn(spec, `${path}.bind.ssl`) as Record<string, unknown> | null | undefined;
  return (
    <>
      <Knob path={`${path}.bind.port`} label="bind port" required />
      <Knob path={`${path}.bind.address`} label="bind address" />
      <Knob path={`${path}.maxconn`} label="maxconn" />
      {isFrontend && <Knob path={`${path}.default_backend`} label="default_backend" />}
      <div className="field knob inline">
        <label>
          <input
            type="checkbox"
            checked={Boolean(ssl)}
            disabled={readOnly}
            onChange={(e) => update(`${path}.bind.ssl`, e.target.checked ? { ...DEFAULT_BIND_TLS, alpn: [...DEFAULT_BIND_TLS.alpn] } : undefined)}
          />{" "}
          TLS on this bind
        </label>
        <span className="help">
          {fieldInfo(`${path}.bind.ssl`).description} {BIND_TLS_HELP}
        </span>
      </div>
      {ssl && <Knob path={`${path}.bind.ssl.cert`} label="certificate name" required />}
      {ssl && <Knob path={`${path}.bind.ssl.alpn`} label="ALPN" kind="lines" placeholder="h2&#10;http/1.1" />}
    </>
  );
}

function PoolKnobs({ path }: { path: string }) {
  const { spec, update, readOnly } = useDesigner();
  const check = getIn(spec, `${path}.health_check`) as { kind?: string } | null | undefined;
  return (
    <>
      <Knob path={`${path}.balance`} label="balance" />
      <Knob path={`${path}.fullconn`} label="fullconn" />
      <Knob path={`${path}.http_reuse`} label="http-reuse" />
      <Knob path={`${path}.retries`} label="retries" />
      <div className="field knob">
        <label htmlFor={`${path}-hc`}>health check</label>
        <select
          id={`${path}-hc`}
          value={check?.kind ?? ""}
          disabled={readOnly}
          onChange={(e) => {
            const kind = e.target.value;
            update(`${path}.health_check`, kind === "" ? undefined : kind === "http" ? { kind, path: "/health" } : kind === "mysql" ? { kind, user: "haproxy" } : { kind });
          }}
        >
          <option value="">none</option>
          <option value="http">http</option>
          <option value="tcp">tcp</option>
          <option value="mysql">mysql</option>
        </select>
        <span className="help">How HAProxy probes servers (servers need check on to use it).</span>
      </div>
      {check?.kind === "http" && <Knob path={`${path}.health_check.path`} label="check path" />}
      {check?.kind === "mysql" && <Knob path={`${path}.health_check.user`} label="check user" />}
    </>
  );
}
