// Where the run is: its phase, the load's elapsed/remaining time, and the whole sweep's progress.
// Ticks every second on its own clock so the bar moves between server updates.
import { useEffect, useState } from "react";

import type { RunDetail, RunSlim } from "../../client/types.gen";
import { formatSeconds, PHASES, plannedSeconds, runProgress, sweepProgress, TERMINAL } from "./progress";

function Bar({ fraction, label }: { fraction: number; label: string }) {
  return (
    <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(fraction * 100)}>
      <div className="progress-fill" style={{ width: `${Math.min(100, fraction * 100)}%` }} />
    </div>
  );
}

export function RunProgress({ run, launchRuns }: { run: RunDetail; launchRuns: RunSlim[] | undefined }) {
  const [now, setNow] = useState(() => Date.now());
  const active = !TERMINAL.has(run.state);
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  const p = runProgress(run, now);
  const sweep = launchRuns && launchRuns.length > 1 ? sweepProgress(launchRuns, plannedSeconds(run.spec)) : null;
  return (
    <section className="card progress-card" aria-label="Progress">
      <ol className="phases">
        {PHASES.map((phase) => (
          <li key={phase} className={phase === run.state ? "current" : undefined} aria-current={phase === run.state ? "step" : undefined}>
            {phase}
          </li>
        ))}
      </ol>
      <div className="progress-row">
        <span>Run</span>
        <Bar fraction={p.fraction} label="Run progress" />
        <span className="num small">
          {formatSeconds(Math.min(p.elapsed, plannedSeconds(run.spec)))} elapsed · {formatSeconds(p.remaining)} left
        </span>
      </div>
      {sweep && (
        <div className="progress-row">
          <span>Sweep</span>
          <Bar fraction={sweep.total ? sweep.done / sweep.total : 0} label="Sweep progress" />
          <span className="num small" data-testid="sweep-progress">
            {sweep.done} of {sweep.total} runs · ~{formatSeconds(sweep.remainingSeconds)} left
          </span>
        </div>
      )}
    </section>
  );
}
