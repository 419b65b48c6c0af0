// One experiment: what it is, its versions and runs, the latest launch's sweep analysis (knee,
// recommended maxconn) or, for a launch that searched capacity, its answers and knee curve; its
// baselines and schedules, and the ways on (edit, launch, clone, delete).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";

import { hasRole, useSession } from "../../auth/useSession";
import { experimentsGetExperimentOptions, experimentsListVersionsOptions } from "../../client/@tanstack/react-query.gen";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorState } from "../../components/ErrorState";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { dateTime, duration } from "../../format/time";
import { estimateSweep } from "../designer/sweepEstimate";
import { CloneDialog } from "./CloneDialog";
import { StateBadge } from "../../components/StateBadge";
import { SweepAnalysisCard } from "./SweepAnalysisCard";
import { BaselinesCard } from "./BaselinesCard";
import { SchedulesCard } from "./SchedulesCard";
import { useExperimentActions } from "./useExperimentActions";
import { CapacityCard } from "../capacity/CapacityCard";
import { useLatestLaunch } from "../capacity/useLaunchCapacity";

export default function ExperimentPage() {
  const id = Number(useParams().experimentId);
  const path = { experiment_id: id };
  const { session } = useSession();
  const canEdit = hasRole(session, "editor");
  const experiment = useQuery(experimentsGetExperimentOptions({ path }));
  const versions = useQuery(experimentsListVersionsOptions({ path }));
  const { remove } = useExperimentActions();
  const navigate = useNavigate();
  const [cloning, setCloning] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // A launch that searched capacity is answered by its searches: the knee curve of capacity
  // replaces the sweep analysis (whose knee, read from probe runs, would contradict it).
  const latest = useLatestLaunch(id);
  const capacity = latest.data?.capacity;

  if (experiment.isPending) return <LoadingState label="Loading experiment" rows={5} />;
  if (experiment.error) return <ErrorState error={experiment.error} />;
  const e = experiment.data;
  const estimate = estimateSweep(e.spec);
  const axes = e.spec.sweep?.axes ?? [];

  // The answer first, once a launch has one (capacity per point, or the sweep read as a whole);
  // before any run it is an empty state, which goes below the summary.
  const launched = (e.run_counts.total ?? 0) > 0;
  const answer = (
    <>
      {latest.isError && <ErrorState error={latest.error} compact onRetry={() => void latest.refetch()} />}
      {capacity && latest.data ? (
        <CapacityCard capacity={capacity} launchId={latest.data.id} />
      ) : e.spec.search && latest.isLoading ? (
        <LoadingState label="Reading the latest launch's searches" rows={3} />
      ) : (
        <SweepAnalysisCard experimentId={e.id} active={(e.run_counts.queued ?? 0) + (e.run_counts.active ?? 0) > 0} />
      )}
    </>
  );
  return (
    <>
      <PageHeader
        title={e.name}
        description={e.description || undefined}
        actions={
          <>
            <Link className="button" to={`/history?experiment=${e.id}`}>Runs ({e.run_counts.total})</Link>
            {canEdit && <button type="button" onClick={() => setCloning(true)}>Clone</button>}
            {canEdit && <button type="button" onClick={() => setDeleting(true)}>Delete</button>}
            {canEdit && <Link className="button primary" to={`/experiments/${e.id}/edit`}>Edit & launch</Link>}
          </>
        }
      />
      {launched && answer}
      <div className="grid-2">
        <section className="card">
          <h2>Summary</h2>
          <p>
            {e.tags.map((t) => <span key={t} className="badge" style={{ marginRight: 4 }}>{t}</span>)}
          </p>
          <p>Owner: {e.owner?.name || e.owner?.email || "—"} · version {e.latest_version} · updated {dateTime(e.updated_at)}</p>
          <p>Last result: <StateBadge state={e.last_run_state} /></p>
          <p>
            Runs: {e.run_counts.total} ({e.run_counts.succeeded} succeeded, {e.run_counts.partial ?? 0} partial, {e.run_counts.failed} failed, {(e.run_counts.queued ?? 0) + (e.run_counts.active ?? 0)} queued or active)
          </p>
          <p>
            A launch: {estimate.upTo ? "up to " : ""}
            <strong>{estimate.runs}</strong> {estimate.upTo ? "probe runs (a capacity search per point)" : "runs"}, {estimate.upTo ? "at most" : "about"} {duration(estimate.totalSeconds)}; driver {e.spec.load.driver}, {e.spec.load.connections ?? 50} connections.
          </p>
          {axes.length > 0 && (
            <ul>
              {axes.map((a) => (
                <li key={a.path}>
                  <code>{a.label || a.path}</code>: {a.values.map(String).join(", ")}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card">
          <h2>Versions</h2>
          {versions.isPending && <LoadingState rows={3} />}
          {versions.error && <ErrorState error={versions.error} compact />}
          {versions.data && (
            <table className="table">
              <thead><tr><th>Version</th><th>Created</th><th>Note</th></tr></thead>
              <tbody>
                {versions.data.map((v) => (
                  <tr key={v.version}><td>{v.version}</td><td>{dateTime(v.created_at)}</td><td className="muted">{v.note}</td></tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
      {!launched && answer}
      <BaselinesCard experimentId={e.id} canEdit={canEdit} />
      <SchedulesCard experimentId={e.id} canEdit={canEdit} />
      <CloneDialog source={cloning ? e : null} onClose={() => setCloning(false)} />
      <ConfirmDialog
        open={deleting}
        title={`Delete ${e.name}?`}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => remove.mutate({ path }, { onSuccess: () => void navigate("/experiments", { replace: true }), onSettled: () => setDeleting(false) })}
      >
        Its versions, runs and samples ({e.run_counts.total} runs) are deleted too. This cannot be undone.
      </ConfirmDialog>
      {remove.error && <ErrorState error={remove.error} compact />}
    </>
  );
}
