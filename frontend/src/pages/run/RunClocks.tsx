// The run's clocks: each agent's against the API's as measured when the run warmed up
// (RunEnvironment.agents[].clock, contract/clock.py), and when each injector's load began on the
// API's clock (InjectorSummary.started_at: its tool's first request where the tool records it).
// The verdict's clocks_apart caveat judges them; this shows the numbers it read.
import type { InjectorSummary, RunDetail } from "../../client/types.gen";
import { clockText, clockWarning } from "../../format/clock";

const SOURCE: Record<string, string> = {
  first_request: "its tool's first request",
  tool_started: "when its tool was started (the tool keeps no send times)",
};

/** "10:00:01.013 UTC, first, by its tool's first request"; the place among several injectors only when there are several. */
function startText(injector: InjectorSummary, first: number, several: boolean): string {
  const at = new Date(injector.started_at!); // Date keeps milliseconds
  const when = `${at.toISOString().slice(11, 23)} UTC`;
  const place = !several ? "" : at.getTime() === first ? ", first" : `, +${at.getTime() - first} ms after the first`;
  return `${when}${place}, by ${SOURCE[injector.start_source ?? ""] ?? "its report"}`;
}

export function RunClocks({ run }: { run: RunDetail }) {
  const agents = Object.entries(run.environment.agents ?? {}).sort(([a], [b]) => a.localeCompare(b));
  const injectors = (run.summary?.injectors ?? []).filter((i) => i.started_at);
  const first = Math.min(...injectors.map((i) => new Date(i.started_at!).getTime()));
  const startOf = new Map(injectors.map((i) => [i.agent, startText(i, first, injectors.length > 1)]));
  if (!agents.some(([, env]) => env.clock) && injectors.length === 0) {
    return <p className="muted small">Clocks were not measured for this run (its agents predate the clock exchange).</p>;
  }
  const warnings = agents.flatMap(([name, env]) => clockWarning(name, env.clock) ?? []);
  return (
    <div data-testid="run-clocks">
      <h3>Clocks</h3>
      {warnings.map((warning) => (
        <p key={warning} className="notice small">{warning}</p>
      ))}
      <table className="table phone-cards" aria-label="Clocks">
        <thead>
          <tr>
            <th>Agent</th>
            <th title="The API's clock minus the agent's, to within half the round trip, measured as the run warmed up">Clock at the warm-up</th>
            <th title="When each injector's load began, on the API's clock">Load began (API clock)</th>
          </tr>
        </thead>
        <tbody>
          {agents.map(([name, env]) => (
            <tr key={name}>
              <td data-label="Agent">{name} <span className="muted small">{env.roles.join(", ")}</span></td>
              <td className="small" data-label="Clock at the warm-up">{env.clock ? clockText(env.clock) : <span className="muted">not measured</span>}</td>
              <td className="small" data-label="Load began (API clock)">{startOf.get(name) ?? <span className="muted">—</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
