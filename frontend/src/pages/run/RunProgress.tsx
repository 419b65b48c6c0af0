// Where the run is, truthfully in time (progress.ts): while queued, its place on the lab and when it
// should start (RunDetail.queue); then a bar per phase with the current one highlighted and the
// load's time left, which reaches 0 exactly when the load ends ("collecting results" after that);
// once over, one line: how it ended, when, why, and how long each stage took (the bars are gone,
// a finished run's page leads with its answer). A sweep adds "run k of n" and the launch's time left.
// It ticks on its own clock twice a second, so bars move between server updates.
import { useEffect, useState } from "react";
import { Link } from "react-router";

import type { RunDetail, RunSlim } from "../../client/types.gen";
import { fmtNum } from "../../components/keyFigures";
import { OutcomeBadge } from "../../components/OutcomeBadge";
import { dateTime, duration } from "../../format/time";
import { RUN_OVERHEAD_S } from "../designer/sweepEstimate";
import { ceilSeconds, liveProgress, PHASE_LABELS, plannedSeconds, stageSeconds, stageTimes, sweepProgress, type PhaseView } from "./progress";
import { STOPPED, TERMINAL, type Phase } from "../../runs/states";
import "./runPage.css";

const TICK_MS = 500;

/** A determinate bar for a known fraction; an indeterminate one (no aria-valuenow) for null. */
export function ProgressBar({ fraction, label, valueText }: { fraction: number | null; label: string; valueText?: string }) {
  if (fraction === null)
    return (
      <div className="progress indeterminate" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuetext={valueText ?? "in progress"}>
        <div className="progress-fill" />
      </div>
    );
  const pct = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-valuetext={valueText}>
      {/* Nothing done is no fill at all, so no transition can leave a stale width showing. */}
      {pct > 0 && <div className="progress-fill" style={{ width: `${pct}%` }} />}
    </div>
  );
}

function useClock(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}

const clock = (ms: number) => new Date(ms).toLocaleTimeString();

const STATUS_TEXT: Record<PhaseView["status"], string> = {
  done: "done",
  current: "in progress",
  pending: "waiting",
  stopped: "stopped here",
  "not-reached": "not reached",
};

function phaseStatus(v: PhaseView): string {
  // A phase past its planned end (warming's start lead, a slow machine) is ending, not "0 s left".
  if (v.status === "current" && v.remaining != null) return ceilSeconds(v.remaining) > 0 ? `${duration(ceilSeconds(v.remaining))} left` : "ending";
  return STATUS_TEXT[v.status];
}

function Phases({ phases, current }: { phases: PhaseView[]; current: Phase | null }) {
  return (
    <ol className="phase-list">
      {phases.map((v) => {
        const isCurrent = v.phase === current;
        return (
          <li key={v.phase} className={`phase phase-${v.status}${isCurrent ? " current" : ""}`} aria-current={isCurrent ? "step" : undefined} data-phase={v.phase} data-status={v.status}>
            <span className="phase-name">
              <span className="phase-mark" aria-hidden="true" />
              {PHASE_LABELS[v.phase]}
            </span>
            <ProgressBar fraction={v.status === "pending" || v.status === "not-reached" ? 0 : v.status === "stopped" ? 1 : v.fraction} label={PHASE_LABELS[v.phase]} valueText={phaseStatus(v)} />
            <span className="phase-status small">{phaseStatus(v)}</span>
          </li>
        );
      })}
    </ol>
  );
}

