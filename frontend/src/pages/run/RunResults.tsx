// What a finished run keeps: the summary, the exact rendered haproxy.cfg and tool command lines,
// the environment fingerprint of every agent, and downloads (samples CSV, the run as JSON, the tools' raw output).
// The figures are open; what people look up rather than read (the rendered config, the command
// lines, the load tools' caveats, the environment) is folded under a summary line that says what
// it holds, each a <details> a keyboard opens with Enter or Space.
import type { RunDetail } from "../../client/types.gen";
import { CompletenessNotice } from "./CompletenessNotice";
import { InjectorsTable } from "./InjectorsTable";
import { KeptProcesses } from "./KeptProcesses";
import { RunClocks } from "./RunClocks";
import { KeyFigures } from "./KeyFigures";
import { SidesTable } from "./SidesTable";
import "./runPage.css";

/** A block of text that may scroll sideways: focusable so a keyboard can scroll it too, and named. */
function Code({ label, children, testId }: { label: string; children: string; testId?: string }) {
  return (
    <pre className="code" tabIndex={0} role="region" aria-label={label} data-testid={testId}>
      {children}
    </pre>
  );
}

export function RunResults({ run }: { run: RunDetail }) {
  const summary = run.summary ?? null;
  const warnings = summary?.injectors?.flatMap((i) => (i.warnings ?? []).map((w) => `${i.agent}: ${w}`)) ?? [];
  const tools = new Set(summary?.injectors?.filter((i) => i.warnings?.length).map((i) => i.driver));
  const processes = Object.values(run.command_lines).reduce((n, lines) => n + lines.length, 0);
  return (
    <div className="stack">
      <section className="card">
        <div className="spread">
          <h2>Summary</h2>
          <div className="row">
            <a className="button" href={`/api/v1/runs/${run.id}/samples.csv`} download>
              Samples CSV
            </a>
            <a className="button" href={`/api/v1/runs/${run.id}`} download={`run-${run.id}.json`}>
              Run JSON
            </a>
            <a
              className="button"
              href={`/api/v1/runs/${run.id}/output.txt`}
              download
              title="What each load tool printed, under its exact command line"
            >
              Raw tool output
            </a>
          </div>
        </div>
        {run.error && run.state !== "partial" && <p className="error-state">{run.error}</p>}
        <CompletenessNotice run={run} />
        {run.config_warnings && run.config_warnings.length > 0 && (
          <div className="notice" data-testid="run-config-warnings">
            <strong>Config warnings at launch:</strong> settings that were valid but did nothing or contradicted each other.
            <ul>
              {run.config_warnings.map((w) => (
                <li key={`${w.field} ${w.message}`}>
                  <code>{w.field}</code>: {w.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        <KeyFigures summary={run.summary} />
        {summary ? <SidesTable run={run} /> : <p className="muted">No summary: the run ended before its results were collected.</p>}
        {summary && <InjectorsTable run={run} />}
        {warnings.length > 0 && (
          <details className="folded" data-testid="tool-caveats">
            <summary>
              {warnings.length} caveat{warnings.length === 1 ? "" : "s"} of {[...tools].join(", ")}: what the tool{tools.size > 1 ? "s" : ""} could not measure exactly
            </summary>
            <ul className="notice">
              {warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </details>
        )}
      </section>
      <section className="card folded-card" aria-label="How it ran">
        <details className="folded" data-testid="rendered-config-section">
          <summary>
            <h2>Rendered haproxy.cfg</h2>
            <span className="muted small">{run.rendered_config ? `${run.rendered_config.split("\n").length} lines, exactly as HAProxy read them` : "not rendered"}</span>
          </summary>
          {run.rendered_config ? <Code label="Rendered haproxy.cfg" testId="rendered-config">{run.rendered_config}</Code> : <p className="muted">Not rendered (the run did not reach its proxy).</p>}
        </details>
        <details className="folded" data-testid="command-lines">
          <summary>
            <h2>Command lines</h2>
            <span className="muted small">
              {processes === 0 ? "no process was started" : `${processes} process${processes === 1 ? "" : "es"} on ${Object.keys(run.command_lines).join(", ")}`}
            </span>
          </summary>
          {Object.keys(run.command_lines).length === 0 && <p className="muted">No process was started.</p>}
          {Object.entries(run.command_lines).map(([agent, lines]) => (
            <div key={agent}>
              <h3>{agent}</h3>
              <Code label={`Command lines of ${agent}`}>{lines.map((argv) => argv.join(" ")).join("\n")}</Code>
            </div>
          ))}
        </details>
      </section>
      <section className="card">
        <h2>Environment</h2>
        <KeptProcesses run={run} />
        <RunClocks run={run} />
        {Object.entries(run.environment.agents ?? {}).map(([agent, env]) => (
          <details key={agent}>
            <summary>{agent}</summary>
            <Code label={`Environment of ${agent}`}>{JSON.stringify(env, null, 2)}</Code>
          </details>
        ))}
        {Object.keys(run.environment.resolved_hosts ?? {}).length > 0 && (
          <details>
            <summary>names the proxy resolved</summary>
            <Code label="Names the proxy resolved">{Object.entries(run.environment.resolved_hosts ?? {}).map(([name, address]) => `${name} -> ${address}`).join("\n")}</Code>
          </details>
        )}
        {run.environment.link_shaping && (
          <details>
            <summary>link shaping ({run.environment.link_shaping.agent})</summary>
            <Code label="Link shaping">{(run.environment.link_shaping.applied ?? []).map((q) => q.argv.join(" ")).join("\n") || JSON.stringify(run.environment.link_shaping.settings, null, 2)}</Code>
          </details>
        )}
      </section>
    </div>
  );
}
