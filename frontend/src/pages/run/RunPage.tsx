// /runs/:runId — one run, live while it executes (progress, then the SSE charts, cancel), and
// everything it kept once it ended: the answer first (headline figures and thresholds, then what
// bounded the run with its evidence, on the first screen), how it ran in one line, the charts
// (those that do not apply folded to a line saying why), the clients-vs-HAProxy figures, and
// folded: rendered config, command lines, tool caveats, environment; downloads.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";

import { hasRole, useSession } from "../../auth/useSession";
import {
  runsCancelRunMutation,
  runsGetLaunchOptions,
  runsGetRunOptions,
  runsGetRunQueryKey,
  runsListRunsOptions,
} from "../../client/@tanstack/react-query.gen";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorState } from "../../components/ErrorState";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { useMetricRegistry } from "../../metrics/useMetricRegistry";
import { downloadReport } from "../../report/htmlReport";
import { LiveCharts } from "./LiveCharts";
import { sampleCount } from "./liveSeries";
import { paramsText } from "../experiments/sweepAnalysis";
import { stoppedIn } from "./progress";
import { BEFORE_LOAD, TERMINAL } from "../../runs/states";
import { RunActions } from "./RunActions";
import { RunHeadline } from "./RunHeadline";
import { PointChecks, ThresholdChecks } from "./ThresholdChecks";
import { BaselineCard } from "./BaselineCard";
import { RunChanges } from "./RunChanges";
import { RunNotes } from "./RunNotes";
import { RunProgress } from "./RunProgress";
import { RequestTimers } from "./RequestTimers";
import { RunResults } from "./RunResults";
import { RunVerdict } from "./RunVerdict";
import "./runSide.css";
import { OutcomeBadge } from "../../components/OutcomeBadge";
import { useRunEvents } from "./useRunEvents";
import { ProbeNotice } from "../capacity/ProbeNotice";

