// The HAProxy model: global, defaults (mode and timeouts), then the sections.
import { Knob } from "./Knob";
import { ProxySections } from "./ProxySections";
import { SectionErrors } from "./SectionErrors";

type KnobRow = [path: string, label: string];
type LinesRow = [path: string, label: string, placeholder?: string];

const GLOBAL: KnobRow[] = [
  ["proxy.global.maxconn", "maxconn"],
  ["proxy.global.nbthread", "nbthread"],
  ["proxy.global.tune_bufsize", "tune.bufsize"],
  ["proxy.global.log", "log"],
];
const GLOBAL_LINES: LinesRow[] = [
  ["proxy.global.cpu_map", "cpu-map", "1/all 0-1"],
  ["proxy.global.extra", "raw extra lines"],
];
const TIMEOUTS = ["connect", "client", "server", "queue", "http_request", "http_keep_alive"];
const DEFAULTS: KnobRow[] = [
  ["proxy.defaults.mode", "mode"],
  ["proxy.defaults.maxconn", "maxconn"],
  ["proxy.defaults.retries", "retries"],
  ...TIMEOUTS.map((t): KnobRow => [`proxy.defaults.timeouts.${t}`, `timeout ${t.replaceAll("_", "-")} (ms)`]),
];
const DEFAULTS_LINES: LinesRow[] = [
  ["proxy.defaults.options", "options", "one per line, e.g. httplog"],
  ["proxy.defaults.extra", "raw extra lines"],
];

function KnobGroup({ legend, knobs, lines }: { legend: string; knobs: KnobRow[]; lines: LinesRow[] }) {
  return (
    <fieldset className="designer-group">
      <legend>{legend}</legend>
      <div className="knob-grid">
        {knobs.map(([path, label]) => (
          <Knob key={path} path={path} label={label} />
        ))}
      </div>
      {lines.map(([path, label, placeholder]) => (
        <Knob key={path} path={path} label={label} kind="lines" placeholder={placeholder} />
      ))}
    </fieldset>
  );
}

export function ProxyForm() {
  return (
    <section aria-labelledby="proxy-title" className="card">
      <h2 id="proxy-title">HAProxy</h2>
      <SectionErrors path="proxy" />
      <KnobGroup legend="global" knobs={GLOBAL} lines={GLOBAL_LINES} />
      <KnobGroup legend="defaults" knobs={DEFAULTS} lines={DEFAULTS_LINES} />
      <ProxySections kind="frontends" />
      <ProxySections kind="listens" />
      <ProxySections kind="backends" />
    </section>
  );
}