function QueueBlock({ run, now }: { run: RunDetail; now: number }) {
  const q = run.queue;
  if (!q) return null;
  const startsIn = (Date.parse(q.expected_start_at) - now) / 1000;
  return (
    <div className="queue-block" data-testid="queue-position">
      <p className="queue-lead">
        <strong>Queued</strong> on {run.lab_name ?? "its lab"}: <strong>position {q.position}</strong>
        {q.runs_ahead === 0
          ? ", next to start"
          : ` · ${q.runs_ahead} ${q.runs_ahead === 1 ? "run" : "runs"} ahead`}
        {q.active_run_id != null && (
          <>
            {" "}
            (<Link to={`/runs/${q.active_run_id}`}>run #{q.active_run_id}</Link> holds the lab)
          </>
        )}
      </p>
      <p className="small">
        Expected start{" "}
        <strong>{startsIn > 1 ? `at ${clock(Date.parse(q.expected_start_at))}, in about ${duration(startsIn)}` : "any moment now"}</strong>
        <span className="muted">
          {" "}
          — estimated as warm-up + duration + {fmtNum(run.overhead_s ?? RUN_OVERHEAD_S, 1)} s of orchestration per run ahead (the median of this lab&apos;s recent runs; {RUN_OVERHEAD_S} s before it has any)
        </span>
      </p>
    </div>
  );
}

const ENDED: Partial<Record<RunDetail["state"], string>> = {
  succeeded: "Succeeded",
  partial: "Partial: the load did not cover its whole window",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** An ended run in one line: how it ended, when, and how long each stage took. */
function EndState({ run, stoppedIn }: { run: RunDetail; stoppedIn: Phase | null }) {
  const where = STOPPED.has(run.state) ? (stoppedIn ? `while ${PHASE_LABELS[stoppedIn].toLowerCase()}` : "before it left the queue") : null;
  // The run's one verdict: a succeeded run whose rules failed is not green.
  const rulesFailed = run.outcome.kind === "rules_failed";
  const tone = rulesFailed ? "warn" : run.state === "succeeded" ? "ok" : run.state === "failed" ? "bad" : "warn";
  const said = rulesFailed ? run.outcome.label.charAt(0).toUpperCase() + run.outcome.label.slice(1) : (ENDED[run.state] ?? run.state);
  const { total, stages } = stageTimes(run);
  return (
    <div className={`end-state tone-${tone}`} data-testid="run-end-state" data-state={run.state} role="status">
      <p>
        <OutcomeBadge state={run.state} outcome={run.outcome} /> <strong>{said}</strong>
        {where && ` ${where}`}
        {run.finished_at && (
          <>
            {" "}
            at <time dateTime={run.finished_at}>{dateTime(run.finished_at)}</time>
          </>
        )}
        {total != null && (
          <span data-testid="stage-times">
            {" "}
            · finished in {stageSeconds(total)}
            {stages.length > 0 && `: ${stages.map((t) => `${t.label} ${stageSeconds(t.seconds)}`).join(", ")}`}
          </span>
        )}
      </p>
      {run.error && <p className="end-reason">{run.error}</p>}
      {run.state === "cancelled" && !run.error && run.cancel_requested_at && <p className="end-reason small">Cancelled on request at {dateTime(run.cancel_requested_at)}.</p>}
    </div>
  );
}

function SweepBlock({ run, launchRuns, now }: { run: RunDetail; launchRuns: RunSlim[]; now: number }) {
  const queued = run.queue ? { runId: run.id, startsInSeconds: (Date.parse(run.queue.expected_start_at) - now) / 1000 } : undefined;
  const s = sweepProgress(launchRuns, plannedSeconds(run.spec), run.overhead_s ?? RUN_OVERHEAD_S, now, queued);
  const finishedText = `${s.done} of ${s.total} runs finished${s.failed ? ` (${s.failed} failed)` : ""}`;
  const text =
    s.done === s.total
      ? `All ${finishedText}`
      : `${s.waiting ? "Waiting for the lab" : `Run ${s.current} of ${s.total}`} · ${finishedText} · ${s.remainingSeconds >= 1 ? `about ${duration(s.remainingSeconds)} left for the sweep` : "finishing (past its estimate)"}`;
  return (
    <div className="sweep-block" data-testid="sweep-progress">
      {s.done < s.total && (
        <div className="progress-row">
          <span className="progress-label">Sweep</span>
          <ProgressBar fraction={s.fraction} label="Sweep progress" valueText={text} />
        </div>
      )}
      <p className="small sweep-text">
        {s.done === s.total && <span className="progress-label">Sweep: </span>}
        {text}
      </p>
      <nav className="row small run-links" aria-label="Runs of this sweep">
        {launchRuns.map((r) => (
          <Link key={r.id} to={`/runs/${r.id}`} aria-current={r.id === run.id ? "page" : undefined}>
            #{r.id} <OutcomeBadge state={r.state} outcome={r.outcome} />
          </Link>
        ))}
      </nav>
    </div>
  );
}

export function RunProgress({ run, since, stoppedIn, launchRuns }: {
  /** The run, its state already the freshest one (the live stream's when ahead of the detail). */
  run: RunDetail;
  /** When the run entered that state, ms since the epoch; null when unknown. */
  since: number | null;
  stoppedIn: Phase | null;
  launchRuns: RunSlim[] | undefined;
}) {
  const finished = TERMINAL.has(run.state);
  const sweepActive = launchRuns != null && launchRuns.some((r) => !TERMINAL.has(r.state));
  const now = useClock(!finished || sweepActive);
  const p = liveProgress({ state: run.state, since, spec: run.spec, stoppedIn }, now);
  const lead =
    run.state === "queued"
      ? null
      : p.current === "collecting"
        ? "The load has ended: collecting results"
        : p.loadLeft != null
          ? `${PHASE_LABELS[p.current ?? "running"]} · the load ends in ${duration(ceilSeconds(p.loadLeft))} (${duration(plannedSeconds(run.spec))} planned: ${run.spec.load.warmup_s ?? 0} s warm-up + ${run.spec.load.duration_s ?? 0} s measured)`
          : run.state === "preparing"
            ? "Preparing the lab: agents, targets, HAProxy's configuration"
            : null;
  return (
    <section className={`card progress-card${finished ? " ended" : ""}`} aria-label="Progress">
      {run.state === "queued" && <QueueBlock run={run} now={now} />}
      {finished ? (
        // Once over, the stages are history: one line with their times instead of four full bars.
        <EndState run={run} stoppedIn={stoppedIn} />
      ) : (
        <div className="phase-progress" data-testid="phase-progress" data-current={p.current ?? ""}>
          {lead && <p className="phase-lead">{lead}</p>}
          <Phases phases={p.phases} current={p.current} />
        </div>
      )}
      {launchRuns && launchRuns.length > 1 && <SweepBlock run={run} launchRuns={launchRuns} now={now} />}
    </section>
  );
}
