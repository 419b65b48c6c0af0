// Runs not finished yet, one line per launch: the run the lab executes now with its load's time
// left, or for a waiting launch the runs its lab takes first. One request for the list; a run
// being executed adds its own detail (its spec gives the planned seconds), one per busy lab at
// most, and a sweep adds the size of its launch.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "react-router";

import { runsGetRunOptions, runsListRunsOptions } from "../../client/@tanstack/react-query.gen";
import { EmptyState } from "../../components/EmptyState";
import { ErrorState } from "../../components/ErrorState";
import { LoadingState } from "../../components/LoadingState";
import { StateBadge } from "../../components/StateBadge";
import { duration } from "../../format/time";
import { IN_PROGRESS_STATES } from "../../runs/states";
import { ceilSeconds, plannedSeconds, runProgress } from "../run/progress";
import { aheadText, launchesInProgress, type LaunchInProgress } from "./homeData";

const POLL_MS = 3000;
const SHOWN = 6;

export function InProgress() {
  const active = useQuery({
    ...runsListRunsOptions({ query: { state: [...IN_PROGRESS_STATES], order: "oldest", limit: 500 } }),
    refetchInterval: POLL_MS,
  });
  const launches = active.data ? launchesInProgress(active.data.items) : [];

  return (
    <section className="card home-section" aria-labelledby="home-in-progress">
      <h2 id="home-in-progress">In progress</h2>
      {active.isPending && <LoadingState label="Loading runs in progress" rows={2} />}
      {active.error && <ErrorState error={active.error} compact onRetry={() => active.refetch()} />}
      {active.data && launches.length === 0 && (
        <EmptyState title="Nothing running">Launched runs show here with their progress until they finish.</EmptyState>
      )}
      {launches.length > 0 && (
        <ul className="home-list">
          {launches.slice(0, SHOWN).map((launch) => (
            <LaunchRow key={launch.launchId} launch={launch} />
          ))}
        </ul>
      )}
      {launches.length > SHOWN && (
        <p className="muted small">
          and {launches.length - SHOWN} more launches waiting: <Link to="/history?state=queued">see History</Link>
        </p>
      )}
    </section>
  );
}

function LaunchRow({ launch }: { launch: LaunchInProgress }) {
  const run = launch.current;
  const executing = launch.runsAhead == null;
  const sweep = useQuery({
    ...runsListRunsOptions({ query: { launch_id: launch.launchId, limit: 1 } }),
    refetchInterval: POLL_MS,
  });
  const total = sweep.data?.total;
  return (
    <li className="home-row" data-testid={`in-progress-${run.id}`}>
      <div className="spread">
        <span>
          <Link to={`/runs/${run.id}`}>{run.experiment_name}</Link> <span className="muted small">run #{run.id}</span>
        </span>
        <StateBadge state={run.state} />
      </div>
      {executing ? <LoadProgress runId={run.id} /> : <p className="muted small">Waiting: {aheadText(launch.runsAhead ?? 0)} on its lab.</p>}
      {total != null && total > 1 && (
        <p className="muted small">
          {executing ? `Run ${total - launch.remaining + 1} of ${total} of its sweep.` : `A sweep of ${total} runs.`}
        </p>
      )}
    </li>
  );
}

/** The executing run's load: elapsed of planned, time left, on a clock ticking every second. */
function LoadProgress({ runId }: { runId: number }) {
  const detail = useQuery({ ...runsGetRunOptions({ path: { run_id: runId } }), refetchInterval: POLL_MS });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (!detail.data) return <p className="muted small">Progress loading…</p>;
  const p = runProgress(detail.data, now);
  const planned = plannedSeconds(detail.data.spec);
  const label = `Run #${runId} load`;
  return (
    <div className="home-progress">
      <progress max={1} value={p.fraction} aria-label={label} />
      <span className="muted small num">
        {p.remaining <= 0 ? "load done, collecting results" : `${duration(Math.min(p.elapsed, planned))} of ${duration(planned)} of load, ${duration(ceilSeconds(p.remaining))} left`}
      </span>
    </div>
  );
}
