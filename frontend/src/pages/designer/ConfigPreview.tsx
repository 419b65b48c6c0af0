// The haproxy.cfg the spec renders to, with every `haproxy -c` error shown under its line.
import { useState } from "react";

import type { ValidationReport } from "../../client/types.gen";

export function ConfigPreview({ report, checking }: { report: ValidationReport | undefined; checking: boolean }) {
  // While the spec does not validate there is no fresh render: keep showing the last one, dimmed,
  // so the text does not vanish at every half-typed value.
  const [lastText, setLastText] = useState<string | null>(null);
  if (report?.rendered_config && report.rendered_config !== lastText) setLastText(report.rendered_config);
  if (!report) return <p className="muted">Rendering…</p>;
  const errorsByLine = new Map<number, string[]>();
  const unplaced: string[] = [];
  for (const e of report.haproxy_check?.errors ?? []) {
    if (e.line != null) errorsByLine.set(e.line, [...(errorsByLine.get(e.line) ?? []), e.message]);
    else unplaced.push(e.message);
  }
  const lines = (report.rendered_config ?? "").replace(/\n$/, "").split("\n");
  return (
    <div className="config-preview" aria-busy={checking}>
      <div className="spread">
        <h3>haproxy.cfg</h3>
        <span className={report.valid ? "badge ok" : "badge bad"} data-testid="validation-state">
          {checking ? "checking…" : report.valid ? "valid" : "has errors"}
        </span>
      </div>
      {report.haproxy_check && (
        <p className="small muted">
          haproxy -c: {report.haproxy_check.ok ? "configuration is valid" : "refused"}
          {report.sweep_configs > 1 && (
            <span data-testid="sweep-configs-checked">
              {" "}
              · {report.sweep_configs_checked} of {report.sweep_configs} distinct sweep configs checked
              {report.sweep_configs_checked < report.sweep_configs ? " now (every axis value); all at launch" : ""}
            </span>
          )}
        </p>
      )}
      {unplaced.map((m, i) => (
        <p key={i} className="field-error">{m}</p>
      ))}
      {report.rendered_config ? (
        // Focusable, so the keyboard can scroll it (it scrolls inside the side column).
        <pre className="cfg" data-testid="rendered-config" tabIndex={0} role="region" aria-label="Rendered haproxy.cfg">
          {lines.map((line, i) => {
            const errors = errorsByLine.get(i + 1);
            return (
              <div key={i} className={errors ? "cfg-line bad" : "cfg-line"} data-line={i + 1}>
                <span className="ln" aria-hidden="true">{i + 1}</span>
                <span>{line || " "}</span>
                {errors?.map((m, j) => (
                  <div key={j} className="cfg-error" role="note">↑ {m}</div>
                ))}
              </div>
            );
          })}
        </pre>
      ) : lastText ? (
        <>
          <p className="small muted">The spec does not render as it is; the last rendered config:</p>
          <pre className="cfg stale" tabIndex={0} role="region" aria-label="Last rendered haproxy.cfg">{lastText}</pre>
        </>
      ) : (
        <p className="muted">Nothing rendered until the spec is valid.</p>
      )}
      {!report.haproxy_check?.ok && report.haproxy_check?.output && (
        <details>
          <summary>haproxy -c output</summary>
          <pre className="small">{report.haproxy_check.output}</pre>
        </details>
      )}
    </div>
  );
}
