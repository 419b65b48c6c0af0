// What a finished run keeps: the summary, the exact rendered haproxy.cfg and tool command lines,
// the environment fingerprint of every agent, and downloads (samples CSV, the run as JSON, the tools' raw output).
import type { RunDetail, RunSummary } from "../../client/types.gen";
import { CompletenessNotice } from "./CompletenessNotice";
import { KeyFigures } from "./KeyFigures";
import { RunVerdict } from "./RunVerdict";

const fmt = (v: number | null | undefined, digits = 1) => (v == null ? "—" : Number(v).toLocaleString(undefined, { maximumFractionDigits: digits }));

function SummaryTable({ summary }: { summary: RunSummary }) {
  const t = summary.total;
  const lat = t.latency;
  const rows: [string, string][] = [
    ["Requests/s (successful, arrived in the window)", fmt(t.rps)],
    ["Requests", fmt(t.requests, 0)],
    ["Successes", fmt(t.successes, 0)],
    ...Object.entries(t.errors ?? {}).map(([kind, n]): [string, string] => [`Errors: ${kind}`, fmt(n, 0)]),
    ["Latency p50 / p90 / p99 / p99.9 (ms)", [lat?.p50, lat?.p90, lat?.p99, lat?.p999].map((v) => fmt(v, 2)).join(" / ")],
    ["Latency max (ms)", fmt(lat?.max, 2)],
    ["Measured duration (s)", fmt(t.duration_s)],
  ];
  if (t.drain) {
    // Answers to the window's requests that arrived after it: apart, never in the rate.
    rows.push([
      "Answers after the window (drain)",
      `${fmt(t.drain.responses, 0)}, the last ${fmt(t.drain.last_after_s, 1)} s late; p50 / p99 ${fmt(t.drain.latency?.p50, 0)} / ${fmt(t.drain.latency?.p99, 0)} ms`,
    ]);
  }
  const proxy = summary.proxy ?? {};
  return (
    <div className="two-col">
      <table className="table" data-testid="run-summary">
        <caption>Clients</caption>
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td className="num">{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="table">
        <caption>HAProxy</caption>
        <tbody>
          {Object.entries(proxy).map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td className="num">{fmt(v, 2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function RunResults({ run }: { run: RunDetail }) {
  const summary = run.summary ?? null;
  const warnings = summary?.injectors?.flatMap((i) => (i.warnings ?? []).map((w) => `${i.agent}: ${w}`)) ?? [];
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
        <RunVerdict verdict={run.summary?.verdict} />
        <KeyFigures summary={run.summary} />
        {summary ? <SummaryTable summary={summary} /> : <p className="muted">No summary: the run ended before its results were collected.</p>}
        {warnings.length > 0 && (
          <ul className="notice">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        )}
      </section>
      <section className="card">
        <h2>Rendered haproxy.cfg</h2>
        {run.rendered_config ? <pre className="code" data-testid="rendered-config">{run.rendered_config}</pre> : <p className="muted">Not rendered (the run did not reach its proxy).</p>}
      </section>
      <section className="card">
        <h2>Command lines</h2>
        {Object.keys(run.command_lines).length === 0 && <p className="muted">No process was started.</p>}
        {Object.entries(run.command_lines).map(([agent, lines]) => (
          <div key={agent}>
            <h3>{agent}</h3>
            <pre className="code">{lines.map((argv) => argv.join(" ")).join("\n")}</pre>
          </div>
        ))}
      </section>
      <section className="card">
        <h2>Environment</h2>
        {Object.entries(run.environment.agents ?? {}).map(([agent, env]) => (
          <details key={agent}>
            <summary>{agent}</summary>
            <pre className="code">{JSON.stringify(env, null, 2)}</pre>
          </details>
        ))}
        {Object.keys(run.environment.resolved_hosts ?? {}).length > 0 && (
          <details>
            <summary>names the proxy resolved</summary>
            <pre className="code">{Object.entries(run.environment.resolved_hosts ?? {}).map(([name, address]) => `${name} -> ${address}`).join("\n")}</pre>
          </details>
        )}
        {run.environment.link_shaping && (
          <details>
            <summary>link shaping ({run.environment.link_shaping.agent})</summary>
            <pre className="code">{(run.environment.link_shaping.applied ?? []).map((q) => q.argv.join(" ")).join("\n") || JSON.stringify(run.environment.link_shaping.settings, null, 2)}</pre>
          </details>
        )}
      </section>
    </div>
  );
}