export default function RunPage() {
  const rawId = useParams().runId;
  const runId = Number(rawId);
  const valid = Number.isInteger(runId) && runId > 0;
  const { session } = useSession();
  const registry = useMetricRegistry();
  const queryClient = useQueryClient();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const page = useRef<HTMLDivElement>(null);

  const runQuery = useQuery({
    ...runsGetRunOptions({ path: { run_id: runId } }),
    enabled: valid,
    // The live stream carries states; polling keeps started_at and the summary fresh too.
    refetchInterval: (q) => (q.state.data && TERMINAL.has(q.state.data.state) ? false : 2000),
  });
  const run = runQuery.data;
  // The live stream only while the run executes: once it ended, the charts read the stored samples
  // as columns (downsampled for a long run) instead of a replay of every second.
  const live = useRunEvents(runId, valid && run != null && !TERMINAL.has(run.state));
  const launchQuery = useQuery({
    ...runsListRunsOptions({ query: { launch_id: run?.launch_id, order: "oldest", limit: 500 } }),
    enabled: run != null,
    // Until the whole launch has ended, not only this run: its sweep progress reads the others.
    refetchInterval: (q) => (q.state.data?.items.every((r) => TERMINAL.has(r.state)) ? false : 3000),
  });

  // Rules judged per sweep point wait for the whole launch: its verdict, once every run ended.
  const pointRules = (run?.spec.thresholds ?? []).some((r) => r.per_point != null || Object.keys(r.relative_to_point ?? {}).length > 0);
  const launchEnded = launchQuery.data?.items.every((r) => TERMINAL.has(r.state)) ?? false;
  const verdictQuery = useQuery({
    ...runsGetLaunchOptions({ path: { launch_id: run?.launch_id ?? 0 } }),
    enabled: run != null && pointRules && launchEnded,
  });

  // The stream saw the state change or the run end: read the row (state_changed_at, queue, summary) at once.
  useEffect(() => {
    if (live.state) void queryClient.invalidateQueries({ queryKey: runsGetRunQueryKey({ path: { run_id: runId } }) });
  }, [live.state, live.ended, runId, queryClient]);

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
  const beforeSampling = BEFORE_LOAD.has(state) && sampleCount(live.store) === 0;
  const canCancel = hasRole(session, "editor") && !TERMINAL.has(state);
  const launchRuns = launchQuery.data?.items;
  const params = Object.keys(run.params).length ? paramsText(run.params) : "";
  // When the run entered its state: the detail's state_changed_at, unless the stream is ahead of
  // the detail (then the moment this page saw the change).
  const since = state === run.state ? (run.state_changed_at ? Date.parse(run.state_changed_at) : null) : live.stateSince;

  return (
    <div className="stack" ref={page}>
      <PageHeader
        title={
          <>
            Run {run.id} <OutcomeBadge state={state} outcome={state === run.state ? run.outcome : undefined} testId="run-state" />
          </>
        }
        description={
          <>
            <Link to={`/experiments/${run.experiment_id}`}>{run.experiment_name}</Link> v{run.experiment_version} · point {run.point_index + 1}, repetition{" "}
            {run.repetition + 1}
            {params && ` · ${params}`} · lab {run.lab_name ?? "deleted"}
            {run.schedule && (
              <>
                {" "}
                · launched by the schedule <Link to={`/experiments/${run.experiment_id}#schedules-title`}>{run.schedule.name}</Link>
              </>
            )}
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
            {finished && (
              <button
                type="button"
                data-testid="export-report"
                onClick={() =>
                  page.current && downloadReport(page.current, `haplab: run ${run.id} of ${run.experiment_name}`, `haplab-run-${run.id}.html`, params || undefined)
                }
              >
                Report (HTML)
              </button>
            )}
            {canCancel && (
              <button type="button" className="danger" onClick={() => setConfirmCancel(true)}>
                Cancel run
              </button>
            )}
          </>
        }
      />
      {cancel.isError && <ErrorState compact error={cancel.error} />}
      <ProbeNotice run={run} />
      {finished && (
        // The answer first: the figures, then what bounded the run with its evidence, on the
        // first screen; how it ran (stages, sweep) in one line under them.
        <>
          <div data-report="The answer">
            <RunHeadline run={run} registry={registry} checks={run.thresholds ? <ThresholdChecks report={run.thresholds} /> : undefined} />
          </div>
          <RunVerdict verdict={run.summary?.verdict} />
        </>
      )}
      <RunProgress key={run.id} run={{ ...run, state }} since={since} stoppedIn={finished ? stoppedIn(run, live.lastActiveState) : null} launchRuns={launchRuns} />
      {finished && <RunChanges runId={run.id} />}
      {finished && <BaselineCard run={run} canEdit={hasRole(session, "editor")} />}
      {finished && pointRules && !launchEnded && (
        <p className="muted small" data-testid="point-thresholds-pending">
          Rules judged per sweep point wait for every run of this launch to end.
        </p>
      )}
      {verdictQuery.isError && <ErrorState compact error={verdictQuery.error} onRetry={() => void verdictQuery.refetch()} />}
      {finished && verdictQuery.data && verdictQuery.data.point_thresholds.length > 0 && (
        <PointChecks launch={verdictQuery.data} pointIndex={run.point_index} />
      )}
      {beforeSampling ? (
        // Nothing can be sampled before the warm-up: one line instead of six empty charts.
        <p className="muted small charts-waiting" data-testid="charts-waiting">
          {state === "queued" ? "The live charts start with the run's warm-up, once it leaves the queue." : "The live charts start with the warm-up, once the lab is configured."}
        </p>
      ) : (
        <>
          {!finished && (
            // Once over, the stage line above says so: no "Finished" beside the charts.
            <p className="muted small" data-testid="live-status">
              {live.connected ? "Live" : "Connecting…"} · {sampleCount(live.store)} samples
            </p>
          )}
          <LiveCharts
            runId={run.id}
            store={live.store}
            version={live.version}
            latency={run.summary?.total.latency}
            finished={finished}
            seconds={(run.spec.load.warmup_s ?? 0) + (run.spec.load.duration_s ?? 0)}
            spec={run.spec}
            clientErrors={run.summary?.total.errors?.total ?? null}
          />
        </>
      )}
      {finished && <RequestTimers runId={run.id} seconds={(run.spec.load.warmup_s ?? 0) + (run.spec.load.duration_s ?? 0)} />}
      {finished && <RunResults run={run} />}
      <RunNotes runId={run.id} />
      {(canCancel || confirmCancel) && (
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
      )}
    </div>
  );
}
