// /runs/:runId — one run, live while it executes (SSE charts, progress, cancel), and everything
// it kept once it ended (summary, rendered config, command lines, environment, downloads).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";

import { hasRole, useSession } from "../../auth/useSession";
import { runsCancelRunMutation, runsGetRunOptions, runsGetRunQueryKey, runsListRunsOptions } from "../../client/@tanstack/react-query.gen";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorState } from "../../components/ErrorState";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { LiveCharts } from "./LiveCharts";
import { sampleCount } from "./liveSeries";
import { TERMINAL } from "./progress";
import { RunActions } from "./RunActions";
import { RunHeadline } from "./RunHeadline";
import { RunProgress } from "./RunProgress";
import { RunResults } from "./RunResults";
import "./runSide.css";
import { StateBadge } from "../../components/StateBadge";
import { useRunEvents } from "./useRunEvents";

export default function RunPage() {
  const rawId = useParams().runId;
  const runId = Number(rawId);
  const valid = Number.isInteger(runId) && runId > 0;
  const { session } = useSession();
  const queryClient = useQueryClient();
  const [confirmCancel, setConfirmCancel] = useState(false);

  const runQuery = useQuery({
    ...runsGetRunOptions({ path: { run_id: runId } }),
    enabled: valid,
    // The live stream carries states; polling keeps started_at and the summary fresh too.
    refetchInterval: (q) => (q.state.data && TERMINAL.has(q.state.data.state) ? false : 2000),
  });
  const run = runQuery.data;
  const live = useRunEvents(runId, valid && runQuery.isSuccess);
  const launchQuery = useQuery({
    ...runsListRunsOptions({ query: { launch_id: run?.launch_id, order: "oldest", limit: 500 } }),
    enabled: run != null,
    refetchInterval: run && !TERMINAL.has(run.state) ? 3000 : false,
  });

  // The stream saw the run end: read the final row (summary, config) at once.
  useEffect(() => {
    if (live.ended) void queryClient.invalidateQueries({ queryKey: runsGetRunQueryKey({ path: { run_id: runId } }) });
  }, [live.ended, runId, queryClient]);

  const cancel = useMutation({
    ...runsCancelRunMutation(),
    onSuccess: () => {
      setConfirmCancel(false);
      void queryClient.invalidateQueries({ queryKey: runsGetRunQueryKey({ path: { run_id: runId } }) });
    },
  });

  if (!valid) return <ErrorState title="Not a run" error={`"${rawId}" is not a run id`} />;
  if (runQuery.isPending) return <LoadingState label="Loading the run" rows={6} />;
  if (runQuery.isError) return <ErrorState error={runQuery.error} onRetry={() => void runQuery.refetch()} />;
  if (!run) return null;

  const state = live.state && !TERMINAL.has(run.state) ? live.state : run.state;
  const finished = TERMINAL.has(run.state);
  const canCancel = hasRole(session, "editor") && !TERMINAL.has(state);
  const launchRuns = launchQuery.data?.items;
  const params = Object.entries(run.params).map(([k, v]) => `${k} = ${JSON.stringify(v)}`).join(", ");

  return (
    <div className="stack">
      <PageHeader
        title={
          <>
            Run {run.id} <StateBadge state={state} testId="run-state" />
          </>
        }
        description={
          <>
            <Link to={`/experiments/${run.experiment_id}`}>{run.experiment_name}</Link> v{run.experiment_version} · point {run.point_index + 1}, repetition{" "}
            {run.repetition + 1}
            {params && ` · ${params}`} · lab {run.lab_name ?? "deleted"}
          </>
        }
        actions={
          <>
            {launchRuns && launchRuns.length > 1 && (
              <Link className="button" to={`/compare?runs=${launchRuns.map((r) => r.id).join(",")}`}>
                Compare this sweep
              </Link>
            )}
            <RunActions run={run} canEdit={hasRole(session, "editor")} />
            {canCancel && (
              <button type="button" className="danger" onClick={() => setConfirmCancel(true)}>
                Cancel run
              </button>
            )}
          </>
        }
      />
      {cancel.isError && <ErrorState compact error={cancel.error} />}
      {finished && <RunHeadline run={run} />}
      <RunProgress run={{ ...run, state }} launchRuns={launchRuns} />
      {launchRuns && launchRuns.length > 1 && (
        <nav className="row small run-links" aria-label="Runs of this sweep">
          {launchRuns.map((r) => (
            <Link key={r.id} to={`/runs/${r.id}`} aria-current={r.id === run.id ? "page" : undefined}>
              #{r.id} <StateBadge state={r.state} />
            </Link>
          ))}
        </nav>
      )}
      <p className="muted small" data-testid="live-status">
        {live.connected ? "Live" : finished ? "Finished" : "Connecting…"} · {sampleCount(live.store)} samples
      </p>
      <LiveCharts store={live.store} version={live.version} latency={run.summary?.total.latency} />
      {finished && <RunResults run={run} />}
      <ConfirmDialog
        open={confirmCancel}
        title={`Cancel run ${run.id}?`}
        confirmLabel="Cancel run"
        danger
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate({ path: { run_id: run.id } })}
        onCancel={() => setConfirmCancel(false)}
      >
        The load stops within two seconds; what was measured so far is kept.
      </ConfirmDialog>
    </div>
  );
}
