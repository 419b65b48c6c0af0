// The HAProxy model: global, defaults (mode and timeouts), then the sections.
import { Knob } from "./Knob";
import { ProxySections } from "./ProxySections";
import { SectionErrors } from "./SectionErrors";

export function ProxyForm() {
  return (
    <section aria-labelledby="proxy-title" className="card">
      <h2 id="proxy-title">HAProxy</h2>
      <SectionErrors path="proxy" />
      <fieldset className="designer-group">
        <legend>global</legend>
        <div className="knob-grid">
          <Knob path="proxy.global.maxconn" label="maxconn" />
          <Knob path="proxy.global.nbthread" label="nbthread" />
          <Knob path="proxy.global.tune_bufsize" label="tune.bufsize" />
          <Knob path="proxy.global.log" label="log" />
        </div>
        <Knob path="proxy.global.cpu_map" label="cpu-map" kind="lines" placeholder="1/all 0-1" />
        <Knob path="proxy.global.extra" label="raw extra lines" kind="lines" />
      </fieldset>
      <fieldset className="designer-group">
        <legend>defaults</legend>
        <div className="knob-grid">
          <Knob path="proxy.defaults.mode" label="mode" />
          <Knob path="proxy.defaults.maxconn" label="maxconn" />
          <Knob path="proxy.defaults.retries" label="retries" />
          <Knob path="proxy.defaults.timeouts.connect" label="timeout connect (ms)" />
          <Knob path="proxy.defaults.timeouts.client" label="timeout client (ms)" />
          <Knob path="proxy.defaults.timeouts.server" label="timeout server (ms)" />
          <Knob path="proxy.defaults.timeouts.queue" label="timeout queue (ms)" />
          <Knob path="proxy.defaults.timeouts.http_request" label="timeout http-request (ms)" />
          <Knob path="proxy.defaults.timeouts.http_keep_alive" label="timeout http-keep-alive (ms)" />
        </div>
        <Knob path="proxy.defaults.options" label="options" kind="lines" placeholder="one per line, e.g. httplog" />
        <Knob path="proxy.defaults.extra" label="raw extra lines" kind="lines" />
      </fieldset>
      <ProxySections kind="frontends" />
      <ProxySections kind="listens" />
      <ProxySections kind="backends" />
    </section>
  );
}
